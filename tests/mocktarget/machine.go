package mocktarget

import (
	"fmt"
	"io"
	"strings"

	"lltosimd/mir"
	"lltosimd/passes"
	"lltosimd/targets"
)

// Pipeline is the toy pass order: the shared atomic and vector legalization and switch lowering, two target
// passes before selection, the shared middle, two target passes after
// allocation, the shared jump removal.
var Pipeline = []string{
	"wideint-legalize",
	"atomic-lowering",
	"vector-legalize",
	"switch-lowering",
	"toy-call-lowering",
	"toy-isel",
	"phi-elim",
	"two-address",
	"regalloc",
	"toy-expand",
	"toy-frame-lowering",
	"del-jmp",
}

// Machine is the toy targets.Machine.
type Machine struct{}

var _ targets.Machine = Machine{}

// BranchInfo gives del-jmp the toy's jumps: no delay slots, any reach.
func (Machine) BranchInfo() passes.BranchInfo { return branchInfo{} }

// PhiElimHooks materializes phi constants with LI and splits edges with JMP.
func (Machine) PhiElimHooks() passes.PhiElimHooks {
	return passes.PhiElimHooks{
		Materialize: func(f *mir.Func, dst mir.Reg, src mir.Operand) []*mir.Instr {
			if src.Kind == mir.KindFrame {
				return []*mir.Instr{mir.NewInstr(Op["ADDI"], mir.D(dst), src, mir.I(0))}
			}
			return []*mir.Instr{mir.NewInstr(Op["LI"], mir.D(dst), src)}
		},
		Jump: func(f *mir.Func, target *mir.Block) *mir.Instr { return mir.NewInstr(Op["JMP"], mir.B(target)) },
	}
}

// AtomicInfo: the toy is single-core; atomic-lowering makes atomics
// plain memory operations.
func (Machine) AtomicInfo() passes.AtomicInfo { return passes.AtomicInfo{SingleCore: true} }

// SwitchInfo lets switch-lowering build jump tables (the toy has JT).
func (Machine) SwitchInfo() passes.SwitchInfo { return passes.SwitchInfo{JumpTables: true} }

// Arch is the toy op and register table.
func (Machine) Arch() *mir.Arch { return Arch }

// CPUs has one entry: the toy has no variants.
func (Machine) CPUs() []string { return []string{"toy"} }

// Pipeline is the pass order above.
func (Machine) Pipeline() []string { return Pipeline }

// Emit prints assembly: one instruction a line, "op operands".
func (Machine) Emit(w io.Writer, m *mir.Module, ft targets.FileType, cfg *passes.Config) error {
	if ft != targets.FileAsm {
		return fmt.Errorf("toy: -filetype=%s is not supported", ft)
	}
	for _, f := range m.Funcs {
		fmt.Fprintf(w, "%s:\n", f.Name)
		for _, b := range f.Blocks {
			fmt.Fprintf(w, ".L%s_%d:\n", f.Name, b.ID)
			for _, in := range b.Instrs {
				// A packet's members are written one a line, all but the
				// last ending in "||".
				ms := in.Flatten()
				for k, in := range ms {
					sep := ""
					if k < len(ms)-1 {
						sep = " ||"
					}
					if err := emitInstr(w, f, in, sep); err != nil {
						return err
					}
				}
			}
		}
		for i, jt := range f.JumpTables {
			fmt.Fprintf(w, ".LJT%s_%d:\n", f.Name, i)
			for _, b := range jt {
				fmt.Fprintf(w, "\t.word\t.L%s_%d\n", f.Name, b.ID)
			}
		}
	}
	return nil
}

// emitInstr prints one instruction, then sep.
func emitInstr(w io.Writer, f *mir.Func, in *mir.Instr, sep string) error {
	var ops []string
	for _, o := range in.Ops {
		switch {
		case o.Flags&mir.FlagImplicit != 0:
		case o.Kind == mir.KindReg:
			ops = append(ops, "$"+Arch.RegName(o.Reg))
		case o.Kind == mir.KindImm:
			ops = append(ops, fmt.Sprint(o.Imm))
		case o.Kind == mir.KindBlock:
			ops = append(ops, fmt.Sprintf(".L%s_%d", f.Name, o.Block.ID))
		case o.Kind == mir.KindJT:
			ops = append(ops, fmt.Sprintf(".LJT%s_%d", f.Name, o.Imm))
		case o.Kind == mir.KindSym:
			ops = append(ops, o.Sym)
		default:
			return fmt.Errorf("toy: cannot print operand of %s", mir.FormatInstr(f, in))
		}
	}
	fmt.Fprintf(w, "\t%s\t%s%s\n", strings.ToLower(Arch.OpName(in.Op)), strings.Join(ops, ", "), sep)
	return nil
}

func init() {
	passes.RegisterMachine(Arch, Machine{})
	targets.Register(&targets.Target{Name: "toy", Desc: "toy machine of the framework tests", Machine: Machine{}})
}

// branchInfo implements passes.BranchInfo for del-jmp.
type branchInfo struct{}

func target(in *mir.Instr) (*mir.Block, bool) {
	for _, o := range in.Ops {
		if o.Kind == mir.KindBlock {
			return o.Block, true
		}
	}
	return nil, false
}

func (branchInfo) UncondTarget(in *mir.Instr) (*mir.Block, bool) {
	if in.Op != Op["JMP"] {
		return nil, false
	}
	return target(in)
}

func (branchInfo) CondTarget(in *mir.Instr) (*mir.Block, bool) {
	if in.Op != Op["BNZ"] && in.Op != Op["BZ"] {
		return nil, false
	}
	return target(in)
}

func (branchInfo) InvertCond(in *mir.Instr, to *mir.Block) bool {
	switch in.Op {
	case Op["BNZ"]:
		in.Op = Op["BZ"]
	case Op["BZ"]:
		in.Op = Op["BNZ"]
	default:
		return false
	}
	in.Ops[1] = mir.B(to)
	return true
}

func (branchInfo) NewJump(to *mir.Block) *mir.Instr { return mir.NewInstr(Op["JMP"], mir.B(to)) }
func (branchInfo) NewNop() *mir.Instr               { return mir.NewInstr(Op["NOP"]) }
func (branchInfo) DelaySlots(*mir.Instr) int        { return 0 }
func (branchInfo) Size(*mir.Instr) int64            { return 4 }
func (branchInfo) InRange(*mir.Instr, int64, int64) bool {
	return true
}
func (branchInfo) CanFillSlot(*mir.Instr) bool { return false }

func (branchInfo) RegEffects(in *mir.Instr) (defs, uses []mir.Reg) {
	for _, o := range in.Ops {
		if o.Kind != mir.KindReg {
			continue
		}
		if o.IsDef() {
			defs = append(defs, o.Reg)
		} else {
			uses = append(uses, o.Reg)
		}
	}
	if in.Op == Op["CALL"] || in.Op == Op["RET"] {
		uses = append(uses, LR)
	}
	return defs, uses
}
