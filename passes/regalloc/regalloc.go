// Package regalloc is the target-independent register allocator: linear
// scan over live intervals with lifetime holes (Wimmer and Mössenböck's
// active/inactive sets, without interval splitting), copy hints for
// coalescing, fixed physical-register ranges (argument and result copies,
// call clobbers) and spill rewriting (per use, or per stretch of a block:
// a simple split) followed by reallocation.
//
// Positions number the instructions in layout order: instruction i reads
// at 2i and writes at 2i+1, so a value that dies at an instruction can
// share a register with the value it defines; an early-clobber definition
// (inline asm "=&r" outputs and clobbers) is written at 2i, so it cannot. Intervals are built from
// mir.ComputeLiveness by one backward walk per block; physical registers
// keep exact segments too, so a value can use $4 before the argument copy
// to $4 and a call's clobbers only block values live across the call.
// Physical registers written before a call or return in the same block
// and not read since count as read by it (argument and result registers),
// even when its operands do not list them.
//
// When no register is free, the cheapest of the current interval and the
// intervals blocking one usable register is spilled (spill weight: uses
// weighted by loop depth per live size). A spilled value is recomputed at
// each use when its single definition has no register inputs (constants,
// addresses: rematerialization); otherwise it gets a stack slot ("spill"),
// a G_STORE32 after every definition and G_LOAD32 reloads: within a
// stretch of a block between calls that refers to it more than once,
// through one register that is reloaded before the first read (and may
// itself be spilled in a later round, back to the same slot), elsewhere
// through fresh unspillable registers that live for one instruction;
// then allocation starts again. After assignment, identity
// copies are deleted, a reload is replaced by a copy when a register in
// the same block still holds the slot's value, spill stores no reload
// can read are deleted, blocks reduced to a lone
// jump are threaded, and f.SavedRegs lists the callee-saved registers
// written.
//
// Registers are sets of register units (mir.Arch.Units): a tuple such as
// BWDSP's SIMD register xyztR5 = {xR5, yR5, zR5, tR5} interferes with
// every register that shares a unit, and fixed ranges, call clobbers,
// the scan's free sets and the saved registers are kept by unit. The
// widest classes are allocated first (spec bwdsp.md §3.2, SIMD first).
// Classes whose Size is not 4 spill with G_SPILL/G_RELOAD, which name the
// class (one store and one load of the whole tuple).
//
// The allocator knows nothing about any target: it reads register classes,
// callee-saved and reserved flags and op flags (FlagCall, FlagReturn,
// FlagCopy ...) from mir.Arch, and the reserved registers a function
// leaves free from the target's passes.FreeRegs.
package regalloc

import (
	"fmt"
	"strings"

	"lltosimd/mir"
	"lltosimd/passes"
)

// Pass is the register allocation pass ("regalloc").
var Pass = passes.Register(&passes.Pass{
	Name:     "regalloc",
	Desc:     "Register allocation (-regalloc=linear|tuple|gra-lra)",
	Required: true,
	Stats: map[string]string{
		"spills":               "Number of registers spilled",
		"stores":               "Number of spill stores inserted",
		"reloads":              "Number of reloads inserted",
		"remats":               "Number of values rematerialized instead of reloaded",
		"coalesced":            "Number of copies coalesced",
		"reloadsRemoved":       "Number of reloads replaced by register copies",
		"reloadsRenamed":       "Number of reloads removed by reading the register that holds the value",
		"storesRemoved":        "Number of spill stores removed: overwritten before a reload, or of a slot nothing reloads",
		"splits":               "Number of live ranges split around a loop instead of spilled",
		"aroundBlock":          "Number of global live ranges spilled around a block for the local allocator",
		"graNodes":             "Number of live ranges coloured by the global allocator",
		"lraLocals":            "Number of block-local live ranges allocated by the local allocator",
		"portConflictsAvoided": "Number of registers chosen in another bank so that an instruction's reads fit the read ports",
		"portConflicts":        "Number of instructions whose reads did not fit the read ports after assignment",
		"staged":               "Number of read-port conflicts staged through a free register",
		"portConflictsLeft":    "Number of read-port conflicts left to the target (no free register to stage through)",
	},
	Needs: mir.PropNoPHIs | mir.PropSelected, Sets: mir.PropNoVRegs,
	Run: run,
})

// Names are the allocators -regalloc (or -pass-option=regalloc=) selects.
var Names = []string{"linear", "tuple", "gra", "gra-lra"}

