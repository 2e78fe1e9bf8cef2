// Package campaign runs differential-testing campaigns against lltosimd:
//
//   - csmith: random C programs (csmith 2.3) compiled by clang-14 for the
//     mipsel triple (and, for a subset, the host triple), compiled by
//     lltosimd and run on cpu0sim; the printed checksum must equal what lli
//     prints for the host-triple IR of the same program.
//   - llvm-stress: random IR modules that lltosimd must either compile or
//     reject with a clear "unsupported: …" error, never crash on; modules
//     that compile are wrapped in a main that calls the function on fixed
//     buffers and prints their hash, compared with lli.
//   - vc4: random OpenCL C kernels (GenVC4Kernel) run on vc4run against
//     the work-item-by-work-item lli reference of tests/vc4 (vc4.go).
//   - fuzzing: see the Fuzz* targets in the test files.
//
// The command tests/campaign/cmd/campaign (`make csmith`, `make stress`,
// `make cfg`, `make vc4-fuzz`)
// runs large campaigns and prints summary tables; `go test
// ./tests/campaign` runs a small fixed slice of each.
//
// Every case ends in exactly one Outcome. Cases whose reference cannot be
// established (lli timeout, simulator step limit) are Skipped with a reason
// and counted, never dropped.
package campaign

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"lltosimd/tests/internal/testtools"
)

// Outcome classifies one campaign case.
type Outcome int

// Outcomes, in table order.
const (
	Matched     Outcome = iota // ran and printed what lli printed
	Mismatched                 // ran, output or exit code differs from lli
	Crashed                    // lltosimd panicked/failed, or the simulator reported an error
	Skipped                    // no trustworthy reference or run (timeouts, generator failures)
	Unsupported                // lltosimd rejected a construct with "unsupported: …" (stress)
	Compiled                   // compiled; no execution was attempted (stress)
)

var outcomeNames = [...]string{"matched", "mismatched", "crashed", "skipped", "unsupported", "compiled-only"}

func (o Outcome) String() string { return outcomeNames[o] }

// Result is the outcome of one case, with a short reason for everything but
// Matched and enough detail to reproduce it.
type Result struct {
	Case     string  // e.g. "csmith seed=12 default O2 mipsel cpu032II"
	Outcome  Outcome //
	Reason   string  // one-line category, e.g. "lli timeout", "sim: step limit"
	Detail   string  // longer diagnostics (diff, stderr), may be empty
	Compiled bool    // lltosimd produced assembly
	Ran      bool    // the simulator ran to completion
	Files    []string
	Note     string // how the case deviated from its plan, e.g. a variant swap
}

// Tools are the programs and directories a campaign uses.
type Tools struct {
	Root     string // repository root (holds go.mod)
	Work     string // scratch directory for generated files
	Clang    string
	LLI      string
	LLVMLink string
	Opt      string
	Csmith   string
	Stress   string // llvm-stress
	LLTOSIMD string
	Cpu0Sim  string
	// BWDSPRun is cmd/bwdsprun, the BWDSP runner; only campaigns that run
	// BWDSP cases (CsmithConfig.BWDSP) need it.
	BWDSPRun string

	// CsmithInclude is the directory holding csmith.h.
	CsmithInclude string
	// LLITimeout bounds one lli run; CompileTimeout one clang or lltosimd
	// run; SimTimeout one cpu0sim run (whose own bound is MaxSteps).
	LLITimeout, CompileTimeout, SimTimeout time.Duration
	// MaxSteps is cpu0sim's instruction limit.
	MaxSteps int

	mu    sync.Mutex
	cache map[string]*memo
}

type memo struct {
	once sync.Once
	val  []string
	err  error
}

