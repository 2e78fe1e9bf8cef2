package sim

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"lltosimd/mir"
	"lltosimd/targets/cpu0"
)

// cpu is what an executor sees of a run: the machine plus the run loop's
// state that Run keeps outside Machine between instructions.
type cpu struct {
	m     *Machine
	r     *[16]uint32
	mem   []byte
	order binary.ByteOrder
	// pc is the address of the next fetch (the instruction's address + 4,
	// or the target of a transfer whose delay slot this instruction is).
	pc uint32
	// A taken delayed transfer: the next fetch executes the delay slot, the
	// one after it goes to target.
	pending bool
	target  uint32
	stalls  uint64 // cycles lost beyond one per instruction (see Run)
	// Conditional branches executed and taken.
	branches, taken uint64
	loadReg         uint32 // destination of this instruction if it is a load, else 0
}

// An executor runs one instruction: op is its opcode, a, b and c its
// register fields and w the whole word. It returns "" or the message of a
// fault.
type executor func(s *cpu, op, a, b, c, w uint32) string

// execBySyntax gives the executor of each operand syntax of the ISA table:
// the syntax groups instructions by format and kind, so that every
// instruction the table gains gets an executor (or TestEveryOpHasExecutor
// fails), and each executor switches only over its group's opcodes.
var execBySyntax = map[cpu0.Syntax]executor{
	cpu0.SynNone:   execNop,
	cpu0.SynLoad:   execLoad,
	cpu0.SynStore:  execStore,
	cpu0.SynRRI:    execALUImm,
	cpu0.SynLui:    execALUImm,
	cpu0.SynRRR:    execALUReg,
	cpu0.SynRRSh:   execALUReg,
	cpu0.SynRR:     execALUReg,
	cpu0.SynMovCC:  execALUReg,
	cpu0.SynCmp:    execCompare,
	cpu0.SynJcc:    execJcc,
	cpu0.SynJump:   execJump,
	cpu0.SynBr:     execJump,
	cpu0.SynRet:    execJump,
	cpu0.SynJalr:   execJump,
	cpu0.SynMulDiv: execHiLo,
	cpu0.SynMfHiLo: execHiLo,
	cpu0.SynMtHiLo: execHiLo,
	cpu0.SynMfc0:   execCop0,
	cpu0.SynMtc0:   execCop0,
	cpu0.SynC0Mov:  execCop0,
}

// executors is the dispatch table by opcode, built from the ISA table;
// opcodes outside it are nil.
var executors [256]executor

func init() {
	for _, d := range cpu0.Instrs {
		if d.Flags&mir.FlagPseudo != 0 {
			continue
		}
		e := execBySyntax[d.Syn]
		if e == nil {
			e = execMissing
		}
		executors[d.Opcode] = e
		condBranch[d.Opcode] = d.Syn == cpu0.SynJcc || d.Syn == cpu0.SynBr
	}
}

// condBranch marks the conditional branches (jeq…jge, beq, bne), which
// -stats counts.
var condBranch [256]bool

// execMissing faults on an opcode of the ISA table without an executor.
func execMissing(s *cpu, op, a, b, c, w uint32) string {
	return fmt.Sprintf("opcode 0x%02x is in the ISA table but not implemented", op)
}

// execUndefined faults on an opcode the CPU variant does not execute.
func execUndefined(s *cpu, op, a, b, c, w uint32) string {
	if op <= 0x62 && opNames[op] != "" {
		return fmt.Sprintf("undefined opcode 0x%02x (%s) for this CPU (cpu032I)", op, opNames[op])
	}
	return fmt.Sprintf("unknown opcode 0x%02x", op)
}

// imm16 returns the sign-extended 16-bit field of an L-format word.
func imm16(w uint32) uint32 { return uint32(int32(int16(w))) }

// set writes an ALU result: $zero stays 0 (loads and slt* bypass this).
func (s *cpu) set(a, v uint32) {
	if a != 0 {
		s.r[a] = v
	}
}

func execNop(s *cpu, op, a, b, c, w uint32) string { return "" }

// execLoad runs ld, lb, lbu, lh and lhu.
func execLoad(s *cpu, op, a, b, c, w uint32) string {
	r := s.r
	addr := r[b] + imm16(w)
	size := uint32(4)
	switch op {
	case opLB, opLBu:
		size = 1
	case opLH, opLHu:
		size = 2
	}
	if addr == InAddr && op == opLD {
		r[a] = s.m.readInput()
		s.loadReg = a
		return ""
	}
	if addr > MemSize-4 {
		return fmt.Sprintf("load from 0x%08x outside memory", addr)
	}
	if addr&(size-1) != 0 {
		return fmt.Sprintf("misaligned %d-byte load from 0x%08x", size, addr)
	}
	mem := s.mem
	var v uint32
	switch op {
	case opLD:
		v = s.order.Uint32(mem[addr:])
	case opLB:
		v = uint32(int32(int8(mem[addr])))
	case opLBu:
		v = uint32(mem[addr])
	case opLH:
		v = uint32(int32(int16(s.order.Uint16(mem[addr:]))))
	case opLHu:
		v = uint32(s.order.Uint16(mem[addr:]))
	default:
		return execMissing(s, op, a, b, c, w)
	}
	// Loads write the register without the $zero guard (spec §8.5).
	r[a] = v
	s.loadReg = a
	return ""
}

