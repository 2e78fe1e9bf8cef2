// MIR parser, function bodies: block labels and references, instructions, operands, registers.

package mir

import "strings"

// block returns the block with the given ID, creating it on first mention.
func (p *parser) block(id int64, at pos) (*blockRef, error) {
	if id < 0 || id > 1<<30 {
		return nil, p.errAt(at, "bad block number %d", id)
	}
	r := p.blocks[int(id)]
	if r == nil {
		r = &blockRef{b: &Block{ID: int(id), Func: p.f}, at: at}
		p.blocks[int(id)] = r
	}
	return r, nil
}

// blockID reads "bbN" and an optional ".name".
func (p *parser) blockID() (int64, string, error) {
	if err := p.expect("bb"); err != nil {
		return 0, "", err
	}
	if c := p.peekByte(); c < '0' || c > '9' {
		return 0, "", p.errf("expected a block number")
	}
	id, err := p.int()
	if err != nil || !p.accept(".") {
		return id, "", err
	}
	n, err := p.name()
	return id, n, err
}

// blockRef reads a reference to a block.
func (p *parser) blockRef() (*Block, error) {
	at := p.here()
	id, n, err := p.blockID()
	if err != nil {
		return nil, err
	}
	r, err := p.block(id, at)
	if err != nil {
		return nil, err
	}
	switch {
	case r.defined && r.b.Name != n:
		return nil, p.errAt(at, "bb%d is named %q, not %q", id, r.b.Name, n)
	case !r.defined && r.named && r.name != n:
		return nil, p.errAt(at, "bb%d referenced as both %q and %q", id, r.name, n)
	case !r.defined && !r.named:
		r.name, r.named = n, true
	}
	return r.b, nil
}

func (p *parser) blockLabel() error {
	if len(p.bundles) > 0 {
		return p.errf("block label inside a bundle (missing })")
	}
	at := p.here()
	id, n, err := p.blockID()
	if err != nil {
		return err
	}
	r, err := p.block(id, at)
	if err != nil {
		return err
	}
	if r.defined {
		return p.errAt(at, "bb%d defined twice", id)
	}
	if r.named && r.name != n {
		return p.errAt(r.at, "bb%d referenced as %q but defined as %q", id, r.name, n)
	}
	if err := p.expect(":"); err != nil {
		return err
	}
	r.defined = true
	b := r.b
	b.Name = n
	p.f.Blocks = append(p.f.Blocks, b)
	p.f.ReserveBlockID(b.ID)
	p.cur = b
	return p.attrs(func(k string, at pos, hasValue bool) error {
		if k != "align" {
			return p.errAt(at, "unknown block attribute %q", k)
		}
		v, err := p.intValue(k, hasValue)
		if v < 0 || v > 64 {
			return p.errAt(at, "bad alignment")
		}
		b.Align = int(v)
		return err
	})
}

func (p *parser) bodyLine() error {
	if p.cur == nil {
		return p.errf("instruction before the first block label")
	}
	if packet := p.accept("packet"); packet || p.accept("bundle") {
		p.skipSpace()
		if err := p.expect("{"); err != nil {
			return err
		}
		if _, err := p.endLine(); err != nil {
			return err
		}
		if n := len(p.bundles); n > 0 && p.bundles[n-1] == nil {
			return p.errf("a bundle must start with its head instruction")
		}
		p.bundles = append(p.bundles, nil)
		p.packets = append(p.packets, packet)
		return nil
	}
	if at := p.here(); p.accept("}") {
		n := len(p.bundles)
		if n == 0 {
			return p.errAt(at, "} without bundle")
		}
		if h := p.bundles[n-1]; h == nil || len(h.Bundle) == 0 {
			return p.errAt(at, "bundle needs a head and at least one more instruction")
		}
		p.bundles, p.packets = p.bundles[:n-1], p.packets[:n-1]
		_, err := p.endLine()
		return err
	}
	in, err := p.instr()
	if err != nil {
		return err
	}
	switch n := len(p.bundles); {
	case n == 0:
		p.cur.Instrs = append(p.cur.Instrs, in)
	case p.bundles[n-1] != nil:
		h := p.bundles[n-1]
		h.Bundle = append(h.Bundle, in)
	default:
		p.bundles[n-1] = in
		in.Packet = p.packets[n-1]
		if n == 1 {
			p.cur.Instrs = append(p.cur.Instrs, in)
		} else {
			h := p.bundles[n-2]
			h.Bundle = append(h.Bundle, in)
		}
	}
	return nil
}

