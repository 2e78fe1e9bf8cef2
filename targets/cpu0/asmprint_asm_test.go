package cpu0_test

import (
	"fmt"
	"strings"
	"testing"

	"lltosimd/mir"
	"lltosimd/targets/cpu0"
	"lltosimd/targets/cpu0/asm"
)

// TestPrintedCodeAssembles feeds the printer's output to the project's
// assembler: every directive and operand form the printer uses must be
// accepted.
func TestPrintedCodeAssembles(t *testing.T) {
	src := `--- module: a.c
byte-order: big

--- global: @x size=8 align=4 section=.data exported
  int 4 -1
  sym 4 @x+4

--- global: @s size=3 align=1 section=.rodata
  bytes 3 "a\n\x00"

--- global: @z size=16 align=8 section=.bss

--- function: f
arch: cpu0
props: nophis novregs selected framelowered
attrs: exported
frame-info: size=8 max-call-args=8 has-calls saved=$lr
jumptables:
  jt#0: bb1, bb2
body:
bb0:
  $sp = ADDiu $sp, -8
  ST $lr, $sp, 4
  $1 = LUi @x
  $1 = ORi $1, @x+4
  $2 = LD $1, 0
  $sw = CMP $2, $3
  JLT $sw, bb1
  $3 = LUi jt#0
  $3 = ORi $3, jt#0
  $3 = LD $3, 0
  bundle {
    JR $3, implicit jt#0
    $4 = ADDu $3, $zero
  }

bb1:
  JSUB @f, implicit-def $lr
  $2 = MOVZ_I_I $3, $4, $2
  MULT $2, $3, implicit-def $hi, implicit-def $lo
  $2 = MFLO implicit $lo
  $2 = SHL $2, 3
  SB $2, $1, -1
  JMP bb2

bb2:
  $lr = LD $sp, 4
  $sp = ADDiu $sp, 8
  RET $lr
`
	m, err := mir.Parse(src, func(string) (*mir.Arch, error) { return cpu0.Arch, nil })
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := cpu0.PrintModule(&sb, m, cpu0.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	obj, err := asm.Assemble("a.s", []byte(sb.String()), asm.Options{})
	if err != nil {
		t.Fatalf("%v\n%s", err, numbered(sb.String()))
	}
	if obj == nil {
		t.Fatal("no object")
	}
}

func numbered(s string) string {
	var sb strings.Builder
	for i, l := range strings.Split(s, "\n") {
		fmt.Fprintf(&sb, "%3d %s\n", i+1, l)
	}
	return sb.String()
}