// execStore runs st, sb and sh.
func execStore(s *cpu, op, a, b, c, w uint32) string {
	r := s.r
	addr := r[b] + imm16(w)
	if addr == IOAddr && op != opSH {
		if op == opSB {
			s.m.Output = append(s.m.Output, byte(r[a]))
		} else {
			s.m.outWord(r[a])
		}
		return ""
	}
	if addr == HostAddr && op == opST {
		return s.m.hostCall(s, r[a])
	}
	size := uint32(4)
	switch op {
	case opSB:
		size = 1
	case opSH:
		size = 2
	}
	if addr > MemSize-4 {
		return fmt.Sprintf("store to 0x%08x outside memory", addr)
	}
	if addr&(size-1) != 0 {
		return fmt.Sprintf("misaligned %d-byte store to 0x%08x", size, addr)
	}
	switch op {
	case opST:
		s.order.PutUint32(s.mem[addr:], r[a])
	case opSB:
		s.mem[addr] = byte(r[a])
	case opSH:
		s.order.PutUint16(s.mem[addr:], uint16(r[a]))
	default:
		return execMissing(s, op, a, b, c, w)
	}
	return ""
}

// execALUImm runs the L-format ALU operations: addiu, andi, ori, xori, lui,
// slti and sltiu.
func execALUImm(s *cpu, op, a, b, c, w uint32) string {
	r := s.r
	var res uint32
	switch op {
	case opADDiu:
		res = r[b] + imm16(w)
	case opANDi:
		res = r[b] & (w & 0xffff)
	case opORi:
		res = r[b] | (w & 0xffff)
	case opXORi:
		res = r[b] ^ (w & 0xffff)
	case opLUi:
		res = w << 16
	case opSLTi:
		// slt* write without the $zero guard (spec §8.5).
		r[a] = b2u(int32(r[b]) < int32(imm16(w)))
		return ""
	case opSLTiu:
		r[a] = b2u(r[b] < w&0xffff) // the model zero-extends (spec §8.5)
		return ""
	default:
		return execMissing(s, op, a, b, c, w)
	}
	s.set(a, res)
	return ""
}

// execALUReg runs the A-format ALU operations: register-register
// arithmetic and logic, shifts and rotates, clz/clo, movz/movn, slt and
// sltu.
func execALUReg(s *cpu, op, a, b, c, w uint32) string {
	r := s.r
	var res uint32
	switch op {
	case opMOVZ:
		if r[c] != 0 {
			return ""
		}
		res = r[b]
	case opMOVN:
		if r[c] == 0 {
			return ""
		}
		res = r[b]
	case opADDu:
		res = r[b] + r[c]
	case opSUBu:
		res = r[b] - r[c]
	case opADD:
		// The model's overflow test compares the register index a with
		// Rb, unsigned (spec §8.6); reproduce it, including the flags.
		res = r[b] + r[c]
		if s.m.overflow(a < r[b]) {
			return "add overflow raised a software interrupt (not simulated)"
		}
	case opSUB:
		res = r[b] - r[c]
		if s.m.overflow(int32(r[b]) < 0 && int32(r[c]) > 0) {
			return "sub overflow raised a software interrupt (not simulated)"
		}
	case opCLZ:
		res = uint32(bits.LeadingZeros32(r[b]))
	case opCLO:
		res = uint32(bits.LeadingZeros32(^r[b]))
	case opMUL:
		res = r[b] * r[c]
	case opAND:
		res = r[b] & r[c]
	case opOR:
		res = r[b] | r[c]
	case opXOR:
		res = r[b] ^ r[c]
	case opNOR:
		res = ^(r[b] | r[c])
	case opROL:
		res = bits.RotateLeft32(r[b], int(w&31))
	case opROR:
		res = bits.RotateLeft32(r[b], -int(w&31))
	case opSHL:
		res = r[b] << (w & 31)
	case opSHR:
		res = r[b] >> (w & 31)
	case opSRA:
		res = uint32(int32(r[b]) >> (w & 31))
	case opSRAV:
		res = uint32(int32(r[b]) >> min(r[c], 31)) // full 32-bit count
	case opSHLV:
		res = r[b] << r[c] // Go yields 0 for counts >= 32, like the model
	case opSHRV:
		res = r[b] >> r[c]
	case opROLV:
		res = rotv(r[b], int32(r[c]), true)
	case opRORV:
		res = rotv(r[b], int32(r[c]), false)
	case opSLT:
		// slt* write without the $zero guard (spec §8.5).
		r[a] = b2u(int32(r[b]) < int32(r[c]))
		return ""
	case opSLTu:
		r[a] = b2u(r[b] < r[c])
		return ""
	default:
		return execMissing(s, op, a, b, c, w)
	}
	s.set(a, res)
	return ""
}

