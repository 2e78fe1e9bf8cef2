package codegen

import "lltosimd/mir"

// The TMU and uniform caches of the VideoCore IV do not see VDW DMA
// writes, and a QPU cannot flush them (docs/vc4.md, "Incoherent caches"):
// a TMU load of a word that the kernel may have stored during the launch
// can return stale data. coherence decides, per load, whether the fast
// TMU path is safe or the load must read memory by VDR DMA (which reads
// memory directly).
//
// The analysis is a conservative points-to on *roots*: every value
// carries the set of roots its bits may derive from — a kernel argument
// word, private memory (any frame object), the module's data image
// (__constant and other globals) or the work-group's __local globals. Roots flow through every
// computation (an address is any function of its operands); a loaded
// value carries the roots of every value the kernel stores to memory
// (memory holds nothing else that can be a pointer: OpenCL 1.2 kernels
// receive no pointers inside buffers). A root is *written* when some
// store (or memset/memcpy destination) address may derive from it; a
// store whose address derives from no root writes everything. A load may
// use the TMU when its address has a root and none of its roots is
// written, or when the kernel writes nothing at all.

// rootSet is a set of roots: bit 0 private memory, bit 1 the data image,
// bit 2 the __local globals, bit 3+i kernel argument word i (words beyond
// 60 share the last bit, which only adds aliasing).
type rootSet uint64

const (
	rootFrame rootSet = 1 << iota
	rootData
	rootLocal
	firstArgRoot = iota
)

func rootArg(i int) rootSet {
	if i > 63-firstArgRoot {
		i = 63 - firstArgRoot
	}
	return 1 << (firstArgRoot + i)
}

// loadPath is how a load reads memory.
type loadPath int

const (
	pathTMU        loadPath = iota // through TMU0 (memory the launch never writes)
	pathDMA                        // by VDR DMA
	pathDMAPrivate                 // by VDR DMA, and the address is private memory only
)

// coherentLoads returns the loads (and memcpy/memmove calls, whose source
// words are loads) that must not read through the TMU, with their path.
// It runs before the prologue removes G_ARGS.
func coherentLoads(g *flow, gl *Globals) map[*mir.Instr]loadPath {
	roots := map[mir.Reg]rootSet{}
	of := func(o mir.Operand) rootSet {
		switch o.Kind {
		case mir.KindReg:
			return roots[o.Reg]
		case mir.KindFrame:
			return rootFrame
		}
		return 0
	}
	// memArgs returns the register words of a memset/memcpy/memmove call:
	// destination, source (or value), length.
	memArgs := func(in *mir.Instr) []mir.Operand {
		var regs []mir.Operand
		for _, o := range in.Uses()[1:] {
			if o.Kind == mir.KindReg {
				regs = append(regs, o)
			}
		}
		return regs
	}
	isMemCall := func(in *mir.Instr) bool {
		u := in.Uses()
		return in.Op == mir.GCall && len(u) > 0 && u[0].Kind == mir.KindSym && memCalls[u[0].Sym]
	}
	// Atomics load and store: they write through their pointer (the first
	// word operand) and store their value operands.
	isAtomic := func(in *mir.Instr) bool {
		u := in.Uses()
		if in.Op != mir.GCall || len(u) < 2 || u[0].Kind != mir.KindSym {
			return false
		}
		_, _, ok := atomicCall(u[0].Sym)
		return ok
	}
	var stored rootSet
	for changed := true; changed; {
		changed = false
		add := func(r mir.Reg, s rootSet) {
			if roots[r]|s != roots[r] {
				roots[r] |= s
				changed = true
			}
		}
		for _, b := range g.blocks {
			for _, in := range g.facts[b].instrs {
				defs, uses := in.Defs(), in.Uses()
				switch {
				case in.Op == mir.GArgs:
					for i, d := range defs {
						add(d.Reg, rootArg(i))
					}
				case in.Op == mir.GFrameAddr:
					add(defs[0].Reg, rootFrame)
				case in.Op == mir.GGlobalAddr:
					if local, _, _ := gl.Place(uses[0].Sym); local {
						add(defs[0].Reg, rootLocal)
					} else {
						add(defs[0].Reg, rootData)
					}
				case in.Op >= mir.GLoad32 && in.Op <= mir.GLoad8U:
					add(defs[0].Reg, stored)
				case in.Op >= mir.GStore32 && in.Op <= mir.GStore8:
					if s := of(uses[0]); stored|s != stored {
						stored |= s
						changed = true
					}
				case isAtomic(in):
					for _, d := range defs {
						add(d.Reg, stored)
					}
					for _, u := range uses[1:] {
						if s := of(u); stored|s != stored {
							stored |= s
							changed = true
						}
					}
				case isMemCall(in):
					// memcpy copies stored words (already in stored);
					// memset stores its value.
					if regs := memArgs(in); len(regs) > 1 {
						if s := of(regs[1]); in.Uses()[0].Sym == "memset" && stored|s != stored {
							stored |= s
							changed = true
						}
					}
				default:
					var s rootSet
					for _, u := range uses {
						s |= of(u)
					}
					for _, d := range defs {
						add(d.Reg, s)
					}
				}
			}
		}
	}
	var written rootSet
	write := func(s rootSet) {
		if s == 0 {
			s = ^rootSet(0) // an address from no root may point anywhere
		}
		written |= s
	}
	for _, b := range g.blocks {
		for _, in := range g.facts[b].instrs {
			switch {
			case in.Op >= mir.GStore32 && in.Op <= mir.GStore8:
				write(of(in.Uses()[1]))
			case isMemCall(in):
				if regs := memArgs(in); len(regs) > 0 {
					write(of(regs[0]))
				}
			case isAtomic(in):
				for _, u := range in.Uses()[1:] {
					if u.Kind == mir.KindReg {
						write(of(u)) // the pointer
						break
					}
				}
			}
		}
	}
	path := func(s rootSet) loadPath {
		switch {
		case written == 0 || s != 0 && s&written == 0:
			return pathTMU
		case s == rootFrame:
			return pathDMAPrivate
		}
		return pathDMA
	}
	res := map[*mir.Instr]loadPath{}
	for _, b := range g.blocks {
		for _, in := range g.facts[b].instrs {
			switch {
			case in.Op >= mir.GLoad32 && in.Op <= mir.GLoad8U:
				if p := path(of(in.Uses()[0])); p != pathTMU {
					res[in] = p
				}
			case isMemCall(in) && in.Uses()[0].Sym != "memset":
				if regs := memArgs(in); len(regs) > 1 {
					if p := path(of(regs[1])); p != pathTMU {
						res[in] = p
					}
				}
			}
		}
	}
	return res
}
