package campaign

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	vc4test "lltosimd/tests/vc4"
)

// VC4Tools runs the VC4 campaign: GenVC4Kernel's kernels on vc4run against
// the lli reference of tests/vc4 (the same harness, so a failing kernel
// file can be copied into tests/vc4/kernels as it is).
type VC4Tools struct {
	H      *vc4test.Harness
	VC4run string
	Work   string // generated kernels; failing ones are kept
	Keep   bool   // keep passing kernels too
	Stress bool   // generate GenVC4Stress's kernels instead of GenVC4Kernel's
}

// NewVC4Tools locates clang, llvm-link and lli; vc4run is the binary under
// test. Missing tools are an error, so a campaign is never silently empty.
func NewVC4Tools(root, work, vc4run string) (*VC4Tools, error) {
	h := vc4test.NewHarness(root, work)
	if err := h.Err(); err != nil {
		return nil, err
	}
	if _, err := os.Stat(vc4run); err != nil {
		return nil, fmt.Errorf("vc4run: %v", err)
	}
	return &VC4Tools{H: h, VC4run: vc4run, Work: work}, nil
}

// VC4FuzzOpts are the clang optimisation levels of every generated kernel.
var VC4FuzzOpts = []string{"O0", "O2"}

// VC4LocalEvery makes every k-th seed also generate the kernel's __local +
// barrier variant, one case at -O2 on 3 QPUs (the reference's driver runs
// a group's work-items as coroutines that switch at barriers).
const VC4LocalEvery = 5

// RunVC4 generates kernel seed and runs every header × VC4FuzzOpts × QPU
// count on vc4run against lli; every VC4LocalEvery-th seed adds the
// __local variant's case. In the stress profile (t.Stress) the kernel is
// GenVC4Stress's, which has its own __local stanzas.
func (t *VC4Tools) RunVC4(seed int64) []Result {
	if t.Stress {
		file := filepath.Join(t.Work, fmt.Sprintf("vc4stress_%d.cl", seed))
		return t.keepFailing(file, t.runKernel(seed, file, GenVC4Stress(seed)))
	}
	k := GenVC4Kernel(seed, false)
	file := filepath.Join(t.Work, fmt.Sprintf("vc4fuzz_%d.cl", seed))
	rs := t.runKernel(seed, file, k)
	if seed%VC4LocalEvery == 0 {
		rs = append(rs, t.runLocal(seed))
	}
	return t.keepFailing(file, rs)
}

// keepFailing removes file and its artefacts unless a case of rs failed
// (or t.Keep).
func (t *VC4Tools) keepFailing(file string, rs []Result) []Result {
	keep := t.Keep
	for _, r := range rs {
		keep = keep || r.Outcome == Mismatched || r.Outcome == Crashed
	}
	if !keep {
		t.clean(file)
	}
	return rs
}

// clean removes a kernel file and the harness's artefacts of it.
func (t *VC4Tools) clean(file string) {
	base := strings.TrimSuffix(file, ".cl")
	files, _ := filepath.Glob(base + ".*")
	for _, f := range files {
		os.Remove(f)
	}
}

func (t *VC4Tools) runKernel(seed int64, file string, k VC4Kernel) []Result {
	if err := os.WriteFile(file, []byte(k.Src), 0o644); err != nil {
		return []Result{{Case: fmt.Sprintf("vc4 seed=%d", seed), Outcome: Crashed, Reason: "work dir: " + err.Error(), Files: []string{file}}}
	}
	return t.RunFile(fmt.Sprintf("vc4 seed=%d", seed), file)
}

// RunFile runs every header of the kernel file (a kept campaign kernel, a
// reduced one, or a tests/vc4 kernel) × VC4FuzzOpts × its QPU counts on
// vc4run against lli; name prefixes the case names.
func (t *VC4Tools) RunFile(name, file string) []Result {
	fail := func(o Outcome, reason, detail string) []Result {
		return []Result{{Case: name, Outcome: o, Reason: reason, Detail: detail, Files: []string{file}}}
	}
	runs, err := vc4test.ParseKernelFile(file)
	if err != nil {
		return fail(Crashed, "generated kernel: bad header", err.Error())
	}
	var rs []Result
	for _, r := range runs {
		for _, opt := range VC4FuzzOpts {
			for _, q := range r.QPUs {
				c := fmt.Sprintf("%s L%d g%d/l%d -%s q%d", name, r.Line, r.Global, r.Local, opt, q)
				rs = append(rs, t.runCase(c, file, r, opt, q))
			}
		}
	}
	return rs
}

