package codegen

import (
	"fmt"
	"sort"

	"lltosimd/mir"
)

// Spill mechanics of the QPU (the decisions are in regalloc.go).
//
// A spilled value lives in a *slot* that holds one 16-lane vector. There
// are two kinds, and the costliest spilled values get the cheap one:
//
//   - VPM rows: each QPU owns vpmSpillRows rows of the VPM (rows 16 + 3q …
//     18 + 3q for QPU q; rows 0–15 are the shared staging rows of loads
//     and stores, and 16 QPUs × 3 rows fit in the 64 modelled rows). A spill
//     store is `add vw_setup, vwb, k` ; `mov vpm, t` and a reload
//     `ldi r1, k + 0x100000` ; `add vr_setup, vwb, r1` ; two instructions ;
//     `mov t, vpm` (readable from the 3rd instruction after the setup,
//     spec §5), where vwb = 0x1a10 + 3·qpu_num (a horizontal 32-bit write
//     setup of the QPU's first row) is computed once in the prologue. No
//     mutex, no DMA: the rows and the VPM setups belong to the QPU.
//   - memory: 16 words (one per lane) at scratch + base + 64·n in the
//     wave's scratch area, after the dummy words and the lanes' private
//     memory. A store writes the vector to VPM row 0 and stores the row by
//     one 16-word VDW DMA; a reload reads it back by one 16-word VDR DMA and
//     a VPM read. Both hold the VPM mutex like every other user of row 0
//     and the DMA engines, and wait for their DMA before releasing it.
//
// Both are coherent by construction: a value never passes through the
// TMU or uniform caches (which do not see DMA writes, docs/vc4.md
// "Incoherent caches"): VPM rows are read directly, VDW writes and VDR
// reads memory directly. Values whose live ranges do not overlap share a
// slot.
//
// Values that can be recomputed are never stored: constants (a single
// unconditional ldi or small-immediate mov) are recomputed at each use by
// that instruction; words of the uniform stream are read again by
// pointing unif_addr at them (the launcher appends the stream's own
// address after the arguments, docs/vc4.md).
//
// The sequences clobber only r1 (dead at every insertion point: the
// lowering uses it only inside its own sequences, which the spill code
// never splits; checkR1 verifies it), and set no flags, so they can go
// between a flag-setting instruction and its conditional user. They name
// r1, so the accumulator decisions of the final round (regalloc.go) see
// the clobber like any other, and stage an operand of theirs that
// conflicts on a read port (vwb with an immediate) through an accumulator
// free there. A sequence holding
// the mutex (load, store) is never split: reloads for its uses go before
// its acquire, and values it defines are not spilled.
type spiller struct {
	newV    func() int
	scratch int   // virtual register holding the scratch address (never spilled)
	base    int64 // byte offset of memory slot 0 in the scratch area
	nslots  int   // memory slots
	vpmRows int   // VPM rows taken by earlier rounds
	vwb     int   // virtual register holding the QPU's first VPM write setup, -1 if none yet
	ubase   int   // virtual register holding the uniform stream address, -1 if none yet
	temps   map[int]bool
	stats   spillStats
	debug   func(format string, args ...any)
}

// vpmStagingRows are the VPM rows 0… shared (under the mutex) by loads
// and stores: a strided store puts one lane per row (store).
const vpmStagingRows = 16

// vpmSpillRows is the number of VPM rows each QPU uses for spills.
const vpmSpillRows = 3

// reuseWindow bounds how far (in positions) a reloaded value is
// reused: long enough for the expansion of one operation, short enough
// to keep the temporaries from adding pressure.
const reuseWindow = 12

func newSpiller(newV func() int, scratch int, base int64) *spiller {
	return &spiller{newV: newV, scratch: scratch, base: base, vwb: -1, ubase: -1, temps: map[int]bool{}}
}

// spillStats count what the spiller did.
type spillStats struct {
	Spilled, Rematerialized int // virtual registers
	VPMSlots, MemSlots      int // slots used
	Stores, Reloads, Remats int // inserted sequences
}

