package mocktarget

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lltosimd/frontend"
	"lltosimd/mir"
	"lltosimd/passes"
	_ "lltosimd/passes/regalloc" // registers the allocator
	"lltosimd/targets"
	"lltosimd/tests/internal/testtools"
)

// expected runs testdata/progs.c's host build of main under lli: lines
// "function a b result".
func expected(t *testing.T) []string {
	clang := testtools.Tool(t, "CLANG", "clang-14")
	lli := testtools.Tool(t, "LLI", "lli")
	ll := filepath.Join(t.TempDir(), "host.ll")
	if _, stderr, code, err := testtools.Run(nil, clang, "-O0", "-DHOST_MAIN", "-S", "-emit-llvm", "testdata/progs.c", "-o", ll); err != nil || code != 0 {
		t.Fatalf("clang: %v %s", err, stderr)
	}
	out, stderr, code, err := testtools.Run(nil, lli, ll)
	if err != nil || code != 0 {
		t.Fatalf("lli: %v %s", err, stderr)
	}
	return strings.Split(strings.TrimSpace(out), "\n")
}

// compile translates progs.c's mipsel IR for the toy target and runs its
// pipeline, with the verifier after every pass.
func compile(t *testing.T, target, opt string) (*mir.Module, *passes.Config) {
	return compileRA(t, target, opt, "")
}

// compileRA is compile with the register allocator ra (-regalloc=ra; ""
// for the default).
func compileRA(t *testing.T, target, opt, ra string) (*mir.Module, *passes.Config) {
	clang := testtools.Tool(t, "CLANG", "clang-14")
	ll := filepath.Join(t.TempDir(), "toy.ll")
	if _, stderr, code, err := testtools.Run(nil, clang, "--target=mipsel-unknown-linux-gnu", opt, "-S", "-emit-llvm", "testdata/progs.c", "-o", ll); err != nil || code != 0 {
		t.Fatalf("clang: %v %s", err, stderr)
	}
	src, err := os.ReadFile(ll)
	if err != nil {
		t.Fatal(err)
	}
	tgt, ok := targets.Lookup(target)
	if !ok {
		t.Fatalf("%s target not registered", target)
	}
	ir, err := frontend.Parse(ll, src)
	if err != nil {
		t.Fatal(err)
	}
	mod, err := frontend.Translate(ir, frontend.Options{Arch: tgt.Arch(), BigEndian: tgt.BigEndian, File: ll, Src: src})
	if err != nil {
		t.Fatal(err)
	}
	cfg := passes.NewConfig()
	cfg.Verify = true
	if ra != "" {
		cfg.Options["regalloc"] = ra
	}
	plan, err := passes.NewPlan(tgt.Pipeline(), cfg, mir.PropSSA)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := plan.Run(mod, passes.Dump{}); err != nil {
		t.Fatal(err)
	}
	return mod, cfg
}

// TestToyTarget compiles C at -O0 and -O2 through the generic pipeline for
// the toy target and runs every function on every input pair against lli.
func TestToyTarget(t *testing.T) {
	want := expected(t)
	for _, opt := range []string{"-O0", "-O2"} {
		t.Run(opt, func(t *testing.T) {
			mod, cfg := compile(t, "toy", opt)
			var asm bytes.Buffer
			tgt, _ := targets.Lookup("toy")
			if err := tgt.Emit(&asm, mod, "asm", cfg); err != nil {
				t.Fatal(err)
			}
			runAgainstLLI(t, mod, asm.String(), want)
			// The second register class and (where values live in
			// registers, not allocas) the spiller were exercised.
			if n := cfg.Stats.Get("regalloc", "Number of spill stores inserted"); n == 0 && opt == "-O2" {
				t.Error("no spill code: the pressure function should need some")
			}
			if !usesAcc(mod) {
				t.Error("no accumulator allocated")
			}
		})
	}
}

