#!/bin/sh
# asm-compare.sh OLD NEW [STRESS_SEEDS]
#
# Compiles a corpus with two lltosimd binaries and reports every program
# whose Cpu0 assembly (or error message) differs: the check that a
# refactoring of the compiler (such as moving vector legalization from the
# frontend into a MIR pass) leaves Cpu0 code unchanged. The corpus: the C
# programs of tests/exec (c/ and abi/, clang-14 for mipsel at -O0 and
# -O2), tests/regress/testdata/*.ll, the lit tests with vectors, and
# llvm-stress modules (seeds 1..STRESS_SEEDS, default 100; raw and after
# opt -O2: they are full of vector code). Each input is compiled for
# cpu032I and cpu032II at -O0 and -O2 (TARGETS: the target flags to compare,
# a space-separated list, default "-mcpu=cpu032I -mcpu=cpu032II"; add
# -march=bwdsp for BWDSP). Differences are listed with a diff stat in
# $WORK/diffs (WORK defaults to a temporary directory).
set -eu
old=$1 new=$2 seeds=${3:-100}
root=$(cd "$(dirname "$0")/.." && pwd)
work=${WORK:-$(mktemp -d)}
mkdir -p "$work/ir" "$work/diffs"
clang=${CLANG:-clang-14}

for opt in O0 O2; do
	for src in "$root"/tests/exec/c/*.c "$root"/tests/exec/abi/*.c; do
		n=$(basename "$src" .c)
		$clang --target=mipsel-unknown-linux-gnu -$opt -S -emit-llvm -ffreestanding -fno-builtin \
			-nostdlibinc -I "$root/runtime/include" -w -o "$work/ir/c-$n-$opt.ll" "$src" 2>/dev/null ||
			rm -f "$work/ir/c-$n-$opt.ll"
	done
done
cp "$root"/tests/regress/testdata/*.ll "$work/ir/" 2>/dev/null || true
for f in $(grep -lE '<[0-9]+ x ' "$root"/tests/lit/*/*.ll); do
	cp "$f" "$work/ir/lit-$(basename "$f")"
done
i=1
while [ "$i" -le "$seeds" ]; do
	llvm-stress-14 -seed "$i" -size 300 -o "$work/ir/stress-$i.ll" &&
		opt-14 -O2 -S "$work/ir/stress-$i.ll" -o "$work/ir/stress-$i-O2.ll" 2>/dev/null || true
	i=$((i + 1))
done

same=0 diff=0
for ll in "$work"/ir/*.ll; do
	for tgt in ${TARGETS:--mcpu=cpu032I -mcpu=cpu032II}; do
		for opt in O0 O2; do
			b=$(basename "$ll" .ll)-${tgt#*=}-$opt
			"$old" "$tgt" -$opt "$ll" -o "$work/old.s" 2>"$work/old.err" || true
			"$new" "$tgt" -$opt "$ll" -o "$work/new.s" 2>"$work/new.err" || true
			# llir's warnings carry a time stamp: compare the messages only.
			sed -i 's|^[0-9/]* [0-9:]* ||' "$work/old.err" "$work/new.err"
			[ -f "$work/old.s" ] || : >"$work/old.s"
			[ -f "$work/new.s" ] || : >"$work/new.s"
			if cmp -s "$work/old.s" "$work/new.s" && cmp -s "$work/old.err" "$work/new.err"; then
				same=$((same + 1))
			else
				diff=$((diff + 1))
				{
					diff "$work/old.err" "$work/new.err" || true
					diff "$work/old.s" "$work/new.s" || true
				} >"$work/diffs/$b.diff"
				echo "DIFF $b: $(grep -c '^[<>]' "$work/diffs/$b.diff") lines"
			fi
			rm -f "$work/old.s" "$work/new.s"
		done
	done
done
echo "identical: $same, different: $diff (inputs and diffs in $work)"
