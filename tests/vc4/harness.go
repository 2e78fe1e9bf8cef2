package vc4test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"lltosimd/tests/internal/testtools"
)

// clFlags compile OpenCL C 1.2 kernels to textual IR for both sides. No
// contraction of a*b+c into fused multiply-adds: the QPU has none, and the
// host and the QPU must round the same operations.
var clFlags = []string{
	"-x", "cl", "-cl-std=CL1.2", "-Xclang", "-finclude-default-header",
	"-ffp-contract=off", "-Werror", "-S", "-emit-llvm",
}

// vc4Triple is the target of the IR given to vc4run: spir has 32-bit
// pointers and size_t, like the QPU.
const vc4Triple = "spir"

// opts are the clang optimisation levels of the matrix.
var opts = []string{"O0", "O2"}

// Harness holds the tool paths and memoised artefacts shared by all runs
// of one process (the tests of this package, the VC4 campaign of
// tests/campaign).
type Harness struct {
	clang, llvmLink, lli string
	root, work           string
	toolErr              error

	mu    sync.Mutex
	cache map[string]*memoEntry
}

type memoEntry struct {
	once sync.Once
	val  any
	err  error
}

// memo computes f once per key for the whole test process.
func (h *Harness) memo(key string, f func() (any, error)) (any, error) {
	h.mu.Lock()
	e := h.cache[key]
	if e == nil {
		e = &memoEntry{}
		h.cache[key] = e
	}
	h.mu.Unlock()
	e.once.Do(func() { e.val, e.err = f() })
	return e.val, e.err
}

// NewHarness locates clang, llvm-link and lli (CLANG, LLVM_LINK, LLI
// override them; Err reports a missing one); generated files go to work.
func NewHarness(root, work string) *Harness {
	h := &Harness{root: root, work: work, cache: map[string]*memoEntry{}}
	var err error
	for _, t := range []struct {
		dst       *string
		env, name string
	}{{&h.clang, "CLANG", "clang-14"}, {&h.llvmLink, "LLVM_LINK", "llvm-link"}, {&h.lli, "LLI", "lli"}} {
		if *t.dst, err = testtools.FindTool(t.env, t.name); err != nil && h.toolErr == nil {
			h.toolErr = err
		}
	}
	return h
}

// Err reports a tool NewHarness could not find.
func (h *Harness) Err() error { return h.toolErr }

// run executes a tool and turns a failure into an error with its stderr.
func run(name string, args ...string) (string, error) {
	out, errOut, code, err := testtools.Run(nil, name, args...)
	if err == nil && code != 0 {
		err = fmt.Errorf("exit status %d", code)
	}
	if err != nil {
		return out, fmt.Errorf("%s %s: %v\n%s", filepath.Base(name), strings.Join(args, " "), err, errOut)
	}
	return out, nil
}

// artefact is the path of a generated file in the work directory.
func (h *Harness) artefact(kernelFile, suffix string) string {
	base := strings.TrimSuffix(filepath.Base(kernelFile), ".cl")
	return filepath.Join(h.work, base+"."+suffix)
}

// VC4IR compiles a kernel file to spir IR for vc4run.
func (h *Harness) VC4IR(file, opt string) (string, error) {
	v, err := h.memo("vc4ir "+file+" "+opt, func() (any, error) {
		out := h.artefact(file, vc4Triple+"."+opt+".ll")
		args := append(append([]string{}, clFlags...), "-"+opt, "--target="+vc4Triple, file, "-o", out)
		_, err := run(h.clang, args...)
		return out, err
	})
	s, _ := v.(string)
	return s, err
}

// KernelIR returns the IR file vc4run runs for one header line: the spir
// IR (VC4IR), or with triple=host the kernel's host-triple IR that the lli
// reference links (calling conventions removed: vc4run finds the kernel
// by its OpenCL metadata).
func (h *Harness) KernelIR(r *Run, opt string) (string, error) {
	if !r.Host {
		return h.VC4IR(r.File, opt)
	}
	prog, err := h.hostProgram(r, opt)
	if err != nil {
		return "", err
	}
	return prog.kernel, nil
}

