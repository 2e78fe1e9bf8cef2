#!/bin/sh
# vc4-report.sh: run the VC4 execution corpus (tests/vc4) on vc4run with
# -stats and print a table per kernel run: kernel, optimisation level, header
# line (L<n>), QPU count, input kind (uniform/divergent), result (ok, WRONG =
# differs from the lli reference, error, timeout), cycles under the timing
# model, instructions, utilisation, stall cycles by cause (TMU, uniform
# cache, VPM/DMA, SFU, semaphore/mutex, thread switch), stale lane reads
# (incoherent cache model only), code size, uniform and divergent branches
# (docs/vc4.md, "Timing model").
#
#   scripts/vc4-report.sh            all kernels, every header line and QPU count
#   scripts/vc4-report.sh collatz    kernels matching a go test -run pattern
#   scripts/vc4-report.sh '(gcd|collatz)'   (alternatives need parentheses)
#   scripts/vc4-report.sh -bench     make bench-vc4: each kernel's header line
#                                    with the most waves, -O2, on 1, 4 and 12 QPUs
#
# LLTOSIMD_VC4_FLAGS passes extra vc4run flags, e.g.
#   LLTOSIMD_VC4_FLAGS=-cache-model=coherent scripts/vc4-report.sh
#
# The exit status is 1 when some run did not match its reference; the go
# test log with the details is then kept and its path printed.
set -eu
cd "$(dirname "$0")/.."
run="TestVC4"
if [ "${1:-}" = -bench ]; then
	run="TestBenchVC4"
	shift
fi
[ -n "${1:-}" ] && run="$run/$1"
out=$(mktemp)
log=$(mktemp)
status=0
go test -count=1 -timeout 60m -run "$run" ./tests/vc4 -args -vc4report="$out" >"$log" 2>&1 || status=$?
if [ -s "$out" ]; then
	cat "$out"
else
	cat "$log"
fi
rm -f "$out"
if [ "$status" -ne 0 ]; then
	echo "vc4-report: some runs failed; go test log: $log" >&2
	exit 1
fi
rm -f "$log"
