package asm

import (
	"encoding/binary"
	"strings"
	"testing"

	bw "lltosimd/targets/bwdsp"
)

// TestAssembleFiles checks the linking rules: labels without .global are
// private to their file, .weak gives way to .global, _end follows the
// data, and references resolve to the file's own label first.
func TestAssembleFiles(t *testing.T) {
	a := File{"a.s", `	.global main
main:
	call f
	b .L1
.L1:
	halt
	.data
x:	.word 1
	.weak g
g:	.word 2
`}
	b := File{"b.s", `	.global f
f:
	b .L1
.L1:
	ret
	.data
x:	.word 3
	.global g
g:	.word 4
	.word x, g
`}
	p, err := AssembleFiles([]File{a, b})
	if err != nil {
		t.Fatal(err)
	}
	word := func(addr uint32) uint32 { return binary.LittleEndian.Uint32(p.Data[addr-bw.DataBase:]) }
	if p.Labels["main"] != 0 || p.Labels["f"] != 3 {
		t.Errorf("labels %v", p.Labels)
	}
	// b.s's `.L1` is its own (bundle 4), not a.s's (bundle 2).
	if p.Bundles[3][0].Imm != 4 || p.Bundles[1][0].Imm != 2 {
		t.Errorf("local labels: %v %v", p.Bundles[1][0], p.Bundles[3][0])
	}
	// The global g (b.s) wins over the weak one; `.word x, g` in b.s
	// names b.s's x.
	if word(p.Labels["g"]) != 4 || word(bw.DataBase+16) != p.Labels["x@1"] || word(bw.DataBase+20) != p.Labels["g"] {
		t.Errorf("data %v labels %v", p.Data, p.Labels)
	}
	if p.Labels["_end"] != bw.DataBase+24 {
		t.Errorf("_end = %#x", p.Labels["_end"])
	}
	// Two global definitions clash.
	_, err = AssembleFiles([]File{{"c.s", "\t.global f\nf:\n\tret\n"}, b})
	if err == nil || !strings.Contains(err.Error(), `b.s:2:1: label "f" already defined in c.s`) {
		t.Errorf("duplicate global: %v", err)
	}
}

// TestSymbolDifference checks `.word a-b+n` and narrower differences of
// code labels (offset tables of computed gotos) and their errors.
func TestSymbolDifference(t *testing.T) {
	p, err := Assemble("d.s", "l0:\n\tnop\n\tnop\nl2:\n\thalt\n\t.data\n\t.word l2-l0, l0-l2+1\n\t.half l2-l0-1\n\t.byte l2 - l0\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Data; binary.LittleEndian.Uint32(got) != 2 || int32(binary.LittleEndian.Uint32(got[4:])) != -1 ||
		binary.LittleEndian.Uint16(got[8:]) != 1 || got[10] != 2 {
		t.Errorf("data % x", got)
	}
	for src, want := range map[string]string{
		"l0:\n\thalt\n\t.data\nd:\n\t.word l0-d\n":       "one is a code label and the other a data label",
		"l0:\n\thalt\n\t.data\n\t.byte l0-nowhere\n":     `undefined symbol "nowhere"`,
		"l0:\n\thalt\n\t.data\n\t.half l0\n":             "a symbol needs .word",
		"l0:\n\thalt\n\t.data\n\t.word l0-l0-\n":         "bad value",
		"l0:\n\t.data\n\t.space 300\nd:\n\t.byte d-l0\n": "one is a code label",
	} {
		if _, err := Assemble("e.s", src); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want %q", src, err, want)
		}
	}
}