// runtimeIR compiles the reference driver and the host built-ins once and
// returns their IR files.
func (h *Harness) runtimeIR() ([]string, error) {
	v, err := h.memo("runtime", func() (any, error) {
		rt := filepath.Join(h.work, "vc4ref.ll")
		bi := filepath.Join(h.work, "builtins.ll")
		if _, err := run(h.clang, "-x", "c", "-std=c11", "-D_POSIX_C_SOURCE=200809L", "-Wall", "-Werror",
			"-ffp-contract=off", "-O1", "-S", "-emit-llvm",
			filepath.Join(h.root, "tests/vc4/ref/vc4ref.c"), "-o", rt); err != nil {
			return nil, err
		}
		args := append(append([]string{}, clFlags...), "-O2", filepath.Join(h.root, "tests/vc4/ref/builtins.cl"), "-o", bi)
		if _, err := run(h.clang, args...); err != nil {
			return nil, err
		}
		return []string{rt, bi}, nil
	})
	files, _ := v.([]string)
	return files, err
}

// hostProg is a linked reference program and its kernel's parameter types.
type hostProg struct {
	bitcode string
	kernel  string   // the kernel's host-triple IR (.ll) linked into bitcode
	params  []string // LLVM types, keys of irParamTypes
}

// hostProgram builds the lli program of one kernel at one optimisation
// level: the kernel compiled for the host, a trampoline calling it with
// the argument array of the driver, the driver and the built-ins, linked
// into one bitcode file.
func (h *Harness) hostProgram(r *Run, opt string) (*hostProg, error) {
	v, err := h.memo("host "+r.File+" "+r.Kernel+" "+opt, func() (any, error) {
		rt, err := h.runtimeIR()
		if err != nil {
			return nil, err
		}
		kernelLL := h.artefact(r.File, r.Kernel+".host."+opt+".ll")
		args := append(append([]string{}, clFlags...), "-"+opt, r.File, "-o", kernelLL)
		if _, err := run(h.clang, args...); err != nil {
			return nil, err
		}
		src, err := os.ReadFile(kernelLL)
		if err != nil {
			return nil, err
		}
		// OpenCL functions carry the spir_kernel / spir_func calling
		// conventions even on the host; the C trampoline calls with the C
		// convention, and a call with a mismatched convention is undefined.
		ir := strings.NewReplacer("spir_kernel ", "", "spir_func ", "").Replace(string(src))
		if err := os.WriteFile(kernelLL, []byte(ir), 0o644); err != nil {
			return nil, err
		}
		params, err := kernelParams(ir, r.Kernel)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", r.File, err)
		}
		tramp := h.artefact(r.File, r.Kernel+".tramp."+opt+".c")
		if err := os.WriteFile(tramp, []byte(trampoline(r.Kernel, params)), 0o644); err != nil {
			return nil, err
		}
		trampLL := tramp + ".ll"
		if _, err := run(h.clang, "-x", "c", "-std=c11", "-Wall", "-Werror", "-S", "-emit-llvm", tramp, "-o", trampLL); err != nil {
			return nil, err
		}
		linked := h.artefact(r.File, r.Kernel+".host."+opt+".bc")
		linkArgs := append([]string{kernelLL, trampLL}, rt...)
		if _, err := run(h.llvmLink, append(linkArgs, "-o", linked)...); err != nil {
			return nil, err
		}
		return &hostProg{linked, kernelLL, params}, nil
	})
	p, _ := v.(*hostProg)
	return p, err
}

