package regalloc_test

import (
	"regexp"
	"strings"
	"testing"

	"lltosimd/mir"
	"lltosimd/passes"
	"lltosimd/passes/regalloc"
	"lltosimd/passes/regalloc/mock"
)

// TestRandomProgramsAllocators runs the random-program differential test
// under every allocator (-regalloc=NAME) on the mock targets: plain
// registers, two-lane tuples, and tuples with a local block
// (NewLocalTupleArch, the gra-lra scheme's reserved registers).
func TestRandomProgramsAllocators(t *testing.T) {
	archs := []*mir.Arch{mock.NewArch(3, 1), mock.NewArch(4, 2), mock.NewArch(6, 2), mock.NewArch(3, 0),
		mock.NewTupleArch(3, 1), mock.NewTupleArch(4, 1), mock.NewTupleArch(6, 2), mock.NewTupleArch(3, 0),
		mock.NewLocalTupleArch(6, 1, 2), mock.NewLocalTupleArch(8, 2, 3), mock.NewLocalTupleArch(5, 0, 2)}
	// The statistics each allocator must have exercised.
	want := map[string][]string{
		"linear":  {"spills", "coalesced"},
		"tuple":   {"spills", "coalesced", "graNodes", "splits"},
		"gra-lra": {"spills", "coalesced", "graNodes", "lraLocals", "aroundBlock"},
	}
	for _, ra := range []string{"linear", "tuple", "gra-lra"} {
		t.Run(ra, func(t *testing.T) {
			cfg := passes.NewConfig()
			cfg.Options["regalloc"] = ra
			for _, arch := range archs {
				for seed := int64(1); seed <= 150; seed++ {
					allocateAndCheck(t, arch, seed, cfg)
				}
			}
			for _, key := range want[ra] {
				if cfg.Stats.Get("regalloc", regalloc.Pass.Stats[key]) == 0 {
					t.Errorf("statistic %s is 0", key)
				}
			}
		})
	}
}

// An unknown allocator name is an error, not a silent default.
func TestUnknownAllocator(t *testing.T) {
	cfg := passes.NewConfig()
	cfg.Options["regalloc"] = "nope"
	f := mock.Generate(mock.NewArch(4, 1), 1, 5)
	if err := pipeline(t, f, cfg); err == nil {
		t.Error("no error for -pass-option=regalloc=nope")
	}
}

// Under gra-lra, GRA never hands out the local block (the numbers 3 and 4
// of NewLocalTupleArch(5, 0, 2), in both lanes and as pairs), and LRA
// allocates the pairs of a block before its scalars (spec bwdsp.md §3.2),
// as the colouring order of -debug-only=regalloc shows.
func TestGRALRARules(t *testing.T) {
	arch := mock.NewLocalTupleArch(5, 0, 2)
	cfg := passes.NewConfig()
	cfg.Options["regalloc"] = "gra-lra"
	cfg.DebugOnly["regalloc"] = true
	var out strings.Builder
	cfg.DebugOut = &out
	for seed := int64(1); seed <= 60; seed++ {
		f := mock.Generate(arch, seed, 5+int(seed%40))
		if err := pipeline(t, f, cfg); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	global := regexp.MustCompile(`: colour \S+ -> \$(r|b|ab)[34]$`)
	local := regexp.MustCompile(`: lra: (bb\d+): %\d+ -> \$(ab|r|b)\d+$`)
	lraLines, pairs, block, scalarSeen := 0, 0, "", false
	for _, line := range strings.Split(out.String(), "\n") {
		if global.MatchString(line) {
			t.Errorf("GRA used the local block: %s", line)
		}
		if strings.Contains(line, "gra-lra:") {
			block = "" // the next function or round
		}
		m := local.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		lraLines++
		if m[1] != block {
			block, scalarSeen = m[1], false
		}
		if m[2] == "ab" {
			pairs++
			if scalarSeen {
				t.Errorf("pair allocated after a scalar of its block: %s", line)
			}
		} else {
			scalarSeen = true
		}
	}
	if lraLines < 100 || pairs < 20 {
		t.Errorf("%d LRA allocations, %d of pairs: the programs do not exercise LRA", lraLines, pairs)
	}
}

// defaultMachine is a passes.Machine that names its default allocator
// (passes.RegAllocDefault).
type defaultMachine struct{ name string }

func (defaultMachine) BranchInfo() passes.BranchInfo     { return nil }
func (defaultMachine) PhiElimHooks() passes.PhiElimHooks { return passes.PhiElimHooks{} }
func (m defaultMachine) DefaultRegAlloc() string         { return m.name }

// Without -regalloc a function gets its target's default allocator
// (passes.RegAllocDefault), the linear scan when the target names none;
// -regalloc=NAME overrides the default.
func TestTargetDefaultAllocator(t *testing.T) {
	named := mock.NewTupleArch(4, 1)
	passes.RegisterMachine(named, defaultMachine{"tuple"})
	for _, tc := range []struct {
		arch      *mir.Arch
		opt       string
		colouring bool
	}{
		{named, "", true},
		{named, "linear", false},
		{mock.NewTupleArch(4, 1), "", false},
		{mock.NewTupleArch(4, 1), "tuple", true},
	} {
		cfg := passes.NewConfig()
		if tc.opt != "" {
			cfg.Options["regalloc"] = tc.opt
		}
		cfg.DebugOnly["regalloc"] = true
		var out strings.Builder
		cfg.DebugOut = &out
		allocateAndCheck(t, tc.arch, 7, cfg)
		if got := strings.Contains(out.String(), "interference graph"); got != tc.colouring {
			t.Errorf("%s -regalloc=%q: graph colouring ran: %v, want %v", tc.arch.Name, tc.opt, got, tc.colouring)
		}
	}
}
