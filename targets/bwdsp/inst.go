package bwdsp

import (
	"fmt"
	"strings"
)

// Guard is an instruction's optional guard prefix `(CPk)`, `(!CPk)`, or
// for address-unit forms `(mCPk)` (spec §2.2).
type Guard struct {
	On    bool
	Neg   bool
	Macro uint8 // the macro whose CPk guards a form without lanes
	K     uint8
}

// Inst is one decoded instruction. Which fields an instruction uses
// depends on its form's Syntax (see the Syn* comments): general registers,
// predicates, address registers (0..47, family*16+index) and loop counters
// are all small numbers in Rd/Rs/Rt/Re.
type Inst struct {
	Op             Opcode
	Mask           Mask  // lanes: the macros an instruction executes in (destinations of a transfer)
	Src            uint8 // source macro of transfers, `An = m Rs`, `RA = m Rs`, `if m …`
	Rd, Rs, Rt, Re uint8
	Pg             uint8 // CPg of the UN/UC compare actions
	HasPg          bool
	Rel            Rel
	Act            Action
	Neg            bool // `if !m CPk`, `if !any`, `if !all`
	Guard          Guard
	Imm            int32 // immediate, memory offset, or branch target (bundle index)
	Imm2           int32 // the compare immediate of `if m Rs REL #imm b L`
	Stride         int32 // memory lane stride S, when HasStride
	HasStride      bool
}

// Form returns the instruction's table row.
func (in *Inst) Form() *Form { return &Forms[in.Op] }

// Loc is an architectural location (spec §2.4 rule 7 lists them): m.Rn,
// m.CPk, an address register, a loop counter or RA.
type Loc uint16

// Location numbering.
const (
	locR  = 0
	locCP = locR + NumMacros*NumR
	locA  = locCP + NumMacros*NumCP
	locLC = locA + int(NumFamilies)*NumAddr
	// LocRA is the link register.
	LocRA = Loc(locLC + NumLC)
	// NumLocs is the number of locations.
	NumLocs = int(LocRA) + 1
)

// LocR is m.Rn.
func LocR(m, n int) Loc { return Loc(locR + m*NumR + n) }

// LocCP is m.CPk.
func LocCP(m, k int) Loc { return Loc(locCP + m*NumCP + k) }

// LocA is address register a (0..47).
func LocA(a int) Loc { return Loc(locA + a) }

// LocLC is LCn.
func LocLC(n int) Loc { return Loc(locLC + n) }

func (l Loc) String() string {
	switch i := int(l); {
	case i < locCP:
		return fmt.Sprintf("%c.R%d", MacroNames[i/NumR], i%NumR)
	case i < locA:
		i -= locCP
		return fmt.Sprintf("%c.CP%d", MacroNames[i/NumCP], i%NumCP)
	case i < locLC:
		return AddrName(uint8(i - locA))
	case l < LocRA:
		return fmt.Sprintf("LC%d", i-locLC)
	}
	return "RA"
}

// Wired says whether a predicate write is wired-OR or wired-AND (spec §2.5):
// such writes to one predicate may share a bundle.
type Wired uint8

// Wired kinds.
const (
	WiredNone Wired = iota
	WiredOR
	WiredAND
)

// Write is one location an instruction writes.
type Write struct {
	Loc   Loc
	Wired Wired
}

