// Package cpu0 is the Cpu0 target (cpu032I and cpu032II) of lltosimd: its
// instruction and register tables, instruction selection rules, ABI and
// frame lowering, passes, assembly printer and binary encoder.
//
// The instruction table below is the single description of the ISA (spec
// cpu0.md §3, current lbd opcode table): the MIR op table, the assembly
// printer and parser, the encoder, the disassembler and the simulator all
// read it.
package cpu0

import "lltosimd/mir"

// Format is a Cpu0 instruction format (spec §3.1).
type Format uint8

// Instruction formats.
const (
	FmtA Format = iota // [31:24] op · [23:20] ra · [19:16] rb · [15:12] rc · [11:0] shamt
	FmtL               // [31:24] op · [23:20] ra · [19:16] rb · [15:0] imm16
	FmtJ               // [31:24] op · [23:0] imm24
)

// Syntax says how an instruction's operands are written in assembly and in
// which order they appear in MIR (explicit defs first, then uses).
type Syntax uint8

// Operand syntaxes. In the comments, "def" marks MIR definitions.
const (
	SynNone   Syntax = iota // nop
	SynRRR                  // op $ra(def), $rb, $rc
	SynRRI                  // op $ra(def), $rb, imm16
	SynRRSh                 // op $ra(def), $rb, shamt        (A format, shamt in [11:0])
	SynRR                   // op $ra(def), $rb               (clz, clo)
	SynMovCC                // op $ra(def, tied to use 1), $rb, $rc  (movz/movn: MIR uses rb, rc, old ra)
	SynLoad                 // op $ra(def), off($rb)          (MIR uses: base, off)
	SynStore                // op $ra, off($rb)               (MIR uses: value, base, off)
	SynLui                  // op $ra(def), imm16
	SynCmp                  // op $sw(def), $rb, $rc          (ra field = 15)
	SynJcc                  // op $sw, target                 (J format; MIR uses: $sw, block)
	SynJump                 // op target                      (J format)
	SynBr                   // op $ra, $rb, target            (L format)
	SynRet                  // op $ra                         (L format, register in ra)
	SynJalr                 // op $rb                         (A format, ra = 14)
	SynMulDiv               // op $ra, $rb                    (defs HI/LO implicitly)
	SynMfHiLo               // op $ra(def)                    (reads HI or LO implicitly)
	SynMtHiLo               // op $ra                         (writes HI or LO implicitly)
	SynMfc0                 // op $ra(def), $c0reg            (rb = C0 register number)
	SynMtc0                 // op $c0reg, $rb                 (ra = C0 register number)
	SynC0Mov                // op $c0a, $c0b
	SynSelect               // pseudo: $d(def) = (a cond b) ? $t : $f   (MIR uses: t, f, cond, a, b)
)

// Imm says how a 16-bit immediate is interpreted.
type Imm uint8

// Immediate kinds.
const (
	ImmNone Imm = iota
	ImmS16      // sign-extended
	ImmU16      // zero-extended, printed unsigned
)

// Level is the first CPU variant that has an instruction.
type Level uint8

// CPU variants (spec §3.4).
const (
	Cpu032I  Level = 1 // cpu032I and cpu032II
	Cpu032II Level = 2 // cpu032II only
)

// InstrDef describes one Cpu0 instruction.
type InstrDef struct {
	Name   string // LLVM/lbd TableGen name (ADDiu, JEQ, ...): the MIR op name
	Mnem   string // assembly mnemonic
	Opcode uint8
	Fmt    Format
	Syn    Syntax
	Imm    Imm
	Level  Level
	Flags  mir.OpFlags
	// ImplicitDefs/ImplicitUses name physical registers the instruction
	// writes/reads without naming them ("hi", "lo", "lr").
	ImplicitDefs []string
	ImplicitUses []string
	// Variant marks an alias of an earlier entry with the same encoding,
	// distinct only in MIR and in printing (the assembler, disassembler and
	// simulator use the plain entry): the PIC and small-data forms whose
	// symbol operand carries Reloc, and CPRESTORE.
	Variant bool
	// Reloc is the relocation operator a symbol operand is printed with
	// ("%got", "%call16", "%got_hi", "%got_lo", "%gp_rel"; spec §4, §6);
	// empty: %hi for lui, %lo otherwise.
	Reloc string
}

