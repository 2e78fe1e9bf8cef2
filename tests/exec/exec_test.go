// Package exec holds the execution tests: every C program in c/ is compiled
// with clang-14 to LLVM IR, compiled by lltosimd to Cpu0 assembly and run on
// cpu0sim together with the runtime (runtime/cpu0). Its stdout and exit code
// must equal those of lli running the host-triple IR of the same program at
// the same optimisation level: the expected values always come from lli.
//
// The matrix per program: clang -O0, -O1 and -O2 (lltosimd gets the same level) ×
// the variants below × -mcpu=cpu032I and cpu032II.
//
//	mipsel  --target=mipsel-unknown-linux-gnu → -march=cpu0el (little-endian)
//	mips    --target=mips-unknown-linux-gnu   → -march=cpu0   (big-endian)
//	host    the host's default triple          → -march=cpu0el
//	host-nopic  the same with -fno-pic         → -march=cpu0el
//
// The IR's datalayout and the target's byte order always agree, so
// type-punning code (which the corpus avoids anyway) would behave as under
// lli. Host IR (x86-64 on CI) has 64-bit pointers and its own ABI lowering,
// which exercises the frontend's datalayout handling; programs whose C uses
// va_arg say "exec: no-host" because x86-64 va_arg lowering reads a register
// save area that no Cpu0 code provides; programs using __int128 (which
// clang has only on 64-bit targets) say "exec: host-only". The host IR is
// clang's default: at -O2 the loop and SLP vectorizers turn it into
// SSE-width vector IR (which the frontend scalarizes), and it is position
// independent (PIE, with relative lookup tables); MIPS IR has no vectors
// either way.
//
// Environment: LLTOSIMD_EXEC_VARIANTS=mipsel,mips,host,host-nopic (and the
// relocation-model variants mipsel-pic, mipsel-sdata, mips-pic: TestExecPIC),
// LLTOSIMD_EXEC_CPUS=cpu032I,cpu032II and LLTOSIMD_EXEC_OPTS=O0,O1,O2
// restrict the matrix; -short runs only mipsel. LLTOSIMD_EXEC_FLAGS adds
// lltosimd flags to every compilation, the runtime's included (e.g.
// "-enable-if-conversion -if-conversion-threshold=100": the corpus with
// every speculable hammock if-converted). CLANG and LLI override the tool paths; LLTOSIMD_BIN_DIR uses
// prebuilt lltosimd/cpu0sim binaries.
package exec

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"lltosimd/tests/internal/testtools"
)

// variant is one way of producing Cpu0 code from a C program.
type variant struct {
	name   string
	triple string // clang --target; "" = host default
	march  string
	cflags []string // extra clang flags
	lflags []string // extra lltosimd flags, for the program and the runtime
}

var variants = []variant{
	{"mipsel", "mipsel-unknown-linux-gnu", "cpu0el", nil, nil},
	{"mips", "mips-unknown-linux-gnu", "cpu0", nil, nil},
	{"host", "", "cpu0el", nil, nil},
	// clang's host default is PIE (relative lookup tables); also check the
	// static model, whose tables hold absolute addresses.
	{"host-nopic", "", "cpu0el", []string{"-fno-pic"}, nil},
	// The relocation models of spec §2/§6: PIC (the runtime too: static
	// code would call the program's function pointers without $t9) and
	// small data off $gp.
	{"mipsel-pic", "mipsel-unknown-linux-gnu", "cpu0el", nil, []string{"-relocation-model=pic"}},
	{"mipsel-sdata", "mipsel-unknown-linux-gnu", "cpu0el", nil, []string{"-cpu0-use-small-section"}},
	{"mips-pic", "mips-unknown-linux-gnu", "cpu0", nil, []string{"-relocation-model=pic", "-cpu0-use-small-section"}},
}

var cpus = []string{"cpu032I", "cpu032II"}

// extraFlags are the lltosimd flags of LLTOSIMD_EXEC_FLAGS.
var extraFlags = strings.Fields(os.Getenv("LLTOSIMD_EXEC_FLAGS"))

var opts = []string{"O0", "O1", "O2"}

// maxSteps bounds one simulated run; corpus programs need < ~2M steps.
const maxSteps = "50000000"

// harness holds the tools and the per-run caches shared by all cases.
type harness struct {
	clang, lli, lltosimd, cpu0sim string
	root, work                    string

	mu    sync.Mutex
	cache map[string]*cached // key → lazily computed artefact

	resMu   sync.Mutex
	results map[string][2]int // variant key → {pass, fail}
}

