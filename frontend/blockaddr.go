package frontend

import (
	"fmt"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"

	"lltosimd/mir"
)

// Labels as values (computed goto): a blockaddress names its block with a
// module-local symbol (mir.Func.BlockSyms, defined by the printer at the
// block's start), so it works alike in code (G_GLOBAL_ADDR) and in data
// (DataSym), where dispatch tables of interpreters live. indirectbr becomes
// G_BRINDIRECT listing its possible targets as implicit block operands, so
// the CFG and liveness see every successor.

// blockRef identifies a block by function and position.
type blockRef struct {
	fn  *ir.Func
	idx int
}

// blockSym returns the symbol of the block a blockaddress names.
func (t *translator) blockSym(c *constant.BlockAddress) (string, bool) {
	f, ok := c.Func.(*ir.Func)
	if !ok || c.Block == nil {
		return "", false
	}
	for i, b := range f.Blocks {
		if b == c.Block || b.Name() == c.Block.Name() {
			ref := blockRef{f, i}
			name, ok := t.blockSyms[ref]
			if !ok {
				name = fmt.Sprintf("$BA.%s.%d", symSafe(f.Name()), i)
				if t.blockSyms == nil {
					t.blockSyms = make(map[blockRef]string)
				}
				t.blockSyms[ref] = name
				t.defined[name] = true
				if _, done := t.mirBlocks[f]; done {
					t.lateBlockSyms = append(t.lateBlockSyms, ref)
				} else {
					if t.blockRefs == nil {
						t.blockRefs = make(map[*ir.Func][]blockRef)
					}
					t.blockRefs[f] = append(t.blockRefs[f], ref)
				}
			}
			return name, true
		}
	}
	return "", false
}

// symSafe replaces characters an assembler symbol cannot hold.
func symSafe(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '_' || r == '.' || r == '$' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, s)
}

// bindBlockSyms records the symbols of refs on their translated
// functions (those of declarations are reported as undefined symbols
// later).
func (t *translator) bindBlockSyms(funcs map[*ir.Func]*mir.Func, refs []blockRef) {
	for _, ref := range refs {
		mf, ok := funcs[ref.fn]
		if !ok {
			continue
		}
		if mf.BlockSyms == nil {
			mf.BlockSyms = make(map[*mir.Block]string)
		}
		mf.BlockSyms[t.mirBlocks[ref.fn][ref.idx]] = t.blockSyms[ref]
	}
}

// indirectBr lowers indirectbr.
func (s *fn) indirectBr(t *ir.TermIndirectBr) {
	ops := []mir.Operand{mir.R(s.word(t.Addr))}
	seen := make(map[*ir.Block]bool)
	for _, v := range t.ValidTargets {
		b, ok := v.(*ir.Block)
		if !ok || seen[b] {
			continue
		}
		seen[b] = true
		o := s.target(b)
		o.Flags |= mir.FlagImplicit // docs/generic-mir.md: G_BRINDIRECT has one explicit use
		ops = append(ops, o)
	}
	s.emit(mir.GBrIndirect, ops...)
}
