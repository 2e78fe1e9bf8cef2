package sim

import (
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"

	"lltosimd/targets/vc4"
	"lltosimd/targets/vc4/asm"
)

// Config sets machine parameters.
type Config struct {
	MemSize    int        // bytes of memory (default 1 MiB)
	TMUDepth   int        // TMU request FIFO depth per TMU (default 4: ADD says more is unreliable)
	MaxCycles  int64      // cycles before giving up (default 100M)
	CacheModel CacheModel // whether the TMU/uniform caches see VDW writes (default Coherent)
	Timing     *Timing    // latencies and cache sizes (default DefaultTiming)
	// Regions, when set, are the memory a launch may touch: a TMU read, a
	// VDR or VDW DMA or a uniform read outside all of them stops the run
	// with an Error whose Access describes it (vc4run's out-of-bounds
	// report).
	Regions []Region
}

// Region is a named range [Start, End) of memory.
type Region struct {
	Start, End uint32
	Name       string
}

// AccessError describes a memory access outside Config.Regions.
type AccessError struct {
	Unit string // "TMU read", "VDR DMA read", "VDW DMA write", "uniform read"
	Addr uint32
	Size uint32
	Lane int    // the lane whose address it was; -1 for a DMA (its address is lane 0's of a rotated vector)
	Near string // the nearest region and where the access lies relative to it
}

func (a *AccessError) Error() string {
	lane := ""
	if a.Lane >= 0 {
		lane = fmt.Sprintf(" in lane %d", a.Lane)
	}
	return fmt.Sprintf("out-of-bounds %s of %d bytes at 0x%x%s (%s)", a.Unit, a.Size, a.Addr, lane, a.Near)
}

// checkAccess returns "" when [addr, addr+size) lies in one of the
// configured regions, else the error text, and records the access for
// the Error that step builds from it.
func (m *Machine) checkAccess(unit string, addr, size uint32, lane int) string {
	if len(m.cfg.Regions) == 0 {
		return ""
	}
	end := uint64(addr) + uint64(size)
	best, dist := -1, uint64(1<<63)
	for i, r := range m.cfg.Regions {
		if uint64(addr) >= uint64(r.Start) && end <= uint64(r.End) {
			return ""
		}
		d := uint64(0)
		switch {
		case uint64(addr) >= uint64(r.End):
			d = uint64(addr) - uint64(r.End)
		case end <= uint64(r.Start):
			d = uint64(r.Start) - end
		}
		if d < dist {
			best, dist = i, d
		}
	}
	near := "no memory of the launch"
	if best >= 0 {
		r := m.cfg.Regions[best]
		switch {
		case uint64(addr) >= uint64(r.End):
			near = fmt.Sprintf("%d bytes past the end of %s [0x%x, 0x%x)", uint64(addr)-uint64(r.End), r.Name, r.Start, r.End)
		case end <= uint64(r.Start):
			near = fmt.Sprintf("%d bytes before %s [0x%x, 0x%x)", uint64(r.Start)-end, r.Name, r.Start, r.End)
		default:
			near = fmt.Sprintf("overlapping the end of %s [0x%x, 0x%x)", r.Name, r.Start, r.End)
		}
	}
	m.access = &AccessError{Unit: unit, Addr: addr, Size: size, Lane: lane, Near: near}
	return m.access.Error()
}

// Stats are the counters of a run.
type Stats struct {
	Cycles         int64                 // cycles until every QPU ended
	Instructions   int64                 // instructions executed, all QPUs
	Stalls         int64                 // QPU-cycles spent stalled, all causes
	StallBy        [NumStallCauses]int64 // QPU-cycles stalled, by cause
	ActiveLanes    int64                 // sum of active lanes over executed instructions
	HostInterrupts int                   // non-zero HOST_INT writes
	Programs       int                   // programs (waves) run
	// Lane reads of TMU lookups by where they were served.
	TMUL1Hits, TMUL2Hits, TMUMisses int64
	UniformMisses                   int64 // uniform-cache line fills
	// Branches counts the branch instructions executed, all QPUs;
	// BranchesTaken those that jumped.
	Branches, BranchesTaken int64
	// StaleReads counts lane reads (TMU or uniform) that returned a cached
	// word differing from memory: only under the incoherent model.
	StaleReads int64
}

