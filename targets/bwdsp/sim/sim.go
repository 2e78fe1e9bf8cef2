// Package sim is the cycle-counting BWL simulator (spec bwdsp.md §2.5,
// §2.6; the memory map, startup and console port are the decisions of
// docs/bwdsp.md). It executes bundles with parallel read/write semantics,
// guards and HPL-PD predicate actions, reports the §2.5 faults with the
// bundle, instruction and lane, and counts cycles with the latency
// interlocks and branch penalties of §2.6.
package sim

import (
	"encoding/binary"
	"fmt"
	"io"

	bw "lltosimd/targets/bwdsp"
	"lltosimd/targets/bwdsp/asm"
	"lltosimd/targets/simio"
)

// Machine is the architectural state plus the timing scoreboard.
type Machine struct {
	Prog *bw.Program
	R    [bw.NumMacros][bw.NumR]uint32
	CP   [bw.NumMacros][bw.NumCP]bool
	A    [int(bw.NumFamilies) * bw.NumAddr]uint32 // U0..U15, V0..V15, W0..W15
	LC   [bw.NumLC]uint32
	RA   uint32
	PC   int // bundle index
	Mem  []byte
	// Out receives what the program writes to the console port.
	Out io.Writer
	// Input is what word loads from the input port bw.InputAddr read;
	// nil is an empty input.
	Input io.Reader
	in    io.ByteReader // Input, buffered on the first read
	// Trace, if set, receives every executed bundle.
	Trace io.Writer
	// Halted is set by `halt`.
	Halted bool
	// Counters: bundles executed, cycles (bundles + stalls + branch
	// penalties) and the stall cycles alone.
	Bundles, Cycles, Stalls uint64
	// Insts counts the instructions executed (slots filled; a guarded-off
	// instruction counts too: it occupies its slot), SIMD those with two
	// or more lanes.
	Insts, SIMD uint64
	// Branches counts the conditional branches executed (compare,
	// predicate and any/all forms; not `if LCn`), BranchesTaken those
	// taken.
	Branches, BranchesTaken uint64
	// Profile, if non-nil (one entry per bundle of Prog), receives how
	// often each bundle ran and the cycles charged to it (its issue,
	// stalls before it and its branch penalty), for per-function counts.
	Profile []BundleProfile
	ready   [bw.NumLocs]uint64 // cycle at which each location's last result is available
	reads   [][]bw.Loc         // per bundle: the locations it reads, for the interlocks
	simd    []uint64           // per bundle: its SIMD instructions
	ex      exec               // reused by Step to avoid allocating per bundle
}

// Fault is a run-time error (spec §2.5): the bundle, the instruction
// (1-based, 0 for the bundle itself) and the lane (-1 when none).
type Fault struct {
	PC   int
	Line int
	File string
	Func string
	Inst int
	Text string
	Lane int
	Msg  string
}

func (f *Fault) Error() string {
	s := ""
	if f.File != "" && f.Line > 0 {
		s = fmt.Sprintf("%s:%d: ", f.File, f.Line)
	}
	s += fmt.Sprintf("bundle %d", f.PC)
	if f.Func != "" {
		s += " in " + f.Func
	}
	if f.Inst > 0 {
		s += fmt.Sprintf(", instruction %d `%s`", f.Inst, f.Text)
	}
	if f.Lane >= 0 {
		s += fmt.Sprintf(", lane %c", bw.MacroNames[f.Lane])
	}
	return s + ": " + f.Msg
}

