package codegen

import (
	"fmt"
	"strings"

	"lltosimd/mir"
	"lltosimd/targets/vc4"
)

// The machine-level VC4 MIR: the form of the lowered code (vc4-mask
// onwards), in the same mir.Arch as the ALU ops of vc4-isel.
//
//   - Physical registers by their vc4asm names: the accumulators $r0–$r5,
//     the register files $ra0–$ra31 and $rb0–$rb31, and every named I/O
//     read or write address of spec §5 ($unif, $elem_num, $qpu_num, $vpm,
//     $vr_setup, $vw_setup, $vr_addr, $vw_addr, $vr_wait, $vw_wait,
//     $mutex, $recip, $recipsqrt, $exp, $log, $t0s, $t1s, $r5rep, $irq,
//     …), all reserved except the register files. physRegs says which
//     can be read and which written (the verifier checks it).
//   - Ops beyond the ALU ops: V4_MOV_M (a mov on the mul pipe), V4_ROT_M
//     (a mul-pipe mov with a vector rotation, §7.10), V4_NOP, the signals
//     V4_LDTMU0/V4_LDTMU1 (implicit-def $r4) and V4_THREND (ends the
//     thread), and the branches V4_BRR (always) and V4_BRR_ALLZ,
//     V4_BRR_ANYNZ, … (one op per branch condition of §3.6, reading the
//     flag the condition tests). The instructions in their delay slots
//     (three after a branch, two after the thread end) are bundled with
//     them (mir.Instr.Bundle, as delay-slot-filler makes them); the
//     lowering puts nops there, the emitter fills them.
//   - A conditional write is a guard on a flag (pred:$zf, pred:!$nf …)
//     followed by the implicit read of the destination's old value, as for
//     the ALU ops of vc4-isel; .setf is the implicit definition of $zf,
//     $nf and $cf.
//   - A *masked* write (spec §8: only the active lanes, those whose
//     execute-mask register $r3 is 0) is a guarded write whose guard tests
//     $zf made from $r3, with an implicit read of $r3 after the old
//     value: `%5 = V4_MOV %7, pred:$zf, implicit %5, implicit $r3`
//     (ifnz: the inactive lanes). The instruction that makes Z the active
//     lanes (`$nop = V4_MOV $r3, implicit-def $zf, …`) precedes it in its
//     block with no other flag write between (the lowerer's builder,
//     mbuild.go, inserts it; the verifier checks it).
//   - Blocks: the code after a conditional branch that is not a label of
//     the emitted code is a block of its own without a name (it continues
//     its layout predecessor: no label, no scheduling boundary); every
//     block that starts with a label has a name (the IR label, or
//     "b<ID>" for a block without one).

// branchConds are the branch conditions (spec §3.6) and the flag each
// tests.
var branchConds = []struct {
	cond string
	flag mir.Reg
}{
	{"allz", RegZF}, {"allnz", RegZF}, {"anyz", RegZF}, {"anynz", RegZF},
	{"alln", RegNF}, {"allnn", RegNF}, {"anyn", RegNF}, {"anynn", RegNF},
	{"allc", RegCF}, {"allnc", RegCF}, {"anyc", RegCF}, {"anync", RegCF},
}

// Opcodes of the machine form (set by addMachineForm).
var (
	opMovM, opRotM, opNop, opLdtmu0, opLdtmu1, opThrend, opBrr mir.Opcode
	brrByCond                                                  = map[string]mir.Opcode{}
	condByBrr                                                  = map[mir.Opcode]string{}
	flagByBrr                                                  = map[mir.Opcode]mir.Reg{}
	aluByAsm                                                   = map[[2]string]mir.Opcode{} // {mnemonic, "mul"/""} -> op
	regByName                                                  = map[string]mir.Reg{}
	regNames                                                   = map[mir.Reg]string{}
	physRegs                                                   = map[mir.Reg]physInfo{}
)

// physInfo says how a machine register may be used.
type physInfo struct {
	read, write bool
	regfile     bool
}

// Physical registers of the machine form. RegExec is the execute-mask
// register (spec §8).
var RegExec mir.Reg