// Writes lists the locations the instruction may write (whatever its
// guard), for the unique-writer rule, the simulator's scoreboard and later
// the scheduler.
func (in *Inst) Writes() []Write {
	f := in.Form()
	var w []Write
	lanesR := func(n uint8) {
		for _, m := range in.Mask.Lanes() {
			w = append(w, Write{Loc: LocR(m, int(n))})
		}
	}
	lanesCP := func(k uint8, wd Wired) {
		for _, m := range in.Mask.Lanes() {
			w = append(w, Write{Loc: LocCP(m, int(k)), Wired: wd})
		}
	}
	switch f.Syn {
	case SynRRR, SynRRI, SynFunc2, SynUnary, SynMov, SynMovI, SynSel, SynXfer, SynFromAddr, SynFromRA, SynLoad:
		lanesR(in.Rd)
	case SynLoadPM:
		lanesR(in.Rd)
		w = append(w, Write{Loc: LocA(int(in.Rs))})
	case SynStorePM:
		w = append(w, Write{Loc: LocA(int(in.Rd))})
	case SynCmp, SynCmpI:
		wd := WiredNone
		switch {
		case in.Act.WiredOR():
			wd = WiredOR
		case in.Act.WiredAND():
			wd = WiredAND
		}
		lanesCP(in.Rd, wd)
		if in.Act == ActUNUC {
			lanesCP(in.Re, WiredNone)
		}
	case SynPLogic, SynPNot, SynPConst:
		lanesCP(in.Rd, WiredNone)
	case SynToAddr, SynAddrImm, SynAddrAdd, SynAddrAddI, SynAddrShlI:
		w = append(w, Write{Loc: LocA(int(in.Rd))})
	case SynToRA, SynCall, SynCallR:
		w = append(w, Write{Loc: LocRA})
	case SynLCImm, SynLCAddr, SynBLC:
		w = append(w, Write{Loc: LocLC(int(in.Rd))})
	}
	return w
}

// Reads lists the locations the instruction reads, guard included, for
// the simulator's latency interlocks (spec §2.6).
func (in *Inst) Reads() []Loc {
	f := in.Form()
	var r []Loc
	lanes := in.Mask.Lanes()
	laneR := func(n uint8) {
		for _, m := range lanes {
			r = append(r, LocR(m, int(n)))
		}
	}
	laneCP := func(k uint8) {
		for _, m := range lanes {
			r = append(r, LocCP(m, int(k)))
		}
	}
	if in.Guard.On {
		if f.Lanes() {
			laneCP(in.Guard.K)
		} else {
			r = append(r, LocCP(int(in.Guard.Macro), int(in.Guard.K)))
		}
	}
	switch f.Syn {
	case SynRRR, SynFunc2:
		laneR(in.Rs)
		laneR(in.Rt)
	case SynRRI, SynUnary, SynMov, SynCmpI:
		laneR(in.Rs)
	case SynSel:
		laneCP(in.Re)
		laneR(in.Rs)
		laneR(in.Rt)
	case SynCmp:
		laneR(in.Rs)
		laneR(in.Rt)
	case SynPLogic:
		laneCP(in.Rs)
		laneCP(in.Rt)
	case SynPNot:
		laneCP(in.Rs)
	case SynXfer, SynToAddr, SynToRA:
		r = append(r, LocR(int(in.Src), int(in.Rs)))
	case SynFromAddr, SynAddrAddI, SynAddrShlI, SynLCAddr, SynLoad, SynLoadPM, SynBR, SynCallR:
		r = append(r, LocA(int(in.Rs)))
	case SynAddrAdd:
		r = append(r, LocA(int(in.Rs)), LocA(int(in.Rt)))
	case SynFromRA, SynRet:
		r = append(r, LocRA)
	case SynStore, SynStorePM:
		r = append(r, LocA(int(in.Rd)))
		laneR(in.Rs)
	case SynBCmp:
		r = append(r, LocR(int(in.Src), int(in.Rs)), LocR(int(in.Src), int(in.Rt)))
	case SynBCmpI:
		r = append(r, LocR(int(in.Src), int(in.Rs)))
	case SynBPred:
		r = append(r, LocCP(int(in.Src), int(in.Rd)))
	case SynBAny, SynBAll:
		laneCP(in.Rd)
	case SynBLC:
		r = append(r, LocLC(int(in.Rd)))
	}
	if (f.Syn == SynCmp || f.Syn == SynCmpI) && in.HasPg {
		laneCP(in.Pg)
	}
	return r
}