// Costs in cycles: the instructions of a sequence plus, for memory slots,
// the DMA wait of the timing model (10 + ⌈15/4⌉ cycles for 16 words,
// docs/vc4.md); the decisions use the memory costs, the slot choice
// gives the VPM rows to the costliest values.
const (
	spillStoreCycles  = 8 + 14
	spillReloadCycles = 10 + 14
	rematConstCycles  = 1
	rematUnifCycles   = 6 // unif_addr write, 2 instructions, read, hazard nop
)

func (s *spiller) costs() spillCosts {
	return spillCosts{store: spillStoreCycles, reload: spillReloadCycles}
}

// mutexRegions maps every position inside a sequence that holds the VPM
// mutex (from the read of $mutex to its release) to the bounds of that
// sequence; other positions map to {-1, -1}.
func mutexRegions(c *mcode) [][2]int {
	mutex := regByName["mutex"]
	reg := make([][2]int, len(c.at))
	start := -1
	for p, in := range c.at {
		reg[p] = [2]int{-1, -1}
		if start < 0 && readsReg(in, mutex) {
			start = p
		}
		if start >= 0 && writesReg(in, mutex) {
			for j := start; j <= p; j++ {
				reg[j] = [2]int{start, p}
			}
			start = -1
		}
	}
	return reg
}

// plainWrite reports whether in writes a virtual register in all lanes
// without setting the flags.
func plainWrite(in *mir.Instr) bool { return defReg(in) >= 0 && !partial(in) && !setsFlags(in) }

// constantDef reports whether in recomputes its result from nothing: an
// unconditional ldi or small-immediate mov.
func constantDef(in *mir.Instr) bool {
	if !plainWrite(in) {
		return false
	}
	a, _, _ := srcOps(in)
	return isLdi(in) || isCopy(in) && a.Kind == mir.KindImm
}

// unifDef reports whether in is a read of the uniform stream into a
// register (the prologue's).
func unifDef(in *mir.Instr) bool {
	a, _, _ := srcOps(in)
	return plainWrite(in) && isCopy(in) && isReg(a, regByName["unif"])
}

// mark sets which intervals may not be spilled and which are
// rematerializable, and at what cost.
func (s *spiller) mark(c *mcode, ivs map[int]*liveInterval) {
	ndefs := map[int]int{}
	def := map[int]*mir.Instr{}
	regions := mutexRegions(c)
	for p, in := range c.at {
		if r := defReg(in); r >= 0 {
			ndefs[r]++
			def[r] = in
			if regions[p][0] >= 0 {
				ivs[r].noSpill = true // its spill store could not leave the sequence
			}
		}
	}
	for r, iv := range ivs {
		if s.temps[r] || r == s.scratch || r == s.vwb || r == s.ubase {
			iv.noSpill = true
		}
		switch {
		case ndefs[r] != 1:
		case constantDef(def[r]):
			iv.rematCost = rematConstCycles
		case unifDef(def[r]):
			iv.rematCost = rematUnifCycles
		}
	}
}

// slotKind is where a spilled value lives.
type slotKind int

const (
	slotMem slotKind = iota // scratch memory, by DMA
	slotVPM                 // a VPM row of the QPU
)

type slot struct {
	kind slotKind
	n    int
}

func (sl slot) String() string {
	if sl.kind == slotVPM {
		return fmt.Sprintf("VPM row %d", sl.n)
	}
	return fmt.Sprintf("memory slot %d", sl.n)
}

