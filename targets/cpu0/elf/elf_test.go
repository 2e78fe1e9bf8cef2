package elf

import (
	"bytes"
	stdelf "debug/elf"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"testing"

	"lltosimd/targets/cpu0"
	"lltosimd/targets/cpu0/asm"
)

// src uses every relocation type the assembler makes, local and global
// symbols of every section, addends, .type/.size and a common symbol.
const src = `
	.text
	.globl	main
	.align	2
	.type	main,@function
main:
	lui	$2, %hi(table+8)
	ori	$2, $2, %lo(table+8)
	lui	$3, %hi(ext+0x12340)
	ori	$3, $3, %lo(ext+0x12340)
	jsub	callee
	nop
	jsub	helper
	nop
	beq	$2, $zero, far
	nop
	ret	$lr
	nop
$func_end0:
	.size	main, ($func_end0)-main
	.type	helper,@function
helper:
	ret	$lr
	nop
	.size	helper, 8
	.section	.text.far,"ax",@progbits
far:
	jmp	far
	.section	.rodata,"a",@progbits
	.type	table,@object
table:
	.4byte	main
	.4byte	$lbl+4
	.4byte	ext-4
	.size	table, 12
	.data
	.globl	counter
	.align	3
counter:
	.4byte	7
$lbl:
	.byte	1, 2
	.bss
	.globl	buf
buf:
	.space	16
	.comm	shared, 8, 4
`

func assemble(t *testing.T, le bool) *asm.Object {
	t.Helper()
	o, err := asm.Assemble("t.s", []byte(src), asm.Options{Level: cpu0.Cpu032II, LittleEndian: le})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestRoundTrip checks that reading a written object gives the object the
// assembler made (up to source lines), in both byte orders.
func TestRoundTrip(t *testing.T) {
	for _, le := range []bool{false, true} {
		o := assemble(t, le)
		var b bytes.Buffer
		if err := Write(&b, o); err != nil {
			t.Fatal(err)
		}
		got, err := Read("t.o", b.Bytes(), cpu0.Cpu032II)
		if err != nil {
			t.Fatal(err)
		}
		if got.LittleEndian != le {
			t.Errorf("le=%v: read back byte order %v", le, got.LittleEndian)
		}
		for k := asm.Text; k < asm.Discard; k++ {
			ws, gs := o.Sections[k], got.Sections[k]
			for i := range ws.Relocs {
				ws.Relocs[i].Line = 0
			}
			if !bytes.Equal(ws.Data, gs.Data) || ws.Align != gs.Align {
				t.Errorf("le=%v %s: data/align differ:\n got %x (align %d)\nwant %x (align %d)", le, k, gs.Data, gs.Align, ws.Data, ws.Align)
			}
			if !reflect.DeepEqual(ws.Relocs, gs.Relocs) {
				t.Errorf("le=%v %s: relocations differ:\n got %+v\nwant %+v", le, k, gs.Relocs, ws.Relocs)
			}
		}
		for _, name := range o.Order {
			w, g := *o.Symbols[name], got.Symbols[name]
			if g == nil {
				t.Errorf("le=%v: symbol %s lost", le, name)
				continue
			}
			w.Line = 0
			if w != *g {
				t.Errorf("le=%v: symbol %s: got %+v, want %+v", le, name, *g, w)
			}
		}
		// Undefined symbols stay undefined.
		if _, err := asm.Link([]*asm.Object{got}, asm.LinkOptions{}); err == nil || !strings.Contains(err.Error(), `undefined symbol "ext"`) {
			t.Errorf("le=%v: linking the object alone: got %v, want undefined ext", le, err)
		}
	}
}

// TestLinkSameImage links a program from its assembly and from its
// object: the memory images must be identical.
func TestLinkSameImage(t *testing.T) {
	const prog = `
	.text
	.globl	main
main:
	lui	$2, %hi(val+4)
	ori	$2, $2, %lo(val+4)
	ld	$2, 0($2)
	jsub	get
	nop
	ret	$lr
	nop
get:
	ret	$lr
	nop
	.data
val:
	.4byte	1, 42, main
`
	for _, le := range []bool{false, true} {
		opt := asm.Options{LittleEndian: le}
		crt, err := asm.Startup(opt)
		if err != nil {
			t.Fatal(err)
		}
		o, err := asm.Assemble("p.s", []byte(prog), opt)
		if err != nil {
			t.Fatal(err)
		}
		want, err := asm.Link([]*asm.Object{crt, o}, asm.LinkOptions{Entry: "main"})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := Write(&b, o); err != nil {
			t.Fatal(err)
		}
		ro, err := Read("p.o", b.Bytes(), cpu0.Cpu032II)
		if err != nil {
			t.Fatal(err)
		}
		got, err := asm.Link([]*asm.Object{crt, ro}, asm.LinkOptions{Entry: "main"})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Mem, want.Mem) {
			t.Errorf("le=%v: images differ:\n got %x\nwant %x", le, got.Mem, want.Mem)
		}
	}
}