// TestToyAllocators runs TestToyTarget's programs under the graph
// colouring allocators (the toy machine has no tuples and no local block:
// tuple is plain Chaitin-Briggs, gra-lra's LRA gets the caller-saved
// registers GRA leaves unused in each block).
func TestToyAllocators(t *testing.T) {
	want := expected(t)
	for _, ra := range []string{"tuple", "gra-lra"} {
		for _, opt := range []string{"-O0", "-O2"} {
			t.Run(ra+opt, func(t *testing.T) {
				mod, cfg := compileRA(t, "toy", opt, ra)
				var asm bytes.Buffer
				tgt, _ := targets.Lookup("toy")
				if err := tgt.Emit(&asm, mod, "asm", cfg); err != nil {
					t.Fatal(err)
				}
				runAgainstLLI(t, mod, asm.String(), want)
			})
		}
	}
}

// runAgainstLLI runs every function of progs.c on every input pair lli
// ran (want) and compares the results; it returns the simulator's total
// instruction, packet and cycle counts.
func runAgainstLLI(t *testing.T, mod *mir.Module, asm string, want []string) (steps, packets, cycles int) {
	t.Helper()
	for _, line := range want {
		var fn string
		var a, b, res int32
		if _, err := fmt.Sscan(line, &fn, &a, &b, &res); err != nil {
			t.Fatalf("lli output %q: %v", line, err)
		}
		if !strings.Contains(asm, "\n"+fn+":\n") && !strings.HasPrefix(asm, fn+":\n") {
			t.Fatalf("no %s in the assembly", fn)
		}
		sim := NewSim(mod)
		got, err := sim.Call(fn, uint32(a), uint32(b))
		if err != nil {
			t.Fatalf("%s(%d, %d): %v", fn, a, b, err)
		}
		if int32(got) != res {
			t.Errorf("%s(%d, %d) = %d, lli says %d", fn, a, b, int32(got), res)
		}
		steps, packets, cycles = steps+sim.Steps, packets+sim.Packets, cycles+sim.Cycles
	}
	return steps, packets, cycles
}

// TestToyVLIW compiles the same programs for "toyvliw", whose pipeline
// ends with the shared packetize pass, and runs them against lli on the
// simulator's packet semantics (parallel reads, one commit per packet).
// It also checks that packets formed and that they save cycles over the
// one-instruction-per-packet "toy" build.
func TestToyVLIW(t *testing.T) {
	want := expected(t)
	for _, opt := range []string{"-O0", "-O2"} {
		t.Run(opt, func(t *testing.T) {
			mod, cfg := compile(t, "toyvliw", opt)
			var asm bytes.Buffer
			tgt, _ := targets.Lookup("toyvliw")
			if err := tgt.Emit(&asm, mod, "asm", cfg); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(asm.String(), " ||\n") {
				t.Error("no packet in the assembly")
			}
			steps, packets, cycles := runAgainstLLI(t, mod, asm.String(), want)
			multi := cfg.Stats.Get("packetize", "Number of bundles with more than one instruction")
			if multi == 0 || packets >= steps {
				t.Errorf("%d multi-instruction bundles; %d packets for %d instructions", multi, packets, steps)
			}
			base, bcfg := compile(t, "toy", opt)
			var basm bytes.Buffer
			if err := tgt.Emit(&basm, base, "asm", bcfg); err != nil {
				t.Fatal(err)
			}
			bsteps, _, bcycles := runAgainstLLI(t, base, basm.String(), want)
			t.Logf("%s: toy %d instructions in %d cycles; toyvliw %d instructions in %d packets, %d cycles",
				opt, bsteps, bcycles, steps, packets, cycles)
			if cycles >= bcycles {
				t.Errorf("packets take %d cycles, single instructions %d", cycles, bcycles)
			}
		})
	}
}

func usesAcc(mod *mir.Module) bool {
	for _, f := range mod.Funcs {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				for _, o := range in.Ops {
					if o.Kind == mir.KindReg && (o.Reg == A0 || o.Reg == A1) {
						return true
					}
				}
			}
		}
	}
	return false
}

// TestToyRules: the toy table passes the engine's checks like Cpu0's.
func TestToyRules(t *testing.T) {
	tab, err := Table()
	if err != nil {
		t.Fatal(err)
	}
	if s := tab.Shadowed(); len(s) > 0 {
		t.Errorf("shadowed rules: %v", s)
	}
}
