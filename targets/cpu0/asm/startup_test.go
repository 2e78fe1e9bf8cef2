package asm_test

import (
	"fmt"
	"testing"

	"lltosimd/targets/cpu0"
	"lltosimd/targets/cpu0/asm"
	"lltosimd/targets/cpu0/sim"
)

// mainPrintArgs prints argv[0..] up to the NULL pointer, one per line, and
// returns argc. argv = NULL prints nothing. It is a format: the offset of
// the address word in a pointer slot and the slot size.
const mainPrintArgs = `
	.text
	.globl	main
main:
	lui	$9, 0xff00
	addu	$6, $5, $zero		# p = argv
	beq	$6, $zero, done
	nop
next:
	ld	$7, %[1]d($6)
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
	addiu	$6, $6, %[2]d
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
	for _, ptr := range []int{4, 8} {
		for _, le := range []bool{false, true} {
			opt := asm.Options{Level: cpu0.Cpu032II, LittleEndian: le}
			off := 0
			if !le {
				off = ptr - 4
			}
			for _, c := range cases {
				crt, err := asm.StartupArgs(opt, c.args, ptr)
				if err != nil {
					t.Fatal(err)
				}
				prog, err := asm.Assemble("main.s", []byte(fmt.Sprintf(mainPrintArgs, off, ptr)), opt)
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
					t.Fatalf("ptr=%d le=%v %q: %v", ptr, le, c.args, err)
				}
				if string(m.Output) != c.out || int(res.Ret) != len(c.args) {
					t.Errorf("ptr=%d le=%v %q: output %q, argc %d; want %q, %d", ptr, le, c.args, m.Output, res.Ret, c.out, len(c.args))
				}
			}
		}
	}
	if _, err := asm.StartupArgs(asm.Options{}, []string{"a\x00b"}, 4); err == nil {
		t.Error("an argument with a NUL byte was accepted")
	}
}
