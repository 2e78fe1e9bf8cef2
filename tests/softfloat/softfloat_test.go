// Package softfloat checks the Cpu0 soft-float runtime
// (runtime/cpu0/softfloat.c) on the host: the same C is compiled with the
// host compiler and every entry point is compared bit for bit with the host
// FPU (x86-64 SSE, what lli computes the execution tests' references with),
// fmodf/fmod and sqrtf/sqrt with the host libm, on edge cases and random
// operands of every class. The execution suite (tests/exec) then runs the
// same code compiled by lltosimd on cpu0sim. The runtime printf's floating-point conversions
// are checked against the host C library the same way.
//
// LLTOSIMD_SOFTFLOAT_N sets the number of random operand sets per function
// (default 1000000, 100000 with -short).
package softfloat

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"lltosimd/tests/internal/testtools"
)

func TestSoftFloatOnHost(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("the reference results are those of x86-64 SSE arithmetic")
	}
	clang := testtools.Tool(t, "CLANG", "clang-14")
	n := "1000000"
	if testing.Short() {
		n = "100000"
	}
	if v := os.Getenv("LLTOSIMD_SOFTFLOAT_N"); v != "" {
		n = v
	}
	for i, opt := range []string{"-O0", "-O2"} {
		t.Run(opt, func(t *testing.T) {
			t.Parallel()
			bin := filepath.Join(t.TempDir(), "check")
			_, stderr, code, err := testtools.Run(nil, clang, opt, "-w", "-o", bin,
				filepath.Join("testdata", "check.c"), "-lm")
			if err != nil || code != 0 {
				t.Fatalf("clang testdata/check.c: exit %d %v\n%s", code, err, stderr)
			}
			// Each optimisation level gets its own random operands.
			stdout, stderr, code, err := testtools.Run(nil, bin, n, string(rune('1'+i)))
			if err != nil || code != 0 || strings.TrimSpace(stdout) != "ok" {
				t.Fatalf("check: exit %d %v\nstdout: %s\nstderr: %s", code, err, stdout, stderr)
			}
		})
	}
}

// TestPrintfFloatOnHost checks the runtime printf's %f %e %g (with widths,
// precisions and flags) against the host C library's snprintf on edge
// cases and random doubles of every class.
func TestPrintfFloatOnHost(t *testing.T) {
	clang := testtools.Tool(t, "CLANG", "clang-14")
	n := "20000"
	if testing.Short() {
		n = "3000"
	}
	for _, opt := range []string{"-O0", "-O2"} {
		t.Run(opt, func(t *testing.T) {
			t.Parallel()
			bin := filepath.Join(t.TempDir(), "printf")
			_, stderr, code, err := testtools.Run(nil, clang, opt, "-w", "-fno-builtin", "-o", bin,
				filepath.Join("testdata", "printf.c"))
			if err != nil || code != 0 {
				t.Fatalf("clang testdata/printf.c: exit %d %v\n%s", code, err, stderr)
			}
			stdout, stderr, code, err := testtools.Run(nil, bin, n)
			if err != nil || code != 0 || strings.TrimSpace(stdout) != "ok" {
				t.Fatalf("printf check: exit %d %v\nstdout: %s\nstderr: %s", code, err, stdout, stderr)
			}
		})
	}
}
