package mock

import (
	"math/rand"

	"lltosimd/mir"
)

// Generate builds a random function in SSA form for arch: straight-line
// arithmetic, tied MOVNs, calls with argument and result copies, OUTs,
// if/else diamonds joined by PHIs (some with immediate incoming values)
// and counted loops whose header PHIs include swapped pairs (the swap
// problem) and values used after the loop (the lost-copy problem). size
// is roughly the number of statements at the top level. On the tuple
// target (NewTupleArch) it also computes with pair values and scalars of
// lane b, live across calls, diamonds (pair PHIs) and loops (pair
// accumulators), and reads their lanes back into lane a.
func Generate(arch *mir.Arch, seed int64, size int) *mir.Func {
	g := &gen{rnd: rand.New(rand.NewSource(seed)), f: mir.NewFunc("rand", arch)}
	_, g.tuple = arch.LookupClass("pair")
	g.f.Props = mir.PropSSA
	g.cur = g.f.NewBlock("entry")
	a, b := g.vreg(), g.vreg()
	g.emit(mir.GCopy, mir.D(a), mir.R(R(0)))
	g.emit(mir.GCopy, mir.D(b), mir.R(R(1)))
	g.avail = []mir.Reg{a, b}
	g.stmts(size, 0)
	g.emit(mir.GCopy, mir.D(R(0)), mir.R(g.pick()))
	if g.rnd.Intn(2) == 0 {
		g.emit(RET, mir.Operand{Kind: mir.KindReg, Reg: R(0), Flags: mir.FlagImplicit})
	} else {
		// No implicit use: the allocator must still keep r0 intact
		// across the computation between the copy and the return.
		g.emit(OUT, mir.R(g.def(ADDI, mir.R(g.pick()), mir.I(1))))
		g.emit(RET)
	}
	g.f.RecomputeCFG()
	return g.f
}

type gen struct {
	rnd   *rand.Rand
	f     *mir.Func
	cur   *mir.Block
	avail []mir.Reg
	// On the tuple target: the pair values and the lane-b scalars.
	tuple          bool
	pavail, bavail []mir.Reg
}

func (g *gen) vreg() mir.Reg { return g.f.NewVReg(0) }

func (g *gen) emit(op mir.Opcode, ops ...mir.Operand) *mir.Instr {
	in := mir.NewInstr(op, ops...)
	g.cur.Instrs = append(g.cur.Instrs, in)
	return in
}

// pick returns an available value, usually a recent one: real code uses
// most values close to their definition, and a few far away.
func (g *gen) pick() mir.Reg {
	n := len(g.avail)
	if n > 8 && g.rnd.Intn(40) != 0 {
		return g.avail[n-1-g.rnd.Intn(8)]
	}
	return g.avail[g.rnd.Intn(n)]
}

func (g *gen) def(op mir.Opcode, uses ...mir.Operand) mir.Reg {
	d := g.vreg()
	g.emit(op, append([]mir.Operand{mir.D(d)}, uses...)...)
	g.avail = append(g.avail, d)
	return d
}

func (g *gen) stmts(n, depth int) {
	for i := 0; i < n; i++ {
		g.stmt(depth)
	}
}

func (g *gen) stmt(depth int) {
	if g.tuple && g.rnd.Intn(100) < 45 {
		g.tupleStmt()
		return
	}
	switch k := g.rnd.Intn(100); {
	case k < 35:
		op := []mir.Opcode{ADD, SUB, MUL}[g.rnd.Intn(3)]
		g.def(op, mir.R(g.pick()), mir.R(g.pick()))
	case k < 45:
		g.def(ADDI, mir.R(g.pick()), mir.I(int64(g.rnd.Intn(200)-100)))
	case k < 50:
		g.def(LI, mir.I(int64(g.rnd.Intn(1000))))
	case k < 58:
		g.def(MOVN, mir.R(g.pick()), mir.R(g.pick()), mir.R(g.pick()))
	case k < 70:
		g.emit(OUT, mir.R(g.pick()))
	case k < 80:
		g.emit(mir.GCopy, mir.D(R(0)), mir.R(g.pick()))
		if g.rnd.Intn(2) == 0 {
			// The second argument is computed after the first is in r0.
			g.emit(mir.GCopy, mir.D(R(1)), mir.R(g.def(ADDI, mir.R(g.pick()), mir.I(5))))
		} else {
			g.emit(mir.GCopy, mir.D(R(1)), mir.R(g.pick()))
		}
		if g.rnd.Intn(2) == 0 {
			g.emit(CALL, mir.S("f", 0),
				mir.Operand{Kind: mir.KindReg, Reg: R(0), Flags: mir.FlagImplicit},
				mir.Operand{Kind: mir.KindReg, Reg: R(1), Flags: mir.FlagImplicit},
				mir.Operand{Kind: mir.KindReg, Reg: R(0), Flags: mir.FlagImplicit | mir.FlagDef})
		} else {
			// Without implicit operands: the allocator must infer them.
			g.emit(CALL, mir.S("f", 0))
		}
		g.def(mir.GCopy, mir.R(R(0)))
	case k < 90 && depth < 3:
		g.diamond(depth)
	case depth < 3:
		g.loop(depth)
	default:
		g.emit(OUT, mir.R(g.pick()))
	}
}

