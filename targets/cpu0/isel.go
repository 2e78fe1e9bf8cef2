package cpu0

import (
	"fmt"
	"math"
	"sync"

	"lltosimd/isel"
	"lltosimd/mir"
	"lltosimd/passes"
)

// Feature guards of the selection rules: cpu032II has the slt family and
// beq/bne ("slt"); cpu032I has only cmp + jcc ("!slt").
const (
	featSlt = "slt"
	noSlt   = "!slt"
)

// Features returns the isel features of a -mcpu value ("" = cpu032II).
func Features(mcpu string) map[string]bool {
	return map[string]bool{featSlt: mcpu != "cpu032I"}
}

// cpuName spells a -mcpu value, "" being the default cpu032II.
func cpuName(mcpu string) string {
	if mcpu == "" {
		return "cpu032II"
	}
	return mcpu
}

// Constants are compared as 32-bit words whatever their int64 spelling.
func s32(c int64) int64 { return int64(int32(c)) }

func isSimm16(c int64) bool { c = s32(c); return c >= -32768 && c <= 32767 }
func isUimm16(c int64) bool { return uint32(c) <= 0xFFFF }

// Leaves of the Cpu0 rules.
var (
	simm16 = isel.ImmConv("simm16", func(c int64) (int64, bool) { return s32(c), isSimm16(c) })
	uimm16 = isel.ImmConv("uimm16", func(c int64) (int64, bool) { return int64(uint32(c)), isUimm16(c) })
	// negSimm16 turns "x - c" into "x + (-c)".
	negSimm16 = isel.ImmConv("-simm16", func(c int64) (int64, bool) { return -s32(c), isSimm16(-s32(c)) })
	// hi16 matches constants whose low half is zero and captures the high half.
	hi16   = isel.ImmConv("hi16", func(c int64) (int64, bool) { return int64(uint32(c) >> 16), uint32(c)&0xFFFF == 0 })
	shamt  = isel.ImmConv("shamt", func(c int64) (int64, bool) { return c, c >= 0 && c <= 31 })
	allOne = isel.ImmConv("-1", func(c int64) (int64, bool) { return -1, uint32(c) == 0xFFFFFFFF })
	// bitsToShift turns G_SEXT_INREG's bit count n into the shift 32-n.
	bitsToShift = isel.ImmConv("32-bits", func(c int64) (int64, bool) { return 32 - c, c >= 1 && c <= 31 })
	// sltiu's immediate must be non-negative: the reference model
	// zero-extends it while the ISA manual sign-extends (spec §8.5).
	uimm15 = isel.ImmConv("uimm15", func(c int64) (int64, bool) { return s32(c), s32(c) >= 0 && s32(c) <= 32767 })
	zero   = isel.ImmConv("0", func(c int64) (int64, bool) { return 0, uint32(c) == 0 })
	reg    = isel.Reg
)

var (
	d0 = isel.Def(0)
	c0 = isel.Cap(0)
	c1 = isel.Cap(1)
	c2 = isel.Cap(2)
	t0 = isel.Tmp(0)
	zr = isel.Phys(ZERO)
)

func rrr(op string) []isel.Inst { return []isel.Inst{isel.I(op, d0, c0, c1)} }

// hilo gives the rule of an op computed by a HI/LO instruction.
func hilo(name string, g mir.Opcode, op, mf string) isel.Rule {
	return isel.Rule{Name: name, Match: isel.Op(g, reg, reg), Emit: []isel.Inst{isel.I(op, c0, c1), isel.I(mf, d0)}}
}

// Memory access rules: a frame object, a folded frame address or a plain
// register as base, with the offset folded when it fits. An address
// base + c folds into every access that uses it (isel.Shared): the
// accesses of a split vector or of a strength-reduced loop read one
// pointer at different offsets, and no addiu is left.
func memRules(name string, g mir.Opcode, op string, store bool) []isel.Rule {
	ref := func(base, off isel.Ref) []isel.Inst {
		if store {
			return []isel.Inst{isel.I(op, c0, base, off)}
		}
		return []isel.Inst{isel.I(op, d0, base, off)}
	}
	// Leaves before the address: the stored value.
	var pre []isel.Pattern
	n := 0
	if store {
		pre, n = []isel.Pattern{reg}, 1
	}
	args := func(base isel.Pattern, off isel.Pattern) []isel.Pattern {
		return append(append([]isel.Pattern{}, pre...), base, off)
	}
	return []isel.Rule{
		{Name: name + ".frame", Match: isel.Op(g, args(isel.Frame, simm16)...), Emit: ref(isel.Cap(n), isel.Cap(n+1))},
		{Name: name + ".frameaddr", Match: isel.Op(g, args(isel.Op(mir.GFrameAddr, isel.Frame), simm16)...), Emit: ref(isel.Cap(n), isel.Cap(n+1))},
		{Name: name + ".frameadd", Match: isel.Op(g, args(isel.Shared(isel.Op(mir.GAdd, isel.Op(mir.GFrameAddr, isel.Frame), simm16)), simm16)...), EmitFunc: foldOffset},
		{Name: name + ".add", Match: isel.Op(g, args(isel.Shared(isel.Op(mir.GAdd, reg, simm16)), simm16)...), EmitFunc: foldOffset},
		{Name: name + ".global", Match: isel.Op(g, args(isel.Op(mir.GGlobalAddr, isel.Sym), simm16)...), EmitFunc: foldGlobalOffset},
		{Name: name + ".reg", Match: isel.Op(g, args(reg, simm16)...), Emit: ref(isel.Cap(n), isel.Cap(n+1))},
		{Name: name + ".bigoff", Match: isel.Op(g, args(isel.Any, isel.AnyImm)...), EmitFunc: legalizeAddress},
	}
}