// irParamTypes maps the LLVM parameter types a kernel may have to the C
// types the trampoline declares and the argument kind a header must give.
var irParamTypes = map[string]struct {
	c    string
	kind ArgKind
}{
	"i32*":   {"int *", IntBuf},
	"float*": {"float *", FloatBuf},
	"i32":    {"int", I32},
	"float":  {"float", F32},
	// Narrower element types on int buffers (vc4run's int:COUNT words,
	// printed as words): char, short and their vectors.
	"i8*":          {"void *", IntBuf},
	"i16*":         {"void *", IntBuf},
	"<2 x i8>*":    {"void *", IntBuf},
	"<4 x i8>*":    {"void *", IntBuf},
	"<2 x i16>*":   {"void *", IntBuf},
	"<4 x i16>*":   {"void *", IntBuf},
	"<4 x i32>*":   {"void *", IntBuf},
	"<4 x float>*": {"void *", FloatBuf},
}

// kernelParams returns the LLVM types of the parameters of kernel in ir.
func kernelParams(ir, kernel string) ([]string, error) {
	re := regexp.MustCompile(`(?m)^define [^\n]*@` + regexp.QuoteMeta(kernel) + `\(`)
	loc := re.FindStringIndex(ir)
	if loc == nil {
		return nil, fmt.Errorf("kernel %s not found in the host IR", kernel)
	}
	// Split the parameter list at top-level commas: attributes such as
	// dereferenceable(N) have parentheses of their own.
	var list []string
	depth, start := 0, loc[1]
	for i := loc[1]; i < len(ir) && depth >= 0; i++ {
		switch ir[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth < 0 {
				list = append(list, ir[start:i])
			}
		case ',':
			if depth == 0 {
				list = append(list, ir[start:i])
				start = i + 1
			}
		case '\n':
			return nil, fmt.Errorf("kernel %s: unterminated parameter list", kernel)
		}
	}
	if len(list) == 1 && strings.TrimSpace(list[0]) == "" {
		return nil, nil
	}
	var types []string
	for _, p := range list {
		ty := strings.Fields(p)[0]
		if tp := strings.TrimSpace(p); strings.HasPrefix(tp, "<") {
			if e := strings.Index(tp, ">"); e > 0 {
				ty = tp[:e+1] + strings.Fields(tp[e+1:] + " ")[0]
			}
		}
		if _, ok := irParamTypes[ty]; !ok {
			return nil, fmt.Errorf("kernel %s: unsupported parameter type %s (want int/uint/float buffers or scalars)", kernel, ty)
		}
		types = append(types, ty)
	}
	return types, nil
}

// trampoline is the C source of vc4ref_invoke for a kernel with the given
// LLVM parameter types: args[i] points at the i-th argument's storage.
func trampoline(kernel string, params []string) string {
	var decl, call []string
	for i, p := range params {
		c := irParamTypes[p].c
		decl = append(decl, c)
		if strings.HasSuffix(c, "*") {
			call = append(call, fmt.Sprintf("(%s)args[%d]", c, i))
		} else {
			call = append(call, fmt.Sprintf("*(%s *)args[%d]", c, i))
		}
	}
	if len(decl) == 0 {
		decl = []string{"void"}
	}
	return fmt.Sprintf(`/* Generated by tests/vc4: calls kernel %[1]s for the reference driver. */
void %[1]s(%[2]s);
const int vc4ref_nargs = %[3]d;
void vc4ref_invoke(void **args)
{
	(void)args;
	%[1]s(%[4]s);
}
`, kernel, strings.Join(decl, ", "), len(params), strings.Join(call, ", "))
}

// Reference runs one header line on lli at one optimisation level and
// returns the printed buffers.
func (h *Harness) Reference(r *Run, opt string) (string, error) {
	key := fmt.Sprintf("ref %s %d %s", r.File, r.Line, opt)
	v, err := h.memo(key, func() (any, error) {
		prog, err := h.hostProgram(r, opt)
		if err != nil {
			return nil, err
		}
		if err := checkArgKinds(r, prog.params); err != nil {
			return nil, err
		}
		out, err := run(h.lli, h.lliArgs(prog, r)...)
		if err != nil {
			return nil, err
		}
		if err := checkFormat(r, out); err != nil {
			return nil, fmt.Errorf("reference output: %v", err)
		}
		return out, nil
	})
	s, _ := v.(string)
	return s, err
}

