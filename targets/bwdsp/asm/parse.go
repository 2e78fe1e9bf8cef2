package asm

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	bw "lltosimd/targets/bwdsp"
)

// immField says which Inst field a symbolic immediate resolves into.
type immField uint8

const (
	fieldImm immField = iota
	fieldImm2
)

// symRef is an immediate written with a symbol, resolved after all labels
// are known.
type symRef struct {
	sym    string
	addend int64
	field  immField
	col    int
}

// pinst is a parsed instruction before symbol resolution.
type pinst struct {
	in   bw.Inst
	refs []symRef
	col  int
	line int
	// guardMacro says the guard named its macro: `(xCP2)`.
	guardMacro bool
}

// parser reads one instruction from its tokens.
type parser struct {
	toks []token
	pos  int
	pi   pinst
}

func (p *parser) peek() token { return p.toks[p.pos] }
func (p *parser) peekN(n int) token {
	if p.pos+n < len(p.toks) {
		return p.toks[p.pos+n]
	}
	return p.toks[len(p.toks)-1]
}
func (p *parser) next() token {
	t := p.toks[p.pos]
	if t.kind != tkEOF {
		p.pos++
	}
	return t
}
func (p *parser) is(s string) bool { t := p.peek(); return t.kind == tkPunct && t.s == s }
func (p *parser) isWord(s string) bool {
	t := p.peek()
	return t.kind == tkIdent && t.s == s
}

func (p *parser) errf(t token, format string, args ...any) error {
	return &posError{t.col, fmt.Sprintf(format, args...)}
}

func (p *parser) expect(s string) error {
	t := p.next()
	if t.kind != tkPunct || t.s != s {
		return p.errf(t, "expected %q, found %s", s, describe(t))
	}
	return nil
}

func (p *parser) expectWord(s string) error {
	t := p.next()
	if t.kind != tkIdent || t.s != s {
		return p.errf(t, "expected %q, found %s", s, describe(t))
	}
	return nil
}

func describe(t token) string {
	if t.kind == tkEOF {
		return "end of instruction"
	}
	return fmt.Sprintf("%q", t.s)
}

// regKind classifies register names.
type regKind uint8

const (
	rkNone regKind = iota
	rkGen          // Rn
	rkCP           // CPk
	rkAddr         // Un, Vn, Wn
	rkLC           // LCn
	rkRA           // RA
)

// reg is a register operand with its optional macro mask.
type reg struct {
	mask bw.Mask
	kind regKind
	n    uint8
	tok  token
}

// splitMask splits a leading macro mask off a name: "xyztr0" → "xyzt",
// "r0". The letters must be distinct and in xyzt order (spec §2.2).
func splitMask(s string) (bw.Mask, string, bool) {
	var d bw.Mask
	last := -1
	i := 0
	for ; i < len(s); i++ {
		m := strings.IndexByte(bw.MacroNames, s[i])
		if m < 0 {
			break
		}
		if m <= last {
			return 0, s, false
		}
		last = m
		d |= 1 << m
	}
	return d, s[i:], true
}

// RegisterName reports whether s, in any case, is a register name with or
// without a macro mask (`U8`, `xR5`, `ra`): the assembler reads such a
// word as the register, so it cannot name a label or symbol.
func RegisterName(s string) bool {
	_, rest, _ := splitMask(strings.ToLower(s))
	_, _, ok := parseRegName(rest)
	return ok
}

// parseRegName recognises a register name without mask.
func parseRegName(s string) (regKind, uint8, bool) {
	num := func(prefix string, limit int) (uint8, bool) {
		if !strings.HasPrefix(s, prefix) || len(s) == len(prefix) {
			return 0, false
		}
		n, err := strconv.Atoi(s[len(prefix):])
		if err != nil || n < 0 || n >= limit || strconv.Itoa(n) != s[len(prefix):] {
			return 0, false
		}
		return uint8(n), true
	}
	if s == "ra" {
		return rkRA, 0, true
	}
	if n, ok := num("r", bw.NumR); ok {
		return rkGen, n, true
	}
	if n, ok := num("cp", bw.NumCP); ok {
		return rkCP, n, true
	}
	if n, ok := num("lc", bw.NumLC); ok {
		return rkLC, n, true
	}
	for f := 0; f < int(bw.NumFamilies); f++ {
		if n, ok := num(strings.ToLower(bw.FamilyNames[f:f+1]), bw.NumAddr); ok {
			return rkAddr, uint8(f*bw.NumAddr) + n, true
		}
	}
	return rkNone, 0, false
}

