#!/usr/bin/env bash
# run-c.sh: compile one C file for Cpu0 and run it on the simulator. It is
# cpu0run (docs/cpu0-run.md) with run-c.sh's old argument order:
#
#   scripts/run-c.sh prog.c [-march=cpu0|cpu0el] [-mcpu=cpu032I|cpu032II] [-O0..3] [-- args...]
#
# The C file may use the C library declared in runtime/include. Prints the
# program's output; the exit status is main's return value.
# (Re)builds bin/cpu0run first, so it is never stale.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
src=${1:?usage: run-c.sh prog.c [-march=..] [-mcpu=..] [-O..] [-- args...]}
shift
opts=()
while [ $# -gt 0 ]; do
  case $1 in
  --) shift; break ;;
  -march=* | -mcpu=* | -O?) opts+=("$1"); shift ;;
  *) echo "run-c.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
(cd "$root" && "${GO:-go}" build -o bin/cpu0run ./cmd/cpu0run)
exec "$root/bin/cpu0run" "${opts[@]}" "$src" "$@"
