package mir

import (
	"fmt"
	"strconv"
)

// MemObject says which kind of underlying object a memory access is known
// to address (LLVM's getUnderlyingObject, as the frontend sees it).
type MemObject uint8

// Underlying objects.
const (
	MemUnknown MemObject = iota // anything: the access may alias every other
	MemGlobal                   // the global symbol Sym (a variable or function of the module or outside it)
	MemFrame                    // the frame object Index, an entry-block alloca of the IR
	MemArg                      // memory reached from the Index-th pointer argument of the IR function
)

// MemOperand is what the frontend knows about the memory one load or
// store touches (LLVM's MachineMemOperand, reduced to what alias queries
// need). It describes the access the instruction makes at run time, not
// its operands: passes that rewrite the address computation (loop
// strength reduction, post-modify, frame lowering, selection folding an
// add into the offset) keep it, since the address stays the same; a pass
// that makes a new access from an old one at another address or size
// (splitting, widening) must not copy it. nil means "unknown"; the
// pointer is shared between copies and never modified in place.
//
// The facts come from the IR: the pointer's underlying object through
// getelementptr, bitcast, phi and select (Obj), the byte offset into the
// object when every step is constant (Off, OffKnown), the bytes accessed
// (Size; 0 unknown), and for an argument its noalias (C restrict)
// attribute. A volatile access also says so (Volatile): passes that
// reorder instructions keep volatile accesses in their order and apart
// (MustOrder), loads included, and never speculate, merge or split one
// into accesses that lose the flag. Atomic accesses carry none (nil:
// they may alias anything).
type MemOperand struct {
	Obj      MemObject
	Sym      string // MemGlobal
	Index    int    // MemFrame: the frame object; MemArg: the argument number
	NoAlias  bool   // MemArg: the argument is noalias
	Off      int64  // byte offset of the access in the object, when OffKnown
	OffKnown bool
	Size     int64 // bytes accessed; 0: unknown
	Volatile bool  // an IR volatile access: ordered with every other (MustOrder)
}

// MustOrder reports whether two accesses must stay in their order (and in
// distinct packets) even when neither writes: both are volatile (LLVM
// LangRef: the number and order of volatile operations is kept).
func MustOrder(a, b *MemOperand) bool {
	return a != nil && b != nil && a.Volatile && b.Volatile
}

// identified reports whether the object is one LLVM calls identified
// (isIdentifiedObject): a global or an alloca, distinct from every other
// such object.
func (m *MemOperand) identified() bool { return m.Obj == MemGlobal || m.Obj == MemFrame }

// sameObject reports whether a and b name the same underlying object.
func sameObject(a, b *MemOperand) bool {
	if a.Obj != b.Obj {
		return false
	}
	switch a.Obj {
	case MemGlobal:
		return a.Sym == b.Sym
	case MemFrame, MemArg:
		return a.Index == b.Index
	}
	return false
}

// MayAlias reports whether two accesses might touch a common byte. It
// answers false only when the memory operands prove them disjoint, so
// that a scheduler may reorder them:
//
//   - two distinct identified objects (globals, allocas) never overlap;
//   - an argument cannot point into an alloca of the function (the alloca
//     is made after the call), so a MemArg and a MemFrame access are disjoint;
//   - a noalias argument's memory is reached by no pointer not based on
//     it while the function runs (LLVM LangRef, noalias), so an access
//     through it and one through a global, an alloca or another argument
//     are disjoint;
//   - accesses to the same object are disjoint when both byte ranges are
//     known and do not overlap.
//
// Everything else — an unknown access (nil, MemUnknown: a pointer loaded
// from memory, made by inttoptr, passed through a call), a global and a
// plain argument, two plain arguments — may alias.
func MayAlias(a, b *MemOperand) bool {
	if a == nil || b == nil || a.Obj == MemUnknown || b.Obj == MemUnknown {
		return true
	}
	if sameObject(a, b) {
		if !a.OffKnown || !b.OffKnown || a.Size <= 0 || b.Size <= 0 {
			return true
		}
		return a.Off < b.Off+b.Size && b.Off < a.Off+a.Size
	}
	switch {
	case a.identified() && b.identified():
		return false
	case a.Obj == MemArg && b.Obj == MemFrame, a.Obj == MemFrame && b.Obj == MemArg:
		return false
	case a.Obj == MemArg && a.NoAlias, b.Obj == MemArg && b.NoAlias:
		return false
	}
	return true
}

// String prints the operand as the MIR text writes it after "::"
// ("mem(@x, 8, 4)", "mem(noalias arg#1, ?, 16)", "mem(volatile @port, 0,
// 4)"; "?" for what is unknown).
func (m *MemOperand) String() string {
	p := printer{}
	p.mem(m)
	return string(p.buf)
}

