# Shared by the tests of the Windows engine: Wine with a private prefix under the build folder
# ($build, set by the caller, as is fail()), made once however many tests start at the same time.
# The first start of a prefix takes about twenty seconds; later ones a fraction of a second.
WINE=${WINE:-/usr/lib/wine/wine64}
export WINEPREFIX="$build/wine" WINEDEBUG=-all
# No Mono or Gecko installer: a console brain needs neither.
export WINEDLLOVERRIDES="mscoree,mshtml="

wine_ready() {
  [ -x "$WINE" ] || fail "no $WINE: scripts/deps.sh installs wine64"
  mkdir -p "$WINEPREFIX"
  # The wineserver writes the registry to disk later: a mark of our own says the prefix is made.
  (
    flock 9
    [ -f "$WINEPREFIX/.made" ] || { "$WINE" wineboot --init > /dev/null 2>&1 && touch "$WINEPREFIX/.made"; }
  ) 9> "$build/wine.lock"
  [ -f "$WINEPREFIX/.made" ] || fail "Wine could not make its prefix in $WINEPREFIX"
}

# The Windows engine the tests run: the generic build of `make windows` unless given.
windows_exe() {
  exe=${1:-$src/build-win64/pbrain-tilestone64.exe}
  [ -f "$exe" ] || fail "no $exe: \`make windows\` builds it (\`make test\` does first)"
}
