package bwdsp

import (
	"fmt"
	"math/bits"
)

// MaxBundle is the number of instructions a bundle holds (spec §2.4 rule 1).
const MaxBundle = 16

// Per-bundle limits of spec §2.4.
const (
	MaxLoads   = 2 // rule 3
	MaxStores  = 2 // rule 3
	MaxControl = 1 // rule 6
)

// RuleError is a violation of a bundle resource rule (spec §2.4) or of an
// instruction's operand constraints (Rule 0).
type RuleError struct {
	Rule int // the §2.4 rule number; 0 for operand constraints
	Msg  string
}

func (e *RuleError) Error() string {
	if e.Rule == 0 {
		return e.Msg
	}
	return fmt.Sprintf("bundle rule %d (%s): %s", e.Rule, ruleNames[e.Rule], e.Msg)
}

var ruleNames = [...]string{
	1: "at most 16 instructions",
	2: "one ALU, MUL, SHF and SPU operation per macro",
	3: "at most 2 loads and 2 stores",
	4: "one write per address family",
	5: "one transfer per destination macro",
	6: "one control instruction, last",
	7: "unique writers",
	8: "immediate range",
}

// CheckBundle checks the resource rules of spec §2.4 on one bundle and
// returns every violation (nil when the bundle is legal). Instructions are
// numbered from 1 in the messages. The assembler, the simulator and the
// packetizer share it; operand constraints are checked by Validate.
func CheckBundle(b []Inst) []error {
	var errs []error
	bad := func(rule int, format string, args ...any) {
		errs = append(errs, &RuleError{Rule: rule, Msg: fmt.Sprintf(format, args...)})
	}
	if len(b) > MaxBundle {
		bad(1, "%d instructions", len(b))
	}
	var unitUse [NumMacros][UnitSPU + 1]int // instruction number (1-based) holding each unit
	var xferUse [NumMacros]int
	var famUse [NumFamilies]int
	var loads, stores []int
	writer := map[Loc]struct {
		inst  int
		wired Wired
	}{}
	for i := range b {
		in := &b[i]
		n := i + 1
		f := in.Form()
		switch f.Unit {
		case UnitALU, UnitMUL, UnitSHF, UnitSPU:
			for _, m := range in.Mask.Lanes() {
				if p := unitUse[m][f.Unit]; p != 0 {
					bad(2, "instructions %d and %d both use the %s of macro %c", p, n, f.Unit, MacroNames[m])
				} else {
					unitUse[m][f.Unit] = n
				}
			}
		case UnitLoad:
			loads = append(loads, n)
		case UnitStore:
			stores = append(stores, n)
		case UnitXfer:
			for _, m := range in.Mask.Lanes() {
				if p := xferUse[m]; p != 0 {
					bad(5, "instructions %d and %d both transfer into macro %c", p, n, MacroNames[m])
				} else {
					xferUse[m] = n
				}
			}
		case UnitCtrl:
			if n != len(b) {
				bad(6, "control instruction %d (%s) is not the last of its bundle", n, in)
			}
		}
		if fam, ok := in.FamilyWrite(); ok {
			if p := famUse[fam]; p != 0 {
				bad(4, "instructions %d and %d both write the %c family", p, n, FamilyNames[fam])
			} else {
				famUse[fam] = n
			}
		}
		for _, w := range in.Writes() {
			p, seen := writer[w.Loc]
			switch {
			case !seen:
				writer[w.Loc] = struct {
					inst  int
					wired Wired
				}{n, w.Wired}
			case p.inst == n:
				bad(7, "instruction %d writes %s twice", n, w.Loc)
			case w.Wired != WiredNone && w.Wired == p.wired:
				// Wired-OR (or wired-AND) writes may share a predicate (§2.5).
			default:
				bad(7, "instructions %d and %d both write %s", p.inst, n, w.Loc)
			}
		}
	}
	if len(loads) > MaxLoads {
		bad(3, "%d loads (instructions %v)", len(loads), loads)
	}
	if len(stores) > MaxStores {
		bad(3, "%d stores (instructions %v)", len(stores), stores)
	}
	ctrl := 0
	for i := range b {
		if b[i].Form().Unit == UnitCtrl {
			ctrl++
		}
	}
	if ctrl > MaxControl {
		bad(6, "%d control instructions", ctrl)
	}
	return errs
}

// Immediate ranges (spec §2.4 rule 8).
const (
	MinImm16 = -1 << 15
	MaxImm16 = 1<<15 - 1
)

// Fits16 reports whether v is a signed 16-bit immediate.
func Fits16(v int32) bool { return v >= MinImm16 && v <= MaxImm16 }

// Imm32 reports whether the form's immediate is a full 32-bit value
// (spec §2.4 rule 8: `Rd = #imm32`, `Un = #imm32`, `LCn = #imm`); branch
// targets are bundle indices and are not range-checked either.
func (f *Form) Imm32() bool {
	switch f.Syn {
	case SynMovI, SynAddrImm, SynLCImm:
		return true
	}
	return false
}

