package codegen

import (
	"fmt"

	"lltosimd/mir"
)

// The QPU ALU operations as MIR ops (spec vc4.md §3): one op per add-pipe
// and mul-pipe opcode, plus ldi. An instruction names one operation of
// one pipe; the emitter pairs an add-pipe and a mul-pipe operation into
// one QPU instruction later. Operands:
//
//   - the destination: a virtual register, or $nop (the write address
//     that discards the result: an operation run for its flags);
//   - the sources: registers or small immediates (an immediate operand
//     is a small immediate, spec §4.3: -16..15; other constants are
//     loaded by V4_LDI first);
//   - flag setting (.setf) is the implicit definition of the three
//     per-lane flag registers $zf, $nf and $cf (Z, N, C of each lane);
//   - a conditional write (.ifz, .ifnc …) is a guard operand on one flag
//     (mir.Instr.Pred: pred:$zf is .ifz, pred:!$zf .ifnz, $nf N, $cf C),
//     followed by the implicit read of the value the lanes whose
//     condition fails keep (mir.Instr.GuardedOld).
//
// vc4-isel (isel.go) selects generic MIR into these ops; the lowerer
// translates them one to one into the machine form (machine.go).

// Physical registers of the VC4 MIR: the discarding write address and the
// flags.
const (
	RegNop mir.Reg = 1 + iota // write address 39: the result is discarded
	RegZF                     // per-lane Z flag (.ifz / .ifnz)
	RegNF                     // per-lane N flag (.ifn / .ifnn)
	RegCF                     // per-lane C flag (.ifc / .ifcc)
)

// qpuOp describes one QPU operation.
type qpuOp struct {
	name string // MIR name
	asm  string // vc4asm mnemonic
	mul  bool   // a mul-pipe operation
	uses int    // explicit sources (1: unary, "op d, a" reads a on both muxes)
	doc  string
}

// qpuOps is the op table (spec vc4.md §3.2 add-pipe and §3.3 mul-pipe
// opcodes); mov is the add pipe's "or a, a".
var qpuOps = []qpuOp{
	// Add pipe.
	{"V4_FADD", "fadd", false, 2, "float a + b (denormals flushed, round toward zero)"},
	{"V4_FSUB", "fsub", false, 2, "float a - b"},
	{"V4_FMIN", "fmin", false, 2, "float min(a, b)"},
	{"V4_FMAX", "fmax", false, 2, "float max(a, b)"},
	{"V4_FMINABS", "fminabs", false, 2, "float min(|a|, |b|)"},
	{"V4_FMAXABS", "fmaxabs", false, 2, "float max(|a|, |b|)"},
	{"V4_FTOI", "ftoi", false, 1, "float to signed int, toward zero"},
	{"V4_ITOF", "itof", false, 1, "signed int to float"},
	{"V4_ADD", "add", false, 2, "a + b (setf: C = carry out)"},
	{"V4_SUB", "sub", false, 2, "a - b (setf: C = borrow, a <u b)"},
	{"V4_SHR", "shr", false, 2, "a >> (b & 31), logical"},
	{"V4_ASR", "asr", false, 2, "a >> (b & 31), arithmetic"},
	{"V4_ROR", "ror", false, 2, "a rotated right by b & 31"},
	{"V4_SHL", "shl", false, 2, "a << (b & 31)"},
	{"V4_MIN", "min", false, 2, "signed min(a, b)"},
	{"V4_MAX", "max", false, 2, "signed max(a, b) (setf: C = a >s b)"},
	{"V4_AND", "and", false, 2, "a & b"},
	{"V4_OR", "or", false, 2, "a | b"},
	{"V4_XOR", "xor", false, 2, "a ^ b"},
	{"V4_NOT", "not", false, 1, "^a"},
	{"V4_CLZ", "clz", false, 1, "count leading zeros (32 for 0)"},
	{"V4_V8ADDS", "v8adds", false, 2, "per-byte saturating a + b"},
	{"V4_V8SUBS", "v8subs", false, 2, "per-byte saturating a - b"},
	{"V4_MOV", "mov", false, 1, "a (or a, a)"},
	// Mul pipe.
	{"V4_FMUL", "fmul", true, 2, "float a * b (round toward zero)"},
	{"V4_MUL24", "mul24", true, 2, "(a & 0xffffff) * (b & 0xffffff), low 32 bits"},
	{"V4_V8MULD", "v8muld", true, 2, "per-byte a * b / 255"},
	{"V4_V8MIN", "v8min", true, 2, "per-byte min(a, b)"},
	{"V4_V8MAX", "v8max", true, 2, "per-byte max(a, b)"},
	{"V4_V8ADDS_M", "v8adds", true, 2, "per-byte saturating a + b, mul pipe"},
	{"V4_V8SUBS_M", "v8subs", true, 2, "per-byte saturating a - b, mul pipe"},
}

// ldiOp is the load-immediate instruction: dst = the 32-bit immediate.
const ldiName = "V4_LDI"

// qpuInfo is what the lowerer needs of a VC4 op: its mnemonic and pipe,
// or ldi.
type qpuInfo struct {
	asm  string
	mul  bool
	uses int
	ldi  bool
}

