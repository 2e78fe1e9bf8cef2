package frontend

import "testing"

// TestHostLocal: in OpenCL IR for the host triple (clang erases address
// spaces), a kernel's __local variable — internal, undef, named
// <kernel>.<name> — gets address space 3, so a target places it once per
// work-group (campaign stress seed 8: vc4 placed it in the data image,
// shared by the groups running at once). Look-alikes keep address space
// 0: an initialized variable, a zero-initialized one (a C static), an
// immutable one, one of a non-kernel function, an exported one.
func TestHostLocal(t *testing.T) {
	src := `
@k.buf = internal global [4 x i32] undef, align 16
@k.init = internal global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 16
@k.zero = internal global [4 x i32] zeroinitializer, align 16
@k.ro = internal constant [4 x i32] undef, align 16
@f.buf = internal global [4 x i32] undef, align 16
@k.pub = global [4 x i32] undef, align 16
@kbuf = internal global [4 x i32] undef, align 16

define void @k(i32* %p) !kernel_arg_addr_space !0 {
  %a = getelementptr [4 x i32], [4 x i32]* @k.buf, i32 0, i32 1
  store i32 1, i32* %a
  ret void
}

define void @f() {
  ret void
}

!0 = !{i32 1}
`
	mm := translateText(t, "t.ll", []byte(src), false)
	want := map[string]int{"k.buf": 3, "k.init": 0, "k.zero": 0, "k.ro": 0, "f.buf": 0, "k.pub": 0, "kbuf": 0}
	for _, g := range mm.Globals {
		if w, ok := want[g.Name]; ok && g.AddrSpace != w {
			t.Errorf("@%s: address space %d, want %d", g.Name, g.AddrSpace, w)
		}
		delete(want, g.Name)
	}
	for n := range want {
		t.Errorf("@%s: not translated", n)
	}
}
