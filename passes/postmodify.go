package passes

import (
	"slices"

	"lltosimd/mir"
)

// PostModifyMachine is implemented by the passes.Machine of a target with
// post-modify addressing (BWDSP's `[Un += imm]`, spec bwdsp.md §2.3: the
// access uses Un, then Un += imm). Without it, post-modify leaves the code
// alone.
type PostModifyMachine interface {
	// PostModify describes the target's forms; nil means none.
	PostModify() *PostModifyInfo
}

// PostModifyInfo tells post-modify how a target's selected instructions
// compute pointers and access memory.
type PostModifyInfo struct {
	// AddrClass is the class of the registers memory accesses take.
	AddrClass mir.RegClass
	// AddImm recognizes dst = src + imm (unguarded) on a pointer.
	AddImm func(in *mir.Instr) (dst, src mir.Reg, imm int64, ok bool)
	// ToAddr recognizes dst = src copied into AddrClass; NewToAddr
	// builds one.
	ToAddr    func(in *mir.Instr) (dst, src mir.Reg, ok bool)
	NewToAddr func(dst, src mir.Reg) *mir.Instr
	// Access gives the operand indices of the address register and of
	// the immediate offset of an unguarded load or store [addr + off].
	Access func(in *mir.Instr) (addr, off int, ok bool)
	// FitsOffset reports whether an offset fits the [addr + off] form.
	FitsOffset func(off int64) bool
	// Modify returns in (an Access with offset 0) as the access at [a]
	// followed by na = a + delta, or nil when there is no such form or
	// delta does not fit it. The pass gives it in's memory operand
	// (mir.Instr.Mem): it touches the same bytes.
	Modify func(in *mir.Instr, na, a mir.Reg, delta int64) *mir.Instr
	// PostModified recognizes the address a post-modify access (one of
	// Modify's) writes back: na = a + delta. Optional (software-pipeline
	// follows pointers through it).
	PostModified func(in *mir.Instr) (na, a mir.Reg, delta int64, ok bool)
}

// Statistic keys of post-modify.
const (
	statPMFormed   = "formed"
	statPMAccesses = "accesses"
)

// post-modify forms post-modify addressing in single-block loops (after
// selection, on SSA). A pointer p = PHI(init, p + c) whose only uses are
// that increment and moves into address registers feeding loads and
// stores becomes an address-register induction variable q = PHI(init,
// q'): the first access at offset 0 becomes the post-modify access
// `[q += c]` defining q', the accesses before it read q and the ones after
// it read q' with their offsets less c. The separate add and the moves
// into address registers disappear; the pointers of one loop are now live
// at the same time, so the allocator (the target's allocation order)
// places them in different address registers.
var _ = Register(&Pass{
	Name: "post-modify",
	Desc: "loop pointer increments into post-modify loads and stores (targets implementing passes.PostModifyMachine)",
	Stats: map[string]string{
		statPMFormed:   "Number of pointer increments folded into a post-modify access",
		statPMAccesses: "Number of accesses rewritten to an address-register induction variable",
	},
	Needs: mir.PropSSA | mir.PropSelected,
	Run:   runPostModify,
})

func runPostModify(c *Ctx, f *mir.Func) error {
	m, ok := MachineFor(f.Arch).(PostModifyMachine)
	if !ok || len(f.Blocks) == 0 {
		return nil
	}
	info := m.PostModify()
	if info == nil {
		return nil
	}
	f.RecomputeCFG()
	li := mir.ComputeLoops(f, mir.ComputeDominators(f))
	for _, l := range li.Loops {
		if len(l.Blocks) != 1 || l.Preheader() == nil {
			continue
		}
		pmLoop(c, f, info, l.Header, l.Preheader())
	}
	return nil
}

type pmAccess struct {
	in        *mir.Instr
	addr, off int
}

func pmLoop(c *Ctx, f *mir.Func, info *PostModifyInfo, b, pre *mir.Block) {
	defs := defMap(f)
	for _, phi := range slices.Clone(b.Instrs) {
		if phi.Op != mir.GPhi {
			continue
		}
		uses := useCounts(f)
		p := phi.Ops[0].Reg
		init, ok := mir.PhiIncoming(phi, pre)
		next := phiValue(phi, b)
		inc := defs[next]
		if !ok || init.Kind != mir.KindReg || inc == nil || uses[next] != 1 || inc.Pred() != nil {
			continue
		}
		dst, src, delta, ok := info.AddImm(inc)
		if !ok || dst != next || src != p {
			continue
		}
		// Every other use of p is a move into an address register whose
		// uses are all access addresses in this block.
		var moves []*mir.Instr
		var accs []pmAccess
		useOK := true
		nUses := 1 // the increment
		for _, in := range b.Instrs {
			d, s, ok := info.ToAddr(in)
			if !ok || s != p {
				continue
			}
			moves = append(moves, in)
			nUses++
			n := 0
			for _, x := range b.Instrs {
				a, o, ok := info.Access(x)
				if ok && x.Ops[a].Reg == d {
					accs = append(accs, pmAccess{x, a, o})
					n++
				}
			}
			if n != uses[d] {
				useOK = false
			}
		}
		if !useOK || nUses != uses[p] || len(accs) == 0 {
			continue
		}
		// In block order; the first unguarded one at offset 0 gets the
		// post-modify (a guard would suppress the increment too).
		order := map[*mir.Instr]int{}
		for i, x := range b.Instrs {
			order[x] = i
		}
		slices.SortFunc(accs, func(x, y pmAccess) int { return order[x.in] - order[y.in] })
		k := -1
		for i, a := range accs {
			if a.in.Ops[a.off].Imm == 0 && a.in.Pred() == nil {
				k = i
				break
			}
		}
		if k < 0 {
			continue
		}
		fits := true
		for _, a := range accs[k+1:] {
			fits = fits && info.FitsOffset(a.in.Ops[a.off].Imm-delta)
		}
		q, q2, qi := f.NewVReg(info.AddrClass), f.NewVReg(info.AddrClass), f.NewVReg(info.AddrClass)
		pm := info.Modify(accs[k].in, q2, q, delta)
		if !fits || pm == nil {
			continue
		}
		pm.Mem = accs[k].in.Mem
		for i, a := range accs {
			switch {
			case i < k:
				a.in.Ops[a.addr].Reg = q
			case i > k:
				a.in.Ops[a.addr].Reg = q2
				a.in.Ops[a.off].Imm -= delta
			}
		}
		b.Instrs[slices.Index(b.Instrs, accs[k].in)] = pm
		b.Instrs = slices.DeleteFunc(b.Instrs, func(x *mir.Instr) bool {
			return x == phi || x == inc || slices.Contains(moves, x)
		})
		b.Instrs = append([]*mir.Instr{mir.NewInstr(mir.GPhi, mir.D(q), mir.R(qi), mir.B(pre), mir.R(q2), mir.B(b))}, b.Instrs...)
		insertBeforeTerminators(f, pre, []*mir.Instr{info.NewToAddr(qi, init.Reg)})
		c.Count(statPMFormed, 1)
		c.Count(statPMAccesses, int64(len(accs)))
		c.Debugf("post-modify: %s: pointer %%%d += %d: %d accesses through %%%d", f.Name, p.VirtIndex(), delta, len(accs), q.VirtIndex())
		defs = defMap(f)
	}
}
