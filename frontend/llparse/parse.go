// Package llparse is a fast parser of LLVM IR text into the in-memory
// module of github.com/llir/llvm/ir. It is a hand-written lexer and
// recursive-descent parser for the IR clang-14 prints (and llvm-stress and
// csmith programs through it): it builds the same module llir's own parser
// (github.com/llir/llvm/asm) builds from the same text — the frontend's
// differential test checks that both print identically — in a fraction of
// the time and garbage, because it makes no syntax tree.
//
// It knows less than llir: debug-info metadata (!DI... nodes), exception
// handling (invoke, landingpad ...), ifuncs, aliases of constant
// expressions, use-list orders, opaque pointers and a few rare attributes
// are reported as *Unsupported. Any error, unsupported construct or
// invalid input alike, means "ask llir": the caller (frontend.Parse) then
// parses the text with llir, which gives the diagnostics.
package llparse

import (
	"fmt"
	"maps"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/metadata"
	"github.com/llir/llvm/ir/types"
)

// Unsupported is the error of a text this parser does not read: an
// unknown construct or invalid IR. Off is the byte offset where it
// stopped.
type Unsupported struct {
	Off int
	Msg string
}

func (e *Unsupported) Error() string { return fmt.Sprintf("offset %d: %s", e.Off, e.Msg) }

// Parse parses the LLVM IR module in src. The module's names refer to src's
// memory, which must stay unchanged.
func Parse(src string) (m *ir.Module, err error) {
	p := &parser{
		m:          ir.NewModule(),
		namedTypes: map[string]*types.StructType{},
		globals:    map[ir.GlobalIdent]constant.Constant{},
		attrGroups: map[int64]*ir.AttrGroupDef{},
		comdats:    map[string]*ir.ComdatDef{},
		mdDefs:     map[int64]*metadata.Tuple{},
		ptrs:       map[types.Type]*types.PointerType{},
	}
	p.src = src
	defer func() {
		if r := recover(); r != nil {
			u, ok := r.(*Unsupported)
			if !ok {
				// A panic of an ir constructor on input it does not
				// expect: invalid IR, left to llir.
				u = &Unsupported{Off: p.start, Msg: fmt.Sprint(r)}
			}
			m, err = nil, u
		}
	}()
	p.next()
	p.topLevel()
	p.resolve()
	return p.m, nil
}

type parser struct {
	lexer
	m *ir.Module

	namedTypes  map[string]*types.StructType
	typeDefined map[string]bool
	globals     map[ir.GlobalIdent]constant.Constant
	unnamedGlob int64
	attrGroups  map[int64]*ir.AttrGroupDef
	attrDefined []int64
	comdats     map[string]*ir.ComdatDef
	comdatDefd  map[string]bool
	mdDefs      map[int64]*metadata.Tuple
	mdDefined   map[int64]bool

	// Work of the second pass: everything that may refer to a global
	// defined further down.
	inits   []deferred
	aliases []deferredAlias
	bodies  []deferred
	mdText  []int
	// blockaddress constants, whose blocks are known after the bodies.
	blockAddrs []*constant.BlockAddress

	// Interned types: the module's types are immutable once parsed, so
	// one object per basic type and per pointer to a type serves all uses.
	ints   [129]*types.IntType
	floats [8]*types.FloatType
	ptrs   map[types.Type]*types.PointerType

	// frozen: the first pass and the metadata are done; references to
	// types, attribute groups and metadata not defined by then are errors
	// (and the tables are safe to read from several goroutines).
	frozen bool
}

// parseBodies parses the function bodies, on up to GOMAXPROCS goroutines
// for large modules. Each worker has its own lexer and pointer-type
// cache; everything else it reads is frozen. The result does not depend
// on the schedule: each body's objects are its own.
func (p *parser) parseBodies() {
	size := 0
	for _, d := range p.bodies {
		size += d.end - d.pos
	}
	workers := min(runtime.GOMAXPROCS(0), len(p.bodies), 8)
	if size < 1<<16 || workers < 2 {
		for _, d := range p.bodies {
			p.seek(d.pos)
			p.body(d.f, d.end)
		}
		return
	}
	var next atomic.Int64
	addrs := make([][]*constant.BlockAddress, len(p.bodies))
	failures := make([]any, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wp := *p
		wp.ptrs = maps.Clone(p.ptrs)
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { failures[w] = recover() }()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(p.bodies) {
					return
				}
				wp.blockAddrs = nil
				wp.seek(p.bodies[i].pos)
				wp.body(p.bodies[i].f, p.bodies[i].end)
				addrs[i] = wp.blockAddrs
			}
		}()
	}
	wg.Wait()
	for _, f := range failures {
		if f != nil {
			panic(f)
		}
	}
	for _, a := range addrs {
		p.blockAddrs = append(p.blockAddrs, a...)
	}
}

