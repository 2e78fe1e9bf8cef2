// wideint.go: wide integer virtual registers (their widths), G_MERGE_VALUES
// and G_UNMERGE_VALUES, and the verifier's rules for them.

package mir

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A wide virtual register holds an integer of more than one 32-bit word:
// Func.VRegWide gives its width in bits, a multiple of 32 above 32, spelled
// like GlobalISel's scalar LLT (s64, s128) in the MIR text's
// "wide-vregs: %3:s64" header line. The pass wideint-legalize
// (passes/wideintlegalize.go) splits the ops on them into ops on their
// words, low word first (docs/generic-mir.md, Wide integers).

// MaxWideBits bounds the width of a wide register (the frontend's largest
// integer type).
const MaxWideBits = 1024

// ValidWideBits reports whether a wide register may have n bits.
func ValidWideBits(n int) bool { return n > 32 && n <= MaxWideBits && n%32 == 0 }

// NewWideVReg creates a virtual register of class 0 holding an integer of
// bits bits (ValidWideBits).
func (f *Func) NewWideVReg(bits int) Reg {
	r := f.NewVReg(0)
	f.SetWideBits(r, bits)
	return r
}

// SetWideBits records that virtual register r holds an integer of bits bits.
func (f *Func) SetWideBits(r Reg, bits int) {
	if f.VRegWide == nil {
		f.VRegWide = make(map[Reg]int)
	}
	f.VRegWide[r] = bits
}

// WideOf returns the width of r when r is a wide register.
func (f *Func) WideOf(r Reg) (int, bool) {
	n, ok := f.VRegWide[r]
	return n, ok
}

// HasWideInts reports whether f has wide registers.
func (f *Func) HasWideInts() bool { return len(f.VRegWide) > 0 }

// wideOperand returns the width of a wide register operand.
func (f *Func) wideOperand(o Operand) (int, bool) {
	if o.Kind != KindReg || !o.Reg.IsVirtual() {
		return 0, false
	}
	return f.WideOf(o.Reg)
}

// printWideRegs writes the "wide-vregs:" header line.
func (p *printer) printWideRegs() {
	if !p.f.HasWideInts() {
		return
	}
	rs := make([]Reg, 0, len(p.f.VRegWide))
	for r := range p.f.VRegWide {
		rs = append(rs, r)
	}
	slices.Sort(rs)
	p.str("wide-vregs:")
	for i, r := range rs {
		if i > 0 {
			p.byte(',')
		}
		p.byte(' ')
		p.reg(r, false)
		p.str(":s" + strconv.Itoa(p.f.VRegWide[r]))
	}
	p.nl()
}

// wideRegsLine reads the "wide-vregs: %3:s64, ..." header line.
func (p *parser) wideRegsLine() error {
	return p.commaList(func() error {
		at := p.here()
		if err := p.expect("%"); err != nil {
			return err
		}
		n, err := p.int()
		if err != nil {
			return err
		}
		if n < 0 || n > int64(^Reg(0)-VirtBase) || p.vregs >= 0 && n >= int64(p.vregs) {
			return p.errAt(at, "%%%d out of range", n)
		}
		if err := p.expect(":"); err != nil {
			return err
		}
		tat := p.here()
		s := p.ident()
		bits, err := strconv.Atoi(strings.TrimPrefix(s, "s"))
		if !strings.HasPrefix(s, "s") || err != nil || !ValidWideBits(bits) {
			return p.errAt(tat, "bad wide integer type %q (want s64, s96, ... s%d)", s, MaxWideBits)
		}
		r := VirtBase + Reg(n)
		if _, dup := p.f.WideOf(r); dup {
			return p.errAt(at, "%%%d listed twice", n)
		}
		if _, vec := p.f.VecOf(r); vec {
			return p.errAt(at, "%%%d is a vector register", n)
		}
		if int(n) > p.maxVReg {
			p.maxVReg, p.maxVPos = int(n), at
		}
		p.f.SetWideBits(r, bits)
		return nil
	})
}

// isWideShift reports whether in shifts a wide register, whose amount may
// be an immediate.
func isWideShift(f *Func, in *Instr) bool {
	switch in.Op {
	case GShl, GLShr, GAShr:
		if u := in.Uses(); len(u) == 2 {
			_, ok := f.wideOperand(u[0])
			return ok
		}
	}
	return false
}

