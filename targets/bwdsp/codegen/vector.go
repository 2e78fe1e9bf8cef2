package codegen

// SIMD selection (spec §2.2, §2.3): IR vectors of 4 (or 2) word lanes
// become instructions with the mask xyzt (or xy). A vector virtual
// register is allocated from the tuple class of its mask (bw.ClassOfMask),
// so the same selected op serves scalars and vectors: `ADD %d, %a, %b`
// on tuples is `xyztRd = Ra + Rb` once allocated (FromMIR reads the mask
// off the tuple registers). What needs a lane of a tuple, or a predicate
// in every lane, is a pseudo (bw.PseudoVBuild …) expanded after
// allocation into transfers, compares and selects (expandVector).

import (
	"fmt"

	"lltosimd/isel"
	"lltosimd/mir"
	"lltosimd/passes"
	bw "lltosimd/targets/bwdsp"
)

// vecMask returns the mask a vector shape is selected with: 4 lanes
// xyzt, 2 lanes xy (lane j in the j-th macro of the mask, as SIMD memory
// accesses place lane j at base + 4j).
func vecMask(t mir.VecType) (bw.Mask, bool) {
	if t.Bits != 32 && t.Bits != 1 {
		return 0, false
	}
	switch t.Lanes {
	case 4:
		return 0xf, true
	case 2:
		return 0x3, true
	}
	return 0, false
}

// vecLegal lists the generic ops selected on vectors of word lanes:
// integer (s), float (f) and mask (s1) shapes. The rest is split into
// lanes by vector-legalize (G_FPTOUI, …).
var vecLegal = map[mir.Opcode]string{
	mir.GCopy: "sf1", mir.GPhi: "sf1", mir.GImplicitDef: "sf1",
	mir.GBuildVector: "sf1", mir.GExtractVectorElt: "sf1", mir.GInsertVectorElt: "sf",
	mir.GVLoad: "sf", mir.GVLoadStrided: "sf", mir.GVStore: "sf", mir.GSelect: "sf",
	mir.GAdd: "s", mir.GSub: "s", mir.GMul: "s", mir.GAnd: "s", mir.GOr: "s", mir.GXor: "s",
	mir.GShl: "s", mir.GLShr: "s", mir.GAShr: "s", mir.GICmp: "s",
	mir.GSDiv: "s", mir.GUDiv: "s", mir.GSRem: "s", mir.GURem: "s", mir.GFPToSI: "s",
	mir.GFAdd: "f", mir.GFSub: "f", mir.GFMul: "f", mir.GFDiv: "f", mir.GFCmp: "f",
	mir.GSIToFP: "f", mir.GUIToFP: "f", mir.GShuffleVector: "sf",
}

// VectorLegal implements passes.VectorMachine.
func (Machine) VectorLegal(op mir.Opcode, t mir.VecType) bool {
	if _, ok := vecMask(t); !ok {
		return false
	}
	kind := byte('s')
	switch {
	case t.Float:
		kind = 'f'
	case t.Bits == 1:
		kind = '1'
	}
	for _, k := range []byte(vecLegal[op]) {
		if k == kind {
			return true
		}
	}
	return false
}

// vectorClasses moves the vector registers that selection keeps to the
// tuple class of their mask (vector-legalize left only those).
func vectorClasses(f *mir.Func) error {
	for r, t := range f.VRegVec {
		d, ok := vecMask(t)
		if !ok {
			return fmt.Errorf("%s: vector %s of shape %s was not split into lanes", f.Name, f.Arch.RegName(r), t)
		}
		f.VRegClass[r.VirtIndex()] = bw.ClassOfMask(d)
	}
	return nil
}

// newVec returns a fresh vector register like v (shape and class).
func newVec(f *mir.Func, like mir.Reg) mir.Reg {
	t, _ := f.VecOf(like)
	r := f.NewVReg(f.ClassOf(like))
	f.SetVecType(r, t)
	return r
}

// splat sets a fresh vector like v to the constant c in every lane
// (`D Rd = #c`).
func splat(e *isel.Emitter, like mir.Reg, c int64) mir.Operand {
	r := newVec(e.Func(), like)
	e.Emit("MOVI", mir.D(r), mir.I(s32(c)))
	return mir.R(r)
}

// Compare kinds of VCMPSEL.
const (
	cmpInt   = 0
	cmpFloat = 1
)

