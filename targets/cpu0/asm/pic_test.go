package asm

import (
	"encoding/binary"
	"strings"
	"testing"
)

// A PIC function and small data, linked: the values the linker gives
// _gp, _gp_disp, the GOT entries and each $gp-relative field (link.go).
const picFile = `
	.text
	.globl	f
f:
	.cpload	$t9
	ld	$2, %got(loc+4)($gp)
	ori	$2, $2, %lo(loc+4)
	ld	$t9, %call16(g)($gp)
	lui	$3, %got_hi(big)
	addu	$3, $3, $gp
	ld	$3, %got_lo(big)($3)
	ld	$4, %got(big)($gp)
	ori	$5, $gp, %gp_rel(tiny)
	.cprestore	16
	.globl	g
g:
	ret	$lr
	nop
	.data
loc:
	.space	8
	.globl	big
big:
	.space	64
	.section	.sdata,"aw",@progbits
	.globl	tiny
tiny:
	.4byte	5
`

func TestLinkGOTAndGP(t *testing.T) {
	o := mustAssemble(t, "pic.s", picFile, Options{})
	if !UsesGP([]*Object{o}) {
		t.Fatal("UsesGP = false for a PIC object")
	}
	img, err := Link([]*Object{o}, LinkOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sym := func(n string) uint32 {
		for _, s := range img.Symbols {
			if s.Name == n {
				return s.Addr
			}
		}
		t.Fatalf("no symbol %s", n)
		return 0
	}
	gp, f, tiny := sym(GPSymbol), sym("f"), sym("tiny")
	if gp%0x10000 != 0 || tiny != gp {
		t.Fatalf("_gp = %#x, tiny = %#x: want a 64 KiB-aligned _gp at the start of .sdata", gp, tiny)
	}
	word := func(a uint32) uint32 { return binary.BigEndian.Uint32(img.Mem[a:]) }
	field := func(i int) int32 { return int32(int16(word(f + 4*uint32(i)))) }
	// .cpload: lui/ori of _gp - f, then addu $gp, $gp, $t9.
	if disp := uint32(uint16(field(0)))<<16 | uint32(uint16(field(1))); disp+f != gp {
		t.Errorf(".cpload: _gp_disp %#x + f %#x != _gp %#x", disp, f, gp)
	}
	// GOT entries lie just below _gp; check what each one holds.
	entry := func(i int) uint32 { return word(uint32(int64(gp) + int64(field(i)))) }
	loc := sym("loc")
	if got := entry(3); got != (loc+4)&^0xffff {
		t.Errorf("%%got(loc+4) entry = %#x, want the page %#x", got, (loc+4)&^0xffff)
	}
	if got := entry(5); got != sym("g") {
		t.Errorf("%%call16(g) entry = %#x, want %#x", got, sym("g"))
	}
	// %got_hi/%got_lo: (hi << 16) + gp + sext(lo) is big's entry.
	hiLo := int64(field(6))<<16 + int64(gp) + int64(field(8))
	if got := word(uint32(hiLo)); got != sym("big") {
		t.Errorf("%%got_hi/%%got_lo entry = %#x, want %#x", got, sym("big"))
	}
	if got := entry(9); got != sym("big") {
		t.Errorf("%%got(big) entry = %#x, want %#x (shared with %%got_hi/lo)", got, sym("big"))
	}
	if uint32(uint16(field(10))) != tiny-gp {
		t.Errorf("%%gp_rel(tiny) = %d, want %d", field(10), tiny-gp)
	}
	if st := word(f + 44); st != 0x02bd0010 {
		t.Errorf(".cprestore 16 = %08x, want st $gp, 16($sp) (02bd0010)", st)
	}
}

func TestLinkStaticGPIsZero(t *testing.T) {
	o := mustAssemble(t, "a.s", fileA, Options{})
	b := mustAssemble(t, "b.s", fileB, Options{})
	if UsesGP([]*Object{o, b}) {
		t.Fatal("UsesGP = true for static objects")
	}
	img, err := Link([]*Object{o, b}, LinkOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if gp, _ := img.Lookup(GPSymbol); gp != 0 {
		t.Errorf("_gp = %#x without $gp-relative code, want 0", gp)
	}
	s, err := Startup(Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := Startup(Options{GP: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Sections[Text].Data) != len(s.Sections[Text].Data)+8 {
		t.Errorf("startup: %d bytes with GP, %d without: want the lui/ori of $t9 more", len(g.Sections[Text].Data), len(s.Sections[Text].Data))
	}
}

func TestLinkGPErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"\t.text\n\tld $2, %got(ext+4)($gp)\n", "takes no offset"},
		{"\t.text\n\tori $2, $gp, %gp_rel(far)\n\t.data\nfar:\n\t.4byte 0\n", "out of range"},
	} {
		o := mustAssemble(t, "e.s", tc.src, Options{})
		_, err := Link([]*Object{o}, LinkOptions{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.src, err, tc.want)
		}
	}
}