// Utilisation is ActiveLanes / (16 × Instructions).
func (s Stats) Utilisation() float64 {
	if s.Instructions == 0 {
		return 0
	}
	return float64(s.ActiveLanes) / float64(16*s.Instructions)
}

// Error is a run-time error of one QPU.
type Error struct {
	QPU    int
	PC     int // instruction index
	Word   uint64
	NoWord bool // PC outside the program: no instruction to show
	Reason string
	// UnifStart is the uniform stream address the QPU's program started
	// with (which wave it runs); Access is set for out-of-bounds accesses.
	UnifStart uint32
	Access    *AccessError
}

func (e *Error) Error() string {
	where := fmt.Sprintf("qpu %d: ", e.QPU)
	if e.QPU < 0 {
		where = "load: "
	}
	instr := ""
	if !e.NoWord {
		instr = " [" + asm.Disassemble(e.Word) + "]"
	}
	return fmt.Sprintf("%spc %d (0x%x)%s: %s", where, e.PC, e.PC*8, instr, e.Reason)
}

const (
	vpmRows  = 64
	maxTMU   = 8
	never    = -1 << 40 // "long ago" instruction count
	allLanes = 0xFFFF
)

// tmuFIFO is one TMU's queue of pending results.
type tmuFIFO struct {
	buf        [maxTMU]Vec
	ready      [maxTMU]int64 // cycle each result arrives
	head, size int
}

// pendingBranch is a taken branch waiting for its delay slots.
type pendingBranch struct {
	target, left int
}

// QPU is the state of one processor.
type QPU struct {
	Num int
	PC  int

	Acc    [6]Vec // r0..r5 (r4 written by peripherals only)
	RA, RB [vc4.NumPhysRegs]Vec
	Z, N   uint16 // per-lane flags as bit masks
	C      uint16
	fdef   uint16 // lanes whose flags have been set

	Unif     uint32 // uniform stream pointer
	unif0    uint32 // the stream's start (which wave the QPU runs)
	Done     bool
	icount   int64
	stalls   int64
	HostInts int

	// Hazard history (instruction counts of the last events).
	prevWA, prevWB uint32 // physical regfile addresses written by the previous instruction
	// Registers written at least once (reading others is undefined).
	wroteA, wroteB uint32
	wroteAcc       uint8
	prevAcc        uint8 // accumulators (bit i = r_i) written by the previous instruction
	sfuAt          int64
	sfuPending     bool
	sfuVal         Vec
	tmursAt        int64
	tlbzAt         int64
	unifAddrAt     int64
	branchAt       int64
	pending        [2]pendingBranch
	npending       int
	endLeft        int // delay slots left after thrend (0: not ending)

	tmu [2]tmuFIFO

	// Timing: the QPU issues nothing before waitUntil (a uniform-cache
	// fill), its last VDW DMA completes at dmaDone, its last VDR DMA at
	// ldDone.
	waitUntil int64
	waitCause StallCause
	dmaDone   int64
	ldDone    int64

	// VPM write setup and VDW setup.
	vpmAddr, vpmStride       uint32 // in units of the write size (ADDR of the setup)
	vpmSize                  uint32 // VPM write element size: 0 8-bit, 1 16-bit, 2 32-bit
	vpmSetupOK               bool
	vdwUnits, vdwDepth       uint32
	vdwY, vdwX, vdwRowStride uint32
	vdwWidth, vdwOff         uint32 // element bytes (4, 2, 1) and byte offset in the first VPM word (MODEW)
	vdwSetupOK               bool

	// VDR setup (basic and extended memory pitch) and the VPM read queue.
	vdrRows, vdrLen, vdrVPitch uint32
	vdrY, vdrX, vdrPitch       uint32
	vdrPitchB                  uint32 // extended memory pitch (0: MPITCH of the basic setup)
	vdrVert, vdrSetupOK        bool
	vprAddr, vprStride, vprNum uint32 // next VPM row to read, its increment, reads left
	vprAt                      int64  // instruction count of the last VPM read setup

	tmpA, tmpB Vec       // I/O read values
	exec       execState // the executing instruction's state (step.go)
}

// Instructions returns the number of instructions q has executed.
func (q *QPU) Instructions() int64 { return q.icount }

// StallCycles returns the cycles q spent stalled (semaphore, mutex).
func (q *QPU) StallCycles() int64 { return q.stalls }