const (
	fBr   = mir.FlagBranch | mir.FlagTerminator | mir.FlagHasDelaySlot
	fLoad = mir.FlagLoad
	fSt   = mir.FlagStore
)

// Instrs is the Cpu0 instruction table (spec §3.2, project table = current lbd).
var Instrs = []InstrDef{
	{Name: "NOP", Mnem: "nop", Opcode: 0x00, Fmt: FmtJ, Syn: SynNone, Level: Cpu032I},
	{Name: "LD", Mnem: "ld", Opcode: 0x01, Fmt: FmtL, Syn: SynLoad, Imm: ImmS16, Level: Cpu032I, Flags: fLoad},
	{Name: "ST", Mnem: "st", Opcode: 0x02, Fmt: FmtL, Syn: SynStore, Imm: ImmS16, Level: Cpu032I, Flags: fSt},
	{Name: "LB", Mnem: "lb", Opcode: 0x03, Fmt: FmtL, Syn: SynLoad, Imm: ImmS16, Level: Cpu032I, Flags: fLoad},
	{Name: "LBu", Mnem: "lbu", Opcode: 0x04, Fmt: FmtL, Syn: SynLoad, Imm: ImmS16, Level: Cpu032I, Flags: fLoad},
	{Name: "SB", Mnem: "sb", Opcode: 0x05, Fmt: FmtL, Syn: SynStore, Imm: ImmS16, Level: Cpu032I, Flags: fSt},
	{Name: "LH", Mnem: "lh", Opcode: 0x06, Fmt: FmtL, Syn: SynLoad, Imm: ImmS16, Level: Cpu032I, Flags: fLoad},
	{Name: "LHu", Mnem: "lhu", Opcode: 0x07, Fmt: FmtL, Syn: SynLoad, Imm: ImmS16, Level: Cpu032I, Flags: fLoad},
	{Name: "SH", Mnem: "sh", Opcode: 0x08, Fmt: FmtL, Syn: SynStore, Imm: ImmS16, Level: Cpu032I, Flags: fSt},
	{Name: "ADDiu", Mnem: "addiu", Opcode: 0x09, Fmt: FmtL, Syn: SynRRI, Imm: ImmS16, Level: Cpu032I},
	{Name: "MOVZ_I_I", Mnem: "movz", Opcode: 0x0A, Fmt: FmtA, Syn: SynMovCC, Level: Cpu032I},
	{Name: "MOVN_I_I", Mnem: "movn", Opcode: 0x0B, Fmt: FmtA, Syn: SynMovCC, Level: Cpu032I},
	{Name: "ANDi", Mnem: "andi", Opcode: 0x0C, Fmt: FmtL, Syn: SynRRI, Imm: ImmU16, Level: Cpu032I},
	{Name: "ORi", Mnem: "ori", Opcode: 0x0D, Fmt: FmtL, Syn: SynRRI, Imm: ImmU16, Level: Cpu032I},
	{Name: "XORi", Mnem: "xori", Opcode: 0x0E, Fmt: FmtL, Syn: SynRRI, Imm: ImmU16, Level: Cpu032I},
	{Name: "LUi", Mnem: "lui", Opcode: 0x0F, Fmt: FmtL, Syn: SynLui, Imm: ImmU16, Level: Cpu032I},
	{Name: "ADDu", Mnem: "addu", Opcode: 0x11, Fmt: FmtA, Syn: SynRRR, Level: Cpu032I, Flags: mir.FlagCommutable},
	{Name: "SUBu", Mnem: "subu", Opcode: 0x12, Fmt: FmtA, Syn: SynRRR, Level: Cpu032I},
	{Name: "ADD", Mnem: "add", Opcode: 0x13, Fmt: FmtA, Syn: SynRRR, Level: Cpu032I, Flags: mir.FlagCommutable},
	{Name: "SUB", Mnem: "sub", Opcode: 0x14, Fmt: FmtA, Syn: SynRRR, Level: Cpu032I},
	{Name: "CLZ", Mnem: "clz", Opcode: 0x15, Fmt: FmtA, Syn: SynRR, Level: Cpu032I},
	{Name: "CLO", Mnem: "clo", Opcode: 0x16, Fmt: FmtA, Syn: SynRR, Level: Cpu032I},
	{Name: "MUL", Mnem: "mul", Opcode: 0x17, Fmt: FmtA, Syn: SynRRR, Level: Cpu032I, Flags: mir.FlagCommutable},
	{Name: "AND", Mnem: "and", Opcode: 0x18, Fmt: FmtA, Syn: SynRRR, Level: Cpu032I, Flags: mir.FlagCommutable},
	{Name: "OR", Mnem: "or", Opcode: 0x19, Fmt: FmtA, Syn: SynRRR, Level: Cpu032I, Flags: mir.FlagCommutable},
	{Name: "XOR", Mnem: "xor", Opcode: 0x1A, Fmt: FmtA, Syn: SynRRR, Level: Cpu032I, Flags: mir.FlagCommutable},
	{Name: "NOR", Mnem: "nor", Opcode: 0x1B, Fmt: FmtA, Syn: SynRRR, Level: Cpu032I, Flags: mir.FlagCommutable},
	{Name: "ROL", Mnem: "rol", Opcode: 0x1C, Fmt: FmtA, Syn: SynRRSh, Level: Cpu032I},
	{Name: "ROR", Mnem: "ror", Opcode: 0x1D, Fmt: FmtA, Syn: SynRRSh, Level: Cpu032I},
	{Name: "SHL", Mnem: "shl", Opcode: 0x1E, Fmt: FmtA, Syn: SynRRSh, Level: Cpu032I},
	{Name: "SHR", Mnem: "shr", Opcode: 0x1F, Fmt: FmtA, Syn: SynRRSh, Level: Cpu032I},
	{Name: "SRA", Mnem: "sra", Opcode: 0x20, Fmt: FmtA, Syn: SynRRSh, Level: Cpu032I},
	{Name: "SRAV", Mnem: "srav", Opcode: 0x21, Fmt: FmtA, Syn: SynRRR, Level: Cpu032I},
	{Name: "SHLV", Mnem: "shlv", Opcode: 0x22, Fmt: FmtA, Syn: SynRRR, Level: Cpu032I},
	{Name: "SHRV", Mnem: "shrv", Opcode: 0x23, Fmt: FmtA, Syn: SynRRR, Level: Cpu032I},
	{Name: "ROLV", Mnem: "rolv", Opcode: 0x24, Fmt: FmtA, Syn: SynRRR, Level: Cpu032I},
	{Name: "RORV", Mnem: "rorv", Opcode: 0x25, Fmt: FmtA, Syn: SynRRR, Level: Cpu032I},
	{Name: "SLTi", Mnem: "slti", Opcode: 0x26, Fmt: FmtL, Syn: SynRRI, Imm: ImmS16, Level: Cpu032II},
	// The reference model zero-extends sltiu's immediate (spec §8.5): only
	// emit it with immediates in 0..32767, where both readings agree.
	{Name: "SLTiu", Mnem: "sltiu", Opcode: 0x27, Fmt: FmtL, Syn: SynRRI, Imm: ImmS16, Level: Cpu032II},
	{Name: "SLT", Mnem: "slt", Opcode: 0x28, Fmt: FmtA, Syn: SynRRR, Level: Cpu032II},
	{Name: "SLTu", Mnem: "sltu", Opcode: 0x29, Fmt: FmtA, Syn: SynRRR, Level: Cpu032II},
	{Name: "CMP", Mnem: "cmp", Opcode: 0x2A, Fmt: FmtA, Syn: SynCmp, Level: Cpu032I, Flags: mir.FlagCompare},
	{Name: "CMPu", Mnem: "cmpu", Opcode: 0x2B, Fmt: FmtA, Syn: SynCmp, Level: Cpu032I, Flags: mir.FlagCompare},
	{Name: "JEQ", Mnem: "jeq", Opcode: 0x30, Fmt: FmtJ, Syn: SynJcc, Level: Cpu032I, Flags: fBr},
	{Name: "JNE", Mnem: "jne", Opcode: 0x31, Fmt: FmtJ, Syn: SynJcc, Level: Cpu032I, Flags: fBr},
	{Name: "JLT", Mnem: "jlt", Opcode: 0x32, Fmt: FmtJ, Syn: SynJcc, Level: Cpu032I, Flags: fBr},
	{Name: "JGT", Mnem: "jgt", Opcode: 0x33, Fmt: FmtJ, Syn: SynJcc, Level: Cpu032I, Flags: fBr},
	{Name: "JLE", Mnem: "jle", Opcode: 0x34, Fmt: FmtJ, Syn: SynJcc, Level: Cpu032I, Flags: fBr},
	{Name: "JGE", Mnem: "jge", Opcode: 0x35, Fmt: FmtJ, Syn: SynJcc, Level: Cpu032I, Flags: fBr},
	{Name: "JMP", Mnem: "jmp", Opcode: 0x36, Fmt: FmtJ, Syn: SynJump, Level: Cpu032I, Flags: mir.FlagBranch | mir.FlagTerminator | mir.FlagBarrier},
	{Name: "BEQ", Mnem: "beq", Opcode: 0x37, Fmt: FmtL, Syn: SynBr, Level: Cpu032II, Flags: fBr},
	{Name: "BNE", Mnem: "bne", Opcode: 0x38, Fmt: FmtL, Syn: SynBr, Level: Cpu032II, Flags: fBr},
	{Name: "JALR", Mnem: "jalr", Opcode: 0x39, Fmt: FmtA, Syn: SynJalr, Level: Cpu032I, Flags: mir.FlagCall | mir.FlagIndirect | mir.FlagHasDelaySlot | mir.FlagSideEffect | mir.FlagLoad | mir.FlagStore, ImplicitDefs: []string{"lr"}},
	{Name: "BAL", Mnem: "bal", Opcode: 0x3A, Fmt: FmtJ, Syn: SynJump, Level: Cpu032II, Flags: mir.FlagSideEffect, ImplicitDefs: []string{"lr"}},
	{Name: "JSUB", Mnem: "jsub", Opcode: 0x3B, Fmt: FmtJ, Syn: SynJump, Level: Cpu032I, Flags: mir.FlagCall | mir.FlagHasDelaySlot | mir.FlagSideEffect | mir.FlagLoad | mir.FlagStore, ImplicitDefs: []string{"lr"}},
	// JR (indirect jump) and RET (return through $lr) share opcode 0x3C.
	{Name: "JR", Mnem: "jr", Opcode: 0x3C, Fmt: FmtL, Syn: SynRet, Level: Cpu032I, Flags: mir.FlagBranch | mir.FlagTerminator | mir.FlagBarrier | mir.FlagIndirect | mir.FlagHasDelaySlot},
	{Name: "RET", Mnem: "ret", Opcode: 0x3C, Fmt: FmtL, Syn: SynRet, Level: Cpu032I, Flags: mir.FlagReturn | mir.FlagTerminator | mir.FlagBarrier | mir.FlagHasDelaySlot},
	{Name: "MULT", Mnem: "mult", Opcode: 0x41, Fmt: FmtA, Syn: SynMulDiv, Level: Cpu032I, ImplicitDefs: []string{"hi", "lo"}, Flags: mir.FlagCommutable},
	{Name: "MULTu", Mnem: "multu", Opcode: 0x42, Fmt: FmtA, Syn: SynMulDiv, Level: Cpu032I, ImplicitDefs: []string{"hi", "lo"}, Flags: mir.FlagCommutable},
	{Name: "SDIV", Mnem: "div", Opcode: 0x43, Fmt: FmtA, Syn: SynMulDiv, Level: Cpu032I, ImplicitDefs: []string{"hi", "lo"}},
	{Name: "UDIV", Mnem: "divu", Opcode: 0x44, Fmt: FmtA, Syn: SynMulDiv, Level: Cpu032I, ImplicitDefs: []string{"hi", "lo"}},
	{Name: "MFHI", Mnem: "mfhi", Opcode: 0x46, Fmt: FmtA, Syn: SynMfHiLo, Level: Cpu032I, ImplicitUses: []string{"hi"}},
	{Name: "MFLO", Mnem: "mflo", Opcode: 0x47, Fmt: FmtA, Syn: SynMfHiLo, Level: Cpu032I, ImplicitUses: []string{"lo"}},
	{Name: "MTHI", Mnem: "mthi", Opcode: 0x48, Fmt: FmtA, Syn: SynMtHiLo, Level: Cpu032I, ImplicitDefs: []string{"hi"}},
	{Name: "MTLO", Mnem: "mtlo", Opcode: 0x49, Fmt: FmtA, Syn: SynMtHiLo, Level: Cpu032I, ImplicitDefs: []string{"lo"}},
	{Name: "MFC0", Mnem: "mfc0", Opcode: 0x50, Fmt: FmtA, Syn: SynMfc0, Level: Cpu032I},
	{Name: "MTC0", Mnem: "mtc0", Opcode: 0x51, Fmt: FmtA, Syn: SynMtc0, Level: Cpu032I, Flags: mir.FlagSideEffect},
	{Name: "C0MOVE", Mnem: "c0mov", Opcode: 0x52, Fmt: FmtA, Syn: SynC0Mov, Level: Cpu032I, Flags: mir.FlagSideEffect},
	// Relocation-model variants (spec §6): PIC addresses through the GOT
	// off $gp, small data off $gp, and the gp save of .cprestore.
	{Name: "LDGOT", Mnem: "ld", Opcode: 0x01, Fmt: FmtL, Syn: SynLoad, Imm: ImmS16, Level: Cpu032I, Flags: fLoad, Variant: true, Reloc: "%got"},
	{Name: "LDCALL16", Mnem: "ld", Opcode: 0x01, Fmt: FmtL, Syn: SynLoad, Imm: ImmS16, Level: Cpu032I, Flags: fLoad, Variant: true, Reloc: "%call16"},
	{Name: "LDGOTLO", Mnem: "ld", Opcode: 0x01, Fmt: FmtL, Syn: SynLoad, Imm: ImmS16, Level: Cpu032I, Flags: fLoad, Variant: true, Reloc: "%got_lo"},
	{Name: "LUiGOTHI", Mnem: "lui", Opcode: 0x0F, Fmt: FmtL, Syn: SynLui, Imm: ImmU16, Level: Cpu032I, Variant: true, Reloc: "%got_hi"},
	{Name: "ORiGPREL", Mnem: "ori", Opcode: 0x0D, Fmt: FmtL, Syn: SynRRI, Imm: ImmU16, Level: Cpu032I, Variant: true, Reloc: "%gp_rel"},
	// CPRESTORE is `st $gp, N($sp)`, printed as `.cprestore N`.
	{Name: "CPRESTORE", Mnem: "st", Opcode: 0x02, Fmt: FmtL, Syn: SynStore, Imm: ImmS16, Level: Cpu032I, Flags: fSt, Variant: true},
	// SELECT is the select pseudo made by instruction selection (a compare
	// kept together with its select); cpu0-select lowers it to movz/movn.
	// It has no encoding (0xFF is unused) and must never reach emission.
	{Name: "SELECT", Mnem: "select", Opcode: 0xFF, Fmt: FmtA, Syn: SynSelect, Level: Cpu032I, Flags: mir.FlagPseudo},
}