// hasDefs reports whether the line has a top-level '=' before its comment.
func (p *parser) hasDefs() bool {
	inStr := false
	for j := p.i; j < len(p.line); j++ {
		c := p.line[j]
		switch {
		case inStr && c == '\\':
			j++
		case c == '"':
			inStr = !inStr
		case inStr:
		case c == ';':
			return false
		case c == '=':
			return true
		}
	}
	return false
}

func (p *parser) instr() (*Instr, error) {
	in := &Instr{}
	if p.hasDefs() {
		for {
			p.skipSpace()
			at := p.here()
			o, err := p.operand()
			if err != nil {
				return nil, err
			}
			if o.Kind != KindReg || o.Flags&(FlagImplicit|FlagDef) != 0 {
				return nil, p.errAt(at, "left of = only registers are allowed")
			}
			o.Flags |= FlagDef
			in.Ops = append(in.Ops, o)
			p.skipSpace()
			if p.accept("=") {
				break
			}
			if err := p.expect(","); err != nil {
				return nil, err
			}
		}
		p.skipSpace()
	}
	at := p.here()
	name := p.ident()
	if name == "" {
		return nil, p.errf("expected an opcode")
	}
	op, ok := p.arch().LookupOp(name)
	if !ok {
		return nil, p.errAt(at, "unknown opcode %q for arch %s", name, p.f.Arch.Name)
	}
	in.Op = op
	for first := true; !p.atEnd() && !strings.HasPrefix(p.line[p.i:], "::"); first = false {
		if !first {
			if err := p.expect(","); err != nil {
				return nil, err
			}
			p.skipSpace()
		} else if p.i > 0 && p.line[p.i-1] != ' ' && p.line[p.i-1] != '\t' {
			return nil, p.errf("expected a space after the opcode")
		}
		o, err := p.operand()
		if err != nil {
			return nil, err
		}
		in.Ops = append(in.Ops, o)
	}
	if p.accept("::") {
		m, err := p.memOperand()
		if err != nil {
			return nil, err
		}
		in.Mem = m
	}
	c, err := p.endLine()
	in.Comment = c
	return in, err
}

var operandFlags = []struct {
	word  string
	flags Flags
}{
	{"implicit-def", FlagImplicit | FlagDef},
	{"implicit", FlagImplicit},
	{"def", FlagDef},
	{"early-clobber", FlagEarlyClobber},
	{"dead", FlagDead},
	{"killed", FlagKill},
	{"undef", FlagUndef},
	{"uniform", FlagUniform},
}

