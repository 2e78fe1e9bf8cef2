package frontend

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"

	"lltosimd/mir"
)

// checkDominance rejects a function in which an instruction's result is
// used where its definition does not dominate the use (LLVM's verifier:
// "Instruction does not dominate all uses!"). llir does not check it, and
// every backend stage assumes SSA: without this check such input compiled
// silently into code reading garbage. A phi's incoming value must dominate
// the end of its incoming block; uses in unreachable blocks are exempt,
// as in LLVM.
func (t *translator) checkDominance(irf *ir.Func) error {
	if len(irf.Blocks) == 0 {
		return nil
	}
	idx := make(map[*ir.Block]int, len(irf.Blocks))
	for i, b := range irf.Blocks {
		idx[b] = i
	}
	idom := irDominators(irf.Blocks, idx)
	dominates := func(a, b int) bool { // a dominates b (b reachable)
		for {
			if a == b {
				return true
			}
			if b == 0 || idom[b] < 0 {
				return false
			}
			b = int(idom[b])
		}
	}
	// Where each instruction result is defined: block and ordinal (the
	// numbering funcError uses: instructions and terminators in order).
	type site struct{ block, ord int }
	n := 0
	for _, b := range irf.Blocks {
		n += len(b.Insts)
	}
	defs := make(map[value.Value]site, n)
	ord := 0
	for i, b := range irf.Blocks {
		for _, inst := range b.Insts {
			if v, ok := inst.(value.Value); ok {
				defs[v] = site{i, ord}
			}
			ord++
		}
		ord++
	}
	fail := func(useOrd int, v value.Value, what string) error {
		return t.funcError(irf, useOrd, fmt.Sprintf("%s does not dominate %s (instruction does not dominate all uses) in function @%s", v.Ident(), what, irf.Name()))
	}
	ord = 0
	for i, b := range irf.Blocks {
		reachable := i == 0 || idom[i] >= 0
		check := func(u value.User) error {
			for _, op := range u.Operands() {
				d, ok := defs[*op]
				if !ok {
					continue
				}
				if d.block == i && d.ord >= ord || d.block != i && !dominates(d.block, i) {
					return fail(ord, *op, "this use")
				}
			}
			return nil
		}
		for _, inst := range b.Insts {
			if reachable {
				if phi, ok := inst.(*ir.InstPhi); ok {
					for _, inc := range phi.Incs {
						d, ok := defs[inc.X]
						pred, isBlock := inc.Pred.(*ir.Block)
						if !ok || !isBlock {
							continue
						}
						p, known := idx[pred]
						if known && (p == 0 || idom[p] >= 0) && !dominates(d.block, p) {
							return fail(ord, inc.X, "the end of its incoming block %"+pred.Name())
						}
					}
				} else if u, ok := inst.(value.User); ok {
					if err := check(u); err != nil {
						return err
					}
				}
			}
			ord++
		}
		if reachable && b.Term != nil {
			if err := check(b.Term); err != nil {
				return err
			}
		}
		ord++
	}
	return nil
}

// irDominators returns each block's immediate dominator as an index into
// blocks (the entry's is 0; -1 for an unreachable block).
func irDominators(blocks []*ir.Block, idx map[*ir.Block]int) []int32 {
	succs := make([][]int32, len(blocks))
	preds := make([][]int32, len(blocks))
	for i, b := range blocks {
		if b.Term == nil {
			continue
		}
		for _, s := range b.Term.Succs() {
			if j, ok := idx[s]; ok {
				succs[i] = append(succs[i], int32(j))
				preds[j] = append(preds[j], int32(i))
			}
		}
	}
	return mir.ImmediateDominators(succs, preds, 0)
}
