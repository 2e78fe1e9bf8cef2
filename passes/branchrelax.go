package passes

import (
	"fmt"
	"slices"

	"lltosimd/mir"
)

// InstrSize returns the bytes in occupies with its bundle. Delay slots not
// yet filled count as nops: the filler fills them with nops or with
// instructions moved from before the branch, so the final size is never
// larger, and relaxation may run before or after the filler.
func InstrSize(bi BranchInfo, in *mir.Instr) int64 {
	n := bi.Size(in)
	for _, m := range in.Bundle {
		n += bi.Size(m)
	}
	if missing := bi.DelaySlots(in) - len(in.Bundle); missing > 0 {
		n += int64(missing) * bi.Size(bi.NewNop())
	}
	return n
}

// BlockAddresses lays the function out from address 0 and returns the
// start address of every block (honouring Block.Align) and the total size,
// with sizes as InstrSize counts them.
func BlockAddresses(f *mir.Func, bi BranchInfo) (map[*mir.Block]int64, int64) {
	addr := make(map[*mir.Block]int64, len(f.Blocks))
	var pc int64
	for _, b := range f.Blocks {
		if b.Align > 0 {
			a := int64(1) << b.Align
			pc = (pc + a - 1) &^ (a - 1)
		}
		addr[b] = pc
		for _, in := range b.Instrs {
			pc += InstrSize(bi, in)
		}
	}
	return addr, pc
}

// directTarget returns the block a direct branch or jump goes to.
func directTarget(bi BranchInfo, in *mir.Instr) (t *mir.Block, cond, ok bool) {
	if t, ok := bi.CondTarget(in); ok {
		return t, true, true
	}
	if t, ok := bi.UncondTarget(in); ok {
		return t, false, true
	}
	return nil, false, false
}

// RelaxOptions tunes RelaxBranches.
type RelaxOptions struct {
	// Force, if set, selects conditional branches to expand whether or not
	// they are in range (LLVM's -force-mips-long-branch, lbd's
	// -force-cpu0-long-branch). Each original branch is expanded once.
	Force func(in *mir.Instr) bool
}

// RelaxBranches makes every direct branch of f reach its target. A
// conditional branch that cannot is inverted around an unconditional jump
// with a longer reach:
//
//	bcc T {slot}          b!cc F {slot}
//	F: ...          =>    jmp T
//	                      F: ...
//
// When instructions follow the branch in its block, they move to a new
// block F placed right after it. The delay slot stays with the inverted
// branch, which is exactly right: the slot ran on both paths before and
// still does, after the branch read its operands, and the jump (Cpu0 JMP)
// has no slot of its own (if a target's jump has slots they get nops).
//
// Block addresses change with every expansion, so it iterates to a fixed
// point; insertions only lengthen distances (up to alignment padding), and
// an expanded branch is in range for good, so each original branch is
// expanded at most once. It is most precise after the delay-slot filler,
// when sizes are final; before it, empty slots count as nops (InstrSize),
// the inverted branch's slot is filled later like any other, and since
// filling never makes code longer, in-range branches stay in range
// (barring changes of alignment padding). An unconditional jump, or a
// branch with no inverse, that is out of range is an error naming the
// function. It returns the number of
// branches expanded (the calling pass counts them under its own statistic),
// prints each expansion under the calling pass's -debug-only key, and
// recomputes the CFG when it changed anything.
func RelaxBranches(c *Ctx, f *mir.Func, bi BranchInfo, opt RelaxOptions) (int, error) {
	expanded := 0
	done := map[*mir.Instr]bool{} // inverted branches: never expand twice
	for iter := 0; ; iter++ {
		addr, _ := BlockAddresses(f, bi)
		type site struct {
			in *mir.Instr
			t  *mir.Block
		}
		var far []site
		home := map[*mir.Instr]*mir.Block{} // the block of each far branch
		for _, b := range f.Blocks {
			pc := addr[b]
			for _, in := range b.Instrs {
				t, cond, ok := directTarget(bi, in)
				forced := ok && iter == 0 && cond && opt.Force != nil && opt.Force(in)
				if ok && (forced || !bi.InRange(in, pc, addr[t])) {
					if !cond || done[in] {
						return expanded, fmt.Errorf("function %s: %s in %s cannot reach %s (offset %d bytes)",
							f.Name, instrString(f, in), blockLabel(b), blockLabel(t), addr[t]-pc)
					}
					far = append(far, site{in, t})
					home[in] = b
				}
				pc += InstrSize(bi, in)
			}
		}
		if len(far) == 0 {
			break
		}
		for _, s := range far {
			b := home[s.in]
			c.Debugf("%s: %s: expanding %s (target %s at %d)", c.Pass.Name, blockLabel(b), instrString(f, s.in), blockLabel(s.t), addr[s.t])
			nb, err := expandBranch(f, bi, b, s.in, s.t)
			if err != nil {
				return expanded, err
			}
			if nb != nil { // later far branches of b may have moved to nb
				for _, in := range nb.Instrs {
					if _, ok := home[in]; ok {
						home[in] = nb
					}
				}
			}
			done[s.in] = true
			expanded++
		}
	}
	if expanded > 0 {
		f.RecomputeCFG()
	}
	return expanded, nil
}

// expandBranch rewrites the conditional branch in (in block b, going to t)
// into its inverse around a jump to t. It returns the new block holding the
// instructions that followed the branch, if there were any.
func expandBranch(f *mir.Func, bi BranchInfo, b *mir.Block, in *mir.Instr, t *mir.Block) (*mir.Block, error) {
	bIdx := slices.Index(f.Blocks, b)
	k := slices.Index(b.Instrs, in)
	if bIdx < 0 || k < 0 {
		return nil, fmt.Errorf("function %s: branch relaxation lost track of %s", f.Name, instrString(f, in))
	}
	// The fall-through block: a new one for the instructions after the
	// branch, placed only once the branch is known to invert.
	var fall, split *mir.Block
	switch {
	case k+1 < len(b.Instrs):
		split = f.NewBlockDetached("")
		fall = split
	case bIdx+1 < len(f.Blocks):
		fall = f.Blocks[bIdx+1]
	default:
		return nil, fmt.Errorf("function %s: conditional branch %s at the end of the function has no fall-through block",
			f.Name, instrString(f, in))
	}
	what := instrString(f, in)
	if !bi.InvertCond(in, fall) {
		return nil, fmt.Errorf("function %s: %s is out of range and has no inverse branch", f.Name, what)
	}
	if split != nil {
		split.Instrs = slices.Clone(b.Instrs[k+1:])
		f.Blocks = slices.Insert(f.Blocks, bIdx+1, split)
	}
	j := bi.NewJump(t)
	for range bi.DelaySlots(j) {
		j.Bundle = append(j.Bundle, bi.NewNop())
	}
	b.Instrs = append(b.Instrs[:k+1:k+1], j)
	return split, nil
}
