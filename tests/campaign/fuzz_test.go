package campaign

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"lltosimd/frontend"
	"lltosimd/mir"
	"lltosimd/passes"
	_ "lltosimd/passes/regalloc" // registers the register allocator
	"lltosimd/targets"
	_ "lltosimd/targets/bwdsp/codegen" // registers bwdsp
	_ "lltosimd/targets/cpu0/target"   // registers cpu0 and cpu0el
	"lltosimd/tests/internal/testtools"
)

// compileInProcess runs the whole lltosimd pipeline on src the way the
// driver does (parse, translate, every pass of the target with the MIR
// verifier after it, emit) but without the driver's panic recovery, so
// that the fuzzer sees panics.
func compileInProcess(name string, src []byte, march, cpu, opt string) error {
	tgt, ok := targets.Lookup(march)
	if !ok {
		return fmt.Errorf("no target %s", march)
	}
	ir, err := frontend.Parse(name, src)
	if err != nil {
		return err
	}
	mod, err := frontend.Translate(ir, frontend.Options{Arch: tgt.Arch(), BigEndian: tgt.BigEndian, File: name, Src: src})
	if err != nil {
		return err
	}
	// As the driver does (-verify-machineinstrs), an input whose
	// translation is not valid MIR (e.g. a use its definition does not
	// dominate, which the IR parser accepts) is rejected before the first
	// pass, not blamed on it.
	for _, f := range mod.Funcs {
		if errs := mir.Verify(f); len(errs) > 0 {
			return fmt.Errorf("input rejected: its MIR is invalid: %w", errors.Join(errs...))
		}
	}
	cfg := passes.NewConfig()
	cfg.Options["mcpu"] = cpu
	cfg.Options["O"] = opt
	for _, f := range mod.Funcs {
		for _, n := range tgt.Pipeline() {
			p, ok := passes.Lookup(n)
			if !ok {
				return fmt.Errorf("pipeline names unknown pass %s", n)
			}
			if !cfg.EnabledFor(p, f.Arch) {
				continue
			}
			if err := p.Run(&passes.Ctx{Cfg: cfg, Pass: p, Module: mod}, f); err != nil {
				return err
			}
			if errs := mir.Verify(f); len(errs) > 0 {
				return fmt.Errorf("MIR verifier failed after pass %s: %w", p.Name, errors.Join(errs...))
			}
		}
	}
	var out bytes.Buffer
	return tgt.Emit(&out, mod, targets.FileAsm, cfg)
}

// fuzzHang is how long one input may take: the seed inputs compile in
// milliseconds, and the fuzzer's inputs are bounded to 64 KiB.
const fuzzHang = 20 * time.Second

// errHang marks a compilation that did not finish in fuzzHang.
var errHang = errors.New("hang")

// checkCompile compiles src in a goroutine and fails on a panic, a hang or
// invalid MIR after a pass.
func checkCompile(t *testing.T, src []byte, march, cpu, opt string) {
	type result struct {
		err   error
		panic any
		stack []byte
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- result{panic: r, stack: debug.Stack()}
			}
		}()
		done <- result{err: compileInProcess("fuzz.ll", src, march, cpu, opt)}
	}()
	select {
	case r := <-done:
		if r.panic != nil {
			t.Fatalf("%s %s -%s: panic: %v\n%s", march, cpu, opt, r.panic, r.stack)
		}
		// Input may be rejected, but accepted input must give valid MIR
		// after every pass.
		if r.err != nil && (strings.Contains(r.err.Error(), "internal compiler error") || strings.Contains(r.err.Error(), "MIR verifier failed")) {
			t.Fatalf("%s %s -%s: %v", march, cpu, opt, r.err)
		}
	case <-time.After(fuzzHang):
		t.Fatalf("%s %s -%s: %v: no result after %v", march, cpu, opt, errHang, fuzzHang)
	}
}

// fuzzSeeds returns the seed corpus: the lit tests, the frontend's .ll test
// data and the regression tests. With LLTOSIMD_FUZZ_EXEC_SEEDS=1 (make fuzz)
// it adds the execution corpus compiled by clang-14 at -O0 and -O2.
func fuzzSeeds(f *testing.F) [][]byte {
	root := testtools.RepoRoot(f)
	var files []string
	for _, g := range []string{"tests/lit/*/*.ll", "frontend/testdata/*.ll", "tests/regress/testdata/*.ll"} {
		m, _ := filepath.Glob(filepath.Join(root, g))
		files = append(files, m...)
	}
	var seeds [][]byte
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, b)
	}
	if os.Getenv("LLTOSIMD_FUZZ_EXEC_SEEDS") != "" {
		clang := testtools.Tool(f, "CLANG", "clang-14")
		cs, _ := filepath.Glob(filepath.Join(root, "tests/exec/c/*.c"))
		for _, c := range cs {
			for _, opt := range []string{"-O0", "-O2"} {
				out, err := exec.Command(clang, append([]string{"--target=" + TripleMipsel, opt,
					"-I", filepath.Join(root, "runtime/include"), "-o", "-", c}, ClangFlags...)...).Output()
				if err == nil {
					seeds = append(seeds, out)
				}
			}
		}
	}
	if len(seeds) == 0 {
		f.Fatal("no fuzz seeds found")
	}
	return seeds
}

// FuzzCompile feeds .ll text through the frontend and the whole Cpu0 or
// BWDSP pipeline: any input may be rejected with an error, none may panic
// or hang. The byte after the text selects the target (cpu0el, cpu0,
// bwdsp), CPU and optimisation level.
func FuzzCompile(f *testing.F) {
	for i, s := range fuzzSeeds(f) {
		f.Add(s, uint8(i))
	}
	f.Fuzz(func(t *testing.T, src []byte, sel uint8) {
		if len(src) > 64<<10 {
			return
		}
		march := []string{"cpu0el", "cpu0", "bwdsp"}[int(sel&3)%3]
		cpu := []string{"cpu032I", "cpu032II"}[sel>>2&1]
		opt := []string{"O0", "O2"}[sel>>3&1]
		if march == "bwdsp" {
			cpu = ""
		}
		checkCompile(t, src, march, cpu, opt)
	})
}

// FuzzFrontend fuzzes only the parser and IR translation, which is where
// malformed text is rejected; it explores faster than FuzzCompile.
func FuzzFrontend(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 64<<10 {
			return
		}
		tgt, _ := targets.Lookup("cpu0el")
		ir, err := frontend.Parse("fuzz.ll", src)
		if err != nil {
			return
		}
		_, _ = frontend.Translate(ir, frontend.Options{Arch: tgt.Arch(), File: "fuzz.ll", Src: src})
	})
}
