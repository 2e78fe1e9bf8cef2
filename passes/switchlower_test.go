package passes

import (
	"bytes"
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"lltosimd/mir"
)

// swCase is one case of a test switch: value and target index (-1 is the
// default block).
type swCase struct {
	v   int64
	dst int
}

// buildSwitch makes
//
//	bb0: %x = G_ARGS; G_SWITCH %x, def, cases...
//	t_i: %p = PHI 100*i+1, bb0 ; G_RET %p
//	def: %p = PHI 999, bb0 ; G_RET %p     (or G_UNREACHABLE)
//
// Every target's phi names bb0, so the lowering must give each new
// predecessor its entry (the evaluator fails on a missing one).
func buildSwitch(cases []swCase, ntargets int, unreachableDefault bool) *mir.Func {
	f := mir.NewFunc("sw", mir.GenericArch)
	f.Props = mir.PropSSA
	entry := f.NewBlock("entry")
	x := f.NewVReg(0)
	var targets []*mir.Block
	for i := range ntargets {
		targets = append(targets, f.NewBlock(fmt.Sprintf("t%d", i)))
	}
	def := f.NewBlock("def")
	ops := []mir.Operand{mir.R(x), mir.B(def)}
	for _, c := range cases {
		t := def
		if c.dst >= 0 {
			t = targets[c.dst]
		}
		ops = append(ops, mir.I(c.v), mir.B(t))
	}
	entry.Instrs = []*mir.Instr{
		mir.NewInstr(mir.GArgs, mir.D(x), mir.I(int64(mir.MakeArgDesc(1, 0)))),
		mir.NewInstr(mir.GSwitch, ops...),
	}
	for i, t := range targets {
		p := f.NewVReg(0)
		t.Instrs = []*mir.Instr{
			mir.NewInstr(mir.GPhi, mir.D(p), mir.I(int64(100*i+1)), mir.B(entry)),
			mir.NewInstr(mir.GRet, mir.R(p)),
		}
	}
	if unreachableDefault {
		def.Instrs = []*mir.Instr{mir.NewInstr(mir.GUnreachable)}
	} else {
		p := f.NewVReg(0)
		def.Instrs = []*mir.Instr{
			mir.NewInstr(mir.GPhi, mir.D(p), mir.I(999), mir.B(entry)),
			mir.NewInstr(mir.GRet, mir.R(p)),
		}
	}
	f.RecomputeCFG()
	// Targets no case names have no predecessor: drop their phi entry.
	for _, t := range append(targets, def) {
		if len(t.Preds) == 0 && len(t.Instrs) > 1 {
			t.Instrs[0] = mir.NewInstr(mir.GImplicitDef, t.Instrs[0].Ops[0])
		}
	}
	return f
}

