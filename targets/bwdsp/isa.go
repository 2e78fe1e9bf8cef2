// Package bwdsp is the BWDSP target of lltosimd: the BWL instruction set
// (spec bwdsp.md Part 2) as data. The form table below is the single
// description of the ISA: the assembler, the encoder and disassembler, the
// bundle resource checker and the simulator read it, and so will the
// selector and the packetizer.
package bwdsp

import (
	"fmt"
	"strings"

	"lltosimd/mir"
)

// Macro numbers (spec §2.1).
const (
	MacroX = 0
	MacroY = 1
	MacroZ = 2
	MacroT = 3
	// NumMacros is the number of execution macros.
	NumMacros = 4
)

// Sizes of the register files (spec §2.1).
const (
	NumR    = 64 // R0..R63 per macro
	NumCP   = 8  // CP0..CP7 per macro
	NumAddr = 16 // registers per address family
	NumLC   = 4  // LC0..LC3
)

// MacroNames are the macro letters in mask order.
const MacroNames = "xyzt"

// Mask is a set of macros: bit m is macro m (x = bit 0).
type Mask uint8

// Has reports whether macro m is in the mask.
func (d Mask) Has(m int) bool { return d&(1<<m) != 0 }

// Lanes lists the macros of the mask in order; lane j of a memory access
// is the j-th element.
func (d Mask) Lanes() []int {
	var l []int
	for m := 0; m < NumMacros; m++ {
		if d.Has(m) {
			l = append(l, m)
		}
	}
	return l
}

// String spells the mask as in the assembly ("xyzt", "yt").
func (d Mask) String() string {
	var b strings.Builder
	for m := 0; m < NumMacros; m++ {
		if d.Has(m) {
			b.WriteByte(MacroNames[m])
		}
	}
	return b.String()
}

// Family is an address-register family (spec §2.1).
type Family uint8

// Address-register families. An address register is numbered
// family*16 + index (U0 = 0, V0 = 16, W0 = 32) everywhere in this package.
const (
	FamU Family = iota
	FamV
	FamW
	NumFamilies
)

// FamilyNames spells the families.
const FamilyNames = "UVW"

// AddrName names address register a (0..47).
func AddrName(a uint8) string { return fmt.Sprintf("%c%d", FamilyNames[a/NumAddr], a%NumAddr) }

// AddrFamily returns the family of address register a.
func AddrFamily(a uint8) Family { return Family(a / NumAddr) }

// Unit is the functional unit an instruction form occupies (spec §2.3).
type Unit uint8

// Units. The resource rules of §2.4 are stated per unit.
const (
	UnitALU   Unit = iota // A: one per macro of the mask
	UnitMUL               // M
	UnitSHF               // S
	UnitSPU               // P
	UnitLoad              // L: one of the 2 read buses
	UnitStore             // St: one of the 2 write buses
	UnitXfer              // X: the transfer slot of each destination macro
	UnitAddr              // G: a write to one address family
	UnitCtrl              // C: the bundle's control instruction
)

var unitNames = [...]string{"ALU", "MUL", "SHF", "SPU", "load", "store", "transfer", "address unit", "control"}

func (u Unit) String() string { return unitNames[u] }

// Mod is an instruction's trailing modifier (spec §2.3).
type Mod uint8

// Modifiers.
const (
	ModNone Mod = iota
	ModU        // (U) unsigned
	ModF        // (F) float32
	ModB        // (B) signed byte
	ModBU       // (BU) unsigned byte
	ModH        // (H) signed halfword
	ModHU       // (HU) unsigned halfword
)

// ModNames spells the modifiers without parentheses.
var ModNames = [...]string{"", "U", "F", "B", "BU", "H", "HU"}

// Rel is a comparison relation (spec §2.3: == != < <= > >=).
type Rel uint8

// Relations.
const (
	RelEQ Rel = iota
	RelNE
	RelLT
	RelLE
	RelGT
	RelGE
)

// RelNames spells the relations.
var RelNames = [...]string{"==", "!=", "<", "<=", ">", ">="}

// Action is the HPL-PD action of a compare-to-predicate (spec §2.5).
type Action uint8

