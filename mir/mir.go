// Package mir is the machine IR shared by every lltosimd stage and target:
// the frontend emits generic MIR (G_* ops on virtual registers, SSA with
// phis), instruction selection rewrites it into target ops in place, and the
// passes, allocators and emitters all work on the same data structures.
//
// The design follows LLVM's MachineFunction: functions hold blocks in layout
// order, blocks hold instructions, instructions hold operands with the
// definitions first. Physical and virtual registers share the Reg type.
// Predicates are ordinary operands (KindPred), so that guarded code of any
// target (if-conversion, lane masks, condition-register guards) can share
// one representation.
package mir

import (
	"fmt"
	"sync"
)

// Reg names a register. 0 is "no register"; values in [1, VirtBase) are
// physical registers numbered by the target's register table (Arch.Regs[r]);
// values from VirtBase on are virtual registers.
type Reg uint32

// NoReg is the absent register.
const NoReg Reg = 0

// VirtBase is the first virtual register number.
const VirtBase Reg = 1 << 16

// IsVirtual reports whether r is a virtual register.
func (r Reg) IsVirtual() bool { return r >= VirtBase }

// IsPhys reports whether r is a physical register.
func (r Reg) IsPhys() bool { return r != NoReg && r < VirtBase }

// VirtIndex returns the 0-based index of a virtual register.
func (r Reg) VirtIndex() int { return int(r - VirtBase) }

// Kind says what an Operand holds.
type Kind uint8

// Operand kinds.
const (
	KindReg   Kind = iota // Reg
	KindImm               // Imm
	KindBlock             // Block
	KindSym               // Sym (+ Imm as byte offset)
	KindFrame             // frame object Imm (index into Func.Frame); Off is a byte offset
	KindCond              // comparison predicate Cond
	KindPred              // guard: Reg is the predicate register, Neg negates it
	KindJT                // jump table Imm (index into Func.JumpTables)
	KindStr               // string Sym (the template of INLINEASM)
)

// Flags are per-operand register flags, as in LLVM's MachineOperand.
type Flags uint8

// Operand flags.
const (
	FlagDef      Flags = 1 << iota // the operand is written
	FlagImplicit                   // not part of the printed syntax (e.g. $sw written by cmp)
	FlagDead                       // a def that is never read
	FlagKill                       // last use of the register
	FlagUndef                      // the read value does not matter
	// FlagEarlyClobber marks a def written before the instruction has read
	// all its uses (inline asm "=&r" outputs and clobbers): it may not
	// share a register with any use.
	FlagEarlyClobber
	// FlagUniform marks the condition of a G_BRCOND that every active
	// lane of a SIMD target takes the same way (set by a divergence
	// analysis such as vc4-divergence); without it a SIMD target must
	// assume the lanes diverge.
	FlagUniform
)

// Cond is an integer comparison predicate (LLVM icmp spelling).
type Cond uint8

// Comparison predicates.
const (
	CondEQ Cond = iota
	CondNE
	CondSLT
	CondSLE
	CondSGT
	CondSGE
	CondULT
	CondULE
	CondUGT
	CondUGE
	numConds
)

var condNames = [...]string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}

func (c Cond) String() string {
	if c < numConds {
		return condNames[c]
	}
	return fmt.Sprintf("cond%d", c)
}

// ParseCond returns the predicate spelled s.
func ParseCond(s string) (Cond, bool) {
	for i, n := range condNames {
		if n == s {
			return Cond(i), true
		}
	}
	return 0, false
}

// Inverse returns the predicate that is true exactly when c is false.
func (c Cond) Inverse() Cond {
	return [...]Cond{CondNE, CondEQ, CondSGE, CondSGT, CondSLE, CondSLT, CondUGE, CondUGT, CondULE, CondULT}[c]
}

// Swapped returns the predicate with the operands exchanged (a<b == b>a).
func (c Cond) Swapped() Cond {
	return [...]Cond{CondEQ, CondNE, CondSGT, CondSGE, CondSLT, CondSLE, CondUGT, CondUGE, CondULT, CondULE}[c]
}

// IsUnsigned reports whether c compares unsigned values.
func (c Cond) IsUnsigned() bool { return c >= CondULT }

