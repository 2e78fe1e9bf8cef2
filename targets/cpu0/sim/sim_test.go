package sim

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"lltosimd/mir"
	"lltosimd/targets/cpu0"
	"lltosimd/targets/cpu0/asm"
)

// variants are the four machine configurations every semantic test runs on.
var variants = []Config{
	{Level: cpu0.Cpu032II}, {Level: cpu0.Cpu032II, LittleEndian: true},
	{Level: cpu0.Cpu032I}, {Level: cpu0.Cpu032I, LittleEndian: true},
}

func cfgName(c Config) string {
	s := "cpu032II"
	if c.Level == cpu0.Cpu032I {
		s = "cpu032I"
	}
	if c.LittleEndian {
		return s + "/el"
	}
	return s + "/eb"
}

// load assembles src as a whole program at address 0 (no startup code).
func load(t *testing.T, src string, cfg Config) *Machine {
	t.Helper()
	lvl := cfg.Level
	if lvl == 0 {
		lvl = cpu0.Cpu032II
	}
	o, err := asm.Assemble("t.s", []byte(src), asm.Options{Level: lvl, LittleEndian: cfg.LittleEndian})
	if err != nil {
		t.Fatalf("assemble: %v", err)
	}
	img, err := asm.Link([]*asm.Object{o}, asm.LinkOptions{})
	if err != nil {
		t.Fatalf("link: %v", err)
	}
	m := New(cfg)
	if err := m.Load(0, img.Mem); err != nil {
		t.Fatal(err)
	}
	return m
}

// The opcode constants agree with isa.go, and every table entry runs.
func TestOpcodesMatchISA(t *testing.T) {
	consts := map[string]uint32{
		"NOP": opNOP, "LD": opLD, "ST": opST, "LB": opLB, "LBu": opLBu, "SB": opSB, "LH": opLH,
		"LHu": opLHu, "SH": opSH, "ADDiu": opADDiu, "MOVZ_I_I": opMOVZ, "MOVN_I_I": opMOVN,
		"ANDi": opANDi, "ORi": opORi, "XORi": opXORi, "LUi": opLUi, "ADDu": opADDu, "SUBu": opSUBu,
		"ADD": opADD, "SUB": opSUB, "CLZ": opCLZ, "CLO": opCLO, "MUL": opMUL, "AND": opAND,
		"OR": opOR, "XOR": opXOR, "NOR": opNOR, "ROL": opROL, "ROR": opROR, "SHL": opSHL,
		"SHR": opSHR, "SRA": opSRA, "SRAV": opSRAV, "SHLV": opSHLV, "SHRV": opSHRV, "ROLV": opROLV,
		"RORV": opRORV, "SLTi": opSLTi, "SLTiu": opSLTiu, "SLT": opSLT, "SLTu": opSLTu,
		"CMP": opCMP, "CMPu": opCMPu, "JEQ": opJEQ, "JNE": opJNE, "JLT": opJLT, "JGT": opJGT,
		"JLE": opJLE, "JGE": opJGE, "JMP": opJMP, "BEQ": opBEQ, "BNE": opBNE, "JALR": opJALR,
		"BAL": opBAL, "JSUB": opJSUB, "JR": opJR, "RET": opJR, "MULT": opMULT, "MULTu": opMULTu,
		"SDIV": opDIV, "UDIV": opDIVu, "MFHI": opMFHI, "MFLO": opMFLO, "MTHI": opMTHI,
		"MTLO": opMTLO, "MFC0": opMFC0, "MTC0": opMTC0, "C0MOVE": opC0MOV,
	}
	for _, d := range cpu0.Instrs {
		if d.Flags&mir.FlagPseudo != 0 || d.Variant {
			continue
		}
		c, ok := consts[d.Name]
		if !ok {
			t.Errorf("%s (0x%02x) has no simulator implementation", d.Name, d.Opcode)
		} else if c != uint32(d.Opcode) {
			t.Errorf("%s: simulator opcode 0x%02x, table 0x%02x", d.Name, c, d.Opcode)
		}
	}
}

type semCase struct {
	name  string
	level cpu0.Level // minimum level
	regs  map[int]uint32
	src   string
	want  map[string]uint32 // "$N", "hi", "lo", "sw"
}

const (
	neg1 = 0xFFFFFFFF
	minI = 0x80000000
)

