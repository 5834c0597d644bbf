#!/usr/bin/env bash
# The installed tilestone runs from its own files: `cmake --install` into a temporary DESTDIR
# with the prefix /usr (as the Debian package lays it out), then, with no environment variable
# and from a folder outside the sources, a 2048 hint over the network it finds in
# /usr/share/tilestone, a Gomoku hint and brain with the Gomoku network found there, a Gomoku
# move from pbrain-tilestone, and `tilestone serve` answering
# HTTP requests. The network it loads is the installed one: a broken copy there is refused by
# name. The manual pages are installed when help2man made them.
set -u
source "$(dirname "$0")/lib/serve.sh"
bin=$1 src=$2 build=$3
tmp=$(mktemp -d)
trap 'kill $pid 2> /dev/null; rm -rf "$tmp"' EXIT
pid=
fail=0
check() {
  local name=$1; shift
  if "$@"; then echo "ok   $name"; else echo "FAIL $name"; fail=1; fi
}

root=$tmp/root
DESTDIR=$root cmake --install "$build" --prefix /usr > "$tmp/install.log" 2>&1 \
  || { echo "FAIL cmake --install:"; cat "$tmp/install.log"; exit 1; }
T=$root/usr/bin/tilestone
B=$root/usr/bin/pbrain-tilestone
for f in bin/tilestone bin/pbrain-tilestone share/tilestone/ntuple.tsn share/tilestone/ntuple-train.csv \
         share/tilestone/gomoku-freestyle.tsnet share/tilestone/gomoku-standard.tsnet \
         share/tilestone/gomoku-renju.tsnet share/doc/tilestone/copyright \
         share/doc/tilestone/cli.md; do
  check "installed: $f" test -s "$root/usr/$f"
done
if command -v help2man > /dev/null; then
  for f in tilestone pbrain-tilestone; do
    check "manual page $f(1)" bash -c "zcat '$root/usr/share/man/man1/$f.1.gz' | grep -q '^\.TH'"
  done
  check "tilestone(1) holds every command's help" bash -c "zcat '$root/usr/share/man/man1/tilestone.1.gz' | grep -q 'tilestone gomoku hint'"
fi

# Nothing from the environment or the working folder: the installed files alone.
run() { (cd "$tmp" && exec env -u TILESTONE_NTUPLE -u TILESTONE_GOMOKU_NETWORKS -u TILESTONE_DB HOME="$tmp/home" XDG_DATA_HOME="$tmp/xdg" "$@"); }

# A 2048 hint by the ntuple AI needs the network: found in <prefix>/share/tilestone.
run "$T" 2048 hint --board "2,4,8,16/0,2,0,4/0,0,0,2/0,0,2,128" --ai ntuple --json > "$tmp/hint.json" 2> "$tmp/hint.err"
check "2048 hint from the installed network" python3 -c "
import json, sys; d = json.load(open(sys.argv[1])); assert d['move'] in ('up', 'down', 'left', 'right') and d['moves'][0]['expected_score'] is not None, d
" "$tmp/hint.json"

# pbrain-tilestone: a Gomocup session.
out=$(printf 'START 15\r\nINFO timeout_turn 300\r\nBEGIN\r\nTURN 8,8\r\nEND\r\n' | run timeout 20 "$B")
check "pbrain-tilestone answers START and BEGIN" test "$(echo "$out" | tr -d '\r' | head -2 | paste -sd' ')" = "OK 7,7"
check "pbrain-tilestone answers TURN" bash -c "echo '$out' | tr -d '\r' | sed -n 3p | grep -qE '^[0-9]+,[0-9]+$'"

# The shipped Gomoku network, found in <prefix>/share/tilestone by the app and the brain.
run "$T" gomoku hint --eval network --moves h8 --depth 2 --json > "$tmp/ghint.json" 2> "$tmp/ghint.err"
check "a Gomoku hint with the installed network" grep -q '"eval": "network"' "$tmp/ghint.json"
out=$(printf 'INFO max_depth 2\r\nSTART 15\r\nBEGIN\r\nEND\r\n' | run timeout 20 "$B" --eval network)
check "pbrain-tilestone --eval network takes the installed network" bash -c "echo '$out' | grep -q 'MESSAGE evaluation: network for freestyle'"
run "$T" gomoku hint --eval network --rule renju --moves h8 --depth 2 --json > "$tmp/rhint.json" 2> "$tmp/rhint.err"
check "a renju hint with the installed renju network" grep -q '"eval": "network"' "$tmp/rhint.json"
out=$(printf 'INFO max_depth 2\r\nINFO rule 4\r\nSTART 15\r\nBEGIN\r\nEND\r\n' | run timeout 20 "$B" --eval network)
check "pbrain-tilestone under renju takes the installed renju network" bash -c "echo '$out' | grep -q 'MESSAGE evaluation: network for renju'"
out=$(printf 'INFO max_depth 2\r\nINFO rule 1\r\nSTART 15\r\nBEGIN\r\nEND\r\n' | run timeout 20 "$B" --eval network)
check "pbrain-tilestone under standard takes the installed standard network" bash -c "echo '$out' | grep -q 'MESSAGE evaluation: network for standard'"

# tilestone serve: the web app and the API, from the program alone.
# (In a subshell that becomes the server, so that $! is the server's own process.)
(cd "$tmp" && exec env -u TILESTONE_NTUPLE -u TILESTONE_DB HOME="$tmp/home" "$T" serve --port 0 --no-db) > "$tmp/serve.log" 2>&1 &
pid=$!
url=$(served_url "$tmp/serve.log")
check "serve starts" test -n "$url"
python3 - "$url" > "$tmp/http.log" 2>&1 <<'PY'
import json, sys, urllib.request
url = sys.argv[1].rstrip("/")
page = urllib.request.urlopen(url + "/", timeout=30).read().decode()
assert "<html" in page.lower(), page[:200]
body = json.dumps({"board": "2,4,8,16/0,2,0,4/0,0,0,2/0,0,2,128", "ai": "ntuple"}).encode()
req = urllib.request.Request(url + "/api/2048/analyze", body, {"Content-Type": "application/json"})
answer = json.load(urllib.request.urlopen(req, timeout=30))
assert answer["best"] in ("up", "down", "left", "right"), answer
print("ok")
PY
check "serve answers / and a 2048 analyze by the installed network" grep -q "^ok" "$tmp/http.log"
[ "$fail" = 0 ] || cat "$tmp/http.log"
kill -TERM "$pid"
wait "$pid"
check "serve stops on SIGTERM with status 0" test $? = 0
pid=

# The network loaded is the installed one: a broken copy there is refused, and named.
head -c 1000 "$root/usr/share/tilestone/ntuple.tsn" > "$tmp/short" && mv "$tmp/short" "$root/usr/share/tilestone/ntuple.tsn"
run "$T" 2048 hint --board "2,4,8,16/0,2,0,4/0,0,0,2/0,0,2,128" --ai ntuple > /dev/null 2> "$tmp/broken.err"
check "a broken installed network: exit status 1" test $? = 1
check "the installed network is named" grep -q "$root/usr/share/tilestone/ntuple.tsn" "$tmp/broken.err"

[ -n "$bin" ] && [ -n "$src" ] || fail=1
exit $fail