// tryReg reads a register with an optional mask, written either glued
// (`xyztR0`) or separated (`xyzt R0`); it consumes nothing on failure.
func (p *parser) tryReg() (reg, bool) {
	t := p.peek()
	if t.kind != tkIdent {
		return reg{}, false
	}
	if k, n, ok := parseRegName(t.s); ok {
		p.next()
		return reg{kind: k, n: n, tok: t}, true
	}
	d, rest, ok := splitMask(t.s)
	if !ok || d == 0 {
		return reg{}, false
	}
	if rest == "" {
		// A separate mask: the register is the next identifier.
		t2 := p.peekN(1)
		if t2.kind != tkIdent {
			return reg{}, false
		}
		k, n, ok := parseRegName(t2.s)
		if !ok {
			return reg{}, false
		}
		p.next()
		p.next()
		return reg{mask: d, kind: k, n: n, tok: t}, true
	}
	k, n, ok := parseRegName(rest)
	if !ok {
		return reg{}, false
	}
	p.next()
	return reg{mask: d, kind: k, n: n, tok: t}, true
}

// sourcePair reads two general source registers separated by sep (the
// operands of a two-argument function and of a CP select).
func (p *parser) sourcePair(sep string) (rs, rt uint8, err error) {
	a, err := p.wantReg(rkGen, false, "a source register")
	if err != nil {
		return 0, 0, err
	}
	if err := p.expect(sep); err != nil {
		return 0, 0, err
	}
	b, err := p.wantReg(rkGen, false, "a source register")
	if err != nil {
		return 0, 0, err
	}
	return a.n, b.n, nil
}

func (p *parser) wantReg(kind regKind, masked bool, what string) (reg, error) {
	t := p.peek()
	r, ok := p.tryReg()
	if !ok || r.kind != kind {
		return reg{}, p.errf(t, "expected %s, found %s", what, describe(t))
	}
	if masked && r.mask == 0 {
		return reg{}, p.errf(t, "%s needs a macro mask (x, y, z, t or several of them)", what)
	}
	if !masked && r.mask != 0 {
		return reg{}, p.errf(t, "%s takes no macro prefix: sources are read in every lane of the mask (spec §2.2)", what)
	}
	return r, nil
}

// singleMacro returns the macro of a one-letter mask.
func (p *parser) singleMacro(r reg, what string) (uint8, error) {
	l := r.mask.Lanes()
	if len(l) != 1 {
		return 0, p.errf(r.tok, "%s names exactly one macro, not %q", what, r.mask.String())
	}
	return uint8(l[0]), nil
}

// parseNumber reads an integer literal (decimal or 0x hex).
func parseNumber(t token) (int64, error) {
	v, err := strconv.ParseInt(t.s, 0, 64)
	if err != nil {
		u, err2 := strconv.ParseUint(t.s, 0, 64)
		if err2 != nil {
			return 0, &posError{t.col, fmt.Sprintf("bad number %q", t.s)}
		}
		v = int64(u)
	}
	return v, nil
}

