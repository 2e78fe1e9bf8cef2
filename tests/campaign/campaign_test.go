package campaign

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"lltosimd/tests/internal/testtools"
	vc4test "lltosimd/tests/vc4"
)

// The CI slices: a fixed, small part of each campaign (make csmith / make
// stress run the large ones), sized for a few minutes on a loaded 2-core
// machine: csmith programs cost seconds each (clang, lli and the simulator
// on ~1500-line programs), llvm-stress modules a fraction of a second, and
// only every third one is also optimized and run. -short shrinks them
// further.
const (
	ciCsmithSeeds      = 6
	ciStressSeeds      = 300
	ciStressExecEvery  = 3
	ciShortCsmithSeeds = 4
	ciBWDSPSeeds       = 4
	ciShortBWDSPSeeds  = 2
	ciShortStressSeeds = 40
)

func newTools(t *testing.T) *Tools {
	t.Helper()
	root := testtools.RepoRoot(t)
	tools, err := NewTools(root, t.TempDir(), testtools.Binary(t, "lltosimd"), testtools.Binary(t, "cpu0sim"))
	if err != nil {
		t.Fatal(err)
	}
	return tools
}

// failIfBad fails the test for every mismatched or crashed case and logs
// the table.
func failIfBad(t *testing.T, tl *Tally, outcomes ...Outcome) {
	t.Helper()
	var b strings.Builder
	tl.Print(&b, outcomes...)
	t.Log(b.String())
	for _, r := range tl.Failures {
		t.Errorf("%s: %s: %s\n%s", r.Outcome, r.Case, r.Reason, r.Detail)
	}
}

// TestCsmithSlice runs csmith seeds 1..6 at -O0 and -O2 on cpu032II
// (the last seed also from host-triple IR) against lli.
func TestCsmithSlice(t *testing.T) {
	tools := newTools(t)
	n := ciCsmithSeeds
	if testing.Short() {
		n = ciShortCsmithSeeds
	}
	csmithSlice(t, tools, "csmith CI slice", n, CsmithConfig{Opts: []string{"O0", "O2"}, CPUs: []string{"cpu032II"}})
}

// csmithSlice runs csmith seeds 1..n (profiles in turn; the last seed
// also from host-triple IR) under cfg, two at a time (CI machines have
// two cores), and fails on any case that did not match lli or on a slice
// that matched nothing.
func csmithSlice(t *testing.T, tools *Tools, name string, n int, cfg CsmithConfig) {
	tl := NewTally(name)
	var mu sync.Mutex
	Parallel(n, 2, func(i int) {
		c := cfg
		c.Host = i == n-1
		rs := tools.RunCsmith(1+i, CsmithProfiles[i%len(CsmithProfiles)], c)
		mu.Lock()
		defer mu.Unlock()
		tl.Programs++
		for _, r := range rs {
			tl.Add(r)
		}
	})
	failIfBad(t, tl, Matched, Mismatched, Crashed, Skipped, Unsupported)
	if tl.By[Matched] == 0 {
		t.Errorf("no case of the %s matched: the slice tested nothing", name)
	}
}

// TestCsmithSliceBWDSP runs csmith seeds 1..4 at -O0 and -O2 compiled
// with -march=bwdsp on bwdsprun (the C runtime built into a cache private
// to the test) against lli; the last seed also from host-triple IR.
func TestCsmithSliceBWDSP(t *testing.T) {
	tools := newTools(t)
	tools.BWDSPRun = testtools.Binary(t, "bwdsprun")
	t.Setenv("LLTOSIMD_CACHE_DIR", filepath.Join(t.TempDir(), "cache"))
	n := ciBWDSPSeeds
	if testing.Short() {
		n = ciShortBWDSPSeeds
	}
	csmithSlice(t, tools, "csmith CI slice, BWDSP", n, CsmithConfig{Opts: []string{"O0", "O2"}, BWDSP: true})
}

