package passes

import (
	"fmt"
	"strings"

	"lltosimd/mir"
)

// MachineCSE removes selected instructions that recompute a value an
// instruction dominating them already computed (LLVM's MachineCSE, on SSA
// MIR after instruction selection). Selection works one IR instruction at
// a time, so every GEP recomputes its index scaling, every global access
// its %hi/%lo pair and every constant its materialization; CSE keeps the
// first and renames the uses of the others.
//
// Only pure instructions are candidates: one explicit virtual definition,
// no other register written (the implicit ones included, see
// BranchInfo.RegEffects), no memory access, no control transfer or other
// effect, no guard, and register inputs that are virtual or reserved
// registers nothing in the function writes ($zero). Two candidates match
// when they have the same opcode and operands (the two sources of a
// commutable op in either order). The walk goes down the dominator tree
// with a scoped table, so the kept instruction always dominates the ones
// it replaces.
//
// A merged value lives longer; the allocator recomputes constants and
// addresses it spills, and a reload costs no more than the recomputation
// of anything else, so code never grows (at most one spill store).
var MachineCSE = Register(&Pass{
	Name: "machine-cse",
	Desc: "Remove common subexpressions among pure selected instructions (dominator-scoped)",
	Stats: map[string]string{
		"cse": "Number of instructions removed as common subexpressions",
	},
	Needs: mir.PropSSA | mir.PropSelected, Forbids: mir.PropNoVRegs,
	Run: runMachineCSE,
})

// impure are the op flags that make an instruction no candidate.
const impure = mir.FlagBranch | mir.FlagTerminator | mir.FlagBarrier | mir.FlagCall | mir.FlagReturn |
	mir.FlagLoad | mir.FlagStore | mir.FlagSideEffect | mir.FlagHasDelaySlot | mir.FlagCopy |
	mir.FlagIndirect | mir.FlagCompare

func runMachineCSE(c *Ctx, f *mir.Func) error {
	bi := BranchInfoFor(f.Arch)
	if bi == nil || len(f.Blocks) == 0 {
		return nil
	}
	f.RecomputeCFG()
	// Physical registers some instruction writes are not constants.
	written := physWritten(f, bi)
	cs := &cse{f: f, bi: bi, written: written, rename: map[mir.Reg]mir.Reg{}, avail: map[cseKey]mir.Reg{}}
	dt := mir.ComputeDominators(f)
	for _, root := range dt.Roots() {
		cs.walk(dt, root)
	}
	if cs.removed == 0 {
		return nil
	}
	// PHIs and uses in blocks the walk saw before the def's block (none
	// in SSA but PHI operands) take the kept register too.
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			cs.renameUses(in)
		}
	}
	c.Count("cse", int64(cs.removed))
	return nil
}

type cse struct {
	f       *mir.Func
	bi      BranchInfo
	written map[mir.Reg]bool
	rename  map[mir.Reg]mir.Reg // removed def -> kept def
	avail   map[cseKey]mir.Reg  // key of a dominating candidate -> its def
	added   []cseKey            // keys added by the blocks on the walk's path (a stack)
	removed int
}

// walk processes b and the blocks it dominates, with the candidates of b's
// dominators available; it removes b's own candidates from the table on
// the way back up.
func (cs *cse) walk(dt *mir.DomTree, b *mir.Block) {
	base := len(cs.added)
	kept := b.Instrs[:0]
	for _, in := range b.Instrs {
		cs.renameUses(in)
		key, ok := cs.key(in)
		if !ok {
			kept = append(kept, in)
			continue
		}
		if r, dup := cs.avail[key]; dup {
			cs.rename[in.Ops[0].Reg] = r
			cs.removed++
			continue
		}
		cs.avail[key] = in.Ops[0].Reg
		cs.added = append(cs.added, key)
		kept = append(kept, in)
	}
	b.Instrs = kept
	for _, c := range dt.Children(b) {
		cs.walk(dt, c)
	}
	for _, k := range cs.added[base:] {
		delete(cs.avail, k)
	}
	cs.added = cs.added[:base]
}

