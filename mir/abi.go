package mir

import "fmt"

// ArgDesc is the immediate that describes one argument group of G_ARGS and
// G_CALL (see docs/generic-mir.md).
type ArgDesc int64

// Argument descriptor bits.
const (
	ArgWordsMask ArgDesc = 0x7f
	// ArgVariadic marks an argument of a call that matches the `...` of
	// the callee's type: a target whose variadic arguments travel apart
	// from the named ones (BWDSP) needs to know; O32 targets ignore it.
	ArgVariadic ArgDesc = 1 << 7
	ArgAlign8   ArgDesc = 1 << 8  // the first word must be 8-byte aligned (i64, double)
	ArgByVal    ArgDesc = 1 << 9  // one word: address of an object of Size() bytes passed by value
	ArgSRet     ArgDesc = 1 << 10 // hidden struct-return pointer

	// argByValAlignShift places log2 of a byval object's alignment in
	// bits 11-15.
	argByValAlignShift = 11
)

// MakeArgDesc builds a descriptor for an argument of n words.
func MakeArgDesc(words int, flags ArgDesc) ArgDesc { return ArgDesc(words)&ArgWordsMask | flags }

// MakeByValDesc builds a descriptor for a byval argument of size bytes
// whose copy must be align-byte aligned (a power of two).
func MakeByValDesc(size, align int64) ArgDesc {
	lg := 0
	for int64(1)<<lg < align && lg < 31 {
		lg++
	}
	return 1 | ArgByVal | ArgDesc(lg)<<argByValAlignShift | ArgDesc(size<<16)
}

// ByValAlign returns the alignment a byval object's copy must have.
func (d ArgDesc) ByValAlign() int64 { return 1 << (d >> argByValAlignShift & 31) }

// Words returns the number of register words in the group.
func (d ArgDesc) Words() int { return int(d & ArgWordsMask) }

// Size returns the byte size of a byval object.
func (d ArgDesc) Size() int64 { return int64(d >> 16) }

// Has reports whether all of the flag bits are set.
func (d ArgDesc) Has(f ArgDesc) bool { return d&f == f }

// ArgGroup is one argument of G_ARGS or G_CALL: its descriptor and its
// words (registers or, for a call, immediates and symbols too).
type ArgGroup struct {
	Desc  ArgDesc
	Words []Operand
}

// SlotBytes is the number of argument-area bytes the group occupies: a
// byval object rounded up to words, otherwise one word per word.
func (g ArgGroup) SlotBytes() int64 {
	if g.Desc.Has(ArgByVal) {
		return (g.Desc.Size() + 3) &^ 3
	}
	return 4 * int64(len(g.Words))
}

// Align8 reports whether the group starts at an 8-byte aligned offset of
// the argument area: i64 and double words (ArgAlign8), and byval objects
// aligned to 8 or more (placed at their alignment, at most the 8 of the
// stack).
func (g ArgGroup) Align8() bool {
	return g.Desc.Has(ArgAlign8) || g.Desc.Has(ArgByVal) && g.Desc.ByValAlign() >= 8
}

// CallArgGroups splits the operands that follow a G_CALL's callee
// (descriptor, its words, descriptor, …) into argument groups.
func CallArgGroups(ops []Operand) ([]ArgGroup, error) {
	var gs []ArgGroup
	for i := 0; i < len(ops); {
		if ops[i].Kind != KindImm {
			return nil, fmt.Errorf("expected an argument descriptor, found operand kind %d", ops[i].Kind)
		}
		d := ArgDesc(ops[i].Imm)
		n := d.Words()
		if i+1+n > len(ops) {
			return nil, fmt.Errorf("argument descriptor wants %d words, %d left", n, len(ops)-i-1)
		}
		gs = append(gs, ArgGroup{Desc: d, Words: ops[i+1 : i+1+n]})
		i += 1 + n
	}
	return gs, nil
}

// IncomingArgGroups pairs the descriptors G_ARGS uses with the words it
// defines, in order.
func IncomingArgGroups(in *Instr) ([]ArgGroup, error) {
	defs := in.Defs()
	var gs []ArgGroup
	k := 0
	for _, u := range in.Uses() {
		if u.Kind != KindImm {
			return nil, fmt.Errorf("G_ARGS: expected a descriptor")
		}
		d := ArgDesc(u.Imm)
		if k+d.Words() > len(defs) {
			return nil, fmt.Errorf("G_ARGS: descriptors want more words than the %d defined", len(defs))
		}
		gs = append(gs, ArgGroup{Desc: d, Words: defs[k : k+d.Words()]})
		k += d.Words()
	}
	if k != len(defs) {
		return nil, fmt.Errorf("G_ARGS: %d words defined, descriptors describe %d", len(defs), k)
	}
	return gs, nil
}

