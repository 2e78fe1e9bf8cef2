package mir

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseError is an error in MIR text at a 1-based line and column.
type ParseError struct {
	Line, Col int
	Msg       string
}

func (e *ParseError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// ArchLookup resolves the name on a function's "arch:" line. Parse handles
// "generic" itself.
type ArchLookup func(name string) (*Arch, error)

// Parse reads a module in the text form written by Print and PrintModule
// (see print.go). Lines whose first non-blank character is '#' or ';' are
// comments, so lit RUN lines may precede the MIR. A function without an
// "arch:" line is generic. Parsed functions have their CFG (Preds, Succs)
// recomputed. For any text Print wrote, printing the result reproduces it.
func Parse(src string, lookup ArchLookup) (*Module, error) {
	p := &parser{lookup: lookup, m: &Module{}}
	if err := p.run(src); err != nil {
		return nil, err
	}
	return p.m, nil
}

// ParseFunc parses text holding exactly one function.
func ParseFunc(src string, lookup ArchLookup) (*Func, error) {
	m, err := Parse(src, lookup)
	if err != nil {
		return nil, err
	}
	if len(m.Funcs) != 1 {
		return nil, &ParseError{1, 1, fmt.Sprintf("expected one function, found %d", len(m.Funcs))}
	}
	return m.Funcs[0], nil
}

type parseState uint8

const (
	stTop parseState = iota
	stModule
	stGlobal
	stHeader
	stFrame
	stJumpTables
	stBody
)

// pos is a source position.
type pos struct{ line, col int }

type blockRef struct {
	b       *Block
	defined bool
	at      pos    // first reference
	name    string // name used by references before the definition
	named   bool
}

type parser struct {
	lookup ArchLookup
	m      *Module

	ln   int // 1-based line number
	line string
	i    int // cursor in line

	state parseState
	g     *Global

	// per-function state
	f        *Func
	archSet  bool
	archUsed bool
	blocks   map[int]*blockRef
	cur      *Block
	bundles  []*Instr // heads of open bundles; nil while the head is pending
	vregs    int      // from "vregs:", -1 if absent
	classSet []bool
	classes  []RegClass
	maxVReg  int
	maxVPos  pos
	jtRefs   []idxRef
	fiRefs   []idxRef
}

type idxRef struct {
	idx int64
	at  pos
}

func (p *parser) errAt(at pos, format string, args ...any) error {
	return &ParseError{at.line, at.col, fmt.Sprintf(format, args...)}
}

func (p *parser) errf(format string, args ...any) error {
	return p.errAt(p.here(), format, args...)
}

func (p *parser) here() pos { return pos{p.ln, p.i + 1} }

func (p *parser) run(src string) error {
	lines := strings.Split(src, "\n")
	for n, l := range lines {
		p.ln, p.line, p.i = n+1, strings.TrimSuffix(l, "\r"), 0
		p.skipSpace()
		if p.eol() || p.line[p.i] == '#' || p.line[p.i] == ';' {
			continue
		}
		if err := p.lineSwitch(); err != nil {
			return err
		}
	}
	p.ln, p.line, p.i = len(lines), "", 0
	return p.finish()
}

func (p *parser) finish() error {
	switch {
	case p.f != nil:
		return p.finishFunc()
	}
	return nil
}

func (p *parser) lineSwitch() error {
	indented := p.i > 0
	if !indented && strings.HasPrefix(p.line, "---") {
		if err := p.finish(); err != nil {
			return err
		}
		p.f, p.g = nil, nil
		p.i = 3
		p.skipSpace()
		at := p.here()
		switch w := p.word(); w {
		case "module:":
			return p.moduleLine()
		case "function:":
			return p.funcLine()
		case "global:":
			return p.globalLine()
		default:
			return p.errAt(at, "expected module:, function: or global: after ---")
		}
	}
	switch p.state {
	case stModule:
		return p.moduleAttr()
	case stGlobal:
		if !indented {
			return p.errf("expected an indented data item")
		}
		return p.dataItem()
	case stHeader, stFrame, stJumpTables:
		if indented {
			switch p.state {
			case stFrame:
				return p.frameObject()
			case stJumpTables:
				return p.jumpTable()
			}
			return p.errf("unexpected indented line in function header")
		}
		return p.headerLine()
	case stBody:
		if indented {
			return p.bodyLine()
		}
		return p.blockLabel()
	}
	return p.errf("expected ---")
}

// Cursor helpers.

func (p *parser) eol() bool { return p.i >= len(p.line) }

// atEnd reports whether only blanks or a comment remain.
func (p *parser) atEnd() bool {
	p.skipSpace()
	return p.eol() || p.line[p.i] == ';'
}

func (p *parser) skipSpace() {
	for p.i < len(p.line) && (p.line[p.i] == ' ' || p.line[p.i] == '\t') {
		p.i++
	}
}

func (p *parser) peekByte() byte {
	if p.eol() {
		return 0
	}
	return p.line[p.i]
}

func (p *parser) accept(s string) bool {
	if strings.HasPrefix(p.line[p.i:], s) {
		p.i += len(s)
		return true
	}
	return false
}

func (p *parser) expect(s string) error {
	if !p.accept(s) {
		return p.errf("expected %q", s)
	}
	return nil
}

func isWordChar(c byte) bool { return isNameChar(c) && c != '$' || c == '-' || c == ':' || c == '#' }

// word reads a keyword-like token (letters, digits, _ . - : #).
func (p *parser) word() string {
	s := p.i
	for p.i < len(p.line) && isWordChar(p.line[p.i]) {
		p.i++
	}
	return p.line[s:p.i]
}

// ident reads an opcode or register name: letters, digits, _ and '.'.
func (p *parser) ident() string {
	s := p.i
	for p.i < len(p.line) {
		c := p.line[p.i]
		if !(isNameChar(c) && c != '$') {
			break
		}
		p.i++
	}
	return p.line[s:p.i]
}

// name reads a plain or Go-quoted name.
func (p *parser) name() (string, error) {
	if p.peekByte() == '"' {
		s := p.i
		p.i++
		for p.i < len(p.line) && p.line[p.i] != '"' {
			if p.line[p.i] == '\\' {
				p.i++
			}
			p.i++
		}
		if p.i >= len(p.line) {
			return "", p.errAt(pos{p.ln, s + 1}, "unterminated string")
		}
		p.i++
		v, err := strconv.Unquote(p.line[s:p.i])
		if err != nil {
			return "", p.errAt(pos{p.ln, s + 1}, "bad string: %v", err)
		}
		return v, nil
	}
	s := p.i
	for p.i < len(p.line) && isNameChar(p.line[p.i]) {
		p.i++
	}
	if s == p.i {
		return "", p.errf("expected a name")
	}
	return p.line[s:p.i], nil
}

// int reads a decimal integer with an optional sign.
func (p *parser) int() (int64, error) {
	s := p.i
	if p.peekByte() == '-' || p.peekByte() == '+' {
		p.i++
	}
	d := p.i
	for p.i < len(p.line) && p.line[p.i] >= '0' && p.line[p.i] <= '9' {
		p.i++
	}
	if d == p.i {
		p.i = s
		return 0, p.errf("expected an integer")
	}
	v, err := strconv.ParseInt(p.line[s:p.i], 10, 64)
	if err != nil {
		return 0, p.errAt(pos{p.ln, s + 1}, "integer out of range")
	}
	return v, nil
}

// offset reads an optional +N / -N.
func (p *parser) offset() (int64, error) {
	if c := p.peekByte(); c != '+' && c != '-' {
		return 0, nil
	}
	return p.int()
}

// endLine checks that nothing but a comment follows and returns the comment.
func (p *parser) endLine() (string, error) {
	if !p.atEnd() {
		return "", p.errf("unexpected %q", p.line[p.i:])
	}
	if p.eol() {
		return "", nil
	}
	c := p.line[p.i+1:]
	return strings.TrimPrefix(c, " "), nil
}

// attrs parses space-separated "key" and "key=value" items; val parses the
// value of a key (the cursor is after '=') or handles a bare key.
func (p *parser) attrs(val func(key string, at pos, hasValue bool) error) error {
	for !p.atEnd() {
		at := p.here()
		k := p.word()
		if k == "" {
			return p.errf("expected an attribute")
		}
		if strings.HasSuffix(k, ":") {
			return p.errAt(at, "unexpected %q", k)
		}
		hasValue := p.accept("=")
		if err := val(k, at, hasValue); err != nil {
			return err
		}
	}
	_, err := p.endLine()
	return err
}

func (p *parser) intValue(key string, hasValue bool) (int64, error) {
	if !hasValue {
		return 0, p.errf("%s needs a value", key)
	}
	return p.int()
}

// Module and globals.

func (p *parser) moduleLine() error {
	p.skipSpace()
	s, err := p.name()
	if err != nil {
		return err
	}
	p.m.Source = s
	p.state = stModule
	_, err = p.endLine()
	return err
}

func (p *parser) moduleAttr() error {
	switch p.word() {
	case "byte-order:":
		p.skipSpace()
		switch p.word() {
		case "big":
			p.m.BigEndian = true
		case "little":
			p.m.BigEndian = false
		default:
			return p.errf("expected big or little")
		}
	case "externs:":
		if err := p.commaList(func() error {
			if err := p.expect("@"); err != nil {
				return err
			}
			s, err := p.name()
			if err != nil {
				return err
			}
			p.m.Externs = append(p.m.Externs, s)
			return nil
		}); err != nil {
			return err
		}
	case "alias:": // alias: @name = @target+off [exported]
		var a Alias
		var err error
		p.skipSpace()
		if err = p.expect("@"); err == nil {
			if a.Name, err = p.name(); err == nil {
				p.skipSpace()
				if err = p.expect("="); err == nil {
					p.skipSpace()
					if err = p.expect("@"); err == nil {
						if a.Target, err = p.name(); err == nil {
							a.Offset, err = p.offset()
						}
					}
				}
			}
		}
		if err != nil {
			return err
		}
		p.skipSpace()
		if p.word() == "exported" {
			a.Exported = true
		}
		p.m.Aliases = append(p.m.Aliases, a)
	default:
		p.i = 0
		return p.errf("expected byte-order:, externs: or alias:")
	}
	_, err := p.endLine()
	return err
}

var sectionByName = map[string]Section{".data": SecData, ".rodata": SecRodata, ".bss": SecBSS}

func (p *parser) globalLine() error {
	p.skipSpace()
	if err := p.expect("@"); err != nil {
		return err
	}
	n, err := p.name()
	if err != nil {
		return err
	}
	g := &Global{Name: n}
	err = p.attrs(func(k string, at pos, hasValue bool) (err error) {
		switch k {
		case "size":
			g.Size, err = p.intValue(k, hasValue)
		case "align":
			g.Align, err = p.intValue(k, hasValue)
		case "section":
			s, ok := sectionByName[p.word()]
			if !ok || !hasValue {
				return p.errAt(at, "expected section=.data, .rodata or .bss")
			}
			g.Section = s
		case "exported":
			g.Exported = true
		default:
			return p.errAt(at, "unknown global attribute %q", k)
		}
		return err
	})
	if err != nil {
		return err
	}
	p.g = g
	p.m.Globals = append(p.m.Globals, g)
	p.state = stGlobal
	return nil
}

func (p *parser) dataItem() error {
	at := p.here()
	kind := p.word()
	p.skipSpace()
	size, err := p.int()
	if err != nil {
		return err
	}
	it := DataItem{Size: size}
	p.skipSpace()
	switch kind {
	case "int":
		it.Kind = DataInt
		it.Value, err = p.int()
	case "sym":
		it.Kind = DataSym
		if err = p.expect("@"); err == nil {
			if it.Sym, err = p.name(); err == nil {
				it.Value, err = p.offset()
			}
		}
	case "symdiff": // symdiff 4 @a+off @b
		it.Kind = DataSymDiff
		if err = p.expect("@"); err == nil {
			if it.Sym, err = p.name(); err == nil {
				if it.Value, err = p.offset(); err == nil {
					p.skipSpace()
					if err = p.expect("@"); err == nil {
						it.Sym2, err = p.name()
					}
				}
			}
		}
	case "zero":
		it.Kind = DataZero
	case "bytes":
		it.Kind = DataBytes
		var s string
		if p.peekByte() != '"' {
			return p.errf("expected a quoted string")
		}
		s, err = p.name()
		it.Bytes = []byte(s)
	default:
		return p.errAt(at, "unknown data item %q", kind)
	}
	if err != nil {
		return err
	}
	p.g.Items = append(p.g.Items, it)
	_, err = p.endLine()
	return err
}

// Functions.

func (p *parser) funcLine() error {
	p.skipSpace()
	n, err := p.name()
	if err != nil {
		return err
	}
	p.f = NewFunc(n, GenericArch)
	p.archSet, p.archUsed = false, false
	p.blocks = map[int]*blockRef{}
	p.cur, p.bundles = nil, nil
	p.vregs, p.classSet, p.classes, p.maxVReg = -1, nil, nil, -1
	p.jtRefs, p.fiRefs = nil, nil
	p.state = stHeader
	_, err = p.endLine()
	return err
}

// arch returns the function's architecture and notes it has been used.
func (p *parser) arch() *Arch {
	p.archUsed = true
	return p.f.Arch
}

func (p *parser) headerLine() error {
	at := p.here()
	key := p.word()
	p.skipSpace()
	f := p.f
	switch key {
	case "arch:":
		if p.archSet || p.archUsed {
			return p.errAt(at, "arch: must come once, before anything that names registers or ops")
		}
		n, err := p.name()
		if err != nil {
			return err
		}
		p.archSet = true
		if n != GenericArch.Name {
			if p.lookup == nil {
				return p.errAt(at, "unknown arch %q", n)
			}
			a, err := p.lookup(n)
			if err != nil {
				return p.errAt(at, "arch %q: %v", n, err)
			}
			if a == nil {
				return p.errAt(at, "unknown arch %q", n)
			}
			f.Arch = a
		}
	case "props:":
		for !p.atEnd() {
			wat := p.here()
			w := p.word()
			found := false
			for b, n := range propNames {
				if n == w {
					f.Props |= 1 << b
					found = true
				}
			}
			if !found {
				return p.errAt(wat, "unknown property %q", w)
			}
		}
	case "attrs:":
		for !p.atEnd() {
			wat := p.here()
			switch w := p.word(); w {
			case "exported":
				f.Exported = true
			case "weak":
				f.Weak = true
			case "vararg":
				f.Vararg = true
			default:
				return p.errAt(wat, "unknown function attribute %q", w)
			}
		}
	case "frame-info:":
		return p.attrs(func(k string, at pos, hasValue bool) (err error) {
			switch k {
			case "size":
				f.FrameSize, err = p.intValue(k, hasValue)
			case "max-call-args":
				f.MaxCallArgs, err = p.intValue(k, hasValue)
			case "has-calls":
				f.HasCalls = true
			case "frame-pointer":
				f.FramePointer = true
			case "saved":
				for first := true; first || p.accept(","); first = false {
					r, err := p.physReg()
					if err != nil {
						return err
					}
					f.SavedRegs = append(f.SavedRegs, r)
				}
			default:
				return p.errAt(at, "unknown frame-info attribute %q", k)
			}
			return err
		})
	case "vregs:":
		n, err := p.int()
		if err != nil {
			return err
		}
		if n < 0 || n > int64(^Reg(0)-VirtBase) {
			return p.errAt(at, "bad vreg count")
		}
		p.vregs = int(n)
	case "undef-vregs:":
		if err := p.commaList(func() error {
			_, err := p.vreg()
			return err
		}); err != nil {
			return err
		}
	case "block-syms:": // block-syms: bb3 = @sym, ...
		for first := true; !p.atEnd(); first = false {
			if !first {
				if err := p.expect(","); err != nil {
					return err
				}
			}
			p.skipSpace()
			b, err := p.blockRef()
			if err != nil {
				return err
			}
			p.skipSpace()
			if err := p.expect("="); err != nil {
				return err
			}
			p.skipSpace()
			if err := p.expect("@"); err != nil {
				return err
			}
			s, err := p.name()
			if err != nil {
				return err
			}
			if p.f.BlockSyms == nil {
				p.f.BlockSyms = make(map[*Block]string)
			}
			p.f.BlockSyms[b] = s
		}
	case "frame:":
		p.state = stFrame
	case "jumptables:":
		p.state = stJumpTables
	case "body:":
		p.state = stBody
		p.arch()
	default:
		return p.errAt(at, "unknown function header line %q", key)
	}
	_, err := p.endLine()
	return err
}

// numberedEntry reads the "fi#N:" / "jt#N:" head of a frame object or jump
// table line; entries must come in order, so N is the next index.
func (p *parser) numberedEntry(prefix string, next int) error {
	if err := p.expect(prefix); err != nil {
		return err
	}
	at := p.here()
	n, err := p.int()
	if err != nil {
		return err
	}
	if n != int64(next) {
		return p.errAt(at, "expected %s%d", prefix, next)
	}
	return p.expect(":")
}

func (p *parser) frameObject() error {
	if err := p.numberedEntry("fi#", len(p.f.Frame)); err != nil {
		return err
	}
	var o FrameObject
	err := p.attrs(func(k string, at pos, hasValue bool) (err error) {
		switch k {
		case "size":
			o.Size, err = p.intValue(k, hasValue)
		case "align":
			o.Align, err = p.intValue(k, hasValue)
		case "offset":
			o.Offset, err = p.intValue(k, hasValue)
		case "fixed":
			o.Fixed = true
		case "name":
			o.Name, err = p.name()
		default:
			return p.errAt(at, "unknown frame object attribute %q", k)
		}
		return err
	})
	p.f.Frame = append(p.f.Frame, o)
	return err
}

// commaList calls item for each element of a ", "-separated list that runs
// to the end of the line.
func (p *parser) commaList(item func() error) error {
	for first := true; !p.atEnd(); first = false {
		if !first {
			if err := p.expect(","); err != nil {
				return err
			}
			p.skipSpace()
		}
		if err := item(); err != nil {
			return err
		}
	}
	return nil
}

func (p *parser) jumpTable() error {
	if err := p.numberedEntry("jt#", len(p.f.JumpTables)); err != nil {
		return err
	}
	jt := []*Block{}
	if err := p.commaList(func() error {
		b, err := p.blockRef()
		jt = append(jt, b)
		return err
	}); err != nil {
		return err
	}
	p.f.JumpTables = append(p.f.JumpTables, jt)
	_, err := p.endLine()
	return err
}

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
	if p.accept("bundle") {
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
		p.bundles = p.bundles[:n-1]
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
	for first := true; !p.atEnd(); first = false {
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

func (p *parser) finishFunc() error {
	f := p.f
	p.state = stTop
	if len(p.bundles) > 0 {
		return p.errf("unterminated bundle at end of function %s", f.Name)
	}
	for _, r := range p.blocks {
		if !r.defined {
			return p.errAt(r.at, "bb%d is referenced but not defined", r.b.ID)
		}
	}
	for _, r := range p.jtRefs {
		if r.idx < 0 || r.idx >= int64(len(f.JumpTables)) {
			return p.errAt(r.at, "jt#%d does not exist", r.idx)
		}
	}
	for _, r := range p.fiRefs {
		if r.idx < 0 || r.idx >= int64(len(f.Frame)) {
			return p.errAt(r.at, "fi#%d does not exist", r.idx)
		}
	}
	n := p.vregs
	if n < 0 {
		n = p.maxVReg + 1
	}
	f.VRegClass = make([]RegClass, n)
	copy(f.VRegClass, p.classes)
	f.RecomputeCFG()
	p.m.Funcs = append(p.m.Funcs, f)
	p.f = nil
	return nil
}
