// SIMD: predicate tuples and the vector pseudo-instructions of selection.

package bwdsp

import (
	"fmt"

	"lltosimd/mir"
)

// A SIMD instruction's mask is the mask of its register operands (spec
// §2.2: one number in every macro of the mask): a general operand is the
// tuple D.Rn (tuples.go), a predicate operand the predicate tuple D.CPk
// defined here, so FromMIR reads `xyztR10 = R11 + R12` off
// `ADD xyztR10, xyztR11, xyztR12`. Predicate tuples belong to no
// register class: the allocator hands out x.CPk, and the post-allocation
// expansion of the vector pseudos below names the same k in every lane.
var firstPredTuple = firstTuple + len(tupleMasks)*NumR

// PredTupleReg returns the predicate register D.CPk: m.CPk for a
// one-macro mask, else the predicate tuple of the lanes of d.
func PredTupleReg(d Mask, k int) mir.Reg {
	if l := d.Lanes(); len(l) == 1 {
		return CPReg(l[0], k)
	}
	return mir.Reg(firstPredTuple + tupleIndex(d)*NumCP + k)
}

// PredMaskNum returns the mask and number of a predicate register or a
// predicate tuple.
func PredMaskNum(r mir.Reg) (d Mask, k int, ok bool) {
	switch i := int(r); {
	case i >= firstCP && i < firstAddr:
		return 1 << ((i - firstCP) / NumCP), (i - firstCP) % NumCP, true
	case i >= firstPredTuple && i < firstPredTuple+len(tupleMasks)*NumCP:
		return tupleMasks[(i-firstPredTuple)/NumCP], (i - firstPredTuple) % NumCP, true
	}
	return 0, 0, false
}

// addPredTuples appends the predicate tuples after the general tuples.
func addPredTuples(a *mir.Arch) {
	if len(a.Regs) != firstPredTuple {
		panic("bwdsp: the predicate tuples must follow the general tuples")
	}
	for _, d := range tupleMasks {
		for k := 0; k < NumCP; k++ {
			var sub []mir.Reg
			for _, m := range d.Lanes() {
				sub = append(sub, CPReg(m, k))
			}
			a.Regs = append(a.Regs, mir.RegDesc{Name: fmt.Sprintf("%sCP%d", d, k), Enc: k, Sub: sub})
		}
	}
}

// Vector pseudo-instructions: what selection emits for the vector ops
// that need a lane of a tuple or a predicate in every lane, which only
// the allocated register numbers can spell. bwdsp-expand-pseudo turns
// them into BWL forms (docs/bwdsp.md, "SIMD"). Their opcodes follow the
// forms'.
const (
	// PseudoVBuild is `VBUILD D.Rd, l0, l1, …`: lane j of the tuple from
	// the x scalar l_j (transfers `m Rd = x Rl`, then `x Rd = Rl0`).
	PseudoVBuild = iota
	// PseudoVExtract is `VEXTRACT xRd, D.Rs, j`: lane j to a scalar
	// (`x Rd = m Rs`).
	PseudoVExtract
	// PseudoVInsert is `VINSERT D.Rd, D.Rs, xRe, j`: Rs with lane j
	// replaced by e.
	PseudoVInsert
	// PseudoVCmpSel is `VCMPSEL D.Rd, xCPk, kind, pred, a, b, t, f`:
	// per lane, d = (a pred b) ? t : f, through D.CPk (kind 0: pred is a
	// mir.Cond, 1: a mir.FPred; b may be an immediate). CPk is a scratch
	// def, dead after.
	PseudoVCmpSel
	// PseudoVShuffle is `VSHUFFLE D.Rd, A.Ra, B.Rb, k0, k1, …`: lane j
	// of d is lane k_j of a ++ b (-1: undefined), by transfers between
	// macros (`D' Rd = m Rs`, one per source lane) and moves within one.
	PseudoVShuffle
	// PseudoVCmpBr is `VCMPBR xCPk, kind, pred, a, b, all, L, neg`: a
	// uniform branch on a lane-wise compare (spec §2.3, §2.5): `D CPk =
	// Ra REL Rb` over the mask D of a, then `if [!]any D CPk b L` (all =
	// 0) or `if [!]all D CPk b L` (all = 1), negated when neg is 1. kind
	// and pred are VCMPSEL's; CPk is a scratch def, dead after.
	PseudoVCmpBr
	numPseudos
)

var pseudoDescs = [numPseudos]mir.OpDesc{
	PseudoVBuild:   {Name: "VBUILD", NumDefs: 1, NumUses: -1, Doc: "pseudo: build a tuple from x scalars"},
	PseudoVExtract: {Name: "VEXTRACT", NumDefs: 1, NumUses: 2, Doc: "pseudo: lane of a tuple to an x scalar"},
	PseudoVInsert:  {Name: "VINSERT", NumDefs: 1, NumUses: 3, Doc: "pseudo: replace a lane of a tuple"},
	PseudoVCmpSel:  {Name: "VCMPSEL", NumDefs: 2, NumUses: 6, Doc: "pseudo: lane-wise compare and select"},
	PseudoVShuffle: {Name: "VSHUFFLE", NumDefs: 1, NumUses: -1, Doc: "pseudo: lanes of two tuples to the lanes of one"},
	PseudoVCmpBr:   {Name: "VCMPBR", NumDefs: 1, NumUses: 7, Flags: fBr, Doc: "pseudo: lane-wise compare, branch if any/all lanes"},
}

// PseudoOp returns the MIR opcode of pseudo p.
func PseudoOp(p int) mir.Opcode { return mir.FirstTargetOp + mir.Opcode(len(Forms)+p) }

func addPseudos(a *mir.Arch) {
	a.Ops = append(a.Ops, pseudoDescs[:]...)
}
