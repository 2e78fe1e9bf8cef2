package asm

// Symbol differences in data ("a-b+off", as in the relative lookup tables
// of position-independent code) are resolved by the assembler itself: both
// symbols must be defined in the same section of the same file, so the
// difference is a constant once the section is laid out. No relocation
// type expresses anything else, so other differences are errors.

// pendingDiff is a 4-byte data word holding sym - sub + add.
type pendingDiff struct {
	sec      SectionKind
	off      uint32
	sym, sub string
	add      int64
	line     int
}

// symDiff records a difference at the current position (the caller then
// emits a placeholder word); it reports false after an error.
func (a *assembler) symDiff(dir string, n int, e expr) bool {
	switch {
	case n != 4:
		a.errorf("%s: symbol differences need a 4-byte directive", dir)
		return false
	case e.sym == "":
		a.errorf("%s: cannot negate symbol %s (only symbol - symbol + constant)", dir, e.sub)
		return false
	case a.cur == Bss:
		a.errorf("symbol difference in .bss")
		return false
	}
	a.diffs = append(a.diffs, pendingDiff{a.cur, uint32(len(a.sec().Data)), e.sym, e.sub, e.add, a.line})
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
		v := uint32(int64(s.Value) - int64(t.Value) + d.add)
		a.order.PutUint32(a.obj.Sections[d.sec].Data[d.off:], v)
	}
}
