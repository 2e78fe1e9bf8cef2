package bwdsp

import (
	"fmt"

	"lltosimd/mir"
)

// Register classes of the BWDSP mir.Arch.
const (
	// ClassGPR holds the scalar general registers: x.R10–R27, then the
	// callee-saved x.R40–R63. Until macro assignment (spec §3.5 step 1)
	// and the SIMD tuple classes exist, scalar code runs on macro x, the
	// macro of §2.7's arguments and results. The registers of the other
	// macros are in Regs (GPRReg gives the 2-D view) but in no class yet.
	ClassGPR mir.RegClass = iota
	// ClassPred holds the predicates of macro x, x.CP0–CP7.
	ClassPred
	ClassAddr
)

// Physical register numbering of Arch.Regs (mir.Reg 0 is NoReg): the
// general registers by macro, then predicates by macro, the address
// registers U, V, W, the loop counters and RA.
const (
	firstGPR  = 1
	firstCP   = firstGPR + NumMacros*NumR
	firstAddr = firstCP + NumMacros*NumCP
	firstLC   = firstAddr + int(NumFamilies)*NumAddr
	// RegRA is the link register.
	RegRA = mir.Reg(firstLC + NumLC)
)

// GPRReg is m.Rn as a mir.Reg.
func GPRReg(m, n int) mir.Reg { return mir.Reg(firstGPR + m*NumR + n) }

// CPReg is m.CPk as a mir.Reg.
func CPReg(m, k int) mir.Reg { return mir.Reg(firstCP + m*NumCP + k) }

// AddrReg is address register a (family*16+index) as a mir.Reg.
func AddrReg(a int) mir.Reg { return mir.Reg(firstAddr + a) }

// LCReg is LCn as a mir.Reg.
func LCReg(n int) mir.Reg { return mir.Reg(firstLC + n) }

// Calling-convention registers (spec §2.7).
var (
	SP = AddrReg(8) // U8
	FP = AddrReg(9) // U9
	// AddrScratch (U7) is reserved from the allocator (a project
	// decision): frame lowering forms addresses whose offset does not fit
	// the 16-bit field in it.
	AddrScratch = AddrReg(7)
)

// Register roles of spec §2.7, per macro.
const (
	FirstArgReg     = 0  // arguments in R0..R7
	NumArgRegs      = 8  //
	FirstScratchReg = 8  // R8, R9: spills and the assembler
	FirstGRAReg     = 10 // R10..R27 for the global allocator
	FirstLRAReg     = 28 // R28..R39 reserved for the local allocator
	FirstCalleeReg  = 40 // R40..R63 callee-saved
)

// allocNumbers is the allocation order of general register numbers (the
// same in every macro and for every tuple mask): the caller-saved R10–R39
// first, so that leaf functions save nothing; then the argument registers
// R0–R7, caller-saved too, last of them so that a value takes one only
// when it prefers it (an argument left where it arrived, a result
// computed where it is returned: copy hints) or when the others are
// taken; then the callee-saved R40–R63. R8/R9 (scratch) are never in it.
// The local block R28–R39 is there although reserved: the allocators that
// have a use for it take it (passes.LocalBlock, Machine.LocalRegs).
var allocNumbers = func() []int {
	var ns []int
	for n := FirstGRAReg; n < FirstCalleeReg; n++ {
		ns = append(ns, n)
	}
	for n := FirstArgReg; n < FirstArgReg+NumArgRegs; n++ {
		ns = append(ns, n)
	}
	for n := FirstCalleeReg; n < NumR; n++ {
		ns = append(ns, n)
	}
	return ns
}()

// LocalBlock returns the plain registers of the local allocator's block,
// m.R28–R39 in every macro (spec §2.7, §3.2).
func LocalBlock() []mir.Reg {
	var out []mir.Reg
	for m := 0; m < NumMacros; m++ {
		for n := FirstLRAReg; n < FirstCalleeReg; n++ {
			out = append(out, GPRReg(m, n))
		}
	}
	return out
}

// calleeSavedAddr reports whether address register a is callee-saved:
// U10–U15, V8–V15, W8–W15 (spec §2.7).
func calleeSavedAddr(a int) bool {
	idx := a % NumAddr
	if AddrFamily(uint8(a)) == FamU {
		return idx >= 10
	}
	return idx >= 8
}

// Arch is the BWDSP target description for MIR: registers, classes and
// one op per form of the instruction table.
var Arch = newArch()

// MIROp maps a form to its MIR opcode.
func MIROp(op Opcode) mir.Opcode { return mir.FirstTargetOp + mir.Opcode(op) }