// foldOffset selects an access whose address is base + c1 (a folded G_ADD)
// at offset c2 as one access at offset c1 + c2 when the sum fits; otherwise
// the address is computed as written.
func foldOffset(e *isel.Emitter) error {
	in := e.Root()
	n := e.NumCaps()
	base, c1, c2 := e.Cap(n-3), e.Cap(n-2).Imm, e.Cap(n-1).Imm
	ops := append([]mir.Operand{}, in.Defs()...)
	if len(ops) == 0 { // a store: the value is the first capture
		ops = append(ops, e.Cap(0))
	}
	if isSimm16(c1 + c2) {
		ops = append(ops, base, mir.I(c1+c2))
	} else {
		addr := e.Tmp()
		if base.Kind == mir.KindFrame {
			e.EmitOp(mir.GFrameAddr, mir.D(addr), base)
			base = mir.R(addr)
			addr = e.Tmp()
		}
		e.Emit("ADDiu", mir.D(addr), base, mir.I(c1))
		ops = append(ops, mir.R(addr), mir.I(c2))
	}
	e.EmitOp(in.Op, ops...)
	return nil
}

// foldGlobalOffset selects an access to sym+c1 at offset c2 as an access
// to the address of sym itself at offset c1+c2 when the sum fits: every
// access to one global then shares one %hi/%lo pair (machine-cse merges
// them), where sym+c1 would need a pair of its own. ori zero-extends
// %lo(sym), so the pair is the exact address and any signed 16-bit offset
// from it is a plain addition (spec §6: %hi has no carry adjustment, so
// %lo itself cannot be the load offset).
func foldGlobalOffset(e *isel.Emitter) error {
	in := e.Root()
	n := e.NumCaps()
	sym, c2 := e.Cap(n-2), e.Cap(n-1).Imm
	ops := append([]mir.Operand{}, in.Defs()...)
	if len(ops) == 0 { // a store: the value is the first capture
		ops = append(ops, e.Cap(0))
	}
	addr := e.Tmp()
	if off := sym.Imm + c2; off >= math.MinInt16 && off <= math.MaxInt16 {
		e.EmitOp(mir.GGlobalAddr, mir.D(addr), mir.S(sym.Sym, 0))
		ops = append(ops, mir.R(addr), mir.I(off))
	} else {
		e.EmitOp(mir.GGlobalAddr, mir.D(addr), sym)
		ops = append(ops, mir.R(addr), mir.I(c2))
	}
	e.EmitOp(in.Op, ops...)
	return nil
}

// legalizeAddress handles an offset beyond 16 bits: the address is computed
// with generic ops (selected in their turn) and accessed at offset 0.
func legalizeAddress(e *isel.Emitter) error {
	in := e.Root()
	n := len(in.Defs())
	uses := in.Uses()
	base, off := uses[len(uses)-2], uses[len(uses)-1]
	addr := e.Tmp()
	b := base
	if base.Kind == mir.KindFrame {
		t := e.Tmp()
		e.EmitOp(mir.GFrameAddr, mir.D(t), base)
		b = mir.R(t)
	}
	e.EmitOp(mir.GAdd, mir.D(addr), b, e.Const(off.Imm))
	ops := append([]mir.Operand{}, in.Ops[:n]...)
	if n == 0 { // a store: the value is the first capture
		ops = append(ops, e.Cap(0))
	}
	ops = append(ops, mir.R(addr), mir.I(0))
	e.EmitOp(in.Op, ops...)
	return nil
}

