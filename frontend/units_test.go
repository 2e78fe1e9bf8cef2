package frontend

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir/types"

	"lltosimd/mir"
	"lltosimd/passes"
)

const (
	mipsDL = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
	x86DL  = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
)

func TestParseLayout(t *testing.T) {
	st := types.NewStruct(types.I8, types.I64, types.I16, types.NewPointer(types.I8))
	packed := types.NewStruct(types.I8, types.I32)
	packed.Packed = true
	for _, tc := range []struct {
		dl               string
		ptr, i64a        int64
		offs             []int64
		size, packedSize int64
		big              bool
	}{
		{mipsDL, 4, 8, []int64{0, 8, 16, 20}, 24, 5, false},
		{x86DL, 8, 8, []int64{0, 8, 16, 24}, 32, 5, false},
		{"E-p:32:32-i64:32", 4, 4, []int64{0, 4, 12, 16}, 20, 5, true},
	} {
		l, err := ParseLayout(tc.dl)
		if err != nil {
			t.Fatal(err)
		}
		if l.PtrSize != tc.ptr || l.BigEndian != tc.big {
			t.Errorf("%s: ptr %d big %v", tc.dl, l.PtrSize, l.BigEndian)
		}
		if a, _ := l.Align(types.I64); a != tc.i64a {
			t.Errorf("%s: i64 align %d, want %d", tc.dl, a, tc.i64a)
		}
		sl, err := l.Struct(st)
		if err != nil {
			t.Fatal(err)
		}
		for i, o := range tc.offs {
			if sl.Offsets[i] != o {
				t.Errorf("%s: field %d at %d, want %d", tc.dl, i, sl.Offsets[i], o)
			}
		}
		if sl.Size != tc.size {
			t.Errorf("%s: struct size %d, want %d", tc.dl, sl.Size, tc.size)
		}
		if s, _ := l.AllocSize(packed); s != tc.packedSize {
			t.Errorf("%s: packed size %d", tc.dl, s)
		}
		if s, _ := l.AllocSize(types.NewArray(3, st)); s != 3*tc.size {
			t.Errorf("%s: array size %d", tc.dl, s)
		}
	}
	if big, ok := IRBigEndian("E-m:m-p:32:32"); !big || !ok {
		t.Error("IRBigEndian(E...)")
	}
	if big, ok := IRBigEndian(mipsDL); big || !ok {
		t.Error("IRBigEndian(e...)")
	}
	if _, ok := IRBigEndian(""); ok {
		t.Error("IRBigEndian(\"\") specified")
	}
	if _, err := ParseLayout("e-p:33:32"); err == nil {
		t.Error("bad pointer size accepted")
	}
}

// f<size>:<abi> and v<size>:<abi> entries change struct layout: i386's
// f64:32 puts the double of { i32, double } at offset 4 (sizeof 12, as
// gcc -m32 has it), ARM's v128:64 aligns <4 x i32> to 8.
func TestParseLayoutFloatVector(t *testing.T) {
	const i386DL = "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-f64:32:64-f80:32-n8:16:32-S128"
	const armDL = "e-m:e-p:32:32-Fi8-i64:64-v128:64:128-a:0:32-n32-S64"
	sd := types.NewStruct(types.I32, types.Double)
	sv := types.NewStruct(types.I32, types.NewVector(4, types.I32))
	for _, tc := range []struct {
		dl            string
		st            *types.StructType
		off1, size, a int64
	}{
		{i386DL, sd, 4, 12, 4},
		{mipsDL, sd, 8, 16, 8},
		{armDL, sv, 8, 24, 8},
		{mipsDL, sv, 16, 32, 16},
	} {
		l, err := ParseLayout(tc.dl)
		if err != nil {
			t.Fatal(err)
		}
		sl, err := l.Struct(tc.st)
		if err != nil {
			t.Fatal(err)
		}
		if sl.Offsets[1] != tc.off1 || sl.Size != tc.size || sl.Align != tc.a {
			t.Errorf("%s: %s: field 1 at %d, size %d, align %d; want %d, %d, %d",
				tc.dl, tc.st, sl.Offsets[1], sl.Size, sl.Align, tc.off1, tc.size, tc.a)
		}
	}
}

