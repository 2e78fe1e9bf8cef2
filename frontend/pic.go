package frontend

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"lltosimd/mir"
)

// Position-independent code: clang's relative lookup tables hold 32-bit
// differences "trunc (sub (ptrtoint @target), (ptrtoint @table))" and are
// read with llvm.load.relative. A difference becomes a DataSymDiff item,
// which the assembler resolves when both symbols lie in one section of the
// file (constant tables and the strings they point to are both .rodata).

// symDiffData emits c as a DataSymDiff when it is the difference of two
// symbols' addresses (optionally truncated to 32, 16 or 8 bits: short
// offset tables of computed gotos), and reports whether it was.
func (t *translator) symDiffData(d *data, c constant.Constant, typ types.Type) bool {
	e := c
	if tr, ok := e.(*constant.ExprTrunc); ok {
		e = tr.From
	}
	sub, ok := e.(*constant.ExprSub)
	if !ok {
		return false
	}
	x, okx := t.fold(sub.X)
	y, oky := t.fold(sub.Y)
	if !okx || !oky || x.sym == "" || y.sym == "" || x.sym == y.sym {
		return false
	}
	size := must(t.lay.StoreSize(typ))
	if size != 1 && size != 2 && size != 4 {
		fail("unsupported: %d-byte address difference %s in initializer (only 1, 2 or 4 bytes)", size, c.Ident())
	}
	t.useSym(x.sym)
	t.useSym(y.sym)
	d.add(mir.DataItem{Kind: mir.DataSymDiff, Size: size, Sym: x.sym, Sym2: y.sym, Value: int64(int32(x.off - y.off))})
	return true
}

// loadRelative lowers llvm.load.relative(ptr, off): ptr plus the 32-bit
// offset stored at ptr+off.
func (s *fn) loadRelative(ptr, off value.Value) []mir.Reg {
	p := s.word(ptr)
	at := s.op2(mir.GAdd, p, s.word(off))
	v := s.reg()
	s.emit(mir.GLoad32, mir.D(v), mir.R(at), mir.I(0))
	return []mir.Reg{s.op2(mir.GAdd, p, v)}
}

// checkSymDiffs verifies that both symbols of every address difference
// are defined by this module in one section, which the assembler needs.
func (t *translator) checkSymDiffs(m *ir.Module) error {
	// The section of every symbol a difference may name: globals', and
	// .text for code, functions and block labels alike (the offset tables
	// of computed gotos hold "&&l1 - &&l0").
	sec := make(map[string]string, len(t.mod.Globals))
	for _, g := range t.mod.Globals {
		sec[g.Name] = g.Section.String()
	}
	for _, name := range t.blockSyms {
		sec[name] = ".text"
	}
	for _, f := range m.Funcs {
		if len(f.Blocks) > 0 {
			sec[f.Name()] = ".text"
		}
	}
	for _, g := range t.mod.Globals {
		for _, it := range g.Items {
			if it.Kind != mir.DataSymDiff {
				continue
			}
			a, oka := sec[it.Sym]
			b, okb := sec[it.Sym2]
			if !oka || !okb || a != b {
				return t.globalError(g.Name, fmt.Sprintf("unsupported: address difference @%s - @%s in initializer of @%s: both must be defined by this module in one section", it.Sym, it.Sym2, g.Name))
			}
		}
	}
	return nil
}
