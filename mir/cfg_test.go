package mir

import (
	"reflect"
	"testing"
)

// checkCFGConsistent verifies that the incrementally updated Preds/Succs
// equal what RecomputeCFG derives from the branches (as sets per block).
func checkCFGConsistent(t *testing.T, f *Func) {
	t.Helper()
	succ := map[*Block][]int{}
	pred := map[*Block][]int{}
	for _, b := range f.Blocks {
		succ[b], pred[b] = ids(b.Succs), ids(b.Preds)
	}
	f.RecomputeCFG()
	for _, b := range f.Blocks {
		if !sameSet(succ[b], ids(b.Succs)) || !sameSet(pred[b], ids(b.Preds)) {
			t.Errorf("bb%d: updated succs %v preds %v; recomputed %v %v\n%s", b.ID, succ[b], pred[b], ids(b.Succs), ids(b.Preds), f)
		}
	}
}

func TestSplitCriticalEdgeBranch(t *testing.T) {
	// bb0: brcond → bb2, falls through to bb1; bb1 → bb2; bb2 has a phi.
	f := NewFunc("s", GenericArch)
	f.Props = PropSSA
	b0, b1, b2 := f.NewBlock("entry"), f.NewBlock("mid"), f.NewBlock("join")
	c, x, y := f.NewVReg(0), f.NewVReg(0), f.NewVReg(0)
	b0.Instrs = []*Instr{NewInstr(GConst, D(c), I(1)), NewInstr(GBrCond, R(c), B(b2))}
	b1.Instrs = []*Instr{NewInstr(GConst, D(x), I(2))}
	b2.Instrs = []*Instr{NewInstr(GPhi, D(y), R(c), B(b0), R(x), B(b1)), NewInstr(GRet, R(y))}
	f.RecomputeCFG()
	if !IsCriticalEdge(b0, b2) || IsCriticalEdge(b0, b1) || IsCriticalEdge(b1, b2) {
		t.Fatalf("critical edge detection wrong")
	}
	nb := SplitCriticalEdge(b0, b2)
	if nb == nil {
		t.Fatal("not split")
	}
	if f.Blocks[3] != nb || nb.Name != "entry.join_crit_edge" {
		t.Errorf("new block placed at %v named %q", ids(f.Blocks), nb.Name)
	}
	if b0.Instrs[1].Ops[1].Block != nb || b2.Instrs[0].Ops[2].Block != nb {
		t.Errorf("branch or phi not redirected:\n%s", f)
	}
	if in := nb.Instrs; len(in) != 1 || in[0].Op != GBr || in[0].Ops[0].Block != b2 {
		t.Errorf("new block needs G_BR to join:\n%s", f)
	}
	checkCFGConsistent(t, f)
	if errs := Verify(f); len(errs) > 0 {
		t.Errorf("split function does not verify: %v\n%s", errs, f)
	}
}

func TestSplitCriticalEdgeFallthroughSelected(t *testing.T) {
	// bb0: JEQ → bb2, falls through to bb1; bb2 → bb1 via JMP; bb1 returns.
	// bb0→bb1 is critical and a fall-through: the new block goes between.
	f := NewFunc("s", testArch)
	f.Props = PropSelected
	b0, b1, b2 := f.NewBlock("a"), f.NewBlock("b"), f.NewBlock("c")
	b0.Instrs = []*Instr{NewInstr(top("CMP"), D(tSW), R(tV0), R(tV1)), NewInstr(top("JEQ"), R(tSW), B(b2))}
	b1.Instrs = []*Instr{NewInstr(top("RET"), R(tLR))}
	b2.Instrs = []*Instr{NewInstr(top("JMP"), B(b1))}
	f.RecomputeCFG()
	nb := SplitCriticalEdge(b0, b1)
	if nb == nil || !reflect.DeepEqual(f.Blocks, []*Block{b0, nb, b1, b2}) || len(nb.Instrs) != 0 {
		t.Fatalf("fall-through split wrong:\n%s", f)
	}
	checkCFGConsistent(t, f)
	// The other direction has no fall-through: a JMP is made.
	f2 := NewFunc("s", testArch)
	f2.Props = PropSelected
	c0, c1, c2 := f2.NewBlock("a"), f2.NewBlock("b"), f2.NewBlock("c")
	c0.Instrs = []*Instr{NewInstr(top("JEQ"), R(tSW), B(c2))}
	c1.Instrs = []*Instr{NewInstr(top("JEQ"), R(tSW), B(c2)), NewInstr(top("RET"), R(tLR))}
	c2.Instrs = []*Instr{NewInstr(top("RET"), R(tLR))}
	f2.RecomputeCFG()
	nb = SplitCriticalEdge(c0, c2)
	if nb == nil || len(nb.Instrs) != 1 || nb.Instrs[0].Op != top("JMP") || f2.Blocks[3] != nb {
		t.Fatalf("branch split wrong:\n%s", f2)
	}
	checkCFGConsistent(t, f2)
	if SplitCriticalEdge(c0, c0) != nil {
		t.Errorf("split a non-edge")
	}
}