// A getelementptr instruction with a constant-expression index panics in
// raw llir; Parse must accept it.
func TestGEPConstExprIndexWorkaround(t *testing.T) {
	src, err := os.ReadFile("testdata/gep_constexpr_index.ll")
	if err != nil {
		t.Fatal(err)
	}
	panicked := func() (p bool) {
		defer func() { p = recover() != nil }()
		_, _ = asm.ParseBytes("x.ll", src)
		return false
	}()
	if !panicked {
		t.Log("llir no longer panics on this input; the pre-pass is harmless")
	}
	mm := translateText(t, "gep.ll", src, false)
	if len(mm.Funcs) != 1 {
		t.Fatalf("got %d functions", len(mm.Funcs))
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want string
	}{
		{"define i32 @f() {\n  %x = add i32 1, \n  ret i32 %x\n}\n", "t.ll:3:3: syntax error"},
		{"define i32 @f() {\n  ret i32 %y\n}\n", "t.ll:2:11: unable to locate local identifier"},
		{"\x00\xff(((", "t.ll:1:"},
	} {
		_, err := Parse("t.ll", []byte(tc.src))
		var fe *Error
		if !errors.As(err, &fe) {
			t.Fatalf("%q: error %v is not *Error", tc.src, err)
		}
		if !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: got %q, want prefix %q", tc.src, err, tc.want)
		}
	}
}

func translateErr(t *testing.T, src string) error {
	t.Helper()
	m, err := Parse("t.ll", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	_, err = Translate(m, Options{Arch: mir.GenericArch, File: "t.ll", Src: []byte(src)})
	return err
}

func TestUnsupportedPositions(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"define x86_fp80 @g(x86_fp80 %a) {\nentry:\n  %b = fadd x86_fp80 %a, %a\n  ret x86_fp80 %b\n}\n",
			"t.ll:1:1: unsupported: floating-point type 'x86_fp80' in function @g"},
		{"define i32 @f(i32 %a) {\nentry:\n  %b = add i32 %a, 1\n  br label %next\n; comment\nnext:\n  %c = fadd half 1.0, 2.0\n  ret i32 %b\n}\n",
			"t.ll:7:3: unsupported: floating-point type 'half' in function @f"},
		{"define i32 @f(i32 %a) {\n  switch i32 %a, label %d [\n    i32 0, label %d\n    i32 1, label %d\n  ]\n\nd:\n  %c = fadd half 1.0, 2.0\n  ret i32 %a\n}\n",
			"t.ll:8:3: unsupported: floating-point type 'half'"},
		{"define void @f(float* %p) {\n  %v = atomicrmw fadd float* %p, float 1.0 seq_cst\n  ret void\n}\n",
			"t.ll:2:3: unsupported: atomic operation on type 'float'"},
		{"define void @f() {\n  call void asm sideeffect \"nop\", \"f\"(float 1.0)\n  ret void\n}\n",
			"t.ll:2:3: unsupported: inline asm constraint 'f'"},
		{"%va = type { i32, i32, i8*, i8* }\ndefine void @v(i32 %n, ...) {\n  %ap = alloca [1 x %va]\n  %p = bitcast [1 x %va]* %ap to i8*\n  call void @llvm.va_start(i8* %p)\n  ret void\n}\ndeclare void @llvm.va_start(i8*)\n",
			"t.ll:5:3: unsupported: va_list of type '[1 x %va]'"},
		{"target datalayout = \"e-m:e-p:64:64-i64:64-i128:128-n64-S128\"\ntarget triple = \"riscv64-unknown-linux-gnu\"\ndefine void @v(i32 %n, ...) {\n  %ap = alloca i8*\n  %p = bitcast i8** %ap to i8*\n  call void @llvm.va_start(i8* %p)\n  ret void\n}\ndeclare void @llvm.va_start(i8*)\n",
			"t.ll:6:3: unsupported: va_list from riscv64-unknown-linux-gnu IR (its va_arg reads every argument from an 8-byte slot"},
		{"@x = global i32 0\n@llvm.used = appending global [1 x i8*] [i8* bitcast (i32* @x to i8*)], section \"llvm.metadata\"\ndefine void @c() {\n  ret void\n}\n@llvm.global_ctors = appending global [1 x { i32, void ()*, i8* }] [{ i32, void ()*, i8* } { i32 65535, void ()* @c, i8* null }]\n",
			"t.ll:6:1: unsupported: global constructors"},
		{"define void @f([4294967295 x {}]* %p) {\n  %a = load [4294967295 x {}], [4294967295 x {}]* %p\n  ret void\n}\n",
			"t.ll:2:3: unsupported: aggregate '[4294967295 x {}]' as a register value"},
		{"define void @f() {\n  %a = alloca [4294967295 x [4294967295 x i32]]\n  ret void\n}\n",
			"t.ll:2:3: unsupported: type '[4294967295 x [4294967295 x i32]]' is too large"},
		{"@g = global [4294967295 x [4294967295 x i32]] zeroinitializer\n",
			"t.ll:1:1: unsupported: type '[4294967295 x [4294967295 x i32]]' is too large"},
		{"@g = global [1073741824 x i32] zeroinitializer\n",
			"t.ll:1:1: unsupported: global of more than 2 GiB"},
		{"@d = global fp128 0xL00000000000000000000000000000000\n", "t.ll:1:1: unsupported: floating-point type 'fp128'"},
	} {
		err := translateErr(t, tc.src)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("got %v, want prefix %q", err, tc.want)
		}
	}
}

