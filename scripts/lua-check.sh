#!/bin/sh
# lua-check: builds the Lua 5.4 interpreter (tests/lua/onelua.c over Lua's
# own sources) for mipsel with the Cpu0 C library's headers, as a user
# would (clang-14 --target=mipsel-unknown-linux-gnu -nostdlibinc -I
# runtime/include -O<n> -S -emit-llvm, then lltosimd -O<n>), runs
# tests/lua/*.lua on the Cpu0 simulator (cpu0run; the script on standard
# input, "lua -") and a few "lua -e" command lines, and compares stdout
# and the exit status with the host's lua5.4 on the same input (the
# scripts must succeed there: a script that fails is a broken test).
#
#   scripts/lua-check.sh [script.lua...]      (default: tests/lua/*.lua)
#
# Environment: LUA_CHECK_OPTS (default "0 2"), LUA_CHECK_CFLAGS (extra
# clang flags, e.g. -DLUA_USE_POSIX for Lua's POSIX build), LUA_SRC (Lua's src/
# directory; default: fetched once with "apt-get source --download-only
# lua5.4" into $LUA_CACHE_DIR, default ~/.cache/lltosimd/lua), HOST_LUA
# (default lua5.4), MCPU (default cpu032II), CLANG (default clang-14),
# LUA_CHECK_BIN (lltosimd and cpu0run; default bin/), LUA_CHECK_WORK (the
# build and output directory; default build/lua). "--fetch" only fetches
# the source (make setup).
# Lua's error messages start with its program name (argv[0]), which is
# replaced by "lua" in both outputs; the host's stderr is merged into its
# stdout, as the simulator's console shows both.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${LUA_CHECK_BIN:-$root/bin}
opts=${LUA_CHECK_OPTS:-0 2}
mcpu=${MCPU:-cpu032II}
clang=${CLANG:-clang-14}
host_lua=${HOST_LUA:-lua5.4}
cache=${LUA_CACHE_DIR:-${LLTOSIMD_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/lltosimd}/lua}
work=${LUA_CHECK_WORK:-$root/build/lua}
mkdir -p "$work"
work=$(cd "$work" && pwd) # the runs happen in it

command -v "$host_lua" >/dev/null || { echo "lua-check: $host_lua not found (apt-get install lua5.4)"; exit 1; }
src=${LUA_SRC:-}
if [ -z "$src" ]; then
  src=$(ls -d "$cache"/lua-5.4*/src 2>/dev/null | tail -n 1 || true)
fi
if [ -z "$src" ]; then
  echo "lua-check: fetching Lua's source into $cache (apt-get source --download-only lua5.4)"
  mkdir -p "$cache"
  (cd "$cache" && apt-get source --download-only lua5.4 >/dev/null &&
    tar xzf lua5.4_*.orig.tar.gz) ||
    { echo "lua-check: cannot fetch lua5.4's source (enable deb-src, or set LUA_SRC)"; exit 1; }
  src=$(ls -d "$cache"/lua-5.4*/src | tail -n 1)
fi
[ -f "$src/lua.c" ] || { echo "lua-check: no lua.c in $src"; exit 1; }
if [ "${1:-}" = --fetch ]; then echo "lua-check: Lua's source is in $src"; exit 0; fi

if [ $# -gt 0 ]; then scripts="$*"; else scripts=$(ls "$root"/tests/lua/*.lua); fi

# Command lines run with -e (the last one reads tests/lua/stdin.input).
e1='print(1 + 1, "two", 2^0.5, 10 // 3, math.pi)'
e2='local t = {} for i = 1, 10 do t[i] = i * i end print(table.concat(t, " "))'
e3='error("failure from -e")'
e4='local a, b, c = io.read("n", "n", "n") print(a, b, c, math.type(a), math.type(b)) print(io.read("l")) print(io.read("L")) for l in io.lines() do print(#l, l:upper()) end print(io.read("l"), io.read(0))'

# norm replaces the interpreter's name at the start of Lua's messages.
norm() { sed -e "s|^$1:|lua:|" -e "s|^$1 |lua |"; }

fail=0
total=0
for o in $opts; do
  ll=$work/lua-O$o.ll
  s=$work/lua-O$o.s
  t0=$(date +%s)
  $clang --target=mipsel-unknown-linux-gnu -nostdlibinc -I "$root/runtime/include" -I "$src" \
    ${LUA_CHECK_CFLAGS:-} -O"$o" -w -S -emit-llvm "$root/tests/lua/onelua.c" -o "$ll"
  "$bin/lltosimd" -march=cpu0el -mcpu="$mcpu" -O"$o" "$ll" -o "$s"
  echo "lua-check: -O$o: built $(basename "$s") ($(wc -l <"$ll") IR lines) in $(($(date +%s) - t0))s"
  run() { # name, input file, want-status ("0", or "any"), args...
    name=$1 in=$2 status=$3
    shift 3
    total=$((total + 1))
    got=$work/$name.O$o.got
    want=$work/$name.want
    set +e
    (cd "$work" && "$bin/cpu0run" -mcpu="$mcpu" -max-steps 2000000000 "$s" "$@") <"$in" >"$got.raw" 2>"$got.err"
    gcode=$?
    (cd "$work" && TZ=UTC "$host_lua" "$@") <"$in" >"$want.raw" 2>&1
    wcode=$?
    set -e
    norm "$s" <"$got.raw" >"$got"
    norm "$host_lua" <"$want.raw" >"$want"
    if [ "$status" != any ] && [ "$wcode" != "$status" ]; then
      fail=$((fail + 1))
      echo "FAIL -O$o $name: $host_lua exits with $wcode, want $status (a broken test):"
      tail -n 3 "$want"
    elif cmp -s "$got" "$want" && [ "$gcode" = "$wcode" ]; then
      echo "PASS -O$o $name"
    else
      fail=$((fail + 1))
      echo "FAIL -O$o $name (exit $gcode, want $wcode)"
      diff "$want" "$got" | head -n 20 || true
      if [ -s "$got.err" ]; then head -n 5 "$got.err"; fi
    fi
  }
  for f in $scripts; do
    run "$(basename "$f" .lua)" "$f" 0 -
  done
  if [ $# -eq 0 ]; then
    run files-arg /dev/null 0 "$root/tests/lua/files.lua" one "two words"
    run noargs "$root/tests/lua/algorithms.lua" 0 # "lua < script": not a terminal
  fi
  run e1 /dev/null 0 -e "$e1"
  run e2 /dev/null 0 -e "$e2"
  run e3 /dev/null 1 -e "$e3"
  run e4 "$root/tests/lua/stdin.input" 0 -e "$e4"
done
echo "lua-check: $((total - fail)) of $total runs match $host_lua"
[ "$fail" = 0 ]
