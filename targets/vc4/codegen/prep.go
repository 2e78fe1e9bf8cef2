package codegen

import (
	"fmt"
	"strconv"
	"strings"

	"lltosimd/mir"
	"lltosimd/passes"
)

// The MIR passes of the VC4 pipeline defined here (see Pipeline).
var (
	passInline = passes.Register(&passes.Pass{
		Name:        "vc4-inline",
		Desc:        "VC4: inline calls to functions of the module (QPU code has no call stack) and expand the OpenCL vloadN/vstoreN built-ins",
		Required:    true,
		ReadsModule: true,
		Forbids:     mir.PropSelected,
		Stats:       map[string]string{"inlined": "Number of calls inlined", "vecmem": "Number of vloadN/vstoreN calls expanded"},
		Run: func(c *passes.Ctx, f *mir.Func) error {
			c.Count("vecmem", int64(expandVectorMem(f)))
			return inlineCalls(c, f)
		},
	})
	passPromote = passes.Register(&passes.Pass{
		Name:     "vc4-promote-allocas",
		Desc:     "VC4: whole-word private variables to virtual registers with several definitions",
		Required: true, // the lowering keeps only unpromoted frame objects in per-lane scratch memory
		Forbids:  mir.PropSelected,
		Clears:   mir.PropSSA,
		Stats:    map[string]string{"promoted": "Number of frame objects promoted to registers"},
		Run: func(c *passes.Ctx, f *mir.Func) error {
			c.Count("promoted", int64(promoteAllocas(f)))
			f.Props &^= mir.PropSSA
			return nil
		},
	})
)

// builtinKind identifies an OpenCL work-item function.
type builtinKind uint8

const (
	biGlobalID builtinKind = iota
	biLocalID
	biGroupID
	biGlobalSize
	biLocalSize
	biNumGroups
	biWorkDim
	biGlobalOffset
)

// builtins maps the Itanium-mangled OpenCL names clang emits (and the plain
// names, for C kernels that declare them) to work-item functions.
var builtins = map[string]builtinKind{
	"_Z13get_global_idj":     biGlobalID,
	"_Z12get_local_idj":      biLocalID,
	"_Z12get_group_idj":      biGroupID,
	"_Z15get_global_sizej":   biGlobalSize,
	"_Z14get_local_sizej":    biLocalSize,
	"_Z14get_num_groupsj":    biNumGroups,
	"_Z12get_work_dimv":      biWorkDim,
	"_Z17get_global_offsetj": biGlobalOffset,
	"get_global_id":          biGlobalID,
	"get_local_id":           biLocalID,
	"get_group_id":           biGroupID,
	"get_global_size":        biGlobalSize,
	"get_local_size":         biLocalSize,
	"get_num_groups":         biNumGroups,
	"get_work_dim":           biWorkDim,
	"get_global_offset":      biGlobalOffset,
}

// builtinCall returns the work-item function a G_CALL calls and its
// dimension argument register (NoReg if none). The result is one word
// (spir: size_t is 32 bits) or two, low word first (host triples such as
// x86_64, where size_t and so the IR result is i64; VC4 is little-endian,
// so memory order is low word first too).
func builtinCall(in *mir.Instr) (builtinKind, mir.Reg, bool) {
	defs := in.Defs()
	uses := in.Uses()
	if len(uses) == 0 || uses[0].Kind != mir.KindSym {
		return 0, 0, false
	}
	k, ok := builtins[uses[0].Sym]
	if !ok || len(defs) != 1 && (len(defs) != 2 || k == biWorkDim) {
		return 0, 0, false
	}
	dim := mir.NoReg
	for _, o := range uses[1:] {
		if o.Kind == mir.KindReg {
			dim = o.Reg
		}
	}
	return k, dim, true
}

// vectorMem recognizes the Itanium-mangled OpenCL vloadN/vstoreN
// built-ins on 32-bit elements (int, uint, float; any address space, any
// size_t width): "_Z6vload4jPU3AS1Ki", "_Z7vstore4Dv4_fmPU3AS1f" … It
// returns N and whether the call stores.
func vectorMem(name string) (n int, store, ok bool) {
	base, mangled := clBuiltinName(name)
	if base == "" || strings.IndexByte("ijf", mangled[len(mangled)-1]) < 0 {
		return 0, false, false // char, short, long, double … elements
	}
	var num string
	switch {
	case strings.HasPrefix(base, "vload"):
		num = base[len("vload"):]
	case strings.HasPrefix(base, "vstore"):
		num, store = base[len("vstore"):], true
	default:
		return 0, false, false
	}
	switch num {
	case "2", "3", "4", "8", "16":
		n, _ = strconv.Atoi(num)
		return n, store, true
	}
	return 0, false, false
}

