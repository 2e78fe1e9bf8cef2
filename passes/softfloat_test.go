package passes_test

import (
	"strings"
	"testing"

	"lltosimd/mir"
	"lltosimd/passes"
)

// softFloatFunc builds a one-block function computing op over fresh
// argument registers: ndefs results, uses as given (nil = registers).
func softFloatFunc(op mir.Opcode, ndefs, nuses int, pred int64) *mir.Func {
	f := mir.NewFunc("f", mir.GenericArch)
	b := f.NewBlock("entry")
	var ops []mir.Operand
	for range ndefs {
		ops = append(ops, mir.D(f.NewVReg(0)))
	}
	if op == mir.GFCmp {
		ops = append(ops, mir.I(pred))
	}
	for range nuses {
		ops = append(ops, mir.R(f.NewVReg(0)))
	}
	b.Instrs = []*mir.Instr{mir.NewInstr(op, ops...), mir.NewInstr(mir.GRet)}
	return f
}

func runSoftFloat(t *testing.T, f *mir.Func, opts map[string]string) error {
	t.Helper()
	p, ok := passes.Lookup("soft-float")
	if !ok {
		t.Fatal("soft-float not registered")
	}
	cfg := passes.NewConfig()
	for k, v := range opts {
		cfg.Options[k] = v
	}
	return p.Run(&passes.Ctx{Cfg: cfg, Pass: p}, f)
}

// callees lists the G_CALL targets of f in order.
func callees(f *mir.Func) []string {
	var out []string
	for _, in := range f.Blocks[0].Instrs {
		if in.Op == mir.GCall {
			out = append(out, in.Uses()[0].Sym)
		}
	}
	return out
}

func TestSoftFloatLibcalls(t *testing.T) {
	for _, tc := range []struct {
		op           mir.Opcode
		ndefs, nuses int
		want         string
	}{
		{mir.GFAdd, 1, 2, "__addsf3"}, {mir.GFAdd, 2, 4, "__adddf3"},
		{mir.GFSub, 1, 2, "__subsf3"}, {mir.GFSub, 2, 4, "__subdf3"},
		{mir.GFMul, 1, 2, "__mulsf3"}, {mir.GFMul, 2, 4, "__muldf3"},
		{mir.GFDiv, 1, 2, "__divsf3"}, {mir.GFDiv, 2, 4, "__divdf3"},
		{mir.GFRem, 1, 2, "fmodf"}, {mir.GFRem, 2, 4, "fmod"},
		{mir.GSIToFP, 1, 1, "__floatsisf"}, {mir.GSIToFP, 1, 2, "__floatdisf"},
		{mir.GSIToFP, 2, 1, "__floatsidf"}, {mir.GSIToFP, 2, 2, "__floatdidf"},
		{mir.GUIToFP, 1, 1, "__floatunsisf"}, {mir.GUIToFP, 2, 2, "__floatundidf"},
		{mir.GFPToSI, 1, 1, "__fixsfsi"}, {mir.GFPToSI, 2, 1, "__fixsfdi"},
		{mir.GFPToSI, 1, 2, "__fixdfsi"}, {mir.GFPToUI, 2, 2, "__fixunsdfdi"},
		{mir.GFPExt, 2, 1, "__extendsfdf2"}, {mir.GFPTrunc, 1, 2, "__truncdfsf2"},
	} {
		f := softFloatFunc(tc.op, tc.ndefs, tc.nuses, 0)
		if err := runSoftFloat(t, f, nil); err != nil {
			t.Fatalf("%s: %v", tc.want, err)
		}
		got := callees(f)
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("%s %d<-%d: calls %v, want %s", mir.GenericArch.OpName(tc.op), tc.ndefs, tc.nuses, got, tc.want)
		}
		call := f.Blocks[0].Instrs[0]
		if call.NumDefs() != tc.ndefs || !f.HasCalls {
			t.Errorf("%s: %d defs (want %d), HasCalls %v", tc.want, call.NumDefs(), tc.ndefs, f.HasCalls)
		}
		// Every argument group is a descriptor then its words; doubles are 8-byte aligned.
		uses := call.Uses()[1:]
		for len(uses) > 0 {
			d := mir.ArgDesc(uses[0].Imm)
			if d.Has(mir.ArgAlign8) != (d.Words() == 2) || len(uses) < 1+d.Words() {
				t.Errorf("%s: bad argument group %v", tc.want, d)
				break
			}
			uses = uses[1+d.Words():]
		}
	}
}