// Predicate-write actions.
const (
	ActCN   Action = iota // CPd = cond            (guarded: if g then CPd = r)
	ActCC                 // CPd = !(cond)
	ActUN                 // CPd = CPg && cond     (always written)
	ActUC                 // CPd = CPg && !(cond)
	ActON                 // CPd |= cond           (wired-OR)
	ActOC                 // CPd |= !(cond)
	ActAN                 // CPd &= cond           (wired-AND)
	ActAC                 // CPd &= !(cond)
	ActUNUC               // CPd, CPe = CPg && cond: UN into CPd, UC into CPe
)

// ActionNames are the HPL-PD names of the actions.
var ActionNames = [...]string{"CN", "CC", "UN", "UC", "ON", "OC", "AN", "AC", "UN,UC"}

// WiredOR reports whether the action is a wired-OR write (ON/OC).
func (a Action) WiredOR() bool { return a == ActON || a == ActOC }

// WiredAND reports whether the action is a wired-AND write (AN/AC).
func (a Action) WiredAND() bool { return a == ActAN || a == ActAC }

// Syntax is the shape of an instruction form: how its operands are written
// (the comments use the spec's notation), which Inst fields hold them, and
// what it reads and writes.
type Syntax uint8

// Syntaxes. D is the mask (Inst.Mask), m a single macro (Inst.Src), An an
// address register (0..47), L a code label (Inst.Imm, a bundle index).
const (
	SynRRR      Syntax = iota // D Rd = Rs TOK Rt
	SynRRI                    // D Rd = Rs TOK #imm
	SynFunc2                  // D Rd = TOK(Rs,Rt)
	SynUnary                  // D Rd = TOK Rs
	SynMov                    // D Rd = Rs
	SynMovI                   // D Rd = #imm32
	SynSel                    // D Rd = CPk ? Rs : Rt          (k in Inst.Re)
	SynCmp                    // D CPd[, CPe] ACT Rs REL Rt    (Rel, Act, Pg)
	SynCmpI                   // D CPd[, CPe] ACT Rs REL #imm
	SynPLogic                 // D CPd = CPa TOK CPb          (a, b in Rs, Rt)
	SynPNot                   // D CPd = !CPa
	SynPConst                 // D CPd = 0 | 1                (Imm)
	SynXfer                   // D Rd = m Rs                  (D: destination macros)
	SynFromAddr               // m Rd = An                    (Mask: the single macro m; An in Rs)
	SynFromRA                 // m Rd = RA
	SynToAddr                 // An = m Rs                    (An in Rd)
	SynToRA                   // RA = m Rs
	SynAddrImm                // An = #imm32
	SynAddrAdd                // An = Am + Ak
	SynAddrAddI               // An = Am + #imm
	SynAddrShlI               // An = Am << #imm
	SynLCImm                  // LCn = #imm32
	SynLCAddr                 // LCn = An                     (LCn in Rd, An in Rs)
	SynLoad                   // D Rd = [An + #imm][:S]       (An in Rs)
	SynLoadPM                 // D Rd = [An += #imm][:S]
	SynStore                  // [An + #imm][:S] = D Rs      (An in Rd, value in Rs)
	SynStorePM                // [An += #imm][:S] = D Rs
	SynB                      // b L
	SynBR                     // b An                         (An in Rs)
	SynCall                   // call L
	SynCallR                  // call An
	SynRet                    // ret
	SynHalt                   // halt
	SynBCmp                   // if m Rs REL Rt b L
	SynBCmpI                  // if m Rs REL #imm b L         (imm in Inst.Imm2)
	SynBPred                  // if [!]m CPk b L              (k in Rd, Neg)
	SynBAny                   // if [!]any D CPk b L
	SynBAll                   // if [!]all D CPk b L
	SynBLC                    // if LCn b L                   (LCn in Rd)
)

// Form is one instruction form of spec §2.3: one row of the ISA table.
type Form struct {
	Name  string // the MIR op name
	Syn   Syntax
	Unit  Unit
	Lat   int    // result latency in cycles (spec §2.6)
	Tok   string // operator or keyword that tells forms of one syntax apart
	Mod   Mod    // the modifier the form is written with
	Flags mir.OpFlags
	Size  int // memory access size in bytes (loads, stores)
	// Eval computes a lane's result from its two sources for the
	// arithmetic syntaxes (RRR, RRI, Func2, Unary: b unused); a non-empty
	// fault stops the simulator.
	Eval func(a, b uint32) (uint32, string)
}

