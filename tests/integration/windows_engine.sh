#!/usr/bin/env bash
# The Windows engine (make windows) under Wine: it needs no DLL beyond Windows' own, reads the
# CR LF lines a Windows manager sends, answers a protocol transcript (START, INFO, BOARD,
# YXSHOWFORBID, TURN, YXBOARD, YXNBEST, TAKEBACK, RESTART, BEGIN, SWAP2BOARD, ABOUT, END) in
# CR LF lines, and plays exactly the moves of the Linux build: the searches have a fixed depth,
# so the answers are the same on every machine. The AVX2 build runs too where the CPU has AVX2.
# Usage: windows_engine.sh TILESTONE SOURCE_DIR BUILD_DIR [EXE]
set -uo pipefail
src=$(cd "$2" && pwd) build=$(cd "$3" && pwd)
fail() { echo "FAIL $*"; exit 1; }
source "$(dirname "$0")/lib/wine.sh"
native="$build/pbrain-tilestone"
[ -x "$native" ] || fail "no $native"
windows_exe "${4:-}"
exes=("$exe")
avx2="$src/build-win64-avx2/pbrain-tilestone64_avx2.exe"
cpu_flags=$(grep -m1 '^flags' /proc/cpuinfo)
if [ -z "${4:-}" ] && [ -f "$avx2" ]; then
  if [[ " $cpu_flags " == *" avx2 "* && " $cpu_flags " == *" bmi2 "* && " $cpu_flags " == *" fma "* ]]; then
    exes+=("$avx2")
  else
    echo "skip $avx2: this CPU has no AVX2"
  fi
fi
wine_ready
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Only the system's DLLs: the C and C++ runtimes and the threads are linked in.
for exe in "${exes[@]}"; do
  dlls=$(x86_64-w64-mingw32-objdump -p "$exe" | sed -n 's/^\s*DLL Name: //p' | tr '\n' ' ')
  for dll in $dlls; do
    case "${dll,,}" in
      kernel32.dll | msvcrt.dll) ;;
      *) fail "$(basename "$exe") needs $dll (imports: $dlls)" ;;
    esac
  done
  echo "ok   $(basename "$exe") imports only ${dlls% }"
done

# We are black with four stones (more than white's two), so 7,7 (a double three) is forbidden to
# us under renju; YXNBEST on a YXBOARD position; TAKEBACK of a move that is not the last is
# refused; a freestyle SWAP2BOARD with no stones proposes three.
cat > "$tmp/transcript" <<'EOF'
START 15
INFO timeout_turn 20000
INFO max_memory 350000000
INFO max_depth 6
INFO rule 4
INFO thread_num 1
BOARD
5,7,1
6,7,1
7,5,1
7,6,1
0,0,2
0,2,2
DONE
YXSHOWFORBID
TURN 10,10
YXBOARD
7,7,2
8,8,1
6,8,2
8,6,1
DONE
YXNBEST 3
TAKEBACK 3,3
RESTART
INFO rule 1
BEGIN
TURN 6,6
INFO rule 0
YXSHOWFORBID
SWAP2BOARD
DONE
ABOUT
YXHASHCLEAR
FOO
END
EOF
sed 's/$/\r/' "$tmp/transcript" > "$tmp/transcript.crlf"

# The Linux build, from LF lines and from CR LF lines: the same answers.
"$native" < "$tmp/transcript" > "$tmp/native" || fail "the Linux build exited with $?"
"$native" < "$tmp/transcript.crlf" > "$tmp/native.crlf" || fail "the Linux build exited with $? on CR LF lines"
cmp -s "$tmp/native" "$tmp/native.crlf" || fail "CR LF lines change the Linux build's answers: $(diff "$tmp/native" "$tmp/native.crlf")"
echo "ok   the Linux build reads CR LF lines"

# The answers' form (whatever moves the engine prefers).
move='[0-9]+,[0-9]+'
expect() {  # expect LINE_NUMBER REGEX WHAT
  local got
  got=$(grep -v '^MESSAGE nbest' "$tmp/native" | sed -n "$1p")
  [[ "$got" =~ ^$2$ ]] || fail "$3: '$got' (answers: $(tr '\n' '|' < "$tmp/native"))"
}
expect 1 'OK' "START"
expect 2 "$move" "BOARD"
[ "$(sed -n 2p "$tmp/native")" != "7,7" ] || fail "black played its forbidden double three"
expect 3 'FORBID ([0-9]{4})*0707([0-9]{4})*\.' "YXSHOWFORBID under renju"
expect 4 "$move" "TURN"
expect 5 "$move" "YXNBEST 3"
nbest=$(grep -c '^MESSAGE nbest [1-3] [0-9]*,[0-9]* ev -\?[0-9]* depth [0-9]*$' "$tmp/native")
[ "$nbest" -ge 1 ] && [ "$nbest" -le 3 ] || fail "YXNBEST 3 listed $nbest moves"
[ "$(sed -n 's/^MESSAGE nbest 1 \([0-9]*,[0-9]*\) .*/\1/p' "$tmp/native")" = "$(grep -v '^MESSAGE' "$tmp/native" | sed -n 5p)" ] ||
  fail "YXNBEST did not play its first move"
expect 6 'ERROR .*' "TAKEBACK of a move that is not the last"
expect 7 'OK' "RESTART"
expect 8 "$move" "BEGIN"
expect 9 "$move" "TURN after BEGIN"
expect 10 'FORBID \.' "YXSHOWFORBID under freestyle"
expect 11 "$move $move $move" "SWAP2BOARD with no stones"
expect 12 'name="tilestone", version="[^"]*", .*' "ABOUT"
expect 13 'MESSAGE hash cleared' "YXHASHCLEAR"
expect 14 'UNKNOWN .*' "an unknown command"
[ "$(grep -vc '^MESSAGE nbest' "$tmp/native")" = 14 ] || fail "END answered, or an answer is missing: $(tr '\n' '|' < "$tmp/native")"
echo "ok   the transcript's answers: $(grep -v '^MESSAGE' "$tmp/native" | tr '\n' ' ')"

# The Windows builds: CR LF in, CR LF out, the Linux build's answers. The first start of the
# Wine prefix takes a while; the test's timeout allows for it.
for exe in "${exes[@]}"; do
  name=$(basename "$exe")
  start=$(date +%s%N)
  "$WINE" "$exe" < "$tmp/transcript.crlf" > "$tmp/windows" 2> "$tmp/windows.err" || fail "$name exited with $?: $(cat "$tmp/windows.err")"
  took_ms=$(( ($(date +%s%N) - start) / 1000000 ))
  lines=$(wc -l < "$tmp/windows")
  [ "$lines" -gt 0 ] && [ "$(grep -c $'\r$' "$tmp/windows")" = "$lines" ] || fail "$name: not every line ends in CR LF"
  tr -d '\r' < "$tmp/windows" > "$tmp/windows.lf"
  cmp -s "$tmp/native" "$tmp/windows.lf" || fail "$name answers otherwise than the Linux build: $(diff "$tmp/native" "$tmp/windows.lf")"
  echo "ok   $name under Wine: $lines CR LF lines, the Linux build's answers ($took_ms ms)"
done
echo "windows engine: ok"
