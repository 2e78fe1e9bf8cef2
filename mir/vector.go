// vector.go: vector virtual registers (their shapes) and the generic vector ops' helpers.

package mir

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// VecType is the shape of a vector virtual register: Lanes lanes, each an
// integer (Float false) or IEEE binary float (Float true) of Bits bits.
// A lane fits one 32-bit word (Bits is 1, 8, 16 or 32); lanes narrower
// than a word are any-extended like scalar values, except s1 lanes, which
// hold exactly 0 or 1 (vector compares produce them; selects test them).
// Its text form is LLVM GlobalISel's LLT spelling without spaces: v4s32,
// v4f32, v2s1.
type VecType struct {
	Lanes int
	Bits  int
	Float bool
}

func (t VecType) String() string {
	k := "s"
	if t.Float {
		k = "f"
	}
	return "v" + strconv.Itoa(t.Lanes) + k + strconv.Itoa(t.Bits)
}

// Valid reports whether t is a shape a vector register may have.
func (t VecType) Valid() bool {
	if t.Lanes < 1 || t.Lanes > 64 {
		return false
	}
	if t.Float {
		return t.Bits == 32
	}
	return t.Bits == 1 || t.Bits == 8 || t.Bits == 16 || t.Bits == 32
}

// ParseVecType reads the text form of a vector shape (v4s32).
func ParseVecType(s string) (VecType, bool) {
	rest, ok := strings.CutPrefix(s, "v")
	if !ok {
		return VecType{}, false
	}
	i := strings.IndexAny(rest, "sf")
	if i <= 0 {
		return VecType{}, false
	}
	lanes, err1 := strconv.Atoi(rest[:i])
	bits, err2 := strconv.Atoi(rest[i+1:])
	t := VecType{Lanes: lanes, Bits: bits, Float: rest[i] == 'f'}
	if err1 != nil || err2 != nil || !t.Valid() || t.String() != s {
		return VecType{}, false
	}
	return t, true
}

// NewVecVReg creates a virtual register of class 0 holding a vector of
// shape t.
func (f *Func) NewVecVReg(t VecType) Reg {
	r := f.NewVReg(0)
	f.SetVecType(r, t)
	return r
}

// SetVecType records that virtual register r holds a vector of shape t.
func (f *Func) SetVecType(r Reg, t VecType) {
	if f.VRegVec == nil {
		f.VRegVec = make(map[Reg]VecType)
	}
	f.VRegVec[r] = t
}

// VecOf returns the shape of r when r is a vector register.
func (f *Func) VecOf(r Reg) (VecType, bool) {
	t, ok := f.VRegVec[r]
	return t, ok
}

// HasVectors reports whether f has vector registers.
func (f *Func) HasVectors() bool { return len(f.VRegVec) > 0 }

// vecRegsSorted lists the vector registers of f in register order.
func (f *Func) vecRegsSorted() []Reg {
	rs := make([]Reg, 0, len(f.VRegVec))
	for r := range f.VRegVec {
		rs = append(rs, r)
	}
	slices.Sort(rs)
	return rs
}

// printVecRegs writes the "vector-vregs:" header line.
func (p *printer) printVecRegs() {
	if !p.f.HasVectors() {
		return
	}
	p.str("vector-vregs:")
	for i, r := range p.f.vecRegsSorted() {
		if i > 0 {
			p.byte(',')
		}
		p.byte(' ')
		p.reg(r, false)
		p.byte(':')
		p.str(p.f.VRegVec[r].String())
	}
	p.nl()
}

// vecRegsLine reads the "vector-vregs: %3:v4s32, ..." header line.
func (p *parser) vecRegsLine() error {
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
		t, ok := ParseVecType(s)
		if !ok {
			return p.errAt(tat, "bad vector type %q (want e.g. v4s32, v4f32, v2s1)", s)
		}
		r := VirtBase + Reg(n)
		if _, dup := p.f.VecOf(r); dup {
			return p.errAt(at, "%%%d listed twice", n)
		}
		if int(n) > p.maxVReg {
			p.maxVReg, p.maxVPos = int(n), at
		}
		p.f.SetVecType(r, t)
		return nil
	})
}