// NewTools locates the external tools. lltosimd and cpu0sim are the given
// binaries (build them first). Missing tools are an error, so a campaign is
// never silently empty.
func NewTools(root, work, lltosimd, cpu0sim string) (*Tools, error) {
	t := &Tools{
		Root: root, Work: work, LLTOSIMD: lltosimd, Cpu0Sim: cpu0sim,
		CsmithInclude:  "/usr/include/csmith",
		LLITimeout:     20 * time.Second,
		CompileTimeout: 120 * time.Second,
		SimTimeout:     120 * time.Second,
		MaxSteps:       200_000_000,
		cache:          map[string]*memo{},
	}
	var errs []error
	for _, x := range []struct {
		dst       *string
		env, name string
	}{
		{&t.Clang, "CLANG", "clang-14"}, {&t.LLI, "LLI", "lli"},
		{&t.LLVMLink, "LLVM_LINK", "llvm-link"}, {&t.Opt, "OPT", "opt"},
		{&t.Csmith, "CSMITH", "csmith"}, {&t.Stress, "LLVM_STRESS", "llvm-stress"},
	} {
		p, err := testtools.FindTool(x.env, x.name)
		if err != nil {
			errs = append(errs, err)
		}
		*x.dst = p
	}
	if d := os.Getenv("CSMITH_INCLUDE"); d != "" {
		t.CsmithInclude = d
	}
	if _, err := os.Stat(filepath.Join(t.CsmithInclude, "csmith.h")); err != nil {
		errs = append(errs, fmt.Errorf("csmith.h not found in %s (apt-get install libcsmith-dev)", t.CsmithInclude))
	}
	if t.Clang != "" {
		if err := t.checkNative32(); err != nil {
			errs = append(errs, err)
		}
	}
	return t, errors.Join(errs...)
}

// checkNative32 makes sure clang can build and link 32-bit host programs,
// which the csmith campaign needs to tell ILP32-dependent programs apart.
func (t *Tools) checkNative32() error {
	dir, err := os.MkdirTemp("", "m32-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, "m32.c")
	if err := os.WriteFile(src, []byte("#include <stdio.h>\nint main(void){printf(\"%d\\n\",(int)sizeof(long));return 0;}\n"), 0o644); err != nil {
		return err
	}
	exe := filepath.Join(dir, "m32")
	_, stderr, code, to, err := run(t.CompileTimeout, dir, t.Clang, "-m32", "-o", exe, src)
	if err == nil && !to && code == 0 {
		var out string
		out, _, code, to, err = run(t.CompileTimeout, dir, exe)
		if err == nil && !to && code == 0 && out == "4\n" {
			return nil
		}
	}
	return fmt.Errorf("%s -m32 cannot build and run a 32-bit program (apt-get install gcc-multilib; make setup does): %s", t.Clang, firstLine(stderr))
}

// Parallel calls f(0..n-1) on j goroutines.
func Parallel(n, j int, f func(int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for k := 0; k < j; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}

// run executes a command with a timeout. timedOut reports a timeout; err is
// set only when the command could not be started.
func run(timeout time.Duration, dir, name string, args ...string) (stdout, stderr string, code int, timedOut bool, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.WaitDelay = 5 * time.Second
	err = cmd.Run()
	if ctx.Err() == context.DeadlineExceeded {
		return out.String(), errb.String(), -1, true, nil
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return out.String(), errb.String(), ee.ExitCode(), false, nil
	}
	if err != nil {
		return out.String(), errb.String(), -1, false, err
	}
	return out.String(), errb.String(), 0, false, nil
}

// firstLine returns the first non-empty line of s, shortened.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			if len(l) > 160 {
				l = l[:160] + "…"
			}
			return l
		}
	}
	return ""
}

// compileErrorKind classifies a failed lltosimd run: "unsupported" for a
// clean rejection of a construct, "ice" for a recovered panic (internal
// compiler error), a Go runtime crash or invalid MIR after a pass (the
// campaigns compile with -verify-machineinstrs), "error" for any other
// diagnostic.
func compileErrorKind(stderr string, code int) string {
	switch {
	case strings.Contains(stderr, "internal compiler error"), strings.Contains(stderr, "panic:"),
		strings.Contains(stderr, "goroutine "), strings.Contains(stderr, "fatal error:"), code != 1,
		strings.Contains(stderr, "MIR verifier failed"): // a pass broke the MIR: a compiler bug
		return "ice"
	case strings.Contains(stderr, "unsupported"):
		return "unsupported"
	}
	return "error"
}