// tryImm reads an immediate: `#n`, `#-n`, `#sym`, `#sym+n`, or a bare
// number `n` / `-n` (the `#` may be left out before a numeric literal,
// spec §2.2). It returns ok=false and consumes nothing if there is none.
func (p *parser) tryImm(field immField) (int64, bool, error) {
	hash := p.is("#")
	if !hash && !(p.peek().kind == tkNum || (p.is("-") && p.peekN(1).kind == tkNum)) {
		return 0, false, nil
	}
	if hash {
		p.next()
	}
	t := p.peek()
	neg := false
	if p.is("-") {
		p.next()
		neg = true
	}
	t2 := p.next()
	switch {
	case t2.kind == tkNum:
		v, err := parseNumber(t2)
		if neg {
			v = -v
		}
		if err == nil && (v < math.MinInt32 || v > math.MaxUint32) {
			// Every field is at most 32 bits: never wrap silently.
			return 0, false, p.errf(t2, "immediate %d does not fit in 32 bits", v)
		}
		return v, true, err
	case t2.kind == tkIdent && hash && !neg:
		ref := symRef{sym: t2.s, field: field, col: t2.col}
		if p.is("+") || p.is("-") {
			sign := p.next().s
			n := p.next()
			if n.kind != tkNum {
				return 0, false, p.errf(n, "expected a number after %q", sign)
			}
			v, err := parseNumber(n)
			if err != nil {
				return 0, false, err
			}
			if sign == "-" {
				v = -v
			}
			ref.addend = v
		}
		p.pi.refs = append(p.pi.refs, ref)
		return 0, true, nil
	case t2.kind == tkIdent:
		return 0, false, p.errf(t2, "a symbol immediate needs `#` (spec §2.2)")
	}
	return 0, false, p.errf(t, "expected an immediate, found %s", describe(t2))
}

// immInto reads an immediate operand into in.Imm.
func (p *parser) immInto(in *bw.Inst) error {
	v, err := p.wantImm(fieldImm)
	in.Imm = int32(v)
	return err
}

func (p *parser) wantImm(field immField) (int64, error) {
	t := p.peek()
	v, ok, err := p.tryImm(field)
	if err != nil {
		return 0, err
	}
	if !ok {
		if t.kind == tkIdent {
			return 0, p.errf(t, "a symbol immediate needs `#` (spec §2.2)")
		}
		return 0, p.errf(t, "expected an immediate, found %s", describe(t))
	}
	return v, nil
}

// target reads a branch target: a label, or `#n`/`#label`.
func (p *parser) target() error {
	t := p.peek()
	if t.kind == tkIdent {
		p.next()
		p.pi.refs = append(p.pi.refs, symRef{sym: t.s, field: fieldImm, col: t.col})
		return nil
	}
	return p.immInto(&p.pi.in)
}

// tryMod reads a trailing modifier `(U)`, `(F)`, `(B)`, `(BU)`, `(H)`,
// `(HU)`.
func (p *parser) tryMod() (bw.Mod, bool) {
	if !p.is("(") || p.peekN(1).kind != tkIdent || p.peekN(2).kind != tkPunct || p.peekN(2).s != ")" {
		return 0, false
	}
	for i, n := range bw.ModNames {
		if i > 0 && strings.ToLower(n) == p.peekN(1).s {
			p.pos += 3
			return bw.Mod(i), true
		}
	}
	return 0, false
}

var relByTok = map[string]bw.Rel{"==": bw.RelEQ, "!=": bw.RelNE, "<": bw.RelLT, "<=": bw.RelLE, ">": bw.RelGT, ">=": bw.RelGE}

// cond reads `Rs REL Rt` or `Rs REL #imm` (with an optional modifier
// right after it) and reports whether the right side was an immediate.
func (p *parser) cond(field immField) (imm bool, mod bw.Mod, hasMod bool, err error) {
	rs, err := p.wantReg(rkGen, false, "a source register")
	if err != nil {
		return
	}
	return p.condAfter(rs, field)
}

// condAfter is cond once its first register has been read.
func (p *parser) condAfter(rs reg, field immField) (imm bool, mod bw.Mod, hasMod bool, err error) {
	t := p.next()
	rel, ok := relByTok[t.s]
	if t.kind != tkPunct || !ok {
		err = p.errf(t, "expected a relation (== != < <= > >=), found %s", describe(t))
		return
	}
	p.pi.in.Rs, p.pi.in.Rel = rs.n, rel
	if r, ok := p.tryReg(); ok {
		if r.kind != rkGen || r.mask != 0 {
			err = p.errf(r.tok, "expected a source register or an immediate")
			return
		}
		p.pi.in.Rt = r.n
	} else {
		var v int64
		v, err = p.wantImm(field)
		if err != nil {
			return
		}
		if field == fieldImm2 {
			p.pi.in.Imm2 = int32(v)
		} else {
			p.pi.in.Imm = int32(v)
		}
		imm = true
	}
	mod, hasMod = p.tryMod()
	return
}

