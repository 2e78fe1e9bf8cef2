package asm

import (
	"encoding/hex"
	"strings"
	"testing"

	"lltosimd/mir"
	"lltosimd/targets/cpu0"
)

// refEncodings is spec §3.3's reference table (big-endian bytes). Branch
// operands are literal offsets relative to the next instruction.
var refEncodings = []struct{ src, bytes string }{
	{"addiu $sp,$sp,-8", "09ddfff8"},
	{"st $lr,4($sp)", "02ed0004"},
	{"ld $lr,4($sp)", "01ed0004"},
	{"ret $lr", "3ce00000"},
	{"jr $1", "3c100000"},
	{"cmp $sw,$4,$3", "2af43000"},
	{"jne $sw,16", "31000010"},
	{"beq $2,$zero,8", "37200008"},
	{"bne $3,$zero,-12", "3830fff4"},
	{"move $fp,$sp", "11cd0000"},
	{"lui $sp,0xff", "0fd000ff"},
	{"jalr $t9", "39e60000"},
	{"mfc0 $3,$pc", "50300000"},
	{"shl $2,$3,4", "1e230004"},
	{"movz $2,$3,$4", "0a234000"},
	{"mult $2,$3", "41230000"},
	{"mfhi $2", "46200000"},
	{"sltiu $2,$2,1", "27220001"},
	{"andi $2,$sw,1", "0c2f0001"},
	{"jmp 0", "36000000"},
	{"nor $2,$3,$zero", "1b230000"},
}

func assembleText(t *testing.T, src string, opt Options) *Object {
	t.Helper()
	o, err := Assemble("t.s", []byte(src), opt)
	if err != nil {
		t.Fatalf("assemble %q: %v", src, err)
	}
	return o
}

func TestReferenceEncodings(t *testing.T) {
	for _, tc := range refEncodings {
		o := assembleText(t, "\t"+tc.src+"\n", Options{})
		got := hex.EncodeToString(o.Sections[Text].Data)
		if got != tc.bytes {
			t.Errorf("%s: got %s, want %s", tc.src, got, tc.bytes)
		}
		// Little-endian objects hold the same word in reverse byte order.
		ol := assembleText(t, "\t"+tc.src+"\n", Options{LittleEndian: true})
		want, _ := hex.DecodeString(tc.bytes)
		gl := ol.Sections[Text].Data
		if len(gl) != 4 || gl[0] != want[3] || gl[3] != want[0] || gl[1] != want[2] {
			t.Errorf("%s little-endian: got %x", tc.src, gl)
		}
		// Disassembly re-assembles to the same word.
		w := uint32(want[0])<<24 | uint32(want[1])<<16 | uint32(want[2])<<8 | uint32(want[3])
		dis := Disassemble(w, 0x100)
		o2 := assembleText(t, "\t"+dis+"\n", Options{})
		if got := hex.EncodeToString(o2.Sections[Text].Data); got != tc.bytes {
			t.Errorf("disassembly %q of %s re-assembles to %s", dis, tc.bytes, got)
		}
	}
}

// The tutorial's jne over 20 bytes followed by a jmp to the next block.
func TestTutorialBranchBytes(t *testing.T) {
	src := `
	cmp	$sw, $3, $2
	jne	$sw, $BB0_2
	jmp	$BB0_1
$BB0_1:
	ld	$2, 4($sp)
	addiu	$2, $2, 1
	st	$2, 4($sp)
	jmp	$BB0_2
$BB0_2:
	ld	$2, 4($sp)
`
	o := assembleText(t, src, Options{Level: cpu0.Cpu032I})
	got := hex.EncodeToString(o.Sections[Text].Data[4:12])
	if got != "3100001436000000" {
		t.Errorf("got %s, want 31000014 36000000", got)
	}
}