// Rules is the Cpu0 rule table.
var Rules = []isel.Rule{
	// Constants (spec §6).
	{Name: "const.simm16", Match: isel.Op(mir.GConst, simm16), Emit: []isel.Inst{isel.I("ADDiu", d0, zr, c0)}},
	{Name: "const.uimm16", Match: isel.Op(mir.GConst, uimm16), Emit: []isel.Inst{isel.I("ORi", d0, zr, c0)}},
	{Name: "const.hi16", Match: isel.Op(mir.GConst, hi16), Emit: []isel.Inst{isel.I("LUi", d0, c0)}},
	{Name: "const.lui_ori", Match: isel.Op(mir.GConst, isel.AnyImm), EmitFunc: func(e *isel.Emitter) error {
		c := uint32(e.Cap(0).Imm)
		t := e.Tmp()
		e.Emit("LUi", mir.D(t), mir.I(int64(c>>16)))
		e.Emit("ORi", e.Def(0), mir.R(t), mir.I(int64(c&0xFFFF)))
		return nil
	}},
	// Addresses by relocation model (emitSymAddr, pic.go): static %hi/%lo
	// pairs (the printer spells a symbol, block or jump-table operand of LUi
	// as %hi and of ORi as %lo), %gp_rel for small data, the GOT for PIC.
	{Name: "globaladdr", Match: isel.Op(mir.GGlobalAddr, isel.Sym), EmitFunc: emitSymAddr},
	{Name: "blockaddr", Match: isel.Op(mir.GBlockAddr, isel.Block), EmitFunc: emitSymAddr},
	{Name: "jtaddr", Match: isel.Op(mir.GJTAddr, isel.JT), EmitFunc: emitSymAddr},
	{Name: "frameaddr", Match: isel.Op(mir.GFrameAddr, isel.Frame), Emit: []isel.Inst{isel.I("ADDiu", d0, c0, isel.Imm(0))}},

	// Arithmetic and logic.
	{Name: "add.ri", Match: isel.Op(mir.GAdd, reg, simm16), Emit: rrr("ADDiu")},
	{Name: "add.rr", Match: isel.Op(mir.GAdd, reg, reg), Emit: rrr("ADDu")},
	{Name: "sub.ri", Match: isel.Op(mir.GSub, reg, negSimm16), Emit: rrr("ADDiu")},
	{Name: "sub.rr", Match: isel.Op(mir.GSub, reg, reg), Emit: rrr("SUBu")},
	{Name: "mul", Match: isel.Op(mir.GMul, reg, reg), Emit: rrr("MUL")},
	hilo("umulh", mir.GUMulH, "MULTu", "MFHI"),
	hilo("smulh", mir.GSMulH, "MULT", "MFHI"),
	hilo("sdiv", mir.GSDiv, "SDIV", "MFLO"),
	hilo("udiv", mir.GUDiv, "UDIV", "MFLO"),
	hilo("srem", mir.GSRem, "SDIV", "MFHI"),
	hilo("urem", mir.GURem, "UDIV", "MFHI"),
	{Name: "and.ri", Match: isel.Op(mir.GAnd, reg, uimm16), Emit: rrr("ANDi")},
	{Name: "and.rr", Match: isel.Op(mir.GAnd, reg, reg), Emit: rrr("AND")},
	{Name: "or.ri", Match: isel.Op(mir.GOr, reg, uimm16), Emit: rrr("ORi")},
	{Name: "or.rr", Match: isel.Op(mir.GOr, reg, reg), Emit: rrr("OR")},
	// not x = nor x, $zero (spec §3.2).
	{Name: "xor.not", Match: isel.Op(mir.GXor, reg, allOne), Emit: []isel.Inst{isel.I("NOR", d0, c0, zr)}},
	{Name: "xor.ri", Match: isel.Op(mir.GXor, reg, uimm16), Emit: rrr("XORi")},
	{Name: "xor.rr", Match: isel.Op(mir.GXor, reg, reg), Emit: rrr("XOR")},
	{Name: "shl.ri", Match: isel.Op(mir.GShl, reg, shamt), Emit: rrr("SHL")},
	{Name: "shl.rr", Match: isel.Op(mir.GShl, reg, reg), Emit: rrr("SHLV")},
	{Name: "lshr.ri", Match: isel.Op(mir.GLShr, reg, shamt), Emit: rrr("SHR")},
	{Name: "lshr.rr", Match: isel.Op(mir.GLShr, reg, reg), Emit: rrr("SHRV")},
	{Name: "ashr.ri", Match: isel.Op(mir.GAShr, reg, shamt), Emit: rrr("SRA")},
	{Name: "ashr.rr", Match: isel.Op(mir.GAShr, reg, reg), Emit: rrr("SRAV")},
	{Name: "rotl.ri", Match: isel.Op(mir.GRotl, reg, shamt), Emit: rrr("ROL")},
	{Name: "rotl.rr", Match: isel.Op(mir.GRotl, reg, reg), Emit: rrr("ROLV")},
	{Name: "rotr.ri", Match: isel.Op(mir.GRotr, reg, shamt), Emit: rrr("ROR")},
	{Name: "rotr.rr", Match: isel.Op(mir.GRotr, reg, reg), Emit: rrr("RORV")},
	// ctlz(not x) = clo x.
	{Name: "ctlo", Match: isel.Op(mir.GCtlz, isel.Op(mir.GXor, reg, allOne)), Emit: []isel.Inst{isel.I("CLO", d0, c0)}},
	{Name: "ctlz", Match: isel.Op(mir.GCtlz, reg), Emit: []isel.Inst{isel.I("CLZ", d0, c0)}},
	{Name: "sextinreg", Match: isel.Op(mir.GSExtInReg, reg, bitsToShift), Emit: []isel.Inst{isel.I("SHL", t0, c0, c1), isel.I("SRA", d0, t0, c1)}},
	{Name: "sextinreg.32", Match: isel.Op(mir.GSExtInReg, reg, isel.AnyImm), EmitFunc: func(e *isel.Emitter) error {
		if b := e.Cap(1).Imm; b < 32 {
			return fmt.Errorf("G_SEXT_INREG of %d bits", b)
		}
		e.Emit("ADDu", e.Def(0), e.Cap(0), mir.R(ZERO))
		return nil
	}},

	// Compares as values (spec §6 setcc idioms).
	{Name: "icmp.eq0.II", Guard: featSlt, Match: isel.Op(mir.GICmp, isel.CondIn(mir.CondEQ), reg, zero),
		Emit: []isel.Inst{isel.I("SLTiu", d0, c1, isel.Imm(1))}},
	{Name: "icmp.ne0.II", Guard: featSlt, Match: isel.Op(mir.GICmp, isel.CondIn(mir.CondNE), reg, zero),
		Emit: []isel.Inst{isel.I("SLTu", d0, zr, c1)}},
	{Name: "icmp.eqimm.II", Guard: featSlt, Match: isel.Op(mir.GICmp, isel.CondIn(mir.CondEQ), reg, uimm16),
		Emit: []isel.Inst{isel.I("XORi", t0, c1, c2), isel.I("SLTiu", d0, t0, isel.Imm(1))}},
	{Name: "icmp.neimm.II", Guard: featSlt, Match: isel.Op(mir.GICmp, isel.CondIn(mir.CondNE), reg, uimm16),
		Emit: []isel.Inst{isel.I("XORi", t0, c1, c2), isel.I("SLTu", d0, zr, t0)}},
	{Name: "icmp.sltimm.II", Guard: featSlt, Match: isel.Op(mir.GICmp, isel.CondIn(mir.CondSLT), reg, simm16),
		Emit: []isel.Inst{isel.I("SLTi", d0, c1, c2)}},
	{Name: "icmp.ultimm.II", Guard: featSlt, Match: isel.Op(mir.GICmp, isel.CondIn(mir.CondULT), reg, uimm15),
		Emit: []isel.Inst{isel.I("SLTiu", d0, c1, c2)}},
	{Name: "icmp.imm.II", Guard: featSlt, Match: isel.Op(mir.GICmp, isel.AnyCond, reg, isel.AnyImm), EmitFunc: emitSetccImm},
	{Name: "icmp.II", Guard: featSlt, Match: isel.Op(mir.GICmp, isel.AnyCond, reg, reg), EmitFunc: emitSetcc},
	{Name: "icmp.imm.I", Guard: noSlt, Match: isel.Op(mir.GICmp, isel.AnyCond, reg, isel.AnyImm), EmitFunc: emitSetccImmI},
	{Name: "icmp.I", Guard: noSlt, Match: isel.Op(mir.GICmp, isel.AnyCond, reg, reg), EmitFunc: emitSetcc},

	// Conditional branches with the compare folded in.
	{Name: "brcond.icmpimm.II", Guard: featSlt, Match: isel.Op(mir.GBrCond, isel.Op(mir.GICmp, isel.AnyCond, reg, isel.AnyImm), isel.Block), EmitFunc: emitBrcondImm},
	{Name: "brcond.icmp.II", Guard: featSlt, Match: isel.Op(mir.GBrCond, isel.Op(mir.GICmp, isel.AnyCond, reg, reg), isel.Block), EmitFunc: emitBrcond},
	{Name: "brcond.icmpimm.I", Guard: noSlt, Match: isel.Op(mir.GBrCond, isel.Op(mir.GICmp, isel.AnyCond, reg, isel.AnyImm), isel.Block),
		EmitFunc: func(e *isel.Emitter) error {
			cond, b := cmpImmI(e, e.Cap(0).Cond, e.Cap(2).Imm)
			e.Emit(cmpOp(cond), mir.R(SW), e.Cap(1), b)
			e.Emit(jccOp[cond], mir.R(SW), e.Cap(3))
			return nil
		}},
	{Name: "brcond.icmp.I", Guard: noSlt, Match: isel.Op(mir.GBrCond, isel.Op(mir.GICmp, isel.AnyCond, reg, reg), isel.Block), EmitFunc: emitBrcond},
	{Name: "brcond.II", Guard: featSlt, Match: isel.Op(mir.GBrCond, reg, isel.Block),
		Emit: []isel.Inst{isel.I("BNE", c0, zr, c1)}},
	{Name: "brcond.I", Guard: noSlt, Match: isel.Op(mir.GBrCond, reg, isel.Block),
		Emit: []isel.Inst{isel.I("CMP", isel.Phys(SW), c0, zr), isel.I("JNE", isel.Phys(SW), c1)}},
	{Name: "br", Match: isel.Op(mir.GBr, isel.Block), Emit: []isel.Inst{isel.I("JMP", c0)}},
	{Name: "brindirect", Match: isel.Op(mir.GBrIndirect, reg), EmitFunc: func(e *isel.Emitter) error {
		in, _ := e.Emit("JR", e.Cap(0))
		keepTargets(in, e.Root().Ops[1:]) // the possible targets are implicit operands
		return nil
	}},
	{Name: "brjt", Match: isel.Op(mir.GBrJT, reg, isel.JT), EmitFunc: func(e *isel.Emitter) error {
		off, base, addr, tgt := e.Tmp(), e.Tmp(), e.Tmp(), e.Tmp()
		e.Emit("SHL", mir.D(off), e.Cap(0), mir.I(2))
		e.EmitOp(mir.GJTAddr, mir.D(base), e.Cap(1))
		e.Emit("ADDu", mir.D(addr), mir.R(base), mir.R(off))
		e.Emit("LD", mir.D(tgt), mir.R(addr), mir.I(0))
		in, _ := e.Emit("JR", mir.R(tgt))
		keepTargets(in, []mir.Operand{e.Cap(1)})
		return nil
	}},

	// Selects keep their compare for cpu0-select.
	{Name: "select.icmpimm.II", Guard: featSlt, Match: isel.Op(mir.GSelect, isel.Op(mir.GICmp, isel.AnyCond, reg, isel.AnyImm), reg, reg),
		EmitFunc: func(e *isel.Emitter) error {
			cond, k := e.Cap(0).Cond, e.Cap(2).Imm
			b := mir.I(s32(k))
			if !flagImmOK(cond, k) {
				b = e.Const(k)
			}
			e.Emit("SELECT", e.Def(0), e.Cap(3), e.Cap(4), e.Cap(0), e.Cap(1), b)
			return nil
		}},
	{Name: "select.icmpimm.I", Guard: noSlt, Match: isel.Op(mir.GSelect, isel.Op(mir.GICmp, isel.AnyCond, reg, isel.AnyImm), reg, reg),
		EmitFunc: func(e *isel.Emitter) error {
			cond, b := cmpImmI(e, e.Cap(0).Cond, e.Cap(2).Imm)
			e.Emit("SELECT", e.Def(0), e.Cap(3), e.Cap(4), mir.C(cond), e.Cap(1), b)
			return nil
		}},
	{Name: "select.icmp", Match: isel.Op(mir.GSelect, isel.Op(mir.GICmp, isel.AnyCond, reg, reg), reg, reg),
		Emit: []isel.Inst{isel.I("SELECT", d0, isel.Cap(3), isel.Cap(4), c0, c1, c2)}},
	{Name: "select", Match: isel.Op(mir.GSelect, reg, reg, reg),
		Emit: []isel.Inst{isel.I("SELECT", d0, c1, c2, isel.Lit(mir.C(mir.CondNE)), c0, zr)}},

	// Traps call abort, which does not return: the block ends in
	// G_UNREACHABLE like unreachable code (a passthrough op, see Table).
	{Name: "trap", Match: isel.Op(mir.GTrap), EmitFunc: func(e *isel.Emitter) error {
		noteTraps(e.Func())
		if m, _ := e.Context().(*addrModel); m != nil && m.pic {
			r := m.picCallee(e.Func(), mir.S("abort", 0), func(in *mir.Instr) { e.EmitOp(in.Op, in.Ops...) })
			e.EmitOp(mir.GCopy, mir.D(T9), mir.R(r))
			e.Emit("JALR", mir.R(T9))
		} else {
			e.Emit("JSUB", mir.S("abort", 0))
		}
		e.EmitOp(mir.GUnreachable)
		return nil
	}},

	// Stack pointer arithmetic; the function then needs a frame pointer.
	{Name: "stacksave", Match: isel.Op(mir.GStackSave), EmitFunc: func(e *isel.Emitter) error {
		e.Func().FramePointer = true
		e.Emit("ADDu", e.Def(0), mir.R(SP), mir.R(ZERO))
		return nil
	}},
	{Name: "stackrestore", Match: isel.Op(mir.GStackRestore, reg), EmitFunc: func(e *isel.Emitter) error {
		e.Func().FramePointer = true
		e.Emit("ADDu", mir.R(SP), e.Cap(0), mir.R(ZERO))
		return nil
	}},
	{Name: "dynalloca", Match: isel.Op(mir.GDynAlloca, reg, isel.AnyImm), EmitFunc: emitDynAlloca},
}

