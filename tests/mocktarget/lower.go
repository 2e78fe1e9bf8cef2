package mocktarget

import (
	"fmt"

	"lltosimd/mir"
	"lltosimd/passes"
)

// argRegs carry argument and result words.
var argRegs = []mir.Reg{R0, R1}

func implicit(r mir.Reg, def bool) mir.Operand {
	o := mir.R(r)
	o.Flags |= mir.FlagImplicit
	if def {
		o.Flags |= mir.FlagDef
	}
	return o
}

// words checks a descriptor the toy ABI can pass: plain words, at most
// two in all.
func words(f *mir.Func, descs []mir.Operand, n int) error {
	for _, d := range descs {
		if mir.ArgDesc(d.Imm).Has(mir.ArgByVal) || mir.ArgDesc(d.Imm).Has(mir.ArgSRet) {
			return fmt.Errorf("%s: toy: by-value and struct-return arguments are not supported", f.Name)
		}
	}
	if n > len(argRegs) {
		return fmt.Errorf("%s: toy: %d argument or result words (at most %d)", f.Name, n, len(argRegs))
	}
	return nil
}

// CallLowering is toy-call-lowering: G_ARGS, G_CALL and G_RET become
// copies from and to r0/r1 around CALL and RET.
var CallLowering = passes.Register(&passes.Pass{
	Name:     "toy-call-lowering",
	Desc:     "toy: arguments and results in r0, r1",
	Required: true,
	Forbids:  mir.PropSelected,
	Run: func(c *passes.Ctx, f *mir.Func) error {
		if f.Vararg {
			return fmt.Errorf("%s: toy: variadic functions are not supported", f.Name)
		}
		for _, b := range f.Blocks {
			var out []*mir.Instr
			for _, in := range b.Instrs {
				switch in.Op {
				case mir.GArgs:
					defs := in.Defs()
					if err := words(f, in.Uses(), len(defs)); err != nil {
						return err
					}
					for i, d := range defs {
						out = append(out, mir.NewInstr(mir.GCopy, mir.D(d.Reg), mir.R(argRegs[i])))
					}
				case mir.GCall:
					uses := in.Uses()
					if uses[0].Kind != mir.KindSym {
						return fmt.Errorf("%s: toy: indirect calls are not supported", f.Name)
					}
					var descs, args []mir.Operand
					for i := 1; i < len(uses); {
						d := uses[i]
						descs = append(descs, d)
						n := mir.ArgDesc(d.Imm).Words()
						args = append(args, uses[i+1:i+1+n]...)
						i += 1 + n
					}
					if err := words(f, descs, len(args)); err != nil {
						return err
					}
					call := mir.NewInstr(Op["CALL"], uses[0])
					for i, a := range args {
						out = append(out, mir.NewInstr(mir.GCopy, mir.D(argRegs[i]), a))
						call.Ops = append(call.Ops, implicit(argRegs[i], false))
					}
					for _, r := range argRegs {
						call.Ops = append(call.Ops, implicit(r, true))
					}
					out = append(out, call)
					defs := in.Defs()
					if len(defs) > len(argRegs) {
						return fmt.Errorf("%s: toy: %d result words (at most %d)", f.Name, len(defs), len(argRegs))
					}
					for i, d := range defs {
						out = append(out, mir.NewInstr(mir.GCopy, mir.D(d.Reg), mir.R(argRegs[i])))
					}
					f.HasCalls = true
				case mir.GRet:
					uses := in.Uses()
					if len(uses) > len(argRegs) {
						return fmt.Errorf("%s: toy: %d result words (at most %d)", f.Name, len(uses), len(argRegs))
					}
					ret := mir.NewInstr(Op["RET"])
					for i, u := range uses {
						out = append(out, mir.NewInstr(mir.GCopy, mir.D(argRegs[i]), u))
						ret.Ops = append(ret.Ops, implicit(argRegs[i], false))
					}
					out = append(out, ret)
				default:
					out = append(out, in)
				}
			}
			b.Instrs = out
		}
		return nil
	},
})

