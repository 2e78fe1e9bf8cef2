// Package sim is an instruction-set simulator for Cpu0 (cpu032I and
// cpu032II) that reproduces the lbd reference hardware model (spec cpu0.md
// §3.2 and §8): 16 MiB of memory reading 0xFF where nothing was loaded,
// PC = 0, $lr = -1 and $sw = 0x1C40 at reset, executed branch delay slots,
// memory-mapped output at 0xFF000000 and termination when the PC becomes
// negative after an instruction. It adds one device the model lacks: the
// console input port InAddr (0xFF000004) and the host-call port HostAddr
// (0xFF000008) through which programs use the host's files (see
// docs/cpu0-run.md).
//
// Reproduced quirks of the model: loads and slt* write $zero (other ALU
// ops do not), sltiu zero-extends its immediate, shlv/shrv/srav use the full
// 32-bit count, rolv/rorv fold the count into -32..32 (negative counts give
// 0), jsub/jalr link past the delay slot while bal links to the next
// instruction, jmp and bal have no delay slot, add/sub set SW.V with the
// model's (wrong) overflow tests.
//
// Where the model's behaviour is undefined or merely tolerated the
// simulator stops with an error instead, so that compiler bugs surface:
// misaligned word/halfword accesses, accesses outside memory (other than
// output stores), division by zero, unknown or unsupported opcodes (the
// model prints a message and continues), fetches from invalid addresses, a
// software interrupt raised by add/sub overflow (interrupts are not
// simulated) and runaway programs (a step limit).
package sim

import (
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"

	"lltosimd/mir"
	"lltosimd/targets/cpu0"
	"lltosimd/targets/simio"
)

// MemSize is the memory size of the reference model.
const MemSize = 1 << 24

// IOAddr is the memory-mapped output port.
const IOAddr = 0xFF000000

// InAddr is the console input port, our extension of spec §8.4: a word load
// (ld) from it returns the next byte of Machine.Input (0..255), or -1
// (0xFFFFFFFF) at the end of the input. Other accesses to it fault like any
// access outside memory.
const InAddr = 0xFF000004

// ResetSW is the status word after reset (I0E, I1E, I2E and mode 001).
const ResetSW = 0x1C40

// DefaultMaxSteps bounds a run when Config.MaxSteps is 0.
const DefaultMaxSteps = 1 << 30

// Config selects the CPU variant and the byte order.
type Config struct {
	Level        cpu0.Level // 0 = cpu032II
	LittleEndian bool
	MaxSteps     uint64 // 0 = DefaultMaxSteps
}

// Machine is the architectural state of one Cpu0.
type Machine struct {
	R      [16]uint32
	HI, LO uint32
	// PC is coprocessor-0 register $pc: the address of the next fetch.
	PC, EPC uint32
	Mem     []byte
	Output  []byte // bytes written to the output port
	// Input is what ld from InAddr reads; nil is an empty input.
	Input io.Reader
	// Host serves the host-call port HostAddr (the program's files on
	// the host); nil refuses every file operation (a sandboxed run).
	Host *HostFiles

	// Statistics.
	Steps  uint64 // instructions executed
	Cycles uint64 // see the cycle model in the documentation of Run
	// Branches and Taken count the conditional branches executed and taken.
	Branches, Taken uint64

	// Trace, if set, is called before each instruction executes with its
	// address and word (registers hold the state before it).
	Trace func(m *Machine, pc, word uint32)

	cfg Config
	// exec is the executor of each opcode for this CPU variant: the
	// executors table, and execUndefined where the variant has no
	// instruction.
	exec [256]executor
	// A taken delayed transfer: the next fetch executes the delay slot, the
	// one after it goes to branchTarget.
	branchPending bool
	branchTarget  uint32
	in            io.ByteReader // Input, buffered on the first read
}