func TestSplitCriticalEdgeJumpTable(t *testing.T) {
	// bb0 and bb1 share jt#0 = [bb1, bb2, bb3]; bb3 is also reached from bb2.
	f := buildCFG(4, map[int][]int{0: {1, 2, 3}, 1: {2, 3, 3}, 2: {3}})
	f.Blocks[1].Instrs[0].Ops[1].Imm = 0
	f.JumpTables = f.JumpTables[:1]
	f.RecomputeCFG()
	b0, b3 := f.Blocks[0], f.Blocks[3]
	nb := SplitCriticalEdge(b0, b3)
	if nb == nil {
		t.Fatal("not split")
	}
	if got := f.Blocks[0].Instrs[1].Ops[1].Imm; got != 1 || len(f.JumpTables) != 2 {
		t.Fatalf("shared table not cloned: operand jt#%d, %d tables", got, len(f.JumpTables))
	}
	if !reflect.DeepEqual(f.JumpTables[1], []*Block{f.Blocks[1], f.Blocks[2], nb}) || f.JumpTables[0][2] != b3 {
		t.Errorf("tables %v %v", ids(f.JumpTables[0]), ids(f.JumpTables[1]))
	}
	checkCFGConsistent(t, f)
}

func TestSplitCriticalEdges(t *testing.T) {
	f := buildCFG(4, map[int][]int{0: {1, 2}, 1: {2, 3}, 2: {1, 3}})
	n := len(SplitCriticalEdges(f))
	if n != 6 {
		t.Errorf("split %d edges, want 6:\n%s", n, f)
	}
	for _, b := range f.Blocks {
		for _, s := range b.Succs {
			if IsCriticalEdge(b, s) {
				t.Errorf("bb%d→bb%d still critical", b.ID, s.ID)
			}
		}
	}
	checkCFGConsistent(t, f)
	if errs := Verify(f); len(errs) > 0 {
		t.Errorf("%v", errs)
	}
}

