package cpu0

import (
	"fmt"
	"strconv"

	"lltosimd/mir"
	"lltosimd/passes"
)

// This file connects Cpu0 to the generic late branch passes
// (passes/deljmp.go, passes/delayslot.go, passes/branchrelax.go) and
// registers the Cpu0-only cpu0-long-branch pass. The late pipeline is
//
//	del-jmp → cpu0-long-branch → delay-slot-filler
//
// cpu0-long-branch runs before the filler and counts every empty delay
// slot as a nop; the filler then replaces nops by instructions moved from
// elsewhere, which never makes a branch's distance grow.

// inverseBranch pairs each conditional branch with the branch on the
// opposite condition (spec §3.2: jlt is N, jge is !N; jgt is !N&&!Z, jle
// is N||Z).
var inverseBranch = map[string]string{
	"JEQ": "JNE", "JNE": "JEQ",
	"JLT": "JGE", "JGE": "JLT",
	"JGT": "JLE", "JLE": "JGT",
	"BEQ": "BNE", "BNE": "BEQ",
}

// extraUses lists registers an instruction reads that its MIR operands may
// not mention, so that the delay-slot filler never writes them in its slot:
// a return reads the value registers, a call reads the argument registers
// and the stack and global pointers (stack arguments, PIC callees).
var extraUses = map[string][]mir.Reg{
	"RET":  {V0, V1},
	"JR":   {V0, V1},
	"JSUB": {A0, A1, SP, GP},
	"JALR": {A0, A1, SP, GP},
}

// notInSlot lists instructions that never move into a delay slot:
// mfc0 $pc reads the address of the next instruction, and the coprocessor
// moves have side effects.
var notInSlot = map[string]bool{"MFC0": true, "MTC0": true, "C0MOVE": true}

// OptForceLongBranch (-force-cpu0-long-branch=true) expands every beq/bne.
const OptForceLongBranch = "force-cpu0-long-branch"

// branchInfo implements passes.BranchInfo from the instruction table.
type branchInfo struct {
	jmp, nop  mir.Opcode
	inverse   map[mir.Opcode]mir.Opcode
	implDefs  map[mir.Opcode][]mir.Reg
	implUses  map[mir.Opcode][]mir.Reg
	noSlot    map[mir.Opcode]bool
	offsetBit map[mir.Opcode]uint // width of the signed byte displacement field
}

// branches is the Cpu0 branch hook set, built from the instruction table.
var branches = newBranchInfo()

// BranchInfo is the Cpu0 implementation of the branch hooks (registered
// for Arch).
var BranchInfo passes.BranchInfo = branches

func newBranchInfo() *branchInfo {
	bi := &branchInfo{
		jmp:       Op["JMP"],
		nop:       Op["NOP"],
		inverse:   map[mir.Opcode]mir.Opcode{},
		implDefs:  map[mir.Opcode][]mir.Reg{},
		implUses:  map[mir.Opcode][]mir.Reg{},
		noSlot:    map[mir.Opcode]bool{},
		offsetBit: map[mir.Opcode]uint{},
	}
	for from, to := range inverseBranch {
		bi.inverse[Op[from]] = Op[to]
	}
	lookup := func(names []string) []mir.Reg {
		var rs []mir.Reg
		for _, n := range names {
			r, ok := Arch.LookupReg(n)
			if !ok {
				panic("cpu0: unknown implicit register " + n)
			}
			rs = append(rs, r)
		}
		return rs
	}
	for i := range Instrs {
		d := &Instrs[i]
		op := Op[d.Name]
		bi.implDefs[op] = lookup(d.ImplicitDefs)
		bi.implUses[op] = append(lookup(d.ImplicitUses), extraUses[d.Name]...)
		bi.noSlot[op] = notInSlot[d.Name]
		switch d.Syn {
		case SynBr:
			bi.offsetBit[op] = 16
		case SynJcc, SynJump:
			bi.offsetBit[op] = 24
		}
	}
	return bi
}

func blockOperand(in *mir.Instr) (*mir.Operand, bool) {
	for i := range in.Ops {
		if in.Ops[i].Kind == mir.KindBlock {
			return &in.Ops[i], true
		}
	}
	return nil, false
}

func (bi *branchInfo) UncondTarget(in *mir.Instr) (*mir.Block, bool) {
	if in.Op != bi.jmp || in.Pred() != nil {
		return nil, false
	}
	if o, ok := blockOperand(in); ok {
		return o.Block, true
	}
	return nil, false
}

func (bi *branchInfo) CondTarget(in *mir.Instr) (*mir.Block, bool) {
	if _, ok := bi.inverse[in.Op]; !ok {
		return nil, false
	}
	if o, ok := blockOperand(in); ok {
		return o.Block, true
	}
	return nil, false
}

func (bi *branchInfo) InvertCond(in *mir.Instr, target *mir.Block) bool {
	inv, ok := bi.inverse[in.Op]
	if !ok {
		return false
	}
	o, ok := blockOperand(in)
	if !ok {
		return false
	}
	in.Op = inv
	o.Block = target
	return true
}

func (bi *branchInfo) NewJump(target *mir.Block) *mir.Instr {
	return mir.NewInstr(bi.jmp, mir.B(target))
}

func (bi *branchInfo) NewNop() *mir.Instr { return mir.NewInstr(bi.nop) }

func (bi *branchInfo) DelaySlots(in *mir.Instr) int {
	if in.Op.IsGeneric() || Arch.Desc(in.Op).Flags&mir.FlagHasDelaySlot == 0 {
		return 0
	}
	return 1
}