func TestSoftFloatCompare(t *testing.T) {
	want := map[mir.FPred]string{
		mir.FPredOEQ: "__eqsf2 eq", mir.FPredUNE: "__nesf2 ne", mir.FPredOLT: "__ltsf2 slt",
		mir.FPredOLE: "__lesf2 sle", mir.FPredOGT: "__gtsf2 sgt", mir.FPredOGE: "__gesf2 sge",
		mir.FPredULT: "__gesf2 slt", mir.FPredULE: "__gtsf2 sle", mir.FPredUGT: "__lesf2 sgt",
		mir.FPredUGE: "__ltsf2 sge", mir.FPredUNO: "__unordsf2 ne", mir.FPredORD: "__unordsf2 eq",
		mir.FPredUEQ: "__unordsf2 ne __eqsf2 eq G_OR", mir.FPredONE: "__unordsf2 eq __nesf2 ne G_AND",
		mir.FPredFalse: "0", mir.FPredTrue: "1",
	}
	for p := mir.FPred(0); p < 16; p++ {
		f := softFloatFunc(mir.GFCmp, 1, 2, int64(p))
		if err := runSoftFloat(t, f, nil); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		var got []string
		for _, in := range f.Blocks[0].Instrs {
			switch in.Op {
			case mir.GCall:
				got = append(got, in.Uses()[0].Sym)
			case mir.GICmp:
				got = append(got, in.Uses()[0].Cond.String())
			case mir.GOr, mir.GAnd:
				got = append(got, mir.GenericArch.OpName(in.Op))
			case mir.GConst:
				if in.Ops[0].Reg == mir.VirtBase { // the result itself
					got = append(got, []string{"0", "1"}[in.Uses()[0].Imm])
				}
			}
		}
		if s := strings.Join(got, " "); s != want[p] {
			t.Errorf("fcmp %s: %q, want %q", p, s, want[p])
		}
	}
}

func TestSoftFloatKeepF32(t *testing.T) {
	opts := map[string]string{passes.OptSoftFloatKeepF32: "true"}
	for _, tc := range []struct {
		op           mir.Opcode
		ndefs, nuses int
		kept         bool
	}{
		{mir.GFAdd, 1, 2, true}, {mir.GFAdd, 2, 4, false}, {mir.GFRem, 1, 2, false},
		{mir.GSIToFP, 1, 1, true}, {mir.GSIToFP, 1, 2, false}, {mir.GFPExt, 2, 1, false},
	} {
		f := softFloatFunc(tc.op, tc.ndefs, tc.nuses, 0)
		if err := runSoftFloat(t, f, opts); err != nil {
			t.Fatal(err)
		}
		if kept := f.Blocks[0].Instrs[0].Op == tc.op; kept != tc.kept {
			t.Errorf("%s %d<-%d: kept %v, want %v", mir.GenericArch.OpName(tc.op), tc.ndefs, tc.nuses, kept, tc.kept)
		}
	}
}

// Malformed float ops (hand-written MIR) are errors, not panics.
func TestSoftFloatMalformed(t *testing.T) {
	for _, tc := range []struct {
		op           mir.Opcode
		ndefs, nuses int
		pred         int64
	}{
		{mir.GFAdd, 1, 3, 0}, {mir.GFAdd, 3, 6, 0}, {mir.GFAdd, 0, 0, 0},
		{mir.GFPExt, 1, 1, 0}, {mir.GFPTrunc, 2, 2, 0}, {mir.GSIToFP, 1, 3, 0},
		{mir.GFCmp, 1, 3, 1}, {mir.GFCmp, 1, 2, 16}, {mir.GFCmp, 2, 2, 1}, {mir.GFCmp, 1, 0, 1},
	} {
		f := softFloatFunc(tc.op, tc.ndefs, tc.nuses, tc.pred)
		if err := runSoftFloat(t, f, nil); err == nil {
			t.Errorf("%s %d<-%d pred %d: no error", mir.GenericArch.OpName(tc.op), tc.ndefs, tc.nuses, tc.pred)
		}
	}
	f := softFloatFunc(mir.GFAdd, 1, 1, 0)
	f.Blocks[0].Instrs[0].Ops = append(f.Blocks[0].Instrs[0].Ops, mir.I(3))
	if err := runSoftFloat(t, f, nil); err == nil {
		t.Error("immediate float operand: no error")
	}
}