// evalSwitch runs the generic MIR of f on argument x and returns what it
// returns (-1 for G_UNREACHABLE).
func evalSwitch(t *testing.T, f *mir.Func, x int32) int64 {
	t.Helper()
	regs := map[mir.Reg]int64{}
	val := func(o mir.Operand) int64 {
		if o.Kind == mir.KindImm {
			return o.Imm
		}
		return regs[o.Reg]
	}
	b, pred := f.Blocks[0], (*mir.Block)(nil)
	for steps := 0; steps < 10000; steps++ {
		var next *mir.Block
	instrs:
		for _, in := range b.Instrs {
			o := in.Ops
			switch in.Op {
			case mir.GArgs:
				regs[o[0].Reg] = int64(x)
			case mir.GConst:
				regs[o[0].Reg] = o[1].Imm
			case mir.GSub:
				regs[o[0].Reg] = int64(int32(val(o[1]) - val(o[2])))
			case mir.GOr:
				regs[o[0].Reg] = int64(int32(val(o[1]) | val(o[2])))
			case mir.GAnd:
				regs[o[0].Reg] = int64(int32(val(o[1]) & val(o[2])))
			case mir.GShl:
				n := val(o[2])
				if n < 0 || n > 31 {
					t.Fatalf("x=%d: shift by %d\n%s", x, n, f)
				}
				regs[o[0].Reg] = int64(int32(val(o[1]) << n))
			case mir.GICmp:
				a, c := int32(val(o[2])), int32(val(o[3]))
				r := map[mir.Cond]bool{
					mir.CondEQ: a == c, mir.CondNE: a != c, mir.CondSLT: a < c, mir.CondSLE: a <= c,
					mir.CondULE: uint32(a) <= uint32(c), mir.CondUGT: uint32(a) > uint32(c),
				}
				res, ok := r[o[1].Cond]
				if !ok {
					t.Fatalf("unexpected condition %v", o[1].Cond)
				}
				regs[o[0].Reg] = 0
				if res {
					regs[o[0].Reg] = 1
				}
			case mir.GPhi:
				found := false
				for i := 1; i+1 < len(o); i += 2 {
					if o[i+1].Block == pred {
						regs[o[0].Reg], found = val(o[i]), true
					}
				}
				if !found {
					t.Fatalf("x=%d: phi in %s has no entry for %s\n%s", x, b.Name, blockLabel(pred), f)
				}
			case mir.GImplicitDef:
			case mir.GBr:
				next = o[0].Block
				break instrs
			case mir.GBrCond:
				if val(o[0]) != 0 {
					next = o[1].Block
					break instrs
				}
			case mir.GBrJT:
				tab := f.JumpTables[o[1].Imm]
				idx := uint32(val(o[0]))
				if int64(idx) >= int64(len(tab)) {
					t.Fatalf("x=%d: table index %d out of range\n%s", x, idx, f)
				}
				next = tab[idx]
				break instrs
			case mir.GSwitch:
				next = o[1].Block
				for i := 2; i+1 < len(o); i += 2 {
					if int64(x) == o[i].Imm {
						next = o[i+1].Block
					}
				}
				break instrs
			case mir.GRet:
				return val(o[0])
			case mir.GUnreachable:
				return -1
			default:
				t.Fatalf("cannot evaluate %s", f.Arch.OpName(in.Op))
			}
		}
		if next == nil {
			t.Fatalf("x=%d: %s falls off", x, b.Name)
		}
		pred, b = b, next
	}
	t.Fatalf("x=%d: no return", x)
	return 0
}

func lowerWith(t *testing.T, f *mir.Func, info SwitchInfo, opt string) *Config {
	t.Helper()
	cfg := NewConfig()
	cfg.Options["O"] = opt
	var dbg bytes.Buffer
	cfg.DebugOnly["switch-lowering"] = true
	cfg.DebugOut = &dbg
	if err := LowerSwitches(&Ctx{Cfg: cfg, Pass: SwitchLoweringPass}, f, info); err != nil {
		t.Fatal(err)
	}
	if errs := mir.Verify(f); len(errs) > 0 {
		t.Fatalf("verify: %v\n%s", errs, f)
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == mir.GSwitch {
				t.Fatalf("G_SWITCH left:\n%s", f)
			}
		}
	}
	return cfg
}

