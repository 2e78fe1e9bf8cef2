package vc4test

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"lltosimd/tests/internal/testtools"
)

// reportFile, when set, makes TestVC4 run vc4run with -stats and write a
// per-kernel statistics table there ("-" = stdout). scripts/vc4-report.sh
// uses it.
var reportFile = flag.String("vc4report", "", "write a table of vc4run -stats per kernel run to this file (- for stdout)")

// benchQPUs are the QPU counts of TestBenchVC4 (make bench-vc4).
var benchQPUs = []int{1, 4, 12}

// extraFlags are vc4run flags from $LLTOSIMD_VC4_FLAGS (space-separated),
// e.g. LLTOSIMD_VC4_FLAGS=-cache-model=incoherent runs the corpus on the
// incoherent cache model.
func extraFlags() []string { return strings.Fields(os.Getenv("LLTOSIMD_VC4_FLAGS")) }

// qpusOverride returns the QPU counts of $LLTOSIMD_VC4_QPUS (e.g. 1,3,12),
// which replace every header's qpus= in TestVC4, or nil.
func qpusOverride(t *testing.T) []int {
	var qs []int
	for _, f := range strings.Split(os.Getenv("LLTOSIMD_VC4_QPUS"), ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			t.Fatalf("LLTOSIMD_VC4_QPUS: bad QPU count %q", f)
		}
		qs = append(qs, n)
	}
	return qs
}

var (
	h         *Harness
	vc4run    string // path of the vc4run binary
	vc4runErr error  // why there is none
	setupErr  error
)

// TestMain builds cmd/vc4run into a temporary directory (or takes it from
// $LLTOSIMD_BIN_DIR) and locates the LLVM tools. A failure is recorded and
// reported by the tests that need the tool, so that the reference tests run
// even while cmd/vc4run does not build.
func TestMain(m *testing.M) {
	flag.Parse()
	code := func() int {
		root, err := repoRoot()
		if err != nil {
			setupErr = err
			return m.Run()
		}
		work, err := os.MkdirTemp("", "lltosimd-vc4-")
		if err != nil {
			setupErr = err
			return m.Run()
		}
		defer os.RemoveAll(work)
		h = NewHarness(root, work)
		vc4run, vc4runErr = BuildVC4Run(root, work)
		code := m.Run()
		if *reportFile != "" {
			if err := writeReport(*reportFile); err != nil {
				fmt.Fprintln(os.Stderr, "vc4report:", err)
				code = 1
			}
		}
		return code
	}()
	os.Exit(code)
}

func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("go.mod not found above the working directory")
		}
		dir = parent
	}
}

// needTools fails the test when the harness or an LLVM tool is missing.
func needTools(t *testing.T) {
	t.Helper()
	if setupErr != nil {
		t.Fatal(setupErr)
	}
	if h.toolErr != nil {
		t.Fatal(h.toolErr)
	}
}

// corpus parses every kernel file's headers.
func corpus(t *testing.T) map[string][]*Run {
	t.Helper()
	files, err := kernelFiles(h.root)
	if err != nil {
		t.Fatal(err)
	}
	all := map[string][]*Run{}
	for _, f := range files {
		runs, err := ParseKernelFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all[f] = runs
	}
	return all
}

func kernelName(file string) string { return strings.TrimSuffix(filepath.Base(file), ".cl") }

// TestCorpus checks the headers and that every kernel compiles for spir at
// both optimisation levels without warnings, and that lltosimd -march=vc4
// compiles the whole module (its kernels; helper functions are inlined, not
// compiled as kernels), from the host-triple IR too where a header runs it.
func TestCorpus(t *testing.T) {
	needTools(t)
	lltosimd := testtools.Binary(t, "lltosimd")
	all := corpus(t)
	if len(all) < 25 {
		t.Errorf("corpus has %d kernels, want at least 25", len(all))
	}
	kinds := map[string]int{}
	for f, runs := range all {
		for _, r := range runs {
			kinds[r.Kind]++
		}
		t.Run(kernelName(f), func(t *testing.T) {
			t.Parallel()
			for _, opt := range opts {
				ll, err := h.VC4IR(f, opt)
				if err != nil {
					t.Error(err)
					continue
				}
				irs := []string{ll}
				for _, r := range runs {
					if r.Host {
						hl, err := h.KernelIR(r, opt)
						if err != nil {
							t.Error(err)
							continue
						}
						irs = append(irs, hl)
					}
				}
				for _, ir := range irs {
					if _, err := run(lltosimd, "-march=vc4", testtools.Verify, ir, "-o", os.DevNull); err != nil {
						t.Error(err)
					}
				}
			}
		})
	}
	if kinds["uniform"] == 0 || kinds["divergent"] == 0 {
		t.Errorf("corpus runs by kind %v: want both uniform and divergent inputs", kinds)
	}
}

