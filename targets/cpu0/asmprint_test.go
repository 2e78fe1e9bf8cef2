package cpu0

import (
	"strings"
	"testing"

	"lltosimd/mir"
)

func printModuleText(t *testing.T, src string) (string, error) {
	t.Helper()
	m, err := mir.Parse(src, lookupArch)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	var sb strings.Builder
	err = PrintModule(&sb, m, PrintOptions{})
	return sb.String(), err
}

func checkText(t *testing.T, got, want string) {
	t.Helper()
	if got != want {
		gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
		for i := 0; i < len(gl) || i < len(wl); i++ {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Errorf("line %d differs:\n got  %q\n want %q", i+1, g, w)
				break
			}
		}
		t.Errorf("--- got\n%s--- want\n%s", got, want)
	}
}

// The function shape of spec §2 and §7: a non-leaf function saving $lr,
// a call with its delay-slot nop, the epilogue and ret + nop; directives in
// llc's order and spelling.
func TestPrintFunction(t *testing.T) {
	got, err := printModuleText(t, `--- module: ch3.bc
byte-order: big

--- function: main
arch: cpu0
props: nophis novregs selected framelowered
attrs: exported
frame-info: size=8 max-call-args=8 has-calls saved=$lr
body:
bb0.entry:
  $sp = ADDiu $sp, -8
  ST $lr, $sp, 4
  JSUB @f, implicit-def $lr
  $lr = LD $sp, 4
  $sp = ADDiu $sp, 8
  RET $lr
`)
	if err != nil {
		t.Fatal(err)
	}
	checkText(t, got, `	.text
	.section .mdebug.abiO32
	.previous
	.file	"ch3.bc"
	.globl	main
	.align	2
	.type	main,@function
	.ent	main
main:
	.frame	$sp,8,$lr
	.mask 	0x00004000,-4
	.set	noreorder
	.set	nomacro
# %bb.0:                                # %entry
	addiu	$sp, $sp, -8
	st	$lr, 4($sp)
	jsub	f
	nop
	ld	$lr, 4($sp)
	addiu	$sp, $sp, 8
	ret	$lr
	nop
	.set	macro
	.set	reorder
	.end	main
$func_end0:
	.size	main, ($func_end0)-main
`)
}

// Spec §9.1 (ch7_1_controlflow, cpu032I): cmp $sw,$3,$2 / jne $sw,$BB0_2 /
// jmp $BB0_1 / $BB0_1: … ; labels only on referenced blocks, a filled
// delay slot printed from the bundle, move for addu with $zero, the
// %hi/%lo pair of spec §6, .set noat/at around a body that uses $1, and no
// name comment for a block whose IR label is a number.
func TestPrintControlFlow(t *testing.T) {
	got, err := printModuleText(t, `--- module: ch7_1_controlflow.c
byte-order: big

--- function: f
arch: cpu0
props: nophis novregs selected framelowered
frame-info: size=8
body:
bb0:
  $sw = CMP $3, $2
  bundle {
    JNE $sw, bb2.if.end
    $fp = ADDu $sp, $zero
  }
  JMP bb1.if.then

bb1.if.then:
  $1 = LUi @x
  JMP bb3.7

bb3.7:
  $1 = ORi $1, @x
  $2 = LD $1, 0
  JMP bb2.if.end

bb2.if.end: align=3
  $2 = ORi $2, 32768
  BNE $4, $zero, bb1.if.then
  RET $lr
`)
	if err != nil {
		t.Fatal(err)
	}
	checkText(t, got, `	.text
	.section .mdebug.abiO32
	.previous
	.file	"ch7_1_controlflow.c"
	.align	2
	.type	f,@function
	.ent	f
f:
	.frame	$sp,8,$lr
	.mask 	0x00000000,0
	.set	noreorder
	.set	nomacro
	.set	noat
# %bb.0:
	cmp	$sw, $3, $2
	jne	$sw, $BB0_3
	move	$fp, $sp
	jmp	$BB0_1
$BB0_1:                                 # %if.then
	lui	$1, %hi(x)
	jmp	$BB0_2
$BB0_2:
	ori	$1, $1, %lo(x)
	ld	$2, 0($1)
	jmp	$BB0_3
	.align	3
$BB0_3:                                 # %if.end
	ori	$2, $2, 32768
	bne	$4, $zero, $BB0_1
	nop
	ret	$lr
	nop
	.set	at
	.set	macro
	.set	reorder
	.end	f
$func_end0:
	.size	f, ($func_end0)-f
`)
}

// Spec §7 data directives and §6 jump tables ($JTI, dispatched through jr).
func TestPrintGlobalsAndJumpTables(t *testing.T) {
	got, err := printModuleText(t, `--- module: g.c
byte-order: big

--- global: @x size=4 align=4 section=.data exported
  int 4 1

--- global: @s size=4 align=1 section=.rodata
  bytes 4 "a\n\"\x00"

--- global: @p size=8 align=4 section=.data
  sym 4 @x+4
  zero 4

--- global: @z size=16 align=8 section=.bss exported

--- function: sw
arch: cpu0
props: nophis novregs selected framelowered
attrs: exported
jumptables:
  jt#0: bb1, bb2, bb1
body:
bb0:
  $2 = LUi jt#0
  $2 = ORi $2, jt#0
  $2 = LD $2, 0
  JR $2, implicit jt#0

bb1:
  RET $lr

bb2:
  RET $lr
`)
	if err != nil {
		t.Fatal(err)
	}
	want := `	.text
	.section .mdebug.abiO32
	.previous
	.file	"g.c"
	.globl	sw
	.align	2
	.type	sw,@function
	.ent	sw
sw:
	.frame	$sp,0,$lr
	.mask 	0x00000000,0
	.set	noreorder
	.set	nomacro
# %bb.0:
	lui	$2, %hi($JTI0_0)
	ori	$2, $2, %lo($JTI0_0)
	ld	$2, 0($2)
	jr	$2
	nop
$BB0_1:
	ret	$lr
	nop
$BB0_2:
	ret	$lr
	nop
	.set	macro
	.set	reorder
	.end	sw
$func_end0:
	.size	sw, ($func_end0)-sw
	.section	.rodata,"a",@progbits
	.align	2
$JTI0_0:
	.4byte	$BB0_1
	.4byte	$BB0_2
	.4byte	$BB0_1
	.text
	.type	x,@object
	.data
	.globl	x
	.align	2
x:
	.4byte	1
	.size	x, 4
	.type	s,@object
	.section	.rodata,"a",@progbits
	.align	0
s:
	.ascii	"a\n\"\000"
	.size	s, 4
	.type	p,@object
	.data
	.align	2
p:
	.4byte	x+4
	.space	4
	.size	p, 8
	.type	z,@object
	.bss
	.globl	z
	.align	3
z:
	.space	16
	.size	z, 16
`
	checkText(t, got, want)
}

// Code that is not fully lowered is an error, never a panic or bad text.
func TestPrintRejectsUnloweredCode(t *testing.T) {
	for name, body := range map[string]string{
		"vreg":    "  %0:gpr = ADDiu $zero, 1\n  RET $lr\n",
		"frame":   "  $2 = ADDiu fi#0, 0\n  RET $lr\n",
		"pseudo":  "  $2 = SELECT $3, $4, eq, $5, $zero\n  RET $lr\n",
		"generic": "  $2 = G_CONST 1\n  RET $lr\n",
	} {
		_, err := printModuleText(t, "--- module: e\nbyte-order: big\n\n--- function: f\narch: cpu0\nframe:\n  fi#0: size=4 align=4\nbody:\nbb0:\n"+body)
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