var semCases = []semCase{
	{"addiu", 1, map[int]uint32{3: 5}, "addiu $2, $3, -8", map[string]uint32{"$2": neg1 - 2}},
	{"addu wraps", 1, map[int]uint32{3: neg1, 4: 2}, "addu $2, $3, $4", map[string]uint32{"$2": 1}},
	{"subu", 1, map[int]uint32{3: 1, 4: 2}, "subu $2, $3, $4", map[string]uint32{"$2": neg1}},
	{"move", 1, map[int]uint32{3: 77}, "move $2, $3", map[string]uint32{"$2": 77}},
	{"mul", 1, map[int]uint32{3: 0x10001, 4: 0x10001}, "mul $2, $3, $4", map[string]uint32{"$2": 0x20001}},
	{"and", 1, map[int]uint32{3: 0xF0F0, 4: 0xFF00}, "and $2, $3, $4", map[string]uint32{"$2": 0xF000}},
	{"or", 1, map[int]uint32{3: 0xF0F0, 4: 0xFF00}, "or $2, $3, $4", map[string]uint32{"$2": 0xFFF0}},
	{"xor", 1, map[int]uint32{3: 0xF0F0, 4: 0xFF00}, "xor $2, $3, $4", map[string]uint32{"$2": 0x0FF0}},
	{"nor", 1, map[int]uint32{3: 0xF0F0}, "nor $2, $3, $zero", map[string]uint32{"$2": 0xFFFF0F0F}},
	{"andi zext", 1, map[int]uint32{3: neg1}, "andi $2, $3, 0x8001", map[string]uint32{"$2": 0x8001}},
	{"ori zext", 1, map[int]uint32{3: 0x10000}, "ori $2, $3, 0xffff", map[string]uint32{"$2": 0x1FFFF}},
	{"xori zext", 1, map[int]uint32{3: neg1}, "xori $2, $3, 1", map[string]uint32{"$2": 0xFFFFFFFE}},
	{"lui", 1, nil, "lui $2, 0x8001", map[string]uint32{"$2": 0x80010000}},
	{"shl", 1, map[int]uint32{3: 0x80000003}, "shl $2, $3, 4", map[string]uint32{"$2": 0x30}},
	{"shr", 1, map[int]uint32{3: 0x80000000}, "shr $2, $3, 31", map[string]uint32{"$2": 1}},
	{"sra", 1, map[int]uint32{3: 0x80000000}, "sra $2, $3, 4", map[string]uint32{"$2": 0xF8000000}},
	{"rol", 1, map[int]uint32{3: 0x80000001}, "rol $2, $3, 1", map[string]uint32{"$2": 3}},
	{"ror", 1, map[int]uint32{3: 0x80000001}, "ror $2, $3, 1", map[string]uint32{"$2": 0xC0000000}},
	{"rol 0", 1, map[int]uint32{3: 0x12345678}, "rol $2, $3, 0", map[string]uint32{"$2": 0x12345678}},
	{"shlv", 1, map[int]uint32{3: 1, 4: 31}, "shlv $2, $3, $4", map[string]uint32{"$2": minI}},
	{"shlv 32", 1, map[int]uint32{3: 1, 4: 32}, "shlv $2, $3, $4", map[string]uint32{"$2": 0}},
	{"shlv -1", 1, map[int]uint32{3: 1, 4: neg1}, "shlv $2, $3, $4", map[string]uint32{"$2": 0}},
	{"shrv 33", 1, map[int]uint32{3: neg1, 4: 33}, "shrv $2, $3, $4", map[string]uint32{"$2": 0}},
	{"shrv", 1, map[int]uint32{3: neg1, 4: 28}, "shrv $2, $3, $4", map[string]uint32{"$2": 15}},
	{"srav", 1, map[int]uint32{3: minI, 4: 31}, "srav $2, $3, $4", map[string]uint32{"$2": neg1}},
	{"srav 40", 1, map[int]uint32{3: minI, 4: 40}, "srav $2, $3, $4", map[string]uint32{"$2": neg1}},
	{"srav 40 pos", 1, map[int]uint32{3: 0x7FFFFFFF, 4: 40}, "srav $2, $3, $4", map[string]uint32{"$2": 0}},
	{"rolv", 1, map[int]uint32{3: 0x80000001, 4: 4}, "rolv $2, $3, $4", map[string]uint32{"$2": 0x18}},
	{"rolv 36", 1, map[int]uint32{3: 0x80000001, 4: 36}, "rolv $2, $3, $4", map[string]uint32{"$2": 0x18}},
	{"rolv 32", 1, map[int]uint32{3: 0x80000001, 4: 32}, "rolv $2, $3, $4", map[string]uint32{"$2": 0x80000001}},
	{"rolv -4", 1, map[int]uint32{3: 0x80000001, 4: neg1 - 3}, "rolv $2, $3, $4", map[string]uint32{"$2": 0}},
	{"rorv", 1, map[int]uint32{3: 0x80000001, 4: 4}, "rorv $2, $3, $4", map[string]uint32{"$2": 0x18000000}},
	{"rorv 64", 1, map[int]uint32{3: 0x80000001, 4: 64}, "rorv $2, $3, $4", map[string]uint32{"$2": 0x80000001}},
	{"clz", 1, map[int]uint32{3: 0x00010000}, "clz $2, $3", map[string]uint32{"$2": 15}},
	{"clz 0", 1, nil, "clz $2, $zero", map[string]uint32{"$2": 32}},
	{"clo", 1, map[int]uint32{3: 0xFFF00000}, "clo $2, $3", map[string]uint32{"$2": 12}},
	{"clo -1", 1, map[int]uint32{3: neg1}, "clo $2, $3", map[string]uint32{"$2": 32}},
	{"movz taken", 1, map[int]uint32{2: 1, 3: 9}, "movz $2, $3, $zero", map[string]uint32{"$2": 9}},
	{"movz not", 1, map[int]uint32{2: 1, 3: 9, 4: 1}, "movz $2, $3, $4", map[string]uint32{"$2": 1}},
	{"movn taken", 1, map[int]uint32{2: 1, 3: 9, 4: 5}, "movn $2, $3, $4", map[string]uint32{"$2": 9}},
	{"movn not", 1, map[int]uint32{2: 1, 3: 9}, "movn $2, $3, $zero", map[string]uint32{"$2": 1}},
	{"slt", 2, map[int]uint32{3: neg1, 4: 1}, "slt $2, $3, $4", map[string]uint32{"$2": 1}},
	{"sltu", 2, map[int]uint32{3: neg1, 4: 1}, "sltu $2, $3, $4", map[string]uint32{"$2": 0}},
	{"slti", 2, map[int]uint32{3: neg1 - 5}, "slti $2, $3, -3", map[string]uint32{"$2": 1}},
	{"sltiu", 2, nil, "sltiu $2, $zero, 1", map[string]uint32{"$2": 1}},
	// The model zero-extends sltiu's immediate (spec §8.5).
	{"sltiu quirk", 2, map[int]uint32{3: 0x10000}, "sltiu $4, $3, -1", map[string]uint32{"$4": 0}},
	{"sltiu quirk 2", 2, map[int]uint32{3: 0x100}, "sltiu $4, $3, -1", map[string]uint32{"$4": 1}},
	{"slt writes $zero", 2, map[int]uint32{4: 1}, "slt $zero, $zero, $4", map[string]uint32{"$0": 1}},
	{"alu ignores $zero", 1, nil, "addiu $zero, $zero, 5", map[string]uint32{"$0": 0}},
	{"cmp lt", 1, map[int]uint32{3: neg1, 4: 1, 15: 0x1C40}, "cmp $sw, $3, $4", map[string]uint32{"sw": 0x1C41}},
	{"cmp eq", 1, map[int]uint32{3: 7, 4: 7, 15: 0x1C43}, "cmp $sw, $3, $4", map[string]uint32{"sw": 0x1C42}},
	{"cmp gt", 1, map[int]uint32{3: 8, 4: 7, 15: 0x1C43}, "cmp $sw, $3, $4", map[string]uint32{"sw": 0x1C40}},
	{"cmpu", 1, map[int]uint32{3: neg1, 4: 1}, "cmpu $sw, $3, $4", map[string]uint32{"sw": 0x1C40}},
	{"cmpu lt", 1, map[int]uint32{3: 1, 4: neg1}, "cmpu $sw, $3, $4", map[string]uint32{"sw": 0x1C41}},
	{"mult", 1, map[int]uint32{3: neg1, 4: 2}, "mult $3, $4", map[string]uint32{"hi": neg1, "lo": neg1 - 1}},
	{"multu", 1, map[int]uint32{3: neg1, 4: 2}, "multu $3, $4", map[string]uint32{"hi": 1, "lo": neg1 - 1}},
	{"div", 1, map[int]uint32{3: neg1 - 6, 4: 2}, "div $3, $4", map[string]uint32{"lo": neg1 - 2, "hi": neg1}},
	{"div min/-1", 1, map[int]uint32{3: minI, 4: neg1}, "div $3, $4", map[string]uint32{"lo": minI, "hi": 0}},
	{"divu", 1, map[int]uint32{3: neg1, 4: 16}, "divu $3, $4", map[string]uint32{"lo": 0x0FFFFFFF, "hi": 15}},
	{"mfhi/mflo", 1, map[int]uint32{3: 6, 4: 7}, "mult $3, $4\n\tmfhi $5\n\tmflo $2", map[string]uint32{"$5": 0, "$2": 42}},
	{"mthi/mtlo", 1, map[int]uint32{3: 6, 4: 7}, "mthi $3\n\tmtlo $4", map[string]uint32{"hi": 6, "lo": 7}},
	{"mfc0 pc", 1, nil, "nop\n\tmfc0 $2, $pc", map[string]uint32{"$2": 8}},
	{"mtc0 epc", 1, map[int]uint32{3: 44}, "mtc0 $epc, $3\n\tmfc0 $2, $epc", map[string]uint32{"$2": 44}},
	{"c0mov", 1, nil, "c0mov $epc, $pc\n\tmfc0 $2, $epc", map[string]uint32{"$2": 4}},
	{"sub overflow flag", 1, map[int]uint32{3: minI, 4: 1}, "sub $2, $3, $4", map[string]uint32{"$2": 0x7FFFFFFF, "sw": 0x1C40 | 8 | 1<<14 | 1<<13}},
}