// lliArgs is the lli command line of one run of a reference program.
func (h *Harness) lliArgs(prog *hostProg, r *Run) []string {
	args := []string{prog.bitcode}
	if r.RTZ {
		args = append(args, "-rtz")
	}
	args = append(args, strconv.Itoa(r.Global), strconv.Itoa(r.Local))
	return append(args, r.ArgStrings()...)
}

// checkArgKinds verifies that a header's args fit the kernel's parameters.
func checkArgKinds(r *Run, params []string) error {
	if len(params) != len(r.Args) {
		return fmt.Errorf("%s:%d: kernel %s has %d parameters, header gives %d args",
			r.File, r.Line, r.Kernel, len(params), len(r.Args))
	}
	for i, p := range params {
		if irParamTypes[p].kind != r.Args[i].Kind {
			return fmt.Errorf("%s:%d: arg %d %q does not fit parameter type %s",
				r.File, r.Line, i, r.Args[i].Spec, p)
		}
	}
	return nil
}

// parseOutput splits vc4run-format output into "arg<i>" labels and words.
func parseOutput(out string) (labels []string, words [][]uint32, err error) {
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		label, rest, ok := strings.Cut(line, ":")
		if !ok {
			return nil, nil, fmt.Errorf("line %q: want arg<i>: words", line)
		}
		var ws []uint32
		for _, f := range strings.Fields(rest) {
			if len(f) != 10 || !strings.HasPrefix(f, "0x") {
				return nil, nil, fmt.Errorf("%s: word %q is not 0x%%08x", label, f)
			}
			v, err := strconv.ParseUint(f[2:], 16, 32)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: word %q: %v", label, f, err)
			}
			ws = append(ws, uint32(v))
		}
		labels = append(labels, label)
		words = append(words, ws)
	}
	return labels, words, nil
}

// checkFormat verifies output has one exactly formatted line per buffer
// argument, in parameter order, with the buffer's length.
func checkFormat(r *Run, out string) error {
	labels, words, err := parseOutput(out)
	if err != nil {
		return err
	}
	var want []string
	var counts []int
	for i, a := range r.Args {
		if a.IsBuffer() {
			want = append(want, fmt.Sprintf("arg%d", i))
			counts = append(counts, a.Count)
		}
	}
	if strings.Join(labels, " ") != strings.Join(want, " ") {
		return fmt.Errorf("buffer lines %v, want %v", labels, want)
	}
	for i := range labels {
		if len(words[i]) != counts[i] {
			return fmt.Errorf("%s has %d words, want %d", labels[i], len(words[i]), counts[i])
		}
	}
	if !strings.HasSuffix(out, "\n") {
		return fmt.Errorf("output does not end with a newline")
	}
	return nil
}

// ulpDistance is the number of representable floats between two patterns.
func ulpDistance(a, b uint32) int64 {
	ord := func(w uint32) int64 {
		if w&0x80000000 != 0 {
			return -int64(w & 0x7fffffff)
		}
		return int64(w)
	}
	d := ord(a) - ord(b)
	if d < 0 {
		d = -d
	}
	return d
}

// Compare checks actual against expected: integer buffers bit for bit,
// float buffers within r.ULP ulps (NaNs must match bit for bit). It lists
// the first mismatching elements of every buffer.
func Compare(r *Run, expected, actual string) error {
	if expected == actual {
		return nil
	}
	if err := checkFormat(r, actual); err != nil {
		return fmt.Errorf("malformed output: %v\n--- got:\n%s", err, clip(actual))
	}
	labels, want, _ := parseOutput(expected)
	_, got, _ := parseOutput(actual)
	var msgs []string
	b := 0
	for _, a := range r.Args {
		if !a.IsBuffer() {
			continue
		}
		bad := 0
		for k := range want[b] {
			e, g := want[b][k], got[b][k]
			ok := e == g
			if !ok && a.Kind == FloatBuf && r.ULP > 0 && !isNaN(e) && !isNaN(g) {
				ok = ulpDistance(e, g) <= int64(r.ULP)
			}
			if ok {
				continue
			}
			bad++
			if bad <= 8 {
				msgs = append(msgs, fmt.Sprintf("  %s[%d] = %s, want %s", labels[b], k, describe(a.Kind, g), describe(a.Kind, e)))
			}
		}
		if bad > 8 {
			msgs = append(msgs, fmt.Sprintf("  %s: %d mismatching elements in all", labels[b], bad))
		}
		b++
	}
	if len(msgs) == 0 {
		return nil
	}
	return fmt.Errorf("output differs from the lli reference:\n%s", strings.Join(msgs, "\n"))
}