// Machine is a set of QPUs sharing memory.
type Machine struct {
	cfg   Config
	Mem   []byte
	prog  []vc4.Instr
	words []uint64
	QPUs  []*QPU
	sem   [16]int
	mutex int // owning QPU, -1 when free
	vpm   [vpmRows]Vec
	Stats Stats

	// mutexLast is the mutex's last owner and mutexWaiting the QPUs
	// stalled acquiring it: a free mutex goes to the first waiting QPU
	// after mutexLast in QPU order (round robin, mutexNext).
	mutexLast    int
	mutexWaiting uint32

	caches  *Caches
	now     int64               // the current cycle
	tmuFree [maxSlices][2]int64 // cycle each slice's TMU takes a new request
	sfuUsed [maxSlices]int64    // last cycle each slice's SFU took a request
	vdwFree int64               // cycle the (shared) VDW takes a new DMA
	vdrFree int64               // cycle the (shared) VDR takes a new DMA
	queue   []uint32            // uniform addresses of programs waiting for a QPU
	access  *AccessError        // the out-of-bounds access the failing instruction made
	// Trace, if set, receives one line per executed instruction.
	Trace io.Writer
}

// New returns a machine with the given configuration.
func New(cfg Config) *Machine {
	if cfg.MemSize <= 0 {
		cfg.MemSize = 1 << 20
	}
	if cfg.TMUDepth <= 0 || cfg.TMUDepth > maxTMU {
		cfg.TMUDepth = 4
	}
	if cfg.MaxCycles <= 0 {
		cfg.MaxCycles = 100_000_000
	}
	if cfg.Timing == nil {
		cfg.Timing = &DefaultTiming
	}
	m := &Machine{cfg: cfg, Mem: make([]byte, cfg.MemSize), mutex: -1, mutexLast: -1}
	m.caches = NewCaches(cfg.CacheModel, *cfg.Timing)
	for s := range m.sfuUsed {
		m.sfuUsed[s] = -1
	}
	return m
}

// Load decodes a program and checks the static restrictions of spec §7
// (those that depend on one instruction only).
func (m *Machine) Load(words []uint64) error {
	m.prog = make([]vc4.Instr, len(words))
	m.words = words
	for pc, w := range words {
		in, err := vc4.Decode(w)
		if err != nil {
			return &Error{QPU: -1, PC: pc, Word: w, Reason: err.Error()}
		}
		m.prog[pc] = in
		if reason := staticCheck(&in); reason != "" {
			return &Error{QPU: -1, PC: pc, Word: w, Reason: reason}
		}
	}
	return nil
}

// AddQPU adds a QPU that starts at instruction 0 with the uniform stream at
// unifAddr, and returns it.
func (m *Machine) AddQPU(unifAddr uint32) *QPU {
	q := newQPU(len(m.QPUs), unifAddr)
	m.QPUs = append(m.QPUs, q)
	m.Stats.Programs++
	return q
}

func newQPU(num int, unifAddr uint32) *QPU {
	q := &QPU{Num: num, Unif: unifAddr, unif0: unifAddr}
	for _, p := range []*int64{&q.sfuAt, &q.tmursAt, &q.tlbzAt, &q.unifAddrAt, &q.branchAt} {
		*p = never
	}
	return q
}

// Enqueue queues a run of the program with the uniform stream at unifAddr:
// like the V3D user-program queue, Run starts it on the next QPU that
// ends its program (the QPUs must have been added with AddQPU).
func (m *Machine) Enqueue(unifAddr uint32) {
	m.queue = append(m.queue, unifAddr)
}

// Read32 and Write32 access memory (little-endian words).
func (m *Machine) Read32(addr uint32) (uint32, error) {
	if uint64(addr)+4 > uint64(len(m.Mem)) || addr&3 != 0 {
		return 0, fmt.Errorf("memory read at 0x%x out of range or unaligned", addr)
	}
	return binary.LittleEndian.Uint32(m.Mem[addr:]), nil
}

// Write32 stores a word.
func (m *Machine) Write32(addr, v uint32) error {
	if uint64(addr)+4 > uint64(len(m.Mem)) || addr&3 != 0 {
		return fmt.Errorf("memory write at 0x%x out of range or unaligned", addr)
	}
	binary.LittleEndian.PutUint32(m.Mem[addr:], v)
	return nil
}