type deferred struct {
	pos int
	end int // of a function body: the offset of its closing brace
	g   *ir.Global
	f   *ir.Func
}

// fail stops the parse: the text is not something this parser reads.
func (p *parser) fail(format string, args ...any) {
	panic(&Unsupported{Off: p.start, Msg: fmt.Sprintf(format, args...)})
}

func (p *parser) is(s string) bool { return (p.kind == tPunct || p.kind == tWord) && p.text == s }

func (p *parser) accept(s string) bool {
	if p.is(s) {
		p.next()
		return true
	}
	return false
}

func (p *parser) expect(s string) {
	if !p.is(s) {
		p.fail("expected '%s', found '%s'", s, p.text)
	}
	p.next()
}

// seek moves the lexer to offset off.
func (p *parser) seek(off int) {
	p.pos = off
	p.next()
}

// skipLine moves to the first token of the next line.
func (p *parser) skipLine() {
	i := p.start
	for i < len(p.src) && p.src[i] != '\n' {
		i++
	}
	p.seek(i)
}

// peekIs reports whether the token after the current one is s.
func (p *parser) peekIs(kind tokKind) bool {
	save := p.lexer
	p.next()
	ok := p.kind == kind
	p.lexer = save
	return ok
}

func (p *parser) uint() uint64 {
	if p.kind != tInt {
		p.fail("expected an unsigned integer, found '%s'", p.text)
	}
	x, err := strconv.ParseUint(p.text, 10, 64)
	if err != nil {
		p.fail("bad unsigned integer '%s'", p.text)
	}
	p.next()
	return x
}

func (p *parser) str() string {
	if p.kind != tString {
		p.fail("expected a string, found '%s'", p.text)
	}
	s := unquote(p.text)
	p.next()
	return s
}

// unquote returns the contents of a quoted LLVM string with its \XX and \\
// escapes replaced, or s itself when it is not quoted (as llir does).
func unquote(s string) string {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return s
	}
	return string(unescape(s[1 : len(s)-1]))
}

func unescape(s string) []byte {
	buf := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' {
			if i+1 < len(s) && s[i+1] == '\\' {
				i++
			} else if i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
				c = unhex(s[i+1])<<4 | unhex(s[i+2])
				i += 2
			}
		}
		buf = append(buf, c)
	}
	return buf
}

func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// globalIdent and localIdent follow llir: a non-negative decimal number is
// an ID, anything else a (possibly quoted) name.
func globalIdent(text string) ir.GlobalIdent {
	if isNumber(text) {
		if id, err := strconv.ParseInt(text, 10, 64); err == nil {
			return ir.GlobalIdent{GlobalID: id}
		}
	}
	return ir.GlobalIdent{GlobalName: unquote(text)}
}