func init() {
	// Loads and stores of every width.
	for _, m := range []struct {
		name  string
		g     mir.Opcode
		op    string
		store bool
	}{
		{"ld32", mir.GLoad32, "LD", false}, {"ld16s", mir.GLoad16S, "LH", false}, {"ld16u", mir.GLoad16U, "LHu", false},
		{"ld8s", mir.GLoad8S, "LB", false}, {"ld8u", mir.GLoad8U, "LBu", false},
		{"st32", mir.GStore32, "ST", true}, {"st16", mir.GStore16, "SH", true}, {"st8", mir.GStore8, "SB", true},
	} {
		Rules = append(Rules, memRules(m.name, m.g, m.op, m.store)...)
	}
	// The frontend loads narrow values zero-extended and extends them
	// afterwards; a sign- or zero-extension of a load is the extending load.
	for _, x := range []struct {
		name string
		ext  mir.Opcode
		bits int64
		ld   mir.Opcode
		op   string
	}{
		{"sext8", mir.GSExtInReg, 8, mir.GLoad8U, "LB"}, {"sext8", mir.GSExtInReg, 8, mir.GLoad8S, "LB"},
		{"sext16", mir.GSExtInReg, 16, mir.GLoad16U, "LH"}, {"sext16", mir.GSExtInReg, 16, mir.GLoad16S, "LH"},
		{"zext8", mir.GAnd, 0xFF, mir.GLoad8U, "LBu"}, {"zext16", mir.GAnd, 0xFFFF, mir.GLoad16U, "LHu"},
	} {
		n := x.name + "." + mir.GenericDesc(x.ld).Name
		k := isel.ImmIf(fmt.Sprint(x.bits), func(c int64) bool { return c == x.bits })
		emit := []isel.Inst{isel.I(x.op, d0, c0, c1)}
		Rules = append(Rules,
			isel.Rule{Name: n + ".frame", Priority: 1, Match: isel.Op(x.ext, isel.Op(x.ld, isel.Frame, simm16), k), Emit: emit},
			isel.Rule{Name: n + ".reg", Priority: 1, Match: isel.Op(x.ext, isel.Op(x.ld, reg, simm16), k), Emit: emit})
	}
}