// Operand is one operand of an instruction.
//
// The one-byte fields come first so that they share a word with Reg: an
// instruction's operands are most of the MIR's memory (48 bytes each, not
// 56), which the garbage collector scans on every cycle.
type Operand struct {
	Kind  Kind
	Flags Flags
	Neg   bool   // KindPred: the guard is the negation of Reg
	Cond  Cond   // KindCond
	Reg   Reg    // KindReg, KindPred
	Imm   int64  // KindImm value; KindSym offset; KindFrame/KindJT index
	Off   int64  // KindFrame byte offset into the object
	Sym   string // KindSym; KindStr text
	Block *Block // KindBlock
}

// Convenience constructors.

// R is a register use.
func R(r Reg) Operand { return Operand{Kind: KindReg, Reg: r} }

// D is a register definition.
func D(r Reg) Operand { return Operand{Kind: KindReg, Reg: r, Flags: FlagDef} }

// I is an immediate.
func I(v int64) Operand { return Operand{Kind: KindImm, Imm: v} }

// B is a block reference.
func B(b *Block) Operand { return Operand{Kind: KindBlock, Block: b} }

// S is a symbol reference plus byte offset.
func S(sym string, off int64) Operand { return Operand{Kind: KindSym, Sym: sym, Imm: off} }

// FI is a frame-object reference plus byte offset.
func FI(idx int, off int64) Operand { return Operand{Kind: KindFrame, Imm: int64(idx), Off: off} }

// Str is a string operand.
func Str(s string) Operand { return Operand{Kind: KindStr, Sym: s} }

// C is a comparison predicate.
func C(c Cond) Operand { return Operand{Kind: KindCond, Cond: c} }

// P is a guard predicate operand.
func P(r Reg, neg bool) Operand { return Operand{Kind: KindPred, Reg: r, Neg: neg} }

// IsReg reports whether the operand is a register (use or def).
func (o *Operand) IsReg() bool { return o.Kind == KindReg }

// IsDef reports whether the operand is a register definition.
func (o *Operand) IsDef() bool { return o.Kind == KindReg && o.Flags&FlagDef != 0 }

// IsUse reports whether the operand reads a register (guards included).
func (o *Operand) IsUse() bool {
	return (o.Kind == KindReg && o.Flags&FlagDef == 0) || o.Kind == KindPred
}

// Instr is one machine instruction. Operands list the explicit definitions
// first, then the explicit uses, then implicit operands.
//
// An instruction may head a bundle: Bundle holds the instructions issued
// with it. There are two kinds, told apart by Packet:
//
//   - a delay-slot bundle (Packet false): the head is a transfer of control
//     and Bundle the instructions that execute in its delay slots, after
//     it, in order (delay-slot-filler);
//   - a VLIW packet (Packet true): the head and Bundle, in issue order, are
//     one long instruction. They all read their operands (registers and
//     memory) before any of them writes, so a member may overwrite what
//     another reads (WAR) but never read what another writes in the same
//     packet; a transfer of control, if any, is the last member and takes
//     effect after the others (packetize, passes/packetize.go).
//
// A member of a delay-slot bundle may itself be a VLIW packet (one level:
// a machine that issues two operations per instruction and fills its
// delay slots with such instructions, as VC4); Flatten does not descend
// into it.
type Instr struct {
	Op      Opcode
	Ops     []Operand
	Bundle  []*Instr
	Packet  bool   // with Bundle: the bundle is a parallel VLIW packet
	Comment string // printed after the instruction as "; text" (not part of semantics)
	// Pos is where the IR instruction this one was translated from is in
	// the input (zero when unknown: made by a pass, or parsed from MIR),
	// for diagnostics of targets that refuse a construct.
	Pos SrcPos
	// Mem, on a load or store, is what is known of the memory it
	// touches (MemOperand; printed as ":: mem(...)"); nil: unknown.
	Mem *MemOperand
}

// SrcPos is a 1-based line and column of the input text (0: unknown).
type SrcPos struct{ Line, Col int32 }

// NewInstr builds an instruction.
func NewInstr(op Opcode, ops ...Operand) *Instr { return &Instr{Op: op, Ops: ops} }

// Defs returns the leading definition operands.
func (in *Instr) Defs() []Operand {
	n := 0
	for n < len(in.Ops) && in.Ops[n].IsDef() && in.Ops[n].Flags&FlagImplicit == 0 {
		n++
	}
	return in.Ops[:n]
}

