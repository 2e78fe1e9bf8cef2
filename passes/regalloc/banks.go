// Register banks with one read port each (mir.Arch.ReadPorts): bank
// preferences during assignment, staging of the conflicts left.

package regalloc

import (
	"fmt"
	"slices"
	"strings"

	"lltosimd/mir"
	"lltosimd/passes"
)

// portInstr is an instruction that reads at least two operands through
// bank read ports, one of them a virtual register.
type portInstr struct {
	reads []mir.PortRead
	w     float64 // loop weight of its block
}

// buildPorts records, for every virtual register, the instructions that
// read it together with other port operands (a.portOf).
func (a *alloc) buildPorts(bw []float64) {
	a.portIns = a.portIns[:0]
	a.portOf = make([][]int32, a.f.NumVRegs())
	for bi, b := range a.f.Blocks {
		for _, in := range b.Instrs {
			for _, m := range in.Flatten() {
				reads := a.f.Arch.PortReads(m)
				if len(reads) < 2 {
					continue
				}
				k := int32(len(a.portIns))
				virt := false
				for _, r := range reads {
					if r.Reg.IsVirtual() && r.Reg.VirtIndex() < len(a.portOf) {
						vi := r.Reg.VirtIndex()
						a.portOf[vi] = append(a.portOf[vi], k)
						virt = true
					}
				}
				if virt {
					a.portIns = append(a.portIns, portInstr{reads, bw[bi]})
				}
			}
		}
	}
}

// bankCost returns the loop-weighted number of instructions reading one
// of vs (the members of a node: they get one register) whose port reads
// would conflict with vs in register r while they fit with vs in a
// register that takes no port. Operands not assigned yet do not count:
// they see vs's bank when their turn comes.
func (a *alloc) bankCost(vs []*interval, r mir.Reg) float64 {
	m := a.f.Arch.Regs[r].Banks
	cost := 0.0
	var masks []mir.BankMask
	for _, x := range vs {
		for _, k := range a.portOf[x.v.VirtIndex()] {
			pi := &a.portIns[k]
			masks = masks[:0]
			for _, rd := range pi.reads {
				switch {
				case !rd.Reg.IsVirtual():
					masks = append(masks, rd.Banks)
				case slices.ContainsFunc(vs, func(y *interval) bool { return y.v == rd.Reg }):
				default:
					if iv := a.iv[rd.Reg.VirtIndex()]; iv != nil && iv.reg != mir.NoReg {
						masks = append(masks, a.f.Arch.Regs[iv.reg].Banks)
					}
				}
			}
			if mir.BanksFit(masks) && !mir.BanksFit(append(masks, m)) {
				cost += pi.w
			}
		}
	}
	return cost
}

// preferBank returns r, the register the allocator chose for vs, unless
// it makes an instruction's port reads conflict and another candidate
// for which free holds costs less (bankCost; the first of the least
// cost in cands' order). It counts the conflicts so avoided.
func (a *alloc) preferBank(vs []*interval, r mir.Reg, cands []mir.Reg, free func(mir.Reg) bool) mir.Reg {
	if r == mir.NoReg || !a.banked {
		return r
	}
	readTogether := false
	for _, x := range vs {
		readTogether = readTogether || len(a.portOf[x.v.VirtIndex()]) > 0
	}
	if !readTogether {
		return r
	}
	costOf := map[mir.BankMask]float64{}
	cost := func(x mir.Reg) float64 {
		m := a.f.Arch.Regs[x].Banks
		c, ok := costOf[m]
		if !ok {
			c = a.bankCost(vs, x)
			costOf[m] = c
		}
		return c
	}
	best, bestCost := r, cost(r)
	for _, x := range cands {
		if bestCost == 0 {
			break
		}
		if x != best && int(x) < a.nphys && free(x) {
			if c := cost(x); c < bestCost {
				best, bestCost = x, c
			}
		}
	}
	if best != r {
		a.count("portConflictsAvoided", 1)
		a.debugf("%s: %s -> %s%s instead of %s%s (read ports)", a.f.Name, a.nodeName(vs),
			a.f.Arch.RegPrefix, a.f.Arch.RegName(best), a.f.Arch.RegPrefix, a.f.Arch.RegName(r))
	}
	return best
}

// stageReadPorts repairs, after assignment, the instructions whose port
// reads conflict: one operand is copied (G_COPY) into a register free at
// the instruction whose bank lets the reads fit — a register that takes
// no port first, else one of another bank, in allocation order — and the
// instruction reads that instead. It runs on the assigned code before
// anything but identity copies is deleted: pos gives each instruction's
// index in the final round's numbering, where the intervals and fixed
// ranges say which registers are free. used marks, by unit, the
// registers written (for the saved registers). The conflicts no free
// register resolves go to the target's passes.ReadPortResolver after
// rewriting; without one they are an error. Immediates are staged too
// when the target loads them (passes.ImmStager). Bundles are left
// alone: staging code inside one would take a delay slot, before its
// head would not be where the member reads; their conflicts are
// reported.
func (a *alloc) stageReadPorts(pos map[*mir.Instr]int, used []bool) {
	f := a.f
	classesOf := map[mir.Reg][]int{}
	for c, order := range a.order {
		for _, r := range order {
			classesOf[r] = append(classesOf[r], c)
		}
	}
	live := make([]bool, a.nphys) // by unit, at the read of the instruction
	imms, _ := passes.MachineFor(f.Arch).(passes.ImmStager)
	for _, b := range f.Blocks {
		var out []*mir.Instr
		for k, in := range b.Instrs {
			if len(in.Bundle) > 0 || !f.Arch.ReadPortConflict(in) {
				if out != nil {
					out = append(out, in)
				}
				continue
			}
			a.portConflicts++
			p := 2 * pos[in]
			clear(live)
			for u := 1; u < a.nphys; u++ {
				live[u] = a.fixedOverlap(mir.Reg(u), p, p+1)
			}
			for _, iv := range a.iv {
				if iv != nil && iv.reg != mir.NoReg && iv.start <= p && p < iv.end && iv.covers(p) {
					for _, u := range a.units[iv.reg] {
						live[u] = true
					}
				}
			}
			// Stage one read at a time while the reads conflict (each
			// staging makes them fit; the loop guards the invariant).
			var staged []*mir.Instr
			for f.Arch.ReadPortConflict(in) {
				c := a.stage(in, live, classesOf, imms)
				if c == nil {
					break
				}
				staged = append(staged, c)
				for _, u := range a.units[c.Ops[0].Reg] {
					used[u] = true
					live[u] = true
				}
				a.staged++
			}
			if out == nil {
				if len(staged) == 0 {
					continue
				}
				out = append(make([]*mir.Instr, 0, len(b.Instrs)+len(staged)), b.Instrs[:k]...)
			}
			out = append(append(out, staged...), in)
		}
		if out != nil {
			b.Instrs = out
		}
	}
}

