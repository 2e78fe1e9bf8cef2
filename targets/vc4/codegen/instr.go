package codegen

import (
	"fmt"
	"math/bits"
	"slices"
	"sort"
	"strings"

	"lltosimd/mir"
)

// dest returns where an instruction computing r in block b writes, and a
// function that finishes the write (the masked copy into r when the
// definition must keep inactive lanes).
func (l *lowerer) dest(b *mir.Block, r mir.Reg) (mir.Operand, func()) {
	if !l.needsMask(b, r) {
		return vreg(r.VirtIndex()), func() {}
	}
	t := l.tmp()
	return t, func() {
		l.stats.MaskedInstrs++
		// The last instruction of the lowering computes t: when it is a
		// plain unconditional operation, it can write r under the mask
		// itself instead of through a masked copy (t is read nowhere
		// else after it). Not when it reads a staging accumulator (r0–r3,
		// r5): the masked write reads r, which the spiller may have to
		// reload there; reloads clobber r1, and the allocator may stage
		// an operand of theirs through another accumulator.
		staged := func(o mir.Operand) bool {
			return o.Kind == mir.KindReg && o.Reg.IsPhys() && isAcc(regNames[o.Reg]) && regNames[o.Reg] != "r4"
		}
		if last := l.last(); last != nil && plainALU(last) {
			d, u := last.Defs(), last.Uses()
			if d[0].Reg == t.Reg && !slices.ContainsFunc(u, staged) {
				l.mask(last, vreg(r.VirtIndex()))
				return
			}
		}
		l.alu("mov", vreg(r.VirtIndex()), t, ifz(), onlyActive())
	}
}

func (l *lowerer) instr(b *mir.Block, in *mir.Instr) error {
	defs, uses := in.Defs(), in.Uses()
	switch in.Op {
	case mir.GConst:
		if _, ok := l.konst[defs[0].Reg]; !ok {
			// vc4-isel selects the constant writes of variables.
			return fmt.Errorf("function '%s': G_CONST of a variable reaches the vc4 code generator unselected (run vc4-isel first)", l.f.Name)
		}
		// Rematerialized at each use (lowerer.reg).
	case mir.GUMulH, mir.GSMulH:
		d, fin := l.dest(b, defs[0].Reg)
		l.mulh(d, l.opnd(uses[0]), l.opnd(uses[1]), in.Op == mir.GSMulH)
		fin()
	case mir.GUDiv, mir.GURem, mir.GSDiv, mir.GSRem:
		d, fin := l.dest(b, defs[0].Reg)
		l.divide(in.Op, d, l.opnd(uses[0]), l.opnd(uses[1]))
		fin()
	case mir.GFrameAddr:
		d, fin := l.dest(b, defs[0].Reg)
		l.alu("add", d, vreg(l.lanePr), l.constant(l.frame[uses[0].Imm]+uses[0].Off))
		fin()
	case mir.GLoad32, mir.GLoad16S, mir.GLoad16U, mir.GLoad8S, mir.GLoad8U:
		d, fin := l.dest(b, defs[0].Reg)
		addr := l.address(uses[0], uses[1].Imm)
		step := l.step(uses[0])
		if step == 0 && l.coherent[in] == pathDMAPrivate {
			step = l.fsize // private memory: one word per lane frame
		}
		l.load(b, d, addr, in.Op, l.coherent[in], step)
		fin()
	case mir.GStore32, mir.GStore16, mir.GStore8:
		addr := l.address(uses[1], uses[2].Imm)
		l.storeN(b, l.opnd(uses[0]), addr, storeBytes[in.Op], l.step(uses[1]))
	case mir.GCall:
		if len(uses) > 0 && uses[0].Kind == mir.KindSym && memCalls[uses[0].Sym] {
			return l.memCall(b, uses[0].Sym, uses[1:], l.coherent[in])
		}
		if len(uses) > 0 && uses[0].Kind == mir.KindSym {
			if wait, ok := barrierCalls[uses[0].Sym]; ok {
				if wait {
					l.barrier()
				}
				return nil
			}
			if op, unsigned, ok := atomicCall(uses[0].Sym); ok {
				return l.atomic(b, in, op, unsigned)
			}
		}
		if op, ok := div64Calls[uses[0].Sym]; ok && len(uses) > 0 && len(defs) == 2 {
			var a []mir.Operand
			for _, o := range uses[1:] {
				if o.Kind == mir.KindReg {
					a = append(a, l.reg(o.Reg))
				}
			}
			if len(a) != 4 {
				return fmt.Errorf("function '%s': call to '%s' with %d argument words, want 4", l.f.Name, uses[0].Sym, len(a))
			}
			lo, fin := l.dest(b, defs[0].Reg)
			hi, fin2 := l.dest(b, defs[1].Reg)
			l.divide64(op, lo, hi, a[0], a[1], a[2], a[3])
			fin()
			fin2()
			return nil
		}
		k, dimReg, ok := builtinCall(in)
		var lib func(l *lowerer, d mir.Operand, a []mir.Operand)
		if len(uses) > 0 && uses[0].Kind == mir.KindSym {
			if lib = libCalls[uses[0].Sym]; lib == nil {
				lib = mathCalls[uses[0].Sym]
			}
		}
		if !ok && lib != nil && len(defs) == 1 {
			var args []mir.Operand
			for _, o := range uses[1:] {
				if o.Kind == mir.KindReg {
					args = append(args, l.reg(o.Reg))
				}
			}
			d, fin := l.dest(b, defs[0].Reg)
			lib(l, d, args)
			fin()
			return nil
		}
		if !ok {
			name := "?"
			if len(uses) > 0 {
				name = uses[0].Sym
			}
			if base, _ := clBuiltinName(name); base != "" {
				return fmt.Errorf("function '%s': OpenCL built-in '%s' (%s) is not supported on vc4", l.f.Name, base, name)
			}
			return fmt.Errorf("function '%s': call to '%s' is not supported on vc4 (only OpenCL work-item functions)", l.f.Name, name)
		}
		dim := int64(0)
		if dimReg != mir.NoReg {
			c, known := l.konst[dimReg]
			if !known {
				return fmt.Errorf("function '%s': work-item function with a non-constant dimension", l.f.Name)
			}
			dim = c
		}
		d, fin := l.dest(b, defs[0].Reg)
		l.builtin(d, k, dim)
		fin()
		if len(defs) == 2 {
			// The i64 result of a host-triple compilation: every
			// work-item value is below 2^32 (ids, sizes and counts of
			// a 32-bit launch), so the high word is 0.
			h, fin := l.dest(b, defs[1].Reg)
			l.alu("mov", h, imm(0))
			fin()
		}
	case mir.GFDiv, mir.GFRem, mir.GFCmp, mir.GFPExt, mir.GFPTrunc:
		return l.floatOp(b, in)
	case mir.GInlineAsm:
		return l.emptyAsm(b, in)
	case mir.GGlobalAddr:
		local, off, _ := l.globals.Place(uses[0].Sym) // checked by globalUses
		base := l.dataBase
		if local {
			base = l.localBase
		}
		d, fin := l.dest(b, defs[0].Reg)
		l.alu("add", d, vreg(base), l.constant(off+uses[0].Off))
		fin()
	default:
		if !in.Op.IsGeneric() {
			return l.machine(b, in, nil)
		}
		if _, ok := ruleOps[in.Op]; ok {
			return fmt.Errorf("function '%s': operation %s reaches the vc4 code generator unselected (run vc4-isel first)", l.f.Name, mir.GenericDesc(in.Op).Name)
		}
		return fmt.Errorf("function '%s': operation %s is not supported on vc4", l.f.Name, mir.GenericDesc(in.Op).Name)
	}
	return nil
}