// Physical registers: mir.Reg(enc+1) for the 16 general registers, then
// HI, LO and the coprocessor-0 registers.
const (
	ZERO mir.Reg = 1 + iota
	AT
	V0
	V1
	A0
	A1
	T9
	T0
	T1
	S0
	S1
	GP
	FP
	SP
	LR
	SW
	HI
	LO
	C0PC
	C0EPC
	NumRegs
)

// GPR returns the mir register for general register encoding enc (0..15).
func GPR(enc int) mir.Reg { return mir.Reg(enc + 1) }

// Regs is the register table (spec §1): printed names as llc prints them,
// with the ABI names the assembler also accepts. Inline asm may clobber
// (AsmClobber) $at (the assembler's temporary; clang lists it in every
// asm statement), $sw, $hi and $lo (only ever live between two adjacent
// instructions of one selected operation) and $lr (then saved by the
// prologue).
var Regs = []mir.RegDesc{
	{}, // NoReg
	{Name: "zero", Enc: 0, Reserved: true, Aliases: []string{"0"}},
	{Name: "1", Enc: 1, Reserved: true, AsmClobber: true, Aliases: []string{"at"}},
	{Name: "2", Enc: 2, Aliases: []string{"v0"}},
	{Name: "3", Enc: 3, Aliases: []string{"v1"}},
	{Name: "4", Enc: 4, Aliases: []string{"a0"}},
	{Name: "5", Enc: 5, Aliases: []string{"a1"}},
	{Name: "t9", Enc: 6, Aliases: []string{"6"}},
	{Name: "7", Enc: 7, Aliases: []string{"t0"}},
	{Name: "8", Enc: 8, Aliases: []string{"t1"}},
	{Name: "9", Enc: 9, CalleeSaved: true, Aliases: []string{"s0"}},
	{Name: "10", Enc: 10, CalleeSaved: true, Aliases: []string{"s1"}},
	{Name: "gp", Enc: 11, Reserved: true, Aliases: []string{"11"}},
	{Name: "fp", Enc: 12, CalleeSaved: true, Reserved: true, Aliases: []string{"12"}},
	{Name: "sp", Enc: 13, Reserved: true, Aliases: []string{"13"}},
	{Name: "lr", Enc: 14, CalleeSaved: true, Reserved: true, AsmClobber: true, Aliases: []string{"14", "ra"}},
	{Name: "sw", Enc: 15, Reserved: true, AsmClobber: true, Aliases: []string{"15"}},
	{Name: "hi", Enc: -1, Reserved: true, AsmClobber: true},
	{Name: "lo", Enc: -1, Reserved: true, AsmClobber: true, Aliases: []string{"ac0"}},
	{Name: "pc", Enc: 0, Reserved: true},
	{Name: "epc", Enc: 1, Reserved: true},
}