// TestSwitchLoweringShapes checks the clusters, tables and statistics of
// shapes whose LLVM lowering is known (TestSwitchShapesMatchLLC in
// tests/regress compares the table counts with llc itself).
func TestSwitchLoweringShapes(t *testing.T) {
	seq := func(lo, hi int64, dst func(int64) int) []swCase {
		var cs []swCase
		for v := lo; v <= hi; v++ {
			cs = append(cs, swCase{v, dst(v)})
		}
		return cs
	}
	own := func(lo int64) func(int64) int { return func(v int64) int { return int(v - lo) } }
	for _, tc := range []struct {
		name     string
		cases    []swCase
		ntargets int
		tables   int64
		ranges   int64 // range checks: case ranges and table bounds
		tree     int64
		debug    string // the cluster line, after "clusters: "
	}{
		{"dense", seq(0, 9, own(0)), 10, 1, 1, 0, "table[0..9]"},
		{"signed", seq(-2, 2, own(-2)), 5, 1, 1, 0, "table[-2..2]"},
		{"outlier", append(seq(0, 6, own(0)), swCase{1000, 7}), 8, 1, 1, 0, "table[0..6] 1000->bb8.t7"},
		{"two tables", append(seq(0, 4, own(0)), seq(1000, 1004, own(995))...), 10, 2, 2, 0, "table[0..4] table[1000..1004]"},
		{"sparse", []swCase{{-5, 0}, {1, 1}, {100, 2}, {10000, 3}, {1000000, 4}}, 5, 0, 0, 1,
			"-5->bb1.t0 1->bb2.t1 100->bb3.t2 10000->bb4.t3 1000000->bb5.t4"},
		{"two ranges", append(seq(0, 9, func(int64) int { return 0 }), seq(10, 19, func(int64) int { return 1 })...), 2, 0, 2, 0,
			"[0..9]->bb1.t0 [10..19]->bb2.t1"},
		// One destination over a word-sized range: bit tests, no table.
		{"bit tests", []swCase{{1, 0}, {3, 0}, {5, 0}, {7, 0}, {9, 0}}, 1, 0, 1, 0, "bits[1..9]"},
		{"bit tests and a table", append(seq(0, 9, own(0)), swCase{1000, 10}, swCase{1002, 10}, swCase{1004, 10}), 11, 1, 2, 0,
			"table[0..9] bits[1000..1004]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := buildSwitch(tc.cases, tc.ntargets, false)
			cfg := lowerWith(t, f, SwitchInfo{JumpTables: true}, "2")
			for k, want := range map[string]int64{statSwitchTables: tc.tables, statSwitchRanges: tc.ranges, statSwitchTree: tc.tree} {
				if got := stat(cfg, "switch-lowering", k); got != want {
					t.Errorf("%s = %d, want %d\n%s", k, got, want, f)
				}
			}
			dbg := cfg.DebugOut.(*bytes.Buffer).String()
			if !strings.Contains(dbg, "clusters: "+tc.debug+"\n") {
				t.Errorf("debug output %q, want clusters %q", dbg, tc.debug)
			}
			want := map[int64]int64{}
			for _, c := range tc.cases {
				want[c.v] = 999
				if c.dst >= 0 {
					want[c.v] = int64(100*c.dst + 1)
				}
			}
			for _, c := range tc.cases {
				for _, x := range []int64{c.v - 1, c.v, c.v + 1} {
					w, ok := want[x]
					if !ok {
						w = 999
					}
					if got := evalSwitch(t, f, int32(x)); got != w {
						t.Fatalf("x=%d: got %d, want %d\n%s", x, got, w, f)
					}
				}
			}
		})
	}
}

// TestSwitchLoweringTableLayout checks a table's entries: signed order from
// the lowest case, gaps to the default, and the bound check before it.
func TestSwitchLoweringTableLayout(t *testing.T) {
	f := buildSwitch([]swCase{{-2, 0}, {-1, 1}, {1, 2}, {2, 3}, {3, 0}}, 4, false)
	lowerWith(t, f, SwitchInfo{JumpTables: true}, "2")
	if len(f.JumpTables) != 1 {
		t.Fatalf("%d tables\n%s", len(f.JumpTables), f)
	}
	var names []string
	for _, b := range f.JumpTables[0] {
		names = append(names, b.Name)
	}
	if got := strings.Join(names, " "); got != "t0 t1 def t2 t3 t0" {
		t.Errorf("table = %s, want t0 t1 def t2 t3 t0", got)
	}
	text := f.String()
	for _, want := range []string{"G_CONST -2", "G_SUB %0, ", "G_CONST 5", "G_ICMP ugt"} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q:\n%s", want, text)
		}
	}
}

