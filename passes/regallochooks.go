package passes

import "lltosimd/mir"

// ReadPortResolver is implemented by the Machine of a target with banked
// register files (mir.Arch.ReadPorts) that repairs, after register
// allocation, the read-port conflicts the allocator could neither avoid
// nor stage through a free register (docs/regalloc.md "Register banks").
// Without it such a conflict is an error of the allocation.
type ReadPortResolver interface {
	// ResolveReadPorts gets f, allocated, and the instructions whose port
	// reads still conflict (mir.Arch.ReadPortConflict), in layout order.
	ResolveReadPorts(f *mir.Func, conflicts []*mir.Instr) error
}

// SpillExpander is implemented by a Machine that spills with its own
// code and slots instead of the allocator's stack slots and
// G_STORE32/G_LOAD32 (G_SPILL/G_RELOAD) (VC4: VPM rows or per-lane
// scratch memory through the VPM and DMA; docs/regalloc.md "Target spill
// code"). The allocator still decides what to spill and where the
// stores and reloads go; the target says what they are.
type SpillExpander interface {
	// SpillSlot returns the slot, a number the target chooses, of the
	// spilled virtual register v; weight is the allocator's spill weight
	// of v (loop-weighted references per live position: the dearest
	// values first, e.g. for the cheaper kind of slot). It may add
	// instructions at the start of the entry block (a base register the
	// spill code reads, computed once).
	SpillSlot(f *mir.Func, v mir.Reg, weight float64) (int, error)
	// SpillStore returns the instructions that store register t into
	// slot; SpillReload those that load slot into t (the last one
	// defines t). Virtual registers created by SpillSlot, SpillStore or
	// SpillReload (f.NewVReg) are never spilled.
	SpillStore(f *mir.Func, t mir.Reg, slot int) []*mir.Instr
	SpillReload(f *mir.Func, t mir.Reg, slot int) []*mir.Instr
}
