package frontend

import (
	"strings"
	"testing"

	"lltosimd/mir"
)

// TestDominance: a use its definition does not dominate is refused at the
// use's position (llc: "Instruction does not dominate all uses!"), while
// the SSA shapes LLVM accepts (loop phis, uses in unreachable blocks,
// definitions in any layout order) still translate.
func TestDominance(t *testing.T) {
	cases := []struct {
		name, body, want string // want: "" = accepted, else "line:col: text"
	}{
		{"sibling", `entry:
  br i1 %c, label %x, label %y
x:
  %v = add i32 %a, 1
  br label %y
y:
  %w = add i32 %v, 2
  ret i32 %w`, "8:3: %v does not dominate this use"},
		{"before def", `entry:
  %w = add i32 %v, 2
  %v = add i32 %a, 1
  ret i32 %w`, "3:3: %v does not dominate this use"},
		{"self", `entry:
  br label %l
l:
  %v = add i32 %v, 1
  br label %l`, "5:3: %v does not dominate this use"},
		{"terminator", `entry:
  br i1 %c, label %x, label %y
x:
  %v = add i32 %a, 1
  br label %y
y:
  ret i32 %v`, "8:3: %v does not dominate this use"},
		{"phi", `entry:
  br i1 %c, label %x, label %y
x:
  %v = add i32 %a, 1
  br label %y
y:
  %p = phi i32 [ %v, %entry ], [ %v, %x ]
  ret i32 %p`, "8:3: %v does not dominate the end of its incoming block %entry"},
		{"loop phi", `entry:
  br label %l
l:
  %i = phi i32 [ 0, %entry ], [ %n, %l ]
  %n = add i32 %i, 1
  %d = icmp eq i32 %n, %a
  br i1 %d, label %e, label %l
e:
  ret i32 %n`, ""},
		{"layout order", `entry:
  br label %b
k:
  %w = add i32 %v, 1
  ret i32 %w
b:
  %v = add i32 %a, 1
  br label %k`, ""},
		{"unreachable use", `entry:
  ret i32 %a
dead:
  %w = add i32 %w, 1
  %x = add i32 %y, 1
  br label %dead2
dead2:
  %y = add i32 %x, 1
  br label %dead`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "define i32 @f(i32 %a, i1 %c) {\n" + c.body + "\n}\n"
			m, err := Parse("d.ll", []byte(src))
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			_, err = Translate(m, Options{Arch: mir.GenericArch, File: "d.ll", Src: []byte(src)})
			switch {
			case c.want == "" && err != nil:
				t.Errorf("refused valid SSA: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), "d.ll:"+c.want)):
				t.Errorf("error %v, want d.ll:%s", err, c.want)
			}
		})
	}
}
