#!/usr/bin/env bash
# run-c.sh: compile one C file for Cpu0 and run it on the simulator.
#
#   scripts/run-c.sh prog.c [-march=cpu0|cpu0el] [-mcpu=cpu032I|cpu032II] [-O0..3]
#
# Needs `make build runtime` first. The C file may use the printf/putchar/
# C library declared in runtime/include. Prints the program's
# output; the exit status is main's return value. Keeps the .ll and .s files
# in build/run/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
src=${1:?usage: run-c.sh prog.c [-march=..] [-mcpu=..] [-O..]}
shift
march=cpu0el mcpu=cpu032II opt=O2
for a in "$@"; do
  case $a in
  -march=*) march=${a#-march=} ;;
  -mcpu=*) mcpu=${a#-mcpu=} ;;
  -O?) opt=${a#-} ;;
  *) echo "run-c.sh: unknown option $a" >&2; exit 2 ;;
  esac
done
case $march in
cpu0) triple=mips-unknown-linux-gnu el= ;;
cpu0el) triple=mipsel-unknown-linux-gnu el=-el ;;
*) echo "run-c.sh: bad -march=$march" >&2; exit 2 ;;
esac
rt=$root/build/rt/$march-$mcpu
[ -d "$rt" ] || { echo "run-c.sh: $rt missing; run 'make runtime'" >&2; exit 2; }
out=$root/build/run
mkdir -p "$out"
name=$(basename "$src" .c)
"${CLANG:-clang-14}" --target=$triple -"$opt" -ffreestanding -fno-builtin -nostdlibinc \
  -I "$root/runtime/include" -S -emit-llvm "$src" -o "$out/$name.ll"
"$root/bin/lltosimd" -march=$march -mcpu=$mcpu -"$opt" "$out/$name.ll" -o "$out/$name.s"
exec "$root/bin/cpu0sim" -mcpu=$mcpu $el "$out/$name.s" "$rt"/*.s