func newArch() *mir.Arch {
	regs := []mir.RegDesc{{}}
	var gprAlloc, cpAlloc, addrAlloc []mir.Reg
	for m := 0; m < NumMacros; m++ {
		for n := 0; n < NumR; n++ {
			regs = append(regs, mir.RegDesc{
				Name: fmt.Sprintf("%cR%d", MacroNames[m], n), Enc: n,
				CalleeSaved: n >= FirstCalleeReg,
				// R8/R9 are scratch and R28..R39 belong to the local
				// allocator: neither is handed to the global one.
				Reserved: n == 8 || n == 9 || (n >= FirstLRAReg && n < FirstCalleeReg),
			})
		}
	}
	for m := 0; m < NumMacros; m++ {
		for k := 0; k < NumCP; k++ {
			regs = append(regs, mir.RegDesc{Name: fmt.Sprintf("%cCP%d", MacroNames[m], k), Enc: k})
			if m == MacroX {
				cpAlloc = append(cpAlloc, CPReg(m, k))
			}
		}
	}
	for a := 0; a < int(NumFamilies)*NumAddr; a++ {
		reserved := a == 7 || a == 8 || a == 9 // scratch, SP, FP
		regs = append(regs, mir.RegDesc{Name: AddrName(uint8(a)), Enc: a, CalleeSaved: calleeSavedAddr(a), Reserved: reserved})
	}
	for n := 0; n < NumLC; n++ {
		regs = append(regs, mir.RegDesc{Name: fmt.Sprintf("LC%d", n), Enc: n, CalleeSaved: n >= 2, Reserved: true})
	}
	regs = append(regs, mir.RegDesc{Name: "RA", Reserved: true})
	for _, n := range allocNumbers {
		gprAlloc = append(gprAlloc, GPRReg(MacroX, n))
	}
	for _, callee := range []bool{false, true} {
		// Families interleaved (U0, V0, W0, U1, …): pointers live at the
		// same time land in different families, so one bundle can hold
		// their post-modifies and address moves (§2.4 rule 4, §2.8).
		for idx := 0; idx < NumAddr; idx++ {
			for fam := 0; fam < int(NumFamilies); fam++ {
				r := AddrReg(fam*NumAddr + idx)
				if !regs[r].Reserved && regs[r].CalleeSaved == callee {
					addrAlloc = append(addrAlloc, r)
				}
			}
		}
	}
	a := &mir.Arch{
		Name: "bwdsp",
		Regs: regs,
		Classes: []mir.RegClassDesc{
			ClassGPR:  {Name: "gpr", Alloc: gprAlloc, Size: 4},
			ClassPred: {Name: "pred", Alloc: cpAlloc, Size: 4},
			ClassAddr: {Name: "addr", Alloc: addrAlloc, Size: 4},
		},
	}
	addMaskClasses(a) // tuples.go
	addPredTuples(a)  // vector.go
	for i := range Forms {
		f := &Forms[i]
		od := mir.OpDesc{Name: f.Name, Flags: f.Flags, NumDefs: numDefs(f), NumUses: numUses(f),
			Doc: fmt.Sprintf("%s, %s, latency %d", f.Syn, f.Unit, f.Lat)}
		// The post-modified address register and the decremented loop
		// counter are read and written: the def is tied to the use.
		if f.Size > 0 {
			od.OptionalUses = 1 // the lane stride `:S` (§2.3; default: the access size)
		}
		switch f.Syn {
		case SynLoadPM:
			od.Tied = map[int]int{1: 0} // defs: Rd, An; uses: An, imm
		case SynStorePM:
			od.Tied = map[int]int{0: 1} // def: An; uses: value, An, imm
		case SynBLC:
			od.Tied = map[int]int{0: 0} // def: LCn; uses: LCn, label
		}
		a.Ops = append(a.Ops, od)
	}
	addPseudos(a) // vector.go
	return a
}

// numDefs and numUses are the explicit MIR operand counts of a form: the
// registers it writes and reads (immediates and labels count as uses),
// with the post-modified address register a def tied to its use.
//
// A compare writes one predicate, or two for the UN,UC pair, and reads a
// CPg for the UN/UC actions: its counts vary with the action (-1).
func numDefs(f *Form) int {
	switch f.Syn {
	case SynCmp, SynCmpI:
		return -1
	case SynStore, SynB, SynBR, SynCall, SynCallR, SynRet, SynHalt, SynBCmp, SynBCmpI, SynBPred, SynBAny, SynBAll:
		return 0
	case SynLoadPM:
		return 2
	}
	return 1 // SynStorePM: the address register; SynBLC: the loop counter
}

func numUses(f *Form) int {
	switch f.Syn {
	case SynCmp, SynCmpI:
		return -1
	case SynRet, SynHalt:
		return 0
	case SynFromRA, SynPConst, SynMov, SynMovI, SynUnary, SynPNot, SynXfer, SynFromAddr, SynToAddr, SynToRA, SynAddrImm, SynLCImm, SynLCAddr,
		SynB, SynBR, SynCall, SynCallR:
		return 1
	case SynRRR, SynRRI, SynFunc2, SynPLogic, SynAddrAdd, SynAddrAddI, SynAddrShlI, SynLoad, SynLoadPM,
		SynBPred, SynBLC:
		return 2
	case SynSel, SynStore, SynStorePM:
		return 3
	case SynBAny, SynBAll:
		return 3 // D.CPk, label, negation (an immediate: `if !any`)
	case SynBCmp, SynBCmpI:
		return 4 // relation (an immediate), Rs, Rt or #imm, label
	}
	return -1
}

var synNames = [...]string{
	SynRRR: "RRR", SynRRI: "RRI", SynFunc2: "Func2", SynUnary: "Unary", SynMov: "Mov", SynMovI: "MovI", SynSel: "Sel",
	SynCmp: "Cmp", SynCmpI: "CmpI", SynPLogic: "PLogic", SynPNot: "PNot", SynPConst: "PConst", SynXfer: "Xfer",
	SynFromAddr: "FromAddr", SynFromRA: "FromRA", SynToAddr: "ToAddr", SynToRA: "ToRA", SynAddrImm: "AddrImm",
	SynAddrAdd: "AddrAdd", SynAddrAddI: "AddrAddI", SynAddrShlI: "AddrShlI", SynLCImm: "LCImm", SynLCAddr: "LCAddr",
	SynLoad: "Load", SynLoadPM: "LoadPM", SynStore: "Store", SynStorePM: "StorePM", SynB: "B", SynBR: "BR",
	SynCall: "Call", SynCallR: "CallR", SynRet: "Ret", SynHalt: "Halt", SynBCmp: "BCmp", SynBCmpI: "BCmpI",
	SynBPred: "BPred", SynBAny: "BAny", SynBAll: "BAll", SynBLC: "BLC",
}

func (s Syntax) String() string { return synNames[s] }