// emptyAsm lowers inline assembly with an empty template, an optimization
// barrier (the lowering keeps the program order of memory accesses): each
// output is a copy of its tied input, or zero when untied. Any other
// inline assembly is refused.
func (l *lowerer) emptyAsm(b *mir.Block, in *mir.Instr) error {
	tmpl, _, _, err := mir.AsmOperands(in)
	if err == nil && strings.TrimSpace(tmpl) != "" {
		err = fmt.Errorf("only empty templates are supported")
	}
	pairs, err2 := mir.TiedOperands(l.f.Arch, in)
	if err == nil {
		err = err2
	}
	if err != nil {
		return fmt.Errorf("function '%s': inline assembly: %v on vc4", l.f.Name, err)
	}
	for i := range in.Defs() {
		src := mir.Operand(imm(0))
		for _, p := range pairs {
			if p[0] == i {
				src = l.reg(in.Ops[p[1]].Reg)
			}
		}
		d, fin := l.dest(b, in.Ops[i].Reg)
		l.alu("mov", d, src)
		fin()
	}
	return nil
}

// builtin computes a work-item function for dimension dim (only
// dimension 0 is launched; others have size 1 and id 0).
func (l *lowerer) builtin(d mir.Operand, k builtinKind, dim int64) {
	if dim != 0 {
		v := int32(0)
		switch k {
		case biGlobalSize, biLocalSize, biNumGroups:
			v = 1
		}
		if k == biWorkDim {
			v = 1
		}
		l.alu("mov", d, imm(v))
		return
	}
	u := func(i int) mir.Operand { return vreg(l.unif[i]) }
	switch k {
	case biGlobalID:
		l.alu("add", d, u(UnifGlobalBase), hw("elem_num"))
	case biLocalID:
		l.alu("add", d, u(UnifLocalBase), hw("elem_num"))
	case biGroupID:
		l.alu("mov", d, u(UnifGroupID))
	case biGlobalSize:
		l.alu("mov", d, u(UnifGlobalSize))
	case biLocalSize:
		l.alu("mov", d, u(UnifLocalSize))
	case biNumGroups:
		l.alu("mov", d, u(UnifNumGroups))
	case biWorkDim:
		l.alu("mov", d, imm(1))
	case biGlobalOffset:
		l.alu("mov", d, imm(0))
	}
}

// address computes base + off into a fresh register (frame bases are the
// lane's private memory).
func (l *lowerer) address(base mir.Operand, off int64) mir.Operand {
	t := l.tmp()
	if base.Kind == mir.KindFrame {
		l.alu("add", t, vreg(l.lanePr), l.constant(l.frame[base.Imm]+base.Off+off))
		return t
	}
	if off == 0 {
		return l.reg(base.Reg)
	}
	l.alu("add", t, l.reg(base.Reg), l.constant(off))
	return t
}

// step returns the estimated distance between neighbouring lanes' values
// of an address operand (laneStrides), 0 when unknown.
func (l *lowerer) step(o any) int64 {
	switch o := o.(type) {
	case mir.Reg:
		return l.strides[o]
	case mir.Operand:
		if o.Kind == mir.KindFrame {
			return l.fsize
		}
		if o.Kind == mir.KindReg {
			return l.strides[o.Reg]
		}
	}
	return 0
}

