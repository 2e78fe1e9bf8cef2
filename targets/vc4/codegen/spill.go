package codegen

import "fmt"

// Spill mechanics of the QPU (the decisions are in regalloc.go).
//
// A spilled value lives in a *slot* of the wave's scratch area: 16 words
// (one per lane) at scratch + spillBase + 64·slot, after the dummy words
// and the lanes' private memory, so every wave (and so every QPU) has its
// own slots. A spill store writes the vector to VPM row 0 and stores the
// row with one 16-word VDW DMA; a reload reads the row back with one
// 16-word VDR DMA and a VPM read. Both hold the VPM mutex like every other
// VPM user (the row and the DMA engines are shared) and wait for their
// DMA before releasing it.
//
// This path is coherent by construction: VDW writes memory directly and
// VDR reads memory directly, and the TMU (whose caches do not see DMA
// writes, docs/vc4.md "Incoherent caches") never reads a slot.
//
// Constants (a single unconditional ldi or small-immediate mov) are never
// stored: every use recomputes them with that instruction.
//
// The sequences use only r1 (dead at every insertion point: the lowering
// uses it only inside its own sequences, which the spill code never
// splits) and no flags, so they can go between a flag-setting instruction
// and its conditional user. A sequence holding the mutex (load, store)
// is never split either: reloads for its uses go before its acquire, and
// values it defines are not spilled.
type spiller struct {
	newV    func() int
	scratch int   // virtual register holding the scratch address (never spilled)
	base    int64 // byte offset of slot 0 in the scratch area
	nslots  int
	temps   map[int]bool // spill temporaries (never spilled again)
	stats   spillStats
	debug   func(format string, args ...any)
}

// spillStats count what the spiller did.
type spillStats struct {
	Spilled, Rematerialized int // virtual registers
	Stores, Reloads, Remats int // inserted sequences
}

// spill costs, in cycles: the instructions of a sequence plus the DMA
// wait of the timing model (10 + 15/4 cycles for 16 words, docs/vc4.md).
// A rematerialization is one instruction.
const (
	spillStoreCycles  = 8 + 14
	spillReloadCycles = 10 + 14
)

func (s *spiller) costs() spillCosts {
	return spillCosts{store: spillStoreCycles, reload: spillReloadCycles, remat: 1}
}

// mutexRegions maps every instruction inside a sequence that holds the
// VPM mutex (from the read of mutex to its release) to the bounds of that
// sequence; other instructions map to {-1, -1}.
func mutexRegions(code []*lins) [][2]int {
	reg := make([][2]int, len(code))
	start := -1
	for i, in := range code {
		reg[i] = [2]int{-1, -1}
		if start < 0 && (in.a == ph("mutex") || in.b == ph("mutex")) {
			start = i
		}
		if start >= 0 && in.d == ph("mutex") {
			for j := start; j <= i; j++ {
				reg[j] = [2]int{start, i}
			}
			start = -1
		}
	}
	return reg
}

// rematerializable reports whether in recomputes its result from nothing:
// an unconditional ldi or small-immediate mov.
func rematerializable(in *lins) bool {
	if in.cond != "" || in.setf || in.masked || in.rot != 0 || in.d.k != vReg {
		return false
	}
	return in.op == "ldi" || in.op == "mov" && in.a.k == vImm && in.b == in.a
}

// mark sets which intervals may not be spilled and which are
// rematerializable.
func (s *spiller) mark(code []*lins, ivs map[int]*liveInterval) {
	ndefs := map[int]int{}
	def := map[int]*lins{}
	regions := mutexRegions(code)
	for i, in := range code {
		if r := in.defReg(); r >= 0 {
			ndefs[r]++
			def[r] = in
			if regions[i][0] >= 0 {
				ivs[r].noSpill = true // its spill store could not leave the sequence
			}
		}
	}
	for r, iv := range ivs {
		if s.temps[r] || r == s.scratch {
			iv.noSpill = true
		}
		iv.remat = ndefs[r] == 1 && rematerializable(def[r])
	}
}

