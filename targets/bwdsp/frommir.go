package bwdsp

import (
	"fmt"

	"lltosimd/mir"
)

// Target is the symbolic form of an instruction's Imm field: a code
// label (a branch or call target) or a data or code symbol plus an
// offset (`#sym+off`). The assembler resolves it.
type Target struct {
	Sym string
	Off int64
}

func (t Target) String() string {
	switch {
	case t.Off > 0:
		return fmt.Sprintf("%s+%d", t.Sym, t.Off)
	case t.Off < 0:
		return fmt.Sprintf("%s%d", t.Sym, t.Off)
	}
	return t.Sym
}

// Compare codes: the immediate first use of a CMP/CMPU/CMPF/CMPI/CMPIU
// (and the relation of BCMP*) holds the relation in bits 0–3 and the
// predicate action in bits 4–7.
func CmpCode(rel Rel, act Action) int64 { return int64(rel) | int64(act)<<4 }

// MIR operand layouts of the BWDSP ops (explicit operands, definitions
// first; they follow the assembly text, docs/bwdsp.md):
//
//	RRR, Func2      d, s, t            RRI   d, s, imm      Unary, Mov  d, s
//	MovI            d, imm|sym         Sel   d, CPk, s, t
//	Cmp             CPd[, CPe], code, [CPg,] s, t          CmpI  … s, imm
//	PLogic          CPd, CPa, CPb      PNot  CPd, CPa       PConst CPd, 0|1
//	Xfer            d, s (other macro) FromAddr d, An       FromRA d, RA
//	ToAddr          An, s              ToRA  RA, s          AddrImm An, imm|sym
//	AddrAdd         An, Am, Ak         AddrAddI, AddrShlI   An, Am, imm
//	LCImm           LCn, imm           LCAddr LCn, An
//	Load            d, An, imm[, S]    LoadPM d, An, An, imm[, S]
//	Store           v, An, imm[, S]    StorePM An, v, An, imm[, S]
//	B, Call         label|sym          BR, CallR An         Ret, Halt (none)
//	BCmp            code, s, t, label  BCmpI code, s, imm, label
//	BPred  CPk, label                  BAny, BAll  D.CPk, label, neg
//	BLC    LCn, LCn, label
//
// Registers name their macro; a lane instruction's mask is the macro of
// its registers (scalar code: one macro), or the mask of its tuple
// registers (SIMD: xyztR10, xyztCP2; vector.go), and a transfer's source
// macro is its source register's. A last `pred:` operand is the guard.