// Every instruction of the ISA table has an executor for its syntax, and
// that executor implements its opcode (it does not fall through to
// execMissing).
func TestEveryOpHasExecutor(t *testing.T) {
	m := New(Config{})
	for _, d := range cpu0.Instrs {
		if d.Flags&mir.FlagPseudo != 0 {
			continue
		}
		if execBySyntax[d.Syn] == nil {
			t.Errorf("%s: no executor for its syntax %d", d.Name, d.Syn)
			continue
		}
		op := uint32(d.Opcode)
		s := &cpu{m: m, r: &m.R, mem: m.Mem, order: binary.BigEndian, pc: 4}
		if msg := executors[op](s, op, 0, 0, 0, op<<24); strings.Contains(msg, "not implemented") {
			t.Errorf("%s: %s", d.Name, msg)
		}
	}
}

func TestSemantics(t *testing.T) {
	for _, tc := range semCases {
		for _, cfg := range variants {
			if cpu0.Level(tc.level) > cfg.Level {
				continue
			}
			t.Run(tc.name+"/"+cfgName(cfg), func(t *testing.T) {
				m := load(t, "\t"+tc.src+"\n\tret $lr\n\tnop\n", cfg)
				for r, v := range tc.regs {
					m.R[r] = v
				}
				if _, err := m.Run(); err != nil {
					t.Fatal(err)
				}
				for k, want := range tc.want {
					var got uint32
					switch k {
					case "hi":
						got = m.HI
					case "lo":
						got = m.LO
					case "sw":
						got = m.R[15]
					default:
						var n int
						fmt.Sscanf(k, "$%d", &n)
						got = m.R[n]
					}
					if got != want {
						t.Errorf("%s = 0x%x, want 0x%x", k, got, want)
					}
				}
			})
		}
	}
}