// noteTraps records the calls to abort that traps become before anything
// is selected: dynamic allocas need the final size of the outgoing-argument
// area.
func noteTraps(f *mir.Func) {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == mir.GTrap {
				f.HasCalls = true
				f.MaxCallArgs = max(f.MaxCallArgs, homeArea)
			}
		}
	}
}

// keepTargets records an indirect jump's possible targets as implicit
// operands so that the CFG stays exact.
func keepTargets(in *mir.Instr, targets []mir.Operand) {
	for _, t := range targets {
		if t.Kind == mir.KindBlock || t.Kind == mir.KindJT {
			t.Flags |= mir.FlagImplicit
			in.Ops = append(in.Ops, t)
		}
	}
}

// emitDynAlloca moves $sp down by the size rounded up to the stack alignment
// (8) and returns the address just above the outgoing-argument area, which
// stays at the bottom of the frame. With a larger alignment the block is
// placed at an aligned address below the old outgoing area and the new
// outgoing area goes below the block.
func emitDynAlloca(e *isel.Emitter) error {
	f := e.Func()
	f.FramePointer = true
	align := max(e.Cap(1).Imm, 8)
	if align&(align-1) != 0 || align > 1<<15 {
		return fmt.Errorf("G_DYN_ALLOCA alignment %d", align)
	}
	out := f.MaxCallArgs
	sz, mask, rounded := e.Tmp(), e.Tmp(), e.Tmp()
	e.Emit("ADDiu", mir.D(sz), e.Cap(0), mir.I(align-1))
	e.Emit("ADDiu", mir.D(mask), mir.R(ZERO), mir.I(-align))
	e.Emit("AND", mir.D(rounded), mir.R(sz), mir.R(mask))
	if align == 8 {
		e.Emit("SUBu", mir.D(SP), mir.R(SP), mir.R(rounded))
		e.Emit("ADDiu", e.Def(0), mir.R(SP), mir.I(out))
		return nil
	}
	top, below, block := e.Tmp(), e.Tmp(), e.Tmp()
	e.Emit("SUBu", mir.D(top), mir.R(SP), mir.R(rounded))
	e.Emit("ADDiu", mir.D(below), mir.R(top), mir.I(-out))
	e.Emit("AND", mir.D(block), mir.R(below), mir.R(mask))
	e.Emit("ADDiu", mir.D(SP), mir.R(block), mir.I(-out))
	e.Emit("ADDu", e.Def(0), mir.R(block), mir.R(ZERO))
	return nil
}