// runCase runs one header line at one optimisation level on q QPUs.
func (t *VC4Tools) runCase(name, file string, r *vc4test.Run, opt string, q int) Result {
	res := Result{Case: name, Files: []string{file}}
	// A generated kernel the reference rejects is a generator bug, never
	// a compiler one: it is counted as skipped with the reason.
	want, err := t.H.Reference(r, opt)
	if err != nil {
		res.Outcome, res.Reason, res.Detail = Skipped, "no reference: "+firstLine(err.Error()), err.Error()
		return res
	}
	ll, err := t.H.KernelIR(r, opt)
	if err != nil {
		res.Outcome, res.Reason, res.Detail = Skipped, "clang: "+firstLine(err.Error()), err.Error()
		return res
	}
	args := r.VC4runArgs(ll, q)
	repro := "vc4run " + strings.Join(args, " ")
	stdout, stderr, code, err := vc4test.RunVC4run(t.VC4run, args...)
	switch {
	case errors.Is(err, vc4test.ErrTimeout):
		// Every generated loop runs at most 8 times: a hang is a bug.
		res.Outcome, res.Reason, res.Detail = Crashed, "vc4run timeout", repro
	case err != nil:
		res.Outcome, res.Reason, res.Detail = Crashed, "vc4run: "+err.Error(), repro
	case code != 0:
		res.Outcome, res.Reason = vc4FailureKind(stderr)
		res.Compiled = !strings.Contains(stderr, "simulation:")
		res.Detail = stderr + "reproduce: " + repro
	default:
		res.Compiled, res.Ran = true, true
		if err := vc4test.Compare(r, want, stdout); err != nil {
			res.Outcome, res.Reason, res.Detail = Mismatched, "output differs from lli", err.Error()+"\nreproduce: "+repro
		} else {
			res.Outcome = Matched
		}
	}
	return res
}

// runLocal is the __local + barrier case of seed: its first header at
// -O2 on 3 QPUs (enough for the campaign's groups of up to 3 waves)
// against lli. The file is kept when the case fails.
func (t *VC4Tools) runLocal(seed int64) Result {
	name := fmt.Sprintf("vc4 seed=%d __local + barrier", seed)
	file := filepath.Join(t.Work, fmt.Sprintf("vc4fuzz_%d_local.cl", seed))
	res := Result{Case: name, Files: []string{file}}
	k := GenVC4Kernel(seed, true)
	if err := os.WriteFile(file, []byte(k.Src), 0o644); err != nil {
		res.Outcome, res.Reason = Crashed, "work dir: "+err.Error()
		return res
	}
	runs, err := vc4test.ParseKernelFile(file)
	if err != nil {
		res.Outcome, res.Reason, res.Detail = Crashed, "generated kernel: bad header", err.Error()
		return res
	}
	res = t.runCase(name, file, runs[0], "O2", 3)
	if res.Outcome != Mismatched && res.Outcome != Crashed && !t.Keep {
		t.clean(file)
	}
	return res
}

// vc4FailureKind classifies a failed vc4run by its diagnostic: a rejected
// construct is Unsupported, anything else (a compiler error, a simulator
// fault, a panic) Crashed; the reason drops positions and addresses so
// equal failures count together.
func vc4FailureKind(stderr string) (Outcome, string) {
	l := firstLine(stderr)
	l = strings.TrimPrefix(l, "vc4run: ")
	l = posRE.ReplaceAllString(l, "")
	l = hexRE.ReplaceAllString(l, "")
	l = strings.Join(strings.Fields(l), " ")
	switch {
	case strings.Contains(stderr, "panic:"), strings.Contains(stderr, "goroutine "), strings.Contains(stderr, "internal compiler error"):
		return Crashed, "panic: " + l
	case strings.Contains(l, "unsupported"), strings.Contains(l, "not supported"), strings.Contains(l, "not implemented"):
		return Unsupported, l
	}
	return Crashed, l
}

// posRE matches a file:line:col: prefix of a diagnostic.
var posRE = regexp.MustCompile(`\S+\.(ll|cl):\d+(:\d+)?:\s*`)
