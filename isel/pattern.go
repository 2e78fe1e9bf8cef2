// Package isel is the target-independent instruction selection engine:
// targets describe their selection rules as data (a match tree over
// generic ops, an optional feature guard, a priority and an emit template)
// and the engine rewrites a function's generic MIR into target ops in place.
//
// The engine walks each block backwards (as wazero's backend does). A rule
// may fold the producer of an operand into its user only when the producer
// has exactly one use (or its node is Shared), sits earlier in the same
// block and no side effect lies between them; producers listed in
// Table.Remat (constants, frame addresses) are cheap to recompute and fold
// into any number of users. A producer whose
// value is no longer used once its users are selected is deleted when the
// walk reaches it. Blocks are selected last to first.
//
// A rule reads like this (Cpu0's "x + simm16"):
//
//	{Name: "add.ri", Match: isel.Op(mir.GAdd, isel.Reg, simm16),
//	 Emit: []isel.Inst{isel.I("ADDiu", isel.Def(0), isel.Cap(0), isel.Cap(1))}}
//
// Leaves capture operands in pre-order (Cap(0), Cap(1), …) and convert as
// they match: simm16 accepts an immediate or a register defined by G_CONST
// whose value fits, and captures the immediate. Reg accepts any value and
// materializes constants (the zero register for 0). Commutative generic ops
// (mir.FlagCommutable) also match with their operands swapped. Rules of one
// root op are tried by descending Priority, then in table order; the first
// whose guard holds and whose tree matches wins. Generic ops a rule emits
// (a materialized constant, a legalized address) are selected in turn.
// Table.Shadowed finds rules that an earlier rule always pre-empts, and a
// Coverage lists rules that never fired.
package isel

import (
	"fmt"
	"slices"

	"lltosimd/mir"
)

// Value is what a leaf predicate inspects: the operand as written and, when
// known, its constant value (an immediate operand or a virtual register
// defined by G_CONST).
type Value struct {
	Op      mir.Operand
	Const   int64
	IsConst bool
	// Vec is the shape of a virtual register that holds a vector
	// (mir.Func.VRegVec), when IsVec: rules for vector registers and for
	// scalars of the same op tell them apart by it.
	Vec   mir.VecType
	IsVec bool
	// DefOf returns the generic instruction that defines a virtual
	// register (nil when unknown), for leaves that look through
	// producers without folding them: what they look at is selected for
	// its own users, or dies when the rule leaves it none.
	DefOf func(mir.Reg) *mir.Instr
	// Func is the function being selected (read only).
	Func *mir.Func
}

// Leaf is an operand predicate that converts as it matches: it returns the
// operand to capture (e.g. the immediate -c for "negated constant fits in
// 16 bits").
type Leaf struct {
	Name  string
	Match func(v Value) (mir.Operand, bool)
	// Materialize makes the engine turn a captured immediate into a
	// register (the table's zero register for 0, otherwise a fresh G_CONST
	// selected in turn): the leaf stands for "any value in a register".
	Materialize bool
}

// Pattern is a node of a match tree: either a generic op whose operands
// match Args in order (the operand's producer is folded into the rule), or
// a leaf predicate.
type Pattern struct {
	Op   mir.Opcode
	Args []Pattern
	Leaf *Leaf
	// Shared lets the node fold its producer even when other instructions
	// use it too (see Shared).
	Shared bool
}

// Op builds a match node for a generic op.
func Op(op mir.Opcode, args ...Pattern) Pattern { return Pattern{Op: op, Args: args} }

// Shared marks the node p so that its producer folds into the rule even
// when it has other uses: each user absorbs it (as LLVM folds base +
// offset into every access's addressing mode), and the producer goes once
// none of its users is left. It suits a producer that costs nothing where
// it folds (an address addition that becomes a memory offset); the
// producer's operands then live until its last user.
func Shared(p Pattern) Pattern {
	p.Shared = true
	return p
}

// NewLeaf builds a leaf pattern.
func NewLeaf(name string, match func(v Value) (mir.Operand, bool)) Pattern {
	return Pattern{Leaf: &Leaf{Name: name, Match: match}}
}

// IsLeaf reports whether p is a leaf.
func (p Pattern) IsLeaf() bool { return p.Leaf != nil }

func (p Pattern) String() string {
	if p.Leaf != nil {
		return p.Leaf.Name
	}
	s := "(" + mir.GenericDesc(p.Op).Name
	for _, a := range p.Args {
		s += " " + a.String()
	}
	return s + ")"
}