// cmpSel emits VCMPSEL d, CPk, kind, pred, a, b, t, f.
func cmpSel(e *isel.Emitter, d mir.Operand, kind int64, pred int64, a, b, t, f mir.Operand) {
	p := e.Func().NewVReg(bw.ClassPred)
	e.EmitOp(bw.PseudoOp(bw.PseudoVCmpSel), d, mir.D(p), mir.I(kind), mir.I(pred), a, b, t, f)
}

// laneSlot spills vector v to a fresh 16-byte frame object and returns
// the address of lane idx (masked to the lane count: an index out of
// range gives an undefined value, never an access outside the slot).
func laneSlot(e *isel.Emitter, v mir.Operand, idx mir.Operand) (mir.Operand, int) {
	f := e.Func()
	t, _ := f.VecOf(v.Reg)
	fi := f.NewFrameObject(mir.FrameObject{Size: int64(4 * t.Lanes), Align: 4, Name: "lanes"})
	e.EmitOp(mir.GVStore, v, mir.FI(fi, 0), mir.I(0), mir.I(4))
	base, m, off, addr := e.Tmp(), e.Tmp(), e.Tmp(), e.Tmp()
	e.EmitOp(mir.GFrameAddr, mir.D(base), mir.FI(fi, 0))
	e.EmitOp(mir.GAnd, mir.D(m), idx, e.Const(int64(t.Lanes-1)))
	e.EmitOp(mir.GShl, mir.D(off), mir.R(m), e.Const(2))
	e.EmitOp(mir.GAdd, mir.D(addr), mir.R(base), mir.R(off))
	return mir.R(addr), fi
}

var vreg = isel.VecReg

// laneTest matches a register holding an any/all reduction of a vector
// compare's lanes (passes.MatchLaneTest) and captures it.
var laneTest = isel.NewLeaf("lanetest", func(v isel.Value) (mir.Operand, bool) {
	if v.Op.Kind != mir.KindReg || v.IsVec {
		return mir.Operand{}, false
	}
	lt, ok := passes.MatchLaneTest(v.Func, v.DefOf, v.Op.Reg)
	return v.Op, ok && (lt.B.Kind == mir.KindReg || !lt.Float && isSimm16(lt.B.Imm))
})

// laneCmpBr emits VCMPBR for a branch taken when lt holds (neg: when it
// does not: `if !any`, `if !all`).
func laneCmpBr(e *isel.Emitter, lt passes.LaneTest, neg bool, target mir.Operand) {
	kind, pred := int64(cmpInt), int64(lt.Cond)
	if lt.Float {
		kind, pred = cmpFloat, int64(lt.FPred)
	}
	b01 := map[bool]int64{false: 0, true: 1}
	p := e.Func().NewVReg(bw.ClassPred)
	e.EmitOp(bw.PseudoOp(bw.PseudoVCmpBr), mir.D(p), mir.I(kind), mir.I(pred), lt.A, lt.B, mir.I(b01[lt.All]), target, mir.I(b01[neg]))
}