// Opcodes the simulator implements, named after isa.go's table (a unit test
// checks that they agree with it and that every table entry is handled).
const (
	opNOP   = 0x00
	opLD    = 0x01
	opST    = 0x02
	opLB    = 0x03
	opLBu   = 0x04
	opSB    = 0x05
	opLH    = 0x06
	opLHu   = 0x07
	opSH    = 0x08
	opADDiu = 0x09
	opMOVZ  = 0x0A
	opMOVN  = 0x0B
	opANDi  = 0x0C
	opORi   = 0x0D
	opXORi  = 0x0E
	opLUi   = 0x0F
	opADDu  = 0x11
	opSUBu  = 0x12
	opADD   = 0x13
	opSUB   = 0x14
	opCLZ   = 0x15
	opCLO   = 0x16
	opMUL   = 0x17
	opAND   = 0x18
	opOR    = 0x19
	opXOR   = 0x1A
	opNOR   = 0x1B
	opROL   = 0x1C
	opROR   = 0x1D
	opSHL   = 0x1E
	opSHR   = 0x1F
	opSRA   = 0x20
	opSRAV  = 0x21
	opSHLV  = 0x22
	opSHRV  = 0x23
	opROLV  = 0x24
	opRORV  = 0x25
	opSLTi  = 0x26
	opSLTiu = 0x27
	opSLT   = 0x28
	opSLTu  = 0x29
	opCMP   = 0x2A
	opCMPu  = 0x2B
	opJEQ   = 0x30
	opJNE   = 0x31
	opJLT   = 0x32
	opJGT   = 0x33
	opJLE   = 0x34
	opJGE   = 0x35
	opJMP   = 0x36
	opBEQ   = 0x37
	opBNE   = 0x38
	opJALR  = 0x39
	opBAL   = 0x3A
	opJSUB  = 0x3B
	opJR    = 0x3C
	opMULT  = 0x41
	opMULTu = 0x42
	opDIV   = 0x43
	opDIVu  = 0x44
	opMFHI  = 0x46
	opMFLO  = 0x47
	opMTHI  = 0x48
	opMTLO  = 0x49
	opMFC0  = 0x50
	opMTC0  = 0x51
	opC0MOV = 0x52
)

// SW flag bits.
const (
	swN = 1 << 0
	swZ = 1 << 1
	swV = 1 << 3
)

// New returns a machine in its reset state with empty (0xFF) memory.
func New(cfg Config) *Machine {
	if cfg.Level == 0 {
		cfg.Level = cpu0.Cpu032II
	}
	if cfg.MaxSteps == 0 {
		cfg.MaxSteps = DefaultMaxSteps
	}
	m := &Machine{cfg: cfg, Mem: make([]byte, MemSize)}
	m.Mem[0] = 0xFF
	for n := 1; n < len(m.Mem); n *= 2 {
		copy(m.Mem[n:], m.Mem[:n])
	}
	for op := range m.exec {
		m.exec[op] = execUndefined
	}
	for _, d := range cpu0.Instrs {
		if d.Flags&mir.FlagPseudo != 0 {
			continue
		}
		// The reference model executes bal in both variants (spec §3.2);
		// the cpu032I configuration lacks only slt* and beq/bne.
		if d.Level <= cfg.Level || d.Name == "BAL" {
			m.exec[d.Opcode] = executors[d.Opcode]
		}
	}
	m.Reset()
	return m
}

// Reset sets the registers to their reset values (spec §8.2); memory is kept.
func (m *Machine) Reset() {
	m.R = [16]uint32{}
	m.R[14] = 0xFFFFFFFF
	m.R[15] = ResetSW
	m.HI, m.LO, m.PC, m.EPC = 0, 0, 0, 0
	m.Steps, m.Cycles, m.Branches, m.Taken, m.Output = 0, 0, 0, 0, nil
	m.branchPending = false
}

// Load copies data into memory at addr.
func (m *Machine) Load(addr uint32, data []byte) error {
	if uint64(addr)+uint64(len(data)) > MemSize {
		return fmt.Errorf("load: %d bytes at 0x%x do not fit in memory", len(data), addr)
	}
	copy(m.Mem[addr:], data)
	return nil
}

// Error is a simulation error at an instruction.
type Error struct {
	PC   uint32 // address of the instruction
	Word uint32
	Msg  string
}

func (e *Error) Error() string {
	return fmt.Sprintf("cpu0 sim: pc 0x%08x (word 0x%08x): %s", e.PC, e.Word, e.Msg)
}

// Result summarises a finished run.
type Result struct {
	Ret             int32 // $2 at termination: main's return value
	Steps           uint64
	Cycles          uint64
	Branches, Taken uint64 // conditional branches executed and taken
}

// ModelClocks is the cycle count the reference model reports ("total cpu
// cycles"): it is not pipelined and spends 5 clocks on every instruction.
func (r Result) ModelClocks() uint64 { return 5 * r.Steps }

// WriteStats prints the counts of a run as cpu0sim and cpu0run report them
// with -stats.
func (r Result) WriteStats(w io.Writer) {
	fmt.Fprintf(w, "instructions: %d\ncycles: %d (5-stage pipeline model)\nreference-model clocks: %d\nconditional branches: %d (%d taken)\n",
		r.Steps, r.Cycles, r.ModelClocks(), r.Branches, r.Taken)
}

