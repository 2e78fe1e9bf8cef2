package cpu0

import (
	"fmt"
	"strings"
	"testing"

	"lltosimd/mir"
	"lltosimd/passes"
)

// fmtInstrs renders a function compactly ("OP a,b,c" per instruction, "bbN:"
// per block) independently of the MIR printer, for exact comparisons.
func fmtInstrs(f *mir.Func) string {
	var sb strings.Builder
	for _, b := range f.Blocks {
		fmt.Fprintf(&sb, "bb%d:\n", b.ID)
		for _, in := range b.Instrs {
			var ops []string
			for _, o := range in.Ops {
				if o.Flags&mir.FlagImplicit != 0 {
					continue
				}
				switch o.Kind {
				case mir.KindReg:
					ops = append(ops, "$"+f.Arch.RegName(o.Reg))
				case mir.KindImm:
					ops = append(ops, fmt.Sprint(o.Imm))
				case mir.KindFrame:
					ops = append(ops, fmt.Sprintf("fi#%d+%d", o.Imm, o.Off))
				case mir.KindSym:
					ops = append(ops, "@"+o.Sym)
				case mir.KindBlock:
					ops = append(ops, fmt.Sprintf("bb%d", o.Block.ID))
				}
			}
			fmt.Fprintf(&sb, "  %s %s\n", f.Arch.OpName(in.Op), strings.Join(ops, ","))
		}
	}
	return sb.String()
}

func ins(op string, ops ...mir.Operand) *mir.Instr {
	code, ok := Arch.LookupOp(op)
	if !ok {
		panic("unknown op " + op)
	}
	return mir.NewInstr(code, ops...)
}

func ret() *mir.Instr {
	r := ins("RET", mir.R(LR))
	r.Ops = append(r.Ops, mir.Operand{Kind: mir.KindReg, Reg: V0, Flags: mir.FlagImplicit})
	return r
}

func runPasses(t *testing.T, f *mir.Func, names ...string) {
	t.Helper()
	for _, n := range names {
		p, ok := passes.Lookup(n)
		if !ok {
			t.Fatalf("pass %s not registered", n)
		}
		if err := p.Run(&passes.Ctx{Cfg: passes.NewConfig(), Pass: p}, f); err != nil {
			t.Fatalf("%s: %v", n, err)
		}
	}
}