// New makes a machine for a program: data memory holds the program's data
// at bw.DataBase and every register is zero (the startup code sets U8,
// spec §2.10). Every bundle is checked against the §2.4 rules with the
// same checker as the assembler's, so hand-built programs are held to
// them too.
func New(p *bw.Program, out io.Writer) (*Machine, error) {
	for i, b := range p.Bundles {
		for j := range b {
			if err := bw.Validate(&b[j]); err != nil {
				return nil, &Fault{PC: i, Line: line(p, i), File: p.FileAt(i), Inst: j + 1, Text: b[j].String(), Lane: -1, Msg: err.Error()}
			}
		}
		if errs := bw.CheckBundle(b); len(errs) > 0 {
			return nil, &Fault{PC: i, Line: line(p, i), File: p.FileAt(i), Lane: -1, Msg: errs[0].Error()}
		}
	}
	if bw.DataBase+len(p.Data) > bw.MemSize {
		return nil, fmt.Errorf("data (%d bytes) does not fit in memory", len(p.Data))
	}
	m := &Machine{Prog: p, Mem: make([]byte, bw.MemSize), Out: out}
	copy(m.Mem[bw.DataBase:], p.Data)
	m.reads = make([][]bw.Loc, len(p.Bundles))
	m.simd = make([]uint64, len(p.Bundles))
	for i, b := range p.Bundles {
		for j := range b {
			if len(b[j].Mask.Lanes()) > 1 {
				m.simd[i]++
			}
		}
	}
	for i, b := range p.Bundles {
		for j := range b {
			m.reads[i] = append(m.reads[i], b[j].Reads()...)
		}
	}
	return m, nil
}

func line(p *bw.Program, pc int) int {
	if pc >= 0 && pc < len(p.Lines) {
		return p.Lines[pc]
	}
	return 0
}

// Run executes bundles until `halt` or until max bundles have run.
func (m *Machine) Run(max uint64) error {
	for !m.Halted {
		if m.Bundles >= max {
			return fmt.Errorf("stopped after %d bundles (at bundle %d)", max, m.PC)
		}
		pc, c := m.PC, m.Cycles
		if err := m.Step(); err != nil {
			return err
		}
		if m.Profile != nil && pc >= 0 && pc < len(m.Profile) {
			m.Profile[pc].Runs++
			m.Profile[pc].Cycles += m.Cycles - c
		}
	}
	return nil
}

// BundleProfile is what Machine.Profile records for one bundle.
type BundleProfile struct {
	Runs, Cycles uint64
}

// pendingWrite is a register result committed at the end of the bundle.
type pendingWrite struct {
	loc bw.Loc
	val uint32
	lat int
}

// pendingStore is a store committed at the end of the bundle.
type pendingStore struct {
	addr uint32
	size int
	val  uint32
	inst int
	lane int
}

// exec is the state of one bundle's execution.
type exec struct {
	m      *Machine
	writes []pendingWrite
	stores []pendingStore
	next   int
	pen    int
	halt   bool
	inst   int // current instruction, 1-based
	in     *bw.Inst
}

func (e *exec) fault(lane int, format string, args ...any) error {
	m := e.m
	f := &Fault{PC: m.PC, Line: line(m.Prog, m.PC), File: m.Prog.FileAt(m.PC), Func: m.Prog.FuncAt(m.PC), Inst: e.inst, Lane: lane,
		Msg: fmt.Sprintf(format, args...)}
	if e.in != nil {
		f.Text = e.in.String()
	}
	return f
}