// NumDefs returns the number of explicit leading definitions.
func (in *Instr) NumDefs() int { return len(in.Defs()) }

// Uses returns the explicit operands after the definitions.
func (in *Instr) Uses() []Operand {
	ops := in.Ops[in.NumDefs():]
	n := len(ops)
	for n > 0 && ops[n-1].Flags&FlagImplicit != 0 {
		n--
	}
	return ops[:n]
}

// Pred returns the guard operand, if any (the last explicit KindPred operand).
func (in *Instr) Pred() *Operand {
	for i := len(in.Ops) - 1; i >= 0; i-- {
		if in.Ops[i].Kind == KindPred {
			return &in.Ops[i]
		}
	}
	return nil
}

// GuardedOld returns the operand indices of in's kept values: in a guarded
// instruction that is SSA (predicate-lowering for a predicated target),
// the implicit register uses after the guard are, in order, the values
// the definitions keep when the guard is false (one per definition; an
// undef one where the old value is not read, as for an UN/UC define).
// TiedOperands ties each to its definition, so that two-address and the
// allocator give both one register and a false guard leaves it intact.
func (in *Instr) GuardedOld() []int {
	g := -1
	for i := len(in.Ops) - 1; i >= 0; i-- {
		if in.Ops[i].Kind == KindPred {
			g = i
			break
		}
	}
	if g < 0 {
		return nil
	}
	var out []int
	for i := g + 1; i < len(in.Ops) && len(out) < in.NumDefs(); i++ {
		if o := in.Ops[i]; o.Kind == KindReg && o.Flags&(FlagImplicit|FlagDef) == FlagImplicit {
			out = append(out, i)
		}
	}
	return out
}

// Block is a basic block. Succs and Preds are kept up to date by the passes
// that change the CFG (Func.RecomputeCFG rebuilds them from the terminators).
type Block struct {
	ID     int    // unique within the function; printed as bbID
	Name   string // the IR label, for readable output ("" if none)
	Instrs []*Instr
	Preds  []*Block
	Succs  []*Block
	Func   *Func
	// Align is the log2 byte alignment of the block start (0 = none).
	Align int
}

// FrameObject is a stack object: an alloca, a spill slot, an incoming stack
// argument (Fixed, at a known offset from the incoming $sp), or a save slot.
type FrameObject struct {
	Size   int64
	Align  int64
	Offset int64 // assigned by frame layout; for Fixed objects, relative to the incoming $sp
	Fixed  bool
	Name   string // the IR name for allocas, "spill", "csr", ...
}

// Props records which invariants hold for a function.
type Props uint32

// Function properties (as in LLVM's MachineFunctionProperties).
const (
	PropSSA          Props = 1 << iota // every virtual register has one definition
	PropNoPHIs                         // phi elimination has run
	PropNoVRegs                        // register allocation has run
	PropBundled                        // bundles may appear
	PropSelected                       // instruction selection has run: no generic ops remain
	PropFrameLowered                   // frame indices have been replaced
)

var propNames = []string{"ssa", "nophis", "novregs", "bundled", "selected", "framelowered"}

// PropNames returns the text names of the function properties, bit by bit.
func PropNames() []string { return propNames }