// addMachineForm adds the machine registers and ops to a.
func addMachineForm(a *mir.Arch) {
	add := func(name string, enc int, pi physInfo) {
		if r, ok := regByName[name]; ok {
			p := physRegs[r]
			p.read, p.write = p.read || pi.read, p.write || pi.write
			physRegs[r] = p
			return
		}
		r := mir.Reg(len(a.Regs))
		a.Regs = append(a.Regs, mir.RegDesc{Name: name, Enc: enc, Reserved: !pi.regfile})
		regByName[name], regNames[r] = r, name
		physRegs[r] = pi
	}
	regByName["nop"], regNames[RegNop] = RegNop, "nop"
	physRegs[RegNop] = physInfo{write: true}
	for i := 0; i < 6; i++ {
		// r4 receives TMU and SFU results; r5 is written through r5rep and r5quad.
		add(fmt.Sprintf("r%d", i), i, physInfo{read: true, write: i < 4})
	}
	for _, p := range []string{"ra", "rb"} {
		for i := 0; i < 32; i++ {
			add(fmt.Sprintf("%s%d", p, i), i, physInfo{read: true, write: true, regfile: true})
		}
	}
	for addr := 32; addr < vc4.NumRegAddrs; addr++ {
		for s := vc4.SpaceA; s <= vc4.SpaceB; s++ {
			if n := vc4.ReadRegs[s][addr].Name; n != "" && n != "-" {
				add(n, addr, physInfo{read: true})
			}
			if n := vc4.WriteRegs[s][addr].Name; n != "" && n != "-" {
				add(n, addr, physInfo{write: true})
			}
		}
	}
	RegExec = regByName["r3"]

	op := func(d mir.OpDesc) mir.Opcode {
		a.Ops = append(a.Ops, d)
		return mir.FirstTargetOp + mir.Opcode(len(a.Ops)-1)
	}
	opMovM = op(mir.OpDesc{Name: "V4_MOV_M", NumDefs: 1, NumUses: 1, Doc: "a, on the mul pipe"})
	opRotM = op(mir.OpDesc{Name: "V4_ROT_M", NumDefs: 1, NumUses: 2, Doc: "a rotated upwards by n lanes (mul-pipe mov, §7.10; uses: a, n imm 1..15)"})
	opNop = op(mir.OpDesc{Name: "V4_NOP", Flags: mir.FlagSideEffect, Doc: "an empty instruction (waits out an I/O or SFU latency)"})
	opLdtmu0 = op(mir.OpDesc{Name: "V4_LDTMU0", Flags: mir.FlagSideEffect | mir.FlagLoad, Doc: "the next TMU0 result into r4 (signal ldtmu0; implicit-def $r4)"})
	opLdtmu1 = op(mir.OpDesc{Name: "V4_LDTMU1", Flags: mir.FlagSideEffect | mir.FlagLoad, Doc: "the next TMU1 result into r4 (signal ldtmu1; implicit-def $r4)"})
	opThrend = op(mir.OpDesc{Name: "V4_THREND", Flags: mir.FlagSideEffect | mir.FlagTerminator | mir.FlagBarrier | mir.FlagReturn | mir.FlagHasDelaySlot,
		Doc: "end the thread (signal thrend; two delay slots)"})
	opBrr = op(mir.OpDesc{Name: "V4_BRR", NumUses: 1, Flags: mir.FlagBranch | mir.FlagTerminator | mir.FlagBarrier | mir.FlagHasDelaySlot,
		Doc: "branch to the block (three delay slots)"})
	for _, c := range branchConds {
		o := op(mir.OpDesc{Name: "V4_BRR_" + strings.ToUpper(c.cond), NumUses: 1, Flags: mir.FlagBranch | mir.FlagTerminator | mir.FlagHasDelaySlot,
			Doc: "branch to the block if " + c.cond[:3] + " lanes have flag " + c.cond[3:] + " (brr." + c.cond + ")"})
		brrByCond[c.cond], condByBrr[o], flagByBrr[o] = o, c.cond, c.flag
	}
	brrByCond[""], condByBrr[opBrr] = opBrr, ""
	for i, q := range qpuOps {
		k := [2]string{q.asm, ""}
		if q.mul {
			k[1] = "mul"
		}
		if _, dup := aluByAsm[k]; !dup {
			aluByAsm[k] = mir.FirstTargetOp + mir.Opcode(i)
		}
	}
	aluByAsm[[2]string{"ldi", ""}] = mir.FirstTargetOp + mir.Opcode(len(qpuOps))
	aluByAsm[[2]string{"mov", "mul"}] = opMovM
}

