package asm

import (
	"strings"
	"testing"

	"lltosimd/targets/vc4"
)

// refs are the reference encodings of spec vc4.md §2.5.
var refs = []struct {
	src  string
	want uint64
}{
	{"nop", 0x100009E7_009E7000},
	{"add r0, r1, r2", 0x10020827_0C9E7280},
	{"mov ra1, r1", 0x10020067_159E7240},
	{"mov r2, ra1", 0x100208A7_15067D80},
	{"not r0, r1", 0x10020827_179E7240},
	{"itof r0, ra1", 0x10020827_08067D80},
	{"and.setf -, elem_num, 1", 0xD00229E7_14981DC0},
	{"sub.setf -, r0, r1", 0x100229E7_0D9E7040},
	{"nop; fmul r0, r1, r2", 0x100049E0_209E700A},
	{"nop; mul24 r0, ra1, 3", 0xD00049E0_40043037},
	{"ldi rb2, 0x12345678", 0xE00210A7_12345678},
	{"ldi r0.ifn, 100", 0xE0080827_00000064},
	{"ldi ra3, [0,1,2,3,1,2,3,0,2,3,0,1,3,0,1,2]", 0xE60200E7_936C5A5A},
	{"ldi vw_setup, 0x1a00", 0xE0021C67_00001A00},
	{"brr -, +0", 0xF0F809E7_00000000},
	{"brr.anynz -, +0x20", 0xF03809E7_00000020},
	{"brr.allz ra4, -0x90", 0xF0080127_FFFFFF70},
	{"srel -, 3", 0xE80009E7_00000003},
	{"sacq -, 3", 0xE80009E7_00000013},
	{"ldi irq, 1", 0xE00209A7_00000001},
	{"nop; thrend", 0x300009E7_009E7000},
}

func asm1(t *testing.T, src string) uint64 {
	t.Helper()
	p, err := Assemble(src)
	if err != nil {
		t.Fatalf("Assemble(%q): %v", src, err)
	}
	if len(p.Words) != 1 {
		t.Fatalf("Assemble(%q): %d words", src, len(p.Words))
	}
	return p.Words[0]
}

func TestReferenceEncodings(t *testing.T) {
	for _, r := range refs {
		if got := asm1(t, r.src); got != r.want {
			t.Errorf("%s = %#016x, want %#016x", r.src, got, r.want)
		}
	}
}

// TestRoundTrip disassembles each word and assembles the text again.
func TestRoundTrip(t *testing.T) {
	srcs := []string{
		"add.ifz.setf ra5, ra1, rb2; fmul.ifnz rb7, r0, r3; ldtmu0",
		"fadd r0, r1, 1.0; v8adds r2, r1, 1.0",
		"sub.ifc r3, unif, 3",
		"mov r3, vw_wait",
		"mov ra0, unif; mov r1, qpu_num",
		"shl r0, r1, -16",
		"mov.setf -, r3",
		"nop; mov r0, r1 << 2",
		"nop; fmul r0, r1, r2 << r5",
		"itof r0, ra1.8a",
		"fadd r0, r4.16b, r1",
		"mov ra2.16a, r0",
		"ldi.setf r1, -5",
		"ldi ra1, 0x3f800000; ldi.ifz rb1, 0x3f800000",
		"ldi r0, [-2,-1,0,1,-2,-1,0,1,-2,-1,0,1,-2,-1,0,1]",
		"ldipes r0, [0,1,0,1,0,1,0,1,0,1,0,1,0,1,0,1]",
		"ldipeu r0, [0,1,0,1,0,1,0,1,0,1,0,1,0,1,0,1]",
		"sacq r0, 7",
		"bra -, ra4+0x40",
		"brr ra1, rb2, -0x20",
		"brr.anync -, +0x100",
		"brr.allnc -, +0x8",
		"mov t0s, r0",
		"mov tmurs, 1",
		"mov recip, ra3",
		"mov r5rep, r0",
		"mov r5quad, r0",
		"nop; mov r5rep, r0",
		"mov unif_addr, r0",
		"nop; nop; thrend",
		"ftoi r0, r1; mul24 r1, r1, ra2",
		"clz r0, ra1; v8muld r1, ra1, r0; sbdone",
		"fminabs rb3, r0, r1; v8subs ra3, r0, r1",
	}
	for _, r := range refs {
		srcs = append(srcs, r.src)
	}
	for _, s := range srcs {
		w := asm1(t, s)
		d := Disassemble(w)
		p, err := Assemble(d)
		if err != nil {
			t.Errorf("%q -> %q: %v", s, d, err)
			continue
		}
		if p.Words[0] != w {
			t.Errorf("%q: %#016x -> %q -> %#016x", s, w, d, p.Words[0])
		}
	}
}