// ArgWordReg returns a register holding argument word o for call
// lowering: a register as is (use flags cleared), an immediate or a
// symbol through a new vreg of class, defined by a G_CONST or
// G_GLOBAL_ADDR that emit appends (selected later like any other).
func (f *Func) ArgWordReg(o Operand, class RegClass, emit func(*Instr)) (Operand, error) {
	switch o.Kind {
	case KindReg:
		o.Flags &^= FlagDef | FlagKill | FlagImplicit
		return o, nil
	case KindImm:
		t := f.NewVReg(class)
		emit(NewInstr(GConst, D(t), o))
		return R(t), nil
	case KindSym:
		t := f.NewVReg(class)
		emit(NewInstr(GGlobalAddr, D(t), o))
		return R(t), nil
	}
	return Operand{}, fmt.Errorf("argument word of kind %d", o.Kind)
}

// FixedArgObject returns the fixed frame object of at least size bytes at
// incoming-stack-pointer offset off (an incoming argument's slot), making
// one when fixed, the objects made so far by offset, has none.
func (f *Func) FixedArgObject(fixed map[int64]int, off, size int64) int {
	if i, ok := fixed[off]; ok && f.Frame[i].Size >= size {
		return i
	}
	i := f.NewFrameObject(FrameObject{Size: size, Align: 4, Offset: off, Fixed: true, Name: fmt.Sprintf("arg%d", off)})
	fixed[off] = i
	return i
}

// ByValParam finishes the incoming byval parameter g whose caller copy is
// the fixed frame object obj: the copy is as aligned as the incoming stack
// pointer (stackAlign) and its offset make it, at least 4; a parameter
// that wants more is copied word by word into a local of its alignment,
// which frame lowering realigns the frame for. The group's word becomes
// the address of the object; temporaries are of class, and the code goes
// to emit.
func (f *Func) ByValParam(g ArgGroup, obj int, stackAlign int64, class RegClass, emit func(*Instr)) {
	size, align := g.SlotBytes(), g.Desc.ByValAlign()
	f.Frame[obj].Align = min(max(align, 4), stackAlign)
	if align > stackAlign {
		cp := f.NewFrameObject(FrameObject{Size: size, Align: align, Name: "byval.copy"})
		for o := int64(0); o < size; o += 4 {
			t := f.NewVReg(class)
			emit(NewInstr(GLoad32, D(t), FI(obj, 0), I(o)))
			emit(NewInstr(GStore32, R(t), FI(cp, 0), I(o)))
		}
		obj = cp
	}
	emit(NewInstr(GFrameAddr, D(g.Words[0].Reg), FI(obj, 0)))
}

// ABILowering drives a target's call lowering: it walks f once, hands
// G_ARGS (which must open the entry block), G_CALL and G_RET to the
// target's hooks, lowers G_VASTART to the address of the first variadic
// word and G_RETURNADDR to a copy of the link register as it was at
// entry (calls clobber it), and keeps every other instruction. The hooks
// append what they emit to *Out.
type ABILowering struct {
	Out             *[]*Instr
	Args, Call, Ret func(in *Instr) error
	// VAStart returns the frame object at the first variadic word.
	VAStart func() int
	// LinkCopy returns the entry instruction that copies the link
	// register into dst, a new vreg of RAClass.
	LinkCopy func(dst Reg) *Instr
	RAClass  RegClass
}

// Run lowers f and returns the number of calls lowered.
func (a ABILowering) Run(f *Func) (int, error) {
	calls := 0
	ra := NoReg
	emit := func(in *Instr) { *a.Out = append(*a.Out, in) }
	for bi, b := range f.Blocks {
		*a.Out = nil
		for ii, in := range b.Instrs {
			var err error
			switch in.Op {
			case GArgs:
				if bi != 0 || ii != 0 {
					return calls, fmt.Errorf("%s: G_ARGS must be the first instruction of the entry block", f.Name)
				}
				err = a.Args(in)
			case GCall:
				calls++
				err = a.Call(in)
			case GRet:
				err = a.Ret(in)
			case GVAStart:
				emit(NewInstr(GFrameAddr, in.Ops[0], FI(a.VAStart(), 0)))
			case GReturnAddr:
				if ra == NoReg {
					ra = f.NewVReg(a.RAClass)
				}
				emit(NewInstr(GCopy, in.Ops[0], R(ra)))
			default:
				emit(in)
			}
			if err != nil {
				return calls, fmt.Errorf("%s: %w", f.Name, err)
			}
		}
		b.Instrs = *a.Out
	}
	if ra != NoReg {
		entry := f.Blocks[0]
		entry.Instrs = append([]*Instr{a.LinkCopy(ra)}, entry.Instrs...)
	}
	return calls, nil
}
