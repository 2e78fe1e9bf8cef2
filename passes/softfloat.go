package passes

import (
	"fmt"

	"lltosimd/mir"
)

// SoftFloat legalizes the generic floating-point ops for targets without an
// FPU: every G_FADD ... G_FPTRUNC becomes a G_CALL of the libgcc-named
// runtime routine (runtime/cpu0/softfloat.c), G_FCMP a call (two for ueq
// and one) whose result is tested with G_ICMP. It runs before call
// lowering, which then treats the calls like any other. A float travels in
// one integer word and a double in two, in memory order with ArgAlign8 like
// an i64: the generic float ops already list their words that way.
//
// With the option soft-float-keep-f32=true, single-word (float-only) ops
// other than G_FREM stay for a target with native f32 arithmetic; doubles
// and conversions involving 64-bit values are still lowered. A Machine
// that implements FloatMachine with NativeF32 true gets that by default
// (soft-float-keep-f32=false turns it off).
var SoftFloat = Register(&Pass{
	Name:     "soft-float",
	Desc:     "Soft-float legalization: floating-point ops to runtime calls",
	Required: true,
	Stats: map[string]string{
		"libcalls": "Number of floating-point ops turned into runtime calls",
	},
	Forbids: mir.PropSelected,
	Run:     runSoftFloat,
})

// OptSoftFloatKeepF32 names the option that keeps native float ops.
const OptSoftFloatKeepF32 = "soft-float-keep-f32"

// FloatMachine is implemented by a Machine whose target has native
// single-precision arithmetic, compares and conversions between float
// and 32-bit integers (BWDSP's `(F)` forms).
type FloatMachine interface {
	NativeF32() bool
}

// arithLib names the arithmetic routines by op; index 0 float, 1 double.
var arithLib = map[mir.Opcode][2]string{
	mir.GFAdd: {"__addsf3", "__adddf3"},
	mir.GFSub: {"__subsf3", "__subdf3"},
	mir.GFMul: {"__mulsf3", "__muldf3"},
	mir.GFDiv: {"__divsf3", "__divdf3"},
	mir.GFRem: {"fmodf", "fmod"},
}

// convLib names the conversion routines by op and [source words-1][result
// words-1].
var convLib = map[mir.Opcode][2][2]string{
	mir.GSIToFP:  {{"__floatsisf", "__floatsidf"}, {"__floatdisf", "__floatdidf"}},
	mir.GUIToFP:  {{"__floatunsisf", "__floatunsidf"}, {"__floatundisf", "__floatundidf"}},
	mir.GFPToSI:  {{"__fixsfsi", "__fixsfdi"}, {"__fixdfsi", "__fixdfdi"}},
	mir.GFPToUI:  {{"__fixunssfsi", "__fixunssfdi"}, {"__fixunsdfsi", "__fixunsdfdi"}},
	mir.GFPExt:   {{"", "__extendsfdf2"}, {"", ""}},
	mir.GFPTrunc: {{"", ""}, {"__truncdfsf2", ""}},
}

// cmpTerm is one comparison routine call and how its int result is tested
// against zero (libgcc semantics, see softfloat.c).
type cmpTerm struct {
	fn   string // routine without the sf2/df2 suffix
	cond mir.Cond
}

// cmpLib gives, per predicate, the calls whose results are combined: with
// and (both must hold) or, for ueq, with or.
var cmpLib = map[mir.FPred]struct {
	terms []cmpTerm
	and   bool
}{
	mir.FPredOEQ: {terms: []cmpTerm{{"__eq", mir.CondEQ}}},
	mir.FPredUNE: {terms: []cmpTerm{{"__ne", mir.CondNE}}},
	mir.FPredOLT: {terms: []cmpTerm{{"__lt", mir.CondSLT}}},
	mir.FPredOLE: {terms: []cmpTerm{{"__le", mir.CondSLE}}},
	mir.FPredOGT: {terms: []cmpTerm{{"__gt", mir.CondSGT}}},
	mir.FPredOGE: {terms: []cmpTerm{{"__ge", mir.CondSGE}}},
	// The unordered ones are the negations: __ge returns -1 for a NaN.
	mir.FPredULT: {terms: []cmpTerm{{"__ge", mir.CondSLT}}},
	mir.FPredULE: {terms: []cmpTerm{{"__gt", mir.CondSLE}}},
	mir.FPredUGT: {terms: []cmpTerm{{"__le", mir.CondSGT}}},
	mir.FPredUGE: {terms: []cmpTerm{{"__lt", mir.CondSGE}}},
	mir.FPredUNO: {terms: []cmpTerm{{"__unord", mir.CondNE}}},
	mir.FPredORD: {terms: []cmpTerm{{"__unord", mir.CondEQ}}},
	mir.FPredUEQ: {terms: []cmpTerm{{"__unord", mir.CondNE}, {"__eq", mir.CondEQ}}},
	mir.FPredONE: {terms: []cmpTerm{{"__unord", mir.CondEQ}, {"__ne", mir.CondNE}}, and: true},
}