// laneAddr puts the address into r0, replacing it by the wave's dummy word
// in inactive lanes of masked blocks (so no lane reads or writes memory it
// should not touch).
func (l *lowerer) laneAddr(b *mir.Block, addr mir.Operand) {
	if l.masked(b) {
		sc := vreg(l.unif[UnifScratch])
		l.alu("mov", hw("r0"), sc)
		l.execFlags("")
		l.alu("mov", hw("r0"), addr, ifz(), onlyActive())
		l.stats.MaskedInstrs++
		return
	}
	l.alu("mov", hw("r0"), addr)
	if l.lanes < 16 {
		// Lanes beyond a partial wave's work-group read lane 0's
		// address: in bounds, and the same word where the address is
		// uniform, so uniform values stay the same in all 16 lanes.
		l.alu("mov", hw("r5rep"), addr)
		l.partialLanes()
		l.alu("mov", hw("r0"), hw("r5"), ifnn())
	}
}

// load reads one word per lane and extracts narrow values (the word is
// read at the address with its low two bits ignored). Loads of memory the
// kernel may have written during the launch (coherent, see coherence.go)
// read it by VDR DMA; the others read through TMU0 (spec §5).
func (l *lowerer) load(b *mir.Block, d mir.Operand, addr mir.Operand, op mir.Opcode, path loadPath, step int64) {
	src := hw("r4")
	if path != pathTMU {
		l.alu("mov", hw("r0"), addr)
		l.loadDMA(b, step)
		src = hw("r1")
	} else {
		l.laneAddr(b, addr)
		l.alu("mov", hw("t0s"), hw("r0"))
		l.ldtmu(0)
	}
	if op == mir.GLoad32 {
		l.alu("mov", d, src)
		return
	}
	w := l.tmp()
	l.alu("mov", w, src)
	// shift = (addr & 3) * 8
	sh := l.tmp()
	l.alu("and", sh, hw("r0"), imm(3))
	l.alu("shl", sh, sh, imm(3))
	x := l.tmp()
	l.alu("shr", x, w, sh)
	bits := int32(8)
	if op == mir.GLoad16S || op == mir.GLoad16U {
		bits = 16
	}
	s := imm(32 - bits - 32)
	if op == mir.GLoad8U || op == mir.GLoad16U {
		y := l.tmp()
		l.alu("shl", y, x, s)
		l.alu("shr", d, y, s)
	} else {
		y := l.tmp()
		l.alu("shl", y, x, s)
		l.alu("asr", d, y, s)
	}
}

// tmuBatchMax is the number of TMU loads issued before the first result
// is read: 2 per TMU, within the FIFO of 4 requests per QPU and TMU that
// is reliable (spec §5).
const tmuBatchMax = 4

// tmuLoad reports whether in is a 32-bit load through the TMU.
func (l *lowerer) tmuLoad(in *mir.Instr) bool {
	return in.Op == mir.GLoad32 && l.coherent[in] == pathTMU
}

// tmuBatch lowers the TMU load rest[0] together with the next 32-bit TMU
// loads of the block (up to tmuBatchMax in all) whose addresses are known
// at rest[0]: every request is written first, alternating TMU0 and TMU1,
// then the results are read in order, so the loads' latencies overlap
// instead of adding up. Moving a TMU load earlier is safe: the TMU only
// reads memory the kernel never writes (coherence.go). The batched loads
// are added to done.
func (l *lowerer) tmuBatch(b *mir.Block, rest []*mir.Instr, done map[*mir.Instr]bool) error {
	batch := []*mir.Instr{rest[0]}
	// Registers defined at or after rest[0], and the pure arithmetic
	// among those definitions, which may be computed early when its
	// operands are known at rest[0] (a later load's address).
	// A value is computed by one instruction, or by several that extend
	// it (vc4-isel's expansions: "s = add p1, p2; s = shl s, 24"); pure
	// holds them, in order, when they are all pure and all after rest[0].
	later := map[mir.Reg]bool{}
	pure := map[mir.Reg][]*mir.Instr{}
	impure := map[mir.Reg]bool{}
	var early []*mir.Instr
	inEarly := map[*mir.Instr]bool{}
	var ready func(o mir.Operand, depth int) bool
	ready = func(o mir.Operand, depth int) bool {
		if o.Kind != mir.KindReg || !later[o.Reg] {
			return o.Kind == mir.KindReg || o.Kind == mir.KindImm || o.Kind == mir.KindFrame
		}
		ins := pure[o.Reg]
		// The depth bounds the arithmetic moved: four generic operations,
		// whose selected expansions are up to three instructions deeper.
		if impure[o.Reg] || len(ins) == 0 || len(ins) != l.ndefs[o.Reg] || depth > 4+3 {
			return false
		}
		for _, in := range ins {
			if inEarly[in] {
				continue
			}
			for _, u := range in.Uses() {
				if u.Kind == mir.KindReg && u.Reg == o.Reg {
					continue // the value's previous instructions, just added
				}
				if !ready(u, depth+1) {
					return false
				}
			}
			early = append(early, in)
			inEarly[in] = true
		}
		return true
	}
	for _, o := range rest[0].Defs() {
		later[o.Reg] = true
	}
	for _, in := range rest[1:] {
		if len(batch) == tmuBatchMax {
			break
		}
		// A load written early must define a fresh value (a variable with
		// several definitions may still be read before it).
		if l.tmuLoad(in) && l.ndefs[in.Defs()[0].Reg] == 1 {
			mark := len(early)
			if ready(in.Uses()[0], 0) {
				batch = append(batch, in)
			} else {
				for _, e := range early[mark:] {
					delete(inEarly, e)
				}
				early = early[:mark]
			}
		}
		for _, o := range in.Defs() {
			later[o.Reg] = true
			if pureOp(in) && len(in.Defs()) == 1 && l.vdefs[o.Reg] == 1 {
				pure[o.Reg] = append(pure[o.Reg], in)
			} else {
				impure[o.Reg] = true
			}
		}
	}
	// The early arithmetic in block order, before the requests.
	sort.Slice(early, func(i, j int) bool { return index(rest, early[i]) < index(rest, early[j]) })
	for i, in := range early {
		done[in] = true
		var err error
		if in.Op.IsGeneric() {
			err = l.instr(b, in)
		} else {
			err = l.machine(b, in, early[i+1:])
		}
		if err != nil {
			return err
		}
	}
	type pending struct {
		d   mir.Operand
		fin func()
	}
	var res []pending
	for i, in := range batch {
		done[in] = true
		uses := in.Uses()
		d, fin := l.dest(b, in.Defs()[0].Reg)
		l.laneAddr(b, l.address(uses[0], uses[1].Imm))
		l.alu("mov", hw(fmt.Sprintf("t%ds", i%2)), hw("r0"))
		res = append(res, pending{d, fin})
	}
	for i, p := range res {
		l.ldtmu(i % 2)
		l.alu("mov", p.d, hw("r4"))
		p.fin()
	}
	return nil
}

