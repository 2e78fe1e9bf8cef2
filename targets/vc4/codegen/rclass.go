package codegen

import (
	"fmt"

	"lltosimd/mir"
	"lltosimd/targets/vc4"
)

// Register classes and read ports of the machine form, as data for the
// shared allocator (passes/regalloc; docs/regalloc.md "Register banks").
// VC4's own allocator (vc4-regalloc, regalloc.go) does not read them
// yet: they describe what passes/regalloc needs to allocate VC4
// (docs/vc4.md "Porting status").
//
//   - Class gpr allocates the register files A and B interleaved (ra0,
//     rb0, ra1, rb1, …: the files fill evenly, as vc4-regalloc balances
//     them), without address 14 (off limits around the thread end, spec
//     §6.6), then the accumulators r0–r2 (r3 is the execute mask, r4 the
//     TMU/SFU result, r5 written only by replication). The accumulators
//     are Reserved registers: the allocator gives them out only where
//     the target frees them (passes.FreeRegs).
//   - Read ports (spec §4.1): one A read and one B read per instruction,
//     a small immediate in the B read field. Every register readable at
//     an A (B) read address is read through the A (B) port: the regfiles
//     and the I/O registers of vc4.ReadRegs (unif, vpm and mutex through
//     either; elem_num only A, qpu_num only B); the accumulators take no
//     port.

// regFileBanks are the banks of mir.Arch.ReadPorts: bit s is address
// space s (vc4.SpaceA, vc4.SpaceB).
var regFileBanks = []string{"A", "B"}

func init() { addRegClasses(Arch) }

// addRegClasses sets the read ports of a, the banks of its registers
// and the allocation order of class gpr.
func addRegClasses(a *mir.Arch) {
	for s := vc4.SpaceA; s <= vc4.SpaceB; s++ {
		for addr := 0; addr < vc4.NumRegAddrs; addr++ {
			if n := vc4.ReadRegs[s][addr].Name; n != "" && n != "-" {
				r, ok := regByName[n]
				if !ok {
					panic("vc4: no machine register for read address " + n)
				}
				a.Regs[r].Banks |= mir.BankMask(1) << s
			}
		}
	}
	a.ReadPorts = &mir.ReadPorts{Banks: regFileBanks, Imm: mir.BankMask(1) << vc4.SpaceB}
	var order []mir.Reg
	for i := 0; i < 32; i++ {
		if i == 14 {
			continue
		}
		order = append(order, regByName[fmt.Sprintf("ra%d", i)], regByName[fmt.Sprintf("rb%d", i)])
	}
	for i := 0; i < 3; i++ {
		order = append(order, regByName[fmt.Sprintf("r%d", i)])
	}
	a.Classes[0].Alloc = order
}

// Hooks of the shared allocator's target code (passes.RegCopier,
// passes.ImmStager): a copy is a mov on the add pipe; an immediate an
// instruction cannot read on the B port beside its other reads (a
// second small immediate, or a file-B register) is loaded by ldi into a
// free register that reads through another port or none. The value is
// the same: a small immediate stands for its 32-bit value (spec §4.3),
// which ldi loads as such.

// CopyReg is V4_MOV dst, src.
func (machine) CopyReg(f *mir.Func, dst, src mir.Reg) *mir.Instr {
	return mir.NewInstr(aluByAsm[[2]string{"mov", ""}], mir.D(dst), mir.R(src))
}

// ImmClass allows the immediates of the ALU ops (add and mul pipe,
// V4_MOV_M included) to become a register of gpr; not the lane count of
// V4_ROT_M nor the word of V4_LDI, which are fields of their own.
func (machine) ImmClass(f *mir.Func, in *mir.Instr, op int) (int, bool) {
	q, ok := qpuByOp[in.Op]
	return 0, (ok && !q.ldi || in.Op == opMovM) && in.Op != opRotM
}

// LoadImm is V4_LDI t, imm.
func (machine) LoadImm(f *mir.Func, t mir.Reg, imm int64) *mir.Instr {
	return mir.NewInstr(aluByAsm[[2]string{"ldi", ""}], mir.D(t), mir.I(imm))
}

// StagingRegs are the accumulators r0–r2 (passes.StagingRegs): reserved
// for the allocator's values, they stage a read for the next instruction
// where the lowered code does not use them, as vc4-regalloc stages
// through an accumulator; they take no read port.
func (machine) StagingRegs(f *mir.Func) []mir.Reg {
	return []mir.Reg{regByName["r0"], regByName["r1"], regByName["r2"]}
}
