package vc4

import "testing"

// TestEncodeReference builds each reference instruction of spec vc4.md §2.5
// field by field and checks the encoder and the decoder against the
// spec's words.
func TestEncodeReference(t *testing.T) {
	alu := func(f func(*Instr)) Instr { in := NewALU(); f(&in); return in }
	ldi := func(f func(*Instr)) Instr {
		in := Instr{Kind: KindLoadImm, Sig: SigLoadImm, WaddrAdd: AddrNop, WaddrMul: AddrNop}
		f(&in)
		return in
	}
	br := func(f func(*Instr)) Instr {
		in := Instr{Kind: KindBranch, Sig: SigBranch, Rel: true, WaddrAdd: AddrNop, WaddrMul: AddrNop}
		f(&in)
		return in
	}
	tests := []struct {
		name string
		in   Instr
		want uint64
	}{
		{"nop", Nop, 0x100009E7_009E7000},
		{"add r0, r1, r2", alu(func(i *Instr) {
			i.OpAdd, i.CondAdd, i.WaddrAdd, i.AddA, i.AddB = AddAdd, CondAlways, AddrR0, MuxR1, MuxR2
		}), 0x10020827_0C9E7280},
		{"mov ra1, r1", alu(func(i *Instr) {
			i.OpAdd, i.CondAdd, i.WaddrAdd, i.AddA, i.AddB = AddOr, CondAlways, 1, MuxR1, MuxR1
		}), 0x10020067_159E7240},
		{"mov r2, ra1", alu(func(i *Instr) {
			i.OpAdd, i.CondAdd, i.WaddrAdd, i.RaddrA, i.AddA, i.AddB = AddOr, CondAlways, AddrR0+2, 1, MuxA, MuxA
		}), 0x100208A7_15067D80},
		{"not r0, r1", alu(func(i *Instr) {
			i.OpAdd, i.CondAdd, i.WaddrAdd, i.AddA, i.AddB = AddNot, CondAlways, AddrR0, MuxR1, MuxR1
		}), 0x10020827_179E7240},
		{"itof r0, ra1", alu(func(i *Instr) {
			i.OpAdd, i.CondAdd, i.WaddrAdd, i.RaddrA, i.AddA, i.AddB = AddItoF, CondAlways, AddrR0, 1, MuxA, MuxA
		}), 0x10020827_08067D80},
		{"and.setf -, elem_num, 1", alu(func(i *Instr) {
			i.Sig, i.OpAdd, i.CondAdd, i.SF, i.RaddrA, i.RaddrB, i.AddA, i.AddB = SigSmallImm, AddAnd, CondAlways, true, AddrElemQPU, 1, MuxA, MuxB
		}), 0xD00229E7_14981DC0},
		{"sub.setf -, r0, r1", alu(func(i *Instr) {
			i.OpAdd, i.CondAdd, i.SF, i.AddA, i.AddB = AddSub, CondAlways, true, MuxR0, MuxR1
		}), 0x100229E7_0D9E7040},
		{"nop; fmul r0, r1, r2", alu(func(i *Instr) {
			i.OpMul, i.CondMul, i.WaddrMul, i.MulA, i.MulB = MulFMul, CondAlways, AddrR0, MuxR1, MuxR2
		}), 0x100049E0_209E700A},
		{"nop; mul24 r0, ra1, 3", alu(func(i *Instr) {
			i.Sig, i.OpMul, i.CondMul, i.WaddrMul, i.RaddrA, i.RaddrB, i.MulA, i.MulB = SigSmallImm, MulMul24, CondAlways, AddrR0, 1, 3, MuxA, MuxB
		}), 0xD00049E0_40043037},
		{"ldi rb2, 0x12345678", ldi(func(i *Instr) { i.CondAdd, i.WS, i.WaddrAdd, i.Imm = CondAlways, true, 2, 0x12345678 }), 0xE00210A7_12345678},
		{"ldi r0.ifn, 100", ldi(func(i *Instr) { i.CondAdd, i.WaddrAdd, i.Imm = CondNS, AddrR0, 100 }), 0xE0080827_00000064},
		{"ldi ra3, per-element unsigned", ldi(func(i *Instr) {
			i.LdiMode, i.CondAdd, i.WaddrAdd, i.Imm = LdiUnsigned2, CondAlways, 3, 0x936C5A5A
		}), 0xE60200E7_936C5A5A},
		{"ldi vw_setup, 0x1a00", ldi(func(i *Instr) { i.CondAdd, i.WS, i.WaddrAdd, i.Imm = CondAlways, true, AddrVPMSetup, 0x1a00 }), 0xE0021C67_00001A00},
		{"brr -, +0", br(func(i *Instr) { i.CondBr = BrAlways }), 0xF0F809E7_00000000},
		{"brr.anynz -, +0x20", br(func(i *Instr) { i.CondBr, i.Imm = BrAnyZC, 0x20 }), 0xF03809E7_00000020},
		{"brr.allz ra4, -0x90", br(func(i *Instr) { i.CondBr, i.WaddrAdd, i.Imm = BrAllZS, 4, 0xFFFFFF70 }), 0xF0080127_FFFFFF70},
		{"srel -, 3", Instr{Kind: KindSemaphore, Sig: SigLoadImm, WaddrAdd: AddrNop, WaddrMul: AddrNop, Imm: 3}, 0xE80009E7_00000003},
		{"sacq -, 3", Instr{Kind: KindSemaphore, Sig: SigLoadImm, WaddrAdd: AddrNop, WaddrMul: AddrNop, Imm: 0x13}, 0xE80009E7_00000013},
		{"ldi irq, 1", ldi(func(i *Instr) { i.CondAdd, i.WaddrAdd, i.Imm = CondAlways, AddrHostInt, 1 }), 0xE00209A7_00000001},
		{"nop; thrend", alu(func(i *Instr) { i.Sig = SigThrEnd }), 0x300009E7_009E7000},
	}
	for _, tc := range tests {
		got, err := Encode(tc.in)
		if err != nil {
			t.Errorf("%s: Encode: %v", tc.name, err)
			continue
		}
		if got != tc.want {
			t.Errorf("%s: Encode = %#016x, want %#016x", tc.name, got, tc.want)
		}
		dec, err := Decode(tc.want)
		if err != nil {
			t.Errorf("%s: Decode: %v", tc.name, err)
			continue
		}
		if dec != tc.in {
			t.Errorf("%s: Decode = %+v, want %+v", tc.name, dec, tc.in)
		}
	}
}