// TestDriverInit checks the reference driver against the contract: the
// buffers it builds from every form of -arg spec, and the scalars it
// passes, equal what the Go implementation of the contract (InitWords)
// computes. testdata/echo.cl copies its scalars into a buffer.
func TestDriverInit(t *testing.T) {
	needTools(t)
	file := filepath.Join(h.root, "tests/vc4/testdata/echo.cl")
	r, err := parseHeader("kind=uniform global=32 local=8 args="+strings.Join([]string{
		"int:40:seq",
		"int:7:seq:-2147483648:-1000000007",
		"int:33:rand:12345",
		"int:6:list:-2147483648,-1,0,1,2147483647,4294967295",
		"int:1:zero",
		"float:9:seq:-1.5:0.375", "float:11:seq:0.1:0.3",
		"float:17:rand:0",
		"float:5:list:0.1,-2.5,1e10,-0,3.4028235e38",
		"i32:-123456789", "f32:0.3", "int:8:seq:7:0",
	}, ","), []string{"echo"})
	if err != nil {
		t.Fatal(err)
	}
	r.File = file
	got, err := h.Reference(r, "O2")
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for i, a := range r.Args {
		if !a.IsBuffer() {
			continue
		}
		words, err := InitWords(a)
		if err != nil {
			t.Fatal(err)
		}
		if i == len(r.Args)-1 { // echo's output buffer
			s, _ := ScalarBits(r.Args[i-2])
			f, _ := ScalarBits(r.Args[i-1])
			words = []uint32{s, f, uint32(r.Global), uint32(r.Local), uint32(r.Global / r.Local), 0, 0, 0}
			// Work-items run in global id order: the last one writes.
			words[5] = uint32(r.Global - 1)
			words[6] = uint32(r.Local - 1)
			words[7] = uint32(r.Global/r.Local - 1)
		}
		fmt.Fprintf(&want, "arg%d:", i)
		for _, w := range words {
			fmt.Fprintf(&want, " 0x%08x", w)
		}
		want.WriteString("\n")
	}
	if got != want.String() {
		t.Errorf("reference driver output:\n%s\nwant:\n%s", got, want.String())
	}
}

// TestReference runs every kernel on lli alone and checks that the
// references are sane: well-formed, deterministic, equal at -O0 and -O2,
// and that every kernel changes some buffer in at least one run.
func TestReference(t *testing.T) {
	needTools(t)
	for f, runs := range corpus(t) {
		t.Run(kernelName(f), func(t *testing.T) {
			t.Parallel()
			changed := false
			for _, r := range runs {
				outs := map[string]string{}
				for _, opt := range opts {
					out, err := h.Reference(r, opt)
					if err != nil {
						t.Errorf("%s %s: %v", r.Label(), opt, err)
						continue
					}
					outs[opt] = out
					again, err := h.rerunReference(r, opt)
					if err != nil {
						t.Errorf("%s %s: %v", r.Label(), opt, err)
					} else if again != out {
						t.Errorf("%s %s: reference is not deterministic", r.Label(), opt)
					}
				}
				if len(outs) != len(opts) {
					continue
				}
				if err := Compare(r, outs["O0"], outs["O2"]); err != nil {
					t.Errorf("%s: -O2 reference differs from -O0: %v", r.Label(), err)
				}
				if differsFromInit(t, r, outs["O0"]) {
					changed = true
				}
			}
			if !changed {
				t.Errorf("no run of %s changes any buffer", kernelName(f))
			}
		})
	}
}

// rerunReference runs the linked reference program again, bypassing the memo.
func (h *Harness) rerunReference(r *Run, opt string) (string, error) {
	prog, err := h.hostProgram(r, opt)
	if err != nil {
		return "", err
	}
	return run(h.lli, h.lliArgs(prog, r)...)
}

// differsFromInit reports whether out differs from the initial buffers.
func differsFromInit(t *testing.T, r *Run, out string) bool {
	_, words, err := parseOutput(out)
	if err != nil {
		t.Fatal(err)
	}
	b := 0
	for _, a := range r.Args {
		if !a.IsBuffer() {
			continue
		}
		init, err := InitWords(a)
		if err != nil {
			t.Fatal(err)
		}
		for k := range init {
			if init[k] != words[b][k] {
				return true
			}
		}
		b++
	}
	return false
}

