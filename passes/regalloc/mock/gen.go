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
// is roughly the number of statements at the top level.
func Generate(arch *mir.Arch, seed int64, size int) *mir.Func {
	g := &gen{rnd: rand.New(rand.NewSource(seed)), f: mir.NewFunc("rand", arch)}
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

	g.place(t)
	g.stmts(1+g.rnd.Intn(4), depth+1)
	tEnd, tAvail := g.cur, g.avail
	g.emit(JMP, mir.B(j))

	g.avail = append([]mir.Reg(nil), outer...)
	g.place(e)
	g.stmts(g.rnd.Intn(4), depth+1)
	eEnd, eAvail := g.cur, g.avail

	g.place(j)
	g.avail = outer
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
	g.avail = append(g.avail, i, p, q, acc)
	g.stmts(g.rnd.Intn(4), depth+1)
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
}

func (g *gen) place(b *mir.Block) {
	g.f.Blocks = append(g.f.Blocks, b)
	g.cur = b
}
