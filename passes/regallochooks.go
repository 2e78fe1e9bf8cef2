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

// Rematerializer is implemented by a Machine that decides which spilled
// values the register allocator recomputes instead of storing and
// reloading, and how (VC4: a word of the uniform stream is read again by
// pointing unif_addr at it; docs/regalloc.md "Target spill code").
type Rematerializer interface {
	// Remat is asked about def, the single definition of a value the
	// allocator may spill; generic says whether the allocator's own rule
	// would recompute it (no side effects, memory access or control flow;
	// no register operand but reserved registers nothing writes). ok
	// false: the value is stored and reloaded. ok true and code nil: a
	// copy of def recomputes it before each use (def goes). ok true and
	// code set: code(t) returns the instructions that recompute the
	// value into t before each use, and def stays (its side effects
	// happen once, its result is dead); the registers code creates are
	// never spilled. Remat is called while the allocator builds its
	// intervals too, so it must only decide.
	Remat(f *mir.Func, def *mir.Instr, generic bool) (code func(t mir.Reg) []*mir.Instr, ok bool)
}

// RegCopier is implemented by a Machine whose register copies after
// allocation are its own instruction rather than G_COPY (VC4: V4_MOV).
// The register allocator lowers every G_COPY it leaves (staging copies,
// forwarded reloads, copies of the input it could not coalesce) through
// it, bundle members included (docs/regalloc.md "Target copies").
type RegCopier interface {
	// CopyReg returns the instruction that copies the physical register
	// src into dst. It must read src only, through at most one port.
	CopyReg(f *mir.Func, dst, src mir.Reg) *mir.Instr
}

// ImmStager is implemented by a Machine with banked register files
// (mir.Arch.ReadPorts with Imm set) that can load an immediate into a
// register: an instruction whose immediates conflict with each other or
// with its register reads on the read ports then reads a register the
// allocator loads with the immediate just before it, instead of failing
// (VC4: two different small immediates, or one with a file-B read;
// docs/regalloc.md "Register banks").
type ImmStager interface {
	// ImmClass says whether immediate operand op of in may be replaced
	// by a register, and of which class (an index of mir.Arch.Classes).
	ImmClass(f *mir.Func, in *mir.Instr, op int) (class int, ok bool)
	// LoadImm returns the instruction that writes imm into the physical
	// register t; it must read at most one port (an immediate alone).
	LoadImm(f *mir.Func, t mir.Reg, imm int64) *mir.Instr
}

// StagingRegs is implemented by a Machine with banked register files
// that lets the register allocator stage reads (see ImmStager and
// docs/regalloc.md "Register banks") through some of its reserved
// registers, which it never gives to values: a staging register is
// written just before the one instruction that reads it, where no
// explicit operand of the function keeps it live (VC4: the accumulators
// r0–r2, which take no read port).
type StagingRegs interface {
	// StagingRegs returns those registers for f; each must be in the
	// allocation order of the classes whose reads it may stage.
	StagingRegs(f *mir.Func) []mir.Reg
}