// unsupportedConstruct extracts the construct from an "unsupported: …"
// diagnostic, dropping positions and function names so that equal
// constructs count together: "vector type", "floating-point type 'float'".
func unsupportedConstruct(stderr string) string {
	line := firstLine(stderr[strings.Index(stderr, "unsupported"):])
	line = strings.TrimPrefix(strings.TrimPrefix(line, "unsupported"), ":")
	if i := strings.Index(line, " in function"); i >= 0 {
		line = line[:i]
	}
	line = strings.TrimSpace(line)
	// Vector types differ only by shape: count them as one construct.
	if strings.HasPrefix(line, "vector type") {
		return "vector type"
	}
	return line
}

// lltosimd compiles ll to asm with the MIR verifier on (and any further
// flags); kind is "" on success, else compileErrorKind's class of the
// failure, with the diagnostics in msg.
func (t *Tools) lltosimd(ll, asm, march, cpu, opt string, flags ...string) (kind, msg string) {
	args := append([]string{testtools.Verify, "-march=" + march, "-mcpu=" + cpu, "-" + opt, "-o", asm}, flags...)
	_, stderr, code, timedOut, err := run(t.CompileTimeout, t.Work, t.LLTOSIMD, append(args, ll)...)
	switch {
	case err != nil:
		return "ice", "lltosimd: " + err.Error()
	case timedOut:
		return "ice", fmt.Sprintf("lltosimd: timeout after %v", t.CompileTimeout)
	case code != 0:
		return compileErrorKind(stderr, code), stderr
	}
	return "", ""
}

// Runtime compiles runtime/cpu0 with the lltosimd under test for one
// -march/-mcpu pair and returns the assembly files to link (the hand-written
// runtime/cpu0/*.s first).
func (t *Tools) Runtime(march, cpu string) ([]string, error) {
	m := t.memo(march + "-" + cpu)
	m.once.Do(func() { m.val, m.err = t.buildRuntime(march, cpu) })
	return m.val, m.err
}

// memo returns the cache entry of key, creating it on first use.
func (t *Tools) memo(key string) *memo {
	t.mu.Lock()
	defer t.mu.Unlock()
	m := t.cache[key]
	if m == nil {
		m = &memo{}
		t.cache[key] = m
	}
	return m
}

func (t *Tools) buildRuntime(march, cpu string) ([]string, error) {
	triple := "mipsel-unknown-linux-gnu"
	if march == "cpu0" {
		triple = "mips-unknown-linux-gnu"
	}
	rtDir := filepath.Join(t.Root, "runtime", "cpu0")
	srcs, _ := filepath.Glob(filepath.Join(rtDir, "*.c"))
	if len(srcs) == 0 {
		return nil, fmt.Errorf("no runtime sources in %s", rtDir)
	}
	sort.Strings(srcs)
	dir := filepath.Join(t.Work, "rt-"+march+"-"+cpu)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	files, _ := filepath.Glob(filepath.Join(rtDir, "*.s")) // hand-written: halt.s, setjmp.s
	if len(files) == 0 {
		return nil, fmt.Errorf("no runtime assembly in %s", rtDir)
	}
	for _, src := range srcs {
		base := strings.TrimSuffix(filepath.Base(src), ".c")
		ll := filepath.Join(dir, base+".ll")
		_, stderr, code, to, err := run(t.CompileTimeout, dir, t.Clang, "--target="+triple, "-O2",
			"-ffreestanding", "-fno-builtin", "-S", "-emit-llvm", "-o", ll, src)
		if err != nil || to || code != 0 {
			return nil, fmt.Errorf("runtime: clang %s: %v %s", src, err, stderr)
		}
		s := filepath.Join(dir, base+".s")
		if kind, msg := t.lltosimd(ll, s, march, cpu, "O2"); kind != "" {
			return nil, fmt.Errorf("runtime: lltosimd %s: %s", ll, msg)
		}
		files = append(files, s)
	}
	return files, nil
}