// expandVectorMem replaces calls to vloadN/vstoreN (32-bit elements) by N
// word loads or stores: vloadN(off, p) reads p[off·N .. off·N+N-1] (OpenCL
// 1.2 §6.12.7), vstoreN(v, off, p) writes them. The offset is size_t, one
// word or (host triples) two, low first: addresses are 32 bits, so its low
// word alone gives the address. Expanded here, before the memory coherence
// analysis and divergence, so that they are ordinary loads and stores.
// A vector of more than two words is returned through a hidden ArgSRet
// pointer (generic MIR); when that is a frame object only read back whole
// words after the call in the same block (what clang emits), the reads
// become copies of the loaded words, else the words are stored there.
func expandVectorMem(f *mir.Func) int {
	n := 0
	// frameRefs counts the instructions naming each frame object;
	// regUses the uses of each register (to find an sret address used only
	// by its call).
	frameRefs := map[int64]int{}
	regUses := map[mir.Reg]int{}
	frameAddr := map[mir.Reg]*mir.Instr{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, o := range in.Ops {
				switch {
				case o.Kind == mir.KindFrame:
					frameRefs[o.Imm]++
				case o.Kind == mir.KindReg && o.IsUse():
					regUses[o.Reg]++
				}
			}
			if in.Op == mir.GFrameAddr && in.Ops[1].Kind == mir.KindFrame && in.Ops[1].Off == 0 {
				frameAddr[in.Ops[0].Reg] = in
			}
		}
	}
	// forward turns the reads of the sret frame object of a vload, which
	// are whole words of it after the call in the same block, into copies
	// of the loaded words. It reports false (changing nothing) otherwise.
	forward := func(b *mir.Block, rest []*mir.Instr, sret mir.Reg, words []mir.Reg) bool {
		fa := frameAddr[sret]
		if fa == nil || regUses[sret] != 1 {
			return false
		}
		fi := fa.Ops[1].Imm
		var reads []*mir.Instr
		for _, in := range rest {
			if in.Op == mir.GLoad32 && in.Ops[1].Kind == mir.KindFrame && in.Ops[1].Imm == fi {
				reads = append(reads, in)
			}
		}
		if len(reads)+1 != frameRefs[fi] {
			return false // other accesses, or reads in other blocks
		}
		for _, in := range reads {
			off := in.Ops[1].Off + in.Ops[2].Imm
			if off%4 != 0 || off < 0 || off/4 >= int64(len(words)) {
				return false
			}
		}
		for _, in := range reads {
			off := in.Ops[1].Off + in.Ops[2].Imm
			in.Op, in.Ops, in.Mem = mir.GCopy, []mir.Operand{in.Ops[0], mir.R(words[off/4])}, nil
		}
		fa.Op, fa.Ops = mir.GConst, []mir.Operand{fa.Ops[0], mir.I(0)} // dead now
		f.Frame[fi].Size = 0
		return true
	}
	for _, b := range f.Blocks {
		var out []*mir.Instr
		for i, in := range b.Instrs {
			uses := in.Uses()
			if in.Op != mir.GCall || len(uses) == 0 || uses[0].Kind != mir.KindSym {
				out = append(out, in)
				continue
			}
			lanes, store, ok := vectorMem(uses[0].Sym)
			var groups [][]mir.Reg // argument words, by IR argument
			for _, o := range uses[1:] {
				switch o.Kind {
				case mir.KindImm:
					groups = append(groups, nil)
				case mir.KindReg:
					if len(groups) > 0 {
						groups[len(groups)-1] = append(groups[len(groups)-1], o.Reg)
					}
				}
			}
			want := 2
			if store {
				want = 3
			}
			var sret mir.Reg = mir.NoReg
			if !store && len(groups) == 3 && len(groups[0]) == 1 && len(in.Defs()) == 0 {
				sret, groups = groups[0][0], groups[1:]
			}
			if !ok || len(groups) != want {
				out = append(out, in)
				continue
			}
			var data []mir.Operand // vload: the lane words it defines
			for _, d := range in.Defs() {
				data = append(data, d)
			}
			if sret != mir.NoReg {
				for k := 0; k < lanes; k++ {
					data = append(data, mir.D(f.NewVReg(0)))
				}
			}
			words := len(data)
			var vals []mir.Reg // vstore: the lane words it stores
			if store {
				vals, groups = groups[0], groups[1:]
				words = len(vals)
			}
			if words != lanes || len(groups[0]) < 1 || len(groups[1]) != 1 {
				out = append(out, in)
				continue
			}
			sh, t, addr := f.NewVReg(0), f.NewVReg(0), f.NewVReg(0)
			out = append(out,
				mir.NewInstr(mir.GConst, mir.D(sh), mir.I(int64(4*lanes))),
				mir.NewInstr(mir.GMul, mir.D(t), mir.R(groups[0][0]), mir.R(sh)),
				mir.NewInstr(mir.GAdd, mir.D(addr), mir.R(groups[1][0]), mir.R(t)))
			for k := 0; k < lanes; k++ {
				if store {
					out = append(out, mir.NewInstr(mir.GStore32, mir.R(vals[k]), mir.R(addr), mir.I(int64(4*k))))
					continue
				}
				out = append(out, mir.NewInstr(mir.GLoad32, data[k], mir.R(addr), mir.I(int64(4*k))))
			}
			if sret != mir.NoReg {
				var regs []mir.Reg
				for _, d := range data {
					regs = append(regs, d.Reg)
				}
				if !forward(b, b.Instrs[i+1:], sret, regs) {
					for k, r := range regs {
						out = append(out, mir.NewInstr(mir.GStore32, mir.R(r), mir.R(sret), mir.I(int64(4*k))))
					}
				}
			}
			n++
		}
		b.Instrs = out
	}
	return n
}

