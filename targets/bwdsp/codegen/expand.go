package codegen

import (
	"fmt"
	"slices"

	"lltosimd/mir"
	"lltosimd/passes"
	bw "lltosimd/targets/bwdsp"
)

// ExpandPseudo is bwdsp-expand-pseudo: what register allocation leaves
// generic becomes BWL instructions. Copies pick the form of their
// register classes; spill code of address registers goes through the
// scratch register x.R8 (§2.7), since loads and stores move general
// registers only:
//
//	COPY gpr, gpr     → xRd = Rs             COPY addr, addr → Un = Um + #0
//	COPY addr, gpr    → Un = x Rs            COPY gpr, addr  → xRd = Un
//	pred spill: xR8 = #0; (CPk) xR8 = #1; [fi] = xR8    reload: xR8 = [fi]; xCPk = R8 != #0
//	G_LOAD32 r, fi    → xRd = [fi]           (addr: xR8 = [fi]; Un = x R8)
//	G_STORE32 r, fi   → [fi] = xRs           (addr: xR8 = Un; [fi] = xR8)
//	G_CONST d, imm    → xRd = #imm           G_BR bb → b bb
//	IMPLICIT_DEF      → nothing
//	COPY tuple, tuple → D Rd = Rs            G_SPILL/G_RELOAD (tuple) → [fi] = D Rs / D Rd = [fi]
//	the vector pseudos (VBUILD, VEXTRACT, VINSERT, VCMPSEL) → expandVector (vector.go)
var ExpandPseudo = passes.Register(&passes.Pass{
	Name:     "bwdsp-expand-pseudo",
	Desc:     "BWDSP: expand copies, spill code and other post-RA pseudos",
	Required: true,
	Needs:    mir.PropNoVRegs,
	Stats: map[string]string{"copies": "Number of copies expanded",
		"redundant-compares": "Number of compares deleted: their predicate already held their result"},
	Run: func(c *passes.Ctx, f *mir.Func) error {
		var copies, dropped int64
		for _, b := range f.Blocks {
			out := make([]*mir.Instr, 0, len(b.Instrs))
			group := map[*mir.Instr]*mir.Instr{} // the VCMPSEL/VCMPBR each expanded instruction comes from
			for _, in := range b.Instrs {
				bad := func() error {
					return fmt.Errorf("%s: bwdsp-expand-pseudo: cannot expand %s", f.Name, mir.FormatInstr(f, in))
				}
				if v, ok, err := expandVector(f, in); ok {
					if err != nil {
						return err
					}
					if in.Op == bw.PseudoOp(bw.PseudoVCmpSel) || in.Op == bw.PseudoOp(bw.PseudoVCmpBr) {
						for _, x := range v {
							group[x] = in
						}
					}
					out = append(out, v...)
					continue
				}
				n := len(out)
				switch in.Op {
				case mir.GImplicitDef:
				case mir.GSpill: // a tuple: one SIMD store
					out = append(out, newInstr("ST", in.Ops[0], in.Ops[1], mir.I(0)))
				case mir.GReload:
					out = append(out, newInstr("LD", in.Ops[0], in.Ops[1], mir.I(0)))
				case mir.GCopy:
					d, s := in.Ops[0].Reg, in.Ops[1].Reg
					if d == s {
						continue
					}
					e := copyInstr(d, s)
					if e == nil {
						return bad()
					}
					// A guarded copy keeps its guard (and kept value).
					e.Ops = append(e.Ops, in.Ops[2:]...)
					out = append(out, e)
					copies++
				case mir.GLoad32:
					r := in.Ops[0].Reg
					switch classOf(r) {
					case bw.ClassGPR:
						out = append(out, newInstr("LD", in.Ops...))
					case bw.ClassAddr:
						out = append(out, newInstr("LD", mir.D(scratch), in.Ops[1], in.Ops[2]),
							newInstr("MOVTA", mir.D(r), mir.R(scratch)))
					case bw.ClassPred:
						out = append(out, newInstr("LD", mir.D(scratch), in.Ops[1], in.Ops[2]),
							newInstr("CMPI", mir.D(r), mir.I(bw.CmpCode(bw.RelNE, bw.ActCN)), mir.R(scratch), mir.I(0)))
					default:
						return bad()
					}
				case mir.GStore32:
					r := in.Ops[0].Reg
					switch classOf(r) {
					case bw.ClassGPR:
						out = append(out, newInstr("ST", in.Ops...))
					case bw.ClassAddr:
						out = append(out, newInstr("MOVFA", mir.D(scratch), mir.R(r)),
							newInstr("ST", mir.R(scratch), in.Ops[1], in.Ops[2]))
					case bw.ClassPred:
						// 0, then 1 where the predicate holds.
						set := newInstr("MOVI", mir.D(scratch), mir.I(1))
						set.Ops = append(set.Ops, mir.P(r, false))
						out = append(out, newInstr("MOVI", mir.D(scratch), mir.I(0)), set,
							newInstr("ST", mir.R(scratch), in.Ops[1], in.Ops[2]))
					default:
						return bad()
					}
				case mir.GConst:
					out = append(out, newInstr("MOVI", in.Ops...))
				case mir.GBr:
					out = append(out, newInstr("B", in.Ops...))
				default:
					if in.Op.IsGeneric() && in.Op != mir.GUnreachable && in.Op != mir.GInlineAsm {
						return bad()
					}
					out = append(out, in)
				}
				mir.CarryMem(f, in, out[n:]) // spill code: its slot
			}
			var nd int
			b.Instrs, nd = dropRedundantCompares(f, out, group)
			dropped += int64(nd)
		}
		c.Count("copies", copies)
		c.Count("redundant-compares", dropped)
		return nil
	},
})