// vectorRules select the generic vector ops that the scalar rules do not
// already cover (lane-wise arithmetic, conversions and memory accesses
// select as for scalars, on tuple registers).
var vectorRules = []isel.Rule{
	{Name: "v.build", Match: isel.Op(mir.GBuildVector), EmitFunc: func(e *isel.Emitter) error {
		uses := e.Root().Uses()
		same := true
		for _, u := range uses {
			same = same && u.Kind == mir.KindImm && u.Imm == uses[0].Imm
		}
		if same {
			e.Emit("MOVI", e.Def(0), mir.I(s32(uses[0].Imm)))
			return nil
		}
		ops := []mir.Operand{e.Def(0)}
		for _, u := range uses {
			if u.Kind == mir.KindImm {
				u = e.Const(u.Imm)
			}
			ops = append(ops, u)
		}
		e.EmitOp(bw.PseudoOp(bw.PseudoVBuild), ops...)
		return nil
	}},
	{Name: "v.extract", Priority: 1, Match: isel.Op(mir.GExtractVectorElt, vreg, isel.AnyImm), EmitFunc: func(e *isel.Emitter) error {
		e.EmitOp(bw.PseudoOp(bw.PseudoVExtract), e.Def(0), e.Cap(0), e.Cap(1))
		return nil
	}},
	{Name: "v.extract.var", Match: isel.Op(mir.GExtractVectorElt, vreg, reg), EmitFunc: func(e *isel.Emitter) error {
		addr, _ := laneSlot(e, e.Cap(0), e.Cap(1))
		e.EmitOp(mir.GLoad32, e.Def(0), addr, mir.I(0))
		return nil
	}},
	{Name: "v.insert", Priority: 1, Match: isel.Op(mir.GInsertVectorElt, vreg, reg, isel.AnyImm), EmitFunc: func(e *isel.Emitter) error {
		e.EmitOp(bw.PseudoOp(bw.PseudoVInsert), e.Def(0), e.Cap(0), e.Cap(1), e.Cap(2))
		return nil
	}},
	{Name: "v.insert.var", Match: isel.Op(mir.GInsertVectorElt, vreg, reg, reg), EmitFunc: func(e *isel.Emitter) error {
		addr, fi := laneSlot(e, e.Cap(0), e.Cap(2))
		e.EmitOp(mir.GStore32, e.Cap(1), addr, mir.I(0))
		e.EmitOp(mir.GVLoad, e.Def(0), mir.FI(fi, 0), mir.I(0), mir.I(4))
		return nil
	}},

	{Name: "v.shuffle", Match: isel.Op(mir.GShuffleVector, vreg, vreg), EmitFunc: func(e *isel.Emitter) error {
		e.EmitOp(bw.PseudoOp(bw.PseudoVShuffle), e.Root().Ops...)
		return nil
	}},

	// Compares and selects: a predicate per lane, `D CPk = Ra REL Rb`,
	// then `D Rd = CPk ? Rt : Rf`; a compare's value is a mask of 0/1
	// lanes (docs/generic-mir.md, Vectors).
	{Name: "v.select.icmp", Priority: 3, Match: isel.Op(mir.GSelect, isel.Op(mir.GICmp, isel.AnyCond, vreg, vreg), vreg, vreg), EmitFunc: func(e *isel.Emitter) error {
		if op, ok := minMax(e.Cap(0).Cond, e.Cap(1), e.Cap(2), e.Cap(3), e.Cap(4)); ok {
			e.Emit(op, e.Def(0), e.Cap(1), e.Cap(2))
			return nil
		}
		cmpSel(e, e.Def(0), cmpInt, int64(e.Cap(0).Cond), e.Cap(1), e.Cap(2), e.Cap(3), e.Cap(4))
		return nil
	}},
	// minnum/maxnum as the frontend writes them (vecMinMax):
	// a < b ? a : (b != b ? a : b) is `min(Ra, Rb) (F)`, whose NaN rule
	// is minnum's (§2.5, docs/bwdsp.md); > gives max.
	{Name: "v.minmaxnum", Priority: 4, Match: isel.Op(mir.GSelect, isel.Op(mir.GFCmp, isel.AnyImm, vreg, vreg), vreg,
		isel.Op(mir.GSelect, isel.Op(mir.GFCmp, isel.AnyImm, vreg, vreg), vreg, vreg)), EmitFunc: func(e *isel.Emitter) error {
		p, a, b, t := mir.FPred(e.Cap(0).Imm), e.Cap(1), e.Cap(2), e.Cap(3)
		q, n1, n2, t2, f2 := mir.FPred(e.Cap(4).Imm), e.Cap(5), e.Cap(6), e.Cap(7), e.Cap(8)
		if (p == mir.FPredOLT || p == mir.FPredOGT) && q == mir.FPredUNE && t.Reg == a.Reg &&
			n1.Reg == b.Reg && n2.Reg == b.Reg && t2.Reg == a.Reg && f2.Reg == b.Reg {
			e.Emit(map[bool]string{true: "FMIN", false: "FMAX"}[p == mir.FPredOLT], e.Def(0), a, b)
			return nil
		}
		inner := mir.R(newVec(e.Func(), e.Def(0).Reg))
		cmpSel(e, mir.D(inner.Reg), cmpFloat, int64(q), n1, n2, t2, f2)
		cmpSel(e, e.Def(0), cmpFloat, int64(p), a, b, t, inner)
		return nil
	}},
	{Name: "v.select.fcmp", Priority: 3, Match: isel.Op(mir.GSelect, isel.Op(mir.GFCmp, isel.AnyImm, vreg, vreg), vreg, vreg), EmitFunc: func(e *isel.Emitter) error {
		cmpSel(e, e.Def(0), cmpFloat, e.Cap(0).Imm, e.Cap(1), e.Cap(2), e.Cap(3), e.Cap(4))
		return nil
	}},
	{Name: "v.select.mask", Priority: 2, Match: isel.Op(mir.GSelect, vreg, vreg, vreg), EmitFunc: func(e *isel.Emitter) error {
		cmpSel(e, e.Def(0), cmpInt, int64(mir.CondNE), e.Cap(0), mir.I(0), e.Cap(1), e.Cap(2))
		return nil
	}},
	// A scalar condition selects every lane: splat it, then as a mask.
	{Name: "v.select.scalar", Priority: 2, Match: isel.Op(mir.GSelect, reg, vreg, vreg), EmitFunc: func(e *isel.Emitter) error {
		c := newVec(e.Func(), e.Cap(1).Reg)
		t, _ := e.Func().VecOf(c)
		ops := []mir.Operand{mir.D(c)}
		for j := 0; j < t.Lanes; j++ {
			ops = append(ops, e.Cap(0))
		}
		e.EmitOp(bw.PseudoOp(bw.PseudoVBuild), ops...)
		cmpSel(e, e.Def(0), cmpInt, int64(mir.CondNE), mir.R(c), mir.I(0), e.Cap(1), e.Cap(2))
		return nil
	}},
	// A branch on "some lane" or "every lane" of a compare (clang's
	// `if (m.x | m.y | m.z | m.w)` over a vector compare m) is a uniform
	// branch (spec §2.3, ifconv.md §5): the compare on the lanes, then
	// `if any D CPk b L` / `if all D CPk b L`. The lane extracts and the
	// or/and tree die unless something else reads them.
	{Name: "brcond.lanes", Priority: 2, Match: isel.Op(mir.GBrCond, isel.Op(mir.GICmp, isel.CondIn(mir.CondEQ, mir.CondNE), laneTest,
		isel.ImmIf("zero", func(c int64) bool { return c == 0 })), isel.Block), EmitFunc: func(e *isel.Emitter) error {
		lt, _ := passes.MatchLaneTest(e.Func(), e.DefOf, e.Cap(1).Reg)
		laneCmpBr(e, lt, e.Cap(0).Cond == mir.CondEQ, e.Cap(3))
		return nil
	}},
	{Name: "v.icmp", Priority: 2, Match: isel.Op(mir.GICmp, isel.AnyCond, vreg, vreg), EmitFunc: func(e *isel.Emitter) error {
		d := e.Def(0).Reg
		cmpSel(e, e.Def(0), cmpInt, int64(e.Cap(0).Cond), e.Cap(1), e.Cap(2), splat(e, d, 1), splat(e, d, 0))
		return nil
	}},
	{Name: "v.fcmp", Priority: 2, Match: isel.Op(mir.GFCmp, isel.AnyImm, vreg, vreg), EmitFunc: func(e *isel.Emitter) error {
		d := e.Def(0).Reg
		cmpSel(e, e.Def(0), cmpFloat, e.Cap(0).Imm, e.Cap(1), e.Cap(2), splat(e, d, 1), splat(e, d, 0))
		return nil
	}},
}