// TestReadelf checks that LLVM 14's llvm-readelf reads the object without
// a warning and sees the expected header, sections, symbols and relocations.
func TestReadelf(t *testing.T) {
	readelf, err := exec.LookPath("llvm-readelf")
	if err != nil {
		readelf = "/usr/lib/llvm-14/bin/llvm-readelf"
	}
	for _, le := range []bool{false, true} {
		var b bytes.Buffer
		if err := Write(&b, assemble(t, le)); err != nil {
			t.Fatal(err)
		}
		path := t.TempDir() + "/t.o"
		if err := writeFile(path, b.Bytes()); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(readelf, "-h", "-S", "-r", "-s", path)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			if _, ok := err.(*exec.ExitError); !ok {
				t.Fatalf("llvm-readelf (LLVM 14, `make setup`) not available: %v", err)
			}
			t.Fatalf("llvm-readelf: %v\n%s", err, stderr.String())
		}
		if stderr.Len() > 0 {
			t.Errorf("llvm-readelf complains:\n%s", stderr.String())
		}
		out := strings.Join(strings.Fields(stdout.String()), " ")
		endian := map[bool]string{false: "big endian", true: "little endian"}[le]
		for _, want := range []string{
			"Class: ELF32", "2's complement, " + endian, "Type: REL (Relocatable file)", "Machine: 3e7", "Flags: 0x0",
			".text PROGBITS", ".rodata PROGBITS", ".data PROGBITS", ".bss NOBITS",
			".rel.text REL", ".rel.rodata REL", ".symtab SYMTAB", ".strtab STRTAB", ".shstrtab STRTAB",
			// LLVM 14 has no names for Cpu0 relocations: check the numbers.
			"Relocation section '.rel.text' at offset", "contains 5 entries", "contains 3 entries",
			"00000905 Unknown", "00000906 Unknown", "00000f05 Unknown", "0000100d Unknown", "00000b02 Unknown",
			"FUNC GLOBAL DEFAULT 1 main", "FUNC LOCAL DEFAULT 1 helper", "OBJECT LOCAL DEFAULT 2 table",
			"NOTYPE GLOBAL DEFAULT UND ext", "NOTYPE GLOBAL DEFAULT UND callee", "8 OBJECT WEAK DEFAULT 4 shared",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("le=%v: llvm-readelf output lacks %q:\n%s", le, want, stdout.String())
			}
		}
	}
}

// TestReadErrors feeds damaged and foreign files: errors, never panics.
func TestReadErrors(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, assemble(t, false)); err != nil {
		t.Fatal(err)
	}
	good := b.Bytes()
	other := append([]byte(nil), good...)
	other[18], other[19] = 0, byte(stdelf.EM_MIPS) // e_machine (big-endian)
	cases := map[string][]byte{
		"empty":     nil,
		"truncated": good[:60],
		"machine":   other,
		"garbage":   []byte("\x7fELF\x01\x02\x01 not really"),
	}
	for i := 52; i < len(good); i += 7 {
		c := append([]byte(nil), good...)
		c[i] ^= 0xa5
		cases["flip"+string(rune('0'+i%10))] = c
	}
	for name, data := range cases {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic: %v", name, r)
				}
			}()
			Read("x.o", data, 0)
		}()
	}
	for _, name := range []string{"empty", "truncated", "machine", "garbage"} {
		if _, err := Read("x.o", cases[name], 0); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func writeFile(path string, data []byte) error { return os.WriteFile(path, data, 0o644) }

// TestHiWithoutMatchingLo rejects a %hi whose addend REL would lose.
func TestHiWithoutMatchingLo(t *testing.T) {
	const bad = "\tlui\t$2, %hi(x+4)\n\tlui\t$3, %hi(x)\n\tori\t$3, $3, %lo(x)\n"
	o, err := asm.Assemble("hi.s", []byte(bad), asm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Write(&b, o); err == nil || !strings.Contains(err.Error(), "%hi(x+4)") {
		t.Errorf("got %v, want an error about %%hi(x+4)", err)
	}
	// A %hi whose addend has no low half pairs with any %lo.
	const ok = "\tlui\t$2, %hi(x+0x10000)\n\tlui\t$3, %hi(x)\n\tori\t$3, $3, %lo(x)\n"
	if o, err = asm.Assemble("hi.s", []byte(ok), asm.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := Write(&b, o); err != nil {
		t.Error(err)
	}
}

// FuzzRead: Read returns errors for damaged objects and never panics; what
// it accepts the linker can take without panicking either.
func FuzzRead(f *testing.F) {
	for _, le := range []bool{false, true} {
		o, err := asm.Assemble("t.s", []byte(src), asm.Options{LittleEndian: le})
		if err != nil {
			f.Fatal(err)
		}
		var b bytes.Buffer
		if err := Write(&b, o); err != nil {
			f.Fatal(err)
		}
		f.Add(b.Bytes())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := Read("f.o", data, 0)
		if err != nil {
			return
		}
		asm.Link([]*asm.Object{o}, asm.LinkOptions{})
	})
}