// DefaultFor returns the allocator functions of architecture a get
// without -regalloc: the one its Machine names (passes.RegAllocDefault),
// else the linear scan.
func DefaultFor(a *mir.Arch) string {
	if d, ok := passes.MachineFor(a).(passes.RegAllocDefault); ok {
		return d.DefaultRegAlloc()
	}
	return "linear"
}

// mode is the allocator of a compilation.
type mode int

const (
	// modeLinear is the linear scan (scan.go), the default of targets
	// that name none.
	modeLinear mode = iota
	// modeTuple colours the interference graph of every live range
	// (gra.go; "gra" is an alias), using the local block too.
	modeTuple
	// modeLRA colours the global live ranges without the target's local
	// block and allocates block-local values per block (lra.go).
	modeLRA
)

// rematWeight scales the spill weight of values the allocator recomputes
// instead of reloading, so that they go before values that need a stack
// slot and a store.
const rematWeight = 0.1

// maxRounds bounds the spill-and-retry loop; every round spills at least
// one spillable register, and the registers it creates are unspillable.
const maxRounds = 64

func run(c *passes.Ctx, f *mir.Func) error {
	return Allocate(c, f)
}

// Allocate assigns physical registers to every virtual register of f,
// inserting spill code as needed. c may be nil (no statistics or debug).
func Allocate(c *passes.Ctx, f *mir.Func) error {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == mir.GPhi {
				return fmt.Errorf("%s: regalloc needs PHIs eliminated (bb%d)", f.Name, b.ID)
			}
		}
	}
	f.RecomputeCFG()
	st := &state{f: f, c: c, slotOf: map[mir.Reg]int{}, sharedRemat: map[mir.Reg]bool{}}
	if exp, ok := passes.MachineFor(f.Arch).(passes.SpillExpander); ok {
		st.exp, st.seqs = exp, map[*mir.Instr]spillSeq{}
	}
	if rem, ok := passes.MachineFor(f.Arch).(passes.Rematerializer); ok {
		st.rem, st.rematCode = rem, map[mir.Reg]func(mir.Reg) []*mir.Instr{}
	}
	opt := ""
	if c != nil {
		opt = c.Option("regalloc")
	}
	if opt == "" {
		opt = DefaultFor(f.Arch)
	}
	switch opt {
	case "linear":
	case "tuple", "gra":
		st.mode = modeTuple
		st.spread = passes.VLIWInfoFor(f.Arch) != nil
	case "gra-lra":
		st.mode = modeLRA
	default:
		return fmt.Errorf("%s: unknown register allocator -regalloc=%s (%s)", f.Name, opt, strings.Join(Names, ", "))
	}
	if st.exp != nil && st.mode == modeLRA {
		// LRA spills around blocks after assignment, where target
		// spill code could not get registers any more.
		return fmt.Errorf("%s: -regalloc=gra-lra does not support the target's spill code (passes.SpillExpander)", f.Name)
	}
	for round := 0; ; round++ {
		if round == maxRounds {
			return fmt.Errorf("%s: register allocation did not converge", f.Name)
		}
		a := newAlloc(st)
		a.build()
		var spilled []mir.Reg
		var err error
		switch st.mode {
		case modeLinear:
			spilled, err = a.scan()
		case modeTuple:
			spilled, err = a.colour(a.nodes(nil), false)
		case modeLRA:
			spilled, err = a.graLRA()
		}
		if err != nil {
			return err
		}
		st.debugf("%s: round %d: %d intervals, %d spilled", f.Name, round, len(a.iv), len(spilled))
		if len(spilled) == 0 && len(a.splits) == 0 {
			if err := a.rewrite(); err != nil {
				return err
			}
			break
		}
		if st.spread {
			// Spreading may cost registers that first fit would have
			// shared: never spill for it, colour again without.
			st.spread = false
			st.debugf("%s: round %d: spreading spills, colouring again without", f.Name, round)
			round--
			continue
		}
		if len(a.splits) > 0 {
			st.splitAroundLoops(a.splits)
		}
		if len(spilled) > 0 {
			if st.exp != nil {
				st.weight = map[mir.Reg]float64{}
				for _, v := range spilled {
					if iv := a.iv[v.VirtIndex()]; iv != nil {
						st.weight[v] = iv.weight
					}
				}
			}
			if err := st.spill(spilled, round); err != nil {
				return err
			}
		}
	}
	f.Props |= mir.PropNoVRegs
	return nil
}