// Expand is toy-expand: what register allocation leaves generic becomes
// toy instructions (copies, spill code, rematerialized constants, jumps).
var Expand = passes.Register(&passes.Pass{
	Name:     "toy-expand",
	Desc:     "toy: expand post-allocation pseudos",
	Required: true,
	Needs:    mir.PropNoVRegs,
	Run: func(c *passes.Ctx, f *mir.Func) error {
		for _, b := range f.Blocks {
			out := b.Instrs[:0]
			for _, in := range b.Instrs {
				switch in.Op {
				case mir.GImplicitDef:
					continue
				case mir.GCopy:
					if in.Ops[0].Reg == in.Ops[1].Reg {
						continue
					}
					in = mir.NewInstr(Op["MOV"], in.Ops...)
				case mir.GLoad32:
					in = mir.NewInstr(Op["LDW"], in.Ops...)
				case mir.GStore32:
					in = mir.NewInstr(Op["STW"], in.Ops...)
				case mir.GConst:
					in = mir.NewInstr(Op["LI"], in.Ops...)
				case mir.GFrameAddr:
					in = mir.NewInstr(Op["ADDI"], in.Ops[0], in.Ops[1], mir.I(0))
				case mir.GBr:
					in = mir.NewInstr(Op["JMP"], in.Ops...)
				default:
					if in.Op.IsGeneric() {
						return fmt.Errorf("%s: toy-expand: %s left after selection", f.Name, mir.FormatInstr(f, in))
					}
				}
				out = append(out, in)
			}
			b.Instrs = out
		}
		return nil
	},
})

// FrameLowering is toy-frame-lowering: objects at increasing offsets from
// $sp, then the link register (when the function calls) and the
// callee-saved registers the allocator used; frame operands become $sp
// plus an offset.
var FrameLowering = passes.Register(&passes.Pass{
	Name:     "toy-frame-lowering",
	Desc:     "toy: frame layout, prologue and epilogues",
	Required: true,
	Needs:    mir.PropNoVRegs,
	Forbids:  mir.PropFrameLowered,
	Sets:     mir.PropFrameLowered,
	Run: func(c *passes.Ctx, f *mir.Func) error {
		var off int64
		for i := range f.Frame {
			o := &f.Frame[i]
			a := max(o.Align, 1)
			off = (off + a - 1) / a * a
			o.Offset = off
			off += o.Size
		}
		saves := append([]mir.Reg{}, f.SavedRegs...)
		if f.HasCalls {
			saves = append(saves, LR)
		}
		off = (off + 3) &^ 3
		slots := off
		size := (off + 4*int64(len(saves)) + 7) &^ 7
		f.FrameSize = size
		for _, b := range f.Blocks {
			var out []*mir.Instr
			for _, in := range b.Instrs {
				for i := range in.Ops {
					o := &in.Ops[i]
					if o.Kind != mir.KindFrame {
						continue
					}
					if i+1 >= len(in.Ops) || in.Ops[i+1].Kind != mir.KindImm {
						return fmt.Errorf("%s: toy-frame-lowering: frame operand without offset in %s", f.Name, mir.FormatInstr(f, in))
					}
					in.Ops[i+1].Imm += f.Frame[o.Imm].Offset + o.Off
					*o = mir.R(SP)
				}
				if in.Op == Op["RET"] && size > 0 {
					for k, r := range saves {
						out = append(out, mir.NewInstr(Op["LDW"], mir.D(r), mir.R(SP), mir.I(slots+4*int64(k))))
					}
					out = append(out, mir.NewInstr(Op["ADDI"], mir.D(SP), mir.R(SP), mir.I(size)))
				}
				out = append(out, in)
			}
			b.Instrs = out
		}
		if size > 0 {
			pro := []*mir.Instr{mir.NewInstr(Op["ADDI"], mir.D(SP), mir.R(SP), mir.I(-size))}
			for k, r := range saves {
				pro = append(pro, mir.NewInstr(Op["STW"], mir.R(r), mir.R(SP), mir.I(slots+4*int64(k))))
			}
			entry := f.Blocks[0]
			entry.Instrs = append(pro, entry.Instrs...)
		}
		f.Props |= mir.PropFrameLowered
		return nil
	},
})