// mem prints a memory operand.
func (p *printer) mem(m *MemOperand) {
	p.str("mem(")
	if m.Volatile {
		p.str("volatile ")
	}
	switch m.Obj {
	case MemGlobal:
		p.sym(m.Sym, 0)
	case MemFrame:
		p.str("fi#")
		p.int(int64(m.Index))
	case MemArg:
		if m.NoAlias {
			p.str("noalias ")
		}
		p.str("arg#")
		p.int(int64(m.Index))
	default:
		p.str("?")
	}
	p.str(", ")
	if m.OffKnown {
		p.int(m.Off)
	} else {
		p.byte('?')
	}
	p.str(", ")
	if m.Size > 0 {
		p.int(m.Size)
	} else {
		p.byte('?')
	}
	p.byte(')')
}

// memOperand parses the text mem prints (the cursor after "::").
func (p *parser) memOperand() (*MemOperand, error) {
	p.skipSpace()
	if err := p.expect("mem("); err != nil {
		return nil, err
	}
	m := &MemOperand{}
	p.skipSpace()
	if p.accept("volatile ") {
		m.Volatile = true
		p.skipSpace()
	}
	switch rest := p.line[p.i:]; {
	case p.accept("?"):
	case rest != "" && rest[0] == '@':
		p.i++
		s, err := p.name()
		if err != nil {
			return nil, err
		}
		m.Obj, m.Sym = MemGlobal, s
	case p.accept("fi#"):
		v, err := p.int()
		if err != nil {
			return nil, err
		}
		m.Obj, m.Index = MemFrame, int(v)
	default:
		if p.accept("noalias ") {
			m.NoAlias = true
			p.skipSpace()
		}
		if err := p.expect("arg#"); err != nil {
			return nil, err
		}
		v, err := p.int()
		if err != nil {
			return nil, err
		}
		m.Obj, m.Index = MemArg, int(v)
	}
	field := func() (int64, bool, error) {
		p.skipSpace()
		if err := p.expect(","); err != nil {
			return 0, false, err
		}
		p.skipSpace()
		if p.accept("?") {
			return 0, false, nil
		}
		v, err := p.int()
		return v, err == nil, err
	}
	var err error
	if m.Off, m.OffKnown, err = field(); err != nil {
		return nil, err
	}
	if m.Size, _, err = field(); err != nil {
		return nil, err
	}
	if m.Size < 0 {
		return nil, p.errf("negative access size %d", m.Size)
	}
	p.skipSpace()
	if err := p.expect(")"); err != nil {
		return nil, err
	}
	return m, nil
}

// CarryMem gives the memory operand of a load or store from (Mem) to the
// one instruction of to that accesses memory the same way (loads, or
// stores), which is then the same access: for selection rules and pseudo
// expansions that replace an access by instructions around one access at
// the same address (an address computation folded or legalized, a
// register move after a load). When to makes several accesses (a split, a
// read-modify-write) or another kind, they stay unknown, but the accesses
// made for a volatile one are volatile (of an unknown object), so that
// they keep their order.
func CarryMem(f *Func, from *Instr, to []*Instr) {
	if from.Mem == nil {
		return
	}
	const mem = FlagLoad | FlagStore
	kind := f.Arch.Desc(from.Op).Flags & mem
	var got *Instr
	n := 0
	for _, in := range to {
		if fl := f.Arch.Desc(in.Op).Flags & mem; fl != 0 {
			if fl == kind {
				got = in
			}
			n++
		}
	}
	switch {
	case n == 1 && got != nil:
		got.Mem = from.Mem
	case from.Mem.Volatile:
		for _, in := range to {
			if f.Arch.Desc(in.Op).Flags&mem != 0 {
				in.Mem = &MemOperand{Volatile: true}
			}
		}
	}
}

// checkMem reports why in's memory operand is malformed, or "".
func checkMem(f *Func, in *Instr) string {
	m := in.Mem
	if m == nil {
		return ""
	}
	if f.Arch.Desc(in.Op).Flags&(FlagLoad|FlagStore) == 0 {
		return "memory operand on an instruction that neither loads nor stores"
	}
	switch m.Obj {
	case MemFrame:
		if m.Index < 0 || m.Index >= len(f.Frame) {
			return "memory operand names frame object fi#" + strconv.Itoa(m.Index) + ", which does not exist"
		}
	case MemGlobal:
		if m.Sym == "" {
			return "memory operand of a global without a symbol"
		}
	case MemArg, MemUnknown:
	default:
		return fmt.Sprintf("memory operand of unknown object kind %d", m.Obj)
	}
	return ""
}
