package asm

import (
	"encoding/binary"
	"strings"
	"testing"
)

func TestSymbolDifferences(t *testing.T) {
	src := `
	.section	.rodata,"a",@progbits
s0:
	.ascii	"ab"
	.align	2
tbl:
	.4byte	s0-tbl
	.4byte	s1-tbl+3
	.4byte	tbl - s1 - 1
s1:
	.ascii	"c"
`
	for _, le := range []bool{false, true} {
		o := mustAssemble(t, "d.s", src, Options{LittleEndian: le})
		sec := o.Sections[Rodata]
		if len(sec.Relocs) != 0 {
			t.Errorf("relocations %v, want none", sec.Relocs)
		}
		var order binary.ByteOrder = binary.BigEndian
		if le {
			order = binary.LittleEndian
		}
		want := []int32{-4, 12 + 3, -12 - 1}
		for i, w := range want {
			if got := int32(order.Uint32(sec.Data[4+4*i:])); got != w {
				t.Errorf("le=%v word %d = %d, want %d", le, i, got, w)
			}
		}
	}
	for _, tc := range []struct{ src, want string }{
		{"\t.data\na:\n\t.4byte a-b\n\t.section .rodata\nb:\n\t.4byte 0\n", "same section"},
		{"\t.data\na:\n\t.4byte a-ext\n", "same section"},
		{"\t.data\na:\n\t.8byte a-a\n", "1-, 2- or 4-byte directive"},
		{"\t.data\na:\n\t.byte b-a\n\t.space 300\nb:\n", "out of range for 1 bytes"},
		{"\t.data\na:\n\t.2byte a-b\n\t.space 40000\nb:\n", "out of range for 2 bytes"},
		{"\t.data\na:\n\t.4byte -a\n", "cannot negate"},
		{"\t.data\na:\n\t.4byte a-a-a\n", "only symbol - symbol + constant"},
		{"\t.text\n\taddiu $2, $2, a-b\n", "only symbol + constant"},
	} {
		_, err := Assemble("e.s", []byte(tc.src), Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.src, err, tc.want)
		}
	}
}

// Short tables of label differences (computed-goto offset tables of
// type short or char) use .2byte and .byte.
func TestShortSymbolDifferences(t *testing.T) {
	src := `
	.text
l0:
	nop
l1:
	nop
	nop
l2:
	.section	.rodata,"a",@progbits
	.2byte	l2-l0
	.2byte	l0-l2
	.byte	l1-l0
	.byte	l0-l2
`
	for _, le := range []bool{false, true} {
		o := mustAssemble(t, "d.s", src, Options{LittleEndian: le})
		d := o.Sections[Rodata].Data
		var order binary.ByteOrder = binary.BigEndian
		if le {
			order = binary.LittleEndian
		}
		if got := int16(order.Uint16(d[0:])); got != 12 {
			t.Errorf("le=%v .2byte l2-l0 = %d, want 12", le, got)
		}
		if got := int16(order.Uint16(d[2:])); got != -12 {
			t.Errorf("le=%v .2byte l0-l2 = %d, want -12", le, got)
		}
		if d[4] != 4 || int8(d[5]) != -12 {
			t.Errorf("le=%v .byte values %d %d, want 4 -12", le, d[4], int8(d[5]))
		}
	}
}

func TestSetAliases(t *testing.T) {
	src := `
	.text
	.globl	f
	.type	f,@function
f:
	nop
g:
	nop
	.globl	h
	.set	h, g+4
	.set	k, h
	.data
	.4byte	k
`
	o := mustAssemble(t, "s.s", src, Options{})
	h, k := o.Symbols["h"], o.Symbols["k"]
	if h == nil || !h.Defined || !h.Global || h.Section != Text || h.Value != 8 {
		t.Errorf("h = %+v, want global text symbol at 8", h)
	}
	if k == nil || !k.Defined || k.Value != 8 {
		t.Errorf("k = %+v, want defined at 8", k)
	}
	for _, tc := range []struct{ src, want string }{
		{"\t.set a, nosuch\n", "nosuch is not defined in this file"},
		{"\t.set a, 5\n", "must be a symbol plus a constant"},
		{"a:\n\t.set a, a\n", "redefined"},
	} {
		_, err := Assemble("e.s", []byte(tc.src), Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.src, err, tc.want)
		}
	}
}