// Every table entry encodes and decodes back to itself through the
// assembler and disassembler.
func TestEveryInstructionRoundTrips(t *testing.T) {
	operands := map[cpu0.Syntax]string{
		cpu0.SynNone: "", cpu0.SynRRR: "$2, $3, $4", cpu0.SynRRI: "$2, $3, 100",
		cpu0.SynRRSh: "$2, $3, 7", cpu0.SynRR: "$2, $3", cpu0.SynMovCC: "$2, $3, $4",
		cpu0.SynLoad: "$2, -4($sp)", cpu0.SynStore: "$2, 8($fp)", cpu0.SynLui: "$2, 65535",
		cpu0.SynCmp: "$sw, $2, $3", cpu0.SynJcc: "$sw, -8", cpu0.SynJump: "1024",
		cpu0.SynBr: "$2, $3, 12", cpu0.SynRet: "$lr", cpu0.SynJalr: "$t9",
		cpu0.SynMulDiv: "$4, $5", cpu0.SynMfHiLo: "$2", cpu0.SynMtHiLo: "$2",
		cpu0.SynMfc0: "$2, $pc", cpu0.SynMtc0: "$epc, $2", cpu0.SynC0Mov: "$epc, $pc",
	}
	for i := range cpu0.Instrs {
		d := &cpu0.Instrs[i]
		if d.Flags&mir.FlagPseudo != 0 || d.Variant {
			continue
		}
		ops, ok := operands[d.Syn]
		if !ok {
			t.Fatalf("%s: syntax %d has no test operands", d.Name, d.Syn)
		}
		if d.Name == "JR" {
			ops = "$3"
		}
		src := "\t" + d.Mnem + "\t" + ops + "\n"
		o := assembleText(t, src, Options{})
		data := o.Sections[Text].Data
		w := uint32(data[0])<<24 | uint32(data[1])<<16 | uint32(data[2])<<8 | uint32(data[3])
		if w>>24 != uint32(d.Opcode) {
			t.Errorf("%s: opcode %02x, want %02x", d.Name, w>>24, d.Opcode)
		}
		got, _, ok := Decode(w)
		if !ok || got != d {
			t.Errorf("%s: decodes to %v", d.Name, got)
		}
		dis := Disassemble(w, 0)
		if d.Name == "ADDu" {
			dis = strings.Replace(dis, "move", "addu", 1)
		}
		if strings.Join(strings.Fields(disasmText(dis)), " ") != strings.Join(strings.Fields(d.Mnem+" "+ops), " ") {
			t.Errorf("%s: disassembles to %q, want %q", d.Name, dis, d.Mnem+" "+ops)
		}
	}
}

func TestAssemblerErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"\tfoo $2, $3\n", "t.s:1: unknown instruction \"foo\""},
		{"\n\taddiu $2, $3, 40000\n", "t.s:2: addiu: immediate 40000 out of range"},
		{"\tori $2, $3, -1\n", "out of range 0..65535"},
		{"\taddu $2, $3\n", "addu takes 3 operand(s)"},
		{"\taddu $2, $3, $17\n", "unknown register \"$17\""},
		{"\tld $2, 4\n", "expected a memory operand"},
		{"\tslt $2, $3, $4\n", "not available on cpu032I"},
		{"\tshl $2, $3, 32\n", "shift amount"},
		{"\tcmp $2, $3, $4\n", "writes $sw"},
		{"\t.foo 1\n", "unknown directive"},
		{"x:\nx:\n", "t.s:2: symbol \"x\" redefined"},
		{"\taddiu $2, $3, sym\n", "needs %hi or %lo"},
		{"\t.data\n\taddu $2, $3, $4\n", "outside a code section"},
		{"\t.byte 300\n", "out of range"},
		{"\tld $2, %gotx(x)($gp)\n", "unsupported relocation operator"},
		{"\tld $2, %got(4)($gp)\n", "needs a symbol"},
	}
	for _, tc := range cases {
		_, err := Assemble("t.s", []byte(tc.src), Options{Level: cpu0.Cpu032I})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got error %v, want %q", tc.src, err, tc.want)
		}
	}
	_, err := Assemble("t.s", []byte("\tbeq $2, $3, 40000\n"), Options{})
	if err == nil || !strings.Contains(err.Error(), "out of 16-bit range") {
		t.Errorf("beq range: got %v", err)
	}
	_, err = Assemble("t.s", []byte("\tbeq $2, $3, far\n\t.space 40000\nfar:\n"), Options{})
	if err == nil || !strings.Contains(err.Error(), "t.s:1: beq: branch to far: offset 40000 out of 16-bit range") {
		t.Errorf("beq label range: got %v", err)
	}
}

func TestRegisterNames(t *testing.T) {
	o := assembleText(t, "\taddu $v0, $a0, $a1\n\taddu $2, $4, $5\n\taddu $2, $at, $ra\n\taddu $2, $1, $14\n", Options{})
	d := o.Sections[Text].Data
	if hex.EncodeToString(d[0:4]) != hex.EncodeToString(d[4:8]) || hex.EncodeToString(d[8:12]) != hex.EncodeToString(d[12:16]) {
		t.Errorf("ABI names and numbers differ: %x", d)
	}
}