// pureOp reports whether tmuBatch may compute in ahead of its place: a
// constant, or a VC4 ALU op without guard or flags (no memory access, no
// flags that outlive it).
func pureOp(in *mir.Instr) bool {
	if in.Op == mir.GConst {
		return true
	}
	_, ok := qpuByOp[in.Op]
	return ok && in.Pred() == nil && !setsFlags(in)
}

// index returns the position of in in list, or -1.
func index(list []*mir.Instr, in *mir.Instr) int {
	for i, x := range list {
		if x == in {
			return i
		}
	}
	return -1
}

// storeBytes is the width of each store op.
var storeBytes = map[mir.Opcode]int{mir.GStore32: 4, mir.GStore16: 2, mir.GStore8: 1}

// storeSetups gives, per store width, the VDW setup of the per-lane DMA
// of lane 0 (1 row of 1 element, horizontal, VPM (0, 0); MODEW 0 32-bit,
// 2 16-bit and 4 8-bit, each from the low end of the VPM word), and the
// VPM write setup and VDW setup of the one DMA of 16 consecutive elements
// (horizontal packed writes into row 0 from word 0, stride 1; REF tables
// 32 and 34, the fields VC4C's VPM.h documents).
var storeSetups = map[int]struct{ lane, vpm, vdw uint32 }{
	4: {0x80814000, 0x1a00, 0x80904000},
	2: {0x80814002, 0x1900, 0x80904002},
	1: {0x80814004, 0x1800, 0x80904004},
}

// store writes one word per lane (storeN with 4 bytes).
func (l *lowerer) store(b *mir.Block, v mir.Operand, addr mir.Operand, step int64) {
	l.storeN(b, v, addr, 4, step)
}

// storeN writes the low n bytes (4, 2 or 1) of v per lane (spec §5):
// holding the VPM mutex, the values go to VPM row 0, then one VDW DMA
// stores them when the lanes' addresses allow it, else one single-element
// DMA per lane with that lane's address rotated into lane 0. A DMA of 8-
// or 16-bit elements writes only those bytes (no read-modify-write), so
// lanes and QPUs storing neighbouring bytes of one word never lose each
// other's updates.
//
// One DMA: when every lane of the wave is active (always at top level;
// tested through the execute mask in masked blocks) and the addresses are
// consecutive elements (address − n·lane equal in all lanes, compared
// against lane 0 replicated through r5), one row of the wave's elements
// (from a packed VPM write for narrow elements); for words stride bytes
// apart (stride from laneStrides, tested the same way), lane l's value
// rotated into column 0 of VPM row l, and one DMA of one word per row
// with a VDW stride setup (the gap between rows).
// Otherwise inactive lanes' DMAs go to the wave's dummy word, so a
// divergent store touches exactly the active lanes' elements; the lanes a
// partial wave never runs get no DMA. The wait for the DMA comes last,
// before the mutex is released.
func (l *lowerer) storeN(b *mir.Block, v mir.Operand, addr mir.Operand, n int, step int64) {
	set := storeSetups[n]
	l.alu("mov", hw("r0"), addr)
	l.alu("mov", hw("r1"), hw("mutex"))
	l.ldi(hw("vw_setup"), 0x1a00)
	l.alu("mov", hw("vpm"), v)
	fast, strided, done := l.newLabel(), -1, l.newLabel()
	l.strideTest(b, fast, int64(n))
	stride := int64(0)
	if n == 4 {
		stride = dmaStride(step)
	}
	if stride != 0 {
		strided = l.newLabel()
		l.strideTest(b, strided, stride)
	}
	l.dummyInactive(b, hw("r0"))
	// VDW basic setup: 1 row of 1 element, horizontal, VPM (0, lane):
	// ADDR (bits 13:3) advances by one column per lane.
	l.perLaneDMA("vw", hw("r0"), set.lane, 8)
	l.branch("", done, "")
	l.label(fast, "")
	if n != 4 {
		// The elements packed into row 0 for the one DMA.
		l.ldi(hw("vw_setup"), set.vpm)
		l.alu("mov", hw("vpm"), v)
	}
	// 1 row of the wave's elements (DEPTH 22:16), horizontal, VPM (0, 0).
	l.ldi(hw("vw_setup"), set.vdw&^(127<<16)|uint32(l.lanes&127)<<16)
	l.alu("mov", hw("vw_addr"), hw("r0"))
	if strided >= 0 {
		l.branch("", done, "")
		l.label(strided, "")
		// Full 16-lane rotation needs the source in an accumulator
		// (§4.3), not rotated right after its write (§7.10): the stride
		// setup goes between.
		l.alu("mov", hw("r1"), v)
		l.ldi(hw("vw_setup"), 0xc0000000|uint32(stride-4)).Comment = "VDW stride: gap between rows"
		for r := 1; r < l.lanes; r++ {
			l.rot(hw("vpm"), hw("r1"), r)
		}
		// UNITS rows (29:23) of 1 word, horizontal, VPM (0, 0).
		l.ldi(hw("vw_setup"), 0x80014000|uint32(l.lanes&127)<<23)
		l.alu("mov", hw("vw_addr"), hw("r0"))
	}
	l.label(done, "")
	l.alu("mov", none, hw("vw_wait"))
	l.alu("mov", hw("mutex"), imm(0))
}