// compareOps are the compare-to-predicate forms dropRedundantCompares
// looks at (§2.3 `D CPd = Rs REL Rt`, `#imm`, `(U)`, `(F)`).
var compareOps = map[mir.Opcode]bool{op("CMP"): true, op("CMPU"): true, op("CMPI"): true, op("CMPIU"): true, op("CMPF"): true}

// dropRedundantCompares deletes from one block's expanded code a compare
// that computes what a predicate already holds: an unguarded CN compare
// (§2.5: CPd = r in every lane of D) identical to an earlier one, with
// nothing in between writing a lane of that one's predicate or of its
// sources, and no call; a compare into another predicate is deleted too
// when it is the only compare of a VCMPSEL or VCMPBR expansion (group),
// whose select or branch then reads the earlier predicate: the
// pseudo's own predicate is dead outside it. A vector compare is part of
// each VCMPSEL and VCMPBR (a predicate of every lane has no register
// class, so it cannot be a value of its own before allocation, where
// machine-cse would merge it): a select and a lane test of one compare
// make it twice.
func dropRedundantCompares(f *mir.Func, in []*mir.Instr, group map[*mir.Instr]*mir.Instr) ([]*mir.Instr, int) {
	var avail []*mir.Instr // unguarded CN compares whose predicate still holds their result
	full := func(c *mir.Instr) bool {
		return compareOps[c.Op] && c.Pred() == nil && c.NumDefs() == 1 && len(c.Uses()) == 3 &&
			bw.Action(c.Uses()[0].Imm>>4&15) == bw.ActCN
	}
	// same reports whether a and b compute the same (from the operand
	// from on: 0 with the predicate written, 1 without).
	same := func(a, b *mir.Instr, from int) bool {
		if a.Op != b.Op || len(a.Ops) != len(b.Ops) {
			return false
		}
		for i := from; i < len(a.Ops); i++ {
			x, y := a.Ops[i], b.Ops[i]
			if x.Kind != y.Kind || x.Reg != y.Reg || x.Imm != y.Imm || x.Flags&mir.FlagImplicit != y.Flags&mir.FlagImplicit {
				return false
			}
		}
		return true
	}
	// alone reports whether c is the only compare of its pseudo's expansion.
	alone := func(c *mir.Instr) bool {
		g := group[c]
		if g == nil {
			return false
		}
		n := 0
		for x, y := range group {
			if y == g && compareOps[x.Op] {
				n++
			}
		}
		return n == 1
	}
	out, n := in[:0], 0
	rename := map[mir.Reg]mir.Reg{} // a deleted pseudo compare's predicate -> the earlier one
	for _, c := range in {
		for i := range c.Ops {
			if r, ok := rename[c.Ops[i].Reg]; ok && c.Ops[i].Kind == mir.KindReg && !c.Ops[i].IsDef() && group[c] != nil {
				c.Ops[i].Reg = r
			}
		}
		if full(c) {
			d := c.Ops[0].Reg
			if i := slices.IndexFunc(avail, func(a *mir.Instr) bool { return same(a, c, 0) }); i >= 0 {
				n++
				continue
			}
			dm, _, _ := bw.PredMaskNum(d)
			if i := slices.IndexFunc(avail, func(a *mir.Instr) bool {
				am, _, _ := bw.PredMaskNum(a.Ops[0].Reg)
				return am == dm && same(a, c, 1)
			}); i >= 0 && alone(c) {
				rename[d] = avail[i].Ops[0].Reg
				n++
				continue
			}
		}
		out = append(out, c)
		if f.Arch.Desc(c.Op).Flags&(mir.FlagCall|mir.FlagSideEffect) != 0 || c.Op == mir.GInlineAsm {
			avail = avail[:0]
			continue
		}
		defs, _ := passes.OperandRegEffects(c)
		for _, d := range defs {
			delete(rename, d)
		}
		avail = slices.DeleteFunc(avail, func(a *mir.Instr) bool {
			for _, d := range defs {
				for _, o := range a.Ops {
					if o.Kind == mir.KindReg && f.Arch.RegsOverlap(d, o.Reg) {
						return true
					}
				}
			}
			return false
		})
		if full(c) {
			avail = append(avail, c)
		}
	}
	return out, n
}

