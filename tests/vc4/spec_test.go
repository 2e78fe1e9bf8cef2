package vc4test

import (
	"strings"
	"testing"
)

func TestParseHeader(t *testing.T) {
	r, err := parseHeader("kind=divergent round=rtz global=32 local=8 qpus=1,4 ulp=2 args=int:4:list:1,-2,3,4,i32:-5,float:2:seq:0.5:0.25,f32:1.5", []string{"k"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Kernel != "k" || !r.RTZ || r.Global != 32 || r.Local != 8 || r.ULP != 2 || len(r.QPUs) != 2 || r.QPUs[1] != 4 {
		t.Errorf("parsed %+v", r)
	}
	want := []string{"int:4:list:1,-2,3,4", "i32:-5", "float:2:seq:0.5:0.25", "f32:1.5"}
	if got := r.ArgStrings(); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("args %q, want %q", got, want)
	}
	if w, _ := InitWords(r.Args[0]); w[1] != 0xfffffffe {
		t.Errorf("list value -2 = %#x", w[1])
	}
	if w, _ := InitWords(r.Args[2]); w[1] != 0x3f400000 {
		t.Errorf("float seq element 1 = %#x, want 0.75", w[1])
	}

	for _, bad := range []string{
		"global=32 args=i32:1",                             // no kind
		"kind=uniform args=i32:1",                          // no global
		"kind=uniform global=30 local=16 args=i32:1",       // not a multiple
		"kind=uniform global=16",                           // no args
		"kind=sideways global=16 args=i32:1",               // bad kind
		"kind=uniform global=16 args=i32:1 colour=red",     // unknown field
		"kind=uniform global=16 args=int:3:list:1,2",       // short list
		"kind=uniform global=16 args=int:4:rnd:1",          // bad init
		"kind=uniform global=16 args=1,i32:1",              // stray value
		"kind=uniform global=16 args=i32:99999999999",      // out of range
		"kind=uniform global=16 global=32 args=i32:1",      // duplicate
		"kind=uniform global=16 qpus=0 args=i32:1",         // bad qpus
		"kind=uniform global=16 round=up args=i32:1",       // bad rounding
		"kind=uniform global=16 args=float:2:seq:1 ulp=-1", // bad seq, ulp
	} {
		if _, err := parseHeader(bad, []string{"k"}); err == nil {
			t.Errorf("parseHeader(%q) succeeded", bad)
		}
	}
	if _, err := parseHeader("kind=uniform global=16 args=i32:1", []string{"a", "b"}); err == nil {
		t.Error("two kernels without kernel= accepted")
	}
}

func TestRandMatchesContract(t *testing.T) {
	// x1 = (7*1103515245 + 12345) mod 2^31 = 1220628826 (0x48c1c05a); x1>>8.
	w, err := InitWords(Arg{Kind: IntBuf, Count: 2, Init: "rand:7", Spec: "int:2:rand:7"})
	if err != nil {
		t.Fatal(err)
	}
	if x1 := uint32((7*1103515245 + 12345) % (1 << 31)); w[0] != x1>>8 {
		t.Errorf("rand:7 element 0 = %#x, want %#x", w[0], x1>>8)
	}
}

func TestCompare(t *testing.T) {
	r := &Run{ULP: 1, Args: []Arg{
		{Kind: IntBuf, Count: 2}, {Kind: I32}, {Kind: FloatBuf, Count: 2},
	}}
	exp := "arg0: 0x00000001 0x00000002\narg2: 0x3f800000 0x80000000\n"
	for _, tc := range []struct {
		got string
		ok  bool
	}{
		{exp, true},
		{"arg0: 0x00000001 0x00000002\narg2: 0x3f800001 0x00000000\n", true}, // 1 ulp, -0 vs +0
		{"arg0: 0x00000001 0x00000002\narg2: 0x3f800002 0x80000000\n", false},
		{"arg0: 0x00000001 0x00000003\narg2: 0x3f800000 0x80000000\n", false}, // ints exact
		{"arg0: 0x00000001\narg2: 0x3f800000 0x80000000\n", false},
		{"arg0: 0x00000001 0x00000002\narg1: 0x3f800000 0x80000000\n", false},
		{"arg0: 0x1 0x2\narg2: 0x3f800000 0x80000000\n", false},
		{"", false},
	} {
		if err := Compare(r, exp, tc.got); (err == nil) != tc.ok {
			t.Errorf("Compare(%q) = %v, want ok=%v", tc.got, err, tc.ok)
		}
	}
}

func TestKernelParams(t *testing.T) {
	ir := "define dso_local void @k(i32* noundef align 4 dereferenceable(8) %0, float %1, float* %2, i32 %3) #0 {\n"
	got, err := kernelParams(ir, "k")
	if err != nil || strings.Join(got, " ") != "i32* float float* i32" {
		t.Errorf("kernelParams = %q, %v", got, err)
	}
	if _, err := kernelParams("define void @k(i64 %0) {\n", "k"); err == nil {
		t.Error("i64 parameter accepted")
	}
	if got, err := kernelParams("define void @k() {\n", "k"); err != nil || len(got) != 0 {
		t.Errorf("no parameters: %q, %v", got, err)
	}
}