// dummyInactive replaces the address in r by the wave's dummy word in
// the inactive lanes of a masked block, so that the per-lane DMAs of
// lanes that do not run touch no user memory.
func (l *lowerer) dummyInactive(b *mir.Block, r mir.Operand) {
	if !l.masked(b) {
		return
	}
	sc := vreg(l.unif[UnifScratch])
	l.stats.MaskedInstrs++
	// masked: the builder makes Z the active lanes first.
	l.alu("mov", r, sc, ifnz(), onlyActive()).Comment = "inactive lanes: dummy word"
}

// loadDMA reads one word per lane from the addresses in r0 into r1 by VDR
// DMA, which reads memory directly: the TMU and L2 caches may hold stale
// copies of words the kernel wrote by VDW DMA, and a QPU cannot flush
// them. Like store, it holds the VPM mutex and reads the wave's words by
// one DMA when every lane is active and the addresses are consecutive
// words (one row) or step bytes apart (the rows the step apart, written
// vertically into VPM row 0); otherwise it DMAs each lane's word (its
// address rotated into lane 0) into its column of VPM row 0. Then the row
// is read back through a VPM read setup (readable from the 3rd
// instruction after it, spec §5).
func (l *lowerer) loadDMA(b *mir.Block, step int64) {
	// The DMA reads whole words: give it the word address (narrow loads
	// keep the byte offset in r0 for the extraction).
	al := l.tmp()
	l.alu("and", al, hw("r0"), imm(-4))
	l.alu("mov", hw("r1"), hw("mutex"))
	fast, strided, done := l.newLabel(), -1, l.newLabel()
	l.strideTest(b, fast, 4)
	stride := dmaStride(step)
	if stride != 0 {
		strided = l.newLabel()
		l.strideTest(b, strided, stride)
	}
	// Full 16-lane rotation needs the source in an accumulator (§4.3).
	l.alu("mov", hw("r2"), al)
	l.dummyInactive(b, hw("r2"))
	// VDR basic setup: 1 row of 1 word, 32-bit, horizontal, VPM (0, lane).
	l.perLaneDMA("vr", hw("r2"), 0x80110000, 1)
	l.branch("", done, "")
	l.label(fast, "")
	// 1 row (NROWS 19:16) of the wave's words (ROWLEN 23:20, 0 = 16)
	// into VPM row 0.
	l.ldi(hw("vr_setup"), 0x80010000|uint32(l.lanes&15)<<20)
	l.alu("mov", hw("vr_addr"), al)
	if strided >= 0 {
		l.branch("", done, "")
		l.label(strided, "")
		// Memory pitch = stride (extended setup); one row of 1 word per
		// lane, vertical, VPM pitch 1: row r goes to VPM (0, r).
		l.ldi(hw("vr_setup"), 0x90000000|uint32(stride))
		l.ldi(hw("vr_setup"), 0x80101800|uint32(l.lanes&15)<<16)
		l.alu("mov", hw("vr_addr"), al)
	}
	l.label(done, "")
	l.alu("mov", none, hw("vr_wait"))
	// VPM generic block read: 1 row, horizontal 32-bit, row 0.
	l.ldi(hw("vr_setup"), 0x00101a00)
	l.nop()
	l.nop()
	l.alu("mov", hw("r1"), hw("vpm"))
	l.alu("mov", hw("mutex"), imm(0))
	if !l.masked(b) && l.lanes < 16 {
		// Lanes beyond a partial wave's work-group got no word: give
		// them lane 0's, so a uniform load stays uniform in all 16 lanes.
		l.alu("mov", hw("r5rep"), hw("r1"))
		l.partialLanes()
		l.alu("mov", hw("r1"), hw("r5"), ifnn())
	}
}

// perLaneDMA emits a loop of single-word DMAs (unit "vw" or "vr"), one
// per lane of the wave, lane 0 first: each writes the setup word (setup
// for lane 0, plus step per lane) and the address in lane 0 of addr, an
// accumulator rotated by one lane per iteration. A loop rather than one
// copy per lane: 8 instructions instead of 48 on the slow
// (non-consecutive) path. The loop does not wait for its DMAs: writing
// the DMA address stalls while the engine is busy, so each iteration
// overlaps the previous lane's DMA, and the caller waits once after the
// last one (the model latches the setup when the address is written). r1
// holds the setup word and r5 counts down; both are clobbered, and addr
// is left rotated by the number of lanes.
func (l *lowerer) perLaneDMA(unit string, addr mir.Operand, setup uint32, step int32) {
	loop := l.newLabel()
	l.ldi(hw("r1"), setup)
	l.alu("mov", hw("r5rep"), imm(int32(l.lanes-1)))
	l.label(loop, "")
	l.alu("mov", hw(unit+"_setup"), hw("r1"))
	l.alu("mov", hw(unit+"_addr"), addr)
	l.alu("sub", hw("r5rep"), hw("r5"), imm(1), setF())
	// The delay slots advance the setup word and rotate the next lane's
	// address into lane 0 (executed on the way out too).
	l.brr("anynn", loop).Comment = "next lane"
	l.alu("add", hw("r1"), hw("r1"), imm(step))
	l.rot(addr, addr, 1)
	l.nop()
}