func TestDisassembleSpecSyntax(t *testing.T) {
	for _, c := range []struct {
		w    uint64
		want string
	}{
		{0x100009E7_009E7000, "nop"},
		{0x10020827_0C9E7280, "add r0, r1, r2"},
		{0x10020067_159E7240, "mov ra1, r1"},
		{0xD00229E7_14981DC0, "and.setf -, elem_num, 1"},
		{0x100049E0_209E700A, "nop; fmul r0, r1, r2"},
		{0xD00049E0_40043037, "nop; mul24 r0, ra1, 3"},
		{0xE0021C67_00001A00, "ldi vw_setup, 0x1a00"},
		{0xE0080827_00000064, "ldi.ifn r0, 100"},
		{0xF0080127_FFFFFF70, "brr.allz ra4, -0x90"},
		{0xE80009E7_00000013, "sacq -, 3"},
		{0x300009E7_009E7000, "nop; thrend"},
	} {
		if got := Disassemble(c.w); got != c.want {
			t.Errorf("Disassemble(%#x) = %q, want %q", c.w, got, c.want)
		}
	}
}

func TestWordDirective(t *testing.T) {
	w := uint64(0x100009E7_099E7000) // reserved add opcode 9
	d := Disassemble(w)
	if !strings.HasPrefix(d, ".word") {
		t.Fatalf("Disassemble = %q", d)
	}
	if got := asm1(t, d); got != w {
		t.Errorf("%q -> %#x", d, got)
	}
}

func TestNonCanonicalWords(t *testing.T) {
	// The canonical nop with a non-zero mux in the unused mul slot.
	w := uint64(0x100009E7_009E7009)
	d := Disassemble(w)
	if !strings.HasPrefix(d, ".word 0x100009e7009e7009 # not canonical: nop") {
		t.Errorf("Disassemble = %q", d)
	}
	if got := asm1(t, d); got != w {
		t.Errorf("%q -> %#x", d, got)
	}
}

func TestLabels(t *testing.T) {
	src := `
:start
	mov r0, 1        # comment
loop: sub.setf r0, r0, 1
	brr.anynz -, r:loop
	nop
	nop
	nop
	brr -, :start    // backwards
	bra -, loop
`
	p, err := Assemble(src)
	if err != nil {
		t.Fatal(err)
	}
	// brr at index 2 to index 1: (1 - 6) * 8 = -40.
	if got := uint32(p.Words[2]); got != uint32(0xFFFFFFD8) {
		t.Errorf("brr offset = %#x", got)
	}
	if got := int32(uint32(p.Words[6])); got != -10*8 {
		t.Errorf("brr :start offset = %#x", got)
	}
	if got := uint32(p.Words[7]); got != 8 {
		t.Errorf("bra loop = %#x, want 8", got)
	}
	if p.Labels["loop"] != 1 || p.Lines[1] != 4 {
		t.Errorf("labels %v lines %v", p.Labels, p.Lines)
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct{ src, msg string }{
		{"add r0, ra1, ra2", "two different regfile-A reads"},
		{"add r0, rb1, 1", "small immediate"},
		{"add r0, r1, 100", "not a small immediate"},
		{"fmul r0, r1", "needs 3 operands"},
		{"frob r0, r1", "unknown instruction"},
		{"add r0, r1, r2; sub r1, r1, r2", "no free ALU"},
		{"add ra0, r1, r2; fmul ra1, r1, r2", "write-swap"},
		{"brr -, nowhere", "undefined label"},
		{"nop; ldtmu0; thrend", "more than one signal"},
		{"add r0, r1, 2; ldtmu0", "cannot be combined with signal"},
		{"x:\nx:\nnop", "defined twice"},
		{"ldi r0, [0,1]", "16 values"},
		{"mov r0, bogus", "unknown source"},
	} {
		_, err := Assemble(c.src)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("Assemble(%q) error = %v, want %q", c.src, err, c.msg)
		}
	}
	_, err := Assemble("nop\n  add r0, r1")
	if err == nil || !strings.HasPrefix(err.Error(), "2:3:") {
		t.Errorf("position: %v", err)
	}
}

// TestIOReadPorts: an I/O register readable from either file (unif, vpm,
// mutex) takes the port that one readable from one file only (elem_num: A,
// qpu_num: B, §5) leaves free, whatever the operand order.
func TestIOReadPorts(t *testing.T) {
	for _, c := range []struct {
		src  string
		a, b uint8
	}{
		{"mov rb0, unif; mov r1, elem_num", 38, 32},
		{"mov r1, elem_num; mov rb0, unif", 38, 32},
		{"mov ra0, vpm; mov r1, qpu_num", 48, 38},
	} {
		in, err := vc4.Decode(asm1(t, c.src))
		if err != nil {
			t.Fatal(err)
		}
		if in.RaddrA != c.a || in.RaddrB != c.b {
			t.Errorf("%s: raddr_a %d, raddr_b %d; want %d, %d", c.src, in.RaddrA, in.RaddrB, c.a, c.b)
		}
	}
}
