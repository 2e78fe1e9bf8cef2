package frontend

import (
	"strings"
	"testing"

	"lltosimd/mir"
)

const blockAddrFuncs = `define i32 @f(i8* %p) {
entry:
  indirectbr i8* %p, [label %a, label %b]
a:
  ret i32 1
b:
  ret i32 2
}
`

// TestPipelinable: passes may compile a lowered function while later
// ones are lowered only when no function body takes a block's address
// (a later body could take one of an earlier function).
func TestPipelinable(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      bool
	}{
		{"plain", "define i32 @f() {\n  ret i32 0\n}\ndefine i32 @g() {\n  ret i32 1\n}\n", true},
		{"table in a global", blockAddrFuncs + "@tab = constant [2 x i8*] [i8* blockaddress(@f, %a), i8* blockaddress(@f, %b)]\n", true},
		{"in a later body", blockAddrFuncs + "define i8* @g() {\n  ret i8* blockaddress(@f, %b)\n}\n", false},
	} {
		ir, err := Parse(tc.name+".ll", []byte(tc.src))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		tr, err := Begin(ir, Options{File: tc.name + ".ll", Src: []byte(tc.src)})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := tr.Pipelinable(); got != tc.want {
			t.Errorf("%s: Pipelinable %v, want %v", tc.name, got, tc.want)
		}
		if tr, _ := Begin(ir, Options{File: tc.name + ".ll"}); tr.Pipelinable() {
			t.Errorf("%s: pipelinable without the source text", tc.name)
		}
	}
}

// TestTranslationBlockSyms: the blocks whose addresses a global or a
// later function takes get their symbols, at the latest when the last
// function is lowered; and functions are lowered in order only.
func TestTranslationBlockSyms(t *testing.T) {
	src := blockAddrFuncs + "@tab = constant [1 x i8*] [i8* blockaddress(@f, %a)]\n" +
		"define i8* @g() {\n  ret i8* blockaddress(@f, %b)\n}\n"
	ir, err := Parse("t.ll", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Begin(ir, Options{File: "t.ll", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	mod := tr.Module()
	if len(mod.Funcs) != 2 || mod.Funcs[0].Name != "f" || mod.Funcs[1].Name != "g" || !mod.Funcs[0].Exported {
		t.Fatalf("functions made by Begin: %v", mod.Funcs)
	}
	if err := tr.Func(1); err == nil || !strings.Contains(err.Error(), "internal error") {
		t.Errorf("function 1 lowered before 0: %v", err)
	}
	syms := func() string {
		var l []string
		for _, b := range mod.Funcs[0].Blocks {
			if s, ok := mod.Funcs[0].BlockSyms[b]; ok {
				l = append(l, b.Name+"="+s)
			}
		}
		return strings.Join(l, " ")
	}
	if err := tr.Func(0); err != nil {
		t.Fatal(err)
	}
	if got, want := syms(), "a=$BA.f.1"; got != want { // the global's
		t.Errorf("block symbols of f after f: %q, want %q", got, want)
	}
	if err := tr.Func(1); err != nil {
		t.Fatal(err)
	}
	if got, want := syms(), "a=$BA.f.1 b=$BA.f.2"; got != want {
		t.Errorf("block symbols of f after g: %q, want %q", got, want)
	}
	for _, f := range mod.Funcs {
		if f.Props != mir.PropSSA || len(f.Blocks) == 0 {
			t.Errorf("@%s not lowered: props %v, %d blocks", f.Name, f.Props, len(f.Blocks))
		}
	}
}

// TestTranslationFreesIR: Func drops the IR function bodies it lowered
// when no body takes a block's address (their memory is freed while the
// passes run); Translate leaves the module as it was.
func TestTranslationFreesIR(t *testing.T) {
	src := "define i32 @f() {\n  ret i32 0\n}\ndefine i32 @g() {\n  ret i32 1\n}\n"
	ir, err := Parse("t.ll", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Translate(ir, Options{File: "t.ll", Src: []byte(src)}); err != nil {
		t.Fatal(err)
	}
	if len(ir.Funcs[0].Blocks) == 0 || len(ir.Funcs[1].Blocks) == 0 {
		t.Fatal("Translate dropped IR function bodies")
	}
	tr, err := Begin(ir, Options{File: "t.ll", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Func(0); err != nil {
		t.Fatal(err)
	}
	if ir.Funcs[0].Blocks != nil || len(ir.Funcs[1].Blocks) == 0 {
		t.Errorf("after Func(0): bodies of f and g %v, %v; want f's dropped", ir.Funcs[0].Blocks, ir.Funcs[1].Blocks)
	}
}
