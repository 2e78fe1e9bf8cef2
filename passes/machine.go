package passes

import (
	"sync"

	"lltosimd/mir"
)

// Machine is the part of a target that the generic passes consult: one
// interface per architecture (in the spirit of wazero's backend.Machine),
// registered by the package that defines the architecture's op table.
// Everything else a target contributes (its passes, its pipeline, its
// emitters) is registered in package targets.
type Machine interface {
	// BranchInfo returns the facts the late branch passes (del-jmp,
	// delay-slot filling, branch relaxation) need, or nil: they then leave
	// the architecture's code alone.
	BranchInfo() BranchInfo
	// PhiElimHooks returns how phi elimination emits the architecture's own
	// instructions; the zero value emits generic ops.
	PhiElimHooks() PhiElimHooks
}

// FreeRegs is implemented by a Machine some of whose reserved registers the
// register allocator may use in functions that do not need them for their
// reserved role (LLVM's getReservedRegs(MF)), such as a frame pointer
// register in functions without a frame pointer.
type FreeRegs interface {
	// FreeReserved returns the reserved registers of the allocation
	// orders that f leaves free.
	FreeReserved(f *mir.Func) []mir.Reg
}

// LocalBlock is implemented by a Machine that sets aside a block of
// registers for a local register allocator, as OCC does for BWDSP (spec
// bwdsp.md §3.2: R28–R39, the same numbers in every macro, so that a local
// SIMD value always finds a number free in every lane). The registers
// made of the block's units are in the allocation orders of their
// classes and marked Reserved. -regalloc=gra-lra colours the global live
// ranges without them and allocates block-local values over them;
// -regalloc=tuple allocates them like any other register;
// -regalloc=linear leaves them reserved (docs/regalloc.md).
type LocalBlock interface {
	// LocalRegs returns the plain registers (units) of the block.
	LocalRegs() []mir.Reg
}

// RegAllocDefault is implemented by a Machine that names the register
// allocator (one of regalloc.Names) its functions get when -regalloc is
// not given; without it a target gets the linear scan. -regalloc=NAME
// overrides it (docs/regalloc.md).
type RegAllocDefault interface {
	// DefaultRegAlloc returns the allocator's -regalloc name.
	DefaultRegAlloc() string
}

// FuncSelector is implemented by a Machine whose pipeline compiles only
// some functions of a module to the end (VC4: the kernels; a helper stays
// generic MIR for its inliner to copy into the callers). A plan checks
// the properties each pass needs, and -verify-machineinstrs those it sets,
// only on the functions it compiles; the passes still run on the others
// and must leave alone what they do not handle.
type FuncSelector interface {
	// Compiles reports whether the pipeline takes f of m (nil when the
	// function stands alone) to the end.
	Compiles(m *mir.Module, f *mir.Func) bool
}

// Compiled reports whether the Machine of f's architecture takes f to the
// end of its pipeline (FuncSelector; true without one).
func Compiled(m *mir.Module, f *mir.Func) bool {
	if fs, ok := MachineFor(f.Arch).(FuncSelector); ok {
		return fs.Compiles(m, f)
	}
	return true
}

var (
	machineMu sync.Mutex
	machines  = map[*mir.Arch]Machine{}
)

// RegisterMachine installs the Machine of an architecture; call it from
// the init function of the package that defines a.
func RegisterMachine(a *mir.Arch, m Machine) {
	machineMu.Lock()
	defer machineMu.Unlock()
	if _, dup := machines[a]; dup {
		panic("passes: second Machine for architecture " + a.Name)
	}
	machines[a] = m
}

// MachineFor returns the Machine of an architecture, or nil.
func MachineFor(a *mir.Arch) Machine {
	machineMu.Lock()
	defer machineMu.Unlock()
	return machines[a]
}
