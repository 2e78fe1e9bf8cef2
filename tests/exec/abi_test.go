package exec

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"lltosimd/tests/internal/testtools"
)

// abiTriple is one IR producer of TestABI. Whatever the triple, Cpu0 calls
// must follow O32 (i64/double in aligned pairs and 8-byte aligned stack
// slots, byval copies, hidden result pointers), because the runtime and
// other files expect it; struct layout follows the IR's datalayout.
type abiTriple struct {
	name, triple string
	big          bool // big-endian datalayout: lltosimd must pick -march=cpu0 by itself
	// vaRefusal is the start of the error a va_start in this IR must get
	// ("" = its va_lists work on Cpu0).
	vaRefusal string
	lp64      bool // 64-bit pointers: variadic i64 arguments get a warning
}

var abiTriples = []abiTriple{
	{"i386", "i386-unknown-linux-gnu", false, "unsupported: va_list from i386-unknown-linux-gnu IR", false},
	{"armv7", "arm-linux-gnueabihf", false, "unsupported: va_list of type '%struct.__va_list' from armv7-unknown-linux-gnueabihf IR", false},
	{"riscv32", "riscv32-unknown-linux-gnu", false, "", false},
	{"mips", "mips-unknown-linux-gnu", true, "", false},
	{"mipsel", "mipsel-unknown-linux-gnu", false, "", false},
	{"x86_64", "x86_64-unknown-linux-gnu", false, "unsupported: va_list of type '[1 x %struct.__va_list_tag]' from x86_64-unknown-linux-gnu IR", true},
	{"aarch64", "aarch64-unknown-linux-gnu", false, "unsupported: va_list of type '%struct.__va_list' from aarch64-unknown-linux-gnu IR", true},
	{"riscv64", "riscv64-unknown-linux-gnu", false, "unsupported: va_list from riscv64-unknown-linux-gnu IR", true},
}

