package frontend

import (
	"strings"
	"testing"
)

// llir does not type-check ret; llvm-as rejects a ret that disagrees with
// the function's result type, and so do we (at the ret's position).
func TestRetTypeMismatch(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"define void @f() {\n  ret i32 1\n}\n", "t.ll:2:3: value doesn't match function result type 'void'"},
		{"define i32 @f() {\n  ret void\n}\n", "t.ll:2:3: 'ret void' in a function returning i32"},
		{"define i32 @f(i64 %a) {\n  ret i64 %a\n}\n", "t.ll:2:3: value doesn't match function result type 'i32'"},
	} {
		err := translateErr(t, tc.src)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("got %v, want prefix %q", err, tc.want)
		}
	}
	// Matching returns, including named structs and pointers, still compile.
	translateOne(t, "%S = type { i32, i32 }\ndefine %S @f() {\n  ret %S { i32 1, i32 2 }\n}\n", true)
	translateOne(t, "define i8* @h(i8* %p) {\n  ret i8* %p\n}\n", true)
}
