package regalloc_test

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"lltosimd/mir"
	"lltosimd/passes"
	"lltosimd/passes/regalloc"
	"lltosimd/passes/regalloc/mock"
)

// TestRandomTuplePrograms allocates random programs on the two-lane tuple
// target (pairs {rk, bk}, scalars of either lane, calls, diamonds and
// loops with pair PHIs) and checks by interpretation, unit by unit, that
// the allocated code computes what the SSA code does: a pair and a
// scalar given registers that share a unit would corrupt each other.
func TestRandomTuplePrograms(t *testing.T) {
	archs := []*mir.Arch{mock.NewTupleArch(3, 1), mock.NewTupleArch(4, 1), mock.NewTupleArch(6, 2), mock.NewTupleArch(3, 0)}
	cfg := passes.NewConfig()
	pairs, pairSpills := 0, 0
	for _, arch := range archs {
		for seed := int64(1); seed <= 150; seed++ {
			before, f := allocateAndCheck(t, arch, seed, cfg)
			pairs += strings.Count(before, ":pair = ")
			pairSpills += strings.Count(f.String(), "G_SPILL")
		}
	}
	if pairs < 1000 || pairSpills < 50 {
		t.Errorf("%d pair definitions, %d pair spills: the programs do not exercise tuples enough", pairs, pairSpills)
	}
	// Pairs must be spilled (G_SPILL/G_RELOAD) and coalesced too.
	for _, key := range []string{"spills", "coalesced", "reloadsRemoved"} {
		if cfg.Stats.Get("regalloc", regalloc.Pass.Stats[key]) == 0 {
			t.Errorf("statistic %s is 0", key)
		}
	}
}

// tupleFunc builds, on the tuple target: the scalars of lane b in
// bvals, then pair values computed from the argument, a call when call is
// set, then everything read (the lanes of the pairs, the b scalars).
func tupleFunc(arch *mir.Arch, nb, npairs int, call bool) *mir.Func {
	f := mir.NewFunc("tuples", arch)
	b := f.NewBlock("entry")
	emit := func(op mir.Opcode, ops ...mir.Operand) { b.Instrs = append(b.Instrs, mir.NewInstr(op, ops...)) }
	arg := f.NewVReg(mock.ClassA)
	emit(mir.GCopy, mir.D(arg), mir.R(mock.R(0)))
	var bs, ps []mir.Reg
	for i := 0; i < nb; i++ {
		v := f.NewVReg(mock.ClassB)
		emit(mock.ADDI, mir.D(v), mir.R(arg), mir.I(int64(100*(i+1))))
		bs = append(bs, v)
	}
	for i := 0; i < npairs; i++ {
		x := f.NewVReg(mock.ClassA)
		emit(mock.ADDI, mir.D(x), mir.R(arg), mir.I(int64(10*(i+1))))
		p := f.NewVReg(mock.ClassPair)
		emit(mock.PACK, mir.D(p), mir.R(x), mir.R(arg))
		ps = append(ps, p)
	}
	if call {
		emit(mock.LI, mir.D(mock.R(0)), mir.I(1))
		emit(mock.LI, mir.D(mock.R(1)), mir.I(2))
		emit(mock.CALL, mir.S("f", 0))
	}
	for _, p := range ps {
		for lane := 0; lane < 2; lane++ {
			l := f.NewVReg(mock.ClassA)
			emit(mock.LANE, mir.D(l), mir.R(p), mir.I(int64(lane)))
			emit(mock.OUT, mir.R(l))
		}
	}
	for _, v := range bs {
		emit(mock.OUT, mir.R(v))
	}
	emit(mir.GCopy, mir.D(mock.R(0)), mir.R(arg))
	emit(mock.RET)
	f.RecomputeCFG()
	return f
}

// allocTuples allocates f and checks it by interpretation.
func allocTuples(t *testing.T, f *mir.Func) *passes.Config {
	t.Helper()
	want, err := mock.Run(f, 5, 0)
	if err != nil {
		t.Fatal(err)
	}
	cfg := passes.NewConfig()
	if err := pipeline(t, f, cfg); err != nil {
		t.Fatal(err)
	}
	if got, err := mock.Run(f, 5, 0); err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("got %v, %v; want %v\n%s", got, err, want, f)
	}
	return cfg
}