// simulate runs the linked program on cpu0sim (bwdsprun for march
// bwdsp). It returns a non-empty skip or crash reason when the run did not
// complete normally.
func (t *Tools) simulate(march, cpu string, maxSteps int, asm ...string) (stdout string, code int, skip, crash, detail string) {
	if march == "bwdsp" {
		return t.simulateBWDSP(maxSteps, asm...)
	}
	rt, err := t.Runtime(march, cpu)
	if err != nil {
		return "", 0, "", "runtime build failed", err.Error()
	}
	args := []string{"-mcpu=" + cpu, fmt.Sprintf("-max-steps=%d", maxSteps)}
	if march == "cpu0el" {
		args = append(args, "-el")
	}
	args = append(append(args, asm...), rt...)
	stdout, stderr, code, timedOut, err := run(t.SimTimeout, t.Work, t.Cpu0Sim, args...)
	switch {
	case err != nil:
		return "", 0, "", "sim: " + err.Error(), ""
	case timedOut:
		return stdout, 0, fmt.Sprintf("sim: wall-clock timeout %v", t.SimTimeout), "", ""
	case strings.Contains(stderr, "step limit of"):
		return stdout, code, "sim: step limit", "", firstLine(stderr)
	case strings.Contains(stderr, "cpu0sim:"):
		return stdout, code, "", "sim: " + simErrorKind(stderr), stderr
	}
	return stdout, code, "", "", ""
}

// simulateBWDSP links the program with the startup code and the C runtime
// compiled for BWDSP (bwdsprun -crt0 -rt, whose runtime lives in the
// runner's cache) and runs it for at most maxSteps bundles.
func (t *Tools) simulateBWDSP(maxSteps int, asm ...string) (stdout string, code int, skip, crash, detail string) {
	if t.BWDSPRun == "" {
		return "", 0, "", "sim: no bwdsprun (Tools.BWDSPRun)", ""
	}
	// The first run builds the runtime into the cache: one build, not one
	// per parallel job (-d assembles and links without running).
	m := t.memo("bwdsp-rt")
	m.once.Do(func() {
		_, stderr, code, to, err := run(t.CompileTimeout*4, t.Work, t.BWDSPRun, "-crt0", "-rt", "-d", asm[0])
		if err != nil || to || code != 0 {
			m.err = fmt.Errorf("building the BWDSP runtime: exit %d %v %s", code, err, stderr)
		}
	})
	if m.err != nil {
		return "", 0, "", "runtime build failed", m.err.Error()
	}
	args := append([]string{"-crt0", "-rt", fmt.Sprintf("-max-bundles=%d", maxSteps)}, asm...)
	stdout, stderr, code, timedOut, err := run(t.SimTimeout, t.Work, t.BWDSPRun, args...)
	switch {
	case err != nil:
		return "", 0, "", "sim: " + err.Error(), ""
	case timedOut:
		return stdout, 0, fmt.Sprintf("sim: wall-clock timeout %v", t.SimTimeout), "", ""
	case strings.Contains(stderr, "bwdsprun: stopped after"):
		return stdout, code, "sim: bundle limit", "", firstLine(stderr)
	case strings.Contains(stderr, "bwdsprun:"), code == 2 && stderr != "":
		return stdout, code, "", "sim: " + bwdspFaultKind(stderr), stderr
	}
	return stdout, code, "", "", ""
}

// bwdspFaultKind shortens a bwdsprun diagnostic to its category, without
// position, bundle, instruction, lane and addresses:
// "bwdsprun: f.s:12: bundle 40 in main, instruction 1 `xR1 = [U0 + 0]`,
// lane x: misaligned 4-byte load at address 0x1002" becomes "misaligned
// 4-byte load at address".
func bwdspFaultKind(stderr string) string {
	l := strings.TrimPrefix(firstLine(stderr), "bwdsprun: ")
	if i := strings.Index(l, "`"); i >= 0 {
		if j := strings.LastIndex(l, "`"); j > i {
			l = l[:i] + l[j+1:]
		}
	}
	if i := strings.LastIndex(l, ": "); i >= 0 {
		l = l[i+2:]
	}
	l = hexRE.ReplaceAllString(l, "")
	return strings.Join(strings.Fields(l), " ")
}

