package passes

import "lltosimd/mir"

// Statistic keys of del-jmp.
const (
	statDelJmp   = "del-jmp"
	statInverted = "inverted"
)

// del-jmp is lbd's Cpu0DelUselessJMP made target-independent: it deletes an
// unconditional jump to the block that follows in layout (control falls
// through there anyway), and, like LLVM's branch folding, rewrites
//
//	bcc X ; jmp Y ; X:   into   b!cc Y ; X:
//
// It runs late, before the delay-slot filler (a deleted jump must not carry
// a filled slot). The successor sets are unchanged by both rewrites: the
// jump's target becomes the fall-through block, and the inverted branch
// keeps the same two successors, so Preds/Succs stay correct as they are.
var _ = Register(&Pass{
	Name: "del-jmp",
	Desc: "delete jumps to the next block; invert branches over such jumps",
	Stats: map[string]string{
		statDelJmp:   "Number of useless jmp deleted",
		statInverted: "Number of branches inverted to remove a jmp",
	},
	Run: runDelJmp,
})

func runDelJmp(c *Ctx, f *mir.Func) error {
	bi := BranchInfoFor(f.Arch)
	if bi == nil {
		return nil
	}
	// The last block has no layout successor: its jump is never useless.
	for i := 0; i+1 < len(f.Blocks); i++ {
		b, next := f.Blocks[i], f.Blocks[i+1]
		n := len(b.Instrs)
		if n == 0 {
			continue
		}
		last := b.Instrs[n-1]
		target, ok := bi.UncondTarget(last)
		if !ok || len(last.Bundle) != 0 || last.Pred() != nil {
			continue
		}
		if target == next {
			c.Debugf("del-jmp: %s: deleting %s (target is the next block)", blockLabel(b), instrString(f, last))
			b.Instrs = b.Instrs[:n-1]
			c.Count(statDelJmp, 1)
			continue
		}
		if n < 2 {
			continue
		}
		prev := b.Instrs[n-2]
		if t, ok := bi.CondTarget(prev); !ok || t != next || len(prev.Bundle) != 0 {
			continue
		}
		before := instrString(f, prev)
		if !bi.InvertCond(prev, target) {
			continue
		}
		c.Debugf("del-jmp: %s: %s ; %s  =>  %s", blockLabel(b), before, instrString(f, last), instrString(f, prev))
		b.Instrs = b.Instrs[:n-1]
		c.Count(statInverted, 1)
	}
	return nil
}
