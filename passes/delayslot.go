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
	var pick func(b *mir.Block, at, n int) []int
	if sp, ok := bi.(SlotPicker); ok && useful {
		pick = sp.SlotPickerFor(f)
	}
	for _, b := range f.Blocks {
		for i := 0; i < len(b.Instrs); i++ {
			br := b.Instrs[i]
			n := bi.DelaySlots(br)
			if n == 0 || len(br.Bundle) != 0 && !nopSlots(bi, br) {
				continue // no slots, or already filled
			}
			var moved []*mir.Instr
			if useful {
				moved = takeSlotFillers(f.Arch, bi, pick, b, i, n)
				i -= len(moved) // the branch moved up
			}
			if len(br.Bundle) != 0 && len(moved) == 0 {
				continue // its nops stay
			}
			for _, m := range moved {
				c.Debugf("delay-slot-filler: %s: moved %s into the delay slot of %s",
					blockLabel(b), instrString(f, m), instrString(f, br))
			}
			if len(moved) < n {
				c.Debugf("delay-slot-filler: %s: filled %d delay slot(s) of %s with nop",
					blockLabel(b), n-len(moved), instrString(f, br))
			}
			nops := br.Bundle
			br.Bundle = moved
			for k := len(moved); k < n; k++ {
				if k < len(nops) {
					br.Bundle = append(br.Bundle, nops[k])
				} else {
					br.Bundle = append(br.Bundle, bi.NewNop())
				}
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

// SlotNops is implemented by a BranchInfo whose code carries its delay
// slots already, as bundles of nops (VC4's lowering puts them there): such
// a bundle is free for the filler, which replaces its nops from the front.
type SlotNops interface {
	IsNop(in *mir.Instr) bool
}

// nopSlots reports whether br's bundle holds only nops a filler may
// replace (SlotNops).
func nopSlots(bi BranchInfo, br *mir.Instr) bool {
	sn, ok := bi.(SlotNops)
	if !ok {
		return false
	}
	for _, m := range br.Bundle {
		if !sn.IsNop(m) {
			return false
		}
	}
	return true
}

// SlotPicker is implemented by a BranchInfo with its own rules for the
// instructions before a branch that may run in its delay slots, such as
// an exposed pipeline's (distances between a write and its readers,
// timing rules between I/O accesses, hazards with the first instructions
// of both successors after the last slot). SlotPickerFor returns the
// picker for one run of the pass over f (it may keep a view of the whole
// function, kept up to date by the moves it returns): given a branch
// b.Instrs[at] with n free slots, the indexes in b.Instrs of at most n
// instructions before it to move into its slots, nearest the branch
// first. The pass moves exactly those: it removes them from the block and
// fills the first slots with them in their original order. Without a
// SlotPicker, the pass's own dependence checks decide (pickSlotFillers).
type SlotPicker interface {
	SlotPickerFor(f *mir.Func) func(b *mir.Block, at, n int) []int
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
func takeSlotFillers(a *mir.Arch, bi BranchInfo, pick func(b *mir.Block, at, n int) []int, b *mir.Block, at, n int) []*mir.Instr {
	var picked []int // descending
	if pick != nil {
		picked = pick(b, at, n)
	} else {
		picked = pickSlotFillers(a, bi, b, at, n)
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

// pickSlotFillers is takeSlotFillers' choice without a SlotPicker: the
// indexes of the instructions to move, descending.
func pickSlotFillers(a *mir.Arch, bi BranchInfo, b *mir.Block, at, n int) []int {
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
	return picked
}

func containsIdx(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
