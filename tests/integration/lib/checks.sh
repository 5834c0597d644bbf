# Shared by the integration scripts: `check NAME CONDITION...` and `expect_status WANT args...`
# run "$bin" (set by the caller, as are $tmp and fail=0) and print ok/FAIL lines, setting fail=1.
# Exit statuses (tilestone help): 0 success, 1 a command that failed, 2 a wrong command line, 130 a
# long run stopped by a signal after saving what it did;
# failures and stops say why on standard error.
check() {  # check NAME CONDITION...
  local name=$1; shift
  if "$@"; then echo "ok   $name"; else echo "FAIL $name"; fail=1; fi
}
expect_status() {  # expect_status WANT args...
  local want=$1; shift
  "$bin" "$@" > "$tmp/out" 2> "$tmp/err"
  local got=$?
  if [ "$got" != "$want" ]; then
    echo "FAIL exit $got (want $want): tilestone $*"; cat "$tmp/err"; fail=1; return
  fi
  if [ "$want" != 0 ] && ! [ -s "$tmp/err" ]; then
    echo "FAIL no message: tilestone $*"; fail=1; return
  fi
  echo "ok   exit $want: tilestone $*"
}