type cached struct {
	once sync.Once
	val  any
	err  error
}

// memo computes f once per key for the whole test run.
func (h *harness) memo(key string, f func() (any, error)) (any, error) {
	h.mu.Lock()
	c := h.cache[key]
	if c == nil {
		c = &cached{}
		h.cache[key] = c
	}
	h.mu.Unlock()
	c.once.Do(func() { c.val, c.err = f() })
	return c.val, c.err
}

func (h *harness) record(key string, ok bool) {
	h.resMu.Lock()
	defer h.resMu.Unlock()
	r := h.results[key]
	if ok {
		r[0]++
	} else {
		r[1]++
	}
	h.results[key] = r
}

func newHarness(t *testing.T) *harness {
	root := testtools.RepoRoot(t)
	h := &harness{
		clang:    testtools.Tool(t, "CLANG", "clang-14"),
		lli:      testtools.Tool(t, "LLI", "lli"),
		lltosimd: testtools.Binary(t, "lltosimd"),
		cpu0sim:  testtools.Binary(t, "cpu0sim"),
		root:     root,
		work:     t.TempDir(),
		cache:    map[string]*cached{},
		results:  map[string][2]int{},
	}
	return h
}

// programs lists the corpus, sorted.
func programs(t *testing.T) []string {
	files, err := filepath.Glob(filepath.Join("c", "*.c"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no programs in tests/exec/c")
	}
	sort.Strings(files)
	return files
}

// clangIR compiles src for triple at opt and returns the .ll path.
func (h *harness) clangIR(src, triple, opt string) (string, error) {
	return h.clangIRFlags(src, triple, opt, nil)
}

// clangIRFlags is clangIR with extra clang flags.
func (h *harness) clangIRFlags(src, triple, opt string, cflags []string) (string, error) {
	name := strings.TrimSuffix(filepath.Base(src), ".c")
	tag := triple
	if tag == "" {
		tag = "host"
	}
	tag += strings.Join(cflags, "")
	key := fmt.Sprintf("ir/%s/%s/%s", name, tag, opt)
	v, err := h.memo(key, func() (any, error) {
		out := filepath.Join(h.work, fmt.Sprintf("%s.%s.%s.ll", name, tag, opt))
		args := []string{"-" + opt, "-S", "-emit-llvm", "-ffreestanding", "-fno-builtin",
			"-nostdlibinc", "-I", filepath.Join(h.root, "runtime", "include"), "-w",
			"-o", out, src}
		args = append(append([]string(nil), cflags...), args...)
		if triple != "" {
			args = append([]string{"--target=" + triple}, args...)
		}
		_, stderr, code, err := testtools.Run(nil, h.clang, args...)
		if err != nil || code != 0 {
			return nil, fmt.Errorf("clang %s: exit %d %v\n%s", strings.Join(args, " "), code, err, stderr)
		}
		return out, nil
	})
	if err != nil {
		return "", err
	}
	return v.(string), nil
}

// reference is what lli prints and returns for one program.
type reference struct {
	stdout string
	code   int
}

func (h *harness) reference(src, opt string) (reference, error) {
	v, err := h.memo("ref/"+src+"/"+opt, func() (any, error) {
		ll, err := h.clangIR(src, "", opt)
		if err != nil {
			return nil, err
		}
		stdout, stderr, code, err := testtools.Run(nil, h.lli, ll)
		if err != nil {
			return nil, fmt.Errorf("lli %s: %v\n%s", ll, err, stderr)
		}
		return reference{stdout, code}, nil
	})
	if err != nil {
		return reference{}, err
	}
	return v.(reference), nil
}

// runtimeFiles compiles runtime/cpu0/*.c with lltosimd for one variant and
// CPU and returns the assembly files to pass to cpu0sim: the hand-written
// runtime/cpu0/*.s first, then the compiled C.
func (h *harness) runtimeFiles(v variant, cpu string) ([]string, error) {
	// The runtime is always compiled from MIPS IR of the right byte order.
	triple := v.triple
	if triple == "" {
		triple = "mipsel-unknown-linux-gnu"
	}
	key := fmt.Sprintf("rt/%s/%s/%s/%s", triple, v.march, cpu, strings.Join(v.lflags, " "))
	r, err := h.memo(key, func() (any, error) {
		rtDir := filepath.Join(h.root, "runtime", "cpu0")
		srcs, err := filepath.Glob(filepath.Join(rtDir, "*.c"))
		if err != nil || len(srcs) == 0 {
			return nil, fmt.Errorf("no runtime sources in %s", rtDir)
		}
		dir := filepath.Join(h.work, "rt-"+v.march+"-"+cpu+"-"+triple+strings.Join(v.lflags, ""))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
		// Hand-written assembly (halt.s, setjmp.s) goes first, as is.
		files, err := filepath.Glob(filepath.Join(rtDir, "*.s"))
		if err != nil || len(files) == 0 {
			return nil, fmt.Errorf("no runtime assembly in %s", rtDir)
		}
		for _, src := range srcs {
			base := strings.TrimSuffix(filepath.Base(src), ".c")
			ll := filepath.Join(dir, base+".ll")
			args := []string{"--target=" + triple, "-O2", "-ffreestanding", "-fno-builtin",
				"-S", "-emit-llvm", "-o", ll, src}
			if _, stderr, code, err := testtools.Run(nil, h.clang, args...); err != nil || code != 0 {
				return nil, fmt.Errorf("runtime: clang %s: %v\n%s", src, err, stderr)
			}
			s := filepath.Join(dir, base+".s")
			args = append(append([]string{testtools.Verify, "-march=" + v.march, "-mcpu=" + cpu, "-O2", "-o", s, ll}, v.lflags...), extraFlags...)
			if _, stderr, code, err := testtools.Run(nil, h.lltosimd, args...); err != nil || code != 0 {
				return nil, fmt.Errorf("runtime: lltosimd %s: exit %d %v\n%s", strings.Join(args, " "), code, err, stderr)
			}
			files = append(files, s)
		}
		return files, nil
	})
	if err != nil {
		return nil, err
	}
	return r.([]string), nil
}

// handWritten reports whether a runtime file from runtimeFiles is
// hand-written assembly (runtime/cpu0/*.s) rather than compiled C.
func (h *harness) handWritten(f string) bool {
	return filepath.Dir(f) == filepath.Join(h.root, "runtime", "cpu0")
}

// noHost reports whether the program opts out of the host-triple variant.
func noHost(src string) bool { return hasDirective(src, "exec: no-host") }

// hostOnly reports whether the program runs from host-triple IR only: it
// uses __int128, which clang provides only on 64-bit targets.
func hostOnly(src string) bool { return hasDirective(src, "exec: host-only") }

func hasDirective(src, d string) bool {
	b, err := os.ReadFile(src)
	return err == nil && strings.Contains(string(b), d)
}

// mipsPrograms lists the corpus programs that compile for the MIPS triples.
func mipsPrograms(t *testing.T) []string {
	var out []string
	for _, src := range programs(t) {
		if !hostOnly(src) {
			out = append(out, src)
		}
	}
	return out
}

func selected(env string, all []string, short []string) map[string]bool {
	list := all
	if s := os.Getenv(env); s != "" {
		list = strings.Split(s, ",")
	} else if testing.Short() && short != nil {
		list = short
	}
	m := map[string]bool{}
	for _, x := range list {
		m[strings.TrimSpace(x)] = true
	}
	return m
}

func TestExec(t *testing.T) {
	h := newHarness(t)
	names := make([]string, len(variants))
	for i, v := range variants {
		names[i] = v.name
	}
	useVariant := selected("LLTOSIMD_EXEC_VARIANTS", names, []string{"mipsel"})
	useCPU := selected("LLTOSIMD_EXEC_CPUS", cpus, nil)
	useOpt := selected("LLTOSIMD_EXEC_OPTS", opts, nil)

	t.Cleanup(h.summary)
	for _, src := range programs(t) {
		name := strings.TrimSuffix(filepath.Base(src), ".c")
		for _, opt := range opts {
			if !useOpt[opt] {
				continue
			}
			for _, v := range variants {
				if !useVariant[v.name] {
					continue
				}
				for _, cpu := range cpus {
					if !useCPU[cpu] {
						continue
					}
					t.Run(fmt.Sprintf("%s/%s/%s-%s", name, opt, v.name, cpu), func(t *testing.T) {
						t.Parallel()
						if v.triple == "" && noHost(src) {
							t.Skip("program says exec: no-host (va_arg is ABI-specific)")
						}
						if v.triple != "" && hostOnly(src) {
							t.Skip("program says exec: host-only (__int128)")
						}
						err := h.runCase(src, opt, v, cpu)
						h.record(fmt.Sprintf("%s %s-%s", opt, v.name, cpu), err == nil)
						if err != nil {
							t.Error(err)
						}
					})
				}
			}
		}
	}
}

// runCase compiles and runs one program in one configuration and compares
// the result with lli's.
func (h *harness) runCase(src, opt string, v variant, cpu string) error {
	want, err := h.reference(src, opt)
	if err != nil {
		return err
	}
	ll, err := h.clangIRFlags(src, v.triple, opt, v.cflags)
	if err != nil {
		return err
	}
	rt, err := h.runtimeFiles(v, cpu)
	if err != nil {
		return err
	}
	asm := strings.TrimSuffix(ll, ".ll") + "." + v.name + "." + v.march + "." + cpu + ".s"
	args := append(append([]string{testtools.Verify, "-march=" + v.march, "-mcpu=" + cpu, "-" + opt, "-o", asm, ll}, v.lflags...), extraFlags...)
	if _, stderr, code, err := testtools.Run(nil, h.lltosimd, args...); err != nil || code != 0 {
		return fmt.Errorf("lltosimd %s: exit %d %v\n%s", strings.Join(args, " "), code, err, stderr)
	}
	simArgs := []string{"-mcpu=" + cpu, "-max-steps", maxSteps}
	if v.march == "cpu0el" {
		simArgs = append(simArgs, "-el")
	}
	simArgs = append(simArgs, asm)
	simArgs = append(simArgs, rt...)
	stdout, stderr, code, err := testtools.Run(nil, h.cpu0sim, simArgs...)
	if err != nil {
		return fmt.Errorf("cpu0sim %s: %v\n%s", strings.Join(simArgs, " "), err, stderr)
	}
	// cpu0sim writes to stderr only on an assembler or simulator error.
	if stdout != want.stdout || code != want.code || stderr != "" {
		return fmt.Errorf("cpu0sim %s:\nexit %d, want %d (from lli)\nstderr: %s\n%s",
			strings.Join(simArgs, " "), code, want.code, stderr, diff(want.stdout, stdout))
	}
	return nil
}

// diff describes the first difference between two outputs.
func diff(want, got string) string {
	if want == got {
		return "stdout matches"
	}
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g || i >= len(wl) || i >= len(gl) {
			return fmt.Sprintf("stdout differs at line %d:\n  got:  %q\n  want: %q\n(%d vs %d lines)",
				i+1, g, w, len(gl), len(wl))
		}
	}
	return "stdout differs"
}