// Register classes.
const (
	ClassGPR mir.RegClass = 0
)

// allocOrder prefers caller-saved registers so that leaf functions need no
// saves; the callee-saved $s0/$s1 come last, then $fp, which is reserved
// and which the allocator gets only in functions without a frame pointer
// (machine.FreeReserved).
var allocOrder = []mir.Reg{V0, V1, A0, A1, T9, T0, T1, S0, S1, FP}

// Arch is the Cpu0 target description used by every MIR stage.
var Arch = newArch()

// Op maps instruction names to their MIR opcodes (Op["ADDu"]).
var Op = map[string]mir.Opcode{}

// DefOf returns the table entry of a Cpu0 opcode.
func DefOf(op mir.Opcode) *InstrDef { return &Instrs[op-mir.FirstTargetOp] }

func newArch() *mir.Arch {
	a := &mir.Arch{
		Name:      "cpu0",
		Regs:      Regs,
		RegPrefix: "$",
		Classes:   []mir.RegClassDesc{{Name: "gpr", Alloc: allocOrder, Size: 4}},
	}
	for i := range Instrs {
		d := &Instrs[i]
		od := mir.OpDesc{Name: d.Name, Flags: d.Flags, NumDefs: numDefs(d.Syn), NumUses: numUses(d.Syn), Doc: d.Mnem}
		if d.Syn == SynMovCC {
			od.Tied = map[int]int{0: 2}
		}
		a.Ops = append(a.Ops, od)
		Op[d.Name] = mir.FirstTargetOp + mir.Opcode(i)
	}
	return a
}

// numDefs and numUses give the explicit MIR operand counts of each syntax.
func numDefs(s Syntax) int {
	switch s {
	case SynRRR, SynRRI, SynRRSh, SynRR, SynMovCC, SynLoad, SynLui, SynCmp, SynMfHiLo, SynMfc0, SynSelect:
		return 1
	}
	return 0
}

func numUses(s Syntax) int {
	switch s {
	case SynNone, SynMfHiLo:
		return 0
	case SynRRR, SynRRI, SynRRSh, SynLoad, SynCmp, SynJcc, SynMulDiv, SynMtc0, SynC0Mov:
		return 2
	case SynMovCC, SynStore, SynBr:
		return 3
	case SynRR, SynLui, SynJump, SynRet, SynJalr, SynMtHiLo, SynMfc0:
		return 1
	case SynSelect:
		return 5
	}
	return -1
}