func translateOne(t *testing.T, src string, be bool) (*mir.Module, *mir.Func) {
	t.Helper()
	mm := translateText(t, "t.ll", []byte(src), be)
	return mm, mm.Funcs[0]
}

func countOps(f *mir.Func) map[mir.Opcode]int {
	n := make(map[mir.Opcode]int)
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			n[in.Op]++
		}
	}
	return n
}

func TestI64Split(t *testing.T) {
	src := `target datalayout = "` + mipsDL + `"
define i64 @f(i64 %a, i64 %b, i32 %s) {
  %c = add i64 %a, %b
  %d = mul i64 %c, %b
  %e = sdiv i64 %d, %a
  %f = shl i64 %e, 40
  %g = lshr i64 %f, %b
  %h = icmp slt i64 %g, %a
  %i = select i1 %h, i64 %g, i64 %c
  ret i64 %i
}
`
	mm, f := translateOne(t, src, false)
	args := f.Blocks[0].Instrs[0]
	if args.Op != mir.GArgs || args.NumDefs() != 5 {
		t.Fatalf("G_ARGS defines %d words", args.NumDefs())
	}
	uses := args.Uses()
	if d := mir.ArgDesc(uses[0].Imm); d.Words() != 2 || !d.Has(mir.ArgAlign8) {
		t.Errorf("i64 descriptor %#x", uses[0].Imm)
	}
	if d := mir.ArgDesc(uses[2].Imm); d.Words() != 1 || d.Has(mir.ArgAlign8) {
		t.Errorf("i32 descriptor %#x", uses[2].Imm)
	}
	// The frontend emits the arithmetic on wide registers; wideint-legalize
	// splits it into the word ops.
	if n := countOps(f); n[mir.GMergeValues] == 0 || n[mir.GUnmergeValues] == 0 || n[mir.GUMulH] != 0 {
		t.Errorf("frontend ops: merge %d unmerge %d umulh %d", n[mir.GMergeValues], n[mir.GUnmergeValues], n[mir.GUMulH])
	}
	if err := passes.LegalizeWideInts(&passes.Ctx{Pass: passes.WideIntLegalizePass, Module: mm}, f, func(mir.Opcode, int) bool { return false }); err != nil {
		t.Fatal(err)
	}
	for _, err := range mir.Verify(f) {
		t.Errorf("after wideint-legalize: %v", err)
	}
	n := countOps(f)
	if n[mir.GUMulH] != 1 || n[mir.GCall] != 1 || n[mir.GSelect] < 3 || n[mir.GMergeValues]+n[mir.GUnmergeValues] != 0 || f.HasWideInts() {
		t.Errorf("ops: umulh %d call %d select %d", n[mir.GUMulH], n[mir.GCall], n[mir.GSelect])
	}
	ret := f.Blocks[0].Instrs[len(f.Blocks[0].Instrs)-1]
	if ret.Op != mir.GRet || len(ret.Uses()) != 2 {
		t.Errorf("return %v", ret)
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == mir.GCall && in.Uses()[0].Sym != "__divdi3" {
				t.Errorf("sdiv i64 calls %s", in.Uses()[0].Sym)
			}
		}
	}
	// Big-endian: ABI word order is high word first.
	_, fb := translateOne(t, src, true)
	argsB := fb.Blocks[0].Instrs[0]
	lo := args.Ops[0].Reg
	if argsB.Ops[1].Reg != lo {
		t.Errorf("big-endian G_ARGS does not list the high word first")
	}
}