// state survives the allocation rounds of one function.
type state struct {
	f    *mir.Func
	c    *passes.Ctx
	mode mode // the allocator
	// spread makes the colouring give a value a register no value
	// near it uses (VLIW targets under -regalloc=tuple: fewer false
	// dependences for packetize to respect); it is dropped for the
	// function when it would spill.
	spread  bool
	noSpill []bool // by vreg index: spill temporaries
	// spillSlots are the frame objects made for spills: only spill code
	// touches them, so a reload can reuse a register that holds the value.
	spillSlots map[int64]bool
	// slotOf gives the registers that carry a spilled value through a
	// stretch of a block the value's slot.
	slotOf map[mir.Reg]int
	// sharedRemat marks the registers that carry a recomputed value
	// through a stretch; spilled in turn, they are recomputed at each use.
	sharedRemat map[mir.Reg]bool
	// splitSlot gives the values split around loops their slot.
	splitSlot map[mir.Reg]int
	// exp is the target's spill code, nil for stack slots; then slots
	// are the target's, seqs marks the first instruction of each store
	// and reload sequence inserted, and weight gives the values being
	// spilled their spill weight.
	exp    passes.SpillExpander
	seqs   map[*mir.Instr]spillSeq
	weight map[mir.Reg]float64
	// rem is the target's rematerialization decisions, nil for the
	// allocator's own rule; rematCode gives the values it recomputes
	// with its own code that code.
	rem       passes.Rematerializer
	rematCode map[mir.Reg]func(t mir.Reg) []*mir.Instr
}

func (st *state) count(key string, n int64) {
	if st.c != nil && n != 0 {
		st.c.Count(key, n)
	}
}

func (st *state) debugf(format string, args ...any) {
	if st.c != nil {
		st.c.Debugf(format, args...)
	}
}

func (st *state) debugging() bool { return st.c != nil && st.c.Debugging() }

type alloc struct {
	*state
	f     *mir.Func
	nphys int
	// allocatable and clobbered (by calls) physical registers.
	allocatable, clobbered []bool
	order                  [][]mir.Reg // by class: the allocatable registers of its allocation order
	// units gives the register units of each physical register
	// (mir.Arch.Units); a unit is numbered by its plain register, and
	// unitAlloc says which units belong to an allocatable register.
	// Interference, fixed ranges, call clobbers and saved registers work
	// on units, so a tuple and the plain registers it is made of exclude
	// each other.
	units       [][]mir.Reg
	unitAlloc   []bool
	tuples      bool      // some register is a tuple (has several units)
	clobberList []mir.Reg // the units a call clobbers
	fixed       [][]seg   // by unit, sorted after build
	iv          []*interval
	hints       [][]mir.Reg // by vreg index
	copies      []copyPair  // the register-to-register copies between virtual registers
	// local marks, by unit, the target's local block (passes.LocalBlock);
	// nil when the target has none.
	local []bool
	// aroundBlock lists, by block index, the global values the local
	// allocator spills around the block (lra.go).
	aroundBlock map[int][]mir.Reg
	worstCache  map[[2]mir.RegClass]int
	// splits are the values the graph colouring splits around a loop
	// instead of spilling (split.go), with what loopSplit computes once.
	splits     []splitReq
	loops      *mir.LoopInfo
	blockIndex map[*mir.Block]int
	blockStart []int
	blockRefs  []map[mir.Reg]bool
	termDef    map[mir.Reg]bool
	refs       []float64 // by vreg index: loop-weighted references
	// defAt gives, by vreg index, the position its only definition
	// writes at; 0 when it has none, -1 when several.
	defAt []int
	// banked says that some allocatable register is read through a bank
	// port (mir.Arch.ReadPorts, banks.go); then portIns are the
	// instructions reading two port operands or more, one of them
	// virtual, and portOf lists them by vreg index.
	banked bool
	// stageRegs are the target's reserved registers that only stage
	// reads (passes.StagingRegs); stageUnit marks their units.
	stageRegs []mir.Reg
	stageUnit []bool
	portIns   []portInstr
	portOf    [][]int32
	// portConflicts and staged count the conflicts after assignment and
	// those staged through a free register.
	portConflicts, staged int64
}

