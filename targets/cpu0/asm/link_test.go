package asm

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"
)

func mustAssemble(t *testing.T, name, src string, opt Options) *Object {
	t.Helper()
	o, err := Assemble(name, []byte(src), opt)
	if err != nil {
		t.Fatalf("assemble %s: %v", name, err)
	}
	return o
}

const fileA = `
	.text
	.globl	main
main:
	lui	$2, %hi(counter+4)
	ori	$2, $2, %lo(counter+4)
	jsub	helper
	nop
	jmp	main
	.section	.rodata,"a",@progbits
$JTI0_0:
	.4byte	main
	.4byte	$L1
	.text
$L1:
	nop
`

const fileB = `
	.text
	.globl	helper
helper:
	ret	$lr
	nop
	.data
	.globl	counter
	.align	3
counter:
	.4byte	1
	.4byte	0x12345678
	.byte	1, 2
	.2byte	0x0304
	.bss
buf:
	.space	16
	.comm	common_var, 8, 4
`

func TestLinkLayoutAndRelocations(t *testing.T) {
	for _, le := range []bool{false, true} {
		opt := Options{LittleEndian: le}
		a := mustAssemble(t, "a.s", fileA, opt)
		b := mustAssemble(t, "b.s", fileB, opt)
		img, err := Link([]*Object{a, b}, LinkOptions{Entry: "main"})
		if err != nil {
			t.Fatal(err)
		}
		var order binary.ByteOrder = binary.BigEndian
		if le {
			order = binary.LittleEndian
		}
		word := func(addr uint32) uint32 { return order.Uint32(img.Mem[addr:]) }
		main, _ := img.Lookup("main")
		helper, _ := img.Lookup("helper")
		counter, _ := img.Lookup("counter")
		common, _ := img.Lookup("common_var")
		if main != 0 || helper != 0x18 || img.TextEnd != 0x20 {
			t.Errorf("main=0x%x helper=0x%x textEnd=0x%x", main, helper, img.TextEnd)
		}
		// .rodata follows .text (8-aligned), then .data, then .bss.
		if counter != 0x28 || common < counter+12 || common%4 != 0 {
			t.Errorf("counter=0x%x common=0x%x", counter, common)
		}
		if got := word(0); got != 0x0f200000|(counter+4)>>16 {
			t.Errorf("lui %%hi = 0x%08x", got)
		}
		if got := word(4); got != 0x0d220000|(counter+4)&0xffff {
			t.Errorf("ori %%lo = 0x%08x", got)
		}
		// jsub helper from 8: offset = 0x18 - 0xc.
		if got := word(8); got != 0x3b00000c {
			t.Errorf("jsub = 0x%08x", got)
		}
		// jmp main from 0x10: offset = 0 - 0x14, resolved by the assembler.
		if got := word(0x10); got != 0x36ffffec {
			t.Errorf("jmp = 0x%08x", got)
		}
		// Jump table in .rodata at 0x20: addresses of main and $L1.
		if word(0x20) != 0 || word(0x24) != 0x14 {
			t.Errorf("jump table: 0x%x 0x%x", word(0x20), word(0x24))
		}
		if word(counter) != 1 || word(counter+4) != 0x12345678 || img.Mem[counter+8] != 1 {
			t.Errorf("data: % x", img.Mem[counter:counter+12])
		}
		if le && (img.Mem[counter+10] != 4 || img.Mem[counter] != 1) || !le && img.Mem[counter+10] != 3 {
			t.Errorf("byte order of data: % x", img.Mem[counter:counter+12])
		}
		for _, c := range img.Mem[counter+12:] {
			if c != 0 {
				t.Errorf(".bss not zero")
				break
			}
		}
	}
}