// Size is 4 for every Cpu0 instruction; IMPLICIT_DEF and G_UNREACHABLE
// emit nothing and inline asm 4 bytes per statement.
func (bi *branchInfo) Size(in *mir.Instr) int64 {
	switch in.Op {
	case mir.GImplicitDef, mir.GUnreachable:
		return 0
	case mir.GInlineAsm:
		return inlineAsmSize(in)
	}
	return 4
}

// InRange checks the displacement target − (pc + 4) against the branch's
// signed 16-bit (beq/bne) or 24-bit (jxx, jmp, jsub, bal) field (spec §4).
func (bi *branchInfo) InRange(in *mir.Instr, pc, target int64) bool {
	bits, ok := bi.offsetBit[in.Op]
	if !ok {
		return true
	}
	off := target - (pc + 4)
	lim := int64(1) << (bits - 1)
	return off >= -lim && off < lim
}

func (bi *branchInfo) RegEffects(in *mir.Instr) (defs, uses []mir.Reg) {
	for _, o := range in.Ops {
		switch {
		case o.IsDef():
			defs = append(defs, o.Reg)
		case o.IsUse():
			uses = append(uses, o.Reg)
		}
	}
	if !in.Op.IsGeneric() {
		defs = append(defs, bi.implDefs[in.Op]...)
		uses = append(uses, bi.implUses[in.Op]...)
	}
	return defs, uses
}

// CanFillSlot keeps PC readers and coprocessor moves in place, and moves a
// store only when it goes through $sp: any other address might be the
// memory-mapped I/O word (0xFF000000), whose accesses stay put ($fp may
// hold any pointer in functions without a frame pointer).
func (bi *branchInfo) CanFillSlot(in *mir.Instr) bool {
	if in.Op.IsGeneric() || bi.noSlot[in.Op] {
		return false
	}
	if Arch.Desc(in.Op).Flags&mir.FlagStore != 0 {
		// SynStore: uses value, base, offset.
		if len(in.Ops) < 2 || in.Ops[1].Kind != mir.KindReg {
			return false
		}
		return in.Ops[1].Reg == SP
	}
	return true
}

// machine is Cpu0's passes.Machine: the branch facts above and phi
// elimination through selected instructions (expand.go).
type machine struct{}

func (machine) BranchInfo() passes.BranchInfo { return BranchInfo }
func (machine) PhiElimHooks() passes.PhiElimHooks {
	return passes.PhiElimHooks{Materialize: materialize, Jump: jump}
}

// AtomicInfo: Cpu0 is single-core and the runtime never enables
// interrupts, so atomic-lowering makes atomics plain memory operations.
func (machine) AtomicInfo() passes.AtomicInfo { return passes.AtomicInfo{SingleCore: true} }

// SwitchInfo gives switch-lowering LLVM's defaults with jump tables on
// (the Mips backend of llc overrides none of them).
func (machine) SwitchInfo() passes.SwitchInfo { return passes.SwitchInfo{JumpTables: true} }

// IfConvInfo describes if-conversion on Cpu0 (spec §3, §5; cycle model of
// cpu0sim): there are no predicated instructions, so guarded code is
// speculated and merged with movz/movn (predicate-lowering, then
// cpu0-select; both CPUs have them). What a branch saves: the branch and
// its delay slot, and a jmp and its bubble. Division and remainder are
// never speculated: a zero divisor gives an undefined value on the
// reference model (spec §8.6) and stops cpu0sim.
func (machine) IfConvInfo(cpu string) passes.IfConvInfo {
	return passes.IfConvInfo{
		BranchCost: 2, JumpCost: 2, PredCost: 1, SelectCost: 2, MaxInstrs: 8,
		NoSpeculate: []mir.Opcode{mir.GSDiv, mir.GUDiv, mir.GSRem, mir.GURem},
	}
}

// LSRMinUses: a pointer induction variable pays on Cpu0 only when two or
// more addresses of a loop share it (their offsets fold into the loads
// and stores): it costs a register of the ten allocatable ones, its start
// value and its increment, and saves the shift and add of each address.
func (machine) LSRMinUses() int { return 2 }

func init() { passes.RegisterMachine(Arch, machine{}) }

// Statistic key of cpu0-long-branch.
const statLongBranch = "cpu0-long-branch"

// cpu0-long-branch is lbd's Cpu0LongBranch: a beq/bne whose target is beyond
// its 16-bit displacement is inverted around a 24-bit jmp (jmp is
// PC-relative, so the same sequence serves static and PIC code). It is a
// correctness pass, hence Required; a jump beyond ±8 MiB is an error.
var _ = passes.Register(&passes.Pass{
	Name:     "cpu0-long-branch",
	Needs:    mir.PropNoVRegs | mir.PropFrameLowered,
	Desc:     "expand beq/bne that cannot reach their target into b!cc + jmp",
	Required: true,
	Stats:    map[string]string{statLongBranch: "Number of long branches expanded"},
	Run: func(c *passes.Ctx, f *mir.Func) error {
		var opt passes.RelaxOptions
		if v := c.Option(OptForceLongBranch); v != "" {
			force, err := strconv.ParseBool(v)
			if err != nil {
				return fmt.Errorf("invalid value %q for -%s", v, OptForceLongBranch)
			}
			if force {
				opt.Force = func(in *mir.Instr) bool { return branches.offsetBit[in.Op] == 16 }
			}
		}
		n, err := passes.RelaxBranches(c, f, BranchInfo, opt)
		if n > 0 {
			c.Count(statLongBranch, int64(n))
		}
		return err
	},
})
