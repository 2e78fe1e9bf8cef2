// Package regress holds reduced regression tests from the differential
// campaigns (tests/campaign: csmith, llvm-stress, fuzzing). Each test is one
// small file in testdata/ (Go forbids .c files in a package directory):
//
//   - name.c: compiled by clang-14 for mipsel at -O0 and -O2 (the campaign's
//     flags and headers, so reduced csmith programs keep their
//     #include "csmith.h"), compiled by lltosimd at the same level for
//     cpu032I and cpu032II, and run on cpu0sim. Its expectation is also
//     re-checked against lli on the host-triple IR, so it cannot drift.
//   - name.ll: mipsel IR with a main, compiled at -O0 and -O2 for both CPUs.
//     (lli cannot run mipsel IR; its expectation was derived from lli on
//     the equivalent host IR when the test was written.)
//
// Directives, in comments anywhere in the file:
//
//	EXPECT: <line>      one line of expected stdout (repeatable, in order)
//	EXPECT-EXIT: <n>    main's return value (default 0)
//	COMPILE-ERROR: <s>  lltosimd must fail cleanly with a message containing s
//	                    (for inputs that used to crash it); nothing is run
package regress

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"lltosimd/tests/campaign"
	"lltosimd/tests/internal/testtools"
)

var directive = regexp.MustCompile(`(?m)(EXPECT|EXPECT-EXIT|COMPILE-ERROR):[ \t]?(.*)$`)

type expectation struct {
	stdout       string
	exit         int
	compileError string
}

func parse(src string) (expectation, error) {
	var e expectation
	var lines []string
	for _, m := range directive.FindAllStringSubmatch(src, -1) {
		arg := strings.TrimRight(m[2], " \t\r")
		switch m[1] {
		case "EXPECT":
			lines = append(lines, arg)
		case "EXPECT-EXIT":
			n, err := strconv.Atoi(arg)
			if err != nil {
				return e, fmt.Errorf("bad EXPECT-EXIT %q", arg)
			}
			e.exit = n
		case "COMPILE-ERROR":
			e.compileError = arg
		}
	}
	if len(lines) > 0 {
		e.stdout = strings.Join(lines, "\n") + "\n"
	}
	if len(lines) == 0 && e.compileError == "" {
		return e, fmt.Errorf("no EXPECT or COMPILE-ERROR directive")
	}
	return e, nil
}

func TestRegress(t *testing.T) {
	root := testtools.RepoRoot(t)
	files, _ := filepath.Glob("testdata/*.c")
	lls, _ := filepath.Glob("testdata/*.ll")
	files = append(files, lls...)
	sort.Strings(files)
	if len(files) == 0 {
		t.Skip("no regression tests yet")
	}
	clang := testtools.Tool(t, "CLANG", "clang-14")
	lli := testtools.Tool(t, "LLI", "lli")
	lltosimd := testtools.Binary(t, "lltosimd")
	cpu0sim := testtools.Binary(t, "cpu0sim")
	work := t.TempDir()
	inc := []string{"-I", filepath.Join(root, "runtime/include"), "-I", "/usr/include/csmith"}
	rt := map[string][]string{}
	for _, cpu := range []string{"cpu032I", "cpu032II"} {
		files, _ := filepath.Glob(filepath.Join(root, "runtime/cpu0/*.s"))
		srcs, _ := filepath.Glob(filepath.Join(root, "runtime/cpu0/*.c"))
		for _, c := range srcs {
			base := filepath.Join(work, "rt-"+cpu+"-"+strings.TrimSuffix(filepath.Base(c), ".c"))
			if _, se, code, err := testtools.Run(nil, clang, "--target="+campaign.TripleMipsel, "-O2", "-ffreestanding",
				"-fno-builtin", "-S", "-emit-llvm", "-o", base+".ll", c); err != nil || code != 0 {
				t.Fatalf("runtime %s: %v %s", c, err, se)
			}
			if _, se, code, err := testtools.Run(nil, lltosimd, testtools.Verify, "-march=cpu0el", "-mcpu="+cpu, "-O2", "-o", base+".s", base+".ll"); err != nil || code != 0 {
				t.Fatalf("runtime %s: %v %s", c, err, se)
			}
			files = append(files, base+".s")
		}
		rt[cpu] = files
	}
	for _, file := range files {
		file := file
		t.Run(filepath.Base(file), func(t *testing.T) {
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			want, err := parse(string(b))
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			name := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
			for _, opt := range []string{"O0", "O2"} {
				ll, _ := filepath.Abs(file)
				if strings.HasSuffix(file, ".c") {
					ll = filepath.Join(work, name+".mipsel."+opt+".ll")
					args := append(append([]string{"--target=" + campaign.TripleMipsel, "-" + opt}, campaign.ClangFlags...), inc...)
					if _, se, code, err := testtools.Run(nil, clang, append(args, "-o", ll, file)...); err != nil || code != 0 {
						t.Fatalf("clang: %v %s", err, se)
					}
					if want.compileError == "" {
						host := filepath.Join(work, name+".host."+opt+".ll")
						args := append(append([]string{"-" + opt}, campaign.ClangFlags...), inc...)
						if _, se, code, err := testtools.Run(nil, clang, append(args, "-o", host, file)...); err != nil || code != 0 {
							t.Fatalf("clang: %v %s", err, se)
						}
						out, se, code, err := testtools.Run(nil, lli, host)
						if err != nil || out != want.stdout || code != want.exit {
							t.Fatalf("-%s: the expectation is not lli's: lli printed\n%s(exit %d) %v %s", opt, out, code, err, se)
						}
					}
				}
				for _, cpu := range []string{"cpu032I", "cpu032II"} {
					asm := filepath.Join(work, name+"."+opt+"."+cpu+".s")
					_, se, code, err := testtools.Run(nil, lltosimd, testtools.Verify, "-march=cpu0el", "-mcpu="+cpu, "-"+opt, "-o", asm, ll)
					if err != nil {
						t.Fatal(err)
					}
					if want.compileError != "" {
						if code != 1 || !strings.Contains(se, want.compileError) || strings.Contains(se, "internal compiler error") {
							t.Errorf("-%s %s: lltosimd exit %d, want a clean error containing %q:\n%s", opt, cpu, code, want.compileError, se)
						}
						continue
					}
					if code != 0 {
						t.Errorf("-%s %s: lltosimd failed:\n%s", opt, cpu, se)
						continue
					}
					args := append([]string{"-el", "-mcpu=" + cpu, "-max-steps=200000000", asm}, rt[cpu]...)
					out, se, code, err := testtools.Run(nil, cpu0sim, args...)
					if err != nil {
						t.Fatal(err)
					}
					if out != want.stdout || code != want.exit || se != "" {
						t.Errorf("-%s %s: got\n%s(exit %d) %s\nwant\n%s(exit %d)", opt, cpu, out, code, se, want.stdout, want.exit)
					}
				}
			}
		})
	}
}