func runSoftFloat(c *Ctx, f *mir.Func) error {
	keepF32 := c.Option(OptSoftFloatKeepF32) == "true"
	if m, ok := MachineFor(f.Arch).(FloatMachine); ok && m.NativeF32() && c.Option(OptSoftFloatKeepF32) == "" {
		keepF32 = true
	}
	for _, b := range f.Blocks {
		var out []*mir.Instr
		for _, in := range b.Instrs {
			if !isFloatOp(in.Op) {
				out = append(out, in)
				continue
			}
			repl, err := lowerFloat(f, in, keepF32)
			if err != nil {
				return fmt.Errorf("%s: bb%d: %s: %v", f.Name, b.ID, mir.FormatInstr(f, in), err)
			}
			if repl == nil {
				out = append(out, in)
				continue
			}
			c.Count("libcalls", 1)
			f.HasCalls = true
			out = append(out, repl...)
		}
		b.Instrs = out
	}
	return nil
}

func isFloatOp(op mir.Opcode) bool { return op >= mir.GFAdd && op <= mir.GFPTrunc }

// floatRegs returns the registers of operands, or an error if one is not a
// register.
func floatRegs(ops []mir.Operand) ([]mir.Reg, error) {
	out := make([]mir.Reg, len(ops))
	for i, o := range ops {
		if o.Kind != mir.KindReg {
			return nil, fmt.Errorf("operand %d is not a register", i)
		}
		out[i] = o.Reg
	}
	return out, nil
}

// lowerFloat returns the replacement of one float op (nil: keep it).
func lowerFloat(f *mir.Func, in *mir.Instr, keepF32 bool) ([]*mir.Instr, error) {
	defs, err := floatRegs(in.Defs())
	if err != nil {
		return nil, err
	}
	uses := in.Uses()
	if in.Op == mir.GFCmp {
		if len(uses) < 1 || uses[0].Kind != mir.KindImm || uses[0].Imm < 0 || uses[0].Imm > 15 {
			return nil, fmt.Errorf("G_FCMP wants a predicate immediate first")
		}
		p := mir.FPred(uses[0].Imm)
		srcs, err := floatRegs(uses[1:])
		if err != nil {
			return nil, err
		}
		n := len(srcs) / 2
		if len(defs) != 1 || (n != 1 && n != 2) || len(srcs) != 2*n {
			return nil, fmt.Errorf("G_FCMP wants one result and two operands of 1 or 2 words")
		}
		if keepF32 && n == 1 {
			return nil, nil
		}
		return lowerFCmp(f, p, defs[0], srcs[:n], srcs[n:]), nil
	}
	srcs, err := floatRegs(uses)
	if err != nil {
		return nil, err
	}
	nd, ns := len(defs), len(srcs)
	if names, ok := arithLib[in.Op]; ok {
		if (nd != 1 && nd != 2) || ns != 2*nd {
			return nil, fmt.Errorf("wants 1 or 2 result words and two operands of as many words")
		}
		if keepF32 && nd == 1 && in.Op != mir.GFRem {
			return nil, nil
		}
		return []*mir.Instr{libCall(defs, names[nd-1], srcs[:nd], srcs[nd:])}, nil
	}
	if nd < 1 || nd > 2 || ns < 1 || ns > 2 || convLib[in.Op][ns-1][nd-1] == "" {
		return nil, fmt.Errorf("unsupported combination of %d result and %d operand words", nd, ns)
	}
	if keepF32 && nd == 1 && ns == 1 {
		return nil, nil
	}
	return []*mir.Instr{libCall(defs, convLib[in.Op][ns-1][nd-1], srcs)}, nil
}

// libCall builds `defs = G_CALL name, args...`, one argument per group.
func libCall(defs []mir.Reg, name string, groups ...[]mir.Reg) *mir.Instr {
	var ops []mir.Operand
	for _, d := range defs {
		ops = append(ops, mir.D(d))
	}
	ops = append(ops, mir.S(name, 0))
	for _, g := range groups {
		var flags mir.ArgDesc
		if len(g) == 2 {
			flags = mir.ArgAlign8
		}
		ops = append(ops, mir.I(int64(mir.MakeArgDesc(len(g), flags))))
		for _, r := range g {
			ops = append(ops, mir.R(r))
		}
	}
	return mir.NewInstr(mir.GCall, ops...)
}

// lowerFCmp computes d = (a p b) with comparison routine calls.
func lowerFCmp(f *mir.Func, p mir.FPred, d mir.Reg, a, b []mir.Reg) []*mir.Instr {
	switch p {
	case mir.FPredFalse, mir.FPredTrue:
		return []*mir.Instr{mir.NewInstr(mir.GConst, mir.D(d), mir.I(int64(p&1)))}
	}
	suffix := "sf2"
	if len(a) == 2 {
		suffix = "df2"
	}
	lib := cmpLib[p]
	zero := f.NewVReg(0)
	out := []*mir.Instr{mir.NewInstr(mir.GConst, mir.D(zero), mir.I(0))}
	var bits []mir.Reg
	for _, t := range lib.terms {
		r, bit := f.NewVReg(0), d
		if len(lib.terms) > 1 {
			bit = f.NewVReg(0)
		}
		out = append(out, libCall([]mir.Reg{r}, t.fn+suffix, a, b),
			mir.NewInstr(mir.GICmp, mir.D(bit), mir.C(t.cond), mir.R(r), mir.R(zero)))
		bits = append(bits, bit)
	}
	if len(bits) == 2 {
		op := mir.GOr
		if lib.and {
			op = mir.GAnd
		}
		out = append(out, mir.NewInstr(op, mir.D(d), mir.R(bits[0]), mir.R(bits[1])))
	}
	return out
}