// strideTest branches to target when the wave's addresses in r0 are
// stride bytes apart (address − stride·lane equal in every lane; lane 0
// is replicated through r5) and, in a masked block, every lane of the
// wave is active (the lanes beyond a partial wave are ignored). It
// clobbers r1 and r5.
func (l *lowerer) strideTest(b *mir.Block, target int, stride int64) {
	switch stride {
	case 1:
		l.alu("mov", hw("r1"), hw("elem_num"))
	case 2, 4:
		l.alu("shl", hw("r1"), hw("elem_num"), imm(int32(stride/2)))
	default:
		if stride&(stride-1) == 0 && stride < 1<<16 {
			// A shift needs no constant register (and no hazard nop).
			l.alu("shl", hw("r1"), hw("elem_num"), imm(int32(bits.TrailingZeros64(uint64(stride)))))
			break
		}
		l.mulop("mul24", hw("r1"), hw("elem_num"), l.constant(stride))
	}
	l.alu("sub", hw("r1"), hw("r0"), hw("r1"))
	l.alu("mov", hw("r5rep"), hw("r1"))
	why := fmt.Sprintf("addresses %d bytes apart?", stride)
	switch {
	case !l.masked(b) && l.lanes == 16:
		l.alu("sub", none, hw("r1"), hw("r5"), setF()).Comment = why
	case !l.masked(b):
		// Top level of a partial wave: only the work-group's lanes count.
		l.alu("sub", hw("r1"), hw("r1"), hw("r5")).Comment = why
		l.partialLanes()
		l.alu("mov", hw("r1"), imm(0), ifnn())
		l.alu("mov", none, hw("r1"), setF())
	case l.lanes == 16:
		l.alu("sub", hw("r1"), hw("r1"), hw("r5")).Comment = why
		l.alu("or", none, hw("r1"), execMask, setF()).Comment = "and every lane active?"
	default:
		l.alu("sub", hw("r1"), hw("r1"), hw("r5")).Comment = why
		l.alu("or", hw("r1"), hw("r1"), execMask).Comment = "and every lane of the wave active?"
		l.partialLanes()
		l.alu("mov", hw("r1"), imm(0), ifnn())
		l.alu("mov", none, hw("r1"), setF())
	}
	l.branch("allz", target, "one DMA for the whole vector")
}

// newLabel returns a label number for code inside a block (above every
// block index).
func (l *lowerer) newLabel() int {
	l.labels++
	return 1<<20 + l.labels
}

// mul32 builds a 32-bit product from mul24 (Mesa's ntq_umul):
// lo(a*b) = a*b (24-bit) + ((a>>24)*b + a*(b>>24)) << 24. The form for
// the expansions that still lower by hand (memset, the math library);
// G_MUL itself is selected by vc4-isel's mul rules (isel.go).
func (l *lowerer) mul32(d, a, b mir.Operand) {
	if a.Kind == mir.KindImm && b.Kind == mir.KindImm {
		l.alu("mov", d, l.constant(int64(int32(a.Imm)*int32(b.Imm))))
		return
	}
	ah, bh, p1, p2, p0 := l.tmp(), l.tmp(), l.tmp(), l.tmp(), l.tmp()
	l.alu("shr", ah, a, imm(-8)) // >> 24
	l.alu("shr", bh, b, imm(-8))
	l.mulop("mul24", p1, ah, b)
	l.mulop("mul24", p2, a, bh)
	l.mulop("mul24", p0, a, b)
	s := l.tmp()
	l.alu("add", s, p1, p2)
	l.alu("shl", s, s, imm(-8))
	l.alu("add", d, p0, s)
}

// icmp sets d to 1 if a cond b holds, else 0, from the flags of one
// compare (spec §3.4 recipes: unsigned via the borrow of sub, signed via
// the C flag of max).
func (l *lowerer) icmp(d mir.Operand, c mir.Cond, a, b mir.Operand) {
	t := d
	if d == a || d == b {
		t = l.tmp() // d is read after its first write
	}
	l.alu("mov", t, imm(0))
	var g mir.Operand // the guard of the true case
	switch c {
	case mir.CondEQ, mir.CondNE:
		l.alu("sub", none, a, b, setF())
		g = mir.P(RegZF, c == mir.CondNE)
	case mir.CondULT, mir.CondUGE:
		l.alu("sub", none, a, b, setF()) // C = a <u b
		g = mir.P(RegCF, c == mir.CondUGE)
	case mir.CondUGT, mir.CondULE:
		l.alu("sub", none, b, a, setF()) // C = b <u a
		g = mir.P(RegCF, c == mir.CondULE)
	case mir.CondSLT, mir.CondSGE:
		l.alu("max", none, b, a, setF()) // C = b >s a
		g = mir.P(RegCF, c == mir.CondSGE)
	case mir.CondSGT, mir.CondSLE:
		l.alu("max", none, a, b, setF()) // C = a >s b
		g = mir.P(RegCF, c == mir.CondSLE)
	}
	l.alu("mov", t, imm(1), g)
	if t != d {
		l.alu("mov", d, t)
	}
}