// emitSetcc materializes a compare as 0/1 (spec §6 setcc idioms).
func emitSetcc(e *isel.Emitter) error {
	b := emitterBuilder{e}
	return setcc(b, e.Has(featSlt), e.Def(0).Reg, e.Cap(0).Cond, e.Cap(1), e.Cap(2))
}

// lessImm expresses "a cond k" for a constant k as slti/sltiu against a
// 16-bit immediate: (a cond k) == ((op a, imm) != neg). sltiu only gets
// immediates in 0..32767, where the reference model's zero-extension and
// the sign-extension of the ISA manual agree (spec §8.5).
func lessImm(c mir.Cond, k int64) (op string, imm int64, neg, ok bool) {
	k = s32(k)
	u := int64(uint32(k))
	switch c {
	case mir.CondSLT, mir.CondSGE:
		return "SLTi", k, c == mir.CondSGE, isSimm16(k)
	case mir.CondSLE, mir.CondSGT: // a <= k == a < k+1
		return "SLTi", k + 1, c == mir.CondSGT, k < math.MaxInt32 && isSimm16(k+1)
	case mir.CondULT, mir.CondUGE:
		return "SLTiu", u, c == mir.CondUGE, u <= 32767
	case mir.CondULE, mir.CondUGT:
		return "SLTiu", u + 1, c == mir.CondUGT, u+1 <= 32767
	}
	return "", 0, false, false
}

// emitSetccImm materializes a compare with a constant: slti/sltiu when
// the constant allows, otherwise the register form.
func emitSetccImm(e *isel.Emitter) error {
	b := emitterBuilder{e}
	cond, a, k, d := e.Cap(0).Cond, e.Cap(1), e.Cap(2).Imm, e.Def(0).Reg
	op, imm, neg, ok := lessImm(cond, k)
	if !ok {
		return setcc(b, true, d, cond, a, e.Const(k))
	}
	if !neg {
		b.emit(op, mir.D(d), a, mir.I(imm))
		return nil
	}
	t := b.tmp()
	b.emit(op, mir.D(t), a, mir.I(imm))
	b.emit("XORi", mir.D(d), mir.R(t), mir.I(1))
	return nil
}

// towardZero rewrites "a cond k" as "a cond' 0" where k is 0 or next to
// it (a < 1 is a <= 0, a >u 0 is a != 0, ...): cpu032I compares registers
// only (cmp, spec §3.2), and $zero needs no instruction to load while any
// other constant does; eq/ne and sign tests against 0 also have shorter
// forms (setcc, compareFlag).
func towardZero(c mir.Cond, k int64) (mir.Cond, bool) {
	switch s32(k) {
	case 0:
		switch c {
		case mir.CondULE:
			return mir.CondEQ, true
		case mir.CondUGT:
			return mir.CondNE, true
		}
		return c, true
	case 1:
		switch c {
		case mir.CondSLT:
			return mir.CondSLE, true
		case mir.CondSGE:
			return mir.CondSGT, true
		case mir.CondULT:
			return mir.CondEQ, true
		case mir.CondUGE:
			return mir.CondNE, true
		}
	case -1:
		switch c {
		case mir.CondSGT:
			return mir.CondSGE, true
		case mir.CondSLE:
			return mir.CondSLT, true
		}
	}
	return c, false
}

// cmpImmI gives the cpu032I form of "a cond k": the relation and the
// register to compare a with ($zero when towardZero applies, else k
// materialized).
func cmpImmI(e *isel.Emitter, c mir.Cond, k int64) (mir.Cond, mir.Operand) {
	if c2, ok := towardZero(c, k); ok {
		return c2, mir.R(ZERO)
	}
	return c, e.Const(k)
}

// emitSetccImmI materializes a compare with a constant on cpu032I.
func emitSetccImmI(e *isel.Emitter) error {
	cond, b := cmpImmI(e, e.Cap(0).Cond, e.Cap(2).Imm)
	return setcc(emitterBuilder{e}, false, e.Def(0).Reg, cond, e.Cap(1), b)
}

// emitBrcondImm branches on a compare with a constant (cpu032II).
func emitBrcondImm(e *isel.Emitter) error {
	b := emitterBuilder{e}
	cond, a, k, target := e.Cap(0).Cond, e.Cap(1), e.Cap(2).Imm, e.Cap(3)
	op, imm, neg, ok := lessImm(cond, k)
	switch {
	case cond == mir.CondEQ:
		b.emit("BEQ", a, e.Const(k), target)
	case cond == mir.CondNE:
		b.emit("BNE", a, e.Const(k), target)
	case !ok:
		return emitBranchOnFlag(b, cond, a, e.Const(k), target)
	default:
		t := b.tmp()
		b.emit(op, mir.D(t), a, mir.I(imm))
		branchOnFlag(b, mir.R(t), neg, target)
	}
	return nil
}

// emitBranchOnFlag branches on an order compare of two registers (cpu032II).
func emitBranchOnFlag(b builder, cond mir.Cond, x, y, target mir.Operand) error {
	k, neg := compareFlag(b, true, cond, x, y)
	branchOnFlag(b, k, neg, target)
	return nil
}

