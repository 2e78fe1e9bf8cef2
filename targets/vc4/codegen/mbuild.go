package codegen

import (
	"fmt"

	"lltosimd/mir"
)

// The lowerer's builder of the machine form (mform.go): the lowering
// appends machine instructions to the current block of a mir.Func as it
// goes. The builder keeps the form's rules, so that the lowering code
// only says what it computes:
//
//   - operands are mir.Operands: virtual registers (vreg), machine
//     registers by vc4asm name (hw, execMask, none) and small immediates
//     (imm); the extra operands of a builder call say how it writes: a
//     guard (ifz(), ifnn(), … a conditional write, which reads the old
//     value), onlyActive() (only the active lanes: the guard tests Z made
//     from the execute mask) and setF() (.setf: implicit-def of the
//     flags); the builder puts them in the form's operand order;
//   - before a masked write whose flags do not hold the execute mask
//     (after a label, or after another instruction set them), it inserts
//     the instruction that makes Z the active lanes;
//   - a label starts a named block; the code after a branch or the
//     thread end that is not a label starts an unnamed block (it
//     continues its layout predecessor);
//   - the instructions after a branch (3) or the thread end (2), up to
//     the next label or transfer, are its delay-slot bundle.

// Operands of the machine form.

// vreg is virtual register n.
func vreg(n int) mir.Operand { return mir.R(mir.VirtBase + mir.Reg(n)) }

// tmp returns a fresh virtual register.
func (l *lowerer) tmp() mir.Operand { return vreg(l.newV()) }

// hw is the machine register with vc4asm name n (accumulator, I/O
// register).
func hw(n string) mir.Operand {
	r, ok := Arch.LookupReg(n)
	if !ok {
		panic(fmt.Sprintf("vc4: %q is not a machine register", n))
	}
	return mir.R(r)
}

// imm is a small immediate (spec §4.3).
func imm(v int32) mir.Operand { return mir.I(int64(v)) }

var (
	// execMask is the execute-mask register (spec §8): 0 = lane active,
	// otherwise the layout index of the block where the lane resumes. It
	// lives in r3 for the whole kernel so that testing it never waits for
	// a regfile write.
	execMask = hw("r3")
	// none is the destination of an instruction whose result is
	// discarded (it sets flags or reads an I/O register for its effect).
	none = mir.R(RegNop)
)

// setF makes a builder call set the flags (.setf).
func setF() mir.Operand {
	return mir.Operand{Kind: mir.KindReg, Reg: RegZF, Flags: mir.FlagDef | mir.FlagImplicit}
}

// onlyActive makes a builder call write only the active lanes (with the
// guard ifz(); ifnz(): only the inactive ones).
func onlyActive() mir.Operand {
	return mir.Operand{Kind: mir.KindReg, Reg: RegExec, Flags: mir.FlagImplicit}
}

// Guards on the N and C flags (ifz and ifnz are in isa.go; .ifn is
// unused).
func ifnn() mir.Operand { return mir.P(RegNF, true) }
func ifc() mir.Operand  { return mir.P(RegCF, false) }
func ifcc() mir.Operand { return mir.P(RegCF, true) }

// mbuilder is the state of the machine form being built.
type mbuilder struct {
	mf     *mir.Func
	cur    *mir.Block
	blocks map[int]*mir.Block // by ID: labels and branch targets
	cont   int                // the last ID of an unnamed block
	// slot is the branch or thread end whose delay slots are open, slots
	// the number left.
	slot  *mir.Instr
	slots int
	// flagsExec: Z holds the active lanes (the last flag write made it
	// so, with no label since).
	flagsExec bool
}

func newMBuilder(name string) mbuilder {
	return mbuilder{mf: mir.NewFunc(name, Arch), blocks: map[int]*mir.Block{}, cont: contBase}
}

// block returns the block with ID id, made on first use.
func (m *mbuilder) block(id int) *mir.Block {
	if b, ok := m.blocks[id]; ok {
		return b
	}
	b := &mir.Block{ID: id, Func: m.mf}
	m.blocks[id] = b
	m.mf.ReserveBlockID(id)
	return b
}