// Lanes reports whether the form executes per lane of its mask (and so
// takes a lane guard `(CPk)`) rather than in the address unit (guard
// `(mCPk)`) or as a control instruction (no guard).
func (f *Form) Lanes() bool {
	switch f.Unit {
	case UnitAddr, UnitCtrl:
		return false
	}
	return true
}

// Guarded reports whether the form accepts a guard prefix: control
// instructions and the UN/UC compares take none (spec §2.2, §2.5).
func (f *Form) Guarded() bool { return f.Unit != UnitCtrl }

// PostModify reports whether the form writes its address register back.
func (f *Form) PostModify() bool { return f.Syn == SynLoadPM || f.Syn == SynStorePM }

// Latencies (spec §2.6).
const (
	LatALU   = 1
	LatSHF   = 1
	LatMUL   = 2
	LatLoad  = 3
	LatSqrt  = 4 // SPU recip and sqrt
	LatDiv   = 8 // SPU div and rem
	LatOther = 1 // address unit, transfers, loop counters, RA
)

// Branch penalties in cycles (spec §2.6).
const (
	PenaltyTaken    = 2 // taken branch, call, ret
	PenaltyLoopExit = 2 // `if LCn b` not taken
)

const (
	fLoad = mir.FlagLoad
	fSt   = mir.FlagStore
	fComm = mir.FlagCommutable
	fBr   = mir.FlagBranch | mir.FlagTerminator
	fJmp  = fBr | mir.FlagBarrier
)

func alu(name string, syn Syntax, tok string, mod Mod, flags mir.OpFlags, ev func(a, b uint32) (uint32, string)) Form {
	return Form{Name: name, Syn: syn, Unit: UnitALU, Lat: LatALU, Tok: tok, Mod: mod, Flags: flags, Eval: ev}
}

func shf(name string, syn Syntax, tok string, ev func(a, b uint32) (uint32, string)) Form {
	return Form{Name: name, Syn: syn, Unit: UnitSHF, Lat: LatSHF, Tok: tok, Eval: ev}
}

func mul(name string, syn Syntax, tok string, mod Mod, ev func(a, b uint32) (uint32, string)) Form {
	return Form{Name: name, Syn: syn, Unit: UnitMUL, Lat: LatMUL, Tok: tok, Mod: mod, Flags: fComm, Eval: ev}
}

func spu(name string, syn Syntax, tok string, mod Mod, lat int, ev func(a, b uint32) (uint32, string)) Form {
	return Form{Name: name, Syn: syn, Unit: UnitSPU, Lat: lat, Tok: tok, Mod: mod, Eval: ev}
}

func other(name string, syn Syntax, unit Unit, flags mir.OpFlags) Form {
	return Form{Name: name, Syn: syn, Unit: unit, Lat: LatOther, Flags: flags}
}

func mem(name string, syn Syntax, mod Mod, size int) Form {
	f := Form{Name: name, Syn: syn, Mod: mod, Size: size}
	switch syn {
	case SynLoad, SynLoadPM:
		f.Unit, f.Lat, f.Flags = UnitLoad, LatLoad, fLoad
	default:
		f.Unit, f.Lat, f.Flags = UnitStore, LatOther, fSt
	}
	return f
}