// branchOnFlag branches when (k != 0) != neg.
func branchOnFlag(b builder, k mir.Operand, neg bool, target mir.Operand) {
	if neg {
		b.emit("BEQ", k, mir.R(ZERO), target)
	} else {
		b.emit("BNE", k, mir.R(ZERO), target)
	}
}

// emitBrcond emits a conditional branch on a folded compare.
func emitBrcond(e *isel.Emitter) error {
	b := emitterBuilder{e}
	cond, x, y, target := e.Cap(0).Cond, e.Cap(1), e.Cap(2), e.Cap(3)
	if !e.Has(featSlt) {
		b.emit(cmpOp(cond), mir.R(SW), x, y)
		b.emit(jccOp[cond], mir.R(SW), target)
		return nil
	}
	switch cond {
	case mir.CondEQ:
		b.emit("BEQ", x, y, target)
		return nil
	case mir.CondNE:
		b.emit("BNE", x, y, target)
		return nil
	}
	return emitBranchOnFlag(b, cond, x, y, target)
}

// builder is what the compare idioms need from their caller: the isel
// emitter or the cpu0-select pass.
type builder interface {
	tmp() mir.Reg
	emit(op string, ops ...mir.Operand)
}

type emitterBuilder struct{ e *isel.Emitter }

func (b emitterBuilder) tmp() mir.Reg { return b.e.Tmp() }
func (b emitterBuilder) emit(op string, ops ...mir.Operand) {
	if _, err := b.e.Emit(op, ops...); err != nil {
		panic(err) // op names here are constants of this file
	}
}

// jccOp is the cpu032I branch taken when the predicate holds after
// cmp/cmpu a, b.
var jccOp = [...]string{
	mir.CondEQ: "JEQ", mir.CondNE: "JNE",
	mir.CondSLT: "JLT", mir.CondSLE: "JLE", mir.CondSGT: "JGT", mir.CondSGE: "JGE",
	mir.CondULT: "JLT", mir.CondULE: "JLE", mir.CondUGT: "JGT", mir.CondUGE: "JGE",
}

func cmpOp(c mir.Cond) string {
	if c.IsUnsigned() {
		return "CMPu"
	}
	return "CMP"
}

func sltOp(c mir.Cond) string {
	if c.IsUnsigned() {
		return "SLTu"
	}
	return "SLT"
}

// lessForm expresses an order predicate through "less than": a cond b ==
// (x < y) != neg.
func lessForm(c mir.Cond, a, b mir.Operand) (x, y mir.Operand, neg bool) {
	switch c {
	case mir.CondSLT, mir.CondULT:
		return a, b, false
	case mir.CondSGE, mir.CondUGE:
		return a, b, true
	case mir.CondSGT, mir.CondUGT:
		return b, a, false
	default: // sle, ule
		return b, a, true
	}
}

// flagImmOK reports whether compareFlagImm can compare with constant k
// (cpu032II); the constant 0 of an equality is better read from $zero.
func flagImmOK(c mir.Cond, k int64) bool {
	if c == mir.CondEQ || c == mir.CondNE {
		return k != 0 && isUimm16(k)
	}
	_, _, _, ok := lessImm(c, k)
	return ok
}

// compareFlagImm is compareFlag against a constant that flagImmOK accepts:
// xori for equalities, slti/sltiu for orders.
func compareFlagImm(bd builder, c mir.Cond, a mir.Operand, k int64) (mir.Operand, bool, error) {
	if !flagImmOK(c, k) {
		return mir.Operand{}, false, fmt.Errorf("cannot compare with %d in one instruction", k)
	}
	t := bd.tmp()
	if c == mir.CondEQ || c == mir.CondNE {
		bd.emit("XORi", mir.D(t), a, mir.I(int64(uint32(k))))
		return mir.R(t), c == mir.CondEQ, nil
	}
	op, imm, neg, _ := lessImm(c, k)
	bd.emit(op, mir.D(t), a, mir.I(imm))
	return mir.R(t), neg, nil
}

// compareFlag emits code leaving a register k such that (a cond b) == ((k != 0) != neg).
func compareFlag(bd builder, slt bool, c mir.Cond, a, b mir.Operand) (k mir.Operand, neg bool) {
	if c == mir.CondEQ || c == mir.CondNE {
		if isZeroReg(a) {
			a, b = b, a
		}
		k = a
		if !isZeroReg(b) {
			t := bd.tmp()
			bd.emit("XOR", mir.D(t), a, b)
			k = mir.R(t)
		}
		return k, c == mir.CondEQ
	}
	x, y, neg := lessForm(c, a, b)
	t := bd.tmp()
	switch {
	case slt:
		bd.emit(sltOp(c), mir.D(t), x, y)
	case isZeroReg(y) && !c.IsUnsigned():
		// x < 0 is x's sign bit.
		bd.emit("SHR", mir.D(t), x, mir.I(31))
	default:
		// N (bit 0 of $sw) is set by cmp when x < y.
		bd.emit(cmpOp(c), mir.D(SW), x, y)
		bd.emit("ANDi", mir.D(t), mir.R(SW), mir.I(1))
	}
	return mir.R(t), neg
}

// isZeroReg reports whether o reads $zero.
func isZeroReg(o mir.Operand) bool { return o.Kind == mir.KindReg && o.Reg == ZERO }