// TestSwitchLoweringNoTables: with tables and bit tests off a dense switch
// is a balanced tree of compares, and phis get an entry per new
// predecessor.
func TestSwitchLoweringNoTables(t *testing.T) {
	var cs []swCase
	for v := int64(0); v < 12; v++ {
		cs = append(cs, swCase{v, int(v % 3)})
	}
	f := buildSwitch(cs, 3, false)
	cfg := lowerWith(t, f, SwitchInfo{NoBitTests: true}, "2")
	if len(f.JumpTables) != 0 || stat(cfg, "switch-lowering", statSwitchTree) == 0 {
		t.Errorf("want a tree and no table:\n%s", f)
	}
	// Several new blocks branch to t0: each has its phi entry.
	var t0 *mir.Block
	for _, b := range f.Blocks {
		if b.Name == "t0" {
			t0 = b
		}
	}
	if n := len(t0.Preds); n < 2 || len(t0.Instrs[0].Ops) != 1+2*n {
		t.Errorf("t0 has %d preds, phi %v\n%s", n, t0.Instrs[0].Ops, f)
	}
	for x := int32(-3); x < 15; x++ {
		want := int64(999)
		if x >= 0 && x < 12 {
			want = int64(100*(x%3) + 1)
		}
		if got := evalSwitch(t, f, x); got != want {
			t.Fatalf("x=%d: got %d, want %d\n%s", x, got, want, f)
		}
	}
}

// TestSwitchLoweringSmall: the two-value bit trick ((x|2)==6 for 4, 6),
// and no last compare when the default is unreachable, as in LLVM.
func TestSwitchLoweringSmall(t *testing.T) {
	f := buildSwitch([]swCase{{4, 0}, {6, 0}}, 1, false)
	lowerWith(t, f, SwitchInfo{JumpTables: true}, "2")
	if text := f.String(); !strings.Contains(text, "G_OR") || !strings.Contains(text, "G_CONST 6") {
		t.Errorf("want (x|2)==6:\n%s", text)
	}
	for x := int32(0); x < 10; x++ {
		want := int64(999)
		if x == 4 || x == 6 {
			want = 1
		}
		if got := evalSwitch(t, f, x); got != want {
			t.Fatalf("x=%d: got %d, want %d\n%s", x, got, want, f)
		}
	}
	f = buildSwitch([]swCase{{10, 0}, {20, 1}}, 2, true)
	lowerWith(t, f, SwitchInfo{JumpTables: true}, "2")
	if n := strings.Count(f.String(), "G_ICMP"); n != 1 {
		t.Errorf("%d compares, want 1 (the last case needs none):\n%s", n, f)
	}
}

// TestSwitchLoweringRandom lowers random switches with every setting and
// checks that each value reaches its target with its phi value.
func TestSwitchLoweringRandom(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for iter := 0; iter < 400; iter++ {
		ntargets := 1 + r.Intn(6)
		seen := map[int64]bool{}
		var cs []swCase
		centers := []int64{0, int64(r.Intn(2000) - 1000), math.MinInt32, math.MaxInt32 - 40, int64(r.Int31())}
		for n := r.Intn(60); len(cs) < n; {
			c := centers[r.Intn(len(centers))]
			v := c + int64(r.Intn(80))
			if v > math.MaxInt32 || seen[v] {
				continue
			}
			seen[v] = true
			cs = append(cs, swCase{v, r.Intn(ntargets+1) - 1})
		}
		info := SwitchInfo{JumpTables: r.Intn(3) > 0, MinJumpTableEntries: r.Intn(6), MinDensity: r.Intn(50), NoBitTests: r.Intn(3) == 0}
		opt := []string{"0", "2"}[r.Intn(2)]
		f := buildSwitch(cs, ntargets, false)
		before := f.String()
		lowerWith(t, f, info, opt)
		check := func(x int64) {
			if x < math.MinInt32 || x > math.MaxInt32 {
				return
			}
			want := int64(999)
			for _, c := range cs {
				if c.v == x && c.dst >= 0 {
					want = int64(100*c.dst + 1)
				}
			}
			if got := evalSwitch(t, f, int32(x)); got != want {
				t.Fatalf("iter %d x=%d: got %d, want %d\nbefore:\n%s\nafter:\n%s", iter, x, got, want, before, f)
			}
		}
		for _, c := range cs {
			check(c.v - 1)
			check(c.v)
			check(c.v + 1)
		}
		for _, x := range []int64{math.MinInt32, math.MaxInt32, 0, -1} {
			check(x)
		}
	}
}