// divide computes quotient or remainder by restoring division, one bit per
// step, branch-free so that every lane runs its own division.
func (l *lowerer) divide(op mir.Opcode, d, a, b mir.Operand) {
	signed := op == mir.GSDiv || op == mir.GSRem
	n, dv := l.tmp(), l.tmp()
	var sa, sb mir.Operand
	if signed {
		// |a|, |b| via (x ^ s) - s with s = x >> 31.
		sa, sb = l.tmp(), l.tmp()
		l.alu("asr", sa, a, imm(-1))
		l.alu("asr", sb, b, imm(-1))
		t1, t2 := l.tmp(), l.tmp()
		l.alu("xor", t1, a, sa)
		l.alu("sub", n, t1, sa)
		l.alu("xor", t2, b, sb)
		l.alu("sub", dv, t2, sb)
	} else {
		l.alu("mov", n, a)
		l.alu("mov", dv, b)
	}
	q, r, t := l.tmp(), l.tmp(), l.tmp()
	l.alu("mov", q, imm(0))
	l.alu("mov", r, imm(0))
	for i := 31; i >= 0; i-- {
		bit := l.tmp()
		sh := int32(i)
		if sh > 15 {
			sh -= 32
		}
		l.alu("shr", bit, n, imm(sh))
		l.alu("and", bit, bit, imm(1))
		l.alu("shl", r, r, imm(1))
		l.alu("or", r, r, bit)
		l.alu("shl", q, q, imm(1))
		l.alu("sub", t, r, dv, setF()) // C = r <u d
		l.alu("mov", r, t, ifcc())
		l.alu("or", q, q, imm(1), ifcc())
	}
	res := q
	if op == mir.GURem || op == mir.GSRem {
		res = r
	}
	if !signed {
		l.alu("mov", d, res)
		return
	}
	s := l.tmp()
	if op == mir.GSDiv {
		l.alu("xor", s, sa, sb) // quotient sign
	} else {
		l.alu("mov", s, sa) // remainder takes the dividend's sign
	}
	t3 := l.tmp()
	l.alu("xor", t3, res, s)
	l.alu("sub", d, t3, s)
}

// div64Calls are the i64 division helpers the frontend calls (generic
// MIR: i64 division and remainder call the compiler-rt helpers), with
// the 32-bit op whose semantics each has. Host-triple kernels meet them in
// size_t arithmetic (e.g. get_global_id(0) % n).
var div64Calls = map[string]mir.Opcode{
	"__udivdi3": mir.GUDiv, "__umoddi3": mir.GURem, "__divdi3": mir.GSDiv, "__moddi3": mir.GSRem,
}

// neg64 sets (h, l) = (ah, al) ^ s - s for s = 0 or -1 in both words:
// the value itself or its two's complement negation.
func (l *lowerer) neg64(h, lo, ah, al, s mir.Operand) {
	xl, xh, b := l.tmp(), l.tmp(), l.tmp()
	l.alu("xor", xl, al, s)
	l.alu("xor", xh, ah, s)
	l.icmp(b, mir.CondULT, xl, s) // borrow out of the low word
	l.alu("sub", lo, xl, s)
	l.alu("sub", xh, xh, s)
	l.alu("sub", h, xh, b)
}

// divide64 computes the quotient or remainder of two i64 values (words low
// first) by restoring division, 64 steps, branch-free per lane like
// divide. Division by zero is undefined in IR; it gives all ones here.
func (l *lowerer) divide64(op mir.Opcode, dl, dh, al, ah, bl, bh mir.Operand) {
	signed := op == mir.GSDiv || op == mir.GSRem
	nl, nh, vl, vh := l.tmp(), l.tmp(), l.tmp(), l.tmp()
	var sa, sb mir.Operand
	if signed {
		sa, sb = l.tmp(), l.tmp()
		l.alu("asr", sa, ah, imm(-1))
		l.alu("asr", sb, bh, imm(-1))
		l.neg64(nh, nl, ah, al, sa)
		l.neg64(vh, vl, bh, bl, sb)
	} else {
		l.alu("mov", nl, al)
		l.alu("mov", nh, ah)
		l.alu("mov", vl, bl)
		l.alu("mov", vh, bh)
	}
	ql, qh, rl, rh := l.tmp(), l.tmp(), l.tmp(), l.tmp()
	for _, x := range []mir.Operand{ql, qh, rl, rh} {
		l.alu("mov", x, imm(0))
	}
	tl, th, t, bo, b1 := l.tmp(), l.tmp(), l.tmp(), l.tmp(), l.tmp()
	for i := 63; i >= 0; i-- {
		src, sh := nl, int32(i)
		if i >= 32 {
			src, sh = nh, int32(i-32)
		}
		if sh > 15 {
			sh -= 32
		}
		bit := l.tmp()
		l.alu("shr", bit, src, imm(sh))
		l.alu("and", bit, bit, imm(1))
		// r = r<<1 | bit, q = q<<1 (two words each); r < 2^(63-i) here,
		// so no bit is lost.
		l.alu("shl", rh, rh, imm(1))
		l.alu("shr", t, rl, imm(-1))
		l.alu("or", rh, rh, t)
		l.alu("shl", rl, rl, imm(1))
		l.alu("or", rl, rl, bit)
		l.alu("shl", qh, qh, imm(1))
		l.alu("shr", t, ql, imm(-1))
		l.alu("or", qh, qh, t)
		l.alu("shl", ql, ql, imm(1))
		// (th, tl) = r - v; bo = 1 when r <u v (a borrow out of the
		// high word, from the words or from the low word's borrow).
		l.alu("mov", b1, imm(0))
		l.alu("sub", tl, rl, vl, setF()) // C = rl <u vl
		l.alu("mov", b1, imm(1), ifc())
		l.alu("mov", bo, imm(0))
		l.alu("sub", th, rh, vh, setF()) // C = rh <u vh
		l.alu("mov", bo, imm(1), ifc())
		l.alu("sub", th, th, b1, setF()) // C = (rh - vh) <u b1
		l.alu("mov", bo, imm(1), ifc())
		l.alu("mov", none, bo, setF()) // Z: r >= v
		l.alu("mov", rl, tl, ifz())
		l.alu("mov", rh, th, ifz())
		l.alu("or", ql, ql, imm(1), ifz())
	}
	resl, resh := ql, qh
	if op == mir.GURem || op == mir.GSRem {
		resl, resh = rl, rh
	}
	if !signed {
		l.alu("mov", dl, resl)
		l.alu("mov", dh, resh)
		return
	}
	s := l.tmp()
	if op == mir.GSDiv {
		l.alu("xor", s, sa, sb) // quotient sign
	} else {
		l.alu("mov", s, sa) // remainder takes the dividend's sign
	}
	l.neg64(dh, dl, resh, resl, s)
}