// assignSlots gives the spilled intervals slots: by decreasing cost, the
// first VPM row or memory slot whose values' live ranges do not overlap.
func (s *spiller) assignSlots(spilled []*liveInterval) map[int]slot {
	list := append([]*liveInterval{}, spilled...)
	costs := s.costs()
	sort.SliceStable(list, func(i, j int) bool { return list[i].spillCost(costs) > list[j].spillCost(costs) })
	type occ struct{ ivs []*liveInterval }
	overlaps := func(o *occ, x *liveInterval) bool {
		for _, y := range o.ivs {
			if x.start <= y.end && y.start <= x.end {
				return true
			}
		}
		return false
	}
	var vpm, mem []*occ
	res := map[int]slot{}
	for _, x := range list {
		placed := false
		for k := 0; k < vpmSpillRows-s.vpmRows && !placed; k++ {
			if k == len(vpm) {
				vpm = append(vpm, &occ{})
			}
			if !overlaps(vpm[k], x) {
				vpm[k].ivs = append(vpm[k].ivs, x)
				res[x.reg] = slot{slotVPM, s.vpmRows + k}
				placed = true
			}
		}
		for k := 0; !placed; k++ {
			if k == len(mem) {
				mem = append(mem, &occ{})
			}
			if !overlaps(mem[k], x) {
				mem[k].ivs = append(mem[k].ivs, x)
				res[x.reg] = slot{slotMem, s.nslots + k}
				placed = true
			}
		}
	}
	s.vpmRows += len(vpm)
	s.nslots += len(mem)
	s.stats.VPMSlots += len(vpm)
	s.stats.MemSlots += len(mem)
	return res
}