// promoteAllocas turns frame objects that are only loaded and stored whole
// (the -O0 local variables) into virtual registers with several
// definitions. Stores become copies; narrow loads re-extend. It returns
// the number of objects promoted.
func promoteAllocas(f *mir.Func) int {
	promoted := 0
	type use struct {
		in   *mir.Instr
		blk  *mir.Block
		size int
	}
	ok := make([]bool, len(f.Frame))
	uses := make([][]use, len(f.Frame))
	for i := range ok {
		ok[i] = f.Frame[i].Size <= 4
	}
	width := map[mir.Opcode]int{
		mir.GLoad32: 4, mir.GLoad16S: 2, mir.GLoad16U: 2, mir.GLoad8S: 1, mir.GLoad8U: 1,
		mir.GStore32: 4, mir.GStore16: 2, mir.GStore8: 1,
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for oi, o := range in.Ops {
				if o.Kind != mir.KindFrame {
					continue
				}
				fi := int(o.Imm)
				if fi < 0 || fi >= len(ok) {
					continue
				}
				w, mem := width[in.Op]
				base := 1 // loads: dst, base, off
				if in.Op >= mir.GStore32 && in.Op <= mir.GStore8 {
					base = 1 // stores: val, base, off
				}
				if !mem || oi != base || o.Off+in.Ops[2].Imm != 0 || int64(w) != f.Frame[fi].Size && !(w == 4 && f.Frame[fi].Size < 4) {
					ok[fi] = false
					continue
				}
				uses[fi] = append(uses[fi], use{in, b, w})
			}
		}
	}
	for fi := range ok {
		if !ok[fi] || len(uses[fi]) == 0 {
			continue
		}
		v := f.NewVReg(0)
		for _, u := range uses[fi] {
			in := u.in
			in.Mem = nil // a register operation now
			switch in.Op {
			case mir.GStore32, mir.GStore16, mir.GStore8:
				in.Op, in.Ops = mir.GCopy, []mir.Operand{mir.D(v), mir.R(in.Ops[0].Reg)}
			case mir.GLoad32:
				in.Op, in.Ops = mir.GCopy, []mir.Operand{in.Ops[0], mir.R(v)}
			case mir.GLoad16S, mir.GLoad8S:
				in.Op, in.Ops = mir.GSExtInReg, []mir.Operand{in.Ops[0], mir.R(v), mir.I(int64(8 * u.size))}
			case mir.GLoad16U, mir.GLoad8U:
				in.Op, in.Ops = mir.GAnd, []mir.Operand{in.Ops[0], mir.R(v), mir.I(int64(1)<<(8*u.size) - 1)}
			}
		}
		f.Frame[fi].Size = 0 // no memory needed any more
		promoted++
	}
	return promoted
}