func (e *exec) write(loc bw.Loc, v uint32) {
	e.writes = append(e.writes, pendingWrite{loc, v, e.in.Form().Lat})
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// Step executes one bundle.
func (m *Machine) Step() error {
	e := &m.ex
	*e = exec{m: m, next: m.PC + 1, writes: e.writes[:0], stores: e.stores[:0]}
	if m.PC < 0 || m.PC >= len(m.Prog.Bundles) {
		return e.fault(-1, "program counter outside the program (%d bundles)", len(m.Prog.Bundles))
	}
	b := m.Prog.Bundles[m.PC]
	// Latency interlocks (§2.6): the bundle issues when every location it
	// reads is ready.
	issue := m.Cycles
	for _, l := range m.reads[m.PC] {
		issue = max(issue, m.ready[l])
	}
	m.Stalls += issue - m.Cycles
	if m.Trace != nil {
		fmt.Fprintf(m.Trace, "%6d %6d: %s\n", issue, m.PC, asm.FormatBundle(b))
	}
	for i := range b {
		e.inst, e.in = i+1, &b[i]
		if err := e.run(); err != nil {
			return err
		}
	}
	e.inst, e.in = 0, nil
	if err := e.commit(issue); err != nil {
		return err
	}
	m.Bundles++
	m.Insts += uint64(len(b))
	m.SIMD += m.simd[m.PC]
	m.Cycles = issue + 1 + uint64(e.pen)
	m.PC = e.next
	m.Halted = e.halt
	return nil
}

// commit writes the bundle's results (§2.5: all results, stores included,
// are committed at the end of the bundle).
func (e *exec) commit(issue uint64) error {
	m := e.m
	for i, s := range e.stores {
		for _, t := range e.stores[:i] {
			if s.addr < t.addr+uint32(t.size) && t.addr < s.addr+uint32(s.size) {
				e.inst = s.inst
				e.in = &m.Prog.Bundles[m.PC][s.inst-1]
				return e.fault(s.lane, "two stores to address %#x in one bundle (instructions %d and %d)", s.addr, t.inst, s.inst)
			}
		}
	}
	for _, s := range e.stores {
		if s.addr == bw.ConsoleAddr {
			if m.Out != nil {
				if _, err := m.Out.Write([]byte{byte(s.val)}); err != nil {
					return err
				}
			}
			continue
		}
		switch s.size {
		case 1:
			m.Mem[s.addr] = byte(s.val)
		case 2:
			binary.LittleEndian.PutUint16(m.Mem[s.addr:], uint16(s.val))
		default:
			binary.LittleEndian.PutUint32(m.Mem[s.addr:], s.val)
		}
	}
	for _, w := range e.writes {
		m.Set(w.loc, w.val)
		m.ready[w.loc] = issue + uint64(w.lat)
	}
	return nil
}

// readInput returns the next input byte, or simio.EOF.
func (m *Machine) readInput() uint32 { return simio.NextByte(m.Input, &m.in) }

// Get returns an architectural location's value (a predicate reads 0 or 1).
func (m *Machine) Get(l bw.Loc) uint32 {
	switch {
	case l < bw.LocCP(0, 0):
		i := int(l)
		return m.R[i/bw.NumR][i%bw.NumR]
	case l < bw.LocA(0):
		i := int(l - bw.LocCP(0, 0))
		return b2u(m.CP[i/bw.NumCP][i%bw.NumCP])
	case l < bw.LocLC(0):
		return m.A[l-bw.LocA(0)]
	case l < bw.LocRA:
		return m.LC[l-bw.LocLC(0)]
	}
	return m.RA
}

// Set writes a location (predicates take v != 0), outside the timing
// scoreboard: harnesses use it to pass arguments.
func (m *Machine) Set(l bw.Loc, v uint32) {
	switch {
	case l < bw.LocCP(0, 0):
		i := int(l)
		m.R[i/bw.NumR][i%bw.NumR] = v
	case l < bw.LocA(0):
		i := int(l - bw.LocCP(0, 0))
		m.CP[i/bw.NumCP][i%bw.NumCP] = v != 0
	case l < bw.LocLC(0):
		m.A[l-bw.LocA(0)] = v
	case l < bw.LocRA:
		m.LC[l-bw.LocLC(0)] = v
	default:
		m.RA = v
	}
}

// guard evaluates the instruction's guard in lane lane (for lane forms)
// or in the guard's own macro.
func (e *exec) guard(lane int) bool {
	g := e.in.Guard
	if !g.On {
		return true
	}
	mac := lane
	if !e.in.Form().Lanes() {
		mac = int(g.Macro)
	}
	return e.m.CP[mac][g.K] != g.Neg
}

// run executes the current instruction, reading the state at the start of
// the bundle and queueing its results.
func (e *exec) run() error {
	m, in := e.m, e.in
	f := in.Form()
	lanes := in.Mask.Lanes()
	switch f.Syn {
	case bw.SynRRR, bw.SynRRI, bw.SynFunc2, bw.SynUnary, bw.SynMov, bw.SynMovI, bw.SynSel:
		for _, l := range lanes {
			if !e.guard(l) {
				continue
			}
			r := &m.R[l]
			var v uint32
			switch f.Syn {
			case bw.SynMov:
				v = r[in.Rs]
			case bw.SynMovI:
				v = uint32(in.Imm)
			case bw.SynSel:
				v = r[in.Rt]
				if m.CP[l][in.Re] {
					v = r[in.Rs]
				}
			default:
				b := r[in.Rt]
				if f.Syn == bw.SynRRI {
					b = uint32(in.Imm)
				}
				var msg string
				v, msg = f.Eval(r[in.Rs], b)
				if msg != "" {
					return e.fault(l, "%s", msg)
				}
			}
			e.write(bw.LocR(l, int(in.Rd)), v)
		}
	case bw.SynCmp, bw.SynCmpI:
		for _, l := range lanes {
			b := m.R[l][in.Rt]
			if f.Syn == bw.SynCmpI {
				b = uint32(in.Imm)
			}
			r := bw.EvalRel(in.Rel, f.Mod, m.R[l][in.Rs], b)
			g := e.guard(l)
			if in.HasPg {
				g = m.CP[l][in.Pg]
			}
			acts := []struct {
				act bw.Action
				cp  uint8
			}{{in.Act, in.Rd}}
			if in.Act == bw.ActUNUC {
				acts = []struct {
					act bw.Action
					cp  uint8
				}{{bw.ActUN, in.Rd}, {bw.ActUC, in.Re}}
			}
			for _, a := range acts {
				if v, w := bw.PredAction(a.act, g, r); w {
					e.write(bw.LocCP(l, int(a.cp)), b2u(v))
				}
			}
		}
	case bw.SynPLogic, bw.SynPNot, bw.SynPConst:
		for _, l := range lanes {
			if !e.guard(l) {
				continue
			}
			a, b := m.CP[l][in.Rs], m.CP[l][in.Rt]
			var v bool
			switch {
			case f.Syn == bw.SynPNot:
				v = !a
			case f.Syn == bw.SynPConst:
				v = in.Imm != 0
			case f.Tok == "&":
				v = a && b
			case f.Tok == "|":
				v = a || b
			default:
				v = a != b
			}
			e.write(bw.LocCP(l, int(in.Rd)), b2u(v))
		}
	case bw.SynXfer, bw.SynFromAddr, bw.SynFromRA:
		v := m.RA
		switch f.Syn {
		case bw.SynXfer:
			v = m.R[in.Src][in.Rs]
		case bw.SynFromAddr:
			v = m.A[in.Rs]
		}
		for _, l := range lanes {
			if e.guard(l) {
				e.write(bw.LocR(l, int(in.Rd)), v)
			}
		}
	case bw.SynToAddr, bw.SynToRA, bw.SynAddrImm, bw.SynAddrAdd, bw.SynAddrAddI, bw.SynAddrShlI, bw.SynLCImm, bw.SynLCAddr:
		if !e.guard(-1) {
			return nil
		}
		var v uint32
		loc := bw.LocA(int(in.Rd))
		switch f.Syn {
		case bw.SynToAddr:
			v = m.R[in.Src][in.Rs]
		case bw.SynToRA:
			v, loc = m.R[in.Src][in.Rs], bw.LocRA
		case bw.SynAddrImm:
			v = uint32(in.Imm)
		case bw.SynAddrAdd:
			v = m.A[in.Rs] + m.A[in.Rt]
		case bw.SynAddrAddI:
			v = m.A[in.Rs] + uint32(in.Imm)
		case bw.SynAddrShlI:
			v = m.A[in.Rs] << uint(in.Imm)
		case bw.SynLCImm:
			v, loc = uint32(in.Imm), bw.LocLC(int(in.Rd))
		case bw.SynLCAddr:
			v, loc = m.A[in.Rs], bw.LocLC(int(in.Rd))
		}
		e.write(loc, v)
	case bw.SynLoad, bw.SynLoadPM, bw.SynStore, bw.SynStorePM:
		return e.memory(f, lanes)
	default:
		return e.control(f)
	}
	return nil
}

// memory executes a load or store: lane j (the j-th macro of the mask)
// accesses base + j*S, where base is An + imm, or An for post-modify, and S
// defaults to the access size (§2.3). Post-modify happens when at least
// one lane is enabled (docs/bwdsp.md).
func (e *exec) memory(f *bw.Form, lanes []int) error {
	m, in := e.m, e.in
	load := f.Unit == bw.UnitLoad
	areg := in.Rs
	if !load {
		areg = in.Rd
	}
	base := m.A[areg]
	if !f.PostModify() {
		base += uint32(in.Imm)
	}
	stride := uint32(f.Size)
	if in.HasStride {
		stride = uint32(in.Stride)
	}
	active := false
	for j, l := range lanes {
		if !e.guard(l) {
			continue
		}
		active = true
		addr := base + uint32(j)*stride
		if addr%uint32(f.Size) != 0 {
			return e.fault(l, "misaligned %d-byte %s at address %#x", f.Size, kind(load), addr)
		}
		if !load && addr == bw.ConsoleAddr {
			e.stores = append(e.stores, pendingStore{addr, f.Size, m.R[l][in.Rs], e.inst, l})
			continue
		}
		if addr == bw.InputAddr {
			if !load || f.Size != 4 {
				return e.fault(l, "%s at the input port %#x (only word loads read it)", kind(load), addr)
			}
			e.write(bw.LocR(l, int(in.Rd)), m.readInput())
			continue
		}
		if addr < bw.DataBase || uint64(addr)+uint64(f.Size) > bw.MemSize {
			return e.fault(l, "%s at address %#x outside data memory [%#x, %#x)", kind(load), addr, bw.DataBase, bw.MemSize)
		}
		if !load {
			e.stores = append(e.stores, pendingStore{addr, f.Size, m.R[l][in.Rs], e.inst, l})
			continue
		}
		var v uint32
		switch f.Mod {
		case bw.ModB:
			v = uint32(int32(int8(m.Mem[addr])))
		case bw.ModBU:
			v = uint32(m.Mem[addr])
		case bw.ModH:
			v = uint32(int32(int16(binary.LittleEndian.Uint16(m.Mem[addr:]))))
		case bw.ModHU:
			v = uint32(binary.LittleEndian.Uint16(m.Mem[addr:]))
		default:
			v = binary.LittleEndian.Uint32(m.Mem[addr:])
		}
		e.write(bw.LocR(l, int(in.Rd)), v)
	}
	if f.PostModify() && active {
		e.writes = append(e.writes, pendingWrite{bw.LocA(int(areg)), m.A[areg] + uint32(in.Imm), bw.LatOther})
	}
	return nil
}

func kind(load bool) string {
	if load {
		return "load"
	}
	return "store"
}

// control executes the bundle's control instruction; it takes effect after
// the rest of the bundle (§2.4 rule 6) because the next PC is only used
// once the bundle is committed.
func (e *exec) control(f *bw.Form) error {
	m, in := e.m, e.in
	taken := false
	target := int(in.Imm)
	switch f.Syn {
	case bw.SynB, bw.SynCall:
		taken = true
	case bw.SynBR, bw.SynCallR:
		taken, target = true, int(m.A[in.Rs])
	case bw.SynRet:
		taken, target = true, int(m.RA)
	case bw.SynHalt:
		e.halt = true
		return nil
	case bw.SynBCmp, bw.SynBCmpI:
		b := m.R[in.Src][in.Rt]
		if f.Syn == bw.SynBCmpI {
			b = uint32(in.Imm2)
		}
		taken = bw.EvalRel(in.Rel, f.Mod, m.R[in.Src][in.Rs], b)
	case bw.SynBPred:
		taken = m.CP[in.Src][in.Rd] != in.Neg
	case bw.SynBAny, bw.SynBAll:
		all, any := true, false
		for _, l := range in.Mask.Lanes() {
			all = all && m.CP[l][in.Rd]
			any = any || m.CP[l][in.Rd]
		}
		taken = any
		if f.Syn == bw.SynBAll {
			taken = all
		}
		taken = taken != in.Neg
	case bw.SynBLC:
		v := m.LC[in.Rd] - 1
		e.write(bw.LocLC(int(in.Rd)), v)
		if v != 0 {
			e.next = target // zero-overhead loop: no penalty (§2.6)
		} else {
			e.pen = bw.PenaltyLoopExit
		}
		return nil
	}
	if f.Syn == bw.SynCall || f.Syn == bw.SynCallR {
		e.write(bw.LocRA, uint32(m.PC+1))
	}
	switch f.Syn {
	case bw.SynBCmp, bw.SynBCmpI, bw.SynBPred, bw.SynBAny, bw.SynBAll:
		m.Branches++
		if taken {
			m.BranchesTaken++
		}
	}
	if taken {
		e.next, e.pen = target, bw.PenaltyTaken
	}
	return nil
}
