package asm

import (
	"reflect"
	"testing"

	bw "lltosimd/targets/bwdsp"
)

// FuzzAssemble checks that no input makes the assembler panic and that
// whatever it accepts survives the encode/decode/disassemble round trip.
func FuzzAssemble(f *testing.F) {
	for _, s := range formSamples {
		f.Add("L: " + s + "\n.data\ndata: .word 1\n")
	}
	f.Add("a: .word b, 3\n.data\nb: .float 1.5\n.text\nxR1 = #b || if LC0 b a\n")
	f.Fuzz(func(t *testing.T, src string) {
		p, err := Assemble("f.s", src)
		if err != nil {
			return
		}
		w := Encode(p.Bundles)
		got, err := Decode(w)
		if err != nil {
			t.Fatalf("accepted program does not decode: %v", err)
		}
		p2, err := Assemble("d.s", Disassemble(&bw.Program{Bundles: got, Data: p.Data}))
		if err != nil {
			t.Fatalf("disassembly does not assemble: %v", err)
		}
		if !reflect.DeepEqual(Encode(p2.Bundles), w) {
			t.Fatal("round trip changed the code")
		}
	})
}