// Func is a machine function.
type Func struct {
	Name       string
	Arch       *Arch
	Blocks     []*Block // layout order; Blocks[0] is the entry
	Frame      []FrameObject
	Props      Props
	Exported   bool       // global linkage (printed with .globl)
	Weak       bool       // with Exported: weak linkage (.weak), replaceable by a global definition
	Vararg     bool       // the function takes variable arguments
	Kernel     bool       // an OpenCL kernel (IR spir_kernel or !kernel_arg_addr_space); vc4 compiles only kernels
	JumpTables [][]*Block // referenced by KindJT operands
	// BlockSyms names blocks whose address is taken (IR blockaddress):
	// the printer defines each symbol at its block's start.
	BlockSyms map[*Block]string

	// VRegClass holds the register class of each virtual register
	// (index Reg.VirtIndex()). len(VRegClass) is the number of vregs made.
	VRegClass []RegClass
	// VRegVec gives the shape of the virtual registers that hold vectors
	// (see VecType); the others hold one 32-bit word.
	VRegVec map[Reg]VecType
	// VRegWide gives the width in bits of the virtual registers that hold
	// integers of several words (mir/wideint.go).
	VRegWide map[Reg]int
	// VRegName optionally names virtual registers after IR values (debug only).
	VRegName map[Reg]string

	// Target-specific facts filled in by lowering passes (frame size,
	// callee-saved registers saved, maximum outgoing argument area ...).
	FrameSize   int64
	MaxCallArgs int64 // bytes of outgoing argument area needed (including any home area)
	HasCalls    bool
	SavedRegs   []Reg // callee-saved registers the prologue saves
	// FramePointer is set when the stack pointer moves inside the body
	// (dynamic allocas, stack save/restore): frame lowering must then
	// address the frame through a frame pointer.
	FramePointer bool
	// TargetInfo holds facts a target's passes leave in the MIR for its
	// later stages (name -> integer; VC4's machine form: the scratch
	// area, the uniform stream, statistics). Printed as "target-info:
	// k=v …" in key order and parsed back, so they survive -stop-after
	// and -x mir.
	TargetInfo map[string]int64

	// Code is the function's code as the target prints it, when it was
	// printed as soon as the function was compiled (SetCode): the
	// emitter writes it instead of printing Blocks, which are gone.
	Code []byte

	nextBlockID int
}

// SetCode records the function's printed code and drops its body (blocks,
// frame, registers), which nothing needs once it is printed, so that the
// memory of a compiled function is freed while others compile. Name and
// linkage stay (Module.Symbol reads them from other goroutines).
func (f *Func) SetCode(code []byte) {
	f.Code = code
	f.Blocks, f.Frame, f.JumpTables, f.BlockSyms = nil, nil, nil, nil
	f.VRegClass, f.VRegVec, f.VRegWide, f.VRegName = nil, nil, nil, nil
	f.SavedRegs = nil
}

// NewFunc creates an empty function for the given architecture.
func NewFunc(name string, arch *Arch) *Func { return &Func{Name: name, Arch: arch} }

// NewBlock appends a new block in layout order.
func (f *Func) NewBlock(name string) *Block {
	b := &Block{ID: f.nextBlockID, Name: name, Func: f}
	f.nextBlockID++
	f.Blocks = append(f.Blocks, b)
	return b
}

// NewBlockDetached creates a block that is not yet placed in the layout.
func (f *Func) NewBlockDetached(name string) *Block {
	b := &Block{ID: f.nextBlockID, Name: name, Func: f}
	f.nextBlockID++
	return b
}

// ReserveBlockID makes sure future blocks get IDs above id (used by the parser).
func (f *Func) ReserveBlockID(id int) {
	if id >= f.nextBlockID {
		f.nextBlockID = id + 1
	}
}

// NewVReg creates a virtual register of class rc.
func (f *Func) NewVReg(rc RegClass) Reg {
	f.VRegClass = append(f.VRegClass, rc)
	return VirtBase + Reg(len(f.VRegClass)-1)
}

// NumVRegs returns the number of virtual registers created so far.
func (f *Func) NumVRegs() int { return len(f.VRegClass) }

// ClassOf returns the class of a virtual register.
func (f *Func) ClassOf(r Reg) RegClass { return f.VRegClass[r.VirtIndex()] }

// NewFrameObject adds a stack object and returns its index.
func (f *Func) NewFrameObject(o FrameObject) int {
	f.Frame = append(f.Frame, o)
	return len(f.Frame) - 1
}

// RecomputeCFG rebuilds Preds and Succs from the branch operands of each
// block's terminators and fall-through (a block falls through to the next in
// layout unless its last instruction is an unconditional transfer).
func (f *Func) RecomputeCFG() {
	for _, b := range f.Blocks {
		b.Preds, b.Succs = b.Preds[:0], b.Succs[:0]
	}
	addEdge := func(from, to *Block) {
		for _, s := range from.Succs {
			if s == to {
				return
			}
		}
		from.Succs = append(from.Succs, to)
		to.Preds = append(to.Preds, from)
	}
	for i, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, m := range in.all() {
				desc := f.Arch.Desc(m.Op)
				for _, o := range m.Ops {
					switch o.Kind {
					case KindBlock:
						if desc.Flags&(FlagBranch|FlagTerminator) != 0 {
							addEdge(b, o.Block)
						}
					case KindJT:
						for _, t := range f.JumpTables[o.Imm] {
							addEdge(b, t)
						}
					}
				}
			}
		}
		if FallsThrough(b) && i+1 < len(f.Blocks) {
			addEdge(b, f.Blocks[i+1])
		}
	}
}