func TestLoadImmLanes(t *testing.T) {
	want := []uint32{0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2}
	for i, w := range want {
		if got := LoadImmLane(LdiUnsigned2, 0x936C5A5A, i); got != w {
			t.Errorf("lane %d = %d, want %d", i, got, w)
		}
	}
	// Signed: bit 16+i is the sign bit: lane 0 = -2 (10), lane 1 = -1 (11), lane 2 = 1 (01).
	imm := uint32(1<<16 | 1<<17 | 1<<1 | 1<<2)
	for i, w := range []int32{-2, -1, 1, 0} {
		if got := int32(LoadImmLane(LdiSigned2, imm, i)); got != w {
			t.Errorf("signed lane %d = %d, want %d", i, got, w)
		}
	}
}

func TestDecodeRejectsReserved(t *testing.T) {
	bad := []uint64{
		0x100009E7_099E7000, // add opcode 9 reserved
		0xE40009E7_00000000, // ldi mode 2
		0xF0C009E7_00000000, // branch condition 12
	}
	for _, w := range bad {
		if _, err := Decode(w); err == nil {
			t.Errorf("Decode(%#x) accepted a reserved encoding", w)
		}
	}
	if _, err := Encode(Instr{Kind: KindBranch, CondBr: 13}); err == nil {
		t.Error("Encode accepted a reserved branch condition")
	}
}

