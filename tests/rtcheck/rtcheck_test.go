// Package rtcheck tests the C code of the Cpu0 runtime on the host: the
// printf formatting against the host C library's snprintf, the 64-bit
// division/shift/multiply helpers against native 64-bit arithmetic, the
// libm functions and complex helpers against the host's libm and libgcc
// (complex division bit for bit against GCC's libgcc, which lli and the
// native references link; clang-14 links it by default on Debian), and the
// C library functions (strtod, strtol, string.h, ctype.h, rand, qsort,
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
	// hostcheck.c: printf, the 64-bit helpers and the string functions;
	// mathcheck.c: the libm functions and complex helpers against the
	// host's libm and libgcc; libccheck.c: the C library
	// (strto*, string.h, ctype.h, snprintf, rand, qsort, bsearch, malloc).
	for _, check := range []string{"hostcheck", "mathcheck", "libccheck"} {
		for _, opt := range []string{"-O0", "-O2"} {
			t.Run(check+opt, func(t *testing.T) {
				bin := filepath.Join(t.TempDir(), check)
				src := filepath.Join("testdata", check+".c")
				_, stderr, code, err := testtools.Run(nil, clang, opt, "-w", "-fno-builtin",
					"-o", bin, src, "-lm")
				if err != nil || code != 0 {
					t.Fatalf("clang %s: exit %d %v\n%s", src, code, err, stderr)
				}
				stdout, stderr, code, err := testtools.Run(nil, bin)
				if err != nil || code != 0 || strings.TrimSpace(stdout) != "ok" {
					t.Fatalf("%s: exit %d %v\nstdout: %s\nstderr: %s", check, code, err, stdout, stderr)
				}
			})
		}
	}
}

// TestLibmOnHost checks the runtime's transcendental functions
// (runtime/cpu0/libm*.c) against the host's libm within the ulp bounds
// libmcheck.c states. Each file is compiled on its own with
// rename-libm.h, which gives the public names an rt_ prefix so that they
// link next to the host's, and linked with libmcheck.c.
func TestLibmOnHost(t *testing.T) {
	clang := testtools.Tool(t, "CLANG", "clang-14")
	srcs, err := filepath.Glob(filepath.Join("..", "..", "runtime", "cpu0", "libm*.c"))
	if err != nil || len(srcs) == 0 {
		t.Fatalf("no runtime/cpu0/libm*.c: %v", err)
	}
	for _, opt := range []string{"-O0", "-O2"} {
		t.Run(opt, func(t *testing.T) {
			dir := t.TempDir()
			objs := []string{filepath.Join("testdata", "libmcheck.c")}
			for _, src := range srcs {
				obj := filepath.Join(dir, strings.TrimSuffix(filepath.Base(src), ".c")+".o")
				_, stderr, code, err := testtools.Run(nil, clang, opt, "-w", "-fno-builtin",
					"-include", filepath.Join("testdata", "rename-libm.h"), "-c", "-o", obj, src)
				if err != nil || code != 0 {
					t.Fatalf("clang %s: exit %d %v\n%s", src, code, err, stderr)
				}
				objs = append(objs, obj)
			}
			bin := filepath.Join(dir, "libmcheck")
			args := append([]string{opt, "-w", "-fno-builtin", "-o", bin}, objs...)
			_, stderr, code, err := testtools.Run(nil, clang, append(args, "-lm")...)
			if err != nil || code != 0 {
				t.Fatalf("clang libmcheck: exit %d %v\n%s", code, err, stderr)
			}
			stdout, stderr, code, err := testtools.Run(nil, bin)
			if err != nil || code != 0 || strings.TrimSpace(stdout) != "ok" {
				t.Fatalf("libmcheck: exit %d %v\nstdout: %s\nstderr: %s", code, err, stdout, stderr)
			}
			t.Logf("libmcheck %s:\n%s", opt, stderr)
		})
	}
}
