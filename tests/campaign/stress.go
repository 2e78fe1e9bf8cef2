package campaign

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// stressFn is the name the generated function is renamed to, so that one
// wrapper object serves every module.
const stressFn = "stress_fn"

// stressWrapper calls the llvm-stress function (signature
// void(i8*, i32*, i64*, i32, i64, i8)) on fixed buffers and prints a hash of
// each buffer. The buffers are larger than anything llvm-stress addresses
// (it only loads and stores through the pointer arguments themselves).
const stressWrapper = `#include <stdio.h>
void stress_fn(char *p8, int *p32, long long *p64, int a32, long long a64, char a8);
static unsigned char b8[64];
static int b32[64];
static long long b64[64];
static unsigned hash(const unsigned char *p, int n) {
  unsigned h = 2166136261u;
  for (int i = 0; i < n; i++)
    h = (h ^ p[i]) * 16777619u;
  return h;
}
int main(void) {
  for (int i = 0; i < 64; i++) {
    b8[i] = (unsigned char)(i * 37 + 11);
    b32[i] = i * 0x01234567 + 89;
    b64[i] = (long long)i * 0x0123456789abLL - 5;
  }
  stress_fn((char *)b8, b32, b64, 0x12345678, 0x123456789abcdefLL, 0x5a);
  printf("%08x %08x %08x\n", hash(b8, sizeof b8), hash((unsigned char *)b32, sizeof b32),
         hash((unsigned char *)b64, sizeof b64));
  return 0;
}
`

// StressConfig selects what RunStress does with one seed.
type StressConfig struct {
	Size int    // llvm-stress -size
	CPU  string // -mcpu for both compilations
	// Exec also optimizes the module with opt -O2 (which deletes most of the
	// vector and float code llvm-stress sprinkles everywhere), compiles it
	// and, when it compiles, runs it under the wrapper against lli.
	Exec bool
	// ExecRaw also runs the unmodified module against lli. llvm-stress output
	// is not UB-free (shifts by the bit width, division by zero, stores of
	// poison), so a difference there is a lead to inspect, not proof of a
	// miscompile: the CI slice leaves it off, `make stress` reports it.
	// A difference is skipped as UB-dependent when lli itself prints
	// something else for the module after opt -O2, and a simulator trap
	// that UB may cause (bad address, division by zero) is skipped too.
	ExecRaw bool
	// StepLimit bounds a simulated stress run: llvm-stress loops are often
	// infinite, and a finishing function needs only a few thousand steps.
	StepLimit int
	Keep      bool
}

// StressResults are the outcomes of one seed: Raw is the unmodified module
// (Compiled, Unsupported or Crashed), Exec the run of the optimized one and
// RawExec the run of the unmodified one when it compiled (both absent
// unless StressConfig.Exec).
type StressResults struct {
	Raw           Result
	Exec, RawExec *Result
}

var wrapperMu sync.Mutex

// wrapper compiles the stress wrapper once per triple/CPU: it returns the
// host IR (for llvm-link) or the Cpu0 assembly.
func (t *Tools) wrapper(kind, cpu string) (string, error) {
	m := t.memo("wrapper-" + kind + "-" + cpu)
	m.once.Do(func() {
		wrapperMu.Lock()
		defer wrapperMu.Unlock()
		dir := filepath.Join(t.Work, "stress-wrapper")
		src := filepath.Join(dir, "wrapper.c")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			m.err = err
			return
		}
		if err := os.WriteFile(src, []byte(stressWrapper), 0o644); err != nil {
			m.err = err
			return
		}
		inc := []string{"-I", filepath.Join(t.Root, "runtime", "include")}
		if kind == "host" {
			ll := filepath.Join(dir, "wrapper.host.ll")
			m.err = t.clangIR(src, ll, TripleHost, "O2", inc...)
			m.val = []string{ll}
			return
		}
		ll := filepath.Join(dir, "wrapper.mipsel.ll")
		if m.err = t.clangIR(src, ll, TripleMipsel, "O2", inc...); m.err != nil {
			return
		}
		asm := filepath.Join(dir, "wrapper."+cpu+".s")
		if k, msg := t.lltosimd(ll, asm, "cpu0el", cpu, "O2"); k != "" {
			m.err = fmt.Errorf("wrapper: lltosimd: %s", msg)
			return
		}
		m.val = []string{asm}
	})
	if m.err != nil {
		return "", m.err
	}
	return m.val[0], nil
}