// setForm looks the form up and stores its opcode.
func (p *parser) setForm(t token, syn bw.Syntax, tok string, mod bw.Mod) error {
	op, ok := bw.LookupForm(syn, tok, mod)
	if !ok {
		what := tok
		if what == "" {
			what = syn.String()
		}
		if mod != bw.ModNone && bw.SyntaxHasForm(syn, tok) {
			return p.errf(t, "%q does not take the (%s) modifier", what, bw.ModNames[mod])
		}
		return p.errf(t, "no instruction form %s %q", syn, what)
	}
	p.pi.in.Op = op
	return nil
}

// finish reads the optional trailing modifier (unless one was read
// already) and requires the end of the instruction.
func (p *parser) finish(mod *bw.Mod, had bool) error {
	if m, ok := p.tryMod(); ok {
		if had {
			return p.errf(p.toks[p.pos-2], "two modifiers")
		}
		*mod = m
	}
	if t := p.peek(); t.kind != tkEOF {
		return p.errf(t, "unexpected %s", describe(t))
	}
	return nil
}

// parseInst parses one instruction (the text between `||`).
func parseInst(toks []token) (pinst, error) {
	p := &parser{toks: toks}
	p.pi.col = toks[0].col
	// An opcode outside the table until a form is chosen, so that a parse
	// path that forgot setForm fails validation instead of becoming ADD.
	p.pi.in.Op = ^bw.Opcode(0)
	err := p.inst()
	return p.pi, err
}

func (p *parser) inst() error {
	in := &p.pi.in
	start := p.peek()
	if p.is("(") {
		if err := p.guard(); err != nil {
			return err
		}
	}
	t := p.peek()
	if t.kind == tkIdent {
		switch t.s {
		case "b", "call", "ret", "halt", "if":
			if in.Guard.On {
				return p.errf(start, "control instructions take no guard prefix; use an `if` form (spec §2.2)")
			}
			return p.control()
		}
	}
	if p.is("[") {
		return p.store()
	}
	lhs, ok := p.tryReg()
	if !ok {
		return p.errf(t, "expected an instruction, found %s", describe(t))
	}
	switch lhs.kind {
	case rkLC, rkRA, rkAddr:
		if lhs.mask != 0 {
			return p.errf(lhs.tok, "%s is shared by all macros and takes no macro mask", lhs.tok.s)
		}
		if err := p.expect("="); err != nil {
			return err
		}
		return p.addrUnit(lhs)
	case rkCP:
		return p.predDef(lhs)
	}
	if lhs.mask == 0 {
		return p.errf(lhs.tok, "the destination needs a macro mask (x, y, z, t or several of them)")
	}
	in.Mask, in.Rd = lhs.mask, lhs.n
	if err := p.expect("="); err != nil {
		return err
	}
	return p.genDef(lhs)
}

// guard reads `(CPk)`, `(!CPk)`, `(mCPk)` or `(!mCPk)`.
func (p *parser) guard() error {
	p.next()
	g := &p.pi.in.Guard
	g.On = true
	if p.is("!") {
		p.next()
		g.Neg = true
	}
	t := p.peek()
	r, ok := p.tryReg()
	if !ok || r.kind != rkCP {
		return p.errf(t, "expected a guard predicate CPk, found %s", describe(t))
	}
	g.K = r.n
	if r.mask != 0 {
		m, err := p.singleMacro(r, "the guard")
		if err != nil {
			return err
		}
		g.Macro = m
		g.On = true
		p.pi.guardMacro = true
	}
	return p.expect(")")
}