func TestMemoryAccess(t *testing.T) {
	for _, cfg := range variants {
		m := load(t, `
	st	$3, 0($4)
	sh	$3, 4($4)
	sb	$3, 7($4)
	ld	$5, 0($4)
	lh	$6, 4($4)
	lhu	$7, 4($4)
	lb	$8, 7($4)
	lbu	$9, 7($4)
	lb	$10, 0($4)
	ld	$zero, 0($4)
	ret	$lr
	nop
`, cfg)
		m.R[3], m.R[4] = 0x8182F3F4, 0x1000
		if _, err := m.Run(); err != nil {
			t.Fatal(err)
		}
		var order binary.ByteOrder = binary.BigEndian
		first := uint32(0x81)
		if cfg.LittleEndian {
			order, first = binary.LittleEndian, 0xF4
		}
		if got := order.Uint32(m.Mem[0x1000:]); got != 0x8182F3F4 {
			t.Errorf("%s: word in memory 0x%x", cfgName(cfg), got)
		}
		if got := order.Uint16(m.Mem[0x1004:]); got != 0xF3F4 {
			t.Errorf("%s: half in memory 0x%x", cfgName(cfg), got)
		}
		want := map[int]uint32{5: 0x8182F3F4, 6: 0xFFFFF3F4, 7: 0xF3F4, 8: 0xFFFFFFF4, 9: 0xF4,
			10: uint32(int32(int8(first))), 0: 0x8182F3F4}
		for r, w := range want {
			if m.R[r] != w {
				t.Errorf("%s: $%d = 0x%x, want 0x%x", cfgName(cfg), r, m.R[r], w)
			}
		}
		if m.Mem[0x1008] != 0xFF {
			t.Errorf("unloaded memory reads 0x%x, want 0xff", m.Mem[0x1008])
		}
	}
}

