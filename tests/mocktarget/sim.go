package mocktarget

import (
	"encoding/binary"
	"fmt"

	"lltosimd/mir"
)

// memSize is the toy machine's memory; the stack starts at its top.
const memSize = 1 << 20

// retToHost is the link register value that returns to the caller of Run.
const retToHost = 0xFFFFFFFF

// Sim runs compiled toy code: the final MIR of a module, executed one
// packet at a time (a lone instruction is a packet of one) with the
// semantics of the op table's Doc lines. Every member of a packet reads
// registers and memory as they were at the start of the packet; register
// writes and stores are committed at its end, and then the control
// member, last, transfers control. A packet that breaks the toy's
// resource rules or writes a register twice is an error.
type Sim struct {
	mod   *mir.Module
	funcs map[string]*mir.Func
	regs  [A1 + 1]uint32
	mem   []byte
	// sites are return addresses: the link register holds an index.
	sites []site
	// Steps counts instructions, Packets issue groups, and Cycles the
	// cycles of the interlocked pipeline: a packet issues one cycle after
	// the previous one, or later when a register it reads is not ready
	// (latencies of VLIWInfo).
	Steps, Packets, Cycles int
	ready                  [A1 + 1]int // cycle at which each register's value is ready
}

type site struct {
	f    *mir.Func
	b, i int
}

// NewSim prepares a machine for a compiled module.
func NewSim(mod *mir.Module) *Sim {
	s := &Sim{mod: mod, funcs: map[string]*mir.Func{}, mem: make([]byte, memSize)}
	for _, f := range mod.Funcs {
		s.funcs[f.Name] = f
	}
	return s
}

// Call runs function name with up to two word arguments and returns r0.
// Registers the callee must preserve are checked.
func (s *Sim) Call(name string, args ...uint32) (uint32, error) {
	f := s.funcs[name]
	if f == nil {
		return 0, fmt.Errorf("toy sim: no function %s", name)
	}
	for i, a := range args {
		s.regs[argRegs[i]] = a
	}
	s.regs[SP] = memSize
	s.regs[LR] = retToHost
	s.regs[R4], s.regs[R5] = 0x4444, 0x5555
	if err := s.run(site{f, 0, 0}); err != nil {
		return 0, err
	}
	if s.regs[SP] != memSize || s.regs[R4] != 0x4444 || s.regs[R5] != 0x5555 {
		return 0, fmt.Errorf("toy sim: %s did not preserve $sp, $r4 or $r5", name)
	}
	return s.regs[R0], nil
}

func (s *Sim) addr(base mir.Operand, off mir.Operand, size uint32) (uint32, error) {
	a := s.regs[base.Reg] + uint32(off.Imm)
	if a%size != 0 || a+size > memSize {
		return 0, fmt.Errorf("toy sim: bad %d-byte access at %#x", size, a)
	}
	return a, nil
}

// pending holds a packet's effects until its end.
type pending struct {
	regs   []regWrite
	stores []store
	next   *site // where the control member goes, if it transfers
	exit   bool  // the control member returns to the host
}

type regWrite struct {
	r mir.Reg
	v uint32
}

type store struct{ a, size, v uint32 }

func (s *Sim) run(pc site) error {
	const maxSteps = 50_000_000
	for {
		b := pc.f.Blocks[pc.b]
		if pc.i >= len(b.Instrs) {
			if pc.b+1 >= len(pc.f.Blocks) {
				return fmt.Errorf("toy sim: %s runs off its end", pc.f.Name)
			}
			pc = site{pc.f, pc.b + 1, 0}
			continue
		}
		in := b.Instrs[pc.i]
		pc.i++
		ms := in.Flatten()
		if len(ms) > 1 {
			if !in.Packet {
				return fmt.Errorf("toy sim: delay-slot bundle in %s: the toy has no delay slots", pc.f.Name)
			}
			if err := (vliwInfo{}).CheckPacket(pc.f, ms); err != nil {
				return fmt.Errorf("toy sim: %s: %v", pc.f.Name, err)
			}
		}
		if s.Steps += len(ms); s.Steps > maxSteps {
			return fmt.Errorf("toy sim: step limit")
		}
		s.Packets++
		s.issue(ms)
		var p pending
		for _, m := range ms {
			if err := s.exec(m, pc, &p); err != nil {
				return err
			}
		}
		written := map[mir.Reg]bool{}
		for _, w := range p.regs {
			if written[w.r] {
				return fmt.Errorf("toy sim: %s: a packet writes $%s twice", pc.f.Name, Arch.RegName(w.r))
			}
			written[w.r] = true
			s.regs[w.r] = w.v
		}
		for _, st := range p.stores {
			switch st.size {
			case 4:
				binary.LittleEndian.PutUint32(s.mem[st.a:], st.v)
			case 2:
				binary.LittleEndian.PutUint16(s.mem[st.a:], uint16(st.v))
			default:
				s.mem[st.a] = byte(st.v)
			}
		}
		if p.exit {
			return nil
		}
		if p.next != nil {
			pc = *p.next
		}
	}
}