// renameUses rewrites the uses of removed registers in in (and its bundle).
func (cs *cse) renameUses(in *mir.Instr) {
	for _, m := range in.Flatten() {
		for i := range m.Ops {
			o := &m.Ops[i]
			if o.IsUse() && o.Reg.IsVirtual() {
				if r, ok := cs.rename[o.Reg]; ok {
					o.Reg = r
					o.Flags &^= mir.FlagKill
				}
			}
		}
	}
}

// cseKey identifies a candidate's computation: its opcode, the class of
// its definition and its inputs (flags cleared; commutable operands in
// canonical order). A comparable struct, not a formatted string, so that
// the lookup of every selected instruction allocates nothing; inputs past
// the array (rare) are spelled out in rest.
type cseKey struct {
	op    mir.Opcode
	class mir.RegClass
	n     int
	ops   [2]mir.Operand
	rest  string
}

// key returns the table key of a candidate, or false if in is none.
func (cs *cse) key(in *mir.Instr) (cseKey, bool) {
	if len(in.Bundle) > 0 || in.Op == mir.GPhi || cs.f.Arch.Desc(in.Op).Flags&impure != 0 || !cs.bi.CanFillSlot(in) {
		return cseKey{}, false
	}
	if in.NumDefs() != 1 || !in.Ops[0].Reg.IsVirtual() || in.Ops[0].Flags&mir.FlagEarlyClobber != 0 {
		return cseKey{}, false
	}
	defs, uses := cs.bi.RegEffects(in)
	if len(defs) != 1 {
		return cseKey{}, false
	}
	for _, r := range uses {
		if r.IsPhys() && (cs.written[r] || !cs.f.Arch.Regs[r].Reserved) {
			return cseKey{}, false
		}
	}
	k := cseKey{op: in.Op, class: cs.f.ClassOf(in.Ops[0].Reg)}
	var rest []string
	for i := 1; i < len(in.Ops); i++ {
		o := in.Ops[i]
		if o.IsDef() || o.Kind == mir.KindPred || o.Kind == mir.KindStr || o.Flags&(mir.FlagUndef|mir.FlagImplicit) != 0 {
			return cseKey{}, false
		}
		o.Flags = 0
		if k.n < len(k.ops) {
			k.ops[k.n] = o
		} else {
			rest = append(rest, fmt.Sprintf("%d/%d/%d/%v/%d/%d/%s/%p", o.Kind, o.Reg, o.Cond, o.Neg, o.Imm, o.Off, o.Sym, o.Block))
		}
		k.n++
	}
	if cs.f.Arch.Desc(in.Op).Flags&mir.FlagCommutable != 0 && k.n >= 2 && operandLess(k.ops[1], k.ops[0]) {
		k.ops[0], k.ops[1] = k.ops[1], k.ops[0]
	}
	k.rest = strings.Join(rest, ",")
	return k, true
}

// operandLess is a total order on flag-free operands (equal only when
// identical), which puts commutable inputs in a canonical order.
func operandLess(a, b mir.Operand) bool {
	switch {
	case a.Kind != b.Kind:
		return a.Kind < b.Kind
	case a.Reg != b.Reg:
		return a.Reg < b.Reg
	case a.Cond != b.Cond:
		return a.Cond < b.Cond
	case a.Neg != b.Neg:
		return !a.Neg
	case a.Imm != b.Imm:
		return a.Imm < b.Imm
	case a.Off != b.Off:
		return a.Off < b.Off
	case a.Sym != b.Sym:
		return a.Sym < b.Sym
	case a.Block != b.Block:
		return a.Block != nil && (b.Block == nil || a.Block.ID < b.Block.ID)
	}
	return false
}

// physWritten returns the physical registers some instruction of f
// writes (the others, reserved registers nothing writes, read as
// constants).
func physWritten(f *mir.Func, bi BranchInfo) map[mir.Reg]bool {
	written := map[mir.Reg]bool{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, m := range in.Flatten() {
				defs, _ := bi.RegEffects(m)
				for _, r := range defs {
					if r.IsPhys() {
						written[r] = true
					}
				}
			}
		}
	}
	return written
}