func isNaN(w uint32) bool { return math.IsNaN(float64(math.Float32frombits(w))) }

func describe(k ArgKind, w uint32) string {
	if k == FloatBuf {
		return fmt.Sprintf("0x%08x (%g)", w, math.Float32frombits(w))
	}
	return fmt.Sprintf("0x%08x (%d)", w, int32(w))
}

func clip(s string) string {
	if len(s) > 2000 {
		return s[:2000] + "..."
	}
	return s
}

// kernelFiles lists the corpus.
func kernelFiles(root string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(root, "tests/vc4/kernels/*.cl"))
	if err == nil && len(files) == 0 {
		err = fmt.Errorf("no kernels in tests/vc4/kernels")
	}
	return files, err
}

// VC4runTimeout bounds one vc4run: corpus kernels need well under a
// million simulated cycles, while a miscompiled loop runs into vc4run's
// cycle limit only after minutes. LLTOSIMD_VC4_TIMEOUT (a Go duration)
// overrides it.
var VC4runTimeout = func() time.Duration {
	if d, err := time.ParseDuration(os.Getenv("LLTOSIMD_VC4_TIMEOUT")); err == nil && d > 0 {
		return d
	}
	return 20 * time.Second
}()

// ErrTimeout marks a vc4run that was killed by VC4runTimeout.
var ErrTimeout = errors.New("timed out")

// RunVC4run runs vc4run under VC4runTimeout.
func RunVC4run(name string, args ...string) (stdout, stderr string, code int, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), VC4runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	if ctx.Err() != nil {
		return out.String(), errb.String(), -1, fmt.Errorf("%w after %v (LLTOSIMD_VC4_TIMEOUT)", ErrTimeout, VC4runTimeout)
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.Exited() {
		return out.String(), errb.String(), ee.ExitCode(), nil
	}
	return out.String(), errb.String(), 0, err
}

// VC4runArgs is the vc4run command line (without the program) of one run
// of r on qpus QPUs with the kernel's spir IR ll, extra flags first.
func (r *Run) VC4runArgs(ll string, qpus int, flags ...string) []string {
	args := []string{"-qpus", strconv.Itoa(qpus), "-global", strconv.Itoa(r.Global),
		"-local", strconv.Itoa(r.Local), "-kernel", r.Kernel}
	args = append(args, flags...)
	for _, a := range r.Args {
		args = append(args, "-arg", a.Spec)
	}
	return append(args, ll)
}

// BuildVC4Run builds cmd/vc4run of the tree at root into work (or takes it
// from $LLTOSIMD_BIN_DIR) and returns its path.
func BuildVC4Run(root, work string) (string, error) {
	if dir := os.Getenv("LLTOSIMD_BIN_DIR"); dir != "" {
		p := filepath.Join(dir, "vc4run")
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("LLTOSIMD_BIN_DIR: %v", err)
		}
		return p, nil
	}
	if _, err := os.Stat(filepath.Join(root, "cmd/vc4run")); err != nil {
		return "", fmt.Errorf("cmd/vc4run does not exist in this tree (%v)", err)
	}
	out := filepath.Join(work, "vc4run")
	c := exec.Command("go", "build", "-o", out, "./cmd/vc4run")
	c.Dir = root
	if msg, err := c.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/vc4run: %v\n%s", err, msg)
	}
	return out, nil
}