// rewrite replaces every occurrence of the spilled registers by a fresh
// temporary: reloaded (or recomputed) just before a use, stored just
// after a definition.
func (s *spiller) rewrite(code []*lins, spilled []*liveInterval) []*lins {
	slot := map[int]int{}
	remat := map[int]*lins{}
	isRemat := map[int]bool{}
	for _, iv := range spilled {
		if iv.remat {
			isRemat[iv.reg] = true
			s.stats.Rematerialized++
		} else {
			slot[iv.reg] = s.nslots
			s.nslots++
			s.stats.Spilled++
		}
		if s.debug != nil {
			s.debug("spill %%%d [%d, %d] uses %.0f defs %.0f remat %v", iv.reg, iv.start, iv.end, iv.uses, iv.defs, iv.remat)
		}
	}
	for _, in := range code {
		if r := in.defReg(); r >= 0 && isRemat[r] {
			remat[r] = in
		}
	}
	regions := mutexRegions(code)
	// The prologue reads the scratch address from the uniform stream after
	// the words before it: a value defined earlier is stored once the
	// address is there (the prologue is straight-line code).
	scratchDef := 0
	for i, in := range code {
		if in.defReg() == s.scratch {
			scratchDef = i
			break
		}
	}
	before := map[int][]*lins{}
	after := map[int][]*lins{}
	// Reload temporaries of an insertion point, shared by the uses of one
	// instruction or of one mutex sequence.
	temp := map[[2]int]int{}
	rewritten := make([]*lins, len(code))
	for i, orig := range code {
		if r := orig.defReg(); r >= 0 && isRemat[r] {
			continue // recomputed at every use instead
		}
		in := *orig
		rewritten[i] = &in
		at, end := i, i
		if reg := regions[i]; reg[0] >= 0 {
			at, end = reg[0], reg[1]
		}
		subst := map[int]int{}
		for _, u := range in.uses() {
			_, sp := slot[u]
			if _, done := subst[u]; done || !sp && !isRemat[u] {
				continue
			}
			key := [2]int{at, u}
			t, ok := temp[key]
			if !ok {
				t = s.newV()
				s.temps[t] = true
				temp[key] = t
				if isRemat[u] {
					c := *remat[u]
					c.d = vr(t)
					before[at] = append(before[at], &c)
					s.stats.Remats++
				} else {
					s.checkR1(code, at)
					before[at] = append(before[at], s.reload(slot[u], t)...)
					s.stats.Reloads++
				}
			}
			subst[u] = t
		}
		for _, v := range []*val{&in.a, &in.b} {
			if v.k != vReg {
				continue
			}
			if t, ok := subst[v.r]; ok {
				*v = vr(t)
			}
		}
		if r := in.defReg(); r >= 0 {
			if n, ok := slot[r]; ok {
				t, ok := subst[r] // a partial write merges into the reloaded value
				if !ok {
					t = s.newV()
					s.temps[t] = true
				}
				in.d = vr(t)
				end = max(end, scratchDef)
				s.checkR1(code, end+1)
				after[end] = append(after[end], s.store(n, t)...)
				s.stats.Stores++
			}
		}
	}
	var out []*lins
	for i, in := range rewritten {
		out = append(out, before[i]...)
		if in != nil {
			out = append(out, in)
		}
		out = append(out, after[i]...)
	}
	return out
}

// slotOffset loads the byte offset of slot n in the scratch area into r1.
func (s *spiller) slotOffset(n int) *lins {
	return &lins{op: "ldi", d: ph("r1"), imm: uint32(s.base + 64*int64(n))}
}

// store writes temporary t to slot n: VPM row 0, then one 16-word VDW
// DMA to the slot, waited for before the mutex is released.
func (s *spiller) store(n, t int) []*lins {
	return []*lins{
		{op: "mov", d: ph("r1"), a: ph("mutex"), b: ph("mutex"), comment: fmt.Sprintf("spill to slot %d", n)},
		{op: "ldi", d: ph("vw_setup"), imm: 0x1a00},
		{op: "mov", d: ph("vpm"), a: vr(t), b: vr(t)},
		{op: "ldi", d: ph("vw_setup"), imm: 0x80904000},
		s.slotOffset(n),
		{op: "add", d: ph("vw_addr"), a: vr(s.scratch), b: ph("r1")},
		{op: "mov", d: ph("r1"), a: ph("vw_wait"), b: ph("vw_wait")},
		{op: "mov", d: ph("mutex"), a: sim(0), b: sim(0)},
	}
}

// reload reads slot n into temporary t: one 16-word VDR DMA into VPM row
// 0, then a VPM read (readable from the 3rd instruction after its setup,
// spec §5). The mutex release separates the write of t from its use, so
// no hazard nop is needed.
func (s *spiller) reload(n, t int) []*lins {
	return []*lins{
		{op: "mov", d: ph("r1"), a: ph("mutex"), b: ph("mutex"), comment: fmt.Sprintf("reload from slot %d", n)},
		s.slotOffset(n),
		{op: "ldi", d: ph("vr_setup"), imm: 0x80010000},
		{op: "add", d: ph("vr_addr"), a: vr(s.scratch), b: ph("r1")},
		{op: "mov", d: ph("r1"), a: ph("vr_wait"), b: ph("vr_wait")},
		{op: "ldi", d: ph("vr_setup"), imm: 0x00101a00},
		{op: "nop"},
		{op: "nop"},
		{op: "mov", d: vr(t), a: ph("vpm"), b: ph("vpm")},
		{op: "mov", d: ph("mutex"), a: sim(0), b: sim(0)},
	}
}

// checkR1 panics (an internal error of Compile) if r1 may be live at
// position i, where spill code that clobbers it is inserted: some
// instruction of the straight-line code from i reads r1 before writing it.
func (s *spiller) checkR1(code []*lins, i int) {
	r1 := ph("r1")
	for ; i < len(code); i++ {
		in := code[i]
		if in.op == "label" || in.op == "brr" {
			return
		}
		if in.a == r1 || in.b == r1 {
			panic(fmt.Sprintf("spill code would clobber r1, live at %s", in))
		}
		if in.d == r1 && !in.partial() {
			return
		}
	}
}