// issue advances the cycle count for a packet: it waits for the registers
// its members read, and its results become ready after their latencies.
func (s *Sim) issue(ms []*mir.Instr) {
	at := s.Cycles + 1
	for _, m := range ms {
		_, uses := vliwInfo{}.RegEffects(nil, m)
		for _, r := range uses {
			if int(r) < len(s.ready) {
				at = max(at, s.ready[r])
			}
		}
	}
	for _, m := range ms {
		defs, _ := vliwInfo{}.RegEffects(nil, m)
		for _, r := range defs {
			if int(r) < len(s.ready) {
				s.ready[r] = at + vliwInfo{}.Latency(nil, m, r)
			}
		}
	}
	s.Cycles = at
}

// exec performs one instruction of a packet issued at pc (the site after
// the packet): reads now, writes into p.
func (s *Sim) exec(in *mir.Instr, pc site, p *pending) error {
	name := Arch.OpName(in.Op)
	r := func(k int) uint32 {
		if in.Ops[k].Kind == mir.KindImm {
			return uint32(in.Ops[k].Imm)
		}
		return s.regs[in.Ops[k].Reg]
	}
	set := func(v uint32) { p.regs = append(p.regs, regWrite{in.Ops[0].Reg, v}) }
	jump := func(to *mir.Block) {
		for k, bb := range pc.f.Blocks {
			if bb == to {
				p.next = &site{pc.f, k, 0}
			}
		}
	}
	switch name {
	case "LI", "MOV", "MFA":
		set(r(1))
	case "ADD", "ADDI":
		set(r(1) + r(2))
	case "SUB":
		set(r(1) - r(2))
	case "AND":
		set(r(1) & r(2))
	case "OR":
		set(r(1) | r(2))
	case "XOR", "XORI":
		set(r(1) ^ r(2))
	case "SHL":
		set(r(1) << (r(2) & 31))
	case "SHR":
		set(r(1) >> (r(2) & 31))
	case "SAR":
		set(uint32(int32(r(1)) >> (r(2) & 31)))
	case "MULA":
		set(r(1) * r(2))
	case "MULHUA":
		set(uint32(uint64(r(1)) * uint64(r(2)) >> 32))
	case "MULHSA":
		set(uint32(uint64(int64(int32(r(1)))*int64(int32(r(2)))) >> 32))
	case "DIV", "DIVU", "REM", "REMU":
		a, d := r(1), r(2)
		if d == 0 {
			return fmt.Errorf("toy sim: division by zero in %s", pc.f.Name)
		}
		switch name {
		case "DIV":
			set(uint32(int32(a) / int32(d)))
		case "DIVU":
			set(a / d)
		case "REM":
			set(uint32(int32(a) % int32(d)))
		default:
			set(a % d)
		}
	case "SEQ", "SLT", "SLTU":
		a, c := r(1), r(2)
		v := map[string]bool{"SEQ": a == c, "SLT": int32(a) < int32(c), "SLTU": a < c}[name]
		set(map[bool]uint32{true: 1}[v])
	case "SEL":
		if r(1) != 0 {
			set(r(2))
		} else {
			set(r(3))
		}
	case "LDW", "LDH", "LDHU", "LDB", "LDBU":
		size := map[string]uint32{"LDW": 4, "LDH": 2, "LDHU": 2, "LDB": 1, "LDBU": 1}[name]
		a, err := s.addr(in.Ops[1], in.Ops[2], size)
		if err != nil {
			return err
		}
		switch name {
		case "LDW":
			set(binary.LittleEndian.Uint32(s.mem[a:]))
		case "LDH":
			set(uint32(int16(binary.LittleEndian.Uint16(s.mem[a:]))))
		case "LDHU":
			set(uint32(binary.LittleEndian.Uint16(s.mem[a:])))
		case "LDB":
			set(uint32(int8(s.mem[a])))
		default:
			set(uint32(s.mem[a]))
		}
	case "STW", "STH", "STB":
		size := map[string]uint32{"STW": 4, "STH": 2, "STB": 1}[name]
		a, err := s.addr(in.Ops[1], in.Ops[2], size)
		if err != nil {
			return err
		}
		p.stores = append(p.stores, store{a, size, r(0)})
	case "JMP":
		jump(in.Ops[0].Block)
	case "BNZ", "BZ":
		if (r(0) != 0) == (name == "BNZ") {
			jump(in.Ops[1].Block)
		}
	case "JT":
		jt := pc.f.JumpTables[in.Ops[1].Imm]
		if int(r(0)) >= len(jt) {
			return fmt.Errorf("toy sim: jump-table index %d out of range in %s", r(0), pc.f.Name)
		}
		jump(jt[r(0)])
	case "CALL":
		callee := s.funcs[in.Ops[0].Sym]
		if callee == nil {
			return fmt.Errorf("toy sim: call to undefined %s", in.Ops[0].Sym)
		}
		s.sites = append(s.sites, pc)
		p.regs = append(p.regs, regWrite{LR, uint32(len(s.sites) - 1)})
		p.next = &site{callee, 0, 0}
	case "RET":
		if s.regs[LR] == retToHost {
			p.exit = true
			return nil
		}
		if int(s.regs[LR]) >= len(s.sites) {
			return fmt.Errorf("toy sim: %s returns through a clobbered $lr", pc.f.Name)
		}
		lr := s.regs[LR]
		ret := s.sites[lr]
		p.next = &ret
		s.sites = s.sites[:lr] // calls return in LIFO order
	case "NOP":
	case "TRAP":
		return fmt.Errorf("toy sim: trap in %s", pc.f.Name)
	default:
		return fmt.Errorf("toy sim: cannot execute %s", mir.FormatInstr(pc.f, in))
	}
	return nil
}