// rewrite replaces every occurrence of the spilled registers by a fresh
// temporary: reloaded (or recomputed) just before a use, stored just
// after a definition. It rewrites c's function (c is stale afterwards).
func (s *spiller) rewrite(c *mcode, spilled []*liveInterval) error {
	remat := map[int]*mir.Instr{}
	isRemat := map[int]bool{}
	var stored []*liveInterval
	for _, iv := range spilled {
		if iv.rematCost > 0 {
			isRemat[iv.reg] = true
			s.stats.Rematerialized++
		} else {
			stored = append(stored, iv)
			s.stats.Spilled++
		}
	}
	slots := s.assignSlots(stored)
	if s.debug != nil {
		for _, iv := range spilled {
			where := "rematerialized"
			if sl, ok := slots[iv.reg]; ok {
				where = "to " + sl.String()
			}
			s.debug("spill %s live [%d, %d] uses %.0f defs %.0f remat cost %.0f: %s",
				mir.FormatReg(c.f, vreg(iv.reg).Reg), iv.start, iv.end, iv.uses, iv.defs, iv.rematCost, where)
		}
	}
	unif := regByName["unif"]
	unifIndex := map[int]int{} // rematerialized uniform -> its word in the stream
	nunif, lastUnif := 0, -1
	for p, in := range c.at {
		if in == nil {
			break // the end of the prologue, which reads every uniform
		}
		if a, _, ok := srcOps(in); ok && isReg(a, unif) {
			if r := defReg(in); r >= 0 && isRemat[r] && unifDef(in) {
				unifIndex[r] = nunif
			}
			nunif++
			lastUnif = p
		}
	}
	for _, in := range c.at {
		if r := defReg(in); r >= 0 && isRemat[r] {
			remat[r] = in
		}
	}
	regions := mutexRegions(c)
	// The prologue reads the scratch address from the uniform stream after
	// the words before it: a value defined earlier is stored once the
	// address is there (the prologue is straight-line code). The VPM
	// base and the stream address are set up in the prologue too.
	scratchDef := 0
	for p, in := range c.at {
		if r := defReg(in); r >= 0 && r == s.scratch {
			scratchDef = p
			break
		}
	}
	e := newEdits()
	for _, sl := range slots {
		if sl.kind == slotVPM && s.vwb < 0 {
			s.vwb = s.newV()
			e.after[scratchDef] = append(e.after[scratchDef], s.vpmBase()...)
		}
	}
	if len(unifIndex) > 0 && s.ubase < 0 {
		// The launcher puts the stream's address after the arguments.
		s.ubase = s.newV()
		e.after[lastUnif] = append(e.after[lastUnif], movI(vreg(s.ubase), hw("unif"), "uniform stream address"))
	}
	// The temporary last holding each spilled value, where it was set and
	// in which straight-line stretch: uses up to reuseWindow positions
	// later in the same stretch read it again instead of reloading (the
	// uses of one instruction, of one mutex sequence, of a mul32 …).
	type holder struct{ t, pos, seg int }
	recent := map[int]holder{}
	seg := 0
	for i, in := range c.at {
		if in == nil || isBranch(in.Op) {
			seg++
		}
		if in == nil {
			continue
		}
		if r := defReg(in); r >= 0 && isRemat[r] {
			if _, ok := unifIndex[r]; ok {
				in.Ops[defIdx(in)].Reg = RegNop // the word must still be consumed in stream order
				continue
			}
			e.drop[i] = true // recomputed at every use instead
			continue
		}
		at, end := i, i
		if reg := regions[i]; reg[0] >= 0 {
			at, end = reg[0], reg[1]
		}
		subst := map[int]int{}
		for _, u := range usesOf(in) {
			sl, sp := slots[u]
			if _, done := subst[u]; done || !sp && !isRemat[u] {
				continue
			}
			h, ok := recent[u]
			t := h.t
			if !ok || h.seg != seg || at-h.pos > reuseWindow {
				t = s.newV()
				s.temps[t] = true
				recent[u] = holder{t, at, seg}
				if at <= max(scratchDef, lastUnif) {
					panic("spill reload inside the prologue")
				}
				switch w, isUnif := unifIndex[u]; {
				case isUnif:
					s.checkR1(c, at)
					e.before[at] = append(e.before[at], s.unifReload(w, t)...)
					s.stats.Remats++
				case isRemat[u]:
					r := cloneInstr(remat[u])
					r.Ops[defIdx(r)].Reg = vreg(t).Reg
					e.before[at] = append(e.before[at], r)
					s.stats.Remats++
				default:
					s.checkR1(c, at)
					e.before[at] = append(e.before[at], s.reload(sl, t)...)
					s.stats.Reloads++
				}
			}
			subst[u] = t
		}
		// The sources read the temporaries; a written spilled register
		// is written to one (the reloaded one for a partial write, whose
		// old value is read) and stored after it.
		ia, ib := srcIdx(in)
		for _, k := range []int{ia, ib} {
			if k < 0 {
				continue
			}
			if t, ok := subst[virt(in.Ops[k])]; ok {
				in.Ops[k].Reg = vreg(t).Reg
			}
		}
		if r := defReg(in); r >= 0 {
			if sl, ok := slots[r]; ok {
				t, ok := subst[r] // a partial write merges into the reloaded value
				if !ok {
					t = s.newV()
					s.temps[t] = true
				}
				renameReg(in, vreg(r).Reg, vreg(t).Reg)
				recent[r] = holder{t, i, seg}
				end = max(end, scratchDef)
				s.checkR1(c, end+1)
				e.after[end] = append(e.after[end], s.store(sl, t)...)
				s.stats.Stores++
			}
		}
	}
	return c.apply(e)
}

// vpmBase computes vwb = 0x1a10 + 3·qpu_num: a VPM write setup (row
// 16 + 3·qpu_num, horizontal 32-bit, stride 1) of the QPU's first spill row.
func (s *spiller) vpmBase() []*mir.Instr {
	r1 := hw("r1")
	return []*mir.Instr{
		movI(r1, hw("qpu_num"), "VPM spill rows of this QPU"),
		machInstr("mul24", true, r1, "", r1, mir.I(vpmSpillRows)),
		ldiI(vreg(s.vwb), 0x1a00+vpmStagingRows, ""),
		machInstr("add", false, vreg(s.vwb), "", vreg(s.vwb), r1),
	}
}

// slotOffset loads the byte offset of memory slot n in the scratch area
// into r1.
func (s *spiller) slotOffset(n int) *mir.Instr {
	return ldiI(hw("r1"), uint32(s.base+64*int64(n)), "")
}

