package mir

import (
	"strings"
	"testing"
)

func TestMayAlias(t *testing.T) {
	g := func(sym string, off, size int64) *MemOperand {
		return &MemOperand{Obj: MemGlobal, Sym: sym, Off: off, OffKnown: off >= 0, Size: size}
	}
	fi := func(i int, off, size int64) *MemOperand {
		return &MemOperand{Obj: MemFrame, Index: i, Off: off, OffKnown: off >= 0, Size: size}
	}
	arg := func(i int, noalias bool, off, size int64) *MemOperand {
		return &MemOperand{Obj: MemArg, Index: i, NoAlias: noalias, Off: off, OffKnown: off >= 0, Size: size}
	}
	unknown := &MemOperand{Size: 4}
	cases := []struct {
		name string
		a, b *MemOperand
		may  bool
	}{
		{"nil", nil, g("x", 0, 4), true},
		{"unknown object", unknown, g("x", 0, 4), true},
		{"unknown vs noalias arg", unknown, arg(0, true, 0, 4), true},
		{"unknown vs frame", unknown, fi(0, 0, 4), true},
		{"two globals", g("x", -1, 16), g("y", -1, 16), false},
		{"global vs frame", g("x", 0, 4), fi(0, 0, 4), false},
		{"two frame objects", fi(0, -1, 4), fi(1, -1, 4), false},
		{"same global, variable offset", g("x", -1, 16), g("x", 32, 16), true},
		{"same global, disjoint", g("x", 0, 16), g("x", 16, 16), false},
		{"same global, overlap by one", g("x", 0, 16), g("x", 15, 4), true},
		{"same global, inside", g("x", 0, 16), g("x", 4, 4), true},
		{"same global, unknown size", g("x", 0, 0), g("x", 16, 4), true},
		{"same frame object, disjoint", fi(2, 8, 4), fi(2, 4, 4), false},
		{"arg vs global", arg(0, false, 0, 4), g("x", 0, 4), true},
		{"two args", arg(0, false, -1, 4), arg(1, false, -1, 4), true},
		{"arg vs frame", arg(0, false, -1, 4), fi(0, -1, 4), false},
		{"noalias arg vs global", arg(0, true, -1, 4), g("x", -1, 4), false},
		{"noalias arg vs arg", arg(1, false, -1, 4), arg(0, true, -1, 4), false},
		{"same noalias arg, variable", arg(0, true, -1, 4), arg(0, true, 0, 4), true},
		{"same arg, disjoint", arg(1, false, 0, 16), arg(1, false, 16, 16), false},
		{"same arg, overlapping", arg(1, false, 0, 16), arg(1, false, 8, 16), true},
	}
	for _, c := range cases {
		if got := MayAlias(c.a, c.b); got != c.may {
			t.Errorf("%s: MayAlias(%v, %v) = %v, want %v", c.name, c.a, c.b, got, c.may)
		}
		if got := MayAlias(c.b, c.a); got != c.may {
			t.Errorf("%s (swapped): MayAlias = %v, want %v", c.name, got, c.may)
		}
	}
}

func TestMemOperandRoundTrip(t *testing.T) {
	text := `--- function: m
arch: generic
props: ssa
vregs: 4
vector-vregs: %2:v4s32
frame:
  fi#0: size=16 align=16 name=buf
body:
bb0:
  %0:gpr = G_ARGS 1
  %1:gpr = G_LOAD32 %0, 4 :: mem(noalias arg#0, 4, 4)  ; from p[1]
  G_STORE32 %1, fi#0, 8 :: mem(fi#0, 8, 4)
  %2:gpr = G_VLOAD %0, 0, 16 :: mem(arg#0, ?, 16)
  G_VSTORE %2, %0, 0, 16 :: mem(@"a b", 32, ?)
  G_STORE32 %1, %0, 0 :: mem(?, ?, 4)
  %3:gpr = G_LOAD32 %0, 0 :: mem(volatile @port, 0, 4)
  G_STORE32 %3, %0, 4 :: mem(volatile ?, ?, 4)
  G_RET
`
	m := roundTrip(t, text, false)
	f := m.Funcs[0]
	if errs := Verify(f); len(errs) > 0 {
		t.Fatal(errs)
	}
	in := f.Blocks[0].Instrs[1]
	if want := (MemOperand{Obj: MemArg, NoAlias: true, Off: 4, OffKnown: true, Size: 4}); in.Mem == nil || *in.Mem != want || in.Comment != "from p[1]" {
		t.Errorf("parsed %+v comment %q", in.Mem, in.Comment)
	}
	v, u := f.Blocks[0].Instrs[6].Mem, f.Blocks[0].Instrs[7].Mem
	if want := (MemOperand{Obj: MemGlobal, Sym: "port", OffKnown: true, Size: 4, Volatile: true}); v == nil || *v != want {
		t.Errorf("parsed volatile %+v", v)
	}
	if u == nil || !u.Volatile || u.Obj != MemUnknown || !MustOrder(v, u) || MustOrder(v, in.Mem) {
		t.Errorf("parsed volatile %+v: MustOrder wrong", u)
	}
	for _, bad := range []string{"mem(@x, 0)", "mem(arg0, 0, 4)", "mem(@x, 0, -4)", "mem(fi#0, a, 4)"} {
		src := strings.Replace(text, "mem(fi#0, 8, 4)", bad, 1)
		if _, err := Parse(src, testLookup); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

func TestCarryMem(t *testing.T) {
	m := &MemOperand{Obj: MemGlobal, Sym: "x", OffKnown: true, Size: 4}
	load := func() *Instr { return NewInstr(GLoad32, D(VirtBase), R(VirtBase+1), I(0)) }
	store := func() *Instr { return NewInstr(GStore32, R(VirtBase), R(VirtBase+1), I(0)) }
	add := NewInstr(GAdd, D(VirtBase+2), R(VirtBase), R(VirtBase))
	f := NewFunc("f", GenericArch)
	from := load()
	from.Mem = m
	one := []*Instr{add, load()}
	CarryMem(f, from, one)
	if one[1].Mem != m || add.Mem != nil {
		t.Errorf("one load: not carried")
	}
	two := []*Instr{load(), load()}
	CarryMem(f, from, two)
	if two[0].Mem != nil || two[1].Mem != nil {
		t.Errorf("a split load got the operand")
	}
	rmw := []*Instr{load(), store()}
	CarryMem(f, from, rmw)
	if rmw[0].Mem != nil || rmw[1].Mem != nil {
		t.Errorf("a load and a store got the operand")
	}
	other := []*Instr{store()}
	CarryMem(f, from, other)
	if other[0].Mem != nil {
		t.Errorf("a load's operand went to a store")
	}
	// A volatile access split or rewritten: every access stays volatile.
	from.Mem = &MemOperand{Obj: MemGlobal, Sym: "port", OffKnown: true, Size: 8, Volatile: true}
	vtwo := []*Instr{add, load(), load()}
	CarryMem(f, from, vtwo)
	if add.Mem != nil || vtwo[1].Mem == nil || !vtwo[1].Mem.Volatile || vtwo[2].Mem == nil || !vtwo[2].Mem.Volatile ||
		vtwo[1].Mem.Obj != MemUnknown {
		t.Errorf("a split volatile load: %+v %+v", vtwo[1].Mem, vtwo[2].Mem)
	}
}