func TestControlFlow(t *testing.T) {
	src := `
	addiu	$2, $zero, 0
	beq	$zero, $zero, L1	# taken: delay slot runs
	addiu	$2, $2, 1
	addiu	$2, $2, 100		# skipped
L1:	jmp	L2			# no delay slot
	addiu	$2, $2, 100		# skipped
L2:	jsub	F			# $lr = address after the delay slot
	addiu	$2, $2, 2
	addiu	$2, $2, 4		# return lands here
	bal	G			# $lr = next instruction
	addiu	$2, $2, 8		# return lands here (bal has no delay slot)
	lui	$3, %hi(H)
	ori	$3, $3, %lo(H)
	jalr	$3
	addiu	$2, $2, 16		# delay slot
	addiu	$2, $2, 32
	bne	$2, $2, L1		# not taken: delay slot still runs
	addiu	$2, $2, 64
	addiu	$lr, $zero, -1
	ret	$lr
	addiu	$2, $2, 128		# delay slot of the final return runs
F:	move	$7, $lr
	ret	$lr
	nop
G:	move	$8, $lr
	ret	$lr
	nop
H:	move	$9, $lr
	ret	$lr
	nop
`
	for _, cfg := range variants[:2] {
		m := load(t, src, cfg)
		res, err := m.Run()
		if err != nil {
			t.Fatal(err)
		}
		if res.Ret != 1+2+4+8+16+32+64+128 {
			t.Errorf("%s: $2 = %d", cfgName(cfg), res.Ret)
		}
		if m.R[7] != 0x20 || m.R[8] != 0x28 || m.R[9] != 0x3c {
			t.Errorf("%s: links 0x%x 0x%x 0x%x, want 0x20 0x28 0x3c", cfgName(cfg), m.R[7], m.R[8], m.R[9])
		}
	}
}

// Conditional jumps on cmp flags, on both CPU variants.
func TestConditionalJumps(t *testing.T) {
	type rel struct {
		op      string
		a, b    int32
		taken   bool
		notSign bool
	}
	cases := []rel{
		{"jeq", 3, 3, true, false}, {"jeq", 3, 4, false, false},
		{"jne", 3, 4, true, false}, {"jne", 3, 3, false, false},
		{"jlt", -1, 0, true, false}, {"jlt", 0, 0, false, false},
		{"jgt", 1, 0, true, false}, {"jgt", 0, 0, false, false}, {"jgt", -1, 0, false, false},
		{"jle", 0, 0, true, false}, {"jle", -5, 0, true, false}, {"jle", 1, 0, false, false},
		{"jge", 0, 0, true, false}, {"jge", 1, 0, true, false}, {"jge", -1, 0, false, false},
	}
	for _, cfg := range variants {
		for _, c := range cases {
			src := fmt.Sprintf(`
	cmp	$sw, $3, $4
	%s	$sw, T
	addiu	$2, $zero, 1	# delay slot
	addiu	$2, $2, 10	# fall-through
T:	ret	$lr
	nop
`, c.op)
			m := load(t, src, cfg)
			m.R[3], m.R[4] = uint32(c.a), uint32(c.b)
			res, err := m.Run()
			if err != nil {
				t.Fatal(err)
			}
			want := int32(11)
			if c.taken {
				want = 1
			}
			if res.Ret != want {
				t.Errorf("%s: %s %d,%d: $2 = %d, want %d", cfgName(cfg), c.op, c.a, c.b, res.Ret, want)
			}
		}
	}
}

