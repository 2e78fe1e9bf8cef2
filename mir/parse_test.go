package mir

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"
)

func testLookup(name string) (*Arch, error) {
	if name == testArch.Name {
		return testArch, nil
	}
	return nil, fmt.Errorf("no such arch")
}

// roundTrip checks print(parse(text)) == text and returns the module.
func roundTrip(t *testing.T, text string, module bool) *Module {
	t.Helper()
	m, err := Parse(text, testLookup)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, text)
	}
	var sb strings.Builder
	if module {
		err = PrintModule(&sb, m)
	} else {
		for i, f := range m.Funcs {
			if i > 0 {
				sb.WriteString("\n")
			}
			err = Print(&sb, f)
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	if sb.String() != text {
		t.Fatalf("round trip differs:\n--- got\n%s\n--- want\n%s", sb.String(), text)
	}
	return m
}

func TestParseRoundTripFixed(t *testing.T) {
	m := roundTrip(t, selectedText, false)
	f := m.Funcs[0]
	if f.Arch != testArch || len(f.Blocks) != 3 || f.NumVRegs() != 2 || f.ClassOf(VirtBase+1) != 1 {
		t.Errorf("bad parse: %+v", f)
	}
	if f.VRegName[VirtBase+1] != "acc val" || f.Blocks[0].Instrs[0].Comment != "load -3" {
		t.Errorf("names/comments lost")
	}
	if len(f.TargetInfo) != 2 || f.TargetInfo["t.a"] != 5 || f.TargetInfo["t.b"] != -2 {
		t.Errorf("target-info: %v", f.TargetInfo)
	}
	if got := f.Blocks[2].Preds; len(got) != 2 || got[0] != f.Blocks[0] || got[1] != f.Blocks[1] {
		t.Errorf("preds not recomputed: %v", got)
	}
	if in := f.Blocks[0].Instrs[3]; len(in.Bundle) != 1 || in.Ops[1].Block != f.Blocks[2] {
		t.Errorf("bundle or branch target wrong")
	}
	g := roundTrip(t, genericText, false).Funcs[0]
	if g.Blocks[1].Instrs[2].Ops[3] != P(VirtBase+2, true) {
		t.Errorf("pred operand: %+v", g.Blocks[1].Instrs[2].Ops[3])
	}
	if g.JumpTables[0][1] != g.Blocks[2] {
		t.Errorf("jump table")
	}
}

func TestParseRoundTripModule(t *testing.T) {
	var sb strings.Builder
	m := &Module{Source: "x.ll", Externs: []string{"a", "b c"}, Aliases: []Alias{{Name: "al", Target: "d", Offset: 8, Exported: true}, {Name: "a2", Target: "z"}}, Globals: []*Global{
		{Name: "z", Size: 8, Align: 8, Section: SecBSS, AddrSpace: 3},
		{Name: "d", Size: 16, Align: 4, Items: []DataItem{{Kind: DataInt, Size: 8, Value: math.MinInt64}, {Kind: DataSym, Size: 4, Sym: "z", Value: -4},
			{Kind: DataSymDiff, Size: 4, Sym: "b c", Sym2: "d", Value: 6}}},
	}, Funcs: []*Func{genericFunc(), selectedFunc()}}
	if err := PrintModule(&sb, m); err != nil {
		t.Fatal(err)
	}
	got := roundTrip(t, sb.String(), true)
	if got.Source != "x.ll" || len(got.Globals) != 2 || got.Globals[1].Items[0].Value != math.MinInt64 || len(got.Funcs) != 2 || got.Globals[0].AddrSpace != 3 {
		t.Errorf("module fields lost: %+v", got)
	}
	if len(got.Aliases) != 2 || got.Aliases[0] != m.Aliases[0] || got.Aliases[1] != m.Aliases[1] {
		t.Errorf("aliases %+v, want %+v", got.Aliases, m.Aliases)
	}
	if d := got.Globals[1].Items[2]; d.Kind != DataSymDiff || d.Sym != "b c" || d.Sym2 != "d" || d.Value != 6 || d.Size != 4 {
		t.Errorf("symdiff item lost: %+v", d)
	}
}

// TestRoundTripEveryGenericOp builds one instruction per generic op with
// the operand shape its description asks for.
// TestRoundTripVectors checks the text form of vector registers: the
// vector-vregs header gives their shapes, which survive a round trip and
// satisfy the verifier.
func TestRoundTripVectors(t *testing.T) {
	m := roundTrip(t, vectorText, false)
	f := m.Funcs[0]
	if vt, ok := f.VecOf(VirtBase + 3); !ok || vt != (VecType{Lanes: 4, Bits: 32, Float: true}) {
		t.Errorf("%%3: %v %v, want v4f32", vt, ok)
	}
	if errs := Verify(f); len(errs) > 0 {
		t.Errorf("%v", errs)
	}
	for _, bad := range []string{"v4s33", "v0s32", "v4f16", "x4s32", "v4s", "v04s32"} {
		if _, ok := ParseVecType(bad); ok {
			t.Errorf("ParseVecType(%q) accepted", bad)
		}
	}
}

// vectorText is a generic function on vector registers.
const vectorText = `--- function: v
arch: generic
props: ssa
vregs: 9
vector-vregs: %1:v4s32, %2:v4s1, %3:v4f32, %4:v2s16, %5:v4s32
body:
bb0:
  %0:gpr = G_ARGS 1
  %1:gpr = G_VLOAD %0, 0, 16
  %2:gpr = G_ICMP slt, %1, %1
  %3:gpr = G_BUILD_VECTOR 0, 1065353216, %0, %0
  %6:gpr = G_EXTRACT_VECTOR_ELT %3, %0
  %4:gpr = G_BUILD_VECTOR %6, 7
  %5:gpr = G_SELECT %2, %1, %1
  %7:gpr = G_EXTRACT_VECTOR_ELT %4, 1
  %8:gpr = G_EXTRACT_VECTOR_ELT %5, 3
  G_VSTORE %5, %0, 16, 4
  G_RET %7
`

// TestRoundTripWideInts checks the text form of wide integer registers:
// the wide-vregs header gives their widths, which survive a round trip and
// satisfy the verifier; bad widths are refused.
func TestRoundTripWideInts(t *testing.T) {
	m := roundTrip(t, wideText, false)
	f := m.Funcs[0]
	if n, ok := f.WideOf(VirtBase + 4); !ok || n != 128 {
		t.Errorf("%%4: %d %v, want s128", n, ok)
	}
	if errs := Verify(f); len(errs) > 0 {
		t.Errorf("%v", errs)
	}
	for _, bad := range []string{"s32", "s72", "s2048", "v4s32", "i64", "s"} {
		src := strings.Replace(wideText, "%4:s128", "%4:"+bad, 1)
		if _, err := Parse(src, nil); err == nil || !strings.Contains(err.Error(), "bad wide integer type") {
			t.Errorf("wide-vregs %%4:%s: %v", bad, err)
		}
	}
}

// wideText is a generic function on wide integer registers.
const wideText = `--- function: w
arch: generic
props: ssa
vregs: 10
wide-vregs: %2:s64, %3:s64, %4:s128, %5:s128, %9:s64
body:
bb0:
  %0:gpr, %1:gpr = G_ARGS 258
  %2:gpr = G_MERGE_VALUES %0, %1
  %3:gpr = G_LSHR %2, 40
  %4:gpr = G_MERGE_VALUES %0, %1, %0, %1
  %5:gpr = G_SHL %4, %0
  %6:gpr = G_ICMP ult, %4, %5
  %7:gpr, %8:gpr = G_UNMERGE_VALUES %3
  %9:gpr = G_SELECT %6, %2, %3
  G_RET %7, %8
`

func TestRoundTripEveryGenericOp(t *testing.T) {
	f := NewFunc("all", GenericArch)
	f.Props = PropSSA
	b0 := f.NewBlock("entry")
	b1 := f.NewBlock("next")
	f.NewFrameObject(FrameObject{Size: 4, Align: 4})
	f.JumpTables = [][]*Block{{b1}}
	for op := GCopy; op < FirstTargetOp; op++ {
		d := GenericDesc(op)
		in := NewInstr(op)
		nd, nu := d.NumDefs, d.NumUses
		if nd < 0 {
			nd = 2
		}
		if nu < 0 {
			nu = 3
		}
		for i := 0; i < nd; i++ {
			in.Ops = append(in.Ops, D(f.NewVReg(0)))
		}
		for i := 0; i < nu; i++ {
			var o Operand
			switch i % 4 {
			case 0:
				o = R(VirtBase)
			case 1:
				o = I(int64(i) - 2)
			case 2:
				o = FI(0, 4)
			case 3:
				o = S("g", 0)
			}
			switch op {
			case GBr, GBrCond, GBlockAddr:
				if i == nu-1 {
					o = B(b1)
				}
			case GBrJT, GJTAddr:
				if i == nu-1 {
					o = Operand{Kind: KindJT}
				}
			case GICmp:
				if i == 0 {
					o = C(CondUGE)
				}
			}
			in.Ops = append(in.Ops, o)
		}
		if d.Flags&FlagTerminator != 0 {
			b1.Instrs = append(b1.Instrs, in)
		} else {
			b0.Instrs = append(b0.Instrs, in)
		}
	}
	f.RecomputeCFG()
	text := f.String()
	for op := GCopy; op < FirstTargetOp; op++ {
		if !strings.Contains(text, " "+GenericDesc(op).Name) && !strings.Contains(text, "  "+GenericDesc(op).Name) {
			t.Errorf("%s not printed", GenericDesc(op).Name)
		}
	}
	roundTrip(t, text, false)
}

// randFunc builds a random (not necessarily valid) function that uses
// every operand kind and flag, quoted names, bundles and jump tables.
func randFunc(r *rand.Rand, arch *Arch) *Func {
	names := []string{"", "a", "x.y", "with space", "q\"uote", "7", "$d", "semi;colon", "eq=ual", "é"}
	pick := func() string { return names[r.Intn(len(names))] }
	f := NewFunc(pick(), arch)
	f.Props = Props(r.Intn(64))
	f.Exported, f.Vararg, f.HasCalls, f.FramePointer = r.Intn(2) == 0, r.Intn(2) == 0, r.Intn(2) == 0, r.Intn(2) == 0
	f.Kernel = r.Intn(2) == 0
	f.FrameSize, f.MaxCallArgs = int64(r.Intn(3)*8), int64(r.Intn(2)*16)
	physRegs := max(len(arch.Regs)-1, 0)
	for i := r.Intn(3); physRegs > 0 && i > 0; i-- {
		f.SavedRegs = append(f.SavedRegs, Reg(1+r.Intn(physRegs)))
	}
	for i := r.Intn(3); i > 0; i-- {
		f.NewFrameObject(FrameObject{Size: int64(r.Intn(16)), Align: 4, Offset: int64(r.Intn(32) - 16), Fixed: r.Intn(2) == 0, Name: pick()})
	}
	for i := r.Intn(8); i > 0; i-- {
		v := f.NewVReg(RegClass(r.Intn(len(arch.Classes))))
		if r.Intn(3) == 0 {
			if f.VRegName == nil {
				f.VRegName = map[Reg]string{}
			}
			if n := pick(); n != "" {
				f.VRegName[v] = n
			}
		}
	}
	nb := 1 + r.Intn(5)
	for i := 0; i < nb; i++ {
		b := f.NewBlock(pick())
		b.Align = r.Intn(2) * 3
	}
	r.Shuffle(nb-1, func(i, j int) { f.Blocks[i+1], f.Blocks[j+1] = f.Blocks[j+1], f.Blocks[i+1] })
	blk := func() *Block { return f.Blocks[r.Intn(nb)] }
	for i := r.Intn(3); i > 0; i-- {
		var jt []*Block
		for j := r.Intn(4); j > 0; j-- {
			jt = append(jt, blk())
		}
		f.JumpTables = append(f.JumpTables, jt)
	}
	reg := func() Reg {
		if f.NumVRegs() > 0 && r.Intn(2) == 0 {
			return VirtBase + Reg(r.Intn(f.NumVRegs()))
		}
		if physRegs <= 0 || r.Intn(8) == 0 {
			return NoReg
		}
		return Reg(1 + r.Intn(physRegs))
	}
	nops := int(FirstTargetOp) + len(arch.Ops)
	var mkInstr func(depth int) *Instr
	mkInstr = func(depth int) *Instr {
		in := NewInstr(Opcode(1 + r.Intn(nops-1)))
		for i := r.Intn(3); i > 0; i-- {
			o := D(reg())
			o.Flags |= Flags(r.Intn(8)) &^ (FlagDef | FlagImplicit) << 1
			in.Ops = append(in.Ops, o)
		}
		for i := r.Intn(5); i > 0; i-- {
			var o Operand
			switch Kind(r.Intn(8)) {
			case KindReg:
				o = R(reg())
			case KindImm:
				o = I([]int64{0, -1, 7, math.MaxInt64, math.MinInt64}[r.Intn(5)])
			case KindBlock:
				o = B(blk())
			case KindSym:
				o = S(pick(), int64(r.Intn(9)-4))
			case KindFrame:
				if len(f.Frame) == 0 {
					continue
				}
				o = FI(r.Intn(len(f.Frame)), int64(r.Intn(9)-4))
			case KindCond:
				o = C(Cond(r.Intn(int(numConds))))
			case KindPred:
				o = P(reg(), r.Intn(2) == 0)
			case KindJT:
				if len(f.JumpTables) == 0 {
					continue
				}
				o = Operand{Kind: KindJT, Imm: int64(r.Intn(len(f.JumpTables)))}
			}
			o.Flags = Flags(r.Intn(int(FlagUniform) << 1)) // every flag
			in.Ops = append(in.Ops, o)
		}
		if r.Intn(4) == 0 {
			in.Comment = pick() + " ; x"
		}
		if depth < 2 && r.Intn(6) == 0 {
			for i := 1 + r.Intn(2); i > 0; i-- {
				in.Bundle = append(in.Bundle, mkInstr(depth+1))
			}
			in.Packet = r.Intn(2) == 0
		}
		return in
	}
	for _, b := range f.Blocks {
		for i := r.Intn(6); i > 0; i-- {
			b.Instrs = append(b.Instrs, mkInstr(0))
		}
	}
	f.RecomputeCFG()
	return f
}

func TestRoundTripRandom(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 2000; i++ {
		arch := testArch
		if i%3 == 0 {
			arch = GenericArch
		}
		f := randFunc(r, arch)
		text := f.String()
		g := roundTrip(t, text, false).Funcs[0]
		if g.NumVRegs() != f.NumVRegs() || len(g.JumpTables) != len(f.JumpTables) {
			t.Fatalf("vregs or jump tables lost:\n%s", text)
		}
		for j, c := range f.VRegClass {
			if g.VRegClass[j] != c {
				t.Fatalf("class of %%%d: got %d want %d\n%s", j, g.VRegClass[j], c, text)
			}
		}
	}
}

func TestParseHandWritten(t *testing.T) {
	src := `# RUN: lltosimd -run-pass=foo %s
; a comment line
--- function: f
arch: test
body:
bb0:
  %1 = ADDiu $v0, 4
	$2 = ADDiu %1, 4     ; alias v0 and tab indentation
  JMP bb1.x
bb1.x:
  RET $lr
`
	f, err := ParseFunc(src, testLookup)
	if err != nil {
		t.Fatal(err)
	}
	if f.NumVRegs() != 2 || len(f.Blocks[0].Succs) != 1 || f.Blocks[0].Instrs[1].Ops[0].Reg != tV0 {
		t.Errorf("bad parse:\n%s", f)
	}
	if f.Blocks[0].Instrs[1].Comment != "alias v0 and tab indentation" {
		t.Errorf("comment %q", f.Blocks[0].Instrs[1].Comment)
	}
}

func TestParseErrors(t *testing.T) {
	hdr := "--- function: f\narch: test\nbody:\nbb0:\n"
	for _, tc := range []struct{ src, want string }{
		{"foo\n", "1:1: expected ---"},
		{"--- thing: x\n", "1:5: expected module:, function: or global:"},
		{"--- function: f\narch: nope\n", "2:1: arch \"nope\": no such arch"},
		{"--- function: f\nprops: ssa fast\n", "2:12: unknown property \"fast\""},
		{hdr + "  FOO %0\n", "5:3: unknown opcode \"FOO\""},
		{hdr + "  JMP bb7\n", "5:7: bb7 is referenced but not defined"},
		{hdr + "  JMP bb0.x\n", "5:7: bb0 is named \"\", not \"x\""},
		{hdr + "  RET $r9\n", "5:7: unknown register \"$r9\""},
		{hdr + "  %0:fpr = NOP\n", "5:6: unknown register class \"fpr\""},
		{hdr + "  %0:gpr = NOP\n  %0:acc = NOP\n", "6:6: %0 has class gpr and acc"},
		{hdr + "  5 = NOP\n", "5:3: left of = only registers"},
		{hdr + "  NOP 99999999999999999999\n", "5:7: integer out of range"},
		{hdr + "  NOP fi#0\n", "5:7: fi#0 does not exist"},
		{hdr + "  NOP jt#2\n", "5:7: jt#2 does not exist"},
		{hdr + "  NOP @\"abc\n", "5:8: unterminated string"},
		{hdr + "  NOP foo\n", "5:7: unknown operand \"foo\""},
		{hdr + "  NOP 1 2\n", "5:9: expected \",\""},
		{hdr + "  bundle {\n  NOP\n", "7:1: unterminated bundle"},
		{hdr + "  bundle {\n  NOP\n  }\n", "7:3: bundle needs a head and at least one more"},
		{hdr + "  }\n", "5:3: } without bundle"},
		{hdr + "bb0:\n", "5:1: bb0 defined twice"},
		{"--- function: f\nbody:\n  NOP\n", "3:3: instruction before the first block label"},
		{"--- function: f\nvregs: 1\nbody:\nbb0:\n  %1:gpr = IMPLICIT_DEF\n", "5:3: %1 out of range (vregs: 1)"},
		{"--- function: f\nbody:\nbb0:\n  G_BR bb1\nbb1:\n--- function: g\narch: test\nbody:\nbb0:\n  NOP\n  arch: generic\n", "11:3: unknown opcode \"arch\""},
		{"--- global: @g size=4 align=4 section=.text\n", "1:31: expected section="},
		{"--- global: @g size=4\n  float 4 1\n", "2:3: unknown data item \"float\""},
	} {
		_, err := Parse(tc.src, testLookup)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q:\n got %v\nwant %s", tc.src, err, tc.want)
		}
	}
}

