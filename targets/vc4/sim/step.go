package sim

import (
	"fmt"

	"lltosimd/targets/vc4"
)

// execState is what an executor shares with step: the instruction's
// address, whether it is in the thread-end sequence, and the registers it
// wrote (the next instruction's hazard checks read them).
type execState struct {
	pc     int
	ending bool
	wA, wB uint32 // regfile A and B registers written (bit per address)
	wAcc   uint8  // accumulators written
}

// An executor runs one instruction of its format after step's stall
// checks: it returns the lanes it was active in (the utilisation
// statistic) or the reason the instruction is rejected.
type executor func(m *Machine, q *QPU, in *vc4.Instr, x *execState) (active uint16, reason string)

// executors gives the executor of each instruction format (the sig field
// of the encoding, spec §3: ALU with its signals, load immediate,
// semaphore, branch), as the Cpu0 simulator dispatches by the syntax of
// its ISA table.
var executors = [...]executor{
	vc4.KindALU:       execALUInstr,
	vc4.KindLoadImm:   execLoadImm,
	vc4.KindSemaphore: execLoadImm,
	vc4.KindBranch:    execBranch,
}

// execALUInstr runs an ALU instruction (exec.go).
func execALUInstr(m *Machine, q *QPU, in *vc4.Instr, x *execState) (uint16, string) {
	return m.execALU(q, in, x.ending, &x.wA, &x.wB, &x.wAcc)
}

// execBranch runs a branch: its spacing and flag checks, the condition
// over all or any lane, the link writes, and the target taking effect
// after three delay slots (spec §6.4).
func execBranch(m *Machine, q *QPU, in *vc4.Instr, x *execState) (uint16, string) {
	pc := x.pc
	if s := q.icount - q.branchAt; s < 3 {
		return 0, fmt.Sprintf("branch %d instructions after the previous branch: at least 3 apart, never in the 1st or 2nd delay slot (spec §6.4, §7.14 V10)", s)
	}
	if x.ending {
		return 0, "branch in the thread-end delay slots"
	}
	if in.Reg && q.prevWA>>in.RaddrA&1 != 0 {
		return 0, fmt.Sprintf("reads ra%d written by the previous instruction (spec §4.2, §7.1 V20)", in.RaddrA)
	}
	def := vc4.BranchConds[in.CondBr]
	taken := true
	if !def.Always {
		if q.fdef != allLanes {
			return 0, fmt.Sprintf("branch tests flags that were never set in lanes %016b (spec §6.1)", ^q.fdef)
		}
		f := [3]uint16{q.Z, q.N, q.C}[def.Flag]
		if !def.Set {
			f = ^f
		}
		if def.All {
			taken = f == allLanes
		} else {
			taken = f != 0
		}
	}
	q.branchAt = q.icount
	m.Stats.Branches++
	if !taken {
		return allLanes, ""
	}
	target := int64(int32(in.Imm))
	if in.Rel {
		target += int64(pc+4) * 8
	}
	if in.Reg {
		target += int64(int32(q.RA[in.RaddrA][15])) // ADD: lane 15
	}
	if target&7 != 0 || target < 0 || target >= int64(len(m.prog))*8 {
		return 0, fmt.Sprintf("branch target 0x%x outside the program or unaligned", target)
	}
	m.Stats.BranchesTaken++
	link := uint32(pc+4) * 8
	var lv Vec
	for i := range lv {
		lv[i] = link
	}
	for _, d := range [2]struct {
		sp   vc4.Space
		addr uint8
	}{{in.AddWriteSpace(), in.WaddrAdd}, {in.MulWriteSpace(), in.WaddrMul}} {
		if d.addr == vc4.AddrNop {
			continue
		}
		if msg := m.writeReg(q, d.sp, d.addr, &lv, allLanes, &x.wA, &x.wB, &x.wAcc); msg != "" {
			return 0, msg
		}
	}
	q.pending[q.npending] = pendingBranch{int(target / 8), 4}
	q.npending++
	return allLanes, ""
}

// execLoadImm runs a load immediate or a semaphore instruction (which
// writes its immediate like a 32-bit load immediate, then counts the
// semaphore; step has already stalled it while it cannot proceed).
func execLoadImm(m *Machine, q *QPU, in *vc4.Instr, x *execState) (uint16, string) {
	ma, mm := q.condMask(in.CondAdd), q.condMask(in.CondMul)
	if (in.CondAdd.IsPredicated() || in.CondMul.IsPredicated()) && q.fdef != allLanes {
		return 0, fmt.Sprintf("condition tests flags that were never set in lanes %016b (spec §6.1)", ^q.fdef)
	}
	if x.ending {
		if msg := endingWrites(q, in); msg != "" {
			return 0, msg
		}
	}
	var v Vec
	mode := in.LdiMode
	if in.Kind == vc4.KindSemaphore {
		mode = vc4.LdiWord
	}
	for i := range v {
		v[i] = vc4.LoadImmLane(mode, in.Imm, i)
	}
	active := activeLanes(in.CondAdd, ma, in.CondMul, mm)
	if msg := m.writeBoth(q, in, &v, &v, ma, mm, false, false, &x.wA, &x.wB, &x.wAcc); msg != "" {
		return 0, msg
	}
	if in.SF {
		mask := ma
		if in.CondAdd == vc4.CondNever {
			mask = mm
		}
		q.setFlags(&v, 0, mask)
	}
	if in.Kind == vc4.KindSemaphore {
		if in.SemaAcquire() {
			m.sem[in.SemaNum()]--
		} else {
			m.sem[in.SemaNum()]++
		}
	}
	return active, ""
}
