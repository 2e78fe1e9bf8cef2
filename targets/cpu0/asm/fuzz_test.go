package asm

import "testing"

// FuzzAssemble checks that no input makes the assembler or linker panic.
func FuzzAssemble(f *testing.F) {
	f.Add([]byte(fileA))
	f.Add([]byte(fileB))
	f.Add([]byte("\t.align 99\n\t.p2align -1\n\t.balign 0\n\tld $2, %lo(x)($3)\n\t.4byte x+4\n"))
	f.Add([]byte("\tjmp ((a)+(b\n\tsb $2, ()\n\t.ascii \"\\x\"\n\t.space -1, 9\n"))
	for _, e := range refEncodings {
		f.Add([]byte("\t" + e.src + "\n"))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		o, err := Assemble("f.s", src, Options{})
		if err != nil {
			return
		}
		Link([]*Object{o}, LinkOptions{})
	})
}

// FuzzDisassemble checks that every word disassembles without panicking
// and that defined instructions re-assemble to the same word.
func FuzzDisassemble(f *testing.F) {
	f.Add(uint32(0x09ddfff8))
	f.Add(uint32(0x3ce00000))
	f.Fuzz(func(t *testing.T, w uint32) {
		text := Disassemble(w, 0x1000)
		o, err := Assemble("d.s", []byte("\t"+text+"\n"), Options{})
		if err != nil {
			t.Fatalf("%08x: %q does not assemble: %v", w, text, err)
		}
		data := o.Sections[Text].Data
		got := uint32(data[0])<<24 | uint32(data[1])<<16 | uint32(data[2])<<8 | uint32(data[3])
		if got != w {
			t.Fatalf("%08x: %q re-assembles to %08x", w, text, got)
		}
	})
}