// control parses the control instructions.
func (p *parser) control() error {
	in := &p.pi.in
	t := p.next()
	var mod bw.Mod
	switch t.s {
	case "ret", "halt":
		syn := bw.SynRet
		if t.s == "halt" {
			syn = bw.SynHalt
		}
		if err := p.setForm(t, syn, "", 0); err != nil {
			return err
		}
		return p.finish(&mod, false)
	case "b", "call":
		if r, ok := p.tryReg(); ok {
			if r.kind != rkAddr || r.mask != 0 {
				return p.errf(r.tok, "%s takes a label or an address register", t.s)
			}
			in.Rs = r.n
			syn := bw.SynBR
			if t.s == "call" {
				syn = bw.SynCallR
			}
			if err := p.setForm(t, syn, "", 0); err != nil {
				return err
			}
			return p.finish(&mod, false)
		}
		if err := p.target(); err != nil {
			return err
		}
		syn := bw.SynB
		if t.s == "call" {
			syn = bw.SynCall
		}
		if err := p.setForm(t, syn, "", 0); err != nil {
			return err
		}
		return p.finish(&mod, false)
	}
	// if …
	neg := false
	if p.is("!") {
		p.next()
		neg = true
	}
	if p.isWord("any") || p.isWord("all") {
		q := p.next()
		r, err := p.wantReg(rkCP, true, "a masked predicate (e.g. xyztCP1)")
		if err != nil {
			return err
		}
		in.Mask, in.Rd, in.Neg = r.mask, r.n, neg
		syn := bw.SynBAny
		if q.s == "all" {
			syn = bw.SynBAll
		}
		return p.branchTail(t, syn, bw.ModNone, false)
	}
	r, ok := p.tryReg()
	if !ok {
		return p.errf(p.peek(), "expected a loop counter, a predicate or a register after `if`")
	}
	switch r.kind {
	case rkLC:
		if neg || r.mask != 0 {
			return p.errf(r.tok, "bad loop-counter branch; write `if LCn b L`")
		}
		in.Rd = r.n
		return p.branchTail(t, bw.SynBLC, bw.ModNone, false)
	case rkCP:
		m, err := p.singleMacro(r, "a predicate branch")
		if err != nil {
			return err
		}
		in.Src, in.Rd, in.Neg = m, r.n, neg
		return p.branchTail(t, bw.SynBPred, bw.ModNone, false)
	case rkGen:
		if neg {
			return p.errf(r.tok, "`!` goes only before a predicate")
		}
		m, err := p.singleMacro(r, "a compare-and-branch")
		if err != nil {
			return err
		}
		in.Src = m
		imm, cmod, had, err := p.condAfter(r, fieldImm2)
		if err != nil {
			return err
		}
		syn := bw.SynBCmp
		if imm {
			syn = bw.SynBCmpI
		}
		return p.branchTail(t, syn, cmod, had)
	}
	return p.errf(r.tok, "bad `if` condition")
}

// branchTail reads `b L [mod]` of an `if` form.
func (p *parser) branchTail(t token, syn bw.Syntax, mod bw.Mod, had bool) error {
	if err := p.expectWord("b"); err != nil {
		return err
	}
	if err := p.target(); err != nil {
		return err
	}
	if err := p.finish(&mod, had); err != nil {
		return err
	}
	return p.setForm(t, syn, "", mod)
}

// memop reads `[An]`, `[An + imm]`, `[An - imm]` or `[An += imm]` and an
// optional `:S`; it returns the address register and whether it is
// post-modified.
func (p *parser) memop() (uint8, bool, error) {
	in := &p.pi.in
	if err := p.expect("["); err != nil {
		return 0, false, err
	}
	t := p.peek()
	r, ok := p.tryReg()
	if !ok || r.kind != rkAddr || r.mask != 0 {
		return 0, false, p.errf(t, "expected an address register (U, V or W), found %s", describe(t))
	}
	pm := false
	switch {
	case p.is("+="):
		p.next()
		pm = true
		if err := p.immInto(in); err != nil {
			return 0, false, err
		}
	case p.is("+") || p.is("-"):
		sign := p.next()
		v, err := p.wantImm(fieldImm)
		if err != nil {
			return 0, false, err
		}
		if sign.s == "-" {
			if len(p.pi.refs) > 0 {
				return 0, false, p.errf(sign, "a symbol offset must be added, not subtracted")
			}
			v = -v
		}
		in.Imm = int32(v)
	}
	if err := p.expect("]"); err != nil {
		return 0, false, err
	}
	if p.is(":") {
		p.next()
		v, err := p.wantImm(fieldImm)
		if err != nil {
			return 0, false, err
		}
		in.Stride, in.HasStride = int32(v), true
	}
	return r.n, pm, nil
}

