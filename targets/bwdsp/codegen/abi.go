package codegen

import (
	"fmt"

	"lltosimd/mir"
	"lltosimd/passes"
	bw "lltosimd/targets/bwdsp"
)

// The calling convention of spec §2.7 for scalar code:
//
//   - argument words take x.R0..x.R7 in order (an i64 or double the pair
//     x.R(k+1):x.Rk, low word in x.Rk, with no alignment); a group (one
//     IR argument) that does not fit whole in the registers left goes on
//     the stack, and so do all arguments after it;
//   - stack arguments are at [U8 + 0], [U8 + 4], … at the call, in order,
//     each group aligned to 8 bytes when it holds an i64 or double (4
//     otherwise);
//   - by-value aggregates (ArgByVal) are copied into the stack area, and
//     the callee addresses them in place (project decision);
//   - variadic arguments (ArgVariadic, the `...` of the callee's type) all
//     go on the stack after the named ones, so that a variadic callee finds
//     them in memory in the order and alignment its va_arg code expects
//     (§2.10 leaves varargs to the project); the first one starts at an
//     offset that is 4 mod 8 exactly when its O32 offset is (the named
//     arguments' words counted as O32 lays them out), because MIPS IR pads
//     the variadic words for O32's 8-byte alignment (an `i32 undef` before
//     a struct holding a double) and its va_arg rounds the pointer up to 8;
//   - results in x.R0 and x.R1 (more words come back through the frontend's
//     hidden struct-return pointer).
const (
	stackAlign = 8
)

var (
	argRegs = func() []mir.Reg {
		var r []mir.Reg
		for n := bw.FirstArgReg; n < bw.FirstArgReg+bw.NumArgRegs; n++ {
			r = append(r, bw.GPRReg(bw.MacroX, n))
		}
		return r
	}()
	retRegs = []mir.Reg{bw.GPRReg(bw.MacroX, 0), bw.GPRReg(bw.MacroX, 1)}
	// scratch is x.R8 (§2.7: R8/R9 scratch for spills and frames).
	scratch  = bw.GPRReg(bw.MacroX, bw.FirstScratchReg)
	scratch2 = bw.GPRReg(bw.MacroX, bw.FirstScratchReg+1)
)

// CallLowering is bwdsp-call-lowering: G_ARGS, G_CALL, G_RET, G_VASTART and
// G_RETURNADDR become copies from and to x.R0–R7, stack accesses, CALL
// and RET.
var CallLowering = passes.Register(&passes.Pass{
	Name:     "bwdsp-call-lowering",
	Desc:     "BWDSP: arguments in x.R0-R7 and on the stack, results in x.R0/R1 (spec §2.7)",
	Required: true,
	Forbids:  mir.PropSelected,
	Stats:    map[string]string{"calls": "Number of calls lowered"},
	Run: func(c *passes.Ctx, f *mir.Func) error {
		l := &lowerer{f: f, fixed: map[int64]int{}, vaStart: -1}
		n, err := l.run()
		c.Count("calls", int64(n))
		f.RecomputeCFG()
		return err
	},
})

// group is one argument of G_ARGS or G_CALL (mir.ArgGroup).
type group = mir.ArgGroup

// place says where each group goes: reg[i] >= 0 is the first argument
// register, else off[i] is its stack offset; stack is the area's size,
// named the size of the named arguments' part and va the offset where the
// variadic ones start (the callee's va_start).
type placement struct {
	reg              []int
	off              []int64
	stack, named, va int64
}

func place(gs []group) placement {
	p := placement{reg: make([]int, len(gs)), off: make([]int64, len(gs))}
	k, full := 0, false
	onStack := func(i int) {
		if gs[i].Align8() && p.stack%8 != 0 {
			p.stack += 4
		}
		p.reg[i], p.off[i] = -1, p.stack
		p.stack += gs[i].SlotBytes()
	}
	for i, g := range gs {
		if g.Desc.Has(mir.ArgVariadic) {
			continue
		}
		n := len(g.Words)
		if !full && !g.Desc.Has(mir.ArgByVal) && k+n <= len(argRegs) {
			p.reg[i] = k
			k += n
			continue
		}
		full = true
		onStack(i)
	}
	p.named = p.stack
	// The variadic area's parity (mod 8) is its O32 offset's.
	o32 := int64(0)
	for _, g := range gs {
		if g.Desc.Has(mir.ArgVariadic) {
			continue
		}
		if g.Align8() && o32%8 != 0 {
			o32 += 4
		}
		o32 += g.SlotBytes()
	}
	p.va = p.stack
	if p.va%8 != o32%8 {
		p.va += 4
	}
	for i, g := range gs {
		if g.Desc.Has(mir.ArgVariadic) {
			p.stack = max(p.stack, p.va)
			onStack(i)
		}
	}
	return p
}