func (in *Instr) all() []*Instr {
	if len(in.Bundle) == 0 {
		return []*Instr{in}
	}
	return append([]*Instr{in}, in.Bundle...)
}

// Flatten returns the instruction followed by its bundle members.
func (in *Instr) Flatten() []*Instr { return in.all() }

// Control returns the member of a bundle whose op decides where control
// goes after it: the last member of a VLIW packet, otherwise the
// instruction itself (the head of a delay-slot bundle is its branch).
func (in *Instr) Control() *Instr {
	if in.Packet && len(in.Bundle) > 0 {
		return in.Bundle[len(in.Bundle)-1]
	}
	return in
}

// Module is a translation unit: functions plus global data.
type Module struct {
	Source    string // input file name, for .file and diagnostics
	BigEndian bool
	Funcs     []*Func
	Globals   []*Global
	// Externs lists referenced symbols that are not defined in the module.
	Externs []string
	// Aliases are further names of symbols defined in the module.
	Aliases []Alias

	symOnce sync.Once
	syms    map[string]SymbolInfo
}

// SymbolInfo describes a symbol the module defines.
type SymbolInfo struct {
	Func     bool  // a function (else data)
	Exported bool  // global binding (a local symbol is not visible outside the module)
	Size     int64 // data: the object's size in bytes
	Global   *Global
}

// Symbol returns what the module defines under name (functions, globals
// and aliases); ok is false for symbols defined elsewhere. Safe for
// concurrent use (functions compile in parallel); the index is built on
// first use, so the module's symbols must not change afterwards.
func (m *Module) Symbol(name string) (SymbolInfo, bool) {
	m.symOnce.Do(func() {
		m.syms = make(map[string]SymbolInfo, len(m.Funcs)+len(m.Globals)+len(m.Aliases))
		for _, f := range m.Funcs {
			m.syms[f.Name] = SymbolInfo{Func: true, Exported: f.Exported}
		}
		for _, g := range m.Globals {
			m.syms[g.Name] = SymbolInfo{Exported: g.Exported, Size: g.Size, Global: g}
		}
		for _, a := range m.Aliases {
			if t, ok := m.syms[a.Target]; ok {
				m.syms[a.Name] = SymbolInfo{Func: t.Func, Exported: a.Exported}
			}
		}
	})
	s, ok := m.syms[name]
	return s, ok
}

// Alias is a symbol defined as another symbol of the module plus Offset
// (an IR alias).
type Alias struct {
	Name     string
	Target   string
	Offset   int64
	Exported bool
}

// Section is where a global lives.
type Section uint8

// Sections.
const (
	SecData Section = iota
	SecRodata
	SecBSS
)

var sectionNames = [...]string{".data", ".rodata", ".bss"}

func (s Section) String() string { return sectionNames[s] }

// Global is a global variable with its initializer laid out as data items.
type Global struct {
	Name     string
	Size     int64
	Align    int64
	Section  Section
	Exported bool
	Items    []DataItem // empty for BSS
	// AddrSpace is the IR address space (0 by default). OpenCL's are
	// 1 __global, 2 __constant, 3 __local: a __local global is one copy
	// per work-group, which a target like vc4 places apart from the data.
	AddrSpace int
}

// DataKind says what a DataItem holds.
type DataKind uint8

// Data item kinds.
const (
	DataInt   DataKind = iota // Size bytes (1, 2, 4 or 8) holding Value in target byte order
	DataSym                   // a 4-byte address of Sym + Value
	DataZero                  // Size zero bytes
	DataBytes                 // raw Bytes
	// DataSymDiff is the difference Sym + Value - Sym2 in Size (1, 2 or 4)
	// bytes (relative lookup tables of PIC code, offset tables of computed
	// gotos); both symbols must be defined in the same section of the same
	// file, as no relocation expresses it.
	DataSymDiff
)

// DataItem is one piece of a global's initializer.
type DataItem struct {
	Kind  DataKind
	Size  int64
	Value int64
	Sym   string
	Sym2  string // DataSymDiff: the subtracted symbol
	Bytes []byte
}