// simErrorKind shortens a simulator diagnostic to its category, without
// the pc, addresses and function, so equal failures count together:
// "cpu0sim: cpu0 sim: pc 0x… (word 0x…): misaligned 4-byte store to 0x…
// (in f+0x70)" becomes "misaligned 4-byte store".
func simErrorKind(stderr string) string {
	l := firstLine(stderr)
	l = strings.TrimPrefix(l, "cpu0sim: ")
	if strings.HasPrefix(l, "cpu0 sim: pc ") {
		if i := strings.Index(l, "): "); i >= 0 {
			l = l[i+3:]
		}
	}
	if i := strings.Index(l, " (in "); i >= 0 {
		l = l[:i]
	}
	l = hexRE.ReplaceAllString(l, "")
	return strings.Join(strings.Fields(strings.TrimSuffix(strings.TrimSpace(l), " to")), " ")
}

var hexRE = regexp.MustCompile(`\b(to |from )?0x[0-9a-fA-F]+\b`)

// undefinedBehaviourFault reports whether a simulator fault is what a
// program with undefined behaviour may provoke (a bad address, a
// misaligned access, a division by zero), as opposed to one only a broken
// compiler causes (an undefined opcode, a fetch outside the text).
func undefinedBehaviourFault(kind string) bool {
	for _, k := range []string{"misaligned", "outside memory", "division by zero"} {
		if strings.Contains(kind, k) {
			return true
		}
	}
	return false
}

// Tally counts results for the summary table.
type Tally struct {
	Title    string
	Programs int // distinct generated programs (not cases)
	Cases    int
	Compiled int
	Ran      int
	By       map[Outcome]int
	Reasons  map[string]int // "outcome: reason" → count
	Failures []Result       // mismatched and crashed cases, for the report
	Notes    map[string]int // Result.Note → count
}

// NewTally returns an empty tally.
func NewTally(title string) *Tally {
	return &Tally{Title: title, By: map[Outcome]int{}, Reasons: map[string]int{}, Notes: map[string]int{}}
}

// Add counts one result.
func (t *Tally) Add(r Result) {
	t.Cases++
	if r.Compiled {
		t.Compiled++
	}
	if r.Ran {
		t.Ran++
	}
	t.By[r.Outcome]++
	if r.Outcome != Matched && r.Outcome != Compiled {
		t.Reasons[r.Outcome.String()+": "+r.Reason]++
	}
	if r.Outcome == Mismatched || r.Outcome == Crashed {
		t.Failures = append(t.Failures, r)
	}
	if r.Note != "" {
		t.Notes[r.Note]++
	}
}

// Print writes the summary table.
func (t *Tally) Print(w io.Writer, outcomes ...Outcome) {
	fmt.Fprintf(w, "\n== %s ==\n", t.Title)
	fmt.Fprintf(w, "  %-14s %6d\n", "programs", t.Programs)
	fmt.Fprintf(w, "  %-14s %6d\n", "cases", t.Cases)
	fmt.Fprintf(w, "  %-14s %6d\n", "compiled", t.Compiled)
	fmt.Fprintf(w, "  %-14s %6d\n", "ran", t.Ran)
	for _, o := range outcomes {
		fmt.Fprintf(w, "  %-14s %6d\n", o, t.By[o])
	}
	printCounts(w, "reasons", t.Reasons)
	printCounts(w, "notes (cases)", t.Notes)
	for _, f := range t.Failures {
		fmt.Fprintf(w, "  %s: %s: %s\n", f.Outcome, f.Case, f.Reason)
	}
}

// printCounts writes a titled count table, largest first.
func printCounts(w io.Writer, title string, m map[string]int) {
	if len(m) == 0 {
		return
	}
	fmt.Fprintf(w, "  %s:\n", title)
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	for _, k := range keys {
		fmt.Fprintf(w, "    %6d  %s\n", m[k], k)
	}
}