// Validate checks one instruction's operands: register numbers, mask,
// guard, immediate ranges (rule 8) and the shape of compare actions. The
// assembler calls it on what it parsed and the disassembler on what it
// decoded, so that every Inst that reaches the simulator is well formed.
func Validate(in *Inst) error {
	if int(in.Op) >= len(Forms) {
		return &RuleError{Msg: fmt.Sprintf("unknown opcode %d", in.Op)}
	}
	f := in.Form()
	bad := func(format string, args ...any) error {
		return &RuleError{Msg: fmt.Sprintf(format, args...)}
	}
	badImm := func(what string, v int32) error {
		return &RuleError{Rule: 8, Msg: fmt.Sprintf("%s %d of %s does not fit in a signed 16-bit immediate", what, v, f.Name)}
	}
	if in.Mask > 0xf {
		return bad("bad macro mask %#x", uint8(in.Mask))
	}
	needsMask := f.Lanes() || f.Syn == SynBAny || f.Syn == SynBAll
	if needsMask != (in.Mask != 0) {
		if needsMask {
			return bad("%s needs a macro mask", f.Name)
		}
		return bad("%s takes no macro mask", f.Name)
	}
	switch f.Syn {
	case SynFromAddr, SynFromRA:
		if bits.OnesCount8(uint8(in.Mask)) != 1 {
			return bad("%s writes a single macro, not %q", f.Name, in.Mask.String())
		}
	}
	if in.Src >= NumMacros {
		return bad("bad source macro %d", in.Src)
	}
	if in.Guard.On {
		if !f.Guarded() {
			return bad("control instruction %s takes no guard; use an `if` form", f.Name)
		}
		if in.Guard.K >= NumCP || in.Guard.Macro >= NumMacros {
			return bad("bad guard")
		}
		if f.Lanes() && in.Guard.Macro != 0 {
			return bad("the guard of %s reads its own lanes and names no macro", f.Name)
		}
	}
	gen := func(r uint8) bool { return r < NumR }
	cp := func(r uint8) bool { return r < NumCP }
	addr := func(r uint8) bool { return r < uint8(NumFamilies)*NumAddr }
	ok := true
	switch f.Syn {
	case SynRRR, SynFunc2:
		ok = gen(in.Rd) && gen(in.Rs) && gen(in.Rt)
	case SynRRI, SynUnary, SynMov, SynXfer, SynLoad, SynLoadPM:
		ok = gen(in.Rd) && gen(in.Rs)
		if f.Syn == SynLoad || f.Syn == SynLoadPM {
			ok = gen(in.Rd) && addr(in.Rs)
		}
	case SynMovI, SynFromRA:
		ok = gen(in.Rd)
	case SynSel:
		ok = gen(in.Rd) && gen(in.Rs) && gen(in.Rt) && cp(in.Re)
	case SynCmp, SynCmpI:
		ok = cp(in.Rd) && gen(in.Rs) && (f.Syn == SynCmpI || gen(in.Rt)) && cp(in.Re) && cp(in.Pg) && in.Act <= ActUNUC && in.Rel <= RelGE
	case SynPLogic, SynPNot:
		ok = cp(in.Rd) && cp(in.Rs) && cp(in.Rt)
	case SynPConst:
		ok = cp(in.Rd) && (in.Imm == 0 || in.Imm == 1)
	case SynFromAddr:
		ok = gen(in.Rd) && addr(in.Rs)
	case SynToAddr, SynAddrImm:
		ok = addr(in.Rd) && gen(in.Rs)
	case SynToRA:
		ok = gen(in.Rs)
	case SynAddrAdd:
		ok = addr(in.Rd) && addr(in.Rs) && addr(in.Rt)
	case SynAddrAddI, SynAddrShlI:
		ok = addr(in.Rd) && addr(in.Rs)
	case SynLCImm:
		ok = in.Rd < NumLC
	case SynLCAddr:
		ok = in.Rd < NumLC && addr(in.Rs)
	case SynStore, SynStorePM:
		ok = addr(in.Rd) && gen(in.Rs)
	case SynBR, SynCallR:
		ok = addr(in.Rs)
	case SynBCmp:
		ok = gen(in.Rs) && gen(in.Rt) && in.Rel <= RelGE
	case SynBCmpI:
		ok = gen(in.Rs) && in.Rel <= RelGE
	case SynBPred, SynBAny, SynBAll:
		ok = cp(in.Rd)
	case SynBLC:
		ok = in.Rd < NumLC
	}
	if !ok {
		return bad("register out of range in %s", f.Name)
	}
	if f.Syn == SynCmp || f.Syn == SynCmpI {
		switch in.Act {
		case ActUN, ActUC:
			if !in.HasPg {
				return bad("the UN/UC compare needs `CPg &&`")
			}
		case ActUNUC:
		default:
			if in.HasPg {
				return bad("`CPg &&` only goes with the UN/UC actions (`=` without a guard)")
			}
		}
		if in.Guard.On && (in.Act == ActUN || in.Act == ActUC || in.Act == ActUNUC) {
			return bad("the UN/UC compare is always written and takes no guard prefix")
		}
		if in.Act == ActUNUC && in.Re == in.Rd {
			return bad("the UN,UC compare writes two different predicates")
		}
	}
	switch f.Syn {
	case SynRRI, SynCmpI, SynAddrAddI, SynLoad, SynLoadPM, SynStore, SynStorePM:
		if f.Syn == SynRRI && f.Unit == UnitSHF {
			if in.Imm < 0 || in.Imm > 31 {
				return &RuleError{Rule: 8, Msg: fmt.Sprintf("shift amount %d of %s is not in 0..31", in.Imm, f.Name)}
			}
		} else if !Fits16(in.Imm) {
			return badImm("immediate", in.Imm)
		}
	case SynAddrShlI:
		if in.Imm < 0 || in.Imm > 31 {
			return &RuleError{Rule: 8, Msg: fmt.Sprintf("shift amount %d of %s is not in 0..31", in.Imm, f.Name)}
		}
	case SynBCmpI:
		if !Fits16(in.Imm2) {
			return badImm("immediate", in.Imm2)
		}
	}
	if in.HasStride {
		if f.Unit != UnitLoad && f.Unit != UnitStore {
			return bad("%s takes no lane stride", f.Name)
		}
		if !Fits16(in.Stride) {
			return badImm("lane stride", in.Stride)
		}
	}
	return nil
}