// label starts block id, named name (blockName(id) when empty).
func (l *lowerer) label(id int, name string) {
	b := l.m.block(id)
	b.Name = name
	if b.Name == "" {
		b.Name = blockName(id)
	}
	l.m.mf.Blocks = append(l.m.mf.Blocks, b)
	l.m.cur, l.m.slots, l.m.flagsExec = b, 0, false
}

// emit appends in to the code: to the open delay slots, else to the
// current block (a new unnamed one after a transfer), preceded by the
// instruction that makes Z the active lanes where in is masked and the
// flags do not hold them.
func (l *lowerer) emit(in *mir.Instr) *mir.Instr {
	m := &l.m
	transfer := delaySlots(in.Op) > 0
	if isMasked(in) && !m.flagsExec {
		l.execFlags("")
	}
	if m.slots > 0 && !transfer {
		m.slot.Bundle = append(m.slot.Bundle, in)
		m.mf.Props |= mir.PropBundled
		m.slots--
	} else {
		if m.cur == nil || len(m.cur.Instrs) > 0 && endsMachineBlock(m.cur.Instrs[len(m.cur.Instrs)-1]) && !isBranch(in.Op) {
			m.cont++
			b := m.block(m.cont)
			m.mf.Blocks = append(m.mf.Blocks, b)
			m.cur = b
		}
		m.cur.Instrs = append(m.cur.Instrs, in)
		m.slot, m.slots = in, delaySlots(in.Op)
	}
	if setsFlags(in) {
		m.flagsExec = isExecFlags(in)
	}
	return in
}

// last returns the last instruction of the code outside delay slots when
// it ends the current block (nil after a label or a transfer).
func (l *lowerer) last() *mir.Instr {
	b := l.m.cur
	if b == nil || len(b.Instrs) == 0 {
		return nil
	}
	in := b.Instrs[len(b.Instrs)-1]
	if len(in.Bundle) > 0 || endsMachineBlock(in) {
		return nil
	}
	return in
}

// mask makes the last instruction in (see last) a masked write of r
// instead of its destination, inserting the instruction that makes Z the
// active lanes before it where needed.
func (l *lowerer) mask(in *mir.Instr, r mir.Operand) {
	in.Ops[0].Reg = r.Reg
	in.Ops = append(in.Ops, ifz(), mir.Operand{Kind: mir.KindReg, Reg: r.Reg, Flags: mir.FlagImplicit}, onlyActive())
	if !l.m.flagsExec {
		b := l.m.cur
		n := len(b.Instrs)
		l.execFlags("")
		b.Instrs = append(b.Instrs[:n-1], b.Instrs[n], in)
	}
}

// op emits the operation op writing d (none: discarded): the sources,
// then the extra operands (a guard, onlyActive(), setF()) of ops, in the
// machine form's operand order.
func (l *lowerer) op(op mir.Opcode, d mir.Operand, ops ...mir.Operand) *mir.Instr {
	d.Flags |= mir.FlagDef
	in := mir.NewInstr(op, d)
	var guard *mir.Operand
	isMask, set := false, false
	for _, o := range ops {
		switch {
		case o.Kind == mir.KindPred:
			guard = &o
		case o == setF():
			set = true
		case o == onlyActive():
			isMask = true
		default:
			in.Ops = append(in.Ops, o)
		}
	}
	if n := len(in.Ops) - 1; n != Arch.Desc(op).NumUses {
		panic(fmt.Sprintf("vc4 lowering: %s with %d sources", Arch.OpName(op), n))
	}
	if isMask && (guard == nil || guard.Reg != RegZF) {
		panic(fmt.Sprintf("vc4 lowering: masked %s without a guard on Z", Arch.OpName(op)))
	}
	if guard != nil {
		in.Ops = append(in.Ops, *guard)
		if d.Reg != RegNop {
			in.Ops = append(in.Ops, mir.Operand{Kind: mir.KindReg, Reg: d.Reg, Flags: mir.FlagImplicit})
		}
	}
	if isMask {
		in.Ops = append(in.Ops, onlyActive())
	}
	if set {
		setf(in)
	}
	return l.emit(in)
}