func localIdent(text string) ir.LocalIdent {
	if isNumber(text) {
		if id, err := strconv.ParseInt(text, 10, 64); err == nil {
			return ir.LocalIdent{LocalID: id}
		}
	}
	return ir.LocalIdent{LocalName: unquote(text)}
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// typeName is llir's key of a named type: the ID's digits, a name, or a
// quoted number.
func typeName(text string) string {
	id := localIdent(text)
	if id.LocalName == "" {
		return strconv.FormatInt(id.LocalID, 10)
	}
	if x, err := strconv.ParseInt(id.LocalName, 10, 64); err == nil {
		return `"` + strconv.FormatInt(x, 10) + `"`
	}
	return id.LocalName
}

// topLevel is the first pass: type definitions, attribute groups, comdats,
// and the headers of globals and functions (so that every global has its
// object and type before any initializer or body refers to it).
func (p *parser) topLevel() {
	entities := false // llir reads the target definitions before all else
	for p.kind != tEOF {
		if p.is("source_filename") || p.is("target") {
			if entities {
				p.fail("target definition after other definitions")
			}
		} else {
			entities = true
		}
		switch p.kind {
		case tWord:
			switch p.text {
			case "source_filename":
				p.next()
				p.expect("=")
				p.m.SourceFilename = p.str()
			case "target":
				p.next()
				switch {
				case p.accept("datalayout"):
					p.expect("=")
					p.m.DataLayout = p.str()
				case p.accept("triple"):
					p.expect("=")
					p.m.TargetTriple = p.str()
				default:
					p.fail("unknown target definition '%s'", p.text)
				}
			case "define":
				p.next()
				f := p.funcHeader()
				if p.kind != tPunct || p.text != "{" {
					p.fail("expected '{' of the body of @%s", f.Name())
				}
				pos := p.start
				end := p.skipBody()
				p.bodies = append(p.bodies, deferred{pos: pos, end: end, f: f})
			case "declare":
				p.next()
				p.funcHeader()
			case "attributes":
				p.next()
				p.attrGroupDef()
			case "module":
				p.next()
				p.expect("asm")
				p.m.ModuleAsms = append(p.m.ModuleAsms, p.str())
			default:
				p.fail("unknown top-level entity '%s'", p.text)
			}
		case tLocal:
			p.typeDef()
		case tGlobal:
			p.globalDef()
		case tComdat:
			name := unquote(p.text)
			p.next()
			p.expect("=")
			p.expect("comdat")
			kind, ok := selections[p.text]
			if !ok || p.kind != tWord {
				p.fail("unknown comdat kind '%s'", p.text)
			}
			p.next()
			c := p.comdat(name)
			if p.comdatDefd[name] {
				p.fail("comdat $%s defined twice", name)
			}
			if p.comdatDefd == nil {
				p.comdatDefd = map[string]bool{}
			}
			p.comdatDefd[name] = true
			c.Kind = enum.SelectionKind(kind)
		case tMetaName, tMetaID:
			p.mdText = append(p.mdText, p.start)
			p.skipLine()
		default:
			p.fail("unexpected '%s' at top level", p.text)
		}
	}
}

// skipBody moves past a function body and returns the offset of its
// closing brace: clang prints it at the start of a line, and no token of
// IR text spans lines (the body's parse checks that it ends there).
func (p *parser) skipBody() int {
	j := indexFrom(p.src, "\n}", p.start)
	if j < 0 {
		p.fail("function body without '}'")
	}
	p.seek(j + 2)
	return j + 1
}

func indexFrom(s, sub string, from int) int {
	for i := from; i+len(sub) <= len(s); i++ {
		if s[i] == sub[0] && s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

func (p *parser) comdat(name string) *ir.ComdatDef {
	c, ok := p.comdats[name]
	if !ok {
		c = &ir.ComdatDef{Name: name}
		p.comdats[name] = c
	}
	return c
}

func (p *parser) typeDef() {
	name := typeName(p.text)
	p.next()
	p.expect("=")
	p.expect("type")
	if p.typeDefined == nil {
		p.typeDefined = map[string]bool{}
	}
	if p.typeDefined[name] {
		p.fail("type %%%s defined twice", name)
	}
	p.typeDefined[name] = true
	st := p.namedType(name)
	switch {
	case p.accept("opaque"):
		st.Opaque = true
	case p.is("{"):
		st.Fields = p.structFields("}")
	case p.is("<"):
		p.next()
		if !p.is("{") {
			p.fail("named types other than structs are not supported")
		}
		st.Fields = p.structFields("}")
		p.expect(">")
		st.Packed = true
	default:
		p.fail("named types other than structs are not supported")
	}
}

func (p *parser) namedType(name string) *types.StructType {
	st, ok := p.namedTypes[name]
	if !ok {
		if p.frozen {
			p.fail("undefined type %%%s", name)
		}
		st = &types.StructType{TypeName: name}
		p.namedTypes[name] = st
	}
	return st
}

// structFields parses "{ T, T ... }" from the '{' on.
func (p *parser) structFields(close string) []types.Type {
	p.expect("{")
	var fields []types.Type
	if !p.is(close) {
		for {
			fields = append(fields, p.typ())
			if !p.accept(",") {
				break
			}
		}
	}
	p.expect(close)
	return fields
}

// globalDef parses a global variable's header and content type; its
// initializer and fields wait for the second pass.
func (p *parser) globalDef() {
	ident := globalIdent(p.text)
	p.next()
	p.expect("=")
	g := &ir.Global{GlobalIdent: ident}
	g.Linkage, g.Preemption, g.Visibility, g.DLLStorageClass = p.linkagePrefix()
	if p.accept("thread_local") {
		g.TLSModel = enum.TLSModelGeneric
		if p.accept("(") {
			v, ok := tlsModels[p.text]
			if !ok {
				p.fail("unknown TLS model '%s'", p.text)
			}
			g.TLSModel = enum.TLSModel(v)
			p.next()
			p.expect(")")
		}
	}
	if v, ok := unnamedAddrs[p.text]; ok && p.kind == tWord {
		g.UnnamedAddr = enum.UnnamedAddr(v)
		p.next()
	}
	if p.accept("alias") {
		p.aliasDef(g)
		return
	}
	if p.accept("addrspace") {
		p.expect("(")
		g.AddrSpace = types.AddrSpace(p.uint())
		p.expect(")")
	}
	if p.accept("externally_initialized") {
		g.ExternallyInitialized = true
	}
	switch {
	case p.accept("global"):
	case p.accept("constant"):
		g.Immutable = true
	default:
		p.fail("unsupported global definition (alias or ifunc?) '%s'", p.text)
	}
	g.ContentType = p.typ()
	g.Typ = types.NewPointer(g.ContentType)
	g.Typ.AddrSpace = g.AddrSpace
	p.addGlobal(ident, g)
	p.m.Globals = append(p.m.Globals, g)
	p.inits = append(p.inits, deferred{pos: p.start, g: g})
	p.skipEntity()
}

// skipEntity moves past the rest of a definition: to the first token
// outside brackets that starts a line (initializers may span lines).
func (p *parser) skipEntity() {
	depth := 0
	for p.kind != tEOF && !(depth <= 0 && p.newLine()) {
		if p.kind == tPunct {
			switch p.text[0] {
			case '(', '[', '{', '<':
				depth++
			case ')', ']', '}', '>':
				depth--
			}
		}
		p.next()
	}
}

// newLine reports whether the current token is the first of its line.
func (p *parser) newLine() bool {
	for i := p.start - 1; i >= 0; i-- {
		switch p.src[i] {
		case '\n':
			return true
		case ' ', '\t', '\r':
			continue
		}
		return false
	}
	return true
}

// aliasDef parses an alias after "alias" (g holds what precedes it). The
// aliasee waits for the second pass; only the "T* @name" form is read.
func (p *parser) aliasDef(g *ir.Global) {
	if g.TLSModel != 0 || g.ExternallyInitialized {
		p.fail("unsupported alias")
	}
	a := &ir.Alias{GlobalIdent: g.GlobalIdent, Linkage: g.Linkage, Preemption: g.Preemption,
		Visibility: g.Visibility, DLLStorageClass: g.DLLStorageClass, UnnamedAddr: g.UnnamedAddr}
	content := p.typ()
	p.expect(",")
	pos := p.start
	symType, ok := p.typ().(*types.PointerType)
	if !ok || p.kind != tGlobal {
		p.fail("unsupported aliasee")
	}
	a.Typ = types.NewPointer(content)
	a.Typ.AddrSpace = symType.AddrSpace
	p.addGlobal(a.GlobalIdent, a)
	p.m.Aliases = append(p.m.Aliases, a)
	p.aliases = append(p.aliases, deferredAlias{pos: pos, a: a})
	p.skipLine()
}

type deferredAlias struct {
	pos int
	a   *ir.Alias
}

func (p *parser) addGlobal(ident ir.GlobalIdent, c constant.Constant) {
	if ident.GlobalName == "" {
		// llir numbers unnamed globals in order; a text numbered otherwise
		// is invalid (and llir would resolve it differently).
		if ident.GlobalID != p.unnamedGlob {
			p.fail("global @%d out of sequence", ident.GlobalID)
		}
		p.unnamedGlob++
	}
	if _, ok := p.globals[ident]; ok {
		p.fail("global %s defined twice", ident.Ident())
	}
	p.globals[ident] = c
}

// globalBody parses a global's initializer and fields (second pass).
func (p *parser) globalBody(g *ir.Global) {
	if g.Linkage != enum.LinkageExternal && g.Linkage != enum.LinkageExternWeak {
		g.Init = p.constant(g.ContentType)
	}
	for p.is(",") {
		p.next()
		switch {
		case p.accept("section"):
			g.Section = p.str()
		case p.accept("partition"):
			g.Partition = p.str()
		case p.accept("comdat"):
			name := g.Name()
			if p.accept("(") {
				if p.kind != tComdat {
					p.fail("expected a comdat name")
				}
				name = unquote(p.text)
				p.next()
				p.expect(")")
			}
			g.Comdat = p.comdat(name)
		case p.accept("align"):
			g.Align = ir.Align(p.uint())
		case p.kind == tMetaName:
			g.Metadata = append(g.Metadata, p.attachment())
		default:
			p.fail("unknown global field '%s'", p.text)
		}
	}
	for p.kind == tAttrID || p.kind == tString || p.kind == tWord && p.text != "" {
		if p.kind == tWord {
			if _, ok := funcAttrs[p.text]; !ok {
				break
			}
		}
		g.FuncAttrs = append(g.FuncAttrs, p.funcAttr(false))
	}
}

// resolve is the second pass, then the checks that every name used was
// defined, and the module's lists in llir's order.
func (p *parser) resolve() {
	for _, d := range p.inits {
		p.seek(d.pos)
		p.globalBody(d.g)
		p.endOfLine()
	}
	for _, d := range p.aliases {
		p.seek(d.pos)
		d.a.Aliasee = p.typedConst()
		for p.accept(",") {
			p.expect("partition")
			d.a.Partition = p.str()
		}
		p.endOfLine()
	}
	for _, off := range p.mdText {
		p.seek(off)
		p.metadataDef()
		p.endOfLine()
	}
	// From here on the module-level tables are only read: the bodies may
	// be parsed in parallel.
	p.frozen = true
	p.parseBodies()
	for _, c := range p.blockAddrs {
		f := c.Func.(*ir.Func)
		id := c.Block.(*ir.Block).LocalIdent
		found := false
		for _, b := range f.Blocks {
			if b.LocalIdent == id {
				c.Block, found = b, true
				break
			}
		}
		if !found {
			p.fail("blockaddress of an undefined block %s in @%s", id.Ident(), f.Name())
		}
	}
	for name := range p.namedTypes {
		if !p.typeDefined[name] {
			p.fail("undefined type %%%s", name)
		}
	}
	for name := range p.comdats {
		if !p.comdatDefd[name] {
			p.fail("undefined comdat $%s", name)
		}
	}
	for id := range p.mdDefs {
		if !p.mdDefined[id] {
			p.fail("undefined metadata !%d", id)
		}
	}
	names := make([]string, 0, len(p.typeDefined))
	for name := range p.typeDefined {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool { return natLess(names[i], names[j]) })
	for _, name := range names {
		p.m.TypeDefs = append(p.m.TypeDefs, p.namedTypes[name])
	}
	cnames := make([]string, 0, len(p.comdats))
	for name := range p.comdats {
		cnames = append(cnames, name)
	}
	sort.Slice(cnames, func(i, j int) bool { return natLess(cnames[i], cnames[j]) })
	for _, name := range cnames {
		p.m.ComdatDefs = append(p.m.ComdatDefs, p.comdats[name])
	}
	sort.Slice(p.attrDefined, func(i, j int) bool { return p.attrDefined[i] < p.attrDefined[j] })
	for _, id := range p.attrDefined {
		p.m.AttrGroupDefs = append(p.m.AttrGroupDefs, p.attrGroups[id])
	}
	ids := make([]int64, 0, len(p.mdDefs))
	for id := range p.mdDefs {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for _, id := range ids {
		p.m.MetadataDefs = append(p.m.MetadataDefs, p.mdDefs[id])
	}
}

// endOfLine checks that an entity parsed in the second pass ended where
// the first pass found its end: before the first token of a line.
func (p *parser) endOfLine() {
	if p.kind != tEOF && !p.newLine() {
		p.fail("unexpected '%s' after a definition", p.text)
	}
}

// natLess is the natural order (digit runs compare as numbers) in which
// llir lists type and comdat definitions.
func natLess(a, b string) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if isDigit(a[i]) && isDigit(b[j]) {
			for i < len(a) && a[i] == '0' {
				i++
			}
			for j < len(b) && b[j] == '0' {
				j++
			}
			si, sj := i, j
			for i < len(a) && isDigit(a[i]) {
				i++
			}
			for j < len(b) && isDigit(b[j]) {
				j++
			}
			if i-si != j-sj {
				return i-si < j-sj
			}
			if a[si:i] != b[sj:j] {
				return a[si:i] < b[sj:j]
			}
			if si != sj {
				return si < sj
			}
			continue
		}
		if a[i] != b[j] {
			return a[i] < b[j]
		}
		i++
		j++
	}
	return len(a) < len(b)
}
