// Register tuples: the SIMD register classes of the allocator (spec §3.3).

package bwdsp

import (
	"fmt"

	"lltosimd/mir"
)

// A SIMD value with mask D takes the same number n in every macro of D
// (spec §2.2, §3.1): it lives in the tuple register D.Rn = {m.Rn : m ∈ D},
// a mir register whose Sub lists the plain registers of its lanes, so
// that the shared allocator's register units keep it apart from scalars
// in any m.Rn (LLVM's RegisterTuples). Every mask has its class, named
// after the mask: "xyzt" (4 lanes), "xy", "zt", … (2 lanes), "xyz", …
// (3 lanes), and "x", "y", "z", "t" (the scalars of one macro). They come
// after ClassAddr; the tuple registers come after RA, so the numbering
// of the plain registers does not change.
const (
	// FirstMaskClass is the class of mask 1 (x); ClassOfMask gives the others.
	FirstMaskClass = ClassAddr + 1
	numMasks       = 1<<NumMacros - 1 // the non-empty masks
	firstTuple     = int(RegRA) + 1
)

// ClassOfMask returns the register class of the values with mask d
// (d non-empty).
func ClassOfMask(d Mask) mir.RegClass { return FirstMaskClass + mir.RegClass(d-1) }

// MaskOfClass returns the mask of a class made by ClassOfMask.
func MaskOfClass(c mir.RegClass) (Mask, bool) {
	if c < FirstMaskClass || c >= FirstMaskClass+numMasks {
		return 0, false
	}
	return Mask(c-FirstMaskClass) + 1, true
}

// TupleReg returns the register d.Rn: m.Rn for a one-macro mask, else the
// tuple of the lanes of d.
func TupleReg(d Mask, n int) mir.Reg {
	if l := d.Lanes(); len(l) == 1 {
		return GPRReg(l[0], n)
	}
	return mir.Reg(firstTuple + tupleIndex(d)*NumR + n)
}

// RegMaskNum returns the mask and the number of a general register or a
// tuple (ok false for the other registers).
func RegMaskNum(r mir.Reg) (d Mask, n int, ok bool) {
	switch i := int(r); {
	case i >= firstGPR && i < firstCP:
		return 1 << ((i - firstGPR) / NumR), (i - firstGPR) % NumR, true
	case i >= firstTuple && i < firstTuple+len(tupleMasks)*NumR:
		return tupleMasks[(i-firstTuple)/NumR], (i - firstTuple) % NumR, true
	}
	return 0, 0, false
}

// tupleMasks are the masks of two or more macros, in mask order: their
// tuple registers follow RA in this order.
var tupleMasks = func() []Mask {
	var out []Mask
	for d := Mask(1); d <= numMasks; d++ {
		if len(d.Lanes()) > 1 {
			out = append(out, d)
		}
	}
	return out
}()

func tupleIndex(d Mask) int {
	for i, x := range tupleMasks {
		if x == d {
			return i
		}
	}
	panic(fmt.Sprintf("bwdsp: no tuple of mask %s", d))
}

// addMaskClasses appends the tuple registers and the classes of every
// mask to a: the allocation order of each class is that of the plain
// registers (caller-saved R10–R27, the local block R28–R39, then
// callee-saved R40–R63; spec §2.7),
// the same numbers in every lane.
func addMaskClasses(a *mir.Arch) {
	if len(a.Classes) != int(FirstMaskClass) || len(a.Regs) != firstTuple {
		panic("bwdsp: the mask classes and tuples must come last")
	}
	for _, d := range tupleMasks {
		for n := 0; n < NumR; n++ {
			var sub []mir.Reg
			for _, m := range d.Lanes() {
				sub = append(sub, GPRReg(m, n))
			}
			x := a.Regs[sub[0]] // every lane has the same role for number n
			a.Regs = append(a.Regs, mir.RegDesc{Name: fmt.Sprintf("%sR%d", d, n), Enc: n,
				CalleeSaved: x.CalleeSaved, Reserved: x.Reserved, Sub: sub})
		}
	}
	for d := Mask(1); d <= numMasks; d++ {
		var alloc []mir.Reg
		for _, n := range allocNumbers {
			alloc = append(alloc, TupleReg(d, n))
		}
		a.Classes = append(a.Classes, mir.RegClassDesc{Name: d.String(), Alloc: alloc, Size: 4 * len(d.Lanes())})
	}
}