func (p *parser) store() error {
	in := &p.pi.in
	t := p.peek()
	a, pm, err := p.memop()
	if err != nil {
		return err
	}
	if err := p.expect("="); err != nil {
		return err
	}
	r, err := p.wantReg(rkGen, true, "the stored register with its macro mask")
	if err != nil {
		return err
	}
	in.Rd, in.Rs, in.Mask = a, r.n, r.mask
	var mod bw.Mod
	if err := p.finish(&mod, false); err != nil {
		return err
	}
	syn := bw.SynStore
	if pm {
		syn = bw.SynStorePM
	}
	return p.setForm(t, syn, "", mod)
}

// addrUnit parses the forms whose destination is LCn, RA or An.
func (p *parser) addrUnit(lhs reg) error {
	in := &p.pi.in
	in.Rd = lhs.n
	var mod bw.Mod
	t := p.peek()
	var syn bw.Syntax
	switch lhs.kind {
	case rkLC:
		if r, ok := p.tryReg(); ok {
			if r.kind != rkAddr || r.mask != 0 {
				return p.errf(r.tok, "a loop counter is set from an immediate or an address register")
			}
			in.Rs, syn = r.n, bw.SynLCAddr
		} else {
			if err := p.immInto(in); err != nil {
				return err
			}
			syn = bw.SynLCImm
		}
	case rkRA:
		r, err := p.wantReg(rkGen, true, "a general register with its macro (e.g. xR5)")
		if err != nil {
			return err
		}
		m, err := p.singleMacro(r, "the source")
		if err != nil {
			return err
		}
		in.Src, in.Rs, syn = m, r.n, bw.SynToRA
	default:
		if r, ok := p.tryReg(); ok {
			switch {
			case r.kind == rkGen && r.mask != 0:
				m, err := p.singleMacro(r, "the source")
				if err != nil {
					return err
				}
				in.Src, in.Rs, syn = m, r.n, bw.SynToAddr
			case r.kind == rkAddr && r.mask == 0:
				in.Rs = r.n
				op := p.next()
				switch op.s {
				case "+":
					if r2, ok := p.tryReg(); ok {
						if r2.kind != rkAddr || r2.mask != 0 {
							return p.errf(r2.tok, "expected an address register")
						}
						in.Rt, syn = r2.n, bw.SynAddrAdd
					} else {
						if err := p.immInto(in); err != nil {
							return err
						}
						syn = bw.SynAddrAddI
					}
				case "<<":
					if err := p.immInto(in); err != nil {
						return err
					}
					syn = bw.SynAddrShlI
				default:
					return p.errf(op, "expected `+` or `<<` in address arithmetic, found %s", describe(op))
				}
			default:
				return p.errf(r.tok, "an address register is set from an immediate, address arithmetic or a general register with its macro (xR5)")
			}
		} else {
			if err := p.immInto(in); err != nil {
				return err
			}
			syn = bw.SynAddrImm
		}
	}
	if err := p.finish(&mod, false); err != nil {
		return err
	}
	return p.setForm(t, syn, "", mod)
}