// Common leaves.
var (
	// Reg matches any value and captures it in a register (constants are
	// materialized).
	Reg = Pattern{Leaf: &Leaf{Name: "reg", Materialize: true, Match: func(v Value) (mir.Operand, bool) {
		if v.IsConst || v.Op.Kind == mir.KindReg {
			return v.Op, true
		}
		return mir.Operand{}, false
	}}}
	// Any matches any operand and captures it unchanged.
	Any = NewLeaf("any", func(v Value) (mir.Operand, bool) { return v.Op, true })
	// AnyImm matches any constant and captures it as an immediate.
	AnyImm = ImmIf("imm", func(int64) bool { return true })
	// Sym matches a symbol operand.
	Sym = KindLeaf("sym", mir.KindSym)
	// Frame matches a frame-object operand.
	Frame = KindLeaf("frame", mir.KindFrame)
	// Block matches a block operand.
	Block = KindLeaf("block", mir.KindBlock)
	// JT matches a jump-table operand.
	JT = KindLeaf("jt", mir.KindJT)
	// VecReg matches a virtual register holding a vector.
	VecReg = NewLeaf("vreg", func(v Value) (mir.Operand, bool) { return v.Op, v.IsVec })
	// AnyCond matches any comparison predicate.
	AnyCond = CondIn()
)

// ImmIf matches a constant for which ok holds and captures it as an immediate.
func ImmIf(name string, ok func(int64) bool) Pattern {
	return ImmConv(name, func(c int64) (int64, bool) { return c, ok(c) })
}

// ImmConv matches a constant that conv accepts and captures the converted
// immediate (e.g. -c for a subtraction turned into an addition).
func ImmConv(name string, conv func(int64) (int64, bool)) Pattern {
	return NewLeaf(name, func(v Value) (mir.Operand, bool) {
		if !v.IsConst {
			return mir.Operand{}, false
		}
		c, ok := conv(v.Const)
		return mir.I(c), ok
	})
}

// KindLeaf matches any operand of the given kind and captures it unchanged.
func KindLeaf(name string, k mir.Kind) Pattern {
	return NewLeaf(name, func(v Value) (mir.Operand, bool) { return v.Op, v.Op.Kind == k })
}

// CondIn matches a predicate operand among conds (any predicate if none).
func CondIn(conds ...mir.Cond) Pattern {
	name := "cond"
	if len(conds) > 0 {
		name = fmt.Sprint("cond", conds)
	}
	return NewLeaf(name, func(v Value) (mir.Operand, bool) {
		return v.Op, v.Op.Kind == mir.KindCond && (len(conds) == 0 || slices.Contains(conds, v.Op.Cond))
	})
}

// samples are the operands the shadow check feeds to leaves to decide
// whether one accepts everything another accepts.
var samples = func() []Value {
	var vs []Value
	for _, c := range []int64{-1 << 31, -65536, -32769, -32768, -32767, -256, -128, -2, -1, 0, 1, 2, 7, 8, 15, 16, 31, 32, 255, 256,
		32767, 32768, 65535, 65536, 0x10000 * 3, 0x12345678, 1<<31 - 1, 0xFFFF0000, 0x7FFF0000} {
		vs = append(vs, Value{Op: mir.I(c), Const: c, IsConst: true})
		vs = append(vs, Value{Op: mir.R(mir.VirtBase + 100), Const: c, IsConst: true})
	}
	vs = append(vs, Value{Op: mir.R(mir.VirtBase + 1)}, Value{Op: mir.R(1)},
		Value{Op: mir.S("g", 0)}, Value{Op: mir.FI(0, 0)}, Value{Op: mir.B(nil)},
		Value{Op: mir.Operand{Kind: mir.KindJT}})
	for c := mir.CondEQ; c <= mir.CondUGE; c++ {
		vs = append(vs, Value{Op: mir.C(c)})
	}
	return vs
}()

// leafCovers reports whether leaf a accepts every sample leaf b accepts.
func leafCovers(a, b *Leaf) bool {
	for _, v := range samples {
		if _, ok := b.Match(v); ok {
			if _, ok := a.Match(v); !ok {
				return false
			}
		}
	}
	return true
}

// covers reports whether pattern a matches everything pattern b matches.
func covers(a, b Pattern) bool {
	switch {
	case a.IsLeaf() && b.IsLeaf():
		return leafCovers(a.Leaf, b.Leaf)
	case a.IsLeaf():
		// A node matches a register value; a leaf that accepts any
		// register accepts it.
		_, ok := a.Leaf.Match(Value{Op: mir.R(mir.VirtBase + 1)})
		return ok
	case b.IsLeaf():
		return false
	}
	if a.Op != b.Op || len(a.Args) != len(b.Args) {
		return false
	}
	if argsCover(a.Args, b.Args) {
		return true
	}
	if mir.GenericDesc(a.Op).Flags&mir.FlagCommutable != 0 && len(a.Args) == 2 {
		return argsCover(a.Args, []Pattern{b.Args[1], b.Args[0]})
	}
	return false
}

func argsCover(a, b []Pattern) bool {
	for i := range a {
		if !covers(a[i], b[i]) {
			return false
		}
	}
	return true
}