// TestBWDSPFaultKind checks that bwdsprun's faults count by category.
func TestBWDSPFaultKind(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"bwdsprun: x.s:12: bundle 40 in main, instruction 1 `xR1 = [U0 + 0]`, lane x: misaligned 4-byte load at address 0x1002\n", "misaligned 4-byte load at address"},
		{"bwdsprun: bundle 7, instruction 2 `xR1 = R2 / R3`, lane x: integer division by zero", "integer division by zero"},
	} {
		if got := bwdspFaultKind(c.in); got != c.want {
			t.Errorf("bwdspFaultKind(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// csmithWideSeeds are seeds whose packed-bitfields programs make clang
// access bit-field storage as integers wider than 64 bits (seed 27: i104
// and i128, seed 30: i152), which lltosimd once rejected.
var csmithWideSeeds = []int{27, 30}

// TestCsmithWideBitfields runs the packed-struct bit-field programs of
// csmithWideSeeds at -O0 and -O2 on cpu032II against lli.
func TestCsmithWideBitfields(t *testing.T) {
	tools := newTools(t)
	packed := CsmithProfiles[len(CsmithProfiles)-1]
	if packed.Name != "packed-bitfields" {
		t.Fatalf("the last csmith profile is %q, want packed-bitfields", packed.Name)
	}
	tl := NewTally("csmith wide bit-fields")
	var mu sync.Mutex
	Parallel(len(csmithWideSeeds), 2, func(i int) {
		rs := tools.RunCsmith(csmithWideSeeds[i], packed, CsmithConfig{Opts: []string{"O0", "O2"}, CPUs: []string{"cpu032II"}})
		mu.Lock()
		defer mu.Unlock()
		tl.Programs++
		for _, r := range rs {
			tl.Add(r)
		}
	})
	failIfBad(t, tl, Matched, Mismatched, Crashed, Skipped, Unsupported)
	if tl.By[Matched] != 2*len(csmithWideSeeds) {
		t.Errorf("%d of %d cases matched", tl.By[Matched], 2*len(csmithWideSeeds))
	}
}

// TestCsmithDataModel checks the ILP32/LP64 detection: csmith writes LP64
// programs, and seed 307 stores ~(x & 1UL) into an int64_t, which is
// 0xFFFFFFFE under the mipsel triple and -2 under lli's host triple. The
// first campaign reported it as a mismatch (cpu0 printed what a clang -m32
// build prints); it must run as host IR and match.
func TestCsmithDataModel(t *testing.T) {
	tools := newTools(t)
	dir := t.TempDir()
	for _, c := range []struct {
		src string
		dep bool
	}{
		{"#include <stdio.h>\n#include <stdint.h>\nint x = 1;\nint main(void){int64_t g = ~(x & 1UL); printf(\"%lld\\n\", (long long)g); return 0;}\n", true},
		{"#include <stdio.h>\n#include <stdint.h>\nint x = 1;\nint main(void){int64_t g = ~(x & 1ULL); printf(\"%lld\\n\", (long long)g); return 0;}\n", false},
	} {
		src := filepath.Join(dir, "dm.c")
		if err := os.WriteFile(src, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		if dep, why := tools.dataModel(dir, src); dep != c.dep {
			t.Errorf("dataModel = %v (%s), want %v for\n%s", dep, why, c.dep, c.src)
		}
	}
	tl := NewTally("csmith seed 307")
	for _, r := range tools.RunCsmith(307, CsmithProfiles[0], CsmithConfig{Opts: []string{"O0"}, CPUs: []string{"cpu032II"}}) {
		tl.Add(r)
	}
	failIfBad(t, tl, Matched, Mismatched, Crashed, Skipped)
	if tl.By[Matched] != 1 || tl.Notes["data model: ran host IR (ILP32 output differs from LP64)"] != 1 {
		t.Errorf("seed 307 should run once as host IR and match")
	}
}

// TestStressSlice compiles llvm-stress seeds 1..300: none may crash lltosimd
// (every module compiles or is rejected as unsupported), and the optimized
// modules of every third seed that terminate must hash their buffers as lli
// does. Unmodified modules are not run here: they are not UB-free (see
// StressConfig.ExecRaw).
func TestStressSlice(t *testing.T) {
	tools := newTools(t)
	n := ciStressSeeds
	if testing.Short() {
		n = ciShortStressSeeds
	}
	raw, ex := NewTally("llvm-stress raw"), NewTally("llvm-stress opt -O2, run")
	var mu sync.Mutex
	sizes := []int{20, 60, 150}
	cpus := []string{"cpu032I", "cpu032II"}
	Parallel(n, 2, func(i int) { // CI machines have two cores
		res := tools.RunStress(1+i, StressConfig{Size: sizes[i%3], CPU: cpus[i%2],
			Exec: i%ciStressExecEvery == 0, StepLimit: 2_000_000})
		mu.Lock()
		defer mu.Unlock()
		raw.Programs++
		raw.Add(res.Raw)
		if res.Exec != nil {
			ex.Programs++
			ex.Add(*res.Exec)
		}
	})
	failIfBad(t, raw, Unsupported, Crashed, Skipped)
	failIfBad(t, ex, Matched, Mismatched, Crashed, Skipped, Unsupported)
	if ex.By[Matched] == 0 {
		t.Errorf("no llvm-stress module ran to a match: the slice tested nothing")
	}
}

// Bounds for a 10 MB module: peak memory and CPU time. The budget is < 2 GB
// and < 10 s wall on an idle 2-core machine. Wall time on a loaded machine
// says nothing about the compiler, so the test bounds the CPU time (user +
// sys of the lltosimd process, all threads) instead, at 30 s: 1.5× the
// 2-core budget, because CPU time still inflates under load (the module
// takes ≈6 s of CPU idle and 8–10 s next to a running campaign; 17–29 s
// before the memory-limit watcher, when the collector ran back to back).
// A quadratic pass would blow through it by minutes.
const (
	bigSize   = 10 << 20
	bigMaxRSS = 2 << 30
	bigMaxCPU = 30 * time.Second
)

// TestBigInput compiles a generated 10 MB module and checks the process's
// peak resident memory and CPU time.
func TestBigInput(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a 10 MB module")
	}
	dir := t.TempDir()
	ll := filepath.Join(dir, "big.ll")
	if err := os.WriteFile(ll, BigModule(bigSize), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := testtools.Binary(t, "lltosimd")
	for _, cpu := range []string{"cpu032II"} {
		start := time.Now()
		stdout, stderr, code, ps, err := runUsage(bin, "-march=cpu0el", "-mcpu="+cpu, "-O2", "-o", filepath.Join(dir, "big.s"), ll)
		if err != nil {
			t.Fatal(err)
		}
		if code != 0 {
			t.Fatalf("lltosimd failed on the big module (exit %d):\n%s%s", code, stdout, firstLine(stderr))
		}
		ru := ps.SysUsage().(*syscall.Rusage)
		rss := ru.Maxrss * 1024 // KiB on Linux
		cpuTime := ps.UserTime() + ps.SystemTime()
		t.Logf("%s: 10 MB module: wall %v, cpu %v, max RSS %d MiB (GOMAXPROCS here %d)",
			cpu, time.Since(start).Round(time.Millisecond), cpuTime.Round(time.Millisecond), rss>>20, runtime.GOMAXPROCS(0))
		if rss > bigMaxRSS {
			t.Errorf("max RSS %d MiB > %d MiB", rss>>20, bigMaxRSS>>20)
		}
		if cpuTime > bigMaxCPU {
			t.Errorf("CPU time %v > %v", cpuTime, bigMaxCPU)
		}
	}
}

// TestBigModuleShape checks that the generator makes what the bound is
// about: 10 MB of distinct functions.
func TestBigModuleShape(t *testing.T) {
	m := BigModule(1 << 20)
	if len(m) < 1<<20 || len(m) > 1<<20+4096 {
		t.Fatalf("size %d, want just over 1 MiB", len(m))
	}
	if n := strings.Count(string(m), "define i32 @f"); n < 500 {
		t.Fatalf("%d functions in 1 MiB", n)
	}
}

// runUsage runs a command and returns its process state for resource usage.
func runUsage(name string, args ...string) (stdout, stderr string, code int, ps *os.ProcessState, err error) {
	cmd := exec.Command(name, args...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		err = nil
	}
	if err != nil {
		return "", "", -1, nil, err
	}
	return out.String(), errb.String(), cmd.ProcessState.ExitCode(), cmd.ProcessState, nil
}

// TestSimErrorKind checks that simulator faults count by category: the
// first campaigns lumped every fault under "cpu" (the digit in "cpu0").
func TestSimErrorKind(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"cpu0sim: cpu0 sim: pc 0x000000a4 (word 0x022d0011): misaligned 4-byte store to 0x00feff71 (in stress_fn+0x70)\n", "misaligned 4-byte store"},
		{"cpu0sim: cpu0 sim: pc 0x00000010 (word 0x00000000): load from 0x7fffff00 outside memory (in main+0x10)", "load outside memory"},
		{"cpu0sim: cpu0 sim: pc 0x00000020 (word 0x17000000): division by zero (in f+0x4)", "division by zero"},
		{"cpu0sim: cpu0 sim: pc 0x00000020 (word 0x3b000000): undefined opcode 0x3b (mul) for this CPU (cpu032I)", "undefined opcode (mul) for this CPU (cpu032I)"},
	} {
		got := simErrorKind(c.in)
		if got != c.want {
			t.Errorf("simErrorKind(%q) = %q, want %q", c.in, got, c.want)
		}
		ub := undefinedBehaviourFault(got)
		if wantUB := !strings.HasPrefix(c.want, "undefined opcode"); ub != wantUB {
			t.Errorf("undefinedBehaviourFault(%q) = %v", got, ub)
		}
	}
}

// ciVC4Seeds are the seeds of the VC4 CI slice: each kernel is 2 headers ×
// -O0/-O2 × 3 QPU counts = 12 cases, and seed 5 adds the __local variant's
// case (make vc4-fuzz runs the large campaign).
const (
	ciVC4Seeds      = 5
	ciShortVC4Seeds = 2
)

// TestVC4Slice runs generated OpenCL kernels (GenVC4Kernel) on vc4run
// against the lli reference of tests/vc4.
func TestVC4Slice(t *testing.T) {
	root := testtools.RepoRoot(t)
	work := t.TempDir()
	vc4run, err := vc4test.BuildVC4Run(root, work)
	if err != nil {
		t.Fatal(err)
	}
	tools, err := NewVC4Tools(root, work, vc4run)
	if err != nil {
		t.Fatal(err)
	}
	n := ciVC4Seeds
	if testing.Short() {
		n = ciShortVC4Seeds
	}
	tl := NewTally("VC4 CI slice")
	var mu sync.Mutex
	Parallel(n, 2, func(i int) {
		rs := tools.RunVC4(int64(1 + i))
		mu.Lock()
		defer mu.Unlock()
		tl.Programs++
		for _, r := range rs {
			tl.Add(r)
		}
	})
	failIfBad(t, tl, Matched, Mismatched, Crashed, Unsupported, Skipped)
	if tl.By[Matched] < 12*n {
		t.Errorf("%d of %d cases matched, want at least %d", tl.By[Matched], tl.Cases, 12*n)
	}
}