// TestABI compiles the programs in abi/ from the IR of several triples
// with lltosimd (no -march: the IR's byte order picks cpu0 or cpu0el),
// runs them on cpu0sim and compares their output and exit code with the
// same C built natively with clang -m32 (an ILP32 reference; the programs
// use int and long long, never long). A file NAME.lib.c next to NAME.c is
// compiled separately and linked with it. Programs that define variadic
// functions must be refused, with a position and the --target to use,
// where the triple's va_list cannot work on O32's argument area.
func TestABI(t *testing.T) {
	h := newHarness(t)
	useCPU := selected("LLTOSIMD_EXEC_CPUS", cpus, []string{"cpu032II"})
	progs, err := filepath.Glob(filepath.Join("abi", "*.c"))
	if err != nil || len(progs) == 0 {
		t.Fatalf("no programs in tests/exec/abi: %v", err)
	}
	sort.Strings(progs)
	for _, src := range progs {
		if strings.HasSuffix(src, ".lib.c") {
			continue
		}
		srcs := []string{src}
		if lib := strings.TrimSuffix(src, ".c") + ".lib.c"; fileExists(lib) {
			srcs = append(srcs, lib)
		}
		name := strings.TrimSuffix(filepath.Base(src), ".c")
		for _, opt := range []string{"O0", "O2"} {
			for _, tr := range abiTriples {
				for _, cpu := range cpus {
					if !useCPU[cpu] {
						continue
					}
					t.Run(fmt.Sprintf("%s/%s/%s-%s", name, opt, tr.name, cpu), func(t *testing.T) {
						t.Parallel()
						if err := h.runABICase(srcs, opt, tr, cpu); err != nil {
							t.Error(err)
						}
					})
				}
			}
		}
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// nativeReference builds srcs with clang -m32 for the host and runs them.
func (h *harness) nativeReference(srcs []string, opt string) (reference, error) {
	key := "native/" + strings.Join(srcs, "+") + "/" + opt
	v, err := h.memo(key, func() (any, error) {
		exe := filepath.Join(h.work, strings.TrimSuffix(filepath.Base(srcs[0]), ".c")+".m32."+opt)
		args := append(append([]string{"-m32", "-" + opt, "-w", "-o", exe}, srcs...), "-lm")
		if _, stderr, code, err := testtools.Run(nil, h.clang, args...); err != nil || code != 0 {
			return nil, fmt.Errorf("clang %s: exit %d %v\n%s(gcc-multilib provides -m32; make setup installs it)",
				strings.Join(args, " "), code, err, stderr)
		}
		stdout, stderr, code, err := testtools.Run(nil, exe)
		if err != nil {
			return nil, fmt.Errorf("%s: %v\n%s", exe, err, stderr)
		}
		return reference{stdout, code}, nil
	})
	if err != nil {
		return reference{}, err
	}
	return v.(reference), nil
}

// lp64Warning is the warning about a variadic i64 argument in LP64 IR
// (x86-64, AArch64, RISC-V 64).
var lp64Warning = regexp.MustCompile(`^\S+\.ll:\d+:\d+: warning: variadic i64 argument in LP64 \S+-linux-gnu IR: .*'long'.*--target=mipsel-unknown-linux-gnu$`)

func (h *harness) runABICase(srcs []string, opt string, tr abiTriple, cpu string) error {
	march, rtTriple := "cpu0el", "mipsel-unknown-linux-gnu"
	if tr.big {
		march, rtTriple = "cpu0", "mips-unknown-linux-gnu"
	}
	var asms []string
	for _, src := range srcs {
		ll, err := h.clangIR(src, tr.triple, opt)
		if err != nil {
			return err
		}
		text, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		asm := strings.TrimSuffix(ll, ".ll") + "." + cpu + ".s"
		args := []string{testtools.Verify, "-mcpu=" + cpu, "-" + opt, "-o", asm, ll}
		_, stderr, code, err := testtools.Run(nil, h.lltosimd, args...)
		if err != nil {
			return fmt.Errorf("lltosimd %s: %v", strings.Join(args, " "), err)
		}
		// The only warning: x86-64 IR passing an i64 to a variadic
		// function (a C long there).
		warned := false
		var rest []string
		for _, l := range strings.SplitAfter(stderr, "\n") {
			if tr.lp64 && lp64Warning.MatchString(strings.TrimSuffix(l, "\n")) {
				warned = true
			} else if l != "" {
				rest = append(rest, l)
			}
		}
		if tr.vaRefusal != "" && strings.Contains(string(text), "va_start") {
			// file:line:col, the construct, the triple and the fix.
			want := regexp.MustCompile(`^` + regexp.QuoteMeta(ll) + `:\d+:\d+: ` + regexp.QuoteMeta(tr.vaRefusal) +
				` \(.*compile with --target=mipsel-unknown-linux-gnu\) in function @\w+\n$`)
			if code != 1 || len(rest) != 1 || !want.MatchString(rest[0]) {
				return fmt.Errorf("lltosimd %s: exit %d, stderr %q; want exit 1 and %s", strings.Join(args, " "), code, stderr, want)
			}
			return nil
		}
		if code != 0 || len(rest) > 0 {
			return fmt.Errorf("lltosimd %s: exit %d, unexpected diagnostics:\n%s", strings.Join(args, " "), code, stderr)
		}
		if warned && !strings.Contains(string(text), "LP64_WARNING") {
			// The printf family reads LP64's 64-bit long through its
			// LP64 entry points: no warning for it.
			return fmt.Errorf("lltosimd %s: unexpected warning about variadic i64 arguments in LP64 IR:\n%s", strings.Join(args, " "), stderr)
		}
		asms = append(asms, asm)
	}
	want, err := h.nativeReference(srcs, opt)
	if err != nil {
		return err
	}
	rt, err := h.runtimeFiles(variant{triple: rtTriple, march: march}, cpu)
	if err != nil {
		return err
	}
	simArgs := []string{"-mcpu=" + cpu, "-max-steps", maxSteps}
	if march == "cpu0el" {
		simArgs = append(simArgs, "-el")
	}
	simArgs = append(append(simArgs, asms...), rt...)
	stdout, stderr, code, err := testtools.Run(nil, h.cpu0sim, simArgs...)
	if err != nil {
		return fmt.Errorf("cpu0sim %s: %v\n%s", strings.Join(simArgs, " "), err, stderr)
	}
	if stdout != want.stdout || code != want.code || stderr != "" {
		return fmt.Errorf("cpu0sim %s:\nexit %d, want %d (from clang -m32)\nstderr: %s\n%s",
			strings.Join(simArgs, " "), code, want.code, stderr, diff(want.stdout, stdout))
	}
	return nil
}

// TestGlibcHeaders compiles abi/glibc_headers.c against the host's glibc
// headers (clang's default include path) for i386 and x86-64, the way a
// program is often built, and runs it on Cpu0 against its clang -m32
// build: the runtime provides the entry points glibc's headers make the
// program call (runtime/cpu0/glibc.c).
func TestGlibcHeaders(t *testing.T) {
	h := newHarness(t)
	src := filepath.Join("abi", "glibc_headers.c")
	for _, tr := range []string{"i386-unknown-linux-gnu", "x86_64-unknown-linux-gnu"} {
		for _, opt := range []string{"O0", "O2"} {
			t.Run(tr+"/"+opt, func(t *testing.T) {
				ll := filepath.Join(h.work, "glibc_headers."+tr+"."+opt+".ll")
				args := []string{"--target=" + tr, "-" + opt, "-S", "-emit-llvm", "-w", "-o", ll, src}
				if _, stderr, code, err := testtools.Run(nil, h.clang, args...); err != nil || code != 0 {
					t.Skipf("clang %s: exit %d %v (no %s headers?)\n%s", strings.Join(args, " "), code, err, tr, stderr)
				}
				asm := strings.TrimSuffix(ll, ".ll") + ".s"
				if _, stderr, code, err := testtools.Run(nil, h.lltosimd, testtools.Verify, "-mcpu=cpu032II", "-"+opt, "-o", asm, ll); err != nil || code != 0 {
					t.Fatalf("lltosimd %s: exit %d %v\n%s", ll, code, err, stderr)
				}
				want, err := h.nativeReference([]string{src}, opt)
				if err != nil {
					t.Fatal(err)
				}
				rt, err := h.runtimeFiles(variant{triple: "mipsel-unknown-linux-gnu", march: "cpu0el"}, "cpu032II")
				if err != nil {
					t.Fatal(err)
				}
				simArgs := append([]string{"-mcpu=cpu032II", "-max-steps", maxSteps, "-el", asm}, rt...)
				stdout, stderr, code, err := testtools.Run(nil, h.cpu0sim, simArgs...)
				if err != nil || stdout != want.stdout || code != want.code || stderr != "" {
					t.Errorf("cpu0sim %s: exit %d %v, want %d (clang -m32)\nstderr: %s\n%s", asm, code, err, want.code, stderr, diff(want.stdout, stdout))
				}
			})
		}
	}
}