// Run runs all QPUs until every one has ended and the queue is empty.
// Each cycle every running QPU issues one instruction or stalls; the QPU
// served first rotates every cycle, so that a released semaphore goes to
// the waiting QPUs in turn. A released mutex goes to the waiting QPUs in
// round-robin order after its last owner (mutexNext): the rotation alone
// let two QPUs that release it just before their turn to be served first
// keep it between them forever (TestMutexRoundRobin).
func (m *Machine) Run() (Stats, error) {
	if len(m.QPUs) == 0 {
		return m.Stats, fmt.Errorf("no QPUs")
	}
	n := len(m.QPUs)
	for {
		m.now = m.Stats.Cycles
		progress, timed, running := false, false, 0
		for k := 0; k < n; k++ {
			q := m.QPUs[(int(m.now)+k)%n]
			if q.Done && len(m.queue) > 0 {
				q = newQPU(q.Num, m.queue[0])
				m.QPUs[q.Num] = q
				m.queue = m.queue[1:]
				m.Stats.Programs++
			}
			if q.Done {
				continue
			}
			running++
			stalled, cause, err := m.step(q)
			if err != nil {
				return m.Stats, err
			}
			if stalled {
				q.stalls++
				m.Stats.Stalls++
				m.Stats.StallBy[cause]++
				if cause != StallSync {
					timed = true
				}
			} else {
				progress = true
			}
		}
		if running == 0 {
			return m.Stats, nil
		}
		m.Stats.Cycles++
		if !progress && !timed {
			msg := "deadlock: every running QPU is stalled"
			for _, q := range m.QPUs {
				if !q.Done {
					msg += fmt.Sprintf("; qpu %d at pc %d", q.Num, q.PC)
				}
			}
			return m.Stats, fmt.Errorf("%s", msg)
		}
		if m.Stats.Cycles >= m.cfg.MaxCycles {
			return m.Stats, fmt.Errorf("cycle limit %d exceeded", m.cfg.MaxCycles)
		}
	}
}

// staticCheck returns why an instruction is forbidden on its own, or "".
func staticCheck(in *vc4.Instr) string {
	switch in.Kind {
	case vc4.KindBranch:
		if in.RaddrA&1 != 0 {
			return "branch with odd raddr_a: bit 45 is sf and the branch would set flags (spec §2.4)"
		}
		return ""
	case vc4.KindSemaphore:
		for _, w := range in.Dests() {
			switch w.Class {
			case vc4.RegTLB, vc4.RegTMU, vc4.RegSFU:
				return "semaphore instruction writes TLB/TMU/SFU (spec §7.17)"
			}
		}
	}
	ws := in.Dests()
	periph := 0
	for _, w := range ws {
		if w.Cond.IsPredicated() && w.Class.IsPeripheral() {
			return fmt.Sprintf("conditional write to I/O register %s (spec §6.2, §7.15 V130)", w.Name)
		}
		if w.Class.IsPeripheral() && w.Packed {
			return fmt.Sprintf("pack mode on a write to I/O register %s (spec §7.15 V131)", w.Name)
		}
		switch w.Class {
		case vc4.RegTMU, vc4.RegSFU, vc4.RegTLB:
			if w.Addr != vc4.AddrTMUNoSwap {
				periph++
			}
		}
	}
	if len(ws) == 2 {
		a, b := ws[0], ws[1]
		if a.SameRegister(b) {
			plain := a.Class == vc4.RegFile || a.Class == vc4.RegAcc
			if !plain || !a.Cond.IsPredicated() || b.Cond != a.Cond.Invert() {
				return fmt.Sprintf("both ALUs write %s without inverse conditions (spec §4.1, §7.15 V100)", a.Name)
			}
		}
		if a.Addr == vc4.AddrVPMSetup && b.Addr == vc4.AddrVPMSetup && a.Space != b.Space {
			return "VPM read setup and write setup written in the same instruction (spec §7.16 V110)"
		}
	}
	if in.Kind == vc4.KindALU {
		if in.OpAdd == vc4.AddNop && in.CondAdd != vc4.CondNever && in.WaddrAdd != vc4.AddrNop {
			return "add nop with a write address (undefined, spec §10)"
		}
		if in.OpMul == vc4.MulNop && in.CondMul != vc4.CondNever && in.WaddrMul != vc4.AddrNop {
			return "mul nop with a write address re-emits an old result (undefined, spec §10)"
		}
		if vc4.Sigs[in.Sig].WritesR4 {
			periph++
		}
		if readsAddr(in, vc4.AddrMutex) {
			periph++
		}
		if in.Sig == vc4.SigThrEnd {
			for _, w := range ws {
				if w.Class == vc4.RegFile {
					return "thread-end instruction writes physical register file " + w.Name + " (spec §7.3 V42)"
				}
			}
		}
	}
	if in.Kind == vc4.KindSemaphore {
		periph++
	}
	if periph > 1 {
		return "more than one of TMU/TLB/SFU access, r4 load signal, mutex read and semaphore in one instruction (spec §7.12 V120)"
	}
	return ""
}

