package passes

import (
	"fmt"
	"strconv"

	"lltosimd/mir"
)

// Statistic keys of delay-slot-filler.
const (
	statFilled = "filled"
	statUseful = "useful"
)

// OptDelaySlotUseful names the option (-delay-slot-filler-useful=false)
// that restricts the filler to nops, as lbd's Cpu0DelaySlotFiller does. It
// defaults to true, except at -O0 (Config.Options["O"] == "0").
const OptDelaySlotUseful = "delay-slot-filler-useful"

// delay-slot-filler gives every instruction with delay slots its slots, as
// a bundle: the branch's Bundle holds the instructions that execute in them.
// Like LLVM's MipsDelaySlotFiller it first looks backwards in the same block
// for instructions that can move into the slots, and fills what is left with
// nops. An instruction taken from before the branch in the same block runs
// on both paths before and after the move, so only its dependences with the
// branch and with the instructions it jumps over matter.
var _ = Register(&Pass{
	Name: "delay-slot-filler",
	Desc: "fill branch delay slots (useful instructions, else nop) as bundles",
	Stats: map[string]string{
		statFilled: "Number of delay slots filled",
		statUseful: "Number of delay slots filled with useful instructions",
	},
	Needs: mir.PropNoVRegs | mir.PropFrameLowered, // sets PropBundled when it bundles
	Run:   runDelaySlotFiller,
})

func runDelaySlotFiller(c *Ctx, f *mir.Func) error {
	bi := BranchInfoFor(f.Arch)
	if bi == nil {
		return nil
	}
	// As in LLVM's Mips filler, -O0 fills with nops only, unless the
	// option says otherwise.
	useful := c.Option("O") != "0"
	if v := c.Option(OptDelaySlotUseful); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return fmt.Errorf("invalid value %q for -%s", v, OptDelaySlotUseful)
		}
		useful = b
	}
	filled := false
	for _, b := range f.Blocks {
		for i := 0; i < len(b.Instrs); i++ {
			br := b.Instrs[i]
			n := bi.DelaySlots(br)
			if n == 0 || len(br.Bundle) != 0 {
				continue // no slots, or already filled
			}
			var moved []*mir.Instr
			if useful {
				moved = takeSlotFillers(f.Arch, bi, b, i, n)
				i -= len(moved) // the branch moved up
			}
			for _, m := range moved {
				c.Debugf("delay-slot-filler: %s: moved %s into the delay slot of %s",
					blockLabel(b), instrString(f, m), instrString(f, br))
			}
			if len(moved) < n {
				c.Debugf("delay-slot-filler: %s: filled %d delay slot(s) of %s with nop",
					blockLabel(b), n-len(moved), instrString(f, br))
			}
			br.Bundle = moved
			for len(br.Bundle) < n {
				br.Bundle = append(br.Bundle, bi.NewNop())
			}
			c.Count(statFilled, int64(n))
			if len(moved) > 0 {
				c.Count(statUseful, int64(len(moved)))
			}
			filled = true
		}
	}
	if filled {
		f.Props |= mir.PropBundled
	}
	return nil
}

// regSet is a small set of physical registers.
type regSet map[mir.Reg]struct{}

func (s regSet) add(rs []mir.Reg) {
	for _, r := range rs {
		s[r] = struct{}{}
	}
}

func (s regSet) hasAny(rs []mir.Reg) bool {
	for _, r := range rs {
		if _, ok := s[r]; ok {
			return true
		}
	}
	return false
}

// slotBarrier is what no instruction may be moved across and what never
// moves itself: control flow, calls, side effects, pseudos, bundles.
const slotBarrier = mir.FlagBranch | mir.FlagTerminator | mir.FlagCall | mir.FlagReturn |
	mir.FlagSideEffect | mir.FlagPseudo | mir.FlagHasDelaySlot | mir.FlagIndirect

const memFlags = mir.FlagLoad | mir.FlagStore | mir.FlagCall

// takeSlotFillers picks up to n instructions before b.Instrs[at] that can
// move into its delay slots, removes them from the block and returns them in
// their original order. Walking backwards from the branch, it keeps the
// registers defined and used by the branch and by every instruction it
// leaves in place; a candidate may not write any of them (WAW, WAR, and
// "the branch reads what the slot would write") nor read what they write
// (RAW, which covers the branch's own implicit defs such as $lr for a call).
// Memory operations never move across other memory operations or calls, so
// the order of all memory (and memory-mapped I/O) accesses is kept.
func takeSlotFillers(a *mir.Arch, bi BranchInfo, b *mir.Block, at, n int) []*mir.Instr {
	br := b.Instrs[at]
	defs, uses := regSet{}, regSet{}
	d, u := bi.RegEffects(br)
	defs.add(d)
	uses.add(u)
	mem := a.Desc(br.Op).Flags&memFlags != 0
	var picked []int // descending
	for j := at - 1; j >= 0 && len(picked) < n; j-- {
		cand := b.Instrs[j]
		if cand.Op.IsGeneric() || len(cand.Bundle) != 0 || a.Desc(cand.Op).Flags&slotBarrier != 0 {
			break
		}
		cd, cu := bi.RegEffects(cand)
		cmem := a.Desc(cand.Op).Flags&memFlags != 0
		if bi.CanFillSlot(cand) && !(cmem && mem) && !defs.hasAny(cd) && !uses.hasAny(cd) && !defs.hasAny(cu) {
			picked = append(picked, j)
			continue
		}
		defs.add(cd)
		uses.add(cu)
		mem = mem || cmem
	}
	if len(picked) == 0 {
		return nil
	}
	moved := make([]*mir.Instr, 0, len(picked))
	for k := len(picked) - 1; k >= 0; k-- {
		moved = append(moved, b.Instrs[picked[k]])
	}
	// Compact the block, dropping the picked instructions.
	out := b.Instrs[:picked[len(picked)-1]]
	for j := picked[len(picked)-1]; j < len(b.Instrs); j++ {
		if !containsIdx(picked, j) {
			out = append(out, b.Instrs[j])
		}
	}
	b.Instrs = out
	return moved
}

func containsIdx(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
