#!/bin/sh
# bench-bwdsp.sh BWDSPRUN [OPTS]: the BWDSP vector-kernel benchmark (issue 11).
# Each kernel of tests/exec/c/vk_*.c is compiled (clang for mipsel, then
# lltosimd -march=bwdsp) and run on the simulator with -func-stats; per
# kernel function it prints the static code (bundles, slots = instructions
# placed, SIMD instructions, resource bound) and what ran (bundles,
# cycles, slots, SIMD instructions, resource bound), the fill (slots per
# bundle run) and cycles over the bound.
#
# Resource bound: for each §2.4 resource (ALU/MUL/SHF/SPU and transfer
# slot of each macro, 2 loads, 2 stores, one write per U/V/W family, one
# control instruction, 16 slots), the uses divided by the per-bundle
# capacity; the bound is the largest, the busiest resource in parentheses.
# "static" counts the function's code once; "ran" weights every bundle by
# how often it ran, so cycles/bound says how far the schedule is from what
# the busiest unit alone needs (1.00 = resource-bound).
set -e
run=${1:?usage: bench-bwdsp.sh BWDSPRUN [OPTS]}
opts=${2:-O0 O2}
dir=$(dirname "$0")/../tests/exec/c
kernels='^(saxpy|dotf|doti|firf|firi|matmulf|matmuli|cmul|cmul2|clampi|clampf|absdiff|histogram|histogram2|prefix|prefixf)$'
printf '%-12s %-3s | %7s %5s %4s %-14s | %7s %7s %7s %6s %-16s | %5s %6s\n' \
	kernel opt bundles slots simd bound ran cycles slots simd bound fill cyc/bnd
for opt in $opts; do
	for f in "$dir"/vk_*.c; do
		"$run" -"$opt" -func-stats "$kernels" "$f" 2>&1 >/dev/null | grep '^func ' |
			sed 's/[:;()]//g' | awk -v opt="$opt" '{
				# func NAME static bundles B slots S simd V bound N UNIT ran bundles B slots ... 
				printf "%-12s %-3s | %7d %5d %4d %4d %-9s | %7d %7d %7d %6d %6d %-9s | %5.2f %6.2f\n",
					$2, opt, $5, $7, $9, $11, $12, $15, $17, $19, $21, $23, $24, $19/$15, $17/$23 }'
	done
done