// classOf returns the class a physical register is allocated from
// (general registers of any macro count as ClassGPR).
func classOf(r mir.Reg) mir.RegClass {
	switch {
	case r >= bw.CPReg(0, 0) && r < bw.AddrReg(0):
		return bw.ClassPred
	case r >= bw.AddrReg(0) && r < bw.LCReg(0):
		return bw.ClassAddr
	case r >= bw.GPRReg(0, 0) && r < bw.CPReg(0, 0):
		return bw.ClassGPR
	}
	return noClass
}

// noClass is classOf's answer for LCn and RA.
const noClass mir.RegClass = 255

// copyInstr returns the instruction that copies s to d, or nil.
func copyInstr(d, s mir.Reg) *mir.Instr {
	if dm, _, ok := bw.RegMaskNum(d); ok && len(dm.Lanes()) > 1 {
		if sm, _, ok := bw.RegMaskNum(s); ok && sm == dm {
			return newInstr("MOV", mir.D(d), mir.R(s)) // a tuple: `D Rd = Rs`
		}
		return nil
	}
	switch [2]mir.RegClass{classOf(d), classOf(s)} {
	case [2]mir.RegClass{bw.ClassGPR, bw.ClassGPR}:
		return newInstr("MOV", mir.D(d), mir.R(s))
	case [2]mir.RegClass{bw.ClassAddr, bw.ClassAddr}:
		return newInstr("AADDI", mir.D(d), mir.R(s), mir.I(0))
	case [2]mir.RegClass{bw.ClassAddr, bw.ClassGPR}:
		return newInstr("MOVTA", mir.D(d), mir.R(s))
	case [2]mir.RegClass{bw.ClassGPR, bw.ClassAddr}:
		return newInstr("MOVFA", mir.D(d), mir.R(s))
	case [2]mir.RegClass{bw.ClassPred, bw.ClassPred}:
		return newInstr("POR", mir.D(d), mir.R(s), mir.R(s))
	}
	return nil
}

// materialize sets the virtual register dst to a PHI's non-register
// operand with selected instructions (phi elimination's hook).
func materialize(f *mir.Func, dst mir.Reg, src mir.Operand) []*mir.Instr {
	switch src.Kind {
	case mir.KindImm:
		return []*mir.Instr{newInstr("MOVI", mir.D(dst), mir.I(s32(src.Imm)))}
	case mir.KindSym, mir.KindBlock:
		return []*mir.Instr{newInstr("MOVI", mir.D(dst), src)}
	case mir.KindFrame:
		a := f.NewVReg(bw.ClassAddr)
		return []*mir.Instr{newInstr("AADDI", mir.D(a), src, mir.I(0)), newInstr("MOVFA", mir.D(dst), mir.R(a))}
	}
	return []*mir.Instr{mir.NewInstr(mir.GConst, mir.D(dst), src)}
}