// %hi has no carry adjustment: it pairs with the zero-extending ori.
// A .weak definition yields to a global one in any file order, and two
// weak definitions keep the first (the runtime's C library functions are
// weak, so that programs may define their own).
func TestLinkWeak(t *testing.T) {
	weak := mustAssemble(t, "rt.s", "\t.weak f\nf:\n\tnop\n\tnop\n", Options{})
	weak2 := mustAssemble(t, "rt2.s", "\t.weak f\nf:\n\tnop\n", Options{})
	strong := mustAssemble(t, "prog.s", "\t.globl f\n\tnop\nf:\n\tnop\n", Options{})
	for _, objs := range [][]*Object{{weak, strong}, {strong, weak}} {
		img, err := Link(objs, LinkOptions{})
		if err != nil {
			t.Fatal(err)
		}
		// prog.s's f is its second word, wherever the file was placed.
		base := uint32(0)
		if objs[0] == weak {
			base = 8
		}
		if v, _ := img.Lookup("f"); v != base+4 {
			t.Errorf("%s first: f at %d, want the global definition at %d", objs[0].Name, v, base+4)
		}
	}
	img, err := Link([]*Object{weak, weak2}, LinkOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := img.Lookup("f"); v != 0 {
		t.Errorf("two weak definitions: f at %d, want the first at 0", v)
	}
}

func TestHiNoCarry(t *testing.T) {
	o := mustAssemble(t, "a.s", "\tlui $2, %hi(x)\n\tori $2, $2, %lo(x)\n\t.space 0x8000-8\nx:\n", Options{})
	img, err := Link([]*Object{o}, LinkOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if w := binary.BigEndian.Uint32(img.Mem[0:]); w != 0x0f200000 {
		t.Errorf("%%hi(0x8000) = 0x%08x, want 0x0f200000", w)
	}
	if w := binary.BigEndian.Uint32(img.Mem[4:]); w != 0x0d228000 {
		t.Errorf("%%lo(0x8000) = 0x%08x", w)
	}
}

func TestLinkErrors(t *testing.T) {
	a := mustAssemble(t, "a.s", "\t.globl f\nf:\n\tjsub g\n\tnop\n", Options{})
	_, err := Link([]*Object{a}, LinkOptions{Entry: "main"})
	if err == nil || !strings.Contains(err.Error(), `a.s:3: undefined symbol "g"`) || !strings.Contains(err.Error(), `"main"`) {
		t.Errorf("undefined: %v", err)
	}
	b := mustAssemble(t, "b.s", "\t.globl f\nf:\n\tnop\ng:\n", Options{})
	_, err = Link([]*Object{a, b}, LinkOptions{})
	if err == nil || !strings.Contains(err.Error(), `b.s:2: duplicate symbol "f"`) {
		t.Errorf("duplicate: %v", err)
	}
	// Local labels are private to their file.
	c := mustAssemble(t, "c.s", "\t.globl g\ng:\n\tjmp $L\n$L:\n", Options{})
	d := mustAssemble(t, "d.s", "\tjmp $L\n", Options{})
	_, err = Link([]*Object{c, d}, LinkOptions{})
	if err == nil || !strings.Contains(err.Error(), `d.s:1: undefined symbol "$L"`) {
		t.Errorf("local: %v", err)
	}
	el := mustAssemble(t, "e.s", "\tnop\n", Options{LittleEndian: true})
	if _, err = Link([]*Object{b, el}, LinkOptions{}); err == nil {
		t.Errorf("mixed byte orders linked")
	}
}

func TestHexRoundTrip(t *testing.T) {
	crt, err := Startup(Options{})
	if err != nil {
		t.Fatal(err)
	}
	o := mustAssemble(t, "a.s", fileA, Options{})
	b := mustAssemble(t, "b.s", fileB, Options{})
	img, err := Link([]*Object{crt, o, b}, LinkOptions{Entry: "main"})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteHex(&buf, img); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	if !strings.Contains(text, "/* 0: */\t0f d0 00 ff\t/* lui $sp, 255 */") {
		t.Errorf("hex format:\n%s", text[:200])
	}
	chunks, err := ReadHex(strings.NewReader("// comment\n" + text))
	if err != nil {
		t.Fatal(err)
	}
	if len(chunks) != 1 || chunks[0].Addr != 0 || !bytes.Equal(chunks[0].Data, img.Mem) {
		t.Errorf("hex round trip differs")
	}
	chunks, err = ReadHex(strings.NewReader("00 01 @10 ab /* x */ cd"))
	if err != nil || len(chunks) != 2 || chunks[1].Addr != 0x10 || !bytes.Equal(chunks[1].Data, []byte{0xab, 0xcd}) {
		t.Errorf("@addr: %v %v", chunks, err)
	}
	if _, err := ReadHex(strings.NewReader("0g")); err == nil {
		t.Errorf("bad byte accepted")
	}
	for _, le := range []bool{false, true} {
		buf.Reset()
		WriteConfig(&buf, le)
		got, err := ReadConfig(&buf)
		if err != nil || got != le {
			t.Errorf("config round trip %v: %v %v", le, got, err)
		}
	}
}

func TestDirectives(t *testing.T) {
	src := `
	.text
	.section .mdebug.abiO32
	.previous
	.file	"foo.c"
	.cfi_startproc
	.p2align 3
	.set	noreorder
	nop
	.cfi_endproc
	.section	.rodata.str1.1,"aMS",@progbits,1
s:	.ascii	"a\tb\\\"\x41\101", "z"
	.asciz	"#not a comment"   # a comment
	.zero	3
	.balign	4
	.8byte	0x0102030405060708
	.data
	.word	-1
	.half	7
	.align	2
	.2byte	-2
`
	o := mustAssemble(t, "d.s", src, Options{})
	ro := o.Sections[Rodata].Data
	want := "a\tb\\\"AAz#not a comment\x00\x00\x00\x00"
	if !strings.HasPrefix(string(ro), want) {
		t.Errorf("rodata %q, want prefix %q", ro, want)
	}
	if !bytes.Equal(ro[len(ro)-8:], []byte{1, 2, 3, 4, 5, 6, 7, 8}) || len(ro)%4 != 0 {
		t.Errorf(".8byte: % x", ro)
	}
	if d := o.Sections[Data].Data; !bytes.Equal(d, []byte{0xff, 0xff, 0xff, 0xff, 0, 7, 0, 0, 0xff, 0xfe}) {
		t.Errorf("data % x", d)
	}
	if o.Sections[Text].Align != 8 || len(o.Sections[Text].Data) != 4 {
		t.Errorf("text align %d len %d", o.Sections[Text].Align, len(o.Sections[Text].Data))
	}
}

func TestCommonSymbols(t *testing.T) {
	a := mustAssemble(t, "a.s", "\t.comm c, 4, 4\n\t.local l\n\t.comm l, 4, 4\n\tlui $2, %hi(c)\n\tori $2, $2, %lo(l)\n", Options{})
	b := mustAssemble(t, "b.s", "\t.comm c, 4, 4\n\t.local l\n\t.comm l, 8, 4\n", Options{})
	c := mustAssemble(t, "c.s", "\t.data\n\t.globl c\nc:\n\t.4byte 5\n", Options{})
	img, err := Link([]*Object{a, b, c}, LinkOptions{})
	if err != nil {
		t.Fatal(err)
	}
	addr, _ := img.Lookup("c")
	if binary.BigEndian.Uint32(img.Mem[addr:]) != 5 {
		t.Errorf("the real definition of c must win over the common ones")
	}
	if _, ok := img.Lookup("l"); ok {
		t.Errorf(".local common symbol became global")
	}
	if _, err := Link([]*Object{a, b}, LinkOptions{}); err != nil {
		t.Errorf("common symbols in two files: %v", err)
	}
}

func TestJalrForms(t *testing.T) {
	o := mustAssemble(t, "j.s", "\tjalr $t9\n\tjalr $lr, $t9\n", Options{})
	if d := o.Sections[Text].Data; !bytes.Equal(d[:4], d[4:]) {
		t.Errorf("jalr forms differ: % x", d)
	}
	if _, err := Assemble("j.s", []byte("\tjalr $2, $t9\n"), Options{}); err == nil {
		t.Errorf("jalr $2, $t9 accepted")
	}
}

// TestLinkKeepsAlignment: a symbol aligned beyond 8 bytes in .rodata, .data
// or .bss stays aligned after linking behind another object's odd-sized
// sections (globals get LLVM's preferred alignment, up to 16 and beyond).
func TestLinkKeepsAlignment(t *testing.T) {
	const odd = `
	.text
	nop
	.section	.rodata,"a",@progbits
	.byte	1, 2, 3
	.data
	.byte	4
	.bss
	.space	5
`
	const aligned = `
	.section	.rodata,"a",@progbits
	.byte	9
	.align	4
	.globl	r16
r16:
	.4byte	1
	.data
	.byte	9
	.align	5
	.globl	d32
d32:
	.4byte	2
	.bss
	.byte	0
	.align	6
	.globl	b64
b64:
	.space	4
`
	objs := []*Object{mustAssemble(t, "odd.s", odd, Options{}), mustAssemble(t, "aligned.s", aligned, Options{})}
	img, err := Link(objs, LinkOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for name, a := range map[string]uint32{"r16": 16, "d32": 32, "b64": 64} {
		if v, ok := img.Lookup(name); !ok || v%a != 0 {
			t.Errorf("%s at %#x, want %d-aligned", name, v, a)
		}
	}
}

// TestEndSymbol: the linker defines _end just after .bss (8-aligned), where
// the C library's heap starts; a program's own _end wins.
func TestEndSymbol(t *testing.T) {
	opt := Options{LittleEndian: true}
	src := `
	.text
	.globl	main
main:
	lui	$2, %hi(_end)
	ori	$2, $2, %lo(_end)
	ret	$lr
	nop
	.bss
buf:
	.space	13
`
	img, err := Link([]*Object{mustAssemble(t, "a.s", src, opt)}, LinkOptions{})
	if err != nil {
		t.Fatal(err)
	}
	end, ok := img.Lookup("_end")
	if !ok || end%8 != 0 || end < uint32(len(img.Mem)) || end-uint32(len(img.Mem)) >= 8 {
		t.Fatalf("_end = %#x (ok %v), image size %#x", end, ok, len(img.Mem))
	}
	w0 := binary.LittleEndian.Uint32(img.Mem[0:])
	w1 := binary.LittleEndian.Uint32(img.Mem[4:])
	if got := (w0&0xffff)<<16 | w1&0xffff; got != end {
		t.Fatalf("lui/ori of _end load %#x, want %#x", got, end)
	}
	own := src + "\t.data\n\t.globl\t_end\n_end:\n\t.4byte\t7\n"
	img, err = Link([]*Object{mustAssemble(t, "b.s", own, opt)}, LinkOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// The program's _end lies in .data, before the 13 bytes of .bss.
	if v, _ := img.Lookup("_end"); v+13 > uint32(len(img.Mem)) {
		t.Fatalf("own _end = %#x replaced (image size %#x)", v, len(img.Mem))
	}
}
