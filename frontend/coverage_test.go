package frontend

import (
	"testing"

	"lltosimd/mir"
)

// Constructors run in ascending priority (LangRef), whatever their order
// in the array (lli runs them in array order, so the execution corpus
// cannot check this).
func TestCtorsPriorityOrder(t *testing.T) {
	src := `define internal void @b() {
  ret void
}
define internal void @a() {
  ret void
}
define internal void @c() {
  ret void
}
define i32 @main() {
  ret i32 0
}
@llvm.global_ctors = appending global [4 x { i32, void ()*, i8* }] [{ i32, void ()*, i8* } { i32 300, void ()* @c, i8* null }, { i32, void ()*, i8* } { i32 101, void ()* @a, i8* null }, { i32, void ()*, i8* } { i32 65535, void ()* null, i8* null }, { i32, void ()*, i8* } { i32 200, void ()* @b, i8* null }]
`
	mm, _ := translateOne(t, src, false)
	var calls []string
	for _, f := range mm.Funcs {
		if f.Name != "main" {
			continue
		}
		for _, in := range f.Blocks[0].Instrs {
			if in.Op == mir.GCall {
				calls = append(calls, in.Ops[0].Sym)
			}
		}
	}
	if len(calls) != 3 || calls[0] != "a" || calls[1] != "b" || calls[2] != "c" {
		t.Errorf("constructor calls %v, want [a b c]", calls)
	}
}

// Relative lookup tables: differences become DataSymDiff items.
func TestRelativeTable(t *testing.T) {
	src := `target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
@s = private unnamed_addr constant [2 x i8] c"x\00"
@t = private unnamed_addr constant [2 x i32] [i32 trunc (i64 sub (i64 ptrtoint ([2 x i8]* @s to i64), i64 ptrtoint ([2 x i32]* @t to i64)) to i32), i32 trunc (i64 sub (i64 ptrtoint (i8* getelementptr ([2 x i8], [2 x i8]* @s, i64 0, i64 1) to i64), i64 ptrtoint ([2 x i32]* @t to i64)) to i32)]
define i8* @f(i64 %i) {
  %p = call i8* @llvm.load.relative.i64(i8* bitcast ([2 x i32]* @t to i8*), i64 %i)
  ret i8* %p
}
declare i8* @llvm.load.relative.i64(i8*, i64)
`
	mm, _ := translateOne(t, src, false)
	g := mm.Globals[1]
	want := []mir.DataItem{{Kind: mir.DataSymDiff, Size: 4, Sym: "s", Sym2: "t"}, {Kind: mir.DataSymDiff, Size: 4, Sym: "s", Sym2: "t", Value: 1}}
	if g.Name != "t" || len(g.Items) != 2 {
		t.Fatalf("table %+v", g)
	}
	for i, w := range want {
		if it := g.Items[i]; it.Kind != w.Kind || it.Sym != w.Sym || it.Sym2 != w.Sym2 || it.Value != w.Value || it.Size != 4 {
			t.Errorf("item %d = %+v, want %+v", i, it, w)
		}
	}
}

// Vectors of i1 in memory are packed bits, lane 0 in bit 0 on little-endian
// targets and in the top bit on big-endian ones.
func TestBoolVectorData(t *testing.T) {
	src := "@k = global <4 x i1> <i1 true, i1 true, i1 false, i1 false>\n"
	for _, tc := range []struct {
		be   bool
		want int64
	}{{false, 3}, {true, 12}} {
		mm := translateText(t, "t.ll", []byte(src), tc.be)
		it := mm.Globals[0].Items[0]
		if it.Kind != mir.DataInt || it.Size != 1 || it.Value != tc.want {
			t.Errorf("big-endian=%v: %+v, want one byte %d", tc.be, it, tc.want)
		}
	}
}