// FamilyWrite returns the address family whose write channel the
// instruction uses (spec §2.4 rule 4): address arithmetic, post-modify,
// `An = m Rs`, and `LCn = …` and `RA = m Rs` charged to U. The decrement
// of `if LCn b` belongs to the control instruction and is not charged.
func (in *Inst) FamilyWrite() (Family, bool) {
	switch in.Form().Syn {
	case SynToAddr, SynAddrImm, SynAddrAdd, SynAddrAddI, SynAddrShlI:
		return AddrFamily(in.Rd), true
	case SynLoadPM:
		return AddrFamily(in.Rs), true
	case SynStorePM:
		return AddrFamily(in.Rd), true
	case SynLCImm, SynLCAddr, SynToRA:
		return FamU, true
	}
	return 0, false
}

// String prints the instruction in the assembler's syntax (spec §2.2,
// §2.3); branch targets print as bundle numbers `#n`.
func (in *Inst) String() string { return in.Format(nil) }

// Format is String with the Imm field written symbolically when t is not
// nil: a branch or call target as its label, an immediate as `#sym+off`.
func (in *Inst) Format(t *Target) string {
	f := in.Form()
	immText := func() string {
		if t != nil {
			return "#" + t.String()
		}
		return fmt.Sprintf("#%d", in.Imm)
	}
	target := func() string {
		if t != nil {
			return t.String()
		}
		return fmt.Sprintf("#%d", in.Imm)
	}
	var b strings.Builder
	if in.Guard.On {
		b.WriteByte('(')
		if in.Guard.Neg {
			b.WriteByte('!')
		}
		if !f.Lanes() {
			b.WriteByte(MacroNames[in.Guard.Macro])
		}
		fmt.Fprintf(&b, "CP%d) ", in.Guard.K)
	}
	d := in.Mask.String()
	rd := fmt.Sprintf("%sR%d", d, in.Rd)
	cpd := fmt.Sprintf("%sCP%d", d, in.Rd)
	rs, rt := fmt.Sprintf("R%d", in.Rs), fmt.Sprintf("R%d", in.Rt)
	an := func(a uint8) string { return AddrName(a) }
	src := string(MacroNames[in.Src])
	memop := func(a uint8, pm bool) string {
		s := "[" + an(a)
		switch {
		case pm:
			s += fmt.Sprintf(" += %d", in.Imm)
		case in.Imm < 0:
			s += fmt.Sprintf(" - %d", -int64(in.Imm))
		case in.Imm > 0:
			s += fmt.Sprintf(" + %d", in.Imm)
		}
		s += "]"
		if in.HasStride {
			s += fmt.Sprintf(":%d", in.Stride)
		}
		return s
	}
	cond := func() string {
		c := rs + " " + RelNames[in.Rel] + " "
		if f.Syn == SynCmpI || f.Syn == SynBCmpI {
			imm := in.Imm
			if f.Syn == SynBCmpI {
				imm = in.Imm2
			}
			return c + fmt.Sprintf("#%d", imm)
		}
		return c + rt
	}
	switch f.Syn {
	case SynRRR:
		fmt.Fprintf(&b, "%s = %s %s %s", rd, rs, f.Tok, rt)
	case SynRRI:
		fmt.Fprintf(&b, "%s = %s %s #%d", rd, rs, f.Tok, in.Imm)
	case SynFunc2:
		fmt.Fprintf(&b, "%s = %s(%s, %s)", rd, f.Tok, rs, rt)
	case SynUnary:
		sep := " "
		if f.Tok == "-" || f.Tok == "~" {
			sep = ""
		}
		fmt.Fprintf(&b, "%s = %s%s%s", rd, f.Tok, sep, rs)
	case SynMov:
		fmt.Fprintf(&b, "%s = %s", rd, rs)
	case SynMovI:
		fmt.Fprintf(&b, "%s = %s", rd, immText())
	case SynSel:
		fmt.Fprintf(&b, "%s = CP%d ? %s : %s", rd, in.Re, rs, rt)
	case SynCmp, SynCmpI:
		lhs := cpd
		if in.Act == ActUNUC {
			lhs += fmt.Sprintf(", CP%d", in.Re)
		}
		op := "="
		switch {
		case in.Act.WiredOR():
			op = "|="
		case in.Act.WiredAND():
			op = "&="
		}
		rhs := cond()
		switch in.Act {
		case ActCC, ActUC, ActOC, ActAC:
			rhs = "!(" + rhs + ")"
		}
		if in.HasPg {
			rhs = fmt.Sprintf("CP%d && %s", in.Pg, rhs)
		}
		fmt.Fprintf(&b, "%s %s %s", lhs, op, rhs)
	case SynPLogic:
		fmt.Fprintf(&b, "%s = CP%d %s CP%d", cpd, in.Rs, f.Tok, in.Rt)
	case SynPNot:
		fmt.Fprintf(&b, "%s = !CP%d", cpd, in.Rs)
	case SynPConst:
		fmt.Fprintf(&b, "%s = %d", cpd, in.Imm)
	case SynXfer:
		fmt.Fprintf(&b, "%s = %s%s", rd, src, rs)
	case SynFromAddr:
		fmt.Fprintf(&b, "%s = %s", rd, an(in.Rs))
	case SynFromRA:
		fmt.Fprintf(&b, "%s = RA", rd)
	case SynToAddr:
		fmt.Fprintf(&b, "%s = %s%s", an(in.Rd), src, rs)
	case SynToRA:
		fmt.Fprintf(&b, "RA = %s%s", src, rs)
	case SynAddrImm:
		fmt.Fprintf(&b, "%s = %s", an(in.Rd), immText())
	case SynAddrAdd:
		fmt.Fprintf(&b, "%s = %s + %s", an(in.Rd), an(in.Rs), an(in.Rt))
	case SynAddrAddI:
		fmt.Fprintf(&b, "%s = %s + #%d", an(in.Rd), an(in.Rs), in.Imm)
	case SynAddrShlI:
		fmt.Fprintf(&b, "%s = %s << #%d", an(in.Rd), an(in.Rs), in.Imm)
	case SynLCImm:
		fmt.Fprintf(&b, "LC%d = %s", in.Rd, immText())
	case SynLCAddr:
		fmt.Fprintf(&b, "LC%d = %s", in.Rd, an(in.Rs))
	case SynLoad, SynLoadPM:
		fmt.Fprintf(&b, "%s = %s", rd, memop(in.Rs, f.Syn == SynLoadPM))
	case SynStore, SynStorePM:
		fmt.Fprintf(&b, "%s = %s%s", memop(in.Rd, f.Syn == SynStorePM), d, rs)
	case SynB:
		fmt.Fprintf(&b, "b %s", target())
	case SynBR:
		fmt.Fprintf(&b, "b %s", an(in.Rs))
	case SynCall:
		fmt.Fprintf(&b, "call %s", target())
	case SynCallR:
		fmt.Fprintf(&b, "call %s", an(in.Rs))
	case SynRet:
		b.WriteString("ret")
	case SynHalt:
		b.WriteString("halt")
	case SynBCmp, SynBCmpI:
		fmt.Fprintf(&b, "if %s%s b %s", src, cond(), target())
	case SynBPred:
		neg := ""
		if in.Neg {
			neg = "!"
		}
		fmt.Fprintf(&b, "if %s%sCP%d b %s", neg, src, in.Rd, target())
	case SynBAny, SynBAll:
		q := "any"
		if f.Syn == SynBAll {
			q = "all"
		}
		if in.Neg {
			q = "!" + q
		}
		fmt.Fprintf(&b, "if %s %sCP%d b %s", q, d, in.Rd, target())
	case SynBLC:
		fmt.Fprintf(&b, "if LC%d b %s", in.Rd, target())
	}
	if f.Mod != ModNone {
		fmt.Fprintf(&b, " (%s)", ModNames[f.Mod])
	}
	return b.String()
}