// expandVector expands a vector pseudo after allocation (bwdsp-expand-
// pseudo); ok is false for other instructions.
func expandVector(f *mir.Func, in *mir.Instr) (out []*mir.Instr, ok bool, err error) {
	tuple := func(r mir.Reg) (bw.Mask, int) {
		d, n, _ := bw.RegMaskNum(r)
		return d, n
	}
	xnum := func(r mir.Reg) (int, error) {
		d, n, ok := bw.RegMaskNum(r)
		if !ok || d != 1 {
			return 0, fmt.Errorf("%s: %s is not a register of macro x", f.Name, f.Arch.RegName(r))
		}
		return n, nil
	}
	x := func(n int) mir.Reg { return bw.GPRReg(bw.MacroX, n) }
	switch in.Op {
	case bw.PseudoOp(bw.PseudoVBuild):
		// Lanes outside x first (transfers from x never overwrite an x
		// source), grouping the lanes of one source into one broadcast;
		// lane x last.
		d, n := tuple(in.Ops[0].Reg)
		lanes := d.Lanes()
		var srcs []int
		dests := map[int]bw.Mask{}
		for j, o := range in.Uses() {
			s, err := xnum(o.Reg)
			if err != nil {
				return nil, true, err
			}
			if lanes[j] == bw.MacroX {
				continue
			}
			if _, seen := dests[s]; !seen {
				srcs = append(srcs, s)
			}
			dests[s] |= 1 << lanes[j]
		}
		for _, s := range srcs {
			out = append(out, newInstr("XFER", mir.D(bw.TupleReg(dests[s], n)), mir.R(x(s))))
		}
		if s, _ := xnum(in.Uses()[0].Reg); lanes[0] == bw.MacroX && s != n {
			out = append(out, newInstr("MOV", mir.D(x(n)), mir.R(x(s))))
		}
		return out, true, nil
	case bw.PseudoOp(bw.PseudoVExtract):
		dn, err := xnum(in.Ops[0].Reg)
		if err != nil {
			return nil, true, err
		}
		d, n := tuple(in.Ops[1].Reg)
		j := int(in.Ops[2].Imm)
		if j < 0 || j >= len(d.Lanes()) {
			return nil, true, nil // undefined: nothing to compute
		}
		m := d.Lanes()[j]
		if m == bw.MacroX {
			if dn != n {
				out = append(out, newInstr("MOV", mir.D(x(dn)), mir.R(x(n))))
			}
			return out, true, nil
		}
		return []*mir.Instr{newInstr("XFER", mir.D(x(dn)), mir.R(bw.GPRReg(m, n)))}, true, nil
	case bw.PseudoOp(bw.PseudoVInsert):
		// Lane j first (it reads only e, in x), then the other lanes of
		// the source, so e is read before any x lane is written.
		d, n := tuple(in.Ops[0].Reg)
		_, s := tuple(in.Ops[1].Reg)
		e, err := xnum(in.Ops[2].Reg)
		if err != nil {
			return nil, true, err
		}
		j := int(in.Ops[3].Imm)
		rest := d
		if j >= 0 && j < len(d.Lanes()) {
			m := d.Lanes()[j]
			rest &^= 1 << m
			if m == bw.MacroX {
				if e != n { // else in place: an identity move would take x's ALU
					out = append(out, newInstr("MOV", mir.D(x(n)), mir.R(x(e))))
				}
			} else {
				out = append(out, newInstr("XFER", mir.D(bw.GPRReg(m, n)), mir.R(x(e))))
			}
		}
		if s != n && rest != 0 {
			out = append(out, newInstr("MOV", mir.D(bw.TupleReg(rest, n)), mir.R(bw.TupleReg(rest, s))))
		}
		return out, true, nil
	case bw.PseudoOp(bw.PseudoVShuffle):
		return expandShuffle(in), true, nil
	case bw.PseudoOp(bw.PseudoVCmpSel):
		d, n := tuple(in.Ops[0].Reg)
		_, k, _ := bw.PredMaskNum(in.Ops[1].Reg)
		p := bw.PredTupleReg(d, k)
		out = laneCompare(p, in.Ops[2].Imm, in.Ops[3].Imm, in.Ops[4], in.Ops[5])
		t, fv := in.Ops[6], in.Ops[7]
		out = append(out, newInstr("SEL", mir.D(bw.TupleReg(d, n)), mir.R(p), t, fv))
		return out, true, nil
	case bw.PseudoOp(bw.PseudoVCmpBr):
		d, _ := tuple(in.Ops[3].Reg)
		_, k, _ := bw.PredMaskNum(in.Ops[0].Reg)
		p := bw.PredTupleReg(d, k)
		out = laneCompare(p, in.Ops[1].Imm, in.Ops[2].Imm, in.Ops[3], in.Ops[4])
		br := map[int64]string{0: "BANY", 1: "BALL"}[in.Ops[5].Imm]
		return append(out, newInstr(br, mir.R(p), in.Ops[6], in.Ops[7])), true, nil
	}
	return nil, false, nil
}

