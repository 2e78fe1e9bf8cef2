package asm

import "strings"

// Symbol differences in data ("a-b+off", as in the relative lookup tables
// of position-independent code) are resolved by the assembler itself: both
// symbols must be defined in the same section of the same file, so the
// difference is a constant once the section is laid out. No relocation
// type expresses anything else, so other differences are errors.

// pendingDiff is a data item of size bytes holding sym - sub + add.
type pendingDiff struct {
	sec      SectionKind
	off      uint32
	size     int
	sym, sub string
	add      int64
	line     int
}

// symDiff records a difference at the current position (the caller then
// emits a placeholder word); it reports false after an error.
func (a *assembler) symDiff(dir string, n int, e expr) bool {
	switch {
	case n != 1 && n != 2 && n != 4:
		a.errorf("%s: symbol differences need a 1-, 2- or 4-byte directive", dir)
		return false
	case e.sym == "":
		a.errorf("%s: cannot negate symbol %s (only symbol - symbol + constant)", dir, e.sub)
		return false
	case a.cur.NoBits():
		a.errorf("symbol difference in .bss")
		return false
	}
	a.diffs = append(a.diffs, pendingDiff{a.cur, uint32(len(a.sec().Data)), n, e.sym, e.sub, e.add, a.line})
	return true
}

// resolveDiffs writes the value of every symbol difference.
func (a *assembler) resolveDiffs() {
	for _, d := range a.diffs {
		a.line = d.line
		s, t := a.obj.Symbols[d.sym], a.obj.Symbols[d.sub]
		if s == nil || t == nil || !s.Defined || !t.Defined || s.Common || t.Common || s.Section != t.Section {
			a.errorf("symbol difference %s-%s: both symbols must be defined in the same section of this file (no relocation can express it)", d.sym, d.sub)
			continue
		}
		v := int64(s.Value) - int64(t.Value) + d.add
		// The range rule of constant data: signed or unsigned in size bytes.
		if lim := int64(1) << (8 * d.size); v < -lim/2 || v >= lim {
			a.errorf("symbol difference %s-%s: value %d out of range for %d bytes", d.sym, d.sub, v, d.size)
			continue
		}
		buf := a.obj.Sections[d.sec].Data[d.off:]
		switch d.size {
		case 1:
			buf[0] = byte(v)
		case 2:
			a.order.PutUint16(buf, uint16(v))
		default:
			a.order.PutUint32(buf, uint32(v))
		}
	}
}

// pendingSet is a symbol assignment ".set name, sym+off" (aliases): name
// gets sym's section and value plus off once sym is defined.
type pendingSet struct {
	name string
	e    expr
	line int
}

// setSymbol records ".set name, expr".
func (a *assembler) setSymbol(args []string) {
	if len(args) != 2 {
		a.errorf(".set: expected name, value")
		return
	}
	e, err := parseExpr(args[1])
	if err != nil || e.mod != 0 || e.sym == "" {
		a.errorf(".set %s: the value must be a symbol plus a constant", args[0])
		return
	}
	if s := a.symbol(strings.TrimSpace(args[0])); s.Defined {
		a.errorf("symbol %q redefined (first defined at line %d)", s.Name, s.Line)
		return
	}
	a.sets = append(a.sets, pendingSet{strings.TrimSpace(args[0]), e, a.line})
}

// resolveSets defines the assigned symbols, following chains of them.
func (a *assembler) resolveSets() {
	done := make([]bool, len(a.sets))
	for range a.sets { // each round resolves at least one link of a chain
		progress := false
		for i, p := range a.sets {
			s, t := a.obj.Symbols[p.name], a.obj.Symbols[p.e.sym]
			if done[i] || t == nil || !t.Defined || t.Common {
				continue
			}
			done[i] = true
			a.line = p.line
			a.define(p.name, t.Section, uint32(int64(t.Value)+p.e.add))
			s.Type = t.Type
			progress = true
		}
		if !progress {
			break
		}
	}
	for i, p := range a.sets {
		if !done[i] {
			a.line = p.line
			a.errorf(".set %s: %s is not defined in this file", p.name, p.e.sym)
		}
	}
}