// alu emits the add-pipe operation with vc4asm mnemonic asm (see op).
func (l *lowerer) alu(asm string, d mir.Operand, ops ...mir.Operand) *mir.Instr {
	return l.op(aluOp(asm, false), d, ops...)
}

// mulop emits the mul-pipe operation with vc4asm mnemonic asm (see op).
func (l *lowerer) mulop(asm string, d mir.Operand, ops ...mir.Operand) *mir.Instr {
	return l.op(aluOp(asm, true), d, ops...)
}

// aluOp returns the op of a vc4asm mnemonic on the add or mul pipe.
func aluOp(asm string, mul bool) mir.Opcode {
	k := [2]string{asm, ""}
	if mul {
		k[1] = "mul"
	}
	op, ok := aluByAsm[k]
	if !ok {
		panic(fmt.Sprintf("vc4 lowering: no %q op (mul %v)", asm, mul))
	}
	return op
}

// ldi loads the 32-bit immediate v into d (ops: a guard).
func (l *lowerer) ldi(d mir.Operand, v uint32, ops ...mir.Operand) *mir.Instr {
	return l.op(aluOp("ldi", false), d, append([]mir.Operand{mir.I(int64(v))}, ops...)...)
}

// rot writes a rotated upwards by n lanes (1..15) into d (mul pipe,
// spec §7.10).
func (l *lowerer) rot(d, a mir.Operand, n int) *mir.Instr {
	return l.op(opRotM, d, a, mir.I(int64(n)))
}

// nop emits an empty instruction.
func (l *lowerer) nop() { l.emit(mir.NewInstr(opNop)) }

// ldtmu reads the next result of TMU unit (0 or 1) into r4.
func (l *lowerer) ldtmu(unit int) {
	op := opLdtmu0
	if unit == 1 {
		op = opLdtmu1
	}
	l.emit(mir.NewInstr(op, mir.Operand{Kind: mir.KindReg, Reg: regByName["r4"], Flags: mir.FlagDef | mir.FlagImplicit}))
}

// thrend ends the thread, with nops in its two delay slots.
func (l *lowerer) thrend() {
	l.emit(mir.NewInstr(opThrend))
	l.nop()
	l.nop()
}

// brr emits a branch to block id if cond (a condition of branchConds,
// "" = always) holds; the next three instructions are its delay slots.
func (l *lowerer) brr(cond string, id int) *mir.Instr {
	op, ok := brrByCond[cond]
	if !ok {
		panic(fmt.Sprintf("vc4 lowering: branch condition %q", cond))
	}
	in := mir.NewInstr(op, mir.B(l.m.block(id)))
	if fl, ok := flagByBrr[op]; ok {
		in.Ops = append(in.Ops, mir.Operand{Kind: mir.KindReg, Reg: fl, Flags: mir.FlagImplicit})
	}
	return l.emit(in)
}

// branch emits a branch (see brr) with nops in its delay slots.
func (l *lowerer) branch(cond string, id int, why string) {
	l.brr(cond, id).Comment = why
	l.nop()
	l.nop()
	l.nop()
}

// execFlags makes Z set exactly in the active lanes (mov.setf -, r3).
func (l *lowerer) execFlags(why string) {
	l.alu("mov", none, execMask, setF()).Comment = why
}

// finish completes the machine form: the virtual registers the lowering
// numbered, the CFG.
func (m *mbuilder) finish(nregs int) (*mir.Func, error) {
	for i := 0; i < nregs; i++ {
		m.mf.NewVReg(0)
	}
	for id, b := range m.blocks {
		if b.Name == "" && id < contBase {
			return nil, fmt.Errorf("branch to b%d, which has no label", id)
		}
	}
	m.mf.RecomputeCFG()
	return m.mf, nil
}

// plainALU reports whether in is an unconditional ALU operation (or ldi)
// that sets no flags.
func plainALU(in *mir.Instr) bool {
	_, alu := qpuByOp[in.Op]
	return (alu || in.Op == opMovM) && in.Pred() == nil && !setsFlags(in)
}