func TestGlobalData(t *testing.T) {
	src := `target datalayout = "` + x86DL + `"
%struct.op = type { i8*, i32, i16 }
@.str = private constant [4 x i8] c"add\00"
@ops = constant [2 x %struct.op] [%struct.op { i8* getelementptr inbounds ([4 x i8], [4 x i8]* @.str, i64 0, i64 1), i32 7, i16 -1 }, %struct.op zeroinitializer]
@p = global i32* getelementptr (i32, i32* bitcast ([2 x %struct.op]* @ops to i32*), i64 3)
@z = global [10 x i32] zeroinitializer
@q = global i64 ptrtoint (i32** @p to i64)
@big = global i64 -2
`
	mm := translateText(t, "t.ll", []byte(src), false)
	byName := map[string]*mir.Global{}
	for _, g := range mm.Globals {
		byName[g.Name] = g
	}
	ops := byName["ops"]
	if ops.Size != 32 || ops.Section != mir.SecRodata || ops.Align != 16 { // larger than 16 bytes: 16 (LLVM)
		t.Fatalf("ops: size %d section %v align %d", ops.Size, ops.Section, ops.Align)
	}
	want := []mir.DataItem{
		{Kind: mir.DataSym, Size: 4, Sym: ".str", Value: 1},
		{Kind: mir.DataZero, Size: 4},
		{Kind: mir.DataInt, Size: 4, Value: 7},
		{Kind: mir.DataInt, Size: 2, Value: 0xffff},
		{Kind: mir.DataZero, Size: 18},
	}
	if len(ops.Items) != len(want) {
		t.Fatalf("ops items %+v", ops.Items)
	}
	for i, w := range want {
		if g := ops.Items[i]; g.Kind != w.Kind || g.Size != w.Size || g.Sym != w.Sym || g.Value != w.Value {
			t.Errorf("item %d: %+v, want %+v", i, g, w)
		}
	}
	if it := byName["p"].Items[0]; it.Sym != "ops" || it.Value != 12 {
		t.Errorf("p: %+v", it)
	}
	if z := byName["z"]; z.Section != mir.SecBSS || z.Size != 40 || len(z.Items) != 0 {
		t.Errorf("z: %+v", z)
	}
	if q := byName["q"]; q.Items[0].Kind != mir.DataSym || q.Items[1].Kind != mir.DataZero {
		t.Errorf("q: %+v", q.Items)
	}
	if b := byName["big"]; b.Items[0].Kind != mir.DataInt || b.Items[0].Size != 8 || b.Items[0].Value != -2 {
		t.Errorf("big: %+v", b.Items)
	}
	// Big-endian: the zero half of an 8-byte pointer slot comes first.
	mmB := translateText(t, "t.ll", []byte(src), true)
	for _, g := range mmB.Globals {
		if g.Name == "q" && (g.Items[0].Kind != mir.DataZero || g.Items[1].Kind != mir.DataSym) {
			t.Errorf("big-endian q: %+v", g.Items)
		}
	}
}

func TestUnalignedAccessSplit(t *testing.T) {
	src := `target datalayout = "` + mipsDL + `"
define i32 @f(i32* %p, i64* %q) {
  %v = load i32, i32* %p, align 1
  %w = load i64, i64* %q, align 2
  store i32 %v, i32* %p, align 2
  ret i32 %v
}
`
	mm, f := translateOne(t, src, false)
	// The i64 is a wide G_LOAD, split into pieces by wideint-legalize.
	if err := passes.LegalizeWideInts(&passes.Ctx{Pass: passes.WideIntLegalizePass, Module: mm}, f, func(mir.Opcode, int) bool { return false }); err != nil {
		t.Fatal(err)
	}
	n := countOps(f)
	if n[mir.GLoad8U] != 4 || n[mir.GLoad16U] != 4 || n[mir.GStore16] != 2 || n[mir.GLoad32] != 0 {
		t.Errorf("loads/stores: %v", n)
	}
}

func FuzzParseTranslate(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.ll")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b)
		}
	}
	// Real clang output makes mutations reach deep into Translate.
	if _, err := exec.LookPath("clang-14"); err == nil {
		cs, _ := filepath.Glob("testdata/*.c")
		for _, c := range cs {
			f.Add(compileC(f, c, "mipsel-unknown-linux-gnu", "-O2"))
		}
	}
	f.Add([]byte("define i32 @f(i32 %a) {\n  %b = add i32 %a, 1\n  ret i32 %b\n}\n"))
	f.Add([]byte("@g = global [2 x i16] [i16 1, i16 2]\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		m, err := Parse("fuzz.ll", src)
		if err != nil {
			return
		}
		_, _ = Translate(m, Options{Arch: mir.GenericArch, File: "fuzz.ll", Src: src})
	})
}