// Forms is the BWL instruction table (spec §2.3); Opcode indexes it.
var Forms = []Form{
	// ALU (A).
	alu("ADD", SynRRR, "+", ModNone, fComm, evAdd),
	alu("SUB", SynRRR, "-", ModNone, 0, evSub),
	alu("FADD", SynRRR, "+", ModF, fComm, evFAdd),
	alu("FSUB", SynRRR, "-", ModF, 0, evFSub),
	alu("AND", SynRRR, "&", ModNone, fComm, evAnd),
	alu("OR", SynRRR, "|", ModNone, fComm, evOr),
	alu("XOR", SynRRR, "^", ModNone, fComm, evXor),
	alu("ADDI", SynRRI, "+", ModNone, 0, evAdd),
	alu("SUBI", SynRRI, "-", ModNone, 0, evSub),
	alu("ANDI", SynRRI, "&", ModNone, 0, evAnd),
	alu("ORI", SynRRI, "|", ModNone, 0, evOr),
	alu("XORI", SynRRI, "^", ModNone, 0, evXor),
	alu("MOV", SynMov, "", ModNone, mir.FlagCopy, nil),
	alu("MOVI", SynMovI, "", ModNone, 0, nil),
	alu("NEG", SynUnary, "-", ModNone, 0, evNeg),
	alu("NOT", SynUnary, "~", ModNone, 0, evNot),
	alu("ABS", SynUnary, "abs", ModNone, 0, evAbs),
	alu("FNEG", SynUnary, "-", ModF, 0, evFNeg),
	alu("FABS", SynUnary, "abs", ModF, 0, evFAbs),
	alu("MIN", SynFunc2, "min", ModNone, fComm, evMin),
	alu("MAX", SynFunc2, "max", ModNone, fComm, evMax),
	alu("MINU", SynFunc2, "min", ModU, fComm, evMinU),
	alu("MAXU", SynFunc2, "max", ModU, fComm, evMaxU),
	alu("FMIN", SynFunc2, "min", ModF, fComm, evFMin),
	alu("FMAX", SynFunc2, "max", ModF, fComm, evFMax),
	alu("SEL", SynSel, "", ModNone, 0, nil),
	alu("ITOF", SynUnary, "float", ModNone, 0, evIToF),
	alu("UTOF", SynUnary, "float", ModU, 0, evUToF),
	alu("FTOI", SynUnary, "fix", ModNone, 0, evFToI),
	alu("CMP", SynCmp, "", ModNone, mir.FlagCompare, nil),
	alu("CMPU", SynCmp, "", ModU, mir.FlagCompare, nil),
	alu("CMPF", SynCmp, "", ModF, mir.FlagCompare, nil),
	alu("CMPI", SynCmpI, "", ModNone, mir.FlagCompare, nil),
	alu("CMPIU", SynCmpI, "", ModU, mir.FlagCompare, nil),
	alu("PAND", SynPLogic, "&", ModNone, fComm, nil),
	alu("POR", SynPLogic, "|", ModNone, fComm, nil),
	alu("PXOR", SynPLogic, "^", ModNone, fComm, nil),
	alu("PNOT", SynPNot, "", ModNone, 0, nil),
	alu("PSET", SynPConst, "", ModNone, 0, nil),
	// MUL (M).
	mul("MUL", SynRRR, "*", ModNone, evMul),
	mul("MULU", SynRRR, "*", ModU, evMul),
	mul("FMUL", SynRRR, "*", ModF, evFMul),
	mul("MULH", SynFunc2, "mulh", ModNone, evMulH),
	mul("MULHU", SynFunc2, "mulh", ModU, evMulHU),
	// SHF (S).
	shf("SHL", SynRRR, "<<", evShl),
	shf("SHR", SynRRR, ">>", evShr),
	shf("SAR", SynRRR, ">>>", evSar),
	shf("SHLI", SynRRI, "<<", evShl),
	shf("SHRI", SynRRI, ">>", evShr),
	shf("SARI", SynRRI, ">>>", evSar),
	shf("SEXT8", SynUnary, "sext8", evSext8),
	shf("SEXT16", SynUnary, "sext16", evSext16),
	shf("ZEXT8", SynUnary, "zext8", evZext8),
	shf("ZEXT16", SynUnary, "zext16", evZext16),
	// SPU (P).
	spu("DIV", SynRRR, "/", ModNone, LatDiv, evDiv),
	spu("DIVU", SynRRR, "/", ModU, LatDiv, evDivU),
	spu("FDIV", SynRRR, "/", ModF, LatDiv, evFDiv),
	spu("REM", SynRRR, "%", ModNone, LatDiv, evRem),
	spu("REMU", SynRRR, "%", ModU, LatDiv, evRemU),
	spu("FREM", SynRRR, "%", ModF, LatDiv, evFRem),
	spu("RECIP", SynUnary, "recip", ModF, LatSqrt, evRecip),
	spu("SQRT", SynUnary, "sqrt", ModF, LatSqrt, evSqrt),
	// Transfers (X).
	other("XFER", SynXfer, UnitXfer, mir.FlagCopy),
	other("MOVFA", SynFromAddr, UnitXfer, 0),
	other("MOVFRA", SynFromRA, UnitXfer, 0),
	// Address unit (G).
	other("MOVTA", SynToAddr, UnitAddr, 0),
	other("MOVTRA", SynToRA, UnitAddr, 0),
	other("AMOVI", SynAddrImm, UnitAddr, 0),
	other("AADD", SynAddrAdd, UnitAddr, fComm),
	other("AADDI", SynAddrAddI, UnitAddr, 0),
	other("ASHLI", SynAddrShlI, UnitAddr, 0),
	other("SETLC", SynLCImm, UnitAddr, 0),
	other("SETLCA", SynLCAddr, UnitAddr, 0),
	// Loads (L) and stores (St).
	mem("LD", SynLoad, ModNone, 4),
	mem("LDB", SynLoad, ModB, 1),
	mem("LDBU", SynLoad, ModBU, 1),
	mem("LDH", SynLoad, ModH, 2),
	mem("LDHU", SynLoad, ModHU, 2),
	mem("LDPM", SynLoadPM, ModNone, 4),
	mem("LDBPM", SynLoadPM, ModB, 1),
	mem("LDBUPM", SynLoadPM, ModBU, 1),
	mem("LDHPM", SynLoadPM, ModH, 2),
	mem("LDHUPM", SynLoadPM, ModHU, 2),
	mem("ST", SynStore, ModNone, 4),
	mem("STB", SynStore, ModB, 1),
	mem("STH", SynStore, ModH, 2),
	mem("STPM", SynStorePM, ModNone, 4),
	mem("STBPM", SynStorePM, ModB, 1),
	mem("STHPM", SynStorePM, ModH, 2),
	// Control (C).
	other("B", SynB, UnitCtrl, fJmp),
	other("BR", SynBR, UnitCtrl, fJmp|mir.FlagIndirect),
	other("CALL", SynCall, UnitCtrl, mir.FlagCall),
	other("CALLR", SynCallR, UnitCtrl, mir.FlagCall|mir.FlagIndirect),
	other("RET", SynRet, UnitCtrl, mir.FlagReturn|mir.FlagTerminator|mir.FlagBarrier),
	other("HALT", SynHalt, UnitCtrl, mir.FlagSideEffect|mir.FlagTerminator|mir.FlagBarrier),
	other("BCMP", SynBCmp, UnitCtrl, fBr),
	{Name: "BCMPU", Syn: SynBCmp, Unit: UnitCtrl, Lat: LatOther, Mod: ModU, Flags: fBr},
	{Name: "BCMPF", Syn: SynBCmp, Unit: UnitCtrl, Lat: LatOther, Mod: ModF, Flags: fBr},
	other("BCMPI", SynBCmpI, UnitCtrl, fBr),
	{Name: "BCMPIU", Syn: SynBCmpI, Unit: UnitCtrl, Lat: LatOther, Mod: ModU, Flags: fBr},
	other("BPRED", SynBPred, UnitCtrl, fBr),
	other("BANY", SynBAny, UnitCtrl, fBr),
	other("BALL", SynBAll, UnitCtrl, fBr),
	other("BLC", SynBLC, UnitCtrl, fBr),
}