func BenchmarkPrint(b *testing.B) {
	r := rand.New(rand.NewSource(2))
	var fs []*Func
	for i := 0; i < 100; i++ {
		fs = append(fs, randFunc(r, testArch))
	}
	var sb strings.Builder
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sb.Reset()
		for _, f := range fs {
			_ = Print(&sb, f)
		}
	}
}

// FuzzParse checks that the parser never panics, that whatever it accepts
// prints to text that parses back to the same text, and that the verifier
// and analyses survive any parsed function.
func FuzzParse(f *testing.F) {
	f.Add(selectedText)
	f.Add(genericText)
	f.Add(vectorText)
	r := rand.New(rand.NewSource(9))
	for i := 0; i < 20; i++ {
		f.Add(randFunc(r, testArch).String())
	}
	f.Fuzz(func(t *testing.T, src string) {
		m, err := Parse(src, testLookup)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error without position: %v", err)
			}
			return
		}
		for _, fn := range m.Funcs {
			text := fn.String()
			g, err := ParseFunc(text, testLookup)
			if err != nil {
				t.Fatalf("reparse: %v\n%s", err, text)
			}
			if g.String() != text {
				t.Fatalf("unstable:\n%s\n---\n%s", text, g.String())
			}
			Verify(fn)
			d := ComputeDominators(fn)
			ComputeLoops(fn, d)
			pd := ComputePostDominators(fn)
			for _, b := range fn.Blocks {
				pd.Frontier(b)
			}
		}
	})
}