func TestOutput(t *testing.T) {
	for _, cfg := range variants {
		m := load(t, `
	lui	$9, 0xff00
	addiu	$2, $zero, 72
	sb	$2, 0($9)
	addiu	$2, $zero, 0
	sb	$2, 0($9)		# NUL is output too
	st	$3, 0($9)
	st	$4, 0($9)
	ret	$lr
	nop
`, cfg)
		m.R[3] = 0x00636261 // big-endian: "abc"; little-endian: first byte 0, nothing
		m.R[4] = 0x41004243
		if _, err := m.Run(); err != nil {
			t.Fatal(err)
		}
		want := "H\x00abcCBA"
		if cfg.LittleEndian {
			want = "H\x00ABC"
		}
		if string(m.Output) != want {
			t.Errorf("%s: output %q, want %q", cfgName(cfg), m.Output, want)
		}
	}
}

func TestErrors(t *testing.T) {
	cases := []struct {
		name string
		cfg  Config
		src  string
		regs map[int]uint32
		want string
	}{
		{"unknown opcode", Config{}, ".4byte 0x10000000", nil, "pc 0x00000000 (word 0x10000000): unknown opcode 0x10"},
		{"unloaded memory", Config{}, "nop", nil, "(word 0xffffffff): unknown opcode 0xff"},
		{"cpu032I slt", Config{Level: cpu0.Cpu032I}, ".4byte 0x28234000", nil, "undefined opcode 0x28 (slt) for this CPU"},
		{"cpu032I beq", Config{Level: cpu0.Cpu032I}, ".4byte 0x37000000", nil, "undefined opcode 0x37 (beq)"},
		{"misaligned ld", Config{}, "ld $2, 2($zero)", nil, "misaligned 4-byte load from 0x00000002"},
		{"misaligned sh", Config{}, "sh $2, 1($zero)", nil, "misaligned 2-byte store to 0x00000001"},
		{"load outside", Config{}, "ld $2, 0($3)", map[int]uint32{3: 0x01000000}, "load from 0x01000000 outside memory"},
		{"div by zero", Config{}, "div $3, $zero", nil, "division by zero"},
		{"runaway", Config{MaxSteps: 1000}, "L: jmp L", nil, "step limit of 1000"},
		{"bad fetch", Config{}, "jr $3\n\tnop", map[int]uint32{3: 6}, "instruction fetch from invalid address 0x00000006"},
	}
	for _, tc := range cases {
		m := load(t, "\t"+tc.src+"\n", tc.cfg)
		for r, v := range tc.regs {
			m.R[r] = v
		}
		_, err := m.Run()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
}

func TestResetState(t *testing.T) {
	m := New(Config{})
	if m.R[14] != neg1 || m.R[15] != ResetSW || m.PC != 0 || m.R[0] != 0 {
		t.Errorf("reset state: lr=0x%x sw=0x%x pc=0x%x", m.R[14], m.R[15], m.PC)
	}
	// Termination: ret $lr with $lr = -1 ends after its delay slot.
	m = load(t, "\tret $lr\n\taddiu $2, $zero, 7\n\taddiu $2, $zero, 9\n", Config{})
	res, err := m.Run()
	if err != nil || res.Ret != 7 || res.Steps != 2 {
		t.Errorf("got %+v, %v; want $2 = 7 after 2 steps", res, err)
	}
	if res.Cycles != res.Steps+4 {
		t.Errorf("cycles %d, want steps + 4 pipeline fill", res.Cycles)
	}
}

func TestLoadUseStall(t *testing.T) {
	m := load(t, "\tld $2, 0($zero)\n\taddu $3, $2, $2\n\tret $lr\n\tnop\n", Config{})
	res, err := m.Run()
	if err != nil {
		t.Fatal(err)
	}
	if res.Cycles != res.Steps+4+1 {
		t.Errorf("cycles %d for %d steps, want one load-use stall", res.Cycles, res.Steps)
	}
}

// TestBranchCounts checks the conditional-branch counts of -stats: a loop
// of three iterations runs its bne three times, twice taken.
func TestBranchCounts(t *testing.T) {
	src := "\taddiu $2, $zero, 3\nL:\n\taddiu $2, $2, -1\n\tbne $2, $zero, L\n\tnop\n\tjmp E\nE:\n\tret $lr\n\tnop\n"
	m := load(t, src, Config{})
	res, err := m.Run()
	if err != nil {
		t.Fatal(err)
	}
	if res.Branches != 3 || res.Taken != 2 {
		t.Errorf("branches %d taken %d, want 3 and 2 (the jmp does not count)", res.Branches, res.Taken)
	}
}

// BenchmarkLoop measures simulated instructions per second on a counting loop.
func BenchmarkLoop(b *testing.B) {
	src := `
	lui	$3, 0x0010		# 1M iterations
L:	addiu	$3, $3, -1
	addu	$4, $4, $3
	bne	$3, $zero, L
	nop
	ret	$lr
	nop
`
	o, _ := asm.Assemble("b.s", []byte(src), asm.Options{})
	img, _ := asm.Link([]*asm.Object{o}, asm.LinkOptions{})
	m := New(Config{})
	m.Load(0, img.Mem)
	b.ResetTimer()
	var steps uint64
	for i := 0; i < b.N; i++ {
		m.Reset()
		res, err := m.Run()
		if err != nil {
			b.Fatal(err)
		}
		steps += res.Steps
	}
	b.ReportMetric(float64(steps)/b.Elapsed().Seconds()/1e6, "Minstr/s")
}

// FuzzRun executes arbitrary words: the simulator must stop with a result
// or an error, never panic.
func FuzzRun(f *testing.F) {
	f.Add([]byte{0x09, 0xdd, 0xff, 0xf8, 0x3c, 0xe0, 0, 0, 0, 0, 0, 0}, uint32(0), false)
	f.Add([]byte{0x24, 0x23, 0x40, 0x00, 0x43, 0x23, 0, 0, 0x51, 0x03, 0, 0}, uint32(0x80000000), true)
	m := New(Config{MaxSteps: 10000})
	empty := New(Config{}).Mem
	f.Fuzz(func(t *testing.T, prog []byte, reg uint32, le bool) {
		if len(prog) > 4096 {
			return
		}
		m.cfg.LittleEndian = le
		copy(m.Mem, empty) // stores of earlier inputs must not leak in
		copy(m.Mem, prog)
		m.Reset()
		for i := 1; i < 14; i++ {
			m.R[i] = reg * uint32(i)
		}
		m.Run()
	})
}

// ld from the input port returns the input's bytes, then -1 for ever;
// the port does not depend on the byte order.
func TestInputPort(t *testing.T) {
	for _, cfg := range variants {
		m := load(t, `
	lui	$9, 0xff00
	ld	$3, 4($9)
	sb	$3, 0($9)
	ld	$3, 4($9)
	sb	$3, 0($9)
	ld	$4, 4($9)
	ld	$5, 4($9)
	addu	$2, $4, $5		# -1 + -1
	ret	$lr
	nop
`, cfg)
		m.Input = strings.NewReader("h\xff")
		res, err := m.Run()
		if err != nil {
			t.Fatal(err)
		}
		if string(m.Output) != "h\xff" || res.Ret != -2 {
			t.Errorf("%s: output %q, $2 = %d; want \"h\\xff\", -2", cfgName(cfg), m.Output, res.Ret)
		}
	}
	// No Input: end of input at once. Other accesses to the port still fault.
	for src, want := range map[string]string{
		"lui $9, 0xff00\nld $2, 4($9)\nret $lr\nnop": "",
		"lui $9, 0xff00\nlbu $2, 4($9)":              "load from 0xff000004 outside memory",
		"lui $9, 0xff00\nst $2, 4($9)":               "store to 0xff000004 outside memory",
	} {
		m := load(t, src, Config{})
		res, err := m.Run()
		switch {
		case want == "" && (err != nil || res.Ret != -1):
			t.Errorf("%q: $2 = %d, err %v; want -1", src, res.Ret, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%q: err %v, want %q", src, err, want)
		}
	}
}
