package mir_test

import (
	"fmt"
	"strings"
	"testing"

	"lltosimd/mir"
	"lltosimd/targets/cpu0"
)

func cpu0Lookup(name string) (*mir.Arch, error) {
	if name == cpu0.Arch.Name {
		return cpu0.Arch, nil
	}
	return nil, fmt.Errorf("unknown arch")
}

// cpu0Func builds a register-allocated Cpu0 function that uses every
// instruction of the ISA table with the operand shape of its syntax.
func cpu0Func(t *testing.T) *mir.Func {
	f := mir.NewFunc("every_op", cpu0.Arch)
	f.Props = mir.PropSSA | mir.PropNoPHIs | mir.PropNoVRegs | mir.PropSelected | mir.PropBundled
	f.Props &^= mir.PropSSA
	f.NewFrameObject(mir.FrameObject{Size: 4, Align: 4, Name: "spill"})
	entry := f.NewBlock("entry")
	var terms []*mir.Instr
	var last *mir.Block
	for i := range cpu0.Instrs {
		d := &cpu0.Instrs[i]
		op := cpu0.Op[d.Name]
		desc := cpu0.Arch.Desc(op)
		in := mir.NewInstr(op)
		for j := 0; j < desc.NumDefs; j++ {
			in.Ops = append(in.Ops, mir.D(cpu0.V0))
		}
		for j := 0; j < desc.NumUses; j++ {
			lastUse := j == desc.NumUses-1
			o := mir.R(cpu0.GPR(2 + j))
			switch {
			case lastUse && desc.Flags&mir.FlagBranch != 0 && desc.Flags&mir.FlagIndirect == 0:
				o = mir.Operand{Kind: mir.KindBlock} // patched below
			case lastUse && (d.Name == "JSUB" || d.Name == "BAL"):
				o = mir.S("callee", 0)
			case lastUse && (d.Syn == cpu0.SynRRI || d.Syn == cpu0.SynRRSh || d.Syn == cpu0.SynLui || d.Syn == cpu0.SynLoad || d.Syn == cpu0.SynStore):
				o = mir.I(-4)
			case d.Syn == cpu0.SynJcc && j == 0:
				o = mir.R(cpu0.SW)
			}
			in.Ops = append(in.Ops, o)
		}
		if d.Syn == cpu0.SynMovCC {
			in.Ops[3] = mir.R(cpu0.V0) // tied to the def
		}
		for _, r := range d.ImplicitDefs {
			reg, ok := cpu0.Arch.LookupReg(r)
			if !ok {
				t.Fatalf("%s: implicit def %s unknown", d.Name, r)
			}
			in.Ops = append(in.Ops, mir.Operand{Kind: mir.KindReg, Reg: reg, Flags: mir.FlagDef | mir.FlagImplicit | mir.FlagDead})
		}
		for _, r := range d.ImplicitUses {
			reg, _ := cpu0.Arch.LookupReg(r)
			in.Ops = append(in.Ops, mir.Operand{Kind: mir.KindReg, Reg: reg, Flags: mir.FlagImplicit | mir.FlagKill})
		}
		if desc.Flags&mir.FlagTerminator != 0 {
			terms = append(terms, in)
		} else {
			entry.Instrs = append(entry.Instrs, in)
		}
	}
	// Spill code the allocator may leave as generic ops.
	entry.Instrs = append(entry.Instrs,
		mir.NewInstr(mir.GStore32, mir.R(cpu0.V0), mir.FI(0, 0), mir.I(0)),
		mir.NewInstr(mir.GLoad32, mir.D(cpu0.V1), mir.FI(0, 0), mir.I(0)),
		mir.NewInstr(mir.GCopy, mir.D(cpu0.A0), mir.R(cpu0.V1)))
	// One block per terminator; barriers (JMP, JR, RET) go last, RET at the end.
	for pass := 0; pass < 3; pass++ {
		for _, in := range terms {
			fl := cpu0.Arch.Desc(in.Op).Flags
			isRet := fl&mir.FlagReturn != 0
			isBarrier := fl&mir.FlagBarrier != 0
			if pass == 0 && isBarrier || pass == 1 && (!isBarrier || isRet) || pass == 2 && !isRet {
				continue
			}
			b := f.NewBlock(strings.ToLower(cpu0.Arch.OpName(in.Op)))
			if fl&mir.FlagHasDelaySlot != 0 {
				in.Bundle = []*mir.Instr{mir.NewInstr(cpu0.Op["NOP"])}
			}
			b.Instrs = []*mir.Instr{in}
			last = b
		}
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for i := range in.Ops {
				if in.Ops[i].Kind == mir.KindBlock {
					in.Ops[i].Block = last
				}
			}
		}
	}
	f.RecomputeCFG()
	return f
}

func TestCpu0EveryOpRoundTripAndVerify(t *testing.T) {
	f := cpu0Func(t)
	text := f.String()
	for _, d := range cpu0.Instrs {
		if !strings.Contains(text, " "+d.Name+" ") && !strings.Contains(text, " "+d.Name+"\n") {
			t.Errorf("%s not printed", d.Name)
		}
	}
	for _, want := range []string{
		"  $2 = ADDiu $2, -4\n",
		"  ST $2, $3, -4\n",
		"  $2 = MOVZ_I_I $2, $3, $2\n",
		"  MULT $2, $3, implicit-def dead $hi, implicit-def dead $lo\n",
		"  $2 = MFHI implicit killed $hi\n",
		"  JSUB @callee, implicit-def dead $lr\n",
		"  bundle {\n    JEQ $sw, bb",
		"  G_STORE32 $2, fi#0, 0\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q", want)
		}
	}
	if errs := mir.Verify(f); len(errs) > 0 {
		t.Errorf("verify: %v\n%s", errs, text)
	}
	g, err := mir.ParseFunc(text, cpu0Lookup)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, text)
	}
	if g.String() != text {
		t.Errorf("round trip differs:\n%s\n---\n%s", g.String(), text)
	}
	if errs := mir.Verify(g); len(errs) > 0 {
		t.Errorf("verify parsed: %v", errs)
	}
}

func TestCpu0VerifyCatchesTargetMistakes(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"  $2 = ADDu $3\n  RET $lr\n", "ADDu has 1 explicit uses, want 2"},
		{"  $2 = MOVZ_I_I $3, $4, $5\n  RET $lr\n", "tied def 0 and use 2 are different registers"},
		{"  RET $lr\n  NOP\n", "instruction after an unconditional transfer"},
		{"  $2 = G_ADD $3, $4\n  RET $lr\n", "generic op G_ADD after instruction selection"},
	} {
		src := "--- function: f\narch: cpu0\nprops: novregs selected\nbody:\nbb0:\n" + tc.src
		f, err := mir.ParseFunc(src, cpu0Lookup)
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		var msgs []string
		for _, e := range mir.Verify(f) {
			msgs = append(msgs, e.Error())
		}
		if !strings.Contains(strings.Join(msgs, "\n"), tc.want) {
			t.Errorf("want %q, got %v", tc.want, msgs)
		}
	}
}

func TestCpu0DotEscapes(t *testing.T) {
	var sb strings.Builder
	f := cpu0Func(t)
	f.Blocks[0].Instrs[0].Comment = `say "hi"`
	if err := mir.Dot(&sb, f); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sb.String(), `; say \"hi\"\l`) {
		t.Errorf("quotes not escaped")
	}
}
