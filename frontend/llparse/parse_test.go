package llparse

import (
	"errors"
	"sort"
	"strings"
	"testing"
)

// The differential test against llir (frontend/llparse_diff_test.go)
// checks what the parser builds; these check what it leaves to llir.

func TestUnsupportedIsReported(t *testing.T) {
	for name, src := range map[string]string{
		"debug info":   "define void @f() !dbg !3 {\n  ret void\n}\n!3 = distinct !DISubprogram(name: \"f\")\n",
		"invoke":       "declare void @g()\ndefine void @f() personality i8* null {\n  invoke void @g() to label %a unwind label %b\na:\n  ret void\nb:\n  ret void\n}\n",
		"opaque ptr":   "define void @f(ptr %p) {\n  ret void\n}\n",
		"bad token":    "define void @f() {\n  ret void ~\n}\n",
		"out of order": "define i32 @f() {\n  %2 = add i32 1, 2\n  ret i32 %2\n}\n",
		"undefined":    "define i32 @f() {\n  ret i32 %x\n}\n",
		"early brace":  "define void @f() {\n  ret void }\n}\n",
	} {
		_, err := Parse(src)
		var u *Unsupported
		if !errors.As(err, &u) {
			t.Errorf("%s: got %v, want *Unsupported", name, err)
		}
	}
}

func TestParsesClangStyleModule(t *testing.T) {
	src := `target triple = "mipsel-unknown-linux-gnu"
%struct.S = type { i32, %struct.S* }
@g = dso_local global %struct.S zeroinitializer, align 4
@.str = private unnamed_addr constant [3 x i8] c"hi\00", align 1

define dso_local i32 @main() #0 {
  %1 = alloca i32, align 4
  store i32 0, i32* %1, align 4
  %2 = load i32, i32* getelementptr inbounds (%struct.S, %struct.S* @g, i32 0, i32 0), align 4
  %3 = icmp slt i32 %2, 8
  br i1 %3, label %4, label %6

4:                                                ; preds = %0
  %5 = call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([3 x i8], [3 x i8]* @.str, i32 0, i32 0))
  br label %6

6:                                                ; preds = %4, %0
  %7 = phi i32 [ 1, %4 ], [ %2, %0 ]
  ret i32 %7
}

declare i32 @printf(i8* noundef, ...) #1

attributes #0 = { noinline nounwind "frame-pointer"="all" }
attributes #1 = { "frame-pointer"="all" }
`
	m, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Funcs) != 2 || len(m.Funcs[0].Blocks) != 3 || len(m.Globals) != 2 || len(m.TypeDefs) != 1 {
		t.Fatalf("unexpected module shape:\n%s", m)
	}
	if !strings.Contains(m.String(), "%7 = phi i32 [ 1, %4 ], [ %2, %0 ]") {
		t.Errorf("phi not read back:\n%s", m)
	}
}

// TestOperandBundles reads the bundles clang puts on llvm.assume for
// __builtin_assume_aligned at -O0 (they were left to llir).
func TestOperandBundles(t *testing.T) {
	src := "declare void @llvm.assume(i1)\ndefine void @f(i8* %p, i32 %n) {\n  call void @llvm.assume(i1 true) [ \"align\"(i8* %p, i32 4), \"nonnull\"(i8* %p), \"x\"() ]\n  ret void\n}\n"
	m, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	want := `call void @llvm.assume(i1 true) [ "align"(i8* %p, i32 4), "nonnull"(i8* %p), "x"() ]`
	if !strings.Contains(m.String(), want) {
		t.Errorf("bundles not read back as %s:\n%s", want, m)
	}
}

func TestNatLess(t *testing.T) {
	names := []string{"struct.a10", "struct.a2", "0", "10", "2", "struct.a02", "a"}
	sort.Slice(names, func(i, j int) bool { return natLess(names[i], names[j]) })
	want := "0 2 10 a struct.a2 struct.a02 struct.a10"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("natural order %q, want %q", got, want)
	}
}