// ShuffleUndef is the G_SHUFFLE_VECTOR mask entry of an undefined lane.
const ShuffleUndef = -1

// verifyVector checks the operand shapes of an instruction on vector
// registers (see docs/generic-mir.md, Vectors).
func verifyVector(f *Func, in *Instr) error {
	vec := func(o Operand) (VecType, bool) {
		if o.Kind != KindReg || !o.Reg.IsVirtual() {
			return VecType{}, false
		}
		return f.VecOf(o.Reg)
	}
	defs, uses := in.Defs(), in.Uses()
	var dt VecType
	dv := false
	if len(defs) == 1 {
		dt, dv = vec(defs[0])
	}
	anyVec := dv
	for _, o := range uses {
		if _, ok := vec(o); ok {
			anyVec = true
		}
	}
	if !anyVec {
		switch in.Op {
		case GBuildVector, GExtractVectorElt, GInsertVectorElt, GShuffleVector, GVLoad, GVLoadStrided, GVStore:
			return fmt.Errorf("%s without a vector register operand", genericOps[in.Op].Name)
		}
		return nil
	}
	for i, o := range defs {
		if _, ok := vec(o); ok && (len(defs) != 1 || i != 0) {
			return fmt.Errorf("a vector register is only the single def of an instruction")
		}
	}
	need := func(o Operand, t VecType, what string) error {
		ot, ok := vec(o)
		if !ok || ot != t {
			return fmt.Errorf("%s must be a %s register", what, t)
		}
		return nil
	}
	lane := func(o Operand, what string) error {
		if _, ok := vec(o); ok {
			return fmt.Errorf("%s must be a scalar", what)
		}
		return nil
	}
	mask := func(t VecType) VecType { return VecType{Lanes: t.Lanes, Bits: 1} }
	switch in.Op {
	case GCopy:
		// A copy may reinterpret the lanes' bits (a bitcast of v4s32 to v4f32).
		st, ok := vec(uses[0])
		if !dv || !ok || st.Lanes != dt.Lanes || st.Bits != dt.Bits {
			return fmt.Errorf("COPY of vectors needs the same lane count and width")
		}
	case GSIToFP, GUIToFP, GFPToSI, GFPToUI:
		toFloat := in.Op == GSIToFP || in.Op == GUIToFP
		st, ok := vec(uses[0])
		if !dv || len(uses) != 1 || !ok || st.Lanes != dt.Lanes || st.Bits != 32 || dt.Bits != 32 ||
			dt.Float != toFloat || st.Float == toFloat {
			return fmt.Errorf("%s of vectors converts between v%ds32 and v%df32", genericOps[in.Op].Name, dt.Lanes, dt.Lanes)
		}
	case GAdd, GSub, GMul, GSDiv, GUDiv, GSRem, GURem, GAnd, GOr, GXor, GShl, GLShr, GAShr,
		GFAdd, GFSub, GFMul, GFDiv, GFRem:
		if !dv {
			return fmt.Errorf("a lane-wise op on vectors must define a vector")
		}
		if (in.Op >= GFAdd && in.Op <= GFRem) != dt.Float {
			return fmt.Errorf("%s on %s lanes", genericOps[in.Op].Name, dt)
		}
		for _, o := range uses {
			if err := need(o, dt, "every operand"); err != nil {
				return err
			}
		}
	case GSExtInReg:
		if !dv || len(uses) != 2 || uses[1].Kind != KindImm {
			return fmt.Errorf("G_SEXT_INREG on vectors: dst, vector, imm bits")
		}
		return need(uses[0], dt, "the operand")
	case GICmp, GFCmp:
		if len(uses) != 3 || !dv {
			return fmt.Errorf("a vector compare defines a lane mask from two vectors")
		}
		at, ok := vec(uses[1])
		if !ok || dt != mask(at) || at.Float != (in.Op == GFCmp) {
			return fmt.Errorf("a vector compare of %s defines a v%ds1 mask", at, at.Lanes)
		}
		return need(uses[2], at, "the second operand")
	case GSelect:
		if !dv || len(uses) != 3 {
			return fmt.Errorf("a vector select defines a vector")
		}
		if ct, ok := vec(uses[0]); ok && ct != mask(dt) {
			return fmt.Errorf("the condition of a %s select must be a scalar or a v%ds1 mask", dt, dt.Lanes)
		}
		if err := need(uses[1], dt, "the true value"); err != nil {
			return err
		}
		return need(uses[2], dt, "the false value")
	case GPhi:
		if !dv {
			return fmt.Errorf("a phi of vectors must define a vector")
		}
		for i := 0; i < len(uses); i += 2 {
			if err := need(uses[i], dt, "every incoming value"); err != nil {
				return err
			}
		}
	case GImplicitDef:
	case GBuildVector:
		if !dv || len(uses) != dt.Lanes {
			return fmt.Errorf("G_BUILD_VECTOR needs one operand per lane")
		}
		for _, o := range uses {
			if o.Kind != KindImm {
				if err := lane(o, "a lane"); err != nil {
					return err
				}
			}
		}
	case GExtractVectorElt:
		if dv || len(uses) != 2 {
			return fmt.Errorf("G_EXTRACT_VECTOR_ELT: scalar dst, vector, index")
		}
		if vt, ok := vec(uses[0]); !ok || uses[1].Kind == KindImm && (uses[1].Imm < 0 || uses[1].Imm >= int64(vt.Lanes)) {
			return fmt.Errorf("G_EXTRACT_VECTOR_ELT: bad vector or lane")
		}
		return lane(uses[1], "the index")
	case GInsertVectorElt:
		if !dv || len(uses) != 3 {
			return fmt.Errorf("G_INSERT_VECTOR_ELT: dst, vector, element, index")
		}
		if uses[2].Kind == KindImm && (uses[2].Imm < 0 || uses[2].Imm >= int64(dt.Lanes)) {
			return fmt.Errorf("G_INSERT_VECTOR_ELT: lane %d out of range", uses[2].Imm)
		}
		if err := lane(uses[1], "the element"); err != nil {
			return err
		}
		return need(uses[0], dt, "the vector")
	case GShuffleVector:
		if !dv || len(uses) != 2+dt.Lanes {
			return fmt.Errorf("G_SHUFFLE_VECTOR: dst, a, b, one mask entry per result lane")
		}
		at, ok := vec(uses[0])
		if !ok || at.Bits != dt.Bits || at.Float != dt.Float {
			return fmt.Errorf("G_SHUFFLE_VECTOR: sources and result have different lanes")
		}
		if err := need(uses[1], at, "the second source"); err != nil {
			return err
		}
		for _, o := range uses[2:] {
			if o.Kind != KindImm || o.Imm < ShuffleUndef || o.Imm >= 2*int64(at.Lanes) {
				return fmt.Errorf("G_SHUFFLE_VECTOR: bad mask entry")
			}
		}
	case GVLoadStrided:
		if !dv {
			return fmt.Errorf("G_VLOAD_STRIDED defines a vector")
		}
		if len(uses) != 4 || uses[1].Kind != KindImm || uses[2].Kind != KindImm || uses[2].Imm <= 0 || uses[3].Kind != KindImm {
			return fmt.Errorf("G_VLOAD_STRIDED: base, imm offset, imm alignment, imm stride")
		}
		if s := uses[3].Imm; dt.Bits%8 != 0 || s%int64(dt.Bits/8) != 0 {
			return fmt.Errorf("G_VLOAD_STRIDED: stride %d is not a multiple of the lane size", s)
		}
		return lane(uses[0], "the base")
	case GVLoad, GVStore:
		vo := uses
		if in.Op == GVLoad {
			if !dv {
				return fmt.Errorf("G_VLOAD defines a vector")
			}
		} else {
			if _, ok := vec(uses[0]); !ok {
				return fmt.Errorf("G_VSTORE stores a vector")
			}
			vo = uses[1:]
		}
		if len(vo) != 3 || vo[1].Kind != KindImm || vo[2].Kind != KindImm || vo[2].Imm <= 0 {
			return fmt.Errorf("%s: base, imm offset, imm alignment", genericOps[in.Op].Name)
		}
		return lane(vo[0], "the base")
	default:
		return fmt.Errorf("%s does not take vector registers", genericOps[in.Op].Name)
	}
	return nil
}