type lowerer struct {
	f       *mir.Func
	out     []*mir.Instr
	fixed   map[int64]int // fixed frame objects by incoming-U8 offset
	vaStart int
}

func (l *lowerer) add(in *mir.Instr) { l.out = append(l.out, in) }

func (l *lowerer) newVReg() mir.Reg { return l.f.NewVReg(bw.ClassGPR) }

// reg returns a register holding operand o.
func (l *lowerer) reg(o mir.Operand) (mir.Operand, error) {
	return l.f.ArgWordReg(o, bw.ClassGPR, l.add)
}

func (l *lowerer) fixedObject(off, size int64) int { return l.f.FixedArgObject(l.fixed, off, size) }

func op(name string) mir.Opcode { return bw.MIROp(bw.OpByName[name]) }

func newInstr(name string, ops ...mir.Operand) *mir.Instr {
	d := bw.Arch.Desc(op(name))
	for i := 0; i < d.NumDefs && i < len(ops); i++ {
		if ops[i].Kind == mir.KindReg {
			ops[i].Flags |= mir.FlagDef
		}
	}
	return mir.NewInstr(op(name), ops...)
}

func implicitUse(r mir.Reg) mir.Operand {
	return mir.Operand{Kind: mir.KindReg, Reg: r, Flags: mir.FlagImplicit}
}

func implicitDef(r mir.Reg) mir.Operand {
	return mir.Operand{Kind: mir.KindReg, Reg: r, Flags: mir.FlagImplicit | mir.FlagDef}
}

func (l *lowerer) run() (int, error) {
	return mir.ABILowering{
		Out: &l.out, Args: l.args, Call: l.call, Ret: l.ret,
		VAStart: func() int {
			if l.vaStart < 0 {
				l.vaStart = l.fixedObject(0, 4)
			}
			return l.vaStart
		},
		LinkCopy: func(dst mir.Reg) *mir.Instr { return newInstr("MOVFRA", mir.D(dst), mir.R(bw.RegRA)) },
		RAClass:  bw.ClassGPR,
	}.Run(l.f)
}

// args lowers the incoming arguments.
func (l *lowerer) args(in *mir.Instr) error {
	gs, err := mir.IncomingArgGroups(in)
	if err != nil {
		return err
	}
	p := place(gs)
	for i, g := range gs {
		if g.Desc.Has(mir.ArgByVal) {
			if len(g.Words) != 1 {
				return fmt.Errorf("G_ARGS: a byval argument has one word")
			}
			obj := l.fixedObject(p.off[i], g.SlotBytes())
			l.f.ByValParam(g, obj, stackAlign, bw.ClassGPR, l.add)
			continue
		}
		for j, w := range g.Words {
			if p.reg[i] >= 0 {
				l.add(mir.NewInstr(mir.GCopy, mir.D(w.Reg), mir.R(argRegs[p.reg[i]+j])))
				continue
			}
			obj := l.fixedObject(p.off[i]+4*int64(j), 4)
			l.add(mir.NewInstr(mir.GLoad32, mir.D(w.Reg), mir.FI(obj, 0), mir.I(0)))
		}
	}
	if l.f.Vararg {
		l.vaStart = l.fixedObject(p.va, 4)
	}
	return nil
}

