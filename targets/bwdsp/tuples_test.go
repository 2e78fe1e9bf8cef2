package bwdsp_test

import (
	"fmt"
	"testing"

	"lltosimd/mir"
	"lltosimd/passes/regalloc"
	"lltosimd/targets/bwdsp"
)

// TestTupleRegisters checks the tuple registers and the mask classes:
// names, lanes (units), flags, and the allocation order of spec §2.7.
func TestTupleRegisters(t *testing.T) {
	a := bwdsp.Arch
	xyzt := bwdsp.Mask(0xf)
	r, ok := a.LookupReg("xyztR5")
	if !ok || r != bwdsp.TupleReg(xyzt, 5) {
		t.Fatalf("xyztR5 = %d, %v", r, ok)
	}
	want := []mir.Reg{bwdsp.GPRReg(0, 5), bwdsp.GPRReg(1, 5), bwdsp.GPRReg(2, 5), bwdsp.GPRReg(3, 5)}
	if fmt.Sprint(a.Units(r)) != fmt.Sprint(want) {
		t.Errorf("units of xyztR5 = %v, want %v", a.Units(r), want)
	}
	zt, _ := a.LookupReg("ztR5")
	xy, _ := a.LookupReg("xyR5")
	xy6, _ := a.LookupReg("xyR6")
	if !a.RegsOverlap(r, bwdsp.GPRReg(1, 5)) || !a.RegsOverlap(zt, r) || a.RegsOverlap(zt, xy) || a.RegsOverlap(xy, xy6) {
		t.Error("overlap: xyztR5 ∩ yR5, ztR5 ∩ xyztR5 expected; ztR5 ∩ xyR5, xyR5 ∩ xyR6 not")
	}
	if d, n, ok := bwdsp.RegMaskNum(zt); !ok || d.String() != "zt" || n != 5 {
		t.Errorf("RegMaskNum(ztR5) = %s %d %v", d, n, ok)
	}
	if d, n, ok := bwdsp.RegMaskNum(bwdsp.GPRReg(2, 7)); !ok || d.String() != "z" || n != 7 {
		t.Errorf("RegMaskNum(zR7) = %s %d %v", d, n, ok)
	}
	if !a.Regs[bwdsp.TupleReg(xyzt, 40)].CalleeSaved || !a.Regs[bwdsp.TupleReg(xyzt, 30)].Reserved {
		t.Error("xyztR40 callee-saved, xyztR30 reserved (the local allocator's block)")
	}
	for d := bwdsp.Mask(1); d <= 0xf; d++ {
		c := bwdsp.ClassOfMask(d)
		cl := a.Classes[c]
		if m, ok := bwdsp.MaskOfClass(c); !ok || m != d || cl.Name != d.String() || cl.Size != 4*len(d.Lanes()) {
			t.Errorf("class of %s: %+v", d, cl)
		}
		// R10–R27, the local block R28–R39 (reserved: -regalloc=linear
		// leaves it alone), the argument registers R0–R7, then R40–R63:
		// 62 numbers, the same in every lane.
		if len(cl.Alloc) != 62 || cl.Alloc[0] != bwdsp.TupleReg(d, 10) || cl.Alloc[18] != bwdsp.TupleReg(d, 28) ||
			cl.Alloc[30] != bwdsp.TupleReg(d, 0) || cl.Alloc[38] != bwdsp.TupleReg(d, 40) {
			t.Errorf("class %s allocates %d registers, first %v", cl.Name, len(cl.Alloc), cl.Alloc[:1])
		}
	}
}

// TestTupleAllocation allocates 21 SIMD values (class xyzt) and 21
// scalars of macro y, all live at once: 42 values for the 42 numbers of
// macro y. They fit with no spill only if every scalar avoids the numbers
// the SIMD values take in all four macros (spec §3.1: a SIMD value
// occupies {m.Rn : m ∈ D}).
func TestTupleAllocation(t *testing.T) {
	f := mir.NewFunc("mixed", bwdsp.Arch)
	b := f.NewBlock("entry")
	var vals []mir.Operand
	for i := 0; i < 42; i++ {
		c := bwdsp.ClassOfMask(0xf)
		if i%2 == 1 && i > 2 || i > 38 {
			c = bwdsp.ClassOfMask(2) // y
		}
		v := f.NewVReg(c)
		b.Instrs = append(b.Instrs, mir.NewInstr(mir.GImplicitDef, mir.D(v)))
		vals = append(vals, mir.R(v))
	}
	b.Instrs = append(b.Instrs, mir.NewInstr(mir.GRet, vals...))
	f.RecomputeCFG()
	if err := regalloc.Allocate(nil, f); err != nil {
		t.Fatal(err)
	}
	used := map[int]string{}
	simd := 0
	for _, o := range b.Instrs[len(b.Instrs)-1].Ops {
		d, n, ok := bwdsp.RegMaskNum(o.Reg)
		if !ok {
			t.Fatalf("G_RET reads %s", f.Arch.RegName(o.Reg))
		}
		if d.String() == "xyzt" {
			simd++
		}
		if prev, dup := used[n]; dup {
			t.Errorf("number %d taken by %s and %s", n, prev, f.Arch.RegName(o.Reg))
		}
		used[n] = f.Arch.RegName(o.Reg)
	}
	if simd != 21 || len(used) != 42 {
		t.Errorf("%d SIMD values, %d numbers used\n%s", simd, len(used), f)
	}
}