// reportReadPorts counts the read-port statistics and hands the
// conflicts left in the final code to the target's
// passes.ReadPortResolver; without one they are an error.
func (a *alloc) reportReadPorts() error {
	f := a.f
	a.count("portConflicts", a.portConflicts)
	a.count("staged", a.staged)
	var left []*mir.Instr
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, m := range in.Flatten() {
				if f.Arch.ReadPortConflict(m) {
					left = append(left, m)
				}
			}
		}
	}
	if len(left) == 0 {
		return nil
	}
	a.count("portConflictsLeft", int64(len(left)))
	if m, ok := passes.MachineFor(f.Arch).(passes.ReadPortResolver); ok {
		return m.ResolveReadPorts(f, left)
	}
	var s []string
	for _, in := range left {
		s = append(s, mir.FormatInstr(f, in))
	}
	return fmt.Errorf("%s: read-port conflicts no free register can stage: %s", f.Name, strings.Join(s, "; "))
}

// stage returns the instruction that moves one port read of in into a
// register free at it (live: by unit, the registers live at its reads)
// so that the reads fit, and rewrites in to read it; nil when there is
// none. A register read is copied (G_COPY); an immediate is loaded by
// the target's imms (passes.ImmStager) into a register of the class it
// names, when there is one.
func (a *alloc) stage(in *mir.Instr, live []bool, classesOf map[mir.Reg][]int, imms passes.ImmStager) *mir.Instr {
	f := a.f
	reads := f.Arch.PortReads(in)
	masks := make([]mir.BankMask, len(reads))
	for k, rd := range reads {
		masks[k] = rd.Banks
	}
	usable := func(t mir.Reg) bool {
		for _, u := range a.units[t] {
			if live[u] {
				return false
			}
		}
		return true
	}
	// A tied read must stay in its definition's register.
	tied := map[mir.Reg]bool{}
	pairs, err := mir.TiedOperands(f.Arch, in)
	if err != nil {
		return nil
	}
	for _, p := range pairs {
		tied[in.Ops[p[1]].Reg] = true
	}
	for k := len(reads) - 1; k >= 0; k-- {
		x := reads[k].Reg
		var classes []int
		switch {
		case x != mir.NoReg:
			if tied[x] {
				continue
			}
			classes = classesOf[x]
		case imms != nil:
			// Every operand with the value is the one read: all go.
			c, ok := -1, true
			for i, o := range in.Ops {
				if o.Kind == mir.KindImm && o.Imm == reads[k].Imm {
					ci, oki := imms.ImmClass(f, in, i)
					ok = ok && oki && (c < 0 || ci == c)
					c = ci
				}
			}
			if ok && c >= 0 && c < len(a.order) {
				classes = []int{c}
			}
		}
		for _, portless := range []bool{true, false} {
			for _, c := range classes {
				cands := a.order[c]
				for _, r := range a.stageRegs {
					if slices.Contains(f.Arch.Classes[c].Alloc, r) {
						cands = append(slices.Clip(cands), r)
					}
				}
				for _, t := range cands {
					if (f.Arch.Regs[t].Banks == 0) != portless || !usable(t) {
						continue
					}
					old := masks[k]
					masks[k] = f.Arch.Regs[t].Banks
					fits := mir.BanksFit(masks)
					masks[k] = old
					if !fits {
						continue
					}
					if x == mir.NoReg {
						imm := reads[k].Imm
						ld := imms.LoadImm(f, t, imm)
						if ld == nil {
							return nil
						}
						for i := range in.Ops {
							if o := &in.Ops[i]; o.Kind == mir.KindImm && o.Imm == imm {
								*o = mir.R(t)
							}
						}
						a.debugf("%s: staging immediate %d through %s%s for %s", f.Name, imm,
							f.Arch.RegPrefix, f.Arch.RegName(t), mir.FormatInstr(f, in))
						return ld
					}
					for i := range in.Ops {
						if o := &in.Ops[i]; o.Kind == mir.KindReg && o.Reg == x && o.Flags&(mir.FlagDef|mir.FlagImplicit) == 0 {
							o.Reg = t
							o.Flags &^= mir.FlagKill
						}
					}
					a.debugf("%s: staging %s%s through %s%s for %s", f.Name, f.Arch.RegPrefix, f.Arch.RegName(x),
						f.Arch.RegPrefix, f.Arch.RegName(t), mir.FormatInstr(f, in))
					return mir.NewInstr(mir.GCopy, mir.D(t), mir.R(x))
				}
			}
		}
	}
	return nil
}
