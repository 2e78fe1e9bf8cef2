// Package rtcheck tests the C code of the Cpu0 runtime on the host: the
// printf formatting against the host C library's snprintf, and the 64-bit
// division/shift/multiply helpers against native 64-bit arithmetic. It needs
// only clang-14, so it checks the runtime independently of lltosimd (the
// execution suite then checks the same code compiled by lltosimd).
package rtcheck

import (
	"path/filepath"
	"strings"
	"testing"

	"lltosimd/tests/internal/testtools"
)

func TestRuntimeOnHost(t *testing.T) {
	clang := testtools.Tool(t, "CLANG", "clang-14")
	for _, opt := range []string{"-O0", "-O2"} {
		t.Run(opt, func(t *testing.T) {
			bin := filepath.Join(t.TempDir(), "hostcheck")
			_, stderr, code, err := testtools.Run(nil, clang, opt, "-w", "-fno-builtin",
				"-o", bin, filepath.Join("testdata", "hostcheck.c"))
			if err != nil || code != 0 {
				t.Fatalf("clang testdata/hostcheck.c: exit %d %v\n%s", code, err, stderr)
			}
			stdout, stderr, code, err := testtools.Run(nil, bin)
			if err != nil || code != 0 || strings.TrimSpace(stdout) != "ok" {
				t.Fatalf("hostcheck: exit %d %v\nstdout: %s\nstderr: %s", code, err, stdout, stderr)
			}
		})
	}
}
