package exec

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"lltosimd/tests/internal/testtools"
)

// bwdspOpts are the levels the BWDSP variant runs by default
// (LLTOSIMD_EXEC_OPTS overrides them).
var bwdspOpts = []string{"O0", "O2"}

// maxBundles bounds one BWDSP run (one instruction per bundle for now).
const maxBundles = "100000000"

// TestExecBWDSP runs the corpus on the BWDSP simulator: mipsel IR (the
// byte order BWDSP shares) compiled with -march=bwdsp and the verifier,
// linked with the startup code and the C runtime compiled for BWDSP
// (bwdsprun -crt0 -rt, which builds the runtime into a cache private to
// this run), against lli on the host IR. Programs that say "exec: cpu0-only"
// (Cpu0 inline assembly) are skipped. LLTOSIMD_EXEC_BWDSP=0 skips the test.
func TestExecBWDSP(t *testing.T) {
	if os.Getenv("LLTOSIMD_EXEC_BWDSP") == "0" {
		t.Skip("LLTOSIMD_EXEC_BWDSP=0")
	}
	h := newHarness(t)
	bwdsprun := testtools.Binary(t, "bwdsprun")
	t.Setenv("LLTOSIMD_CACHE_DIR", filepath.Join(h.work, "cache"))
	useOpt := selected("LLTOSIMD_EXEC_OPTS", bwdspOpts, nil)
	t.Cleanup(h.summary)
	v := variant{"bwdsp", "mipsel-unknown-linux-gnu", "bwdsp", nil, nil}
	for _, src := range mipsPrograms(t) {
		name := strings.TrimSuffix(filepath.Base(src), ".c")
		for _, opt := range opts {
			if !useOpt[opt] {
				continue
			}
			t.Run(fmt.Sprintf("%s/%s", name, opt), func(t *testing.T) {
				t.Parallel()
				if hasDirective(src, "exec: cpu0-only") {
					t.Skip("program says exec: cpu0-only (Cpu0 inline assembly)")
				}
				err := h.runBWDSP(bwdsprun, src, opt, v)
				h.record(opt+" bwdsp", err == nil)
				if err != nil {
					t.Error(err)
				}
			})
		}
	}
}

// splitPrograms are the programs TestExecBWDSPSplit runs with OCC loop
// splitting: the register-pressure kernels and the dependence cases.
var splitPrograms = regexp.MustCompile(`^(rp_.*|splitdep)$`)

// TestExecBWDSPSplit runs the register-pressure kernels (rp_*.c, make
// bench-regalloc) and splitdep.c on the BWDSP simulator with OCC loop
// splitting on (-bwdsp-split-simd-stores=N, N = 1 and 4), against lli.
func TestExecBWDSPSplit(t *testing.T) {
	if os.Getenv("LLTOSIMD_EXEC_BWDSP") == "0" {
		t.Skip("LLTOSIMD_EXEC_BWDSP=0")
	}
	h := newHarness(t)
	bwdsprun := testtools.Binary(t, "bwdsprun")
	t.Setenv("LLTOSIMD_CACHE_DIR", filepath.Join(h.work, "cache"))
	useOpt := selected("LLTOSIMD_EXEC_OPTS", opts, []string{"O2"})
	t.Cleanup(h.summary)
	v := variant{"bwdsp", "mipsel-unknown-linux-gnu", "bwdsp", nil, nil}
	for _, src := range mipsPrograms(t) {
		name := strings.TrimSuffix(filepath.Base(src), ".c")
		if !splitPrograms.MatchString(name) {
			continue
		}
		for _, opt := range opts {
			if !useOpt[opt] {
				continue
			}
			for _, n := range []string{"1", "4"} {
				t.Run(fmt.Sprintf("%s/%s/split%s", name, opt, n), func(t *testing.T) {
					t.Parallel()
					err := h.runBWDSP(bwdsprun, src, opt, v, "-bwdsp-split-simd-stores="+n)
					h.record(opt+" bwdsp split", err == nil)
					if err != nil {
						t.Error(err)
					}
				})
			}
		}
	}
}

// runBWDSP compiles src for BWDSP (lltosimd with the extra flags) and
// runs it against lli.
func (h *harness) runBWDSP(bwdsprun, src, opt string, v variant, flags ...string) error {
	want, err := h.reference(src, opt)
	if err != nil {
		return err
	}
	ll, err := h.clangIRFlags(src, v.triple, opt, v.cflags)
	if err != nil {
		return err
	}
	asm := strings.TrimSuffix(ll, ".ll") + ".bwdsp.s"
	if len(flags) > 0 {
		// One assembly file per flag set: the variants run in parallel.
		asm = strings.TrimSuffix(asm, ".s") + strings.Map(func(r rune) rune {
			if r == '=' || r == '-' {
				return '.'
			}
			return r
		}, strings.Join(flags, "")) + ".s"
	}
	args := append(append([]string{testtools.Verify, "-march=bwdsp", "-" + opt, "-o", asm, ll}, flags...), extraFlags...)
	if _, stderr, code, err := testtools.Run(nil, h.lltosimd, args...); err != nil || code != 0 {
		return fmt.Errorf("lltosimd %s: exit %d %v\n%s", strings.Join(args, " "), code, err, stderr)
	}
	// The runtime is built once per run: serialize the first build.
	if _, err := h.memo("bwdsp-rt", func() (any, error) {
		_, stderr, code, err := testtools.Run(nil, bwdsprun, "-crt0", "-rt", "-d", asm)
		if err != nil || code != 0 {
			return nil, fmt.Errorf("building the BWDSP runtime: exit %d %v\n%s", code, err, stderr)
		}
		return nil, nil
	}); err != nil {
		return err
	}
	runArgs := []string{"-crt0", "-rt", "-max-bundles", maxBundles, asm}
	stdout, stderr, code, err := testtools.Run(nil, bwdsprun, runArgs...)
	if err != nil {
		return fmt.Errorf("bwdsprun %s: %v\n%s", strings.Join(runArgs, " "), err, stderr)
	}
	if stdout != want.stdout || code != want.code || stderr != "" {
		return fmt.Errorf("bwdsprun %s:\nexit %d, want %d (from lli)\nstderr: %s\n%s",
			strings.Join(runArgs, " "), code, want.code, stderr, diff(want.stdout, stdout))
	}
	return nil
}