// operand parses one operand with its flag keywords.
func (p *parser) operand() (Operand, error) {
	var o Operand
	for {
		save := p.i
		w := p.word()
		found := false
		for _, fl := range operandFlags {
			if w == fl.word && p.peekByte() == ' ' {
				o.Flags |= fl.flags
				found = true
				break
			}
		}
		if !found {
			p.i = save
			break
		}
		p.skipSpace()
	}
	at := p.here()
	rest := p.line[p.i:]
	switch c := p.peekByte(); {
	case c == '%':
		r, err := p.vreg()
		o.Kind, o.Reg = KindReg, r
		return o, err
	case c == '"':
		s, err := p.name()
		o.Kind, o.Sym = KindStr, s
		return o, err
	case c == '@':
		p.i++
		s, err := p.name()
		if err != nil {
			return o, err
		}
		o.Kind, o.Sym = KindSym, s
		o.Imm, err = p.offset()
		return o, err
	case c == '-' || c >= '0' && c <= '9':
		v, err := p.int()
		o.Kind, o.Imm = KindImm, v
		return o, err
	case strings.HasPrefix(rest, "fi#"):
		p.i += 3
		v, err := p.int()
		if err != nil {
			return o, err
		}
		p.fiRefs = append(p.fiRefs, idxRef{v, at})
		o.Kind, o.Imm = KindFrame, v
		o.Off, err = p.offset()
		return o, err
	case strings.HasPrefix(rest, "jt#"):
		p.i += 3
		v, err := p.int()
		p.jtRefs = append(p.jtRefs, idxRef{v, at})
		o.Kind, o.Imm = KindJT, v
		return o, err
	case strings.HasPrefix(rest, "pred:"):
		p.i += 5
		o.Kind = KindPred
		o.Neg = p.accept("!")
		var err error
		if p.peekByte() == '%' {
			o.Reg, err = p.vreg()
		} else {
			o.Reg, err = p.physReg()
		}
		return o, err
	case strings.HasPrefix(rest, "bb") && len(rest) > 2 && rest[2] >= '0' && rest[2] <= '9':
		b, err := p.blockRef()
		o.Kind, o.Block = KindBlock, b
		return o, err
	}
	if p.hasRegPrefix() || strings.HasPrefix(rest, "noreg") {
		r, err := p.physReg()
		o.Kind, o.Reg = KindReg, r
		return o, err
	}
	w := p.ident()
	if cnd, ok := ParseCond(w); ok {
		o.Kind, o.Cond = KindCond, cnd
		return o, nil
	}
	if w == "" {
		return o, p.errAt(at, "expected an operand")
	}
	return o, p.errAt(at, "unknown operand %q", w)
}

func (p *parser) regPrefix() string {
	if pre := p.arch().RegPrefix; pre != "" {
		return pre
	}
	return "$"
}

func (p *parser) hasRegPrefix() bool { return strings.HasPrefix(p.line[p.i:], p.regPrefix()) }

// physReg reads a physical register (with the target's prefix) or noreg.
func (p *parser) physReg() (Reg, error) {
	at := p.here()
	if p.accept("noreg") {
		return NoReg, nil
	}
	if !p.accept(p.regPrefix()) {
		return 0, p.errf("expected a register")
	}
	n := p.ident()
	r, ok := p.arch().LookupReg(n)
	if !ok {
		return 0, p.errAt(at, "unknown register %q for arch %s", p.regPrefix()+n, p.f.Arch.Name)
	}
	return r, nil
}

// vreg reads %N with an optional .name and :class; the class is recorded
// (and must agree with earlier mentions).
func (p *parser) vreg() (Reg, error) {
	at := p.here()
	if err := p.expect("%"); err != nil {
		return 0, err
	}
	if c := p.peekByte(); c < '0' || c > '9' {
		return 0, p.errf("expected a virtual register number")
	}
	n, err := p.int()
	if err != nil {
		return 0, err
	}
	if n > int64(^Reg(0)-VirtBase) {
		return 0, p.errAt(at, "virtual register number too large")
	}
	if p.vregs >= 0 && n >= int64(p.vregs) {
		return 0, p.errAt(at, "%%%d out of range (vregs: %d)", n, p.vregs)
	}
	idx := int(n)
	r := VirtBase + Reg(idx)
	if idx > p.maxVReg {
		p.maxVReg, p.maxVPos = idx, at
	}
	if p.accept(".") {
		s, err := p.name()
		if err != nil {
			return 0, err
		}
		if p.f.VRegName == nil {
			p.f.VRegName = map[Reg]string{}
		}
		if old, ok := p.f.VRegName[r]; ok && old != s {
			return 0, p.errAt(at, "%%%d is named both %q and %q", idx, old, s)
		}
		p.f.VRegName[r] = s
	}
	if p.accept(":") {
		cat := p.here()
		cn := p.ident()
		c, ok := p.arch().LookupClass(cn)
		if !ok {
			return 0, p.errAt(cat, "unknown register class %q", cn)
		}
		for len(p.classes) <= idx {
			p.classes = append(p.classes, 0)
			p.classSet = append(p.classSet, false)
		}
		if p.classSet[idx] && p.classes[idx] != c {
			return 0, p.errAt(cat, "%%%d has class %s and %s", idx, p.f.Arch.Classes[p.classes[idx]].Name, cn)
		}
		p.classes[idx], p.classSet[idx] = c, true
	}
	return r, nil
}