// verifyWide checks the operands of an instruction on wide registers (see
// docs/generic-mir.md, Wide integers).
func verifyWide(f *Func, in *Instr) error {
	defs, uses := in.Defs(), in.Uses()
	wide := func(o Operand) int { n, _ := f.wideOperand(o); return n }
	found := false
	for _, o := range in.Ops {
		if wide(o) != 0 {
			found = true
		}
	}
	switch in.Op {
	case GMergeValues:
		n := 0
		if len(defs) == 1 {
			n = wide(defs[0])
		}
		if n == 0 || len(uses) != n/32 {
			return fmt.Errorf("G_MERGE_VALUES defines a wide register from its words (one per 32 bits)")
		}
		for _, o := range uses {
			if o.Kind != KindReg || wide(o) != 0 {
				return fmt.Errorf("G_MERGE_VALUES takes 32-bit registers")
			}
		}
		return nil
	case GUnmergeValues:
		n := 0
		if len(uses) == 1 {
			n = wide(uses[0])
		}
		if n == 0 || len(defs) != n/32 {
			return fmt.Errorf("G_UNMERGE_VALUES defines the words of a wide register (one per 32 bits)")
		}
		for _, o := range defs {
			if wide(o) != 0 {
				return fmt.Errorf("G_UNMERGE_VALUES defines 32-bit registers")
			}
		}
		return nil
	}
	switch in.Op {
	case GConstant:
		if len(defs) != 1 || wide(defs[0]) == 0 || len(uses) != wide(defs[0])/32 {
			return fmt.Errorf("G_CONSTANT defines a wide register from its words (one immediate per 32 bits)")
		}
		for _, o := range uses {
			if o.Kind != KindImm {
				return fmt.Errorf("G_CONSTANT takes immediates")
			}
		}
		return nil
	case GZExt, GSExt, GTrunc:
		d, a := 32, 32
		if len(defs) == 1 && len(uses) == 1 && uses[0].Kind == KindReg {
			d, a = max(d, wide(defs[0])), max(a, wide(uses[0]))
		}
		if in.Op == GTrunc && d >= a || in.Op != GTrunc && d <= a {
			return fmt.Errorf("%s changes a register's width (extensions to a wide register, truncations of one)", genericOps[in.Op].Name)
		}
		return nil
	case GLoad, GStore:
		v := uses[0]
		if in.Op == GLoad {
			v = defs[0]
		}
		n, size := wide(v), uses[len(uses)-2]
		if n == 0 || size.Imm <= int64(n-32)/8 || size.Imm > int64(n)/8 {
			return fmt.Errorf("%s accesses a wide register's integer in memory: size in bytes more than the register's words but the top one", genericOps[in.Op].Name)
		}
		return nil
	}
	if !found {
		return nil
	}
	switch in.Op {
	case GAdd, GSub, GMul, GAnd, GOr, GXor, GSDiv, GUDiv, GSRem, GURem:
		n := wide(defs[0])
		if n == 0 || wide(uses[0]) != n || wide(uses[1]) != n {
			return fmt.Errorf("%s on wide registers needs one width for the result and both operands", genericOps[in.Op].Name)
		}
	case GShl, GLShr, GAShr:
		n := wide(defs[0])
		if n == 0 || wide(uses[0]) != n || uses[1].Kind == KindReg && wide(uses[1]) != 0 ||
			uses[1].Kind == KindImm && (uses[1].Imm < 0 || uses[1].Imm >= int64(n)) {
			return fmt.Errorf("%s of an s%d needs an s%d result and a 32-bit or immediate amount below %d", genericOps[in.Op].Name, n, n, n)
		}
	case GPhi:
		n := wide(defs[0])
		for i := 0; i < len(uses); i += 2 {
			if wide(uses[i]) != n {
				return fmt.Errorf("PHI of a wide register joins registers of its width")
			}
		}
	case GImplicitDef:
	case GSelect:
		n := wide(defs[0])
		if n == 0 || wide(uses[0]) != 0 || wide(uses[1]) != n || wide(uses[2]) != n {
			return fmt.Errorf("G_SELECT of wide registers selects between two of the result's width on a 32-bit condition")
		}
	case GICmp:
		n := wide(uses[1])
		if wide(defs[0]) != 0 || n == 0 || wide(uses[2]) != n {
			return fmt.Errorf("G_ICMP of wide registers compares two of one width into a 32-bit 0/1")
		}
	default:
		return fmt.Errorf("%s does not take wide registers (only G_MERGE_VALUES, G_UNMERGE_VALUES, G_CONSTANT, G_ZEXT, G_SEXT, G_TRUNC, G_LOAD, G_STORE, PHI, IMPLICIT_DEF, G_ADD G_SUB G_MUL G_SDIV G_UDIV G_SREM G_UREM G_AND G_OR G_XOR G_SHL G_LSHR G_ASHR G_ICMP G_SELECT)", genericOps[in.Op].Name)
	}
	return nil
}