// predDef parses the forms whose destination is a predicate.
func (p *parser) predDef(lhs reg) error {
	in := &p.pi.in
	if lhs.mask == 0 {
		return p.errf(lhs.tok, "the destination predicate needs a macro mask")
	}
	in.Mask, in.Rd = lhs.mask, lhs.n
	pair := false
	if p.is(",") {
		p.next()
		r, err := p.wantReg(rkCP, false, "the second predicate")
		if err != nil {
			return err
		}
		in.Re, pair = r.n, true
	}
	op := p.next()
	if op.kind != tkPunct || (op.s != "=" && op.s != "|=" && op.s != "&=") {
		return p.errf(op, "expected `=`, `|=` or `&=`, found %s", describe(op))
	}
	var mod bw.Mod
	t := p.peek()
	if op.s == "=" && !pair {
		// Predicate constants and logic.
		switch {
		case t.kind == tkNum && (t.s == "0" || t.s == "1") && p.peekN(1).kind == tkEOF:
			p.next()
			in.Imm = int32(t.s[0] - '0')
			return p.setForm(t, bw.SynPConst, "", 0)
		case p.is("!") && p.peekN(1).kind == tkIdent:
			p.next()
			r, err := p.wantReg(rkCP, false, "a predicate")
			if err != nil {
				return err
			}
			in.Rs = r.n
			if err := p.finish(&mod, false); err != nil {
				return err
			}
			return p.setForm(t, bw.SynPNot, "", mod)
		}
	}
	// `CPg &&` or `CPa op CPb`.
	var first *reg
	if r, ok := p.tryReg(); ok {
		if r.kind != rkCP || r.mask != 0 {
			if r.kind == rkGen && r.mask == 0 {
				first = &r // the compare's first register
				goto compare
			}
			return p.errf(r.tok, "expected a predicate or a compare")
		}
		opTok := p.next()
		switch {
		case opTok.s == "&&" && opTok.kind == tkPunct:
			if op.s != "=" {
				return p.errf(opTok, "`CPg &&` goes only with `=` (the UN/UC actions)")
			}
			in.Pg, in.HasPg = r.n, true
		case !pair && op.s == "=" && (opTok.s == "&" || opTok.s == "|" || opTok.s == "^"):
			r2, err := p.wantReg(rkCP, false, "a predicate")
			if err != nil {
				return err
			}
			in.Rs, in.Rt = r.n, r2.n
			if err := p.finish(&mod, false); err != nil {
				return err
			}
			return p.setForm(t, bw.SynPLogic, opTok.s, mod)
		default:
			return p.errf(opTok, "expected `&&`, `&`, `|` or `^` after a predicate")
		}
	}
compare:
	negated := false
	if first == nil && p.is("!") {
		p.next()
		if err := p.expect("("); err != nil {
			return err
		}
		negated = true
	}
	var imm, had bool
	var err error
	if first != nil {
		imm, mod, had, err = p.condAfter(*first, fieldImm)
	} else {
		imm, mod, had, err = p.cond(fieldImm)
	}
	if err != nil {
		return err
	}
	if negated {
		if err := p.expect(")"); err != nil {
			return err
		}
	}
	if err := p.finish(&mod, had); err != nil {
		return err
	}
	switch {
	case pair:
		if op.s != "=" {
			return p.errf(op, "the UN,UC pair is written with `=`")
		}
		if negated {
			return p.errf(t, "the UN,UC pair takes the condition itself, not its negation")
		}
		in.Act = bw.ActUNUC
	case op.s == "|=":
		in.Act = pick(negated, bw.ActOC, bw.ActON)
	case op.s == "&=":
		in.Act = pick(negated, bw.ActAC, bw.ActAN)
	case in.HasPg:
		in.Act = pick(negated, bw.ActUC, bw.ActUN)
	default:
		in.Act = pick(negated, bw.ActCC, bw.ActCN)
	}
	syn := bw.SynCmp
	if imm {
		syn = bw.SynCmpI
	}
	return p.setForm(t, syn, "", mod)
}

func pick(c bool, a, b bw.Action) bw.Action {
	if c {
		return a
	}
	return b
}

var unaryWords = map[string]bool{"abs": true, "float": true, "fix": true, "sext8": true, "sext16": true,
	"zext8": true, "zext16": true, "recip": true, "sqrt": true}

var func2Words = map[string]bool{"min": true, "max": true, "mulh": true}

var binops = map[string]bool{"+": true, "-": true, "&": true, "|": true, "^": true, "*": true, "/": true, "%": true,
	"<<": true, ">>": true, ">>>": true}