// mulh computes the high word of a 32×32 product from four 16×16 mul24
// products: hi = ah·bh + (ah·bl >> 16) + (al·bh >> 16) + carry of the
// middle column. Signed: subtract b when a < 0 and a when b < 0.
func (l *lowerer) mulh(d, a, b mir.Operand, signed bool) {
	al, ah, bl, bh := l.tmp(), l.tmp(), l.tmp(), l.tmp()
	l.alu("shl", al, a, imm(-16))
	l.alu("shr", al, al, imm(-16))
	l.alu("shr", ah, a, imm(-16))
	l.alu("shl", bl, b, imm(-16))
	l.alu("shr", bl, bl, imm(-16))
	l.alu("shr", bh, b, imm(-16))
	p0, p1, p2, p3 := l.tmp(), l.tmp(), l.tmp(), l.tmp()
	l.mulop("mul24", p0, al, bl)
	l.mulop("mul24", p1, ah, bl)
	l.mulop("mul24", p2, al, bh)
	l.mulop("mul24", p3, ah, bh)
	mid, t := l.tmp(), l.tmp()
	l.alu("shr", mid, p0, imm(-16))
	l.alu("shl", t, p1, imm(-16))
	l.alu("shr", t, t, imm(-16))
	l.alu("add", mid, mid, t)
	l.alu("shl", t, p2, imm(-16))
	l.alu("shr", t, t, imm(-16))
	l.alu("add", mid, mid, t)
	hi := l.tmp()
	l.alu("shr", hi, mid, imm(-16))
	l.alu("add", hi, hi, p3)
	l.alu("shr", t, p1, imm(-16))
	l.alu("add", hi, hi, t)
	l.alu("shr", t, p2, imm(-16))
	l.alu("add", hi, hi, t)
	if signed {
		s := l.tmp()
		l.alu("asr", s, a, imm(-1))
		l.alu("and", s, s, b)
		l.alu("sub", hi, hi, s)
		l.alu("asr", s, b, imm(-1))
		l.alu("and", s, s, a)
		l.alu("sub", hi, hi, s)
	}
	l.alu("mov", d, hi)
}

// memCalls are the memory functions the frontend emits for
// llvm.memset/memcpy/memmove; they are expanded into word accesses.
var memCalls = map[string]bool{"memset": true, "memcpy": true, "memmove": true}

// memCall expands memset/memcpy/memmove of a constant, word-multiple
// length (word-aligned objects such as private int arrays).
func (l *lowerer) memCall(b *mir.Block, name string, args []mir.Operand, path loadPath) error {
	var regs []mir.Reg
	for _, o := range args {
		if o.Kind == mir.KindReg {
			regs = append(regs, o.Reg)
		}
	}
	if len(regs) < 3 {
		return fmt.Errorf("function '%s': malformed call to %s", l.f.Name, name)
	}
	n, ok := l.konst[regs[2]]
	if !ok || n%4 != 0 || n < 0 || n > 4096 {
		return fmt.Errorf("function '%s': %s needs a constant length that is a multiple of 4 on vc4", l.f.Name, name)
	}
	dst := l.reg(regs[0])
	if name == "memset" {
		v := l.tmp()
		l.alu("and", v, l.reg(regs[1]), l.constant(0xff))
		w := l.tmp()
		l.mul32(w, v, l.constant(0x01010101))
		for off := int64(0); off < n; off += 4 {
			a := l.tmp()
			l.alu("add", a, dst, l.constant(off))
			l.store(b, w, a, l.step(regs[0]))
		}
		return nil
	}
	// Loads first, then stores: correct for overlapping memmove too.
	src := l.reg(regs[1])
	var words []mir.Operand
	for off := int64(0); off < n; off += 4 {
		a, w := l.tmp(), l.tmp()
		l.alu("add", a, src, l.constant(off))
		l.load(b, w, a, mir.GLoad32, path, l.step(regs[1]))
		words = append(words, w)
	}
	for i, w := range words {
		a := l.tmp()
		l.alu("add", a, dst, l.constant(int64(4*i)))
		l.store(b, w, a, l.step(regs[0]))
	}
	return nil
}
