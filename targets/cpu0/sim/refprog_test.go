package sim

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"lltosimd/targets/cpu0"
	"lltosimd/targets/cpu0/asm"
)

// refProgram generates the differential test program: every instruction of
// the variant over edge-case operands, each result printed as 8 hex digits
// and a newline through the output port. Its expected output
// (testdata/ref-*.txt) was produced by running the program's hex image on
// the lbd reference Verilog model (iverilog; see testdata/README.md), so
// the simulator is checked against the model itself.
//
// Keep the generator stable: any change to it invalidates the golden files.
func refProgram(level2 bool) string {
	vals := []uint32{0, 1, 2, 31, 32, 33, 36, 64, 0x7fffffff, 0x80000000, 0xffffffff, 0x12345678,
		0xfffffffb, 0xffffffe0, 0xffffffdf, 0x10000, 0x8000, 0xfedcba98}
	small := []uint32{0, 1, 31, 0x80000000, 0xffffffff, 0x12345678, 0xfffffffb, 33, 0xffffffdf, 0x8001}
	var b strings.Builder
	e := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	label := 0
	newLabel := func() string { label++; return fmt.Sprintf("$L%d", label) }
	li := func(r string, v uint32) {
		e("\tlui\t%s, %d", r, v>>16)
		e("\tori\t%s, %s, %d", r, r, v&0xffff)
	}
	pr := func(r string) {
		if r != "$4" {
			e("\tmove\t$4, %s", r)
		}
		e("\tjsub\tphex")
		e("\tnop")
	}
	e("\t.text\n\t.globl\tmain\nmain:")
	e("\taddiu\t$sp, $sp, -8\n\tst\t$lr, 4($sp)")
	rrr := []string{"addu", "subu", "mul", "and", "or", "xor", "nor", "srav", "shlv", "shrv", "rolv", "rorv", "movz", "movn"}
	if level2 {
		rrr = append(rrr, "slt", "sltu")
	}
	for _, op := range rrr {
		for _, x := range vals {
			for _, y := range vals {
				// The model folds rotate counts with a loop of steps of 32:
				// huge counts take minutes in the reference simulation.
				if (op == "rolv" || op == "rorv") && (y == 0x7fffffff || y == 0x80000000 || y == 0x12345678 || y == 0xfedcba98) {
					continue
				}
				li("$3", x)
				li("$5", y)
				li("$2", 0xdeadbeef)
				e("\t%s\t$2, $3, $5", op)
				pr("$2")
			}
		}
	}
	imms := []int{0, 1, 4, 31, 0x7fff, 0x8000, 0xffff, 0x1234}
	immOps := []string{"addiu", "andi", "ori", "xori"}
	if level2 {
		immOps = append(immOps, "slti", "sltiu")
	}
	for _, op := range immOps {
		for _, x := range small {
			for _, i := range imms {
				iv := i
				if (op == "addiu" || op == "slti" || op == "sltiu") && i >= 0x8000 {
					iv = i - 0x10000
				}
				li("$3", x)
				e("\t%s\t$2, $3, %d", op, iv)
				pr("$2")
			}
		}
	}
	for _, i := range imms {
		e("\tlui\t$2, %d", i)
		pr("$2")
	}
	for _, op := range []string{"shl", "shr", "sra", "rol", "ror"} {
		for _, x := range small {
			for _, s := range []int{0, 1, 4, 16, 31} {
				li("$3", x)
				e("\t%s\t$2, $3, %d", op, s)
				pr("$2")
			}
		}
	}
	for _, op := range []string{"clz", "clo"} {
		for _, x := range vals {
			li("$3", x)
			e("\t%s\t$2, $3", op)
			pr("$2")
		}
	}
	for _, op := range []string{"mult", "multu", "div", "divu"} {
		for _, x := range vals {
			for _, y := range vals {
				if strings.HasPrefix(op, "div") && y == 0 {
					continue
				}
				li("$3", x)
				li("$5", y)
				e("\t%s\t$3, $5", op)
				e("\tmfhi\t$2")
				pr("$2")
				e("\tmflo\t$2")
				pr("$2")
			}
		}
	}
	e("\tmthi\t$3\n\tmtlo\t$5\n\tmfhi\t$2")
	pr("$2")
	e("\tmflo\t$2")
	pr("$2")
	for _, op := range []string{"cmp", "cmpu"} {
		for _, x := range small {
			for _, y := range small {
				li("$3", x)
				li("$5", y)
				e("\t%s\t$sw, $3, $5", op)
				e("\tmove\t$10, $sw")
				pr("$10")
			}
		}
	}
	for _, op := range []string{"jeq", "jne", "jlt", "jgt", "jle", "jge"} {
		for _, x := range small[:6] {
			for _, y := range small[:6] {
				for _, c := range []string{"cmp", "cmpu"} {
					t := newLabel()
					li("$3", x)
					li("$5", y)
					e("\taddiu\t$2, $zero, 0")
					e("\t%s\t$sw, $3, $5", c)
					e("\t%s\t$sw, %s", op, t)
					e("\taddiu\t$2, $2, 1")
					e("\taddiu\t$2, $2, 16")
					e("%s:", t)
					pr("$2")
				}
			}
		}
	}
	if level2 {
		for _, op := range []string{"beq", "bne"} {
			for _, x := range small[:5] {
				for _, y := range small[:5] {
					t := newLabel()
					li("$3", x)
					li("$5", y)
					e("\taddiu\t$2, $zero, 0")
					e("\t%s\t$3, $5, %s", op, t)
					e("\taddiu\t$2, $2, 1")
					e("\taddiu\t$2, $2, 16")
					e("%s:", t)
					pr("$2")
				}
			}
		}
	}
	for _, v := range []uint32{0x8182f3f4, 0x7f01ff80, 0x12345678} {
		e("\tlui\t$9, %%hi(buf)\n\tori\t$9, $9, %%lo(buf)")
		li("$3", v)
		e("\tst\t$3, 0($9)")
		for k := 0; k < 4; k++ {
			e("\tlb\t$2, %d($9)", k)
			pr("$2")
			e("\tlbu\t$2, %d($9)", k)
			pr("$2")
		}
		for _, k := range []int{0, 2} {
			e("\tlh\t$2, %d($9)", k)
			pr("$2")
			e("\tlhu\t$2, %d($9)", k)
			pr("$2")
		}
		e("\tsb\t$3, 1($9)\n\tsh\t$3, 6($9)\n\tld\t$2, 0($9)")
		pr("$2")
		e("\tld\t$2, 4($9)")
		pr("$2")
	}
	// Link registers of jsub, jalr and bal.
	t, u := newLabel(), newLabel()
	e("\tjsub\t%s\n\tnop\n\tjmp\t%s\n%s:\n\tmove\t$2, $lr\n\tret\t$lr\n\tnop\n%s:", t, u, t, u)
	pr("$2")
	t = newLabel()
	e("\tlui\t$t9, %%hi(%s)\n\tori\t$t9, $t9, %%lo(%s)\n\tjalr\t$t9\n\tnop\n\tjmp\t%s\n%s:\n\tmove\t$2, $lr\n\tret\t$lr\n\tnop\n%s:", t, t, u+"x", t, u+"x")
	pr("$2")
	t, u = newLabel(), newLabel()
	if level2 {
		e("\tbal\t%s\n\tjmp\t%s\n%s:\n\tmove\t$2, $lr\n\tret\t$lr\n\tnop\n%s:", t, u, t, u)
		pr("$2")
	}
	e("\tmfc0\t$2, $pc")
	pr("$2")
	e("\tmtc0\t$epc, $3\n\tmfc0\t$2, $epc")
	pr("$2")
	e("\tc0mov\t$epc, $pc\n\tmfc0\t$2, $epc")
	pr("$2")
	// Words stored to the output port.
	e("\tlui\t$8, 0xff00")
	for _, v := range []uint32{0x0a434241, 0x0a004241, 0x41424344, 0x00414243, 0x0a0a0a0a} {
		li("$3", v)
		e("\tst\t$3, 0($8)")
	}
	e("\taddiu\t$3, $zero, 10\n\tsb\t$3, 0($8)")
	// $zero: ALU writes are ignored, loads write it.
	e("\tlui\t$9, %%hi(buf)\n\tori\t$9, $9, %%lo(buf)")
	e("\taddiu\t$zero, $zero, 5")
	pr("$zero")
	e("\tld\t$zero, 0($9)")
	pr("$zero")
	e("\tlui\t$3, 0\n\tst\t$3, 8($9)\n\tld\t$zero, 8($9)")
	pr("$zero")
	// add/sub and the model's overflow flags (IE is 0: no interrupt).
	for _, op := range []string{"add", "sub"} {
		for _, x := range small[:6] {
			for _, y := range small[:6] {
				li("$3", x)
				li("$5", y)
				e("\t%s\t$2, $3, $5", op)
				e("\tmove\t$10, $sw")
				pr("$2")
				pr("$10")
				e("\tlui\t$sw, 0\n\tori\t$sw, $sw, 0x1c40")
			}
		}
	}
	e("\tld\t$lr, 4($sp)\n\taddiu\t$sp, $sp, 8\n\taddiu\t$2, $zero, 77\n\tret\t$lr\n\tnop")
	b.WriteString(phex)
	return b.String()
}