// Opcode indexes Forms.
type Opcode uint8

// Form returns the table row of an opcode.
func (op Opcode) Form() *Form { return &Forms[op] }

func (op Opcode) String() string { return Forms[op].Name }

// OpByName maps MIR op names to opcodes (OpByName["ADD"]).
var OpByName = map[string]Opcode{}

// formKey finds a form from what the assembler sees: syntax, token and
// modifier.
type formKey struct {
	syn Syntax
	tok string
	mod Mod
}

var formIndex = map[formKey]Opcode{}

// LookupForm finds the form written with syntax syn, token tok and
// modifier mod.
func LookupForm(syn Syntax, tok string, mod Mod) (Opcode, bool) {
	op, ok := formIndex[formKey{syn, tok, mod}]
	return op, ok
}

// SyntaxHasForm reports whether any form has syntax syn and token tok
// (with any modifier): the assembler uses it to tell "unknown operator"
// from "operator does not take this modifier".
func SyntaxHasForm(syn Syntax, tok string) bool {
	for m := range ModNames {
		if _, ok := formIndex[formKey{syn, tok, Mod(m)}]; ok {
			return true
		}
	}
	return false
}

func init() {
	if len(Forms) > 256 {
		panic("bwdsp: more forms than the 8-bit opcode field holds")
	}
	for i := range Forms {
		f := &Forms[i]
		k := formKey{f.Syn, f.Tok, f.Mod}
		if _, dup := formIndex[k]; dup {
			panic("bwdsp: two forms with the same syntax: " + f.Name)
		}
		formIndex[k] = Opcode(i)
		OpByName[f.Name] = Opcode(i)
	}
}