// readsAddr reports whether an ALU instruction reads I/O address addr
// through raddr_a or raddr_b.
func readsAddr(in *vc4.Instr, addr uint8) bool {
	return in.RaddrA == addr || in.RaddrB == addr && in.Sig != vc4.SigSmallImm
}

// condMask returns the lanes where cond passes.
func (q *QPU) condMask(c vc4.Cond) uint16 {
	switch c {
	case vc4.CondNever:
		return 0
	case vc4.CondAlways:
		return allLanes
	case vc4.CondZS:
		return q.Z
	case vc4.CondZC:
		return ^q.Z
	case vc4.CondNS:
		return q.N
	case vc4.CondNC:
		return ^q.N
	case vc4.CondCS:
		return q.C
	}
	return ^q.C
}

func laneVec(f func(i int) uint32, v *Vec) {
	for i := range v {
		v[i] = f(i)
	}
}

// step executes one instruction of q, or reports a stall and its cause.
func (m *Machine) step(q *QPU) (stalled bool, cause StallCause, err error) {
	pc := q.PC
	if pc < 0 || pc >= len(m.prog) {
		return false, 0, &Error{QPU: q.Num, PC: pc, NoWord: true, Reason: "program counter outside the program (missing thrend?)"}
	}
	in := &m.prog[pc]
	fail := func(format string, args ...any) (bool, StallCause, error) {
		e := &Error{QPU: q.Num, PC: pc, Word: m.words[pc], Reason: fmt.Sprintf(format, args...), UnifStart: q.unif0, Access: m.access}
		m.access = nil
		return false, 0, e
	}
	// Stalls first: they must not have side effects (but a uniform-cache
	// fill, which only changes timing).
	if q.waitUntil > m.now {
		return true, q.waitCause, nil
	}
	switch in.Kind {
	case vc4.KindSemaphore:
		n := in.SemaNum()
		if in.SemaAcquire() && m.sem[n] == 0 || !in.SemaAcquire() && m.sem[n] == 15 {
			return true, StallSync, nil
		}
	case vc4.KindALU:
		if readsAddr(in, vc4.AddrMutex) && (m.mutex != -1 || m.mutexNext(q.Num) != q.Num) {
			if m.mutex == q.Num {
				return fail("mutex acquired again by its owner (deadlock)")
			}
			m.mutexWaiting |= 1 << q.Num
			return true, StallSync, nil
		}
	}
	if stall, c := m.ioStall(q, in); stall {
		return true, c, nil
	}
	if m.Trace != nil {
		fmt.Fprintf(m.Trace, "qpu %d %4d: %s\n", q.Num, pc, asm.Disassemble(m.words[pc]))
	}
	ending := q.endLeft > 0 || in.Kind == vc4.KindALU && vc4.Sigs[in.Sig].EndsThread

	// The state lives in the QPU: passed to an executor through the
	// table, a local would escape to the heap on every step.
	x := &q.exec
	*x = execState{pc: pc, ending: ending}
	active, reason := executors[in.Kind](m, q, in, x)
	if reason != "" {
		return fail("%s", reason)
	}
	wA, wB, wAcc := x.wA, x.wB, x.wAcc
	// Per-instruction hazard bookkeeping.
	q.prevWA, q.prevWB, q.prevAcc = wA, wB, wAcc
	m.Stats.Instructions++
	m.Stats.ActiveLanes += int64(bits.OnesCount16(active))
	q.icount++
	if q.sfuPending && q.icount-q.sfuAt >= 3 {
		q.Acc[4] = q.sfuVal
		q.sfuPending = false
		q.wroteAcc |= 1 << 4
	}
	next := pc + 1
	for i := 0; i < q.npending; i++ {
		p := &q.pending[i]
		p.left--
		if p.left == 0 {
			next = p.target
			q.pending[i] = q.pending[q.npending-1]
			q.npending--
			i--
		}
	}
	q.PC = next
	if q.endLeft > 0 {
		q.endLeft--
		if q.endLeft == 0 {
			q.Done = true
		}
	} else if in.Kind == vc4.KindALU && vc4.Sigs[in.Sig].EndsThread {
		q.endLeft = 2
	}
	return false, 0, nil
}

