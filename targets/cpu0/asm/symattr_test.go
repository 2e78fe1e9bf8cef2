package asm

import (
	"strings"
	"testing"
)

func TestTypeAndSize(t *testing.T) {
	src := `
	.text
	.type	f,@function
f:
	nop
	nop
$end:
	.size	f, ($end)-f
	.type	g,%function
g:
	nop
	.size	g, .-g
	.data
	.type	v,@object
v:
	.4byte	1, 2
	.size	v, 8
	.comm	c, 12, 4
`
	o, err := Assemble("t.s", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]struct {
		typ  SymType
		size uint32
	}{"f": {SymFunc, 8}, "g": {SymFunc, 4}, "v": {SymObject, 8}, "c": {SymObject, 12}, "$end": {SymNoType, 0}} {
		if s := o.Symbols[name]; s == nil || s.Type != want.typ || s.Size != want.size {
			t.Errorf("%s: got %+v, want type %d size %d", name, s, want.typ, want.size)
		}
	}
	for _, bad := range []string{
		"f:\n\t.size\tf, g-f\n",              // undefined label
		"f:\n\t.size\tf, f\n",                // not a difference
		"f:\n\t.data\ng:\n\t.size\tf, g-f\n", // two sections
		"f:\n\t.type\tf, @thing\n",           // unknown type
		"f:\n\t.size\tf\n",                   // missing size
		"\t.space 8\nf:\n\t.size\tf, 0-8\n",  // negative
	} {
		if _, err := Assemble("bad.s", []byte(bad), Options{}); err == nil || !strings.Contains(err.Error(), "bad.s:") {
			t.Errorf("%q: got %v, want an error with a line", bad, err)
		}
	}
}
