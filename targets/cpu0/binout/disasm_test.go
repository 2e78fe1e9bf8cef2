package binout

import (
	"bytes"
	"strings"
	"testing"

	"lltosimd/targets/cpu0/asm"
	"lltosimd/targets/cpu0/elf"
)

func TestDisassembleHex(t *testing.T) {
	// Spec §3.3 encodings, in the file order of each byte order.
	for _, c := range []struct {
		hex  string
		le   bool
		want []string
	}{
		{"09 20 00 05\n3c e0 00 00 // ret\n00 00 00 00", false, []string{"0:\t09 20 00 05\taddiu\t$2, $zero, 5", "4:\t3c e0 00 00\tret\t$lr", "8:\t00 00 00 00\tnop"}},
		{"05 00 20 09 00 00 e0 3c\n@10 00 00 00 36", true, []string{"0:\t05 00 20 09\taddiu\t$2, $zero, 5", "4:\t00 00 e0 3c\tret\t$lr", "10:\t00 00 00 36\tjmp\t0\t# 0x14"}},
	} {
		var b bytes.Buffer
		if err := Disassemble(&b, "x.hex", []byte(c.hex), c.le); err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("le=%v: output lacks %q:\n%s", c.le, w, b.String())
			}
		}
	}
}

func TestDisassembleObject(t *testing.T) {
	src := "\t.text\n\t.globl\tf\nf:\n\tjsub\tg\n\tnop\n\t.data\nv:\n\t.4byte\tf+8\n"
	o, err := asm.Assemble("o.s", []byte(src), asm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var obj bytes.Buffer
	if err := elf.Write(&obj, o); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Disassemble(&b, "o.o", obj.Bytes(), true); err != nil { // the ELF header wins over le
		t.Fatal(err)
	}
	for _, w := range []string{"Disassembly of section .text:\nf:\n", "0:\t3b 00 00 00\tjsub\t0\t# R_CPU0_PC24 g\n",
		"Disassembly of section .data:\nv:\n", "0:\t00 00 00 08\t.4byte\t0x00000008\t# R_CPU0_32 f+8\n"} {
		if !strings.Contains(b.String(), w) {
			t.Errorf("output lacks %q:\n%s", w, b.String())
		}
	}
}

func TestDisassembleErrors(t *testing.T) {
	for _, in := range []string{"not hex", "\x7fELF\x01\x01", "0x123"} {
		var b bytes.Buffer
		if err := Disassemble(&b, "bad", []byte(in), false); err == nil {
			t.Errorf("%q: no error", in)
		}
	}
}