// Run executes from the current PC until the PC becomes negative after an
// instruction (spec §8.3), an error, or the step limit.
//
// Cycle model: an ideal 5-stage pipeline (fetch, decode, execute, memory,
// write-back) retiring one instruction per cycle after a 4-cycle fill, plus
// one stall cycle when an instruction names the register a load just wrote
// (load-use; any of its three register fields counts), and one bubble for
// each taken transfer without a delay slot (jmp, bal, mtc0 to $pc), which
// resolve in decode. Delayed branches cost nothing extra: their slot is the
// bubble.
func (m *Machine) Run() (Result, error) {
	var order binary.ByteOrder = binary.BigEndian
	if m.cfg.LittleEndian {
		order = binary.LittleEndian
	}
	le := m.cfg.LittleEndian
	mem := m.Mem
	s := &cpu{m: m, r: &m.R, mem: mem, order: order, pc: m.PC,
		pending: m.branchPending, target: m.branchTarget}
	steps := m.Steps
	maxSteps := m.cfg.MaxSteps
	var pc0, w uint32
	var errMsg string
	for {
		if steps >= maxSteps {
			pc0 = s.pc
			errMsg = fmt.Sprintf("step limit of %d instructions reached (runaway program?)", maxSteps)
			goto fault
		}
		pc0 = s.pc
		if pc0 > MemSize-4 || pc0&3 != 0 {
			w = 0
			errMsg = fmt.Sprintf("instruction fetch from invalid address 0x%08x", pc0)
			goto fault
		}
		if le {
			w = binary.LittleEndian.Uint32(mem[pc0:])
		} else {
			w = binary.BigEndian.Uint32(mem[pc0:])
		}
		if m.Trace != nil {
			m.PC = pc0
			m.Trace(m, pc0, w)
		}
		if s.pending {
			s.pc = s.target
			s.pending = false
		} else {
			s.pc = pc0 + 4
		}
		steps++
		op := w >> 24
		a, b, c := w>>20&15, w>>16&15, w>>12&15
		if s.loadReg != 0 && (a == s.loadReg || b == s.loadReg || c == s.loadReg) {
			s.stalls++
		}
		s.loadReg = 0
		if errMsg = m.exec[op](s, op, a, b, c, w); errMsg != "" {
			goto fault
		}
		if condBranch[op] {
			s.branches++
			if s.pending {
				s.taken++
			}
		}
		if int32(s.pc) < 0 {
			break
		}
	}
	m.PC, m.Steps, m.branchPending, m.branchTarget = s.pc, steps, s.pending, s.target
	m.Cycles += steps + s.stalls + 4
	m.Branches += s.branches
	m.Taken += s.taken
	return Result{Ret: int32(m.R[2]), Steps: steps, Cycles: m.Cycles, Branches: m.Branches, Taken: m.Taken}, nil
fault:
	m.PC, m.Steps, m.branchPending, m.branchTarget = s.pc, steps, s.pending, s.target
	m.Cycles += steps + s.stalls
	m.Branches += s.branches
	m.Taken += s.taken
	return Result{Ret: int32(m.R[2]), Steps: steps, Cycles: m.Cycles, Branches: m.Branches, Taken: m.Taken}, &Error{PC: pc0, Word: w, Msg: errMsg}
}

func b2u(t bool) uint32 {
	if t {
		return 1
	}
	return 0
}

// imm24 returns the sign-extended 24-bit field of a J-format word.
func imm24(w uint32) uint32 { return uint32(int32(w<<8) >> 8) }

// rotv is the model's variable rotate: the count is folded into -32..32 by
// steps of 32, and a negative count yields 0 (both Verilog shifts then see
// an unsigned count >= 32).
func rotv(x uint32, n int32, left bool) uint32 {
	if n > 32 {
		n = (n-1)%32 + 1
	}
	if n < 0 {
		return 0
	}
	if left {
		return bits.RotateLeft32(x, int(n))
	}
	return bits.RotateLeft32(x, -int(n))
}

// overflow reproduces the model's add/sub overflow handling: V is set or
// cleared; when set, the software-interrupt flags I0 and I are raised. It
// reports whether the model would now take the interrupt (IE and I0E set),
// which the simulator does not model.
func (m *Machine) overflow(v bool) bool {
	const ie, i0e = 1 << 9, 1 << 10
	if !v {
		m.R[15] &^= swV
		return false
	}
	m.R[15] |= swV | 1<<14 | 1<<13
	return m.R[15]&ie != 0 && m.R[15]&i0e != 0
}

// outWord is st to the output port (spec §8.4): up to four characters from
// the least significant byte (big-endian configuration) or the most
// significant one (little-endian), nothing if the first is NUL, later NULs
// skipped.
func (m *Machine) outWord(v uint32) {
	if m.cfg.LittleEndian {
		v = bits.ReverseBytes32(v)
	}
	if byte(v) == 0 {
		return
	}
	for i := 0; i < 4; i++ {
		if c := byte(v >> (8 * i)); c != 0 {
			m.Output = append(m.Output, c)
		}
	}
}

// readInput returns the next input byte, or simio.EOF.
func (m *Machine) readInput() uint32 { return simio.NextByte(m.Input, &m.in) }

// opNames names the table's opcodes for error messages.
var opNames [0x63]string

func init() {
	for _, d := range cpu0.Instrs {
		if d.Flags&mir.FlagPseudo == 0 && opNames[d.Opcode] == "" {
			opNames[d.Opcode] = d.Mnem
		}
	}
}