// inlineCalls replaces calls to functions defined in c.Module (helper
// functions at -O0) by copies of their bodies: the QPU code has no call
// stack. Recursion is rejected. A callee earlier in the module has already
// been through the whole pipeline (the plan runs functions in module order
// for this pass); its body is then no longer SSA, and neither is f.
func inlineCalls(c *passes.Ctx, f *mir.Func) error {
	m := c.Module
	if m == nil {
		return nil
	}
	funcs := map[string]*mir.Func{}
	for _, g := range m.Funcs {
		funcs[g.Name] = g
	}
	for round := 0; ; round++ {
		changed := false
		for bi := 0; bi < len(f.Blocks); bi++ {
			b := f.Blocks[bi]
			for i, in := range b.Instrs {
				if in.Op != mir.GCall {
					continue
				}
				uses := in.Uses()
				if len(uses) == 0 || uses[0].Kind != mir.KindSym {
					continue
				}
				g := funcs[uses[0].Sym]
				if g == nil || len(g.Blocks) == 0 {
					continue
				}
				if g == f || round > 16 {
					return fmt.Errorf("function '%s': recursive call to '%s' is not supported on vc4", f.Name, g.Name)
				}
				var next *mir.Block
				if bi+1 < len(f.Blocks) {
					next = f.Blocks[bi+1]
				}
				inlineAt(f, b, i, in, g, next)
				if g.Props&mir.PropSSA == 0 {
					f.Props &^= mir.PropSSA
				}
				c.Count("inlined", 1)
				changed = true
				break
			}
		}
		if !changed {
			if round > 0 {
				f.RecomputeCFG()
			}
			return nil
		}
	}
}

// inlineAt splits b at call instruction i and splices in a copy of g.
func inlineAt(f *mir.Func, b *mir.Block, i int, call *mir.Instr, g *mir.Func, next *mir.Block) {
	var args []mir.Reg
	for _, o := range call.Uses()[1:] {
		if o.Kind == mir.KindReg {
			args = append(args, o.Reg)
		}
	}
	results := call.Defs()
	regs := map[mir.Reg]mir.Reg{}
	mapReg := func(r mir.Reg) mir.Reg {
		if !r.IsVirtual() {
			return r
		}
		if n, ok := regs[r]; ok {
			return n
		}
		n := f.NewVReg(0)
		regs[r] = n
		return n
	}
	frames := map[int64]int64{}
	for fi, fo := range g.Frame {
		frames[int64(fi)] = int64(f.NewFrameObject(fo))
	}
	blocks := map[*mir.Block]*mir.Block{}
	for _, gb := range g.Blocks {
		blocks[gb] = f.NewBlock(g.Name + "." + gb.Name)
	}
	cont := f.NewBlock(b.Name + ".cont")
	cont.Instrs = append(cont.Instrs, b.Instrs[i+1:]...)
	if len(cont.Instrs) == 0 || !endsBlock(cont.Instrs[len(cont.Instrs)-1].Op) {
		if next != nil {
			cont.Instrs = append(cont.Instrs, mir.NewInstr(mir.GBr, mir.B(next)))
		}
	}
	b.Instrs = append(b.Instrs[:i:i], mir.NewInstr(mir.GBr, mir.B(blocks[g.Blocks[0]])))
	// Phis after b now see the edge from cont.
	for _, x := range f.Blocks {
		for _, in := range x.Instrs {
			if in.Op != mir.GPhi {
				continue
			}
			for k := range in.Ops {
				if in.Ops[k].Kind == mir.KindBlock && in.Ops[k].Block == b {
					in.Ops[k].Block = cont
				}
			}
		}
	}
	for _, gb := range g.Blocks {
		nb := blocks[gb]
		for _, in := range gb.Instrs {
			switch in.Op {
			case mir.GArgs:
				for k, d := range in.Defs() {
					if k < len(args) {
						nb.Instrs = append(nb.Instrs, mir.NewInstr(mir.GCopy, mir.D(mapReg(d.Reg)), mir.R(args[k])))
					}
				}
				continue
			case mir.GRet:
				for k, o := range in.Uses() {
					if k < len(results) && o.Kind == mir.KindReg {
						nb.Instrs = append(nb.Instrs, mir.NewInstr(mir.GCopy, mir.D(results[k].Reg), mir.R(mapReg(o.Reg))))
					}
				}
				nb.Instrs = append(nb.Instrs, mir.NewInstr(mir.GBr, mir.B(cont)))
				continue
			}
			c := &mir.Instr{Op: in.Op, Ops: append([]mir.Operand{}, in.Ops...), Comment: in.Comment, Pos: in.Pos}
			for k := range c.Ops {
				o := &c.Ops[k]
				switch o.Kind {
				case mir.KindReg, mir.KindPred:
					o.Reg = mapReg(o.Reg)
				case mir.KindFrame:
					o.Imm = frames[o.Imm]
				case mir.KindBlock:
					if nbk, ok := blocks[o.Block]; ok {
						o.Block = nbk
					}
				}
			}
			nb.Instrs = append(nb.Instrs, c)
		}
	}
}

// endsBlock reports whether op ends a block without falling through.
func endsBlock(op mir.Opcode) bool {
	switch op {
	case mir.GBr, mir.GRet, mir.GUnreachable, mir.GTrap, mir.GBrJT, mir.GBrIndirect, mir.GSwitch:
		return true
	}
	return false
}