func TestSplitPredecessors(t *testing.T) {
	// entry: brcond → a, falls through to c; a: brcond → b, falls through
	// to join; b → join; c → join. join's phi takes a different value from
	// each predecessor, t2 the same value from a and b.
	f := NewFunc("s", GenericArch)
	f.Props = PropSSA
	e, a, j, b, c := f.NewBlock("entry"), f.NewBlock("a"), f.NewBlock("join"), f.NewBlock("b"), f.NewBlock("c")
	p, x, y, z, u, w := f.NewVReg(0), f.NewVReg(0), f.NewVReg(0), f.NewVReg(0), f.NewVReg(0), f.NewVReg(0)
	e.Instrs = []*Instr{NewInstr(GConst, D(p), I(1)), NewInstr(GBrCond, R(p), B(a)), NewInstr(GBr, B(c))}
	a.Instrs = []*Instr{NewInstr(GConst, D(x), I(2)), NewInstr(GBrCond, R(p), B(b))}
	b.Instrs = []*Instr{NewInstr(GConst, D(y), I(3)), NewInstr(GBr, B(j))}
	c.Instrs = []*Instr{NewInstr(GConst, D(z), I(4)), NewInstr(GBr, B(j))}
	j.Instrs = []*Instr{
		NewInstr(GPhi, D(u), R(x), B(a), R(y), B(b), R(z), B(c)),
		NewInstr(GPhi, D(w), I(7), B(a), I(7), B(b), I(8), B(c)),
		NewInstr(GRet, R(u)),
	}
	f.RecomputeCFG()
	if SplitPredecessors(j, []*Block{a, e}, "bad") != nil {
		t.Fatal("split with a non-predecessor")
	}
	nb := SplitPredecessors(j, []*Block{a, b}, "join.join")
	if nb == nil {
		t.Fatal("not split")
	}
	if f.Blocks[len(f.Blocks)-1] != nb || nb.Name != "join.join" {
		t.Errorf("new block placed at %v named %q", ids(f.Blocks), nb.Name)
	}
	if got := ids(j.Preds); !sameSet(got, ids([]*Block{c, nb})) {
		t.Errorf("join preds %v:\n%s", got, f)
	}
	if last := a.Instrs[len(a.Instrs)-1]; last.Op != GBr || last.Ops[0].Block != nb {
		t.Errorf("fall-through of a not made an explicit jump to the new block:\n%s", f)
	}
	if len(nb.Instrs) != 2 || nb.Instrs[0].Op != GPhi || nb.Instrs[1].Op != GBr || nb.Instrs[1].Ops[0].Block != j {
		t.Fatalf("new block needs one phi and a G_BR to join:\n%s", f)
	}
	phi := nb.Instrs[0]
	if want := []Operand{R(x), B(a), R(y), B(b)}; !reflect.DeepEqual(phi.Ops[1:], want) {
		t.Errorf("new phi %v, want incoming %v", phi, want)
	}
	if want := []Operand{D(u), R(z), B(c), R(phi.Ops[0].Reg), B(nb)}; !reflect.DeepEqual(j.Instrs[0].Ops, want) {
		t.Errorf("join phi %v, want %v", j.Instrs[0], want)
	}
	if want := []Operand{D(w), I(8), B(c), I(7), B(nb)}; !reflect.DeepEqual(j.Instrs[1].Ops, want) {
		t.Errorf("join phi with one incoming value %v, want %v", j.Instrs[1], want)
	}
	checkCFGConsistent(t, f)
	if errs := Verify(f); len(errs) > 0 {
		t.Errorf("split function does not verify: %v\n%s", errs, f)
	}
}

// TestSplitIndirectEdge: an edge out of G_BRINDIRECT (IR indirectbr) cannot
// be split, since the address in the register decides the target; the
// loop header reached by it (a computed-goto label in an interpreter) must
// not get a preheader that the jump would skip.
func TestSplitIndirectEdge(t *testing.T) {
	f := NewFunc("s", GenericArch)
	b0, b1, b2 := f.NewBlock("entry"), f.NewBlock("l1"), f.NewBlock("l2")
	a, c := f.NewVReg(0), f.NewVReg(0)
	imp := func(b *Block) Operand {
		o := B(b)
		o.Flags |= FlagImplicit
		return o
	}
	b0.Instrs = []*Instr{NewInstr(GConst, D(a), I(0)), NewInstr(GBrIndirect, R(a), imp(b1), imp(b2))}
	b1.Instrs = []*Instr{NewInstr(GConst, D(c), I(1)), NewInstr(GBrCond, R(c), B(b1)), NewInstr(GBr, B(b2))}
	b2.Instrs = []*Instr{NewInstr(GRet)}
	f.RecomputeCFG()
	if !BranchesIndirectly(b0) || BranchesIndirectly(b1) {
		t.Fatalf("BranchesIndirectly wrong")
	}
	if nb := SplitCriticalEdge(b0, b1); nb != nil {
		t.Errorf("split an edge of an indirect branch:\n%s", f)
	}
	if nb := SplitPredecessors(b2, []*Block{b0, b1}, "join"); nb != nil {
		t.Errorf("split the predecessors of an indirect branch's target:\n%s", f)
	}
	if nb := SplitCriticalEdge(b1, b2); nb == nil {
		t.Errorf("did not split a direct edge")
	}
}