// diamond: cur: BNZ c, T; JMP E.  T: ...; JMP J.  E: ... (falls into J).  J: PHIs.
func (g *gen) diamond(depth int) {
	c := g.pick()
	t, e, j := g.f.NewBlockDetached("then"), g.f.NewBlockDetached("else"), g.f.NewBlockDetached("join")
	g.emit(BNZ, mir.R(c), mir.B(t))
	g.emit(JMP, mir.B(e))
	outer := append([]mir.Reg(nil), g.avail...)
	outerP, outerB := append([]mir.Reg(nil), g.pavail...), append([]mir.Reg(nil), g.bavail...)

	g.place(t)
	g.stmts(1+g.rnd.Intn(4), depth+1)
	tEnd, tAvail, tP, tB := g.cur, g.avail, g.pavail, g.bavail
	g.emit(JMP, mir.B(j))

	g.avail = append([]mir.Reg(nil), outer...)
	g.pavail, g.bavail = append([]mir.Reg(nil), outerP...), append([]mir.Reg(nil), outerB...)
	g.place(e)
	g.stmts(g.rnd.Intn(4), depth+1)
	eEnd, eAvail, eP, eB := g.cur, g.avail, g.pavail, g.bavail

	g.place(j)
	g.avail, g.pavail, g.bavail = outer, outerP, outerB
	if g.tuple {
		g.tuplePhi(ClassPair, &g.pavail, tP, eP, tEnd, eEnd)
		g.tuplePhi(ClassB, &g.bavail, tB, eB, tEnd, eEnd)
	}
	for n := 1 + g.rnd.Intn(3); n > 0; n-- {
		tv := mir.R(tAvail[g.rnd.Intn(len(tAvail))])
		ev := mir.R(eAvail[g.rnd.Intn(len(eAvail))])
		if g.rnd.Intn(4) == 0 {
			ev = mir.I(int64(g.rnd.Intn(70000) - 35000))
		}
		g.def(mir.GPhi, tv, mir.B(tEnd), ev, mir.B(eEnd))
	}
}

// loop: pre → H: i = PHI(trip, pre; i-1, latch), p/q swap PHIs, acc PHI;
// body; latch: BNZ i, H (reads a PHI destination); exit uses the PHIs.
func (g *gen) loop(depth int) {
	pre := g.cur
	trip := g.def(LI, mir.I(int64(1+g.rnd.Intn(3))))
	x, y, z := g.pick(), g.pick(), g.pick()
	h := g.f.NewBlockDetached("loop")
	exit := g.f.NewBlockDetached("exit")
	g.place(h)
	phiI := g.emit(mir.GPhi, mir.D(g.vreg()), mir.R(trip), mir.B(pre))
	phiP := g.emit(mir.GPhi, mir.D(g.vreg()), mir.R(x), mir.B(pre))
	phiQ := g.emit(mir.GPhi, mir.D(g.vreg()), mir.R(y), mir.B(pre))
	phiA := g.emit(mir.GPhi, mir.D(g.vreg()), mir.R(z), mir.B(pre))
	i, p, q, acc := phiI.Ops[0].Reg, phiP.Ops[0].Reg, phiQ.Ops[0].Reg, phiA.Ops[0].Reg
	outer := append([]mir.Reg(nil), g.avail...)
	outerP, outerB := append([]mir.Reg(nil), g.pavail...), append([]mir.Reg(nil), g.bavail...)
	// On the tuple target, a pair accumulator (and a swapped pair) crosses
	// the back edge.
	var phiV, phiW *mir.Instr
	if g.tuple && len(outerP) > 0 {
		phiV = g.emit(mir.GPhi, mir.D(g.f.NewVReg(ClassPair)), mir.R(outerP[g.rnd.Intn(len(outerP))]), mir.B(pre))
		phiW = g.emit(mir.GPhi, mir.D(g.f.NewVReg(ClassPair)), mir.R(outerP[g.rnd.Intn(len(outerP))]), mir.B(pre))
		g.pavail = append(g.pavail, phiV.Ops[0].Reg, phiW.Ops[0].Reg)
	}
	g.avail = append(g.avail, i, p, q, acc)
	g.stmts(g.rnd.Intn(4), depth+1)
	if phiV != nil {
		next := g.f.NewVReg(ClassPair)
		g.emit(VADD, mir.D(next), mir.R(phiV.Ops[0].Reg), mir.R(g.pavail[len(g.pavail)-1]))
		phiV.Ops = append(phiV.Ops, mir.R(next), mir.B(g.cur))
		phiW.Ops = append(phiW.Ops, mir.R(phiV.Ops[0].Reg), mir.B(g.cur)) // swap-like: W gets the old V
	}
	next := g.vreg()
	g.emit(ADD, mir.D(next), mir.R(acc), mir.R(g.pick()))
	dec := g.vreg()
	g.emit(ADDI, mir.D(dec), mir.R(i), mir.I(-1))
	latch := g.cur
	cond := dec
	if g.rnd.Intn(2) == 0 {
		// The branch reads the PHI destination itself: one more trip.
		cond = i
	}
	g.emit(BNZ, mir.R(cond), mir.B(h))
	phiI.Ops = append(phiI.Ops, mir.R(dec), mir.B(latch))
	phiP.Ops = append(phiP.Ops, mir.R(q), mir.B(latch))
	phiQ.Ops = append(phiQ.Ops, mir.R(p), mir.B(latch))
	phiA.Ops = append(phiA.Ops, mir.R(next), mir.B(latch))
	g.place(exit)
	g.avail = append(outer, i, p, q, acc)
	g.pavail, g.bavail = outerP, outerB
	if phiV != nil {
		g.pavail = append(g.pavail, phiV.Ops[0].Reg, phiW.Ops[0].Reg)
	}
}