// call lowers one G_CALL.
func (l *lowerer) call(in *mir.Instr) error {
	uses := in.Uses()
	if len(uses) == 0 {
		return fmt.Errorf("G_CALL without callee")
	}
	gs, err := mir.CallArgGroups(uses[1:])
	if err != nil {
		return fmt.Errorf("G_CALL: %v", err)
	}
	p := place(gs)
	var copies []*mir.Instr
	var implicit []mir.Operand
	for i, g := range gs {
		if g.Desc.Has(mir.ArgByVal) {
			if len(g.Words) != 1 {
				return fmt.Errorf("G_CALL: a byval argument has one word")
			}
			addr, err := l.reg(g.Words[0])
			if err != nil {
				return err
			}
			l.copyByVal(addr, p.off[i], g.Desc)
			continue
		}
		for j, w := range g.Words {
			r, err := l.reg(w)
			if err != nil {
				return err
			}
			if p.reg[i] >= 0 {
				ar := argRegs[p.reg[i]+j]
				copies = append(copies, mir.NewInstr(mir.GCopy, mir.D(ar), r))
				implicit = append(implicit, implicitUse(ar))
				continue
			}
			l.storeOut("ST", r, p.off[i]+4*int64(j))
		}
	}
	// The register copies come last, right before the call, so that the
	// argument registers are not live across the stack stores.
	l.out = append(l.out, copies...)
	var c *mir.Instr
	switch callee := uses[0]; callee.Kind {
	case mir.KindSym:
		c = newInstr("CALL", callee)
	case mir.KindReg:
		callee.Flags &^= mir.FlagKill
		a := l.f.NewVReg(bw.ClassAddr)
		l.add(newInstr("MOVTA", mir.D(a), callee))
		c = newInstr("CALLR", mir.R(a))
	default:
		return fmt.Errorf("G_CALL: callee of kind %d", callee.Kind)
	}
	// The call writes RA: saying so keeps the allocator from recomputing
	// a copy of RA (G_RETURNADDR) after it.
	c.Ops = append(c.Ops, implicitDef(bw.RegRA))
	c.Ops = append(c.Ops, implicit...)
	for _, r := range retRegs {
		c.Ops = append(c.Ops, implicitDef(r))
	}
	l.add(c)
	defs := in.Defs()
	if len(defs) > len(retRegs) {
		return fmt.Errorf("G_CALL: %d result words (at most %d)", len(defs), len(retRegs))
	}
	for i, d := range defs {
		l.add(mir.NewInstr(mir.GCopy, mir.D(d.Reg), mir.R(retRegs[i])))
	}
	l.f.HasCalls = true
	l.f.MaxCallArgs = max(l.f.MaxCallArgs, (p.stack+7)&^7)
	return nil
}

// copyByVal copies a by-value object to the outgoing area at off: by
// words when its alignment allows, else by bytes.
func (l *lowerer) copyByVal(addr mir.Operand, off int64, d mir.ArgDesc) {
	size := d.Size()
	step, ld, st := int64(1), mir.GLoad8U, "STB"
	if d.ByValAlign() >= 4 && size%4 == 0 {
		step, ld, st = 4, mir.GLoad32, "ST"
	}
	for k := int64(0); k < size; k += step {
		w := l.newVReg()
		l.add(mir.NewInstr(ld, mir.D(w), addr, mir.I(k)))
		l.storeOut(st, mir.R(w), off+k)
	}
}

// storeOut stores w at offset off of the outgoing argument area with st.
// Offsets beyond the 16-bit immediate (after a byval object of more than
// 32 KiB) go through an address register holding U8 + off.
func (l *lowerer) storeOut(st string, w mir.Operand, off int64) {
	if isSimm16(off) {
		l.add(newInstr(st, w, mir.R(bw.SP), mir.I(off)))
		return
	}
	k, a := l.f.NewVReg(bw.ClassAddr), l.f.NewVReg(bw.ClassAddr)
	l.add(newInstr("AMOVI", mir.D(k), mir.I(off)))
	l.add(newInstr("AADD", mir.D(a), mir.R(k), mir.R(bw.SP)))
	l.add(newInstr(st, w, mir.R(a), mir.I(0)))
}

// ret lowers G_RET.
func (l *lowerer) ret(in *mir.Instr) error {
	uses := in.Uses()
	if len(uses) > len(retRegs) {
		return fmt.Errorf("G_RET: %d words (at most %d)", len(uses), len(retRegs))
	}
	r := newInstr("RET")
	for i, w := range uses {
		v, err := l.reg(w)
		if err != nil {
			return err
		}
		l.add(mir.NewInstr(mir.GCopy, mir.D(retRegs[i]), v))
		r.Ops = append(r.Ops, implicitUse(retRegs[i]))
	}
	r.Ops = append(r.Ops, implicitUse(bw.RegRA))
	l.add(r)
	return nil
}
