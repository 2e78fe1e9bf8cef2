package asm_test

import (
	"testing"

	"lltosimd/targets/cpu0"
	"lltosimd/targets/cpu0/asm"
	"lltosimd/targets/cpu0/sim"
)

// mainPrintArgs prints argv[0..] up to the NULL pointer, one per line, and
// returns argc. argv = NULL prints nothing.
const mainPrintArgs = `
	.text
	.globl	main
main:
	lui	$9, 0xff00
	addu	$6, $5, $zero		# p = argv
	beq	$6, $zero, done
	nop
next:
	ld	$7, 0($6)
	beq	$7, $zero, done
	nop
str:
	lbu	$8, 0($7)
	beq	$8, $zero, eol
	nop
	sb	$8, 0($9)
	addiu	$7, $7, 1
	jmp	str
eol:
	addiu	$8, $zero, 10
	sb	$8, 0($9)
	addiu	$6, $6, 4
	jmp	next
done:
	addu	$2, $4, $zero
	ret	$lr
	nop
`

func TestStartupArgs(t *testing.T) {
	cases := []struct {
		args []string
		out  string
	}{
		{nil, ""}, // argc = 0, argv = NULL: the loop must not run
		{[]string{"prog"}, "prog\n"},
		{[]string{"prog.ll", "", "a b", "\xff\n"}, "prog.ll\n\na b\n\xff\n\n"},
	}
	for _, le := range []bool{false, true} {
		opt := asm.Options{Level: cpu0.Cpu032II, LittleEndian: le}
		for _, c := range cases {
			crt, err := asm.StartupArgs(opt, c.args)
			if err != nil {
				t.Fatal(err)
			}
			prog, err := asm.Assemble("main.s", []byte(mainPrintArgs), opt)
			if err != nil {
				t.Fatal(err)
			}
			img, err := asm.Link([]*asm.Object{crt, prog}, asm.LinkOptions{Entry: "main"})
			if err != nil {
				t.Fatal(err)
			}
			m := sim.New(sim.Config{Level: cpu0.Cpu032II, LittleEndian: le})
			if err := m.Load(0, img.Mem); err != nil {
				t.Fatal(err)
			}
			if c.args == nil {
				m.R[5] = 0x1234 // crt0 must clear argv
			}
			res, err := m.Run()
			if err != nil {
				t.Fatalf("le=%v %q: %v", le, c.args, err)
			}
			if string(m.Output) != c.out || int(res.Ret) != len(c.args) {
				t.Errorf("le=%v %q: output %q, argc %d; want %q, %d", le, c.args, m.Output, res.Ret, c.out, len(c.args))
			}
		}
	}
	if _, err := asm.StartupArgs(asm.Options{}, []string{"a\x00b"}); err == nil {
		t.Error("an argument with a NUL byte was accepted")
	}
}