// summary prints pass/fail counts per configuration after all cases ran.
func (h *harness) summary() {
	h.resMu.Lock()
	defer h.resMu.Unlock()
	keys := make([]string, 0, len(h.results))
	for k := range h.results {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	total := [2]int{}
	for _, k := range keys {
		r := h.results[k]
		fmt.Fprintf(&b, "  %-22s %4d pass %4d fail\n", k, r[0], r[1])
		total[0] += r[0]
		total[1] += r[1]
	}
	fmt.Fprintf(&b, "  %-22s %4d pass %4d fail\n", "total", total[0], total[1])
	// Printed directly rather than with t.Log so that it also shows with -v
	// when everything passes.
	fmt.Fprintf(os.Stderr, "execution summary:\n%s", b.String())
}

// TestReference checks the corpus itself, without lltosimd: every program
// must give the same output and exit code under lli at -O0 and -O2 (a
// difference means undefined behaviour, which would make lli a useless
// oracle), and must print something.
func TestReference(t *testing.T) {
	h := &harness{
		clang: testtools.Tool(t, "CLANG", "clang-14"),
		lli:   testtools.Tool(t, "LLI", "lli"),
		root:  testtools.RepoRoot(t),
		work:  t.TempDir(),
		cache: map[string]*cached{},
	}
	for _, src := range programs(t) {
		t.Run(strings.TrimSuffix(filepath.Base(src), ".c"), func(t *testing.T) {
			t.Parallel()
			r0, err := h.reference(src, "O0")
			if err != nil {
				t.Fatal(err)
			}
			r2, err := h.reference(src, "O2")
			if err != nil {
				t.Fatal(err)
			}
			if r0 != r2 {
				t.Errorf("lli -O0 and -O2 disagree: exit %d vs %d\n%s", r0.code, r2.code, diff(r0.stdout, r2.stdout))
			}
			if r0.stdout == "" {
				t.Error("program prints nothing")
			}
		})
	}
}
