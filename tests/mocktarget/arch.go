// Package mocktarget is a small target written only against the shared
// framework: an op table, isel rules, call and frame lowering, and a
// Machine. Its tests compile C programs through the generic pipeline
// (frontend, isel engine, phi elimination, two-address, the shared
// register allocator, del-jmp) and run the result against lli, which
// shows that a new target needs no edit to generic code.
//
// The "toy" machine has eight 32-bit registers r0–r7 (r6 is the stack
// pointer, r7 the link register) and a second register class of two
// accumulators a0, a1: multiplication writes an accumulator and MFA moves
// it to a general register, so values of both classes are allocated.
// Arguments and results travel in r0 and r1; r4 and r5 are callee-saved.
package mocktarget

import (
	"lltosimd/mir"
)

// Physical registers.
const (
	R0 mir.Reg = iota + 1
	R1
	R2
	R3
	R4
	R5
	SP
	LR
	A0
	A1
)

// Register classes.
const (
	GPR mir.RegClass = iota
	ACC
)

// ops is the op table: name, flags, defs, uses. Operand shapes follow
// Cpu0's: "op d, a, b", "op d, a, imm", memory "op v, base, off".
var ops = []mir.OpDesc{
	{Name: "LI", NumDefs: 1, NumUses: 1, Doc: "d = imm"},
	{Name: "MOV", NumDefs: 1, NumUses: 1, Flags: mir.FlagCopy, Doc: "d = a"},
	{Name: "ADD", NumDefs: 1, NumUses: 2, Flags: mir.FlagCommutable, Doc: "d = a + b"},
	{Name: "ADDI", NumDefs: 1, NumUses: 2, Doc: "d = a + imm"},
	{Name: "SUB", NumDefs: 1, NumUses: 2, Doc: "d = a - b"},
	{Name: "AND", NumDefs: 1, NumUses: 2, Flags: mir.FlagCommutable, Doc: "d = a & b"},
	{Name: "OR", NumDefs: 1, NumUses: 2, Flags: mir.FlagCommutable, Doc: "d = a | b"},
	{Name: "XOR", NumDefs: 1, NumUses: 2, Flags: mir.FlagCommutable, Doc: "d = a ^ b"},
	{Name: "XORI", NumDefs: 1, NumUses: 2, Doc: "d = a ^ imm"},
	{Name: "SHL", NumDefs: 1, NumUses: 2, Doc: "d = a << (b & 31)"},
	{Name: "SHR", NumDefs: 1, NumUses: 2, Doc: "d = a >>u (b & 31)"},
	{Name: "SAR", NumDefs: 1, NumUses: 2, Doc: "d = a >>s (b & 31)"},
	{Name: "MULA", NumDefs: 1, NumUses: 2, Flags: mir.FlagCommutable, Doc: "acc d = a * b (low word)"},
	{Name: "MULHUA", NumDefs: 1, NumUses: 2, Flags: mir.FlagCommutable, Doc: "acc d = high word of unsigned a * b"},
	{Name: "MULHSA", NumDefs: 1, NumUses: 2, Flags: mir.FlagCommutable, Doc: "acc d = high word of signed a * b"},
	{Name: "MFA", NumDefs: 1, NumUses: 1, Doc: "d = acc a"},
	{Name: "DIV", NumDefs: 1, NumUses: 2, Doc: "d = a /s b"},
	{Name: "DIVU", NumDefs: 1, NumUses: 2, Doc: "d = a /u b"},
	{Name: "REM", NumDefs: 1, NumUses: 2, Doc: "d = a %s b"},
	{Name: "REMU", NumDefs: 1, NumUses: 2, Doc: "d = a %u b"},
	{Name: "SEQ", NumDefs: 1, NumUses: 2, Flags: mir.FlagCommutable, Doc: "d = a == b"},
	{Name: "SLT", NumDefs: 1, NumUses: 2, Doc: "d = a <s b"},
	{Name: "SLTU", NumDefs: 1, NumUses: 2, Doc: "d = a <u b"},
	{Name: "SEL", NumDefs: 1, NumUses: 3, Doc: "d = c != 0 ? t : f"},
	{Name: "LDW", NumDefs: 1, NumUses: 2, Flags: mir.FlagLoad, Doc: "d = mem32[base + off]"},
	{Name: "LDH", NumDefs: 1, NumUses: 2, Flags: mir.FlagLoad, Doc: "d = sext mem16[base + off]"},
	{Name: "LDHU", NumDefs: 1, NumUses: 2, Flags: mir.FlagLoad, Doc: "d = zext mem16[base + off]"},
	{Name: "LDB", NumDefs: 1, NumUses: 2, Flags: mir.FlagLoad, Doc: "d = sext mem8[base + off]"},
	{Name: "LDBU", NumDefs: 1, NumUses: 2, Flags: mir.FlagLoad, Doc: "d = zext mem8[base + off]"},
	{Name: "STW", NumUses: 3, Flags: mir.FlagStore, Doc: "mem32[base + off] = v"},
	{Name: "STH", NumUses: 3, Flags: mir.FlagStore, Doc: "mem16[base + off] = v"},
	{Name: "STB", NumUses: 3, Flags: mir.FlagStore, Doc: "mem8[base + off] = v"},
	{Name: "JMP", NumUses: 1, Flags: mir.FlagBranch | mir.FlagTerminator | mir.FlagBarrier, Doc: "goto bb"},
	{Name: "BNZ", NumUses: 2, Flags: mir.FlagBranch | mir.FlagTerminator, Doc: "if c != 0 goto bb"},
	{Name: "BZ", NumUses: 2, Flags: mir.FlagBranch | mir.FlagTerminator, Doc: "if c == 0 goto bb"},
	{Name: "JT", NumUses: 2, Flags: mir.FlagBranch | mir.FlagTerminator | mir.FlagBarrier | mir.FlagIndirect, Doc: "goto jump table jt[idx]"},
	{Name: "CALL", NumUses: -1, Flags: mir.FlagCall, Doc: "call sym (implicit argument and result registers)"},
	{Name: "RET", NumUses: -1, Flags: mir.FlagReturn | mir.FlagTerminator | mir.FlagBarrier, Doc: "return"},
	{Name: "NOP", Doc: "nothing"},
	{Name: "TRAP", Flags: mir.FlagSideEffect | mir.FlagTerminator | mir.FlagBarrier, Doc: "abort"},
}

// Arch is the toy machine's description.
var Arch = &mir.Arch{
	Name: "toy",
	Ops:  ops,
	Regs: []mir.RegDesc{
		{},
		{Name: "r0"}, {Name: "r1"}, {Name: "r2"}, {Name: "r3"},
		{Name: "r4", CalleeSaved: true}, {Name: "r5", CalleeSaved: true},
		{Name: "sp", Reserved: true}, {Name: "lr", Reserved: true},
		{Name: "a0"}, {Name: "a1"},
	},
	Classes: []mir.RegClassDesc{
		{Name: "gpr", Alloc: []mir.Reg{R2, R3, R0, R1, R4, R5}, Size: 4},
		{Name: "acc", Alloc: []mir.Reg{A0, A1}, Size: 4},
	},
	RegPrefix: "$",
}

// Op maps op names to opcodes.
var Op = map[string]mir.Opcode{}

func init() {
	for i, d := range ops {
		Op[d.Name] = mir.FirstTargetOp + mir.Opcode(i)
	}
}