// store writes temporary t to its slot.
func (s *spiller) store(sl slot, t int) []*mir.Instr {
	if sl.kind == slotVPM {
		return []*mir.Instr{
			machInstr("add", false, hw("vw_setup"), fmt.Sprintf("spill to VPM row %d of this QPU", sl.n), vreg(s.vwb), mir.I(int64(sl.n))),
			movI(hw("vpm"), vreg(t), ""),
		}
	}
	// VPM row 0, then one 16-word VDW DMA to the slot, waited for before
	// the mutex is released.
	return []*mir.Instr{
		movI(hw("r1"), hw("mutex"), fmt.Sprintf("spill to memory slot %d", sl.n)),
		ldiI(hw("vw_setup"), 0x1a00, ""),
		movI(hw("vpm"), vreg(t), ""),
		ldiI(hw("vw_setup"), 0x80904000, ""),
		s.slotOffset(sl.n),
		machInstr("add", false, hw("vw_addr"), "", vreg(s.scratch), hw("r1")),
		movI(hw("r1"), hw("vw_wait"), ""),
		movI(hw("mutex"), mir.I(0), ""),
	}
}

// reload reads temporary t from its slot. The VPM is readable from the
// 3rd instruction after the read setup (spec §5).
func (s *spiller) reload(sl slot, t int) []*mir.Instr {
	if sl.kind == slotVPM {
		return []*mir.Instr{
			ldiI(hw("r1"), 0x100000+uint32(sl.n), fmt.Sprintf("reload from VPM row %d of this QPU", sl.n)),
			machInstr("add", false, hw("vr_setup"), "", vreg(s.vwb), hw("r1")), // read setup = write setup + NUM 1
			nopI(),
			nopI(),
			movI(vreg(t), hw("vpm"), ""),
		}
	}
	// One 16-word VDR DMA into VPM row 0, then a VPM read. The mutex
	// release separates the write of t from its use (no hazard nop).
	return []*mir.Instr{
		movI(hw("r1"), hw("mutex"), fmt.Sprintf("reload from memory slot %d", sl.n)),
		s.slotOffset(sl.n),
		ldiI(hw("vr_setup"), 0x80010000, ""),
		machInstr("add", false, hw("vr_addr"), "", vreg(s.scratch), hw("r1")),
		movI(hw("r1"), hw("vr_wait"), ""),
		ldiI(hw("vr_setup"), 0x00101a00, ""),
		nopI(),
		nopI(),
		movI(vreg(t), hw("vpm"), ""),
		movI(hw("mutex"), mir.I(0), ""),
	}
}

// unifReload reads word w of the uniform stream again into t: unif_addr
// is pointed at it, and a uniform may be read from the 3rd instruction
// after that (REF, spec §5).
func (s *spiller) unifReload(w, t int) []*mir.Instr {
	off := 4 * w
	var seq []*mir.Instr
	o := mir.I(int64(off))
	if off > 15 {
		seq = append(seq, ldiI(hw("r1"), uint32(off), ""))
		o = hw("r1")
	}
	return append(seq,
		machInstr("add", false, hw("unif_addr"), fmt.Sprintf("reread uniform word %d", w), vreg(s.ubase), o),
		nopI(),
		nopI(),
		movI(vreg(t), hw("unif"), ""),
	)
}

// checkR1 panics (an internal error of Compile) if r1 may be live at
// position i, where spill code, which clobbers it, is inserted. Live means
// that some instruction of the straight-line code from i reads the
// accumulator before writing it. (Values the allocator puts in
// accumulators are decided after the last spill round, around the spill
// code.)
func (s *spiller) checkR1(c *mcode, i int) {
	r1 := regByName["r1"]
	for j := i; j < len(c.at); j++ {
		in := c.at[j]
		if in == nil || isBranch(in.Op) {
			break
		}
		if readsReg(in, r1) {
			panic(fmt.Sprintf("spill code would clobber $r1, live at %s", mir.FormatInstr(c.f, in)))
		}
		if writesReg(in, r1) && !partial(in) {
			break
		}
	}
}