// RunStress generates llvm-stress module seed and compiles (and possibly
// runs) it.
func (t *Tools) RunStress(seed int, cfg StressConfig) StressResults {
	name := fmt.Sprintf("stress seed=%d size=%d %s", seed, cfg.Size, cfg.CPU)
	dir := filepath.Join(t.Work, fmt.Sprintf("stress-%d", seed))
	res := StressResults{Raw: Result{Case: name + " raw"}}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		res.Raw.Outcome, res.Raw.Reason = Crashed, "work dir: "+err.Error()
		return res
	}
	raw := filepath.Join(dir, "raw.ll")
	_, stderr, code, to, err := run(t.CompileTimeout, dir, t.Stress, "-seed", strconv.Itoa(seed),
		"-size", strconv.Itoa(cfg.Size), "-o", raw)
	if err != nil || to || code != 0 {
		res.Raw.Outcome, res.Raw.Reason = Skipped, "llvm-stress failed: "+firstLine(stderr)
		return res
	}
	res.Raw = t.stressCompile(name+" raw", raw, cfg.CPU)
	keep := cfg.Keep || res.Raw.Outcome == Crashed
	if cfg.Exec {
		r := t.stressExec(name+" opt-O2", dir, raw, seed, cfg, true)
		res.Exec = &r
		keep = keep || r.Outcome == Crashed || r.Outcome == Mismatched
		if cfg.ExecRaw && res.Raw.Outcome == Compiled {
			r := t.stressExec(name+" raw", dir, raw, seed, cfg, false)
			res.RawExec = &r
			keep = keep || r.Outcome == Crashed || r.Outcome == Mismatched
		}
	}
	if !keep {
		os.RemoveAll(dir)
	}
	return res
}

// stressCompile compiles one stress module and classifies the result.
func (t *Tools) stressCompile(name, ll, cpu string) Result {
	r := Result{Case: name, Files: []string{ll}}
	asm := strings.TrimSuffix(ll, ".ll") + ".s"
	kind, msg := t.lltosimd(ll, asm, "cpu0el", cpu, "O2")
	switch kind {
	case "":
		r.Outcome, r.Compiled = Compiled, true
	case "unsupported":
		r.Outcome, r.Reason = Unsupported, unsupportedConstruct(msg)
	case "ice":
		r.Outcome, r.Reason, r.Detail = Crashed, "lltosimd ICE: "+iceKind(msg), msg
	default:
		r.Outcome, r.Reason, r.Detail = Crashed, "lltosimd error: "+firstLine(msg), msg
	}
	return r
}