// FromMIR converts a selected, register-allocated MIR instruction into a
// decoded BWL instruction and the symbolic form of its Imm field, if it
// has one. blockLabel names a block operand's label. The printer, the
// bundle checker and the packetizer all start from this one conversion.
func FromMIR(f *mir.Func, mi *mir.Instr, blockLabel func(*mir.Block) string) (Inst, *Target, error) {
	var in Inst
	bad := func(format string, args ...any) (Inst, *Target, error) {
		return Inst{}, nil, fmt.Errorf("%s: cannot encode %s: %s", f.Name, mir.FormatInstr(f, mi), fmt.Sprintf(format, args...))
	}
	if mi.Op.IsGeneric() || int(mi.Op-mir.FirstTargetOp) >= len(Forms) {
		return bad("not a BWDSP instruction")
	}
	in.Op = Opcode(mi.Op - mir.FirstTargetOp)
	form := in.Form()
	var ops []mir.Operand
	for _, o := range mi.Ops {
		if o.Flags&mir.FlagImplicit != 0 {
			continue
		}
		if o.Kind == mir.KindPred {
			m, k, ok := cpOf(o.Reg)
			if !ok {
				return bad("guard %s is not a predicate", f.Arch.RegName(o.Reg))
			}
			in.Guard = Guard{On: true, Neg: o.Neg, Macro: uint8(m), K: uint8(k)}
			continue
		}
		ops = append(ops, o)
	}
	var tgt *Target
	mask := Mask(0)
	// Helpers that read the next operand and check its kind.
	i := 0
	next := func() (mir.Operand, bool) {
		if i >= len(ops) {
			return mir.Operand{}, false
		}
		i++
		return ops[i-1], true
	}
	var err error
	// lanes sets the instruction's mask from a lane operand's (a register
	// of one macro, or a tuple: vector.go) and checks that they agree.
	lanes := func(d Mask) {
		if mask == 0 {
			mask = d
		} else if mask != d && err == nil {
			err = fmt.Errorf("operand %d is in macros %s, not %s", i, d, mask)
		}
	}
	gpr := func() uint8 {
		o, ok := next()
		d, n, isG := RegMaskNum(o.Reg)
		if !ok || o.Kind != mir.KindReg || !isG {
			err = fmt.Errorf("operand %d is not a general register", i)
			return 0
		}
		lanes(d)
		return uint8(n)
	}
	srcGPR := func() uint8 { // a register of any macro: the source of a transfer
		o, ok := next()
		m, n, isG := gprOf(o.Reg)
		if !ok || o.Kind != mir.KindReg || !isG {
			err = fmt.Errorf("operand %d is not a general register", i)
			return 0
		}
		in.Src = uint8(m)
		return uint8(n)
	}
	cp := func() uint8 {
		o, ok := next()
		d, k, isCP := PredMaskNum(o.Reg)
		if !ok || o.Kind != mir.KindReg || !isCP {
			err = fmt.Errorf("operand %d is not a predicate", i)
			return 0
		}
		lanes(d)
		return uint8(k)
	}
	addr := func() uint8 {
		o, ok := next()
		a, isA := addrOf(o.Reg)
		if !ok || o.Kind != mir.KindReg || !isA {
			err = fmt.Errorf("operand %d is not an address register", i)
			return 0
		}
		return uint8(a)
	}
	lc := func() uint8 {
		o, ok := next()
		if !ok || o.Kind != mir.KindReg || o.Reg < LCReg(0) || o.Reg >= LCReg(NumLC) {
			err = fmt.Errorf("operand %d is not a loop counter", i)
			return 0
		}
		return uint8(o.Reg - LCReg(0))
	}
	ra := func() {
		if o, ok := next(); !ok || o.Kind != mir.KindReg || o.Reg != RegRA {
			err = fmt.Errorf("operand %d is not RA", i)
		}
	}
	imm := func() int32 {
		o, ok := next()
		switch {
		case !ok:
			err = fmt.Errorf("missing operand %d", i+1)
		case o.Kind == mir.KindImm:
			if o.Imm < -1<<31 || o.Imm > 1<<32-1 {
				err = fmt.Errorf("immediate %d does not fit in 32 bits", o.Imm)
			}
			return int32(o.Imm)
		case o.Kind == mir.KindSym:
			tgt = &Target{Sym: o.Sym, Off: o.Imm}
		case o.Kind == mir.KindBlock:
			tgt = &Target{Sym: blockLabel(o.Block)}
		default:
			err = fmt.Errorf("operand %d is not an immediate or a symbol", i)
		}
		return 0
	}
	label := func() int32 {
		o, ok := next()
		switch {
		case ok && o.Kind == mir.KindBlock:
			tgt = &Target{Sym: blockLabel(o.Block)}
		case ok && o.Kind == mir.KindSym:
			tgt = &Target{Sym: o.Sym, Off: o.Imm}
		default:
			err = fmt.Errorf("operand %d is not a label", i)
		}
		return 0
	}
	// stride reads a memory access's optional lane stride `:S`.
	stride := func() {
		if i == len(ops) {
			return
		}
		if o, _ := next(); o.Kind == mir.KindImm && o.Imm >= -1<<31 && o.Imm < 1<<31 {
			in.Stride, in.HasStride = int32(o.Imm), true
		} else {
			err = fmt.Errorf("operand %d is not a lane stride", i)
		}
	}
	code := func() {
		c := imm()
		in.Rel, in.Act = Rel(c&15), Action(c>>4&15)
		if in.Rel > RelGE || in.Act > ActUNUC {
			err = fmt.Errorf("bad compare code %#x", c)
		}
	}
	nDefs := mi.NumDefs()
	switch form.Syn {
	case SynRRR, SynFunc2:
		in.Rd, in.Rs, in.Rt = gpr(), gpr(), gpr()
	case SynRRI:
		in.Rd, in.Rs, in.Imm = gpr(), gpr(), imm()
	case SynUnary, SynMov:
		in.Rd, in.Rs = gpr(), gpr()
	case SynMovI:
		in.Rd, in.Imm = gpr(), imm()
	case SynSel:
		in.Rd, in.Re, in.Rs, in.Rt = gpr(), cp(), gpr(), gpr()
	case SynCmp, SynCmpI:
		in.Rd = cp()
		if nDefs == 2 {
			in.Re = cp()
		}
		code()
		if len(ops)-i == 3 {
			in.Pg, in.HasPg = cp(), true
		}
		in.Rs = gpr()
		if form.Syn == SynCmp {
			in.Rt = gpr()
		} else {
			in.Imm = imm()
		}
	case SynPLogic:
		in.Rd, in.Rs, in.Rt = cp(), cp(), cp()
	case SynPNot:
		in.Rd, in.Rs = cp(), cp()
	case SynPConst:
		in.Rd, in.Imm = cp(), imm()
	case SynXfer:
		in.Rd, in.Rs = gpr(), srcGPR()
	case SynFromAddr:
		in.Rd, in.Rs = gpr(), addr()
	case SynFromRA:
		in.Rd = gpr()
		ra()
	case SynToAddr:
		in.Rd, in.Rs = addr(), srcGPR()
	case SynToRA:
		ra()
		in.Rs = srcGPR()
	case SynAddrImm:
		in.Rd, in.Imm = addr(), imm()
	case SynAddrAdd:
		in.Rd, in.Rs, in.Rt = addr(), addr(), addr()
	case SynAddrAddI, SynAddrShlI:
		in.Rd, in.Rs, in.Imm = addr(), addr(), imm()
	case SynLCImm:
		in.Rd, in.Imm = lc(), imm()
	case SynLCAddr:
		in.Rd, in.Rs = lc(), addr()
	case SynLoad:
		in.Rd, in.Rs, in.Imm = gpr(), addr(), imm()
		stride()
	case SynLoadPM:
		in.Rd, in.Rs = gpr(), addr()
		if a := addr(); a != in.Rs && err == nil {
			err = fmt.Errorf("the post-modified register is not tied")
		}
		in.Imm = imm()
		stride()
	case SynStore:
		in.Rs, in.Rd, in.Imm = gpr(), addr(), imm()
		stride()
	case SynStorePM:
		in.Rd, in.Rs = addr(), gpr()
		if a := addr(); a != in.Rd && err == nil {
			err = fmt.Errorf("the post-modified register is not tied")
		}
		in.Imm = imm()
		stride()
	case SynB, SynCall:
		in.Imm = label()
	case SynBR, SynCallR:
		in.Rs = addr()
	case SynRet, SynHalt:
	case SynBCmp, SynBCmpI:
		code()
		if in.Act != ActCN && err == nil {
			err = fmt.Errorf("a compare-and-branch takes no predicate action")
		}
		in.Rs = gpr()
		if form.Syn == SynBCmp {
			in.Rt = gpr()
		} else {
			in.Imm2 = imm()
		}
		in.Imm = label()
		in.Src, mask = uint8(mask.Lanes()[0]), 0
	case SynBPred:
		in.Rd = cp()
		in.Imm = label()
		in.Src, mask = uint8(mask.Lanes()[0]), 0
	case SynBAny, SynBAll:
		in.Rd, in.Imm = cp(), label()
		in.Neg = imm() != 0 // `if !any`, `if !all`
	case SynBLC:
		in.Rd = lc()
		if n := lc(); n != in.Rd && err == nil {
			err = fmt.Errorf("the loop counter is not tied")
		}
		in.Imm = label()
	}
	if err == nil && i != len(ops) {
		err = fmt.Errorf("%d operands, %s takes %d", len(ops), form.Name, i)
	}
	if err != nil {
		return bad("%v", err)
	}
	if form.Syn == SynBAny || form.Syn == SynBAll {
		in.Mask = mask // the lanes tested
	}
	if form.Lanes() {
		in.Mask = mask
		if in.Guard.On && in.Mask != 1<<in.Guard.Macro {
			return bad("guard in macro %c, lanes %s", MacroNames[in.Guard.Macro], in.Mask)
		}
	}
	if err := Validate(&in); err != nil {
		return bad("%v", err)
	}
	return in, tgt, nil
}

// gprOf returns the macro and number of a general register.
func gprOf(r mir.Reg) (m, n int, ok bool) {
	if r < GPRReg(0, 0) || r >= CPReg(0, 0) {
		return 0, 0, false
	}
	i := int(r - GPRReg(0, 0))
	return i / NumR, i % NumR, true
}

// cpOf returns the macro and number of a predicate register.
func cpOf(r mir.Reg) (m, k int, ok bool) {
	if r < CPReg(0, 0) || r >= AddrReg(0) {
		return 0, 0, false
	}
	i := int(r - CPReg(0, 0))
	return i / NumCP, i % NumCP, true
}

// addrOf returns the number (family*16+index) of an address register.
func addrOf(r mir.Reg) (int, bool) {
	if r < AddrReg(0) || r >= LCReg(0) {
		return 0, false
	}
	return int(r - AddrReg(0)), true
}