var qpuByOp = map[mir.Opcode]qpuInfo{}

// Arch is the VC4 description: the QPU ALU operations (qpuOps, V4_LDI),
// the discarding destination and the flags. Code that keeps the
// generic level (memory, calls, control flow) stays generic MIR until the
// lowerer (docs/vc4.md, "Instruction selection").
var Arch = func() *mir.Arch {
	a := &mir.Arch{
		Name:      "vc4",
		RegPrefix: "$",
		Classes:   []mir.RegClassDesc{{Name: "gpr", Size: 4}},
		Regs: []mir.RegDesc{{}, {Name: "nop", Enc: 39, Reserved: true},
			{Name: "zf", Reserved: true}, {Name: "nf", Reserved: true}, {Name: "cf", Reserved: true}},
	}
	for _, q := range qpuOps {
		a.Ops = append(a.Ops, mir.OpDesc{Name: q.name, NumDefs: 1, NumUses: q.uses, Doc: q.doc})
	}
	a.Ops = append(a.Ops, mir.OpDesc{Name: ldiName, NumDefs: 1, NumUses: 1, Doc: "dst = 32-bit immediate (load-immediate instruction)"})
	for i, q := range qpuOps {
		qpuByOp[mir.FirstTargetOp+mir.Opcode(i)] = qpuInfo{asm: q.asm, mul: q.mul, uses: q.uses}
	}
	qpuByOp[mir.FirstTargetOp+mir.Opcode(len(qpuOps))] = qpuInfo{asm: "ldi", uses: 1, ldi: true}
	addMachineForm(a)
	a.Verify = verifyQPU
	return a
}()

// flagConds are the vc4asm conditions of the guards: the flag register
// and whether the guard is negated.
var flagConds = map[mir.Reg][2]string{
	RegZF: {"ifz", "ifnz"},
	RegNF: {"ifn", "ifnn"},
	RegCF: {"ifc", "ifcc"},
}

// Guards on the flags (pred:$zf, pred:!$zf ...).
func ifz() mir.Operand  { return mir.P(RegZF, false) }
func ifnz() mir.Operand { return mir.P(RegZF, true) }

// setf marks in as setting the flags (.setf): it defines $zf, $nf and $cf.
func setf(in *mir.Instr) *mir.Instr {
	for _, r := range []mir.Reg{RegZF, RegNF, RegCF} {
		in.Ops = append(in.Ops, mir.Operand{Kind: mir.KindReg, Reg: r, Flags: mir.FlagDef | mir.FlagImplicit})
	}
	return in
}

// setsFlags reports whether in sets the flags.
func setsFlags(in *mir.Instr) bool {
	for _, o := range in.Ops {
		if o.IsDef() && o.Flags&mir.FlagImplicit != 0 && o.Reg == RegZF {
			return true
		}
	}
	return false
}

// isSmallImm reports whether c is a small immediate (spec §4.3).
func isSmallImm(c int64) bool { return c >= -16 && c <= 15 }

// verifyQPU checks the VC4 ops' operands: sources are registers or small
// immediates, guards test a flag, physical registers are read and written
// as the machine allows (verifyMachine), and a masked write follows the
// instruction that makes Z the active lanes in its block, or in the
// layout predecessor that is its only way in (vc4-sched moves code across
// a label only the fall-through reaches).
func verifyQPU(f *mir.Func) []error {
	var errs []error
	execZ := false // Z holds the active lanes (made from $r3 on the way into this point)
	for i, b := range f.Blocks {
		if i == 0 || len(b.Preds) != 1 || b.Preds[0] != f.Blocks[i-1] {
			execZ = false
		}
		for _, in := range flatten(b.Instrs) {
			bad := func(format string, args ...any) {
				errs = append(errs, fmt.Errorf("%s: bb%d: %s: %s", f.Name, b.ID, mir.FormatInstr(f, in), fmt.Sprintf(format, args...)))
			}
			if !in.Op.IsGeneric() {
				verifyMachine(in, bad)
				if isMasked(in) && !execZ {
					bad("a masked write needs Z = the active lanes ($nop = V4_MOV $r3, implicit-def $zf … before it in the block)")
				}
				if setsFlags(in) {
					execZ = isExecFlags(in)
				}
			}
			q, ok := qpuByOp[in.Op]
			if !ok {
				if in.Op == opMovM || in.Op == opRotM {
					q = qpuInfo{uses: 1}
				} else {
					continue
				}
			}
			for _, o := range in.Uses() {
				switch {
				case o.Kind == mir.KindPred:
					if _, ok := flagConds[o.Reg]; !ok {
						bad("a guard must test $zf, $nf or $cf")
					}
				case o.Kind == mir.KindImm && q.ldi:
				case o.Kind == mir.KindImm && in.Op == opRotM:
				case o.Kind == mir.KindImm:
					if !isSmallImmValue(o.Imm) {
						bad("immediate %d is not a small immediate (-16..15, or a float 1/256..128)", o.Imm)
					}
				case o.Kind != mir.KindReg:
					bad("sources are registers or small immediates")
				}
			}
		}
	}
	return errs
}