// stressExec optimizes the module, compiles it and compares a wrapped run
// with lli. The simulator runs first (with a small step limit): most
// llvm-stress functions never return, and lli has only a wall clock.
func (t *Tools) stressExec(name, dir, raw string, seed int, cfg StressConfig, optimize bool) Result {
	r := Result{Case: name}
	opt := filepath.Join(dir, "exec-raw.ll")
	if optimize {
		opt = filepath.Join(dir, "opt.ll")
		_, stderr, code, to, err := run(t.CompileTimeout, dir, t.Opt, "-O2", "-S", "-o", opt, raw)
		if err != nil || to || code != 0 {
			r.Outcome, r.Reason = Skipped, "opt -O2 failed: "+firstLine(stderr)
			return r
		}
	} else if b, err := os.ReadFile(raw); err != nil || os.WriteFile(opt, b, 0o644) != nil {
		r.Outcome, r.Reason = Crashed, fmt.Sprint("copy: ", err)
		return r
	}
	b, err := os.ReadFile(opt)
	if err != nil {
		r.Outcome, r.Reason = Crashed, err.Error()
		return r
	}
	text := strings.ReplaceAll(string(b), fmt.Sprintf("@autogen_SD%d(", seed), "@"+stressFn+"(")
	if err := os.WriteFile(opt, []byte(text), 0o644); err != nil {
		r.Outcome, r.Reason = Crashed, err.Error()
		return r
	}
	r = t.stressCompile(name, opt, cfg.CPU)
	if r.Outcome != Compiled {
		return r
	}
	asm := strings.TrimSuffix(opt, ".ll") + ".s"
	wasm, err := t.wrapper("cpu0", cfg.CPU)
	if err != nil {
		r.Outcome, r.Reason, r.Detail = Crashed, "wrapper build failed", err.Error()
		return r
	}
	got, gotCode, skip, crash, detail := t.simulate("cpu0el", cfg.CPU, cfg.StepLimit, wasm, asm)
	switch {
	case skip != "":
		r.Outcome, r.Reason, r.Detail = Skipped, skip+" (non-terminating function?)", detail
		return r
	case crash != "" && !optimize && undefinedBehaviourFault(crash):
		// Unmodified llvm-stress modules store past their allocas and
		// divide by zero; the simulator traps where lli goes on.
		r.Outcome, r.Reason, r.Detail = Skipped, crash+" (raw module, not UB-free)", detail
		return r
	case crash != "":
		r.Outcome, r.Reason, r.Detail = Crashed, crash, detail
		return r
	}
	r.Ran = true
	hostWrap, err := t.wrapper("host", "")
	if err != nil {
		r.Outcome, r.Reason, r.Detail = Crashed, "wrapper build failed", err.Error()
		return r
	}
	linked := strings.TrimSuffix(opt, ".ll") + ".linked.host.ll"
	_, stderr, code, to, err := run(t.CompileTimeout, dir, t.LLVMLink, "-S", "-o", linked, hostWrap, opt)
	if err != nil || to || code != 0 {
		r.Outcome, r.Reason = Skipped, "llvm-link failed: "+firstLine(stderr)
		return r
	}
	want, wantCode, skip := t.reference(linked, 10*time.Second)
	if skip != "" {
		// The simulated run finished, so lli should have too.
		r.Outcome, r.Reason = Skipped, skip+" (but cpu0sim finished)"
		return r
	}
	if got == want && gotCode == wantCode {
		r.Outcome = Matched
		return r
	}
	r.Outcome, r.Reason = Mismatched, "buffer hashes differ"
	r.Detail = fmt.Sprintf("want (lli): %s(exit %d)\ngot (cpu0sim): %s(exit %d)", want, wantCode, got, gotCode)
	if !optimize && t.lliDisagreesAfterOpt(dir, linked, want, wantCode) {
		r.Outcome, r.Reason = Skipped, "raw module's result depends on UB (lli differs after opt -O2)"
	}
	r.Files = []string{opt, asm}
	return r
}

// lliDisagreesAfterOpt reports whether lli prints something else than
// (want, wantCode) for the opt -O2 version of linked: LLVM itself then
// gives the module two meanings, which only undefined behaviour allows.
func (t *Tools) lliDisagreesAfterOpt(dir, linked, want string, wantCode int) bool {
	o2 := strings.TrimSuffix(linked, ".ll") + ".O2.ll"
	if _, _, code, to, err := run(t.CompileTimeout, dir, t.Opt, "-O2", "-S", "-o", o2, linked); err != nil || to || code != 0 {
		return false
	}
	got, code, skip := t.reference(o2, 10*time.Second)
	return skip == "" && (got != want || code != wantCode)
}