// execCompare runs cmp and cmpu: they set SW.N and SW.Z.
func execCompare(s *cpu, op, a, b, c, w uint32) string {
	r := s.r
	var lt bool
	switch op {
	case opCMP:
		lt = int32(r[b]) < int32(r[c])
	case opCMPu:
		lt = r[b] < r[c]
	default:
		return execMissing(s, op, a, b, c, w)
	}
	sw := r[15] &^ (swN | swZ)
	if lt {
		sw |= swN
	}
	if r[b] == r[c] {
		sw |= swZ
	}
	r[15] = sw
	return ""
}

// execJcc runs the conditional jumps on SW (jeq ... jge), which have a
// delay slot.
func execJcc(s *cpu, op, a, b, c, w uint32) string {
	sw := s.r[15]
	n, z := sw&swN != 0, sw&swZ != 0
	var t bool
	switch op {
	case opJEQ:
		t = z
	case opJNE:
		t = !z
	case opJLT:
		t = n
	case opJGT:
		t = !n && !z
	case opJLE:
		t = n || z
	case opJGE:
		t = !n || z
	default:
		return execMissing(s, op, a, b, c, w)
	}
	if t {
		s.pending, s.target = true, s.pc+imm24(w)
	}
	return ""
}

// execJump runs the other transfers: jmp and bal (no delay slot, one
// bubble), beq/bne, jsub, jalr and jr/ret (delayed).
func execJump(s *cpu, op, a, b, c, w uint32) string {
	r := s.r
	switch op {
	case opJMP:
		s.pc += imm24(w)
		s.stalls++
	case opBEQ:
		if r[a] == r[b] {
			s.pending, s.target = true, s.pc+imm16(w)
		}
	case opBNE:
		if r[a] != r[b] {
			s.pending, s.target = true, s.pc+imm16(w)
		}
	case opJALR:
		t := r[b]
		if a != 0 {
			r[a] = s.pc + 4 // after the delay slot
		}
		s.pending, s.target = true, t
	case opBAL:
		r[14] = s.pc
		s.pc += imm24(w)
		s.stalls++
	case opJSUB:
		r[14] = s.pc + 4
		s.pending, s.target = true, s.pc+imm24(w)
	case opJR:
		s.pending, s.target = true, r[a]
	default:
		return execMissing(s, op, a, b, c, w)
	}
	return ""
}

// execHiLo runs mult, multu, div, divu and the HI/LO moves.
func execHiLo(s *cpu, op, a, b, c, w uint32) string {
	r, m := s.r, s.m
	switch op {
	case opMULT:
		p := int64(int32(r[a])) * int64(int32(r[b]))
		m.HI, m.LO = uint32(uint64(p)>>32), uint32(p)
	case opMULTu:
		p := uint64(r[a]) * uint64(r[b])
		m.HI, m.LO = uint32(p>>32), uint32(p)
	case opDIV:
		if r[b] == 0 {
			return "division by zero"
		}
		x, y := int32(r[a]), int32(r[b])
		m.HI, m.LO = uint32(x%y), uint32(x/y)
		if x < 0 && y < 0 || x == 0 {
			r[15] |= swV
		} else {
			r[15] &^= swV
		}
	case opDIVu:
		if r[b] == 0 {
			return "division by zero"
		}
		m.HI, m.LO = r[a]%r[b], r[a]/r[b]
	case opMFHI:
		s.set(a, m.HI)
	case opMFLO:
		s.set(a, m.LO)
	case opMTHI:
		m.HI = r[a]
	case opMTLO:
		m.LO = r[a]
	default:
		return execMissing(s, op, a, b, c, w)
	}
	return ""
}

// execCop0 runs mfc0, mtc0 and c0mov (coprocessor-0 registers $pc and
// $epc); a write to $pc is a transfer without a delay slot.
func execCop0(s *cpu, op, a, b, c, w uint32) string {
	var v uint32
	switch op {
	case opMFC0:
		switch b {
		case 0:
			s.set(a, s.pc)
		case 1:
			s.set(a, s.m.EPC)
		default:
			return fmt.Sprintf("mfc0 from nonexistent coprocessor-0 register %d", b)
		}
		return ""
	case opMTC0:
		v = s.r[b]
	case opC0MOV:
		switch b {
		case 0:
			v = s.pc
		case 1:
			v = s.m.EPC
		default:
			return fmt.Sprintf("c0mov from nonexistent coprocessor-0 register %d", b)
		}
	default:
		return execMissing(s, op, a, b, c, w)
	}
	switch a {
	case 0:
		s.pc = v
		s.stalls++
	case 1:
		s.m.EPC = v
	default:
		return fmt.Sprintf("write to nonexistent coprocessor-0 register %d", a)
	}
	return ""
}