// laneCompare returns the compare of VCMPSEL and VCMPBR into the
// predicate tuple p: `D CPk = Ra REL Rb [(U)|(F)]` (kind cmpInt: pred is
// a mir.Cond, b may be an immediate; cmpFloat: a mir.FPred), a second
// float term joined by the wired actions (§2.5).
func laneCompare(p mir.Reg, kind, pred int64, a, b mir.Operand) (out []*mir.Instr) {
	cmp := func(op string, code int64, u, v mir.Operand) {
		out = append(out, newInstr(op, mir.D(p), mir.I(code), u, v))
	}
	if kind == cmpInt {
		r := rels[mir.Cond(pred)]
		op := map[bool]string{false: "CMP", true: "CMPU"}[r.unsigned]
		if b.Kind == mir.KindImm {
			op = map[bool]string{false: "CMPI", true: "CMPIU"}[r.unsigned]
		}
		cmp(op, bw.CmpCode(r.rel, bw.ActCN), a, b)
		return out
	}
	fp := mir.FPred(pred)
	switch fp {
	case mir.FPredFalse, mir.FPredTrue:
		out = append(out, newInstr("PSET", mir.D(p), mir.I(int64(fp&1))))
	default:
		// Two terms join in one predicate by the wired actions
		// (§2.5): POR as ON/OC after the first, PAND as AN/AC.
		c := fpreds[fp]
		u1, v1, u2, v2 := a, b, a, b
		if c.swapAB {
			u1, v1, u2, v2 = a, a, b, b
		}
		cmp("CMPF", bw.CmpCode(c.a.rel, c.a.act), u1, v1)
		if c.join != "" {
			act := map[string]map[bw.Action]bw.Action{
				"POR":  {bw.ActCN: bw.ActON, bw.ActCC: bw.ActOC},
				"PAND": {bw.ActCN: bw.ActAN, bw.ActCC: bw.ActAC},
			}[c.join][c.b.act]
			cmp("CMPF", bw.CmpCode(c.b.rel, act), u2, v2)
		}
	}
	return out
}

