#!/bin/sh
# vc4-codestats.sh: static code statistics of the VC4 corpus (tests/vc4/kernels)
# at -O0 and -O2: per kernel the emitted QPU instructions, the nops among
# them (instructions with no ALU operation, no signal, no branch and no ldi),
# the instructions that issue both an add-ALU and a mul-ALU operation
# (pairs), and whether the kernel has mul-ALU work at all (fmul, mul24, v8…).
# The last lines are the totals with nop % and pair %.
#
#   scripts/vc4-codestats.sh [LLTOSIMD [KERNEL.cl...]]
#
# LLTOSIMD (default: built from this tree) compiles the kernels, so an older
# compiler can be measured on the same kernels (spir IR from clang-14, as
# tests/vc4 makes it; host-triple kernels without --target); the words are
# decoded by this tree's vc4sim -d, so every compiler is counted alike.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/" ./cmd/vc4sim ./cmd/lltosimd)
cc=${1:-$tmp/lltosimd}
[ $# -gt 0 ] && shift
[ $# -eq 0 ] && set -- "$root"/tests/vc4/kernels/*.cl
CLANG=${CLANG:-clang-14}
printf '%-34s %3s %7s %6s %6s %4s\n' kernel opt instrs nops pairs mul
for k in "$@"; do
	name=$(basename "$k" .cl)
	target=--target=spir
	grep -q '^// VC4:.*triple=host' "$k" && target=
	for opt in O0 O2; do
		ll=$tmp/$name.$opt.ll
		# shellcheck disable=SC2086 # $target is one word or none
		if ! "$CLANG" -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -ffp-contract=off \
			-S -emit-llvm -"$opt" $target "$k" -o "$ll" 2>/dev/null; then
			printf '%-34s %3s %s\n' "$name" "$opt" "clang failed"
			continue
		fi
		if ! "$cc" -march=vc4 -filetype=obj "$ll" -o "$tmp/k.bin" 2>/dev/null; then
			printf '%-34s %3s %s\n' "$name" "$opt" "not compiled"
			continue
		fi
		"$tmp/vc4sim" -raw -d "$tmp/k.bin" | sed 's,^/\*[^*]*\*/ ,,' | awk -v k="$name" -v o="$opt" '
			{ n++ }
			$0 == "nop" { nops++ }
			/(^|; )(fmul|mul24|v8adds|v8subs|v8muld|v8min|v8max)[. ]/ { mul = 1 }
			{
				m = split($0, p, "; ")
				if (m >= 2 && p[1] != "nop" && p[2] != "nop" && p[2] ~ / /) pairs++
			}
			END { printf "%-34s %3s %7d %6d %6d %4s\n", k, o, n, nops, pairs, mul ? "yes" : "no" }'
	done
done | tee "$tmp/rows"
awk '$3 ~ /^[0-9]+$/ { n += $3; z += $4; p += $5; if ($6 == "yes") { mn += $3; mp += $5 } }
	END {
		printf "total: %d instructions, %d nops (%.1f%%), %d pairs (%.1f%%)", n, z, 100*z/n, p, 100*p/n
		if (mn > 0) printf "; kernels with mul-ALU work: %d instructions, %d pairs (%.1f%%)", mn, mp, 100*mp/mn
		printf "\n"
	}' "$tmp/rows"