func checkCode(t *testing.T, f *mir.Func, want string) {
	t.Helper()
	got := fmtInstrs(f)
	want = strings.TrimLeft(want, "\n")
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestFrameLeafHasNoPrologue(t *testing.T) {
	f := mir.NewFunc("leaf", Arch)
	b := f.NewBlock("entry")
	b.Instrs = []*mir.Instr{ins("ADDu", mir.D(V0), mir.R(A0), mir.R(A1)), ret()}
	runPasses(t, f, "cpu0-expand-pseudo", "cpu0-frame-lowering")
	checkCode(t, f, `
bb0:
  ADDu $2,$4,$5
  RET $lr
`)
	if f.FrameSize != 0 || len(f.SavedRegs) != 0 || f.Props&mir.PropFrameLowered == 0 {
		t.Errorf("FrameSize %d SavedRegs %v props %b", f.FrameSize, f.SavedRegs, f.Props)
	}
}

func TestFrameCallerSavesLR(t *testing.T) {
	f := mir.NewFunc("caller", Arch)
	f.HasCalls, f.MaxCallArgs = true, 8
	local := f.NewFrameObject(mir.FrameObject{Size: 4, Align: 4, Name: "x"})
	arg := f.NewFrameObject(mir.FrameObject{Size: 4, Align: 4, Fixed: true, Offset: 8, Name: "arg8"})
	b := f.NewBlock("entry")
	b.Instrs = []*mir.Instr{
		ins("LD", mir.D(A0), mir.FI(arg, 0), mir.I(0)),
		ins("ST", mir.R(A0), mir.FI(local, 0), mir.I(0)),
		ins("ADDiu", mir.D(A1), mir.FI(local, 0), mir.I(2)),
		ins("JSUB", mir.S("g", 0)),
		ret(),
	}
	runPasses(t, f, "cpu0-expand-pseudo", "cpu0-frame-lowering")
	// 8 bytes of outgoing args, the local at 8, $lr at N-4 = 12.
	checkCode(t, f, `
bb0:
  ADDiu $sp,$sp,-16
  ST $lr,$sp,12
  LD $4,$sp,24
  ST $4,$sp,8
  ADDiu $5,$sp,10
  JSUB @g
  LD $lr,$sp,12
  ADDiu $sp,$sp,16
  RET $lr
`)
	if f.FrameSize != 16 || fmt.Sprint(f.SavedRegs) != fmt.Sprint([]mir.Reg{LR}) {
		t.Errorf("FrameSize %d SavedRegs %v", f.FrameSize, f.SavedRegs)
	}
	if f.Frame[local].Offset != 8 {
		t.Errorf("local at %d", f.Frame[local].Offset)
	}
}

// A spill slot made by the allocator is addressed inside the frame, under
// the callee-saved area, and the saved $9 gets its slot.
func TestFrameSpillSlotAndCalleeSaved(t *testing.T) {
	f := mir.NewFunc("spill", Arch)
	slot := f.NewFrameObject(mir.FrameObject{Size: 4, Align: 4, Name: "spill"})
	f.SavedRegs = []mir.Reg{S0}
	b := f.NewBlock("entry")
	b.Instrs = []*mir.Instr{
		mir.NewInstr(mir.GCopy, mir.D(S0), mir.R(A0)),
		mir.NewInstr(mir.GStore32, mir.R(S0), mir.FI(slot, 0), mir.I(0)),
		mir.NewInstr(mir.GLoad32, mir.D(V0), mir.FI(slot, 0), mir.I(0)),
		ret(),
	}
	runPasses(t, f, "cpu0-expand-pseudo", "cpu0-frame-lowering")
	checkCode(t, f, `
bb0:
  ADDiu $sp,$sp,-8
  ST $9,$sp,4
  ADDu $9,$4,$zero
  ST $9,$sp,0
  LD $2,$sp,0
  LD $9,$sp,4
  ADDiu $sp,$sp,8
  RET $lr
`)
}

// Frames over 32 KiB build the size and far offsets in $1.
func TestFrameLarge(t *testing.T) {
	f := mir.NewFunc("big", Arch)
	f.HasCalls, f.MaxCallArgs = true, 8
	arr := f.NewFrameObject(mir.FrameObject{Size: 40000, Align: 4, Name: "arr"})
	x := f.NewFrameObject(mir.FrameObject{Size: 4, Align: 4, Name: "x"})
	b := f.NewBlock("entry")
	b.Instrs = []*mir.Instr{
		ins("ST", mir.R(A0), mir.FI(x, 0), mir.I(0)),
		ins("ADDiu", mir.D(A0), mir.FI(arr, 0), mir.I(0)),
		ins("JSUB", mir.S("g", 0)),
		ret(),
	}
	runPasses(t, f, "cpu0-frame-lowering")
	// N = 8 + 4 + 40000 + 4 = 40016; $lr at 40012, x at 8, arr at 12.
	checkCode(t, f, `
bb0:
  ORi $1,$zero,40016
  SUBu $sp,$sp,$1
  ORi $1,$zero,40012
  ADDu $1,$1,$sp
  ST $lr,$1,0
  ST $4,$sp,8
  ADDiu $4,$sp,12
  JSUB @g
  ORi $1,$zero,40012
  ADDu $1,$1,$sp
  LD $lr,$1,0
  ORi $1,$zero,40016
  ADDu $sp,$sp,$1
  RET $lr
`)
	if f.FrameSize != 40016 {
		t.Errorf("FrameSize %d", f.FrameSize)
	}
	// An object beyond 32 KiB is addressed through $1.
	f1 := mir.NewFunc("far", Arch)
	f1.NewFrameObject(mir.FrameObject{Size: 40000, Align: 4, Name: "a"})
	b2 := f1.NewFrameObject(mir.FrameObject{Size: 40000, Align: 4, Name: "b"})
	f1.NewBlock("entry").Instrs = []*mir.Instr{
		ins("LD", mir.D(V0), mir.FI(b2, 4), mir.I(8)),
		ret(),
	}
	runPasses(t, f1, "cpu0-frame-lowering")
	checkCode(t, f1, `
bb0:
  LUi $1,1
  ORi $1,$1,14464
  SUBu $sp,$sp,$1
  ORi $1,$zero,40012
  ADDu $1,$1,$sp
  LD $2,$1,0
  LUi $1,1
  ORi $1,$1,14464
  ADDu $sp,$sp,$1
  RET $lr
`)
	f2 := mir.NewFunc("huge", Arch)
	f2.NewFrameObject(mir.FrameObject{Size: 0x12345, Align: 8, Name: "arr"})
	f2.NewBlock("entry").Instrs = []*mir.Instr{ret()}
	runPasses(t, f2, "cpu0-frame-lowering")
	checkCode(t, f2, `
bb0:
  LUi $1,1
  ORi $1,$1,9032
  SUBu $sp,$sp,$1
  LUi $1,1
  ORi $1,$1,9032
  ADDu $sp,$sp,$1
  RET $lr
`)
}

// A function that moves $sp gets a frame pointer.
func TestFrameFramePointer(t *testing.T) {
	f := mir.NewFunc("dyn", Arch)
	f.FramePointer = true
	x := f.NewFrameObject(mir.FrameObject{Size: 4, Align: 4, Name: "x"})
	b := f.NewBlock("entry")
	b.Instrs = []*mir.Instr{
		ins("SUBu", mir.D(SP), mir.R(SP), mir.R(A0)),
		ins("ST", mir.R(A1), mir.FI(x, 0), mir.I(0)),
		ret(),
	}
	runPasses(t, f, "cpu0-frame-lowering")
	checkCode(t, f, `
bb0:
  ADDiu $sp,$sp,-8
  ST $fp,$sp,4
  ADDu $fp,$sp,$zero
  SUBu $sp,$sp,$4
  ST $5,$fp,0
  ADDu $sp,$fp,$zero
  LD $fp,$sp,4
  ADDiu $sp,$sp,8
  RET $lr
`)
}

// An entry block that is a branch target gets the prologue in a new block.
func TestFrameEntryLoop(t *testing.T) {
	f := mir.NewFunc("loop", Arch)
	f.SavedRegs = []mir.Reg{S1}
	b := f.NewBlock("entry")
	b.Instrs = []*mir.Instr{
		ins("ADDiu", mir.D(S1), mir.R(S1), mir.I(-1)),
		ins("BNE", mir.R(S1), mir.R(ZERO), mir.B(b)),
	}
	f.NewBlock("exit").Instrs = []*mir.Instr{ret()}
	runPasses(t, f, "cpu0-frame-lowering")
	checkCode(t, f, `
bb2:
  ADDiu $sp,$sp,-8
  ST $10,$sp,4
bb0:
  ADDiu $10,$10,-1
  BNE $10,$zero,bb0
bb1:
  LD $10,$sp,4
  ADDiu $sp,$sp,8
  RET $lr
`)
}

func TestExpandPseudo(t *testing.T) {
	f := mir.NewFunc("x", Arch)
	b := f.NewBlock("entry")
	exit := f.NewBlock("exit")
	b.Instrs = []*mir.Instr{
		mir.NewInstr(mir.GImplicitDef, mir.D(T0)),
		mir.NewInstr(mir.GCopy, mir.D(V0), mir.R(A0)),
		mir.NewInstr(mir.GCopy, mir.D(V1), mir.R(V1)),
		mir.NewInstr(mir.GConst, mir.D(A0), mir.I(-5)),
		mir.NewInstr(mir.GConst, mir.D(A0), mir.I(40000)),
		mir.NewInstr(mir.GConst, mir.D(A0), mir.I(0x70000)),
		mir.NewInstr(mir.GConst, mir.D(A0), mir.I(-40000)),
		mir.NewInstr(mir.GBr, mir.B(exit)),
	}
	exit.Instrs = []*mir.Instr{ret()}
	runPasses(t, f, "cpu0-expand-pseudo")
	checkCode(t, f, `
bb0:
  ADDu $2,$4,$zero
  ADDiu $4,$zero,-5
  ORi $4,$zero,40000
  LUi $4,7
  LUi $4,65535
  ORi $4,$4,25536
  JMP bb1
bb1:
  RET $lr
`)
}

// phi-elim uses the Cpu0 hooks: PHI immediates and split-edge jumps come
// out as selected Cpu0 instructions, not generic ops.
func TestPhiElimCpu0Hooks(t *testing.T) {
	f := mir.NewFunc("phis", Arch)
	f.Props = mir.PropSSA | mir.PropSelected
	v := func() mir.Reg { return f.NewVReg(ClassGPR) }
	a, x := v(), v()
	entry, loop, exit := f.NewBlock("entry"), f.NewBlock("loop"), f.NewBlock("exit")
	entry.Instrs = []*mir.Instr{ins("ADDiu", mir.D(a), mir.R(ZERO), mir.I(1))}
	loop.Instrs = []*mir.Instr{
		mir.NewInstr(mir.GPhi, mir.D(x), mir.I(0x12345678), mir.B(entry), mir.R(a), mir.B(loop)),
		ins("BNE", mir.R(x), mir.R(ZERO), mir.B(loop)),
	}
	exit.Instrs = []*mir.Instr{ret()}
	runPasses(t, f, "phi-elim")
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op.IsGeneric() && in.Op != mir.GCopy {
				t.Errorf("generic op left: %s", mir.FormatInstr(f, in))
			}
		}
	}
	text := fmtInstrs(f)
	for _, want := range []string{"LUi", "ORi", "JMP bb1"} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in\n%s", want, text)
		}
	}
}