// isSmallImmValue reports whether v is the value of a small immediate
// (spec §4.3): an integer -16..15 or the bit pattern of a float power of
// two 1/256..128.
func isSmallImmValue(v int64) bool {
	if isSmallImm(v) {
		return true
	}
	_, ok := vc4.SmallImmFloatCode(uint32(v))
	return ok && v == int64(uint32(v))
}

// verifyMachine checks the machine-form operands of in: registers are
// read or written as spec §5 allows, a masked write has its guard on $zf,
// a rotation is 1..15, a branch names its block.
func verifyMachine(in *mir.Instr, bad func(format string, args ...any)) {
	for _, o := range in.Ops {
		if o.Kind != mir.KindReg || !o.Reg.IsPhys() || o.Flags&mir.FlagImplicit != 0 {
			continue
		}
		p, ok := physRegs[o.Reg]
		switch {
		case !ok:
			bad("$%s is not a machine register", regNames[o.Reg])
		case o.IsDef() && !p.write:
			bad("$%s cannot be written", regNames[o.Reg])
		case !o.IsDef() && !p.read:
			bad("$%s cannot be read", regNames[o.Reg])
		}
	}
	if isMasked(in) {
		if p := in.Pred(); p == nil || p.Reg != RegZF {
			bad("a masked write (implicit $r3) needs a guard on $zf")
		}
	}
	switch {
	case in.Op == opRotM:
		if u := in.Uses(); len(u) < 2 || u[1].Kind != mir.KindImm || u[1].Imm < 1 || u[1].Imm > 15 {
			bad("the rotation is an immediate 1..15")
		}
	case isBranch(in.Op):
		if u := in.Uses(); len(u) == 0 || u[0].Kind != mir.KindBlock {
			bad("a branch names its target block")
		}
	}
}

// isBranch reports whether op is one of the branches V4_BRR….
// isBranch reports whether op is one of the branches V4_BRR….
func isBranch(op mir.Opcode) bool { _, ok := condByBrr[op]; return ok }

// isMasked reports whether in is a masked write: an implicit read of $r3
// that is not the old value of a guarded write to $r3.
func isMasked(in *mir.Instr) bool {
	n := 0
	for _, o := range in.Ops {
		if o.Kind == mir.KindReg && o.Reg == RegExec && o.Flags&(mir.FlagImplicit|mir.FlagDef) == mir.FlagImplicit {
			n++
		}
	}
	if n > 0 && in.Pred() != nil {
		for _, d := range in.Defs() {
			if d.Reg == RegExec {
				n-- // the guarded write's old value
			}
		}
	}
	return n > 0
}

// blockName is the name of a labelled block without an IR name.
func blockName(id int) string { return fmt.Sprintf("b%d", id) }

// contBase numbers the unlabelled blocks of the builder (above every label
// the lowerer makes, see newLabel).
const contBase = 1 << 21

// delaySlots returns the number of delay slots of op: 3 for a branch
// (spec §3.6), 2 for the thread end, else 0.
func delaySlots(op mir.Opcode) int {
	switch {
	case isBranch(op):
		return 3
	case op == opThrend:
		return 2
	}
	return 0
}

// endsMachineBlock reports whether the machine block ends after in (a
// branch or the thread end).
func endsMachineBlock(in *mir.Instr) bool {
	return isBranch(in.Op) || in.Op == opThrend
}

// flatten lists the instructions with their delay-slot bundles in order.
func flatten(ins []*mir.Instr) []*mir.Instr {
	var out []*mir.Instr
	for _, in := range ins {
		out = append(out, in.Flatten()...)
	}
	return out
}

// isExecFlags reports whether in makes Z the active lanes:
// $nop = V4_MOV $r3, implicit-def $zf, … (no guard).
func isExecFlags(in *mir.Instr) bool {
	d, u := in.Defs(), in.Uses()
	return in.Op == aluByAsm[[2]string{"mov", ""}] && len(d) == 1 && d[0].Reg == RegNop && len(u) == 1 &&
		u[0].Kind == mir.KindReg && u[0].Reg == RegExec && setsFlags(in) && in.Pred() == nil
}