// tupleStmt computes with pairs and lane-b scalars.
func (g *gen) tupleStmt() {
	defv := func(cl mir.RegClass, list *[]mir.Reg, op mir.Opcode, uses ...mir.Operand) mir.Reg {
		d := g.f.NewVReg(cl)
		g.emit(op, append([]mir.Operand{mir.D(d)}, uses...)...)
		*list = append(*list, d)
		return d
	}
	scalar := func() mir.Reg { // lane a or lane b
		if len(g.bavail) > 0 && g.rnd.Intn(2) == 0 {
			return g.bavail[len(g.bavail)-1-g.rnd.Intn(min(4, len(g.bavail)))]
		}
		return g.pick()
	}
	k := g.rnd.Intn(100)
	if len(g.pavail) == 0 {
		k = 0
	}
	ppick := func() mir.Reg {
		n := len(g.pavail)
		return g.pavail[n-1-g.rnd.Intn(min(6, n))]
	}
	switch {
	case k < 20:
		defv(ClassPair, &g.pavail, PACK, mir.R(scalar()), mir.R(scalar()))
	case k < 40:
		defv(ClassPair, &g.pavail, VADD, mir.R(ppick()), mir.R(ppick()))
	case k < 48:
		defv(ClassPair, &g.pavail, VSWAP, mir.R(ppick()))
	case k < 55:
		defv(ClassPair, &g.pavail, mir.GCopy, mir.R(ppick()))
	case k < 75:
		defv(ClassA, &g.avail, LANE, mir.R(ppick()), mir.I(int64(g.rnd.Intn(2))))
	case k < 85:
		defv(ClassB, &g.bavail, LANE, mir.R(ppick()), mir.I(int64(g.rnd.Intn(2))))
	case k < 92:
		defv(ClassB, &g.bavail, mir.GCopy, mir.R(g.pick()))
	default:
		if len(g.bavail) == 0 {
			defv(ClassB, &g.bavail, mir.GCopy, mir.R(g.pick()))
			return
		}
		b := g.bavail[len(g.bavail)-1-g.rnd.Intn(min(4, len(g.bavail)))]
		defv(ClassB, &g.bavail, ADD, mir.R(b), mir.R(scalar()))
	}
}

// tuplePhi joins two lists of values of class cl (pairs or lane-b
// scalars) at a diamond's join, when both sides have some.
func (g *gen) tuplePhi(cl mir.RegClass, list *[]mir.Reg, t, e []mir.Reg, tEnd, eEnd *mir.Block) {
	if len(t) == 0 || len(e) == 0 {
		return
	}
	d := g.f.NewVReg(cl)
	g.emit(mir.GPhi, mir.D(d), mir.R(t[g.rnd.Intn(len(t))]), mir.B(tEnd), mir.R(e[g.rnd.Intn(len(e))]), mir.B(eEnd))
	*list = append(*list, d)
}

func (g *gen) place(b *mir.Block) {
	g.f.Blocks = append(g.f.Blocks, b)
	g.cur = b
}
