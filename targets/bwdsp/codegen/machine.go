// Package codegen is the BWDSP (BWL, spec bwdsp.md Part 2) client of the
// shared backend framework: selection rules for the isel engine, call and
// frame lowering per §2.7, post-allocation expansion and the assembly
// emitter, registered as the -march=bwdsp target. Scalar code runs on
// macro x; the shared packetizer packs it into bundles.
package codegen

import (
	"bytes"
	"fmt"
	"io"

	"lltosimd/mir"
	"lltosimd/passes"
	"lltosimd/targets"
	bw "lltosimd/targets/bwdsp"
	"lltosimd/targets/bwdsp/asm"
)

// Pipeline is the BWDSP pass order, from generic SSA MIR to emission; the
// shared packetizer (passes/packetize.go, with bwdsp.NewVLIW's data) ends
// it, and the emitter prints its packets (mir.Instr.Bundle) through
// Bundles.
var Pipeline = []string{
	"wideint-legalize", // integers wider than a word to word ops
	"atomic-lowering",  // atomics to plain load-modify-store (one core)
	"vector-legalize",  // what VectorLegal refuses to lanes (vector.go)
	"switch-lowering",
	"soft-float", // double ops to runtime calls; float stays (NativeF32)
	"bwdsp-call-lowering",
	"generic-combine",
	"split-simd-stores", // OCC loop splitting, only with -bwdsp-split-simd-stores=N (§3.2)
	"hardware-loops",    // LCn = count; if LCn b header (§2.3)
	"loop-strength-reduce",
	"hoist-vector-constants", // splats out of loop bodies: no vector immediates
	"if-convert",             // off by default (-enable-if-conversion): hammocks to (CPk)-guarded code (ifconv.go)
	"predicate-lowering",     // SSA again, the guards kept (mir.Instr.GuardedOld)
	"strided-loads",          // splats and shuffles of loaded lanes as `D Rd = [Un + #imm]:S` (§2.3)
	"bwdsp-isel",
	"machine-cse",
	"post-modify",       // [Un += imm] (§2.3)
	"software-pipeline", // modulo scheduling of single-block hardware loops (passes/swp.go)
	"phi-elim",
	"two-address",
	"regalloc",
	"bwdsp-expand-pseudo",
	"bwdsp-frame-lowering",
	"block-placement", // fall-throughs instead of jumps (passes/blockplace.go)
	"del-jmp",
	"packetize",
}

// Machine is the BWDSP targets.Machine.
type Machine struct{}

var _ targets.Machine = Machine{}

// Arch is the BWL register file and op table.
func (Machine) Arch() *mir.Arch { return bw.Arch }

// CPUs has one entry: BWL has no variants.
func (Machine) CPUs() []string { return []string{"bwl"} }

// Pipeline is the pass order above.
func (Machine) Pipeline() []string { return Pipeline }

// AtomicInfo: one core, and the runtime runs without interrupts, so
// atomic-lowering makes atomics plain memory operations.
func (Machine) AtomicInfo() passes.AtomicInfo { return passes.AtomicInfo{SingleCore: true} }

// SwitchInfo lets switch-lowering build jump tables (`b Un` through a
// table of bundle indices).
func (Machine) SwitchInfo() passes.SwitchInfo { return passes.SwitchInfo{JumpTables: true} }

// NativeF32 keeps float arithmetic, compares and conversions from and to
// i32 for the `(F)` forms (soft-float lowers double and G_FREM).
func (Machine) NativeF32() bool { return true }

// PhiElimHooks materializes phi constants with selected instructions and
// splits edges with `b`.
func (Machine) PhiElimHooks() passes.PhiElimHooks {
	return passes.PhiElimHooks{
		Materialize: materialize,
		Jump:        func(f *mir.Func, t *mir.Block) *mir.Instr { return newInstr("B", mir.B(t)) },
	}
}

// VLIWInfo gives the packetizer BWDSP's latencies, resources (§2.4,
// CheckBundle) and dependences, reading instructions through FromMIR.
func (Machine) VLIWInfo() passes.VLIWInfo { return bw.NewVLIW(bw.FromMIR) }

// LocalRegs gives the register allocator the local block R28–R39 of
// every macro (passes.LocalBlock, spec §3.2: reserved for LRA under
// -regalloc=gra-lra).
func (Machine) LocalRegs() []mir.Reg { return bw.LocalBlock() }

// DefaultRegAlloc makes graph colouring over register tuples BWDSP's
// allocator (passes.RegAllocDefault): it uses the local block R28–R39
// the linear scan leaves reserved and spreads SIMD values over the
// register numbers, which halves the cycles of the SIMD kernels of make
// bench-regalloc (docs/regalloc.md).
func (Machine) DefaultRegAlloc() string { return "tuple" }

// BranchInfo describes BWL's branches to del-jmp and machine-cse.
func (Machine) BranchInfo() passes.BranchInfo { return branchInfo{} }

