#!/usr/bin/env bash
# check-corpus.sh: check the execution corpus itself, without lltosimd.
#
# For each tests/exec/c/*.c: compile for the host with clang-14 at -O0 and
# -O2, run both under lli and require identical stdout and exit status; then
# build it natively with -fsanitize=undefined,address and require the same
# result again with no sanitizer report. Programs must be UB-free, because
# lli's answer is the oracle for the simulator runs.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
clang=${CLANG:-clang-14}
lli=${LLI:-lli}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cflags=(-ffreestanding -fno-builtin -nostdlibinc -I "$root/runtime/include" -w)
fail=0
for src in "${@:-$root/tests/exec/c/*.c}"; do
  for src1 in $src; do
    name=$(basename "$src1" .c)
    for opt in O0 O2; do
      "$clang" "${cflags[@]}" -"$opt" -S -emit-llvm "$src1" -o "$work/$name.$opt.ll"
      set +e
      timeout 60 "$lli" "$work/$name.$opt.ll" >"$work/$name.$opt.out" 2>"$work/$name.$opt.err"
      echo $? >"$work/$name.$opt.rc"
      set -e
    done
    "$clang" "${cflags[@]}" -O1 -g -fsanitize=undefined,address -fno-sanitize-recover=all \
      "$src1" -o "$work/$name.san"
    set +e
    timeout 60 "$work/$name.san" >"$work/$name.san.out" 2>"$work/$name.san.err"
    echo $? >"$work/$name.san.rc"
    set -e
    if ! cmp -s "$work/$name.O0.out" "$work/$name.O2.out" ||
      ! cmp -s "$work/$name.O0.rc" "$work/$name.O2.rc" ||
      ! cmp -s "$work/$name.O0.out" "$work/$name.san.out" ||
      ! cmp -s "$work/$name.O0.rc" "$work/$name.san.rc" || [ -s "$work/$name.san.err" ]; then
      echo "FAIL $name: rc O0=$(cat "$work/$name.O0.rc") O2=$(cat "$work/$name.O2.rc") san=$(cat "$work/$name.san.rc")"
      diff "$work/$name.O0.out" "$work/$name.O2.out" | head -5 || true
      head -5 "$work/$name.san.err"
      fail=1
    else
      echo "ok   $name (exit $(cat "$work/$name.O0.rc"), $(wc -l <"$work/$name.O0.out") lines)"
    fi
  done
done
exit $fail