// TestVC4 is the execution test: every kernel × -O0/-O2 × header line ×
// QPU count on vc4run, compared with the lli reference.
// skipFewQPUs skips a strict=1 header's run on a QPU count the header
// does not list (LLTOSIMD_VC4_QPUS, the benchmark's counts).
func skipFewQPUs(t *testing.T, r *Run, q int) {
	if !r.Strict || slices.Contains(r.QPUs, q) {
		return
	}
	t.Skipf("strict=1: only on -qpus %v", r.QPUs)
}

func TestVC4(t *testing.T) {
	needTools(t)
	if vc4runErr != nil {
		t.Fatalf("vc4run is not available: %v", vc4runErr)
	}
	override := qpusOverride(t)
	for f, runs := range corpus(t) {
		t.Run(kernelName(f), func(t *testing.T) {
			t.Parallel()
			for _, opt := range opts {
				for _, r := range runs {
					var timedOut error
					qpus := r.QPUs
					if override != nil {
						qpus = override
					}
					for _, q := range qpus {
						name := fmt.Sprintf("%s/%s/q%d", opt, r.Label(), q)
						t.Run(name, func(t *testing.T) {
							skipFewQPUs(t, r, q)
							// A hang costs a whole timeout; don't pay it
							// again for the same code with more QPUs.
							if timedOut != nil {
								recordStats(r, opt, q, "error", "")
								t.Fatalf("not run: %v", timedOut)
							}
							if err := runVC4(t, r, opt, q); errors.Is(err, ErrTimeout) {
								timedOut = fmt.Errorf("the run with -qpus %d %v", q, err)
							}
						})
					}
				}
			}
		})
	}
}

// TestBenchVC4 is make bench-vc4: for every corpus kernel the header line
// with the most waves (the first of those), at -O2 on 1, 4 and 12 QPUs,
// checked against lli, with the statistics table written to -vc4report.
// It only runs when -vc4report is given.
func TestBenchVC4(t *testing.T) {
	if *reportFile == "" {
		t.Skip("needs -vc4report (make bench-vc4)")
	}
	needTools(t)
	if vc4runErr != nil {
		t.Fatalf("vc4run is not available: %v", vc4runErr)
	}
	waves := func(r *Run) int { return r.Global / r.Local * ((r.Local + 15) / 16) }
	qpus := benchQPUs
	if qs := qpusOverride(t); qs != nil {
		qpus = qs
	}
	for f, runs := range corpus(t) {
		r := runs[0]
		for _, x := range runs {
			if waves(x) > waves(r) {
				r = x
			}
		}
		t.Run(kernelName(f), func(t *testing.T) {
			t.Parallel()
			for _, q := range qpus {
				t.Run(fmt.Sprintf("q%d", q), func(t *testing.T) {
					skipFewQPUs(t, r, q)
					runVC4(t, r, "O2", q)
				})
			}
		})
	}
}

// runVC4 runs one case on vc4run and compares it with the reference; it
// returns vc4run's error (after failing t) so that the caller can see a
// timeout.
func runVC4(t *testing.T, r *Run, opt string, qpus int) error {
	// Past go test's -timeout the process panics and loses every result:
	// rather fail the runs that no longer fit.
	if deadline, ok := t.Deadline(); ok && time.Until(deadline) < VC4runTimeout+30*time.Second {
		recordStats(r, opt, qpus, "not run", "")
		t.Errorf("not run: go test -timeout leaves too little time (use -timeout 30m)")
		return nil
	}
	expected, err := h.Reference(r, opt)
	if err != nil {
		t.Errorf("reference: %v", err)
		return nil
	}
	ll, err := h.KernelIR(r, opt)
	if err != nil {
		t.Error(err)
		return nil
	}
	flags := extraFlags()
	if *reportFile != "" {
		flags = append(flags, "-stats")
	}
	args := r.VC4runArgs(ll, qpus, flags...)
	repro := "vc4run " + strings.Join(args, " ")
	stdout, stderr, code, err := RunVC4run(vc4run, args...)
	if err != nil || code != 0 {
		status := "error"
		if errors.Is(err, ErrTimeout) {
			status = "timeout"
		}
		recordStats(r, opt, qpus, status, "")
		t.Errorf("%s:%d (%s): vc4run failed: exit %d %v\n%s\nreproduce: %s", r.File, r.Line, opt, code, err, clip(stderr), repro)
		return err
	}
	if err := Compare(r, expected, stdout); err != nil {
		recordStats(r, opt, qpus, "WRONG", stderr)
		t.Errorf("%s:%d (%s): %v\nreproduce: %s", r.File, r.Line, opt, err, repro)
		return nil
	}
	recordStats(r, opt, qpus, "ok", stderr)
	return nil
}
