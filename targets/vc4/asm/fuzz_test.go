package asm

import "testing"

func FuzzAssemble(f *testing.F) {
	for _, r := range refs {
		f.Add(r.src)
	}
	f.Add("brr.anyz ra1, rb2, ra3+:x\n:x ldi [1,2")
	f.Fuzz(func(t *testing.T, src string) {
		p, err := Assemble(src)
		if err != nil {
			return
		}
		for _, w := range p.Words {
			_ = Disassemble(w)
		}
	})
}