func TestSmallImmTable(t *testing.T) {
	cases := map[uint8]uint32{0: 0, 15: 15, 16: 0xFFFFFFF0, 31: 0xFFFFFFFF, 32: 0x3F800000, 39: 0x43000000, 40: 0x3B800000, 47: 0x3F000000}
	for c, v := range cases {
		if SmallImms[c].Value != v {
			t.Errorf("code %d = %#x, want %#x", c, SmallImms[c].Value, v)
		}
	}
	if c, ok := SmallImmCode(-16); !ok || c != 16 {
		t.Errorf("SmallImmCode(-16) = %d, %v", c, ok)
	}
	if _, ok := SmallImmCode(16); ok {
		t.Error("16 is not a small immediate")
	}
	if SmallImms[50].Rotate != 2 || SmallImms[48].Rotate != -1 {
		t.Error("rotation codes wrong")
	}
}

func TestLookups(t *testing.T) {
	if op, ok := AddOpByName("fmaxabs"); !ok || op != AddFMaxAbs {
		t.Error("AddOpByName")
	}
	if _, ok := AddOpByName("fmul"); ok {
		t.Error("fmul is not an add op")
	}
	if op, ok := MulOpByName("mul24"); !ok || op != MulMul24 {
		t.Error("MulOpByName")
	}
	if c, ok := CondByName("ifnz"); !ok || c != CondZC || c.Invert() != CondZS {
		t.Error("CondByName")
	}
	if c, ok := BranchCondByName("allcc"); !ok || c != BrAllCC {
		t.Error("BranchCondByName synonym")
	}
	if s, ok := SigByName("ldtmu1"); !ok || s != SigLdTMU1 {
		t.Error("SigByName")
	}
	for _, c := range []struct {
		name  string
		sp    Space
		write bool
		addr  uint8
		ok    bool
	}{
		{"ra7", SpaceA, false, 7, true},
		{"rb31", SpaceB, true, 31, true},
		{"unif", SpaceB, false, 32, true},
		{"elem_num", SpaceA, false, 38, true},
		{"elem_num", SpaceB, false, 0, false},
		{"vw_setup", SpaceB, true, 49, true},
		{"vw_setup", SpaceA, true, 0, false},
		{"host_int", SpaceA, true, 38, true},
		{"t1s", SpaceA, true, 60, true},
		{"r5rep", SpaceB, true, 37, true},
	} {
		a, ok := RegByName(c.name, c.sp, c.write)
		if ok != c.ok || ok && a != c.addr {
			t.Errorf("RegByName(%q, %d, %v) = %d, %v", c.name, c.sp, c.write, a, ok)
		}
	}
	if WriteRegs[SpaceA][AddrTMU0S].Class != RegTMU || !WriteRegs[SpaceA][AddrTMU0S].Class.IsPeripheral() || WriteRegs[SpaceB][3].Class.IsPeripheral() {
		t.Error("register classes")
	}
}

func TestDests(t *testing.T) {
	// ldi vw_setup, 0x1a00: one destination, B-space 49 (ws = 1).
	in, err := Decode(0xE0021C67_00001A00)
	if err != nil {
		t.Fatal(err)
	}
	ds := in.Dests()
	if len(ds) != 1 || ds[0].Space != SpaceB || ds[0].Addr != AddrVPMSetup || ds[0].Name != "vw_setup" || ds[0].Class != RegVPM || ds[0].Mul {
		t.Errorf("Dests = %+v", ds)
	}
	if n, _ := Decode(0x100009E7_009E7000); len(n.Dests()) != 0 {
		t.Error("nop has destinations")
	}
	a := Dest{Space: SpaceA, Addr: 32, Class: RegAcc}
	b := Dest{Space: SpaceB, Addr: 32, Class: RegAcc}
	if !a.SameRegister(b) {
		t.Error("r0 via A and B is one register")
	}
	ra := Dest{Space: SpaceA, Addr: 3, Class: RegFile}
	rb := Dest{Space: SpaceB, Addr: 3, Class: RegFile}
	if ra.SameRegister(rb) {
		t.Error("ra3 and rb3 are different registers")
	}
}