func newAlloc(st *state) *alloc {
	f := st.f
	a := &alloc{state: st, f: f, nphys: len(f.Arch.Regs)}
	a.allocatable = make([]bool, a.nphys)
	a.clobbered = make([]bool, a.nphys)
	a.units = make([][]mir.Reg, a.nphys)
	a.unitAlloc = make([]bool, a.nphys)
	for r := 1; r < a.nphys; r++ {
		a.units[r] = f.Arch.Units(mir.Reg(r))
		a.tuples = a.tuples || len(a.units[r]) > 1
	}
	var free []mir.Reg
	m := passes.MachineFor(f.Arch)
	if m, ok := m.(passes.FreeRegs); ok {
		free = m.FreeReserved(f)
	}
	if m, ok := m.(passes.LocalBlock); ok && st.mode != modeLinear {
		// The local block is allocatable unless the linear scan runs:
		// tuple colours it like the rest, gra-lra gives it to LRA only.
		a.local = make([]bool, a.nphys)
		for _, u := range m.LocalRegs() {
			if int(u) < a.nphys {
				a.local[u] = true
			}
		}
		for r := 1; r < a.nphys; r++ {
			if a.inLocalBlock(mir.Reg(r)) {
				free = append(free, mir.Reg(r))
			}
		}
	}
	a.order = make([][]mir.Reg, len(f.Arch.Classes))
	for i, cl := range f.Arch.Classes {
		for _, r := range cl.Alloc {
			if int(r) < a.nphys && (!f.Arch.Regs[r].Reserved || containsReg(free, r)) {
				a.allocatable[r] = true
				a.order[i] = append(a.order[i], r)
				for _, u := range a.units[r] {
					a.unitAlloc[u] = true
				}
			}
		}
	}
	if f.Arch.ReadPorts != nil {
		for r := 1; r < a.nphys; r++ {
			a.banked = a.banked || a.allocatable[r] && f.Arch.Regs[r].Banks != 0
		}
	}
	if m, ok := m.(passes.StagingRegs); ok && a.banked {
		// Tracked like the allocatable registers, so that their fixed
		// segments say where they are free.
		a.stageUnit = make([]bool, a.nphys)
		for _, r := range m.StagingRegs(f) {
			if int(r) < a.nphys && !a.allocatable[r] {
				a.stageRegs = append(a.stageRegs, r)
				for _, u := range a.units[r] {
					a.stageUnit[u] = true
				}
			}
		}
	}
	for u := 1; u < a.nphys; u++ {
		if a.unitAlloc[u] && !f.Arch.Regs[u].CalleeSaved {
			a.clobbered[u] = true
			a.clobberList = append(a.clobberList, mir.Reg(u))
		}
	}
	a.fixed = make([][]seg, a.nphys)
	nv := f.NumVRegs()
	a.iv = make([]*interval, nv)
	a.hints = make([][]mir.Reg, nv)
	a.refs = make([]float64, nv)
	a.defAt = make([]int, nv)
	for len(st.noSpill) < nv {
		st.noSpill = append(st.noSpill, false)
	}
	return a
}

// inLocalBlock reports whether every unit of physical register r is in
// the target's local block.
func (a *alloc) inLocalBlock(r mir.Reg) bool {
	if a.local == nil || int(r) >= a.nphys || len(a.units[r]) == 0 {
		return false
	}
	for _, u := range a.units[r] {
		if !a.local[u] {
			return false
		}
	}
	return true
}

// touchesLocalBlock reports whether some unit of r is in the local block.
func (a *alloc) touchesLocalBlock(r mir.Reg) bool {
	if a.local == nil || int(r) >= a.nphys {
		return false
	}
	for _, u := range a.units[r] {
		if a.local[u] {
			return true
		}
	}
	return false
}

// trackedPhys reports whether physical register r has an allocatable unit:
// its live ranges then block the registers sharing that unit.
func (a *alloc) trackedPhys(r mir.Reg) bool {
	if int(r) >= a.nphys {
		return false
	}
	for _, u := range a.units[r] {
		if a.unitAlloc[u] || a.stageUnit != nil && a.stageUnit[u] {
			return true
		}
	}
	return false
}

// overlap reports whether physical registers r and s share a unit.
func (a *alloc) overlap(r, s mir.Reg) bool {
	if r == s {
		return true
	}
	if !a.tuples || int(r) >= a.nphys || int(s) >= a.nphys {
		return false
	}
	for _, u := range a.units[r] {
		for _, v := range a.units[s] {
			if u == v {
				return true
			}
		}
	}
	return false
}
