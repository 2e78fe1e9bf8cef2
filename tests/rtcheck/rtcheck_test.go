// Package rtcheck tests the C code of the Cpu0 runtime on the host: the
// printf formatting against the host C library's snprintf, the 64-bit
// division/shift/multiply helpers against native 64-bit arithmetic, and
// the C library functions (strtod, strtol, string.h, ctype.h, rand, qsort,
// malloc...) against the host C library. It needs
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
	// hostcheck.c: printf formatting and the 64-bit helpers; libccheck.c:
	// the C library (strto*, string.h, ctype.h, snprintf, rand, qsort,
	// bsearch, malloc).
	for _, prog := range []string{"hostcheck", "libccheck"} {
		for _, opt := range []string{"-O0", "-O2"} {
			t.Run(prog+opt, func(t *testing.T) {
				bin := filepath.Join(t.TempDir(), prog)
				_, stderr, code, err := testtools.Run(nil, clang, opt, "-w", "-fno-builtin",
					"-o", bin, filepath.Join("testdata", prog+".c"))
				if err != nil || code != 0 {
					t.Fatalf("clang testdata/%s.c: exit %d %v\n%s", prog, code, err, stderr)
				}
				stdout, stderr, code, err := testtools.Run(nil, bin)
				if err != nil || code != 0 || strings.TrimSpace(stdout) != "ok" {
					t.Fatalf("%s: exit %d %v\nstdout: %s\nstderr: %s", prog, code, err, stdout, stderr)
				}
			})
		}
	}
}