// ioStall reports whether in must wait for a peripheral: a TMU result
// not yet arrived (ldtmu), the VDW (vw_wait of an unfinished DMA, vw_addr
// while the VDW is busy), the slice's SFU taken this cycle, or a uniform
// not in the uniform cache (which starts the fill).
func (m *Machine) ioStall(q *QPU, in *vc4.Instr) (bool, StallCause) {
	if in.Kind == vc4.KindBranch {
		return false, 0
	}
	if in.Kind == vc4.KindALU {
		if in.Sig == vc4.SigLdTMU0 || in.Sig == vc4.SigLdTMU1 {
			f := &q.tmu[in.Sig-vc4.SigLdTMU0]
			if f.size > 0 && f.ready[f.head] > m.now {
				return true, StallTMU
			}
		}
		readB := in.RaddrB != vc4.AddrNop && in.Sig != vc4.SigSmallImm
		if readB && in.RaddrB == vc4.AddrVPMAddr && q.dmaDone > m.now {
			return true, StallVPM
		}
		if in.RaddrA == vc4.AddrVPMAddr && q.ldDone > m.now {
			return true, StallVPM
		}
	}
	for _, d := range [2]struct {
		sp   vc4.Space
		addr uint8
		cond vc4.Cond
	}{{in.AddWriteSpace(), in.WaddrAdd, in.CondAdd}, {in.MulWriteSpace(), in.WaddrMul, in.CondMul}} {
		switch {
		case d.cond == vc4.CondNever:
		case d.addr == vc4.AddrVPMAddr && d.sp == vc4.SpaceB && m.vdwFree > m.now:
			return true, StallVPM
		case d.addr == vc4.AddrVPMAddr && d.sp == vc4.SpaceA && m.vdrFree > m.now:
			return true, StallVPM
		case vc4.WriteRegs[d.sp][d.addr].Class == vc4.RegSFU && m.sfuUsed[q.slice()] == m.now:
			return true, StallSFU
		}
	}
	if in.Kind == vc4.KindALU {
		n := 0
		if in.RaddrA == vc4.AddrUniform {
			n++
		}
		if in.RaddrB == vc4.AddrUniform && in.Sig != vc4.SigSmallImm {
			n++
		}
		if w := m.uniformWait(q, n); w > 0 {
			q.waitUntil, q.waitCause = m.now+w, StallUniform
			return true, StallUniform
		}
	}
	return false, 0
}

func activeLanes(ca vc4.Cond, ma uint16, cm vc4.Cond, mm uint16) uint16 {
	if !ca.IsPredicated() && !cm.IsPredicated() {
		return allLanes
	}
	var a uint16
	if ca != vc4.CondNever {
		a |= ma
	}
	if cm != vc4.CondNever {
		a |= mm
	}
	return a
}

// setFlags updates Z, N from v and C from c in the lanes of mask.
func (q *QPU) setFlags(v *Vec, c uint16, mask uint16) {
	var z, n uint16
	for i, x := range v {
		z |= boolBit(x == 0) << i
		n |= uint16(x>>31) << i
	}
	q.Z = q.Z&^mask | z&mask
	q.N = q.N&^mask | n&mask
	q.C = q.C&^mask | c&mask
	q.fdef |= mask
}

// mutexNext returns the QPU the free mutex goes to when QPU q asks for it:
// the first QPU after the last owner, in QPU order, that waits for it or is
// q.
func (m *Machine) mutexNext(q int) int {
	n := len(m.QPUs)
	for k := 1; k <= n; k++ {
		w := (m.mutexLast + k) % n
		if w == q || m.mutexWaiting&(1<<w) != 0 {
			return w
		}
	}
	return q
}