// setcc writes (a cond b) as 0 or 1 into d. Without slt (cpu032I), a
// test of a against 0 avoids cmp and $sw: clz gives 32 for 0 and less
// for anything else, so a == 0 is clz(a) >> 5, and a < 0 (signed) is
// a >> 31 (spec §3.2: clz, shr).
func setcc(bd builder, slt bool, d mir.Reg, c mir.Cond, a, b mir.Operand) error {
	if isZeroReg(a) && (c == mir.CondEQ || c == mir.CondNE) {
		a, b = b, a
	}
	switch {
	case (c == mir.CondEQ || c == mir.CondNE) && !slt && isZeroReg(b):
		t, u := bd.tmp(), d
		if c == mir.CondNE {
			u = bd.tmp()
		}
		bd.emit("CLZ", mir.D(t), a)
		bd.emit("SHR", mir.D(u), mir.R(t), mir.I(5))
		if c == mir.CondNE {
			bd.emit("XORi", mir.D(d), mir.R(u), mir.I(1))
		}
	case (c == mir.CondEQ || c == mir.CondNE) && slt:
		k, _ := compareFlag(bd, slt, c, a, b)
		if c == mir.CondEQ {
			bd.emit("SLTiu", mir.D(d), k, mir.I(1))
		} else {
			bd.emit("SLTu", mir.D(d), mir.R(ZERO), k)
		}
	case c == mir.CondEQ || c == mir.CondNE:
		// Z is bit 1 of $sw.
		t, u := bd.tmp(), d
		if c == mir.CondNE {
			u = bd.tmp()
		}
		bd.emit("CMP", mir.D(SW), a, b)
		bd.emit("ANDi", mir.D(t), mir.R(SW), mir.I(2))
		bd.emit("SHR", mir.D(u), mir.R(t), mir.I(1))
		if c == mir.CondNE {
			bd.emit("XORi", mir.D(d), mir.R(u), mir.I(1))
		}
	default:
		x, y, neg := lessForm(c, a, b)
		t := d
		if neg {
			t = bd.tmp()
		}
		switch {
		case slt:
			bd.emit(sltOp(c), mir.D(t), x, y)
		case isZeroReg(y) && !c.IsUnsigned():
			bd.emit("SHR", mir.D(t), x, mir.I(31))
		default:
			bd.emit(cmpOp(c), mir.D(SW), x, y)
			bd.emit("ANDi", mir.D(t), mir.R(SW), mir.I(1))
		}
		if neg {
			bd.emit("XORi", mir.D(d), mir.R(t), mir.I(1))
		}
	}
	return nil
}

// finishInstr adds the implicit register operands of the instruction table
// (HI/LO of mult/div, $lr of calls).
func finishInstr(in *mir.Instr) {
	d := DefOf(in.Op)
	for _, n := range d.ImplicitDefs {
		r, _ := Arch.LookupReg(n)
		in.Ops = append(in.Ops, mir.Operand{Kind: mir.KindReg, Reg: r, Flags: mir.FlagDef | mir.FlagImplicit})
	}
	for _, n := range d.ImplicitUses {
		r, _ := Arch.LookupReg(n)
		in.Ops = append(in.Ops, mir.Operand{Kind: mir.KindReg, Reg: r, Flags: mir.FlagImplicit})
	}
}

// newInstr builds a Cpu0 instruction by name, marking its definitions and
// adding its implicit operands.
func newInstr(op string, ops ...mir.Operand) *mir.Instr {
	code, ok := Op[op]
	if !ok {
		panic("cpu0: unknown op " + op)
	}
	n := Arch.Desc(code).NumDefs
	for i := 0; i < n && i < len(ops); i++ {
		ops[i].Flags |= mir.FlagDef
	}
	in := mir.NewInstr(code, ops...)
	finishInstr(in)
	return in
}

// Table returns the initialized Cpu0 rule table.
var Table = isel.Lazy(func() *isel.Table {
	return &isel.Table{
		Arch:  Arch,
		Rules: Rules,
		// G_UNREACHABLE stays to the end and emits no code: as a barrier
		// it keeps control from falling through into the next block in
		// the CFG, whose phis have no entry for it.
		Passthrough: []mir.Opcode{mir.GCopy, mir.GPhi, mir.GImplicitDef, mir.GInlineAsm, mir.GUnreachable},
		Remat:       []mir.Opcode{mir.GConst, mir.GFrameAddr},
		ZeroReg:     ZERO,
		Finish:      finishInstr,
	}
})

var traceMu sync.Mutex

// ISelPass is cpu0-isel. Its rule trace is printed by -debug-only=isel (or
// -debug-only=cpu0-isel).
var ISelPass = passes.Register(&passes.Pass{
	Name:    "cpu0-isel",
	Forbids: mir.PropSelected, Sets: mir.PropSelected,
	Desc:     "Cpu0 instruction selection (pattern tables)",
	Required: true,
	Stats: map[string]string{
		"selected": "Number of instructions selected",
		"folded":   "Number of producers folded into their users",
	},
	Run: func(c *passes.Ctx, f *mir.Func) error {
		t, err := Table()
		if err != nil {
			return err
		}
		noteTraps(f)
		m, err := modelOf(c)
		if err != nil {
			return err
		}
		s := &isel.Selector{Table: t, Features: Features(c.Option("mcpu"))}
		if m.pic || m.small {
			s.Context = m
		}
		if c.Debugging() {
			s.Trace = func(format string, args ...any) { c.Debugf(format, args...) }
		} else if c.Cfg != nil && c.Cfg.DebugOnly["isel"] {
			s.Trace = func(format string, args ...any) {
				traceMu.Lock()
				defer traceMu.Unlock()
				fmt.Fprintf(c.Cfg.DebugOut, format+"\n", args...)
			}
		}
		if s.Trace != nil {
			s.Trace("ISEL: function %s (%s)", f.Name, cpuName(c.Option("mcpu")))
		}
		err = s.Select(f)
		c.Count("selected", s.Selected)
		c.Count("folded", s.Folded)
		f.RecomputeCFG()
		return err
	},
})
