package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"lltosimd/driver"
	"lltosimd/frontend"
	"lltosimd/mir"
	"lltosimd/passes"
	"lltosimd/targets"
)

// The compile-speed benchmarks time the stages of `lltosimd -march=cpu0el
// -O0` (the configuration make bench compares with llc) on a module made
// by scripts/genbig.py (BENCH_FUNCS functions, 150 by default: ~20k IR
// instructions) or on the .ll file LLTOSIMD_BENCH_LL names, e.g.
//
//	go test ./cmd/lltosimd -run '^$' -bench . -benchmem -cpuprofile cpu.out
//
// They measure; they assert nothing about time.

var benchSrc struct {
	once sync.Once
	name string
	src  []byte
	err  error
}

// benchInput returns the benchmark module's name and text.
func benchInput(b *testing.B) (string, []byte) {
	b.Helper()
	benchSrc.once.Do(func() {
		if p := os.Getenv("LLTOSIMD_BENCH_LL"); p != "" {
			benchSrc.name = p
			benchSrc.src, benchSrc.err = os.ReadFile(p)
			return
		}
		clang := os.Getenv("CLANG")
		if clang == "" {
			clang = "clang-14"
		}
		clang, err := exec.LookPath(clang)
		if err != nil {
			benchSrc.err = err
			return
		}
		funcs := os.Getenv("BENCH_FUNCS")
		if funcs == "" {
			funcs = "150"
		}
		dir, err := os.MkdirTemp("", "lltosimd-bench")
		if err != nil {
			benchSrc.err = err
			return
		}
		defer os.RemoveAll(dir)
		c, err := exec.Command("python3", filepath.Join("..", "..", "scripts", "genbig.py"), funcs).Output()
		if err != nil {
			benchSrc.err = err
			return
		}
		cfile, ll := filepath.Join(dir, "big.c"), filepath.Join(dir, "big.ll")
		if err := os.WriteFile(cfile, c, 0o644); err != nil {
			benchSrc.err = err
			return
		}
		cmd := exec.Command(clang, "--target=mipsel-unknown-linux-gnu", "-O0", "-S", "-emit-llvm", cfile, "-o", ll)
		if out, err := cmd.CombinedOutput(); err != nil {
			benchSrc.err = &exec.Error{Name: string(out), Err: err}
			return
		}
		benchSrc.name = "big.ll"
		benchSrc.src, benchSrc.err = os.ReadFile(ll)
	})
	if benchSrc.err != nil {
		b.Skipf("no benchmark input: %v", benchSrc.err)
	}
	b.SetBytes(int64(len(benchSrc.src)))
	return benchSrc.name, benchSrc.src
}

// benchStages holds what the stages need: the target, its configuration
// and the plan of the -O0 pipeline.
type benchStages struct {
	tgt  *targets.Target
	cfg  *passes.Config
	plan *passes.Plan
}

func newBenchStages(b *testing.B) *benchStages {
	b.Helper()
	tgt, ok := targets.Lookup("cpu0el")
	if !ok {
		b.Fatal("no cpu0el target")
	}
	o := &options{march: "cpu0el", opt: "0", enable: map[string]*string{}}
	cfg, err := makeConfig(o, tgt, io.Discard)
	if err != nil {
		b.Fatal(err)
	}
	plan, err := passes.NewPlan(tgt.Pipeline(), cfg, mir.PropSSA)
	if err != nil {
		b.Fatal(err)
	}
	return &benchStages{tgt: tgt, cfg: cfg, plan: plan}
}

func (s *benchStages) translate(b *testing.B, name string, src []byte) *mir.Module {
	ir, err := frontend.Parse(name, src)
	if err != nil {
		b.Fatal(err)
	}
	mod, err := frontend.Translate(ir, frontend.Options{Arch: s.tgt.Arch(), BigEndian: s.tgt.BigEndian, File: name, Src: src})
	if err != nil {
		b.Fatal(err)
	}
	return mod
}

// BenchmarkParse times frontend.Parse (the textual pre-passes and the
// fast IR parser, frontend/llparse).
func BenchmarkParse(b *testing.B) {
	name, src := benchInput(b)
	for b.Loop() {
		if _, err := frontend.Parse(name, src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTranslate times the lowering of the parsed module to generic MIR.
func BenchmarkTranslate(b *testing.B) {
	name, src := benchInput(b)
	s := newBenchStages(b)
	ir, err := frontend.Parse(name, src)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := frontend.Translate(ir, frontend.Options{Arch: s.tgt.Arch(), BigEndian: s.tgt.BigEndian, File: name, Src: src}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPasses times the -O0 pass pipeline (selection to branch
// relaxation, functions in parallel) on freshly translated MIR.
func BenchmarkPasses(b *testing.B) {
	name, src := benchInput(b)
	s := newBenchStages(b)
	for b.Loop() {
		b.StopTimer()
		mod := s.translate(b, name, src)
		b.StartTimer()
		if _, err := s.plan.Run(mod, passes.Dump{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLower times the lowering and the -O0 passes as the command
// runs them (driver.RunTranslation): the lowering of the next functions
// overlaps the passes of the first ones, and every function is printed
// as soon as it is compiled (driver.EmitEach). Parsing is not timed.
func BenchmarkLower(b *testing.B) {
	name, src := benchInput(b)
	s := newBenchStages(b)
	for b.Loop() {
		b.StopTimer()
		ir, err := frontend.Parse(name, src) // Func consumes it
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		tr, err := frontend.Begin(ir, frontend.Options{Arch: s.tgt.Arch(), BigEndian: s.tgt.BigEndian, File: name, Src: src})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := driver.RunTranslation(tr, s.plan, passes.Dump{}, nil, driver.EmitEach(s.tgt, tr.Module(), s.cfg)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPass times each pass of the -O0 pipeline alone, one
// sub-benchmark per pass (BenchmarkPass/regalloc, BenchmarkPass/cpu0-isel
// ...): every iteration translates the module and runs the passes before
// it untimed, then times the pass on every function in turn.
func BenchmarkPass(b *testing.B) {
	name, src := benchInput(b)
	s := newBenchStages(b)
	pipeline := s.tgt.Pipeline()
	for i, pass := range s.plan.Passes {
		if !s.cfg.IsEnabled(pass) {
			continue
		}
		b.Run(pass.Name, func(b *testing.B) {
			before, err := passes.NewPlan(pipeline[:i], s.cfg, mir.PropSSA)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				b.StopTimer()
				mod := s.translate(b, name, src)
				if _, err := before.Run(mod, passes.Dump{}); err != nil {
					b.Fatal(err)
				}
				ctx := &passes.Ctx{Cfg: s.cfg, Pass: pass, Module: mod}
				b.StartTimer()
				for _, f := range mod.Funcs {
					if err := pass.Run(ctx, f); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkEmit times the assembly printer on the compiled module.
func BenchmarkEmit(b *testing.B) {
	name, src := benchInput(b)
	s := newBenchStages(b)
	mod := s.translate(b, name, src)
	if _, err := s.plan.Run(mod, passes.Dump{}); err != nil {
		b.Fatal(err)
	}
	var out bytes.Buffer
	for b.Loop() {
		out.Reset()
		if err := s.tgt.Emit(&out, mod, targets.FileAsm, s.cfg); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompile times a whole compilation as the command runs it.
func BenchmarkCompile(b *testing.B) {
	name, src := benchInput(b)
	for b.Loop() {
		if status := run([]string{"-march=cpu0el", "-O0", "-"}, bytes.NewReader(src), io.Discard, io.Discard); status != 0 {
			b.Fatalf("%s: exit status %d", name, status)
		}
	}
}
