package codegen

import (
	"strings"
	"testing"

	"lltosimd/mir"
)

// TestBuilder: the builder puts the operands in the machine form's
// order, makes Z the active lanes before a masked write that needs it,
// bundles the delay slots, starts a block after a branch and at a label,
// and dest writes the last instruction under the mask.
func TestBuilder(t *testing.T) {
	b := &mir.Block{}
	l := &lowerer{m: newMBuilder("k"), nextV: 1, g: &flow{facts: map[*mir.Block]*facts{b: {masked: true}}}}
	l.alu("sub", none, hw("elem_num"), imm(3), setF())
	l.alu("mov", vreg(0), imm(1), ifnn())
	l.alu("mov", vreg(0), imm(2), ifz(), onlyActive()) // flags are not the mask
	l.alu("mov", vreg(0), imm(3), ifz(), onlyActive()) // they are
	l.branch("anyz", 7, "again")
	l.alu("add", vreg(0), vreg(0), imm(1))
	l.label(7, "")
	l.vdefs = map[mir.Reg]int{mir.VirtBase: 2}
	d, fin := l.dest(b, mir.VirtBase)
	l.alu("add", d, hw("elem_num"), imm(1))
	fin()
	d, fin = l.dest(b, mir.VirtBase)
	l.alu("add", d, hw("r1"), imm(1)) // reads an accumulator: a masked copy
	fin()
	l.thrend()
	f, err := l.m.finish(l.nextV)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := mir.Print(&sb, f); err != nil {
		t.Fatal(err)
	}
	got := sb.String()
	body := got[strings.Index(got, "body:"):]
	want := `body:
bb2097153:
  $nop = V4_SUB $elem_num, 3, implicit-def $zf, implicit-def $nf, implicit-def $cf
  %0:gpr = V4_MOV 1, pred:!$nf, implicit %0
  $nop = V4_MOV $r3, implicit-def $zf, implicit-def $nf, implicit-def $cf
  %0:gpr = V4_MOV 2, pred:$zf, implicit %0, implicit $r3
  %0:gpr = V4_MOV 3, pred:$zf, implicit %0, implicit $r3
  bundle {
    V4_BRR_ANYZ bb7.b7, implicit $zf  ; again
    V4_NOP
    V4_NOP
    V4_NOP
  }

bb2097154:  ; preds: bb2097153
  %0:gpr = V4_ADD %0, 1

bb7.b7:  ; preds: bb2097153, bb2097154
  $nop = V4_MOV $r3, implicit-def $zf, implicit-def $nf, implicit-def $cf
  %0:gpr = V4_ADD $elem_num, 1, pred:$zf, implicit %0, implicit $r3
  %2:gpr = V4_ADD $r1, 1
  %0:gpr = V4_MOV %2, pred:$zf, implicit %0, implicit $r3
  bundle {
    V4_THREND
    V4_NOP
    V4_NOP
  }
`
	if body != want {
		t.Errorf("got\n%s\nwant\n%s", body, want)
	}
}