// genDef parses the right side of `D Rd = …`.
func (p *parser) genDef(lhs reg) error {
	in := &p.pi.in
	var mod bw.Mod
	t := p.peek()
	if p.is("[") {
		a, pm, err := p.memop()
		if err != nil {
			return err
		}
		in.Rs = a
		if err := p.finish(&mod, false); err != nil {
			return err
		}
		syn := bw.SynLoad
		if pm {
			syn = bw.SynLoadPM
		}
		return p.setForm(t, syn, "", mod)
	}
	if v, ok, err := p.tryImm(fieldImm); err != nil {
		return err
	} else if ok {
		in.Imm = int32(v)
		if err := p.finish(&mod, false); err != nil {
			return err
		}
		return p.setForm(t, bw.SynMovI, "", mod)
	}
	if (p.is("-") || p.is("~")) && p.peekN(1).kind == tkIdent {
		op := p.next()
		r, err := p.wantReg(rkGen, false, "a source register")
		if err != nil {
			return err
		}
		in.Rs = r.n
		if err := p.finish(&mod, false); err != nil {
			return err
		}
		return p.setForm(op, bw.SynUnary, op.s, mod)
	}
	if t.kind == tkIdent && unaryWords[t.s] {
		p.next()
		r, err := p.wantReg(rkGen, false, "a source register")
		if err != nil {
			return err
		}
		in.Rs = r.n
		if err := p.finish(&mod, false); err != nil {
			return err
		}
		return p.setForm(t, bw.SynUnary, t.s, mod)
	}
	if t.kind == tkIdent && func2Words[t.s] && p.peekN(1).s == "(" {
		p.next()
		p.next()
		rs, rt, err := p.sourcePair(",")
		if err != nil {
			return err
		}
		if err := p.expect(")"); err != nil {
			return err
		}
		in.Rs, in.Rt = rs, rt
		if err := p.finish(&mod, false); err != nil {
			return err
		}
		return p.setForm(t, bw.SynFunc2, t.s, mod)
	}
	r, ok := p.tryReg()
	if !ok {
		return p.errf(t, "expected a source operand, found %s", describe(t))
	}
	syn := bw.SynMov
	switch {
	case r.kind == rkRA && r.mask == 0:
		syn = bw.SynFromRA
	case r.kind == rkAddr && r.mask == 0:
		in.Rs, syn = r.n, bw.SynFromAddr
	case r.kind == rkGen && r.mask != 0:
		m, err := p.singleMacro(r, "the source of a transfer")
		if err != nil {
			return err
		}
		in.Src, in.Rs, syn = m, r.n, bw.SynXfer
		if op := p.peek(); op.kind == tkPunct && binops[op.s] {
			return p.errf(r.tok, "source registers of a compute instruction take no macro prefix; values cross macros only through transfers (spec §2.2)")
		}
	case r.kind == rkCP && r.mask == 0 && p.is("?"):
		p.next()
		rs, rt, err := p.sourcePair(":")
		if err != nil {
			return err
		}
		in.Re, in.Rs, in.Rt, syn = r.n, rs, rt, bw.SynSel
	case r.kind == rkGen:
		in.Rs = r.n
		op := p.peek()
		if op.kind == tkPunct && binops[op.s] {
			p.next()
			if r2, ok := p.tryReg(); ok {
				if r2.kind != rkGen || r2.mask != 0 {
					return p.errf(r2.tok, "expected a source register without macro prefix or an immediate")
				}
				in.Rt = r2.n
				syn = bw.SynRRR
			} else {
				if err := p.immInto(in); err != nil {
					return err
				}
				syn = bw.SynRRI
			}
			if err := p.finish(&mod, false); err != nil {
				return err
			}
			return p.setForm(op, syn, op.s, mod)
		}
	default:
		return p.errf(r.tok, "unexpected source %s", describe(r.tok))
	}
	if err := p.finish(&mod, false); err != nil {
		return err
	}
	return p.setForm(t, syn, "", mod)
}