// A pair {rk, bk} and a scalar of lane b live at the same time never get
// the same number k: they share the unit bk. With 3 numbers per lane
// (lane a holds the argument, the pair and a lane read at once), all fit
// with no spill.
func TestTupleExcludesItsUnits(t *testing.T) {
	f := tupleFunc(mock.NewTupleArch(3, 0), 1, 1, false)
	cfg := allocTuples(t, f)
	if n := cfg.Stats.Get("regalloc", regalloc.Pass.Stats["spills"]); n != 0 {
		t.Errorf("%d spills, want 0\n%s", n, f)
	}
	s := f.String()
	for k := 0; k < 3; k++ {
		if strings.Contains(s, fmt.Sprintf("$ab%d = PACK", k)) && strings.Contains(s, fmt.Sprintf("$b%d = ADDI", k)) {
			t.Errorf("pair and lane-b scalar share number %d:\n%s", k, s)
		}
	}
}

// Pairs are allocated before scalars (spec bwdsp.md §3.2: SIMD first):
// with 2 numbers per lane, two lane-b scalars and a pair live at once
// cannot all have registers. The pair keeps one and a scalar is spilled,
// with a plain G_STORE32, not the pair with G_SPILL, even though the
// scalars are read more often and start first (a plain linear scan
// evicts the pair, the cheaper interval).
func TestTuplesFirst(t *testing.T) {
	f := mir.NewFunc("first", mock.NewTupleArch(2, 0))
	b := f.NewBlock("entry")
	emit := func(op mir.Opcode, ops ...mir.Operand) { b.Instrs = append(b.Instrs, mir.NewInstr(op, ops...)) }
	arg, x, b1, b2, p := f.NewVReg(mock.ClassA), f.NewVReg(mock.ClassA), f.NewVReg(mock.ClassB), f.NewVReg(mock.ClassB), f.NewVReg(mock.ClassPair)
	emit(mir.GCopy, mir.D(arg), mir.R(mock.R(0)))
	emit(mock.ADDI, mir.D(b1), mir.R(arg), mir.I(100))
	emit(mock.ADDI, mir.D(b2), mir.R(arg), mir.I(200))
	emit(mock.ADDI, mir.D(x), mir.R(arg), mir.I(10))
	emit(mock.PACK, mir.D(p), mir.R(x), mir.R(arg))
	for i := 0; i < 4; i++ {
		emit(mock.OUT, mir.R(b1))
		emit(mock.OUT, mir.R(b2))
	}
	for i := 0; i < 10; i++ {
		emit(mock.OUT, mir.R(arg))
	}
	for lane := 0; lane < 2; lane++ {
		l := f.NewVReg(mock.ClassA)
		emit(mock.LANE, mir.D(l), mir.R(p), mir.I(int64(lane)))
		emit(mock.OUT, mir.R(l))
	}
	emit(mir.GCopy, mir.D(mock.R(0)), mir.R(arg))
	emit(mock.RET)
	f.RecomputeCFG()
	allocTuples(t, f)
	s := f.String()
	if strings.Contains(s, "G_SPILL") || !strings.Contains(s, "G_STORE32") {
		t.Errorf("want a scalar spilled (G_STORE32), not the pair (G_SPILL):\n%s", s)
	}
}

// A pair live across a call that clobbers every register is spilled with
// one G_SPILL naming the pair class (one SIMD store, not one per lane)
// into a slot of the class's 8 bytes, and reloaded whole with G_RELOADs
// of that class, never with word loads.
func TestTupleSpill(t *testing.T) {
	arch := mock.NewTupleArch(3, 0)
	f := tupleFunc(arch, 0, 1, true)
	allocTuples(t, f)
	s := f.String()
	pair, _ := arch.LookupClass("pair")
	spill := regexp.MustCompile(`G_SPILL \$ab\d, fi#(\d+), ` + fmt.Sprint(pair))
	m := spill.FindAllStringSubmatch(s, -1)
	if len(m) != 1 || strings.Count(s, "G_RELOAD") == 0 ||
		strings.Count(s, fmt.Sprintf("G_RELOAD fi#%s, %d", m[0][1], pair)) != strings.Count(s, "G_RELOAD") ||
		strings.Contains(s, "G_LOAD32 fi#"+m[0][1]) {
		t.Fatalf("want one G_SPILL and G_RELOADs of class %d:\n%s", pair, s)
	}
	if fi, _ := strconv.Atoi(m[0][1]); f.Frame[fi].Size != 8 {
		t.Errorf("spill slot %+v, want 8 bytes", f.Frame[fi])
	}
}