// expandShuffle expands VSHUFFLE D.Rd, A.Ra, B.Rb, k0…: each source lane
// (macro m, register s) goes to the destination lanes that take it with
// one instruction, a transfer `D' Rd = m Rs` to the other macros (rule 5
// allows one per destination macro and bundle, the packetizer spreads
// them) or `m Rd = Rs` within m; lanes already in place cost nothing.
// When d is also a source register and a lane of d that moves is the
// source of another lane (a rotation), the lanes are gathered in the
// scratch R8 first (§2.7) and copied to d by one `D Rd = R8`, so that no
// source lane is overwritten before it is read; a shuffle in place whose
// sources all stay (a broadcast of lane x of d) writes d directly.
func expandShuffle(in *mir.Instr) []*mir.Instr {
	d, n, _ := bw.RegMaskNum(in.Ops[0].Reg)
	uses := in.Uses()
	da, na, _ := bw.RegMaskNum(uses[0].Reg)
	db, nb, _ := bw.RegMaskNum(uses[1].Reg)
	la, lb := da.Lanes(), db.Lanes()
	dst := n
	if (n == na || n == nb) && shuffleClobbers(d, n, la, na, lb, nb, uses[2:]) {
		dst = bw.FirstScratchReg
	}
	type src struct{ m, s int }
	var order []src
	dests := map[src]bw.Mask{}
	var defined bw.Mask
	for j, m := range d.Lanes() {
		k := int(uses[2+j].Imm)
		var sl src
		switch {
		case k < 0 || k >= len(la)+len(lb):
			continue // undefined lane
		case k < len(la):
			sl = src{la[k], na}
		default:
			sl = src{lb[k-len(la)], nb}
		}
		defined |= 1 << m
		if sl.m == m && sl.s == dst {
			continue // in place
		}
		if _, seen := dests[sl]; !seen {
			order = append(order, sl)
		}
		dests[sl] |= 1 << m
	}
	var out []*mir.Instr
	for _, sl := range order {
		to := dests[sl]
		if to&(1<<sl.m) != 0 {
			out = append(out, newInstr("MOV", mir.D(bw.GPRReg(sl.m, dst)), mir.R(bw.GPRReg(sl.m, sl.s))))
			to &^= 1 << sl.m
		}
		if to != 0 {
			out = append(out, newInstr("XFER", mir.D(bw.TupleReg(to, dst)), mir.R(bw.GPRReg(sl.m, sl.s))))
		}
	}
	if dst != n && defined != 0 {
		out = append(out, newInstr("MOV", mir.D(bw.TupleReg(defined, n)), mir.R(bw.TupleReg(defined, dst))))
	}
	return out
}

// shuffleClobbers reports whether expanding VSHUFFLE into its destination
// register n directly (macro masks d, a and b, numbers n, na and nb, lane
// selectors ks) could overwrite a lane of n before it is read: some lane
// of n that is written (not in place) is also the source of a lane.
func shuffleClobbers(d bw.Mask, n int, la []int, na int, lb []int, nb int, ks []mir.Operand) bool {
	var written, read bw.Mask // lanes of register n
	for j, m := range d.Lanes() {
		k := int(ks[j].Imm)
		sm, sn := -1, -1
		switch {
		case k < 0 || k >= len(la)+len(lb):
			continue
		case k < len(la):
			sm, sn = la[k], na
		default:
			sm, sn = lb[k-len(la)], nb
		}
		if sm == m && sn == n {
			continue // in place: neither written nor a hazard
		}
		written |= 1 << m
		if sn == n {
			read |= 1 << sm
		}
	}
	return written&read != 0
}
