package mir

import (
	"fmt"
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
	packets  []bool   // whether each open bundle is a VLIW packet
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