// Emit writes BWL assembly, or with -filetype=obj a relocatable object
// (asm.Object, docs/bwdsp.md) made by assembling that text.
func (Machine) Emit(w io.Writer, m *mir.Module, ft targets.FileType, cfg *passes.Config) error {
	var st *passes.Stats
	if cfg != nil {
		st = cfg.Stats
	}
	switch ft {
	case targets.FileAsm:
		return emit(w, m, st)
	case targets.FileObj:
		// The object is the printed assembly assembled, so the two
		// outputs never disagree.
		var text bytes.Buffer
		if err := emit(&text, m, st); err != nil {
			return err
		}
		// Positions in the object are the text's: name it so.
		o, err := asm.AssembleObject("<generated assembly of "+m.Source+">", text.String())
		if err != nil {
			return fmt.Errorf("internal error: the printed assembly does not assemble: %w", err)
		}
		return asm.WriteObject(w, o)
	}
	return fmt.Errorf("-march=bwdsp: -filetype=%s is not supported (asm, obj; bwdsprun links and runs both)", ft)
}

func init() {
	passes.RegisterMachine(bw.Arch, Machine{})
	targets.Register(&targets.Target{Name: "bwdsp", Desc: "BWDSP (BWL: 4-macro VLIW SIMD DSP, little-endian)", Machine: Machine{}})
}

// branchInfo implements passes.BranchInfo: no delay slots, any reach
// (branch targets are 32-bit bundle indices).
type branchInfo struct{}

func blockOf(in *mir.Instr) (*mir.Block, bool) {
	for _, o := range in.Ops {
		if o.Kind == mir.KindBlock && o.Flags&mir.FlagImplicit == 0 {
			return o.Block, true
		}
	}
	return nil, false
}

func (branchInfo) UncondTarget(in *mir.Instr) (*mir.Block, bool) {
	if in.Op != op("B") || in.Pred() != nil {
		return nil, false
	}
	return blockOf(in)
}

func (branchInfo) CondTarget(in *mir.Instr) (*mir.Block, bool) {
	switch in.Op {
	case op("BCMP"), op("BCMPU"), op("BCMPI"), op("BCMPIU"), op("BPRED"), op("BLC"), op("BANY"), op("BALL"),
		bw.PseudoOp(bw.PseudoVCmpBr):
		return blockOf(in)
	}
	return nil, false
}

// inverse relations: == ↔ !=, < ↔ >=, <= ↔ >.
var inverse = map[bw.Rel]bw.Rel{bw.RelEQ: bw.RelNE, bw.RelNE: bw.RelEQ, bw.RelLT: bw.RelGE, bw.RelGE: bw.RelLT, bw.RelLE: bw.RelGT, bw.RelGT: bw.RelLE}

func (bi branchInfo) InvertCond(in *mir.Instr, to *mir.Block) bool {
	switch in.Op {
	case bw.PseudoOp(bw.PseudoVCmpBr):
		in.Ops[6], in.Ops[7].Imm = mir.B(to), in.Ops[7].Imm^1
		return true
	case op("BANY"), op("BALL"):
		return invertLaneBranch(in, to)
	}
	if _, ok := bi.CondTarget(in); !ok || in.Op == op("BPRED") || in.Op == op("BLC") {
		return false // `if !xCPk` is not a MIR operand yet; `if LCn` has no inverse
	}
	c := in.Ops[0].Imm
	in.Ops[0].Imm = bw.CmpCode(inverse[bw.Rel(c&15)], bw.Action(c>>4&15))
	in.Ops[3] = mir.B(to)
	return true
}

// invertLaneBranch inverts `if [!]any|all D CPk b L` by its negation
// operand (FromMIR).
func invertLaneBranch(in *mir.Instr, to *mir.Block) bool {
	in.Ops[1], in.Ops[2].Imm = mir.B(to), in.Ops[2].Imm^1
	return true
}

func (branchInfo) NewJump(to *mir.Block) *mir.Instr { return newInstr("B", mir.B(to)) }

// NewNop is never needed (no delay slots); an empty bundle would be one.
func (branchInfo) NewNop() *mir.Instr                    { return nil }
func (branchInfo) DelaySlots(*mir.Instr) int             { return 0 }
func (branchInfo) Size(*mir.Instr) int64                 { return 12 }
func (branchInfo) InRange(*mir.Instr, int64, int64) bool { return true }
func (branchInfo) CanFillSlot(*mir.Instr) bool           { return true }

// RegEffects lists the explicit and implicit registers, plus RA for
// calls (written) and returns (read).
func (branchInfo) RegEffects(in *mir.Instr) (defs, uses []mir.Reg) {
	mir.ForEachReg(in, func(r mir.Reg, def bool) {
		if def {
			defs = append(defs, r)
		} else {
			uses = append(uses, r)
		}
	})
	switch bw.Arch.Desc(in.Op).Flags & (mir.FlagCall | mir.FlagReturn) {
	case mir.FlagCall:
		defs = append(defs, bw.RegRA)
	case mir.FlagReturn:
		uses = append(uses, bw.RegRA)
	}
	return defs, uses
}