// phex prints $4 as 8 hex digits and a newline; it clobbers $1, $4-$8, $sw.
const phex = `phex:
	lui	$8, 0xff00
	addiu	$6, $zero, 8
$Lp:
	shr	$5, $4, 28
	addiu	$7, $5, 48
	addiu	$1, $zero, 10
	cmp	$sw, $5, $1
	jlt	$sw, $Ldig
	nop
	addiu	$7, $7, 39
$Ldig:
	sb	$7, 0($8)
	shl	$4, $4, 4
	addiu	$6, $6, -1
	cmp	$sw, $6, $zero
	jne	$sw, $Lp
	nop
	addiu	$7, $zero, 10
	sb	$7, 0($8)
	ret	$lr
	nop
	.data
	.align	3
buf:
	.space	16
`

// TestReferenceModel runs the differential program and compares the output
// with what the lbd reference Verilog model printed for the same image.
func TestReferenceModel(t *testing.T) {
	cases := []struct {
		golden string
		cfg    Config
		clocks uint64 // "total cpu cycles" printed by the model
	}{
		{"testdata/ref-cpu032I-eb.txt", Config{Level: cpu0.Cpu032I}, 4710905},
		{"testdata/ref-cpu032II-eb.txt", Config{Level: cpu0.Cpu032II}, 5188880},
		{"testdata/ref-cpu032II-el.txt", Config{Level: cpu0.Cpu032II, LittleEndian: true}, 5188865},
	}
	for _, tc := range cases {
		t.Run(cfgName(tc.cfg), func(t *testing.T) {
			want, err := os.ReadFile(tc.golden)
			if err != nil {
				t.Fatal(err)
			}
			opt := asm.Options{Level: tc.cfg.Level, LittleEndian: tc.cfg.LittleEndian}
			crt, err := asm.Startup(opt)
			if err != nil {
				t.Fatal(err)
			}
			o, err := asm.Assemble("ref.s", []byte(refProgram(tc.cfg.Level == cpu0.Cpu032II)), opt)
			if err != nil {
				t.Fatal(err)
			}
			// Link exactly as cpu0sim does: the printed link addresses and
			// $pc values depend on the layout.
			img, err := asm.Link([]*asm.Object{crt, o}, asm.LinkOptions{Entry: "main"})
			if err != nil {
				t.Fatal(err)
			}
			m := New(tc.cfg)
			m.Load(0, img.Mem)
			res, err := m.Run()
			if err != nil {
				t.Fatal(err)
			}
			if res.Ret != 77 {
				t.Errorf("$2 = %d, want 77", res.Ret)
			}
			if res.ModelClocks() != tc.clocks {
				t.Errorf("%d instructions = %d model clocks, the model counted %d", res.Steps, res.ModelClocks(), tc.clocks)
			}
			got, wantLines := strings.Split(string(m.Output), "\n"), strings.Split(string(want), "\n")
			for i := range min(len(got), len(wantLines)) {
				if got[i] != wantLines[i] {
					t.Fatalf("line %d: got %q, the reference model printed %q", i+1, got[i], wantLines[i])
				}
			}
			if len(got) != len(wantLines) {
				t.Fatalf("%d output lines, the reference model printed %d", len(got), len(wantLines))
			}
		})
	}
}
