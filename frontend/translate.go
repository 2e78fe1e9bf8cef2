// translate.go: the module and function driver and the per-function translation state (fn).

package frontend

import (
	"bytes"
	"fmt"
	"math/bits"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"lltosimd/mir"
)

// Options configure Translate.
type Options struct {
	Arch      *mir.Arch // architecture of the created functions (mir.GenericArch in tests)
	BigEndian bool      // byte order of the target memory: data items and multi-word accesses
	File      string    // source file name, for diagnostics
	Src       []byte    // source text, for diagnostic positions (may be nil)
	// Warn, if set, receives warnings (their Msg starts with "warning: ").
	Warn func(*Error)
}

// failure is raised (panicked) deep inside the lowering helpers and turned
// into an *Error with a source position at the function boundary; it keeps
// the many helpers free of error plumbing.
type failure struct{ msg string }

func fail(format string, args ...any) { panic(&failure{fmt.Sprintf(format, args...)}) }

// translator holds module-wide state.
type translator struct {
	positions map[*ir.Func]funcPositions // instrPositions' per-function cache
	defines   map[string]defineLine      // defineLines' index of the source
	opts      Options
	lay       *Layout
	triple    string // the module's target triple ("" if it has none)
	// hasLayout: the module states a datalayout (else LLVM's default).
	hasLayout  bool
	warnedLP64 bool // the LP64 variadic-i64 warning was given
	mod        *mir.Module
	defined    map[string]bool // symbols defined in the module
	extern     map[string]bool // undefined symbols already listed in mod.Externs
	kernels    map[string]bool // OpenCL kernels defined in the module (isKernel)

	ctors     []ctor                    // llvm.global_ctors, called by main (ctors.go)
	blockSyms map[blockRef]string       // blockaddress symbols (blockaddr.go)
	mirBlocks map[*ir.Func][]*mir.Block // the first MIR block of each IR block, by translated function
	// blockRefs are the blockaddress symbols of functions not yet
	// translated, bound when they are; lateBlockSyms those made for
	// functions already translated, bound after the last function.
	blockRefs     map[*ir.Func][]blockRef
	lateBlockSyms []blockRef
	bodyAddrs     bool // a function body may take a block's address (bodyAddrs)
}

// Translate lowers an LLVM module into generic MIR (docs/generic-mir.md).
// Unlike Begin and Func, it leaves m as it was.
func Translate(m *ir.Module, opts Options) (*mir.Module, error) {
	tr, err := Begin(m, opts)
	if err != nil {
		return nil, err
	}
	tr.keepIR = true
	for i := range tr.mod.Funcs {
		if err := tr.Func(i); err != nil {
			return nil, err
		}
	}
	return tr.Module(), nil
}

// A Translation is a module being lowered one function at a time, so that
// the passes can compile the functions already lowered while the next
// ones are (Begin, Func).
type Translation struct {
	t     *translator // nil once every function is lowered
	mod   *mir.Module
	file  string
	irfs  []*ir.Func // the defined functions, in the order of Module().Funcs
	next  int        // the function Func lowers next
	funcs map[*ir.Func]*mir.Func
	// keepIR: Func leaves the IR function bodies (Translate).
	keepIR bool
}

// Begin starts the lowering of m: it lowers the globals and aliases and
// makes the mir.Func of every defined function, named and with its
// linkage but without a body, so that the module's symbols
// (mir.Module.Symbol) are complete before any function body is lowered.
// Func may then consume m.
func Begin(m *ir.Module, opts Options) (*Translation, error) {
	if opts.Arch == nil {
		opts.Arch = mir.GenericArch
	}
	lay, lerr := ParseLayout(m.DataLayout)
	if lerr != nil {
		return nil, &Error{File: opts.File, Line: 1, Col: 1, Msg: lerr.Error()}
	}
	if len(m.ModuleAsms) > 0 {
		// Module-level asm would be dropped silently otherwise.
		e := &Error{File: opts.File, Line: 1, Col: 1, Msg: "unsupported: module-level inline assembly ('module asm')"}
		if i := bytes.Index(opts.Src, []byte("module asm")); i >= 0 {
			e.Line, e.Col = lineCol(opts.Src, i)
		}
		return nil, e
	}
	t := &translator{
		opts:      opts,
		lay:       lay,
		triple:    m.TargetTriple,
		hasLayout: m.DataLayout != "",
		mod:       &mir.Module{Source: opts.File, BigEndian: opts.BigEndian},
		defined:   make(map[string]bool),
		extern:    make(map[string]bool),
		kernels:   make(map[string]bool),

		mirBlocks: make(map[*ir.Func][]*mir.Block),
		bodyAddrs: bodyAddrs(opts.Src),
	}
	for _, g := range m.Globals {
		if g.Init != nil {
			t.defined[g.Name()] = true
		}
	}
	for _, f := range m.Funcs {
		if len(f.Blocks) > 0 {
			t.defined[f.Name()] = true
			t.kernels[f.Name()] = isKernel(f)
		}
	}
	for _, g := range m.Globals {
		if g.Init == nil {
			continue
		}
		switch g.Name() {
		case "llvm.used", "llvm.compiler.used":
			continue // keep-alive lists: every global is kept anyway
		case "llvm.global_ctors", "llvm.global_dtors": // ctors.go
			list, err := t.globalCtors(g)
			switch {
			case err != nil:
				return nil, err
			case len(list) > 0 && g.Name() == "llvm.global_dtors":
				return nil, t.globalError(g.Name(), "unsupported: global destructors (@llvm.global_dtors)")
			case len(list) > 0 && !t.defined["main"]:
				return nil, t.globalError(g.Name(), "unsupported: global constructors in a module without main (crt0 only calls main)")
			}
			if g.Name() == "llvm.global_ctors" {
				t.ctors = list
			}
			continue
		}
		mg, err := t.global(g)
		if err != nil {
			return nil, err
		}
		t.mod.Globals = append(t.mod.Globals, mg)
	}
	if err := t.checkSymDiffs(m); err != nil { // pic.go
		return nil, err
	}
	if err := t.aliases(m); err != nil { // alias.go
		return nil, err
	}
	tr := &Translation{t: t, mod: t.mod, file: opts.File, funcs: make(map[*ir.Func]*mir.Func)}
	for _, f := range m.Funcs {
		if len(f.Blocks) == 0 {
			continue
		}
		mf := mir.NewFunc(f.Name(), opts.Arch)
		mf.Exported = isExported(f.Linkage)
		mf.Weak = isWeak(f.Linkage)
		mf.Vararg = f.Sig.Variadic
		mf.Kernel = isKernel(f)
		t.mod.Funcs = append(t.mod.Funcs, mf)
		tr.irfs = append(tr.irfs, f)
		tr.funcs[f] = mf
	}
	return tr, nil
}

// Module returns the module being lowered; the bodies of its functions
// are those Func has lowered.
func (tr *Translation) Module() *mir.Module { return tr.mod }

// Func lowers the body of Module().Funcs[i]. The functions are lowered in
// order (i must be the number of functions already lowered), one at a
// time. Once Func has returned, the translation leaves function i alone,
// unless a later function takes the address of one of its blocks (see
// Pipelinable): the last Func records those. When no function can
// (Pipelinable), Func also drops the body of the IR function it lowered
// (its Blocks), so that the memory of the IR is freed as the lowering
// goes: the IR module must not be used afterwards (Translate keeps it).
func (tr *Translation) Func(i int) error {
	if i != tr.next || i >= len(tr.irfs) {
		return fmt.Errorf("%s: internal error: function %d lowered after %d", tr.file, i, tr.next-1)
	}
	tr.next++
	t, irf := tr.t, tr.irfs[i]
	if err := t.function(irf, t.mod.Funcs[i]); err != nil {
		return err
	}
	t.bindBlockSyms(tr.funcs, t.blockRefs[irf])
	if !t.bodyAddrs && !tr.keepIR {
		tr.irfs[i] = nil
		irf.Blocks = nil
		delete(t.mirBlocks, irf)
		delete(t.positions, irf)
	}
	if tr.next == len(tr.irfs) {
		t.bindBlockSyms(tr.funcs, t.lateBlockSyms)
		// Nothing refers to the IR any more: its memory is free for
		// the passes still running.
		tr.t, tr.irfs, tr.funcs = nil, tr.irfs[:0:0], nil
	}
	return nil
}

// Pipelinable reports whether a function is final once Func has lowered
// it, so that passes may compile it while later functions are lowered:
// when no function body takes a block's address (blockaddress), which a
// later function could do for an earlier one's block (the addresses taken
// in global initializers are known from Begin on).
func (tr *Translation) Pipelinable() bool { return tr.t != nil && !tr.t.bodyAddrs }

// bodyAddrs reports whether a function body of the source may hold a
// blockaddress: whether the word is on a line other than a global's
// definition (or there is no source text, Options.Src).
func bodyAddrs(src []byte) bool {
	if src == nil {
		return true
	}
	key := []byte("blockaddress")
	for off := 0; ; {
		i := bytes.Index(src[off:], key)
		if i < 0 {
			return false
		}
		i += off
		off = i + len(key)
		if src[bytes.LastIndexByte(src[:i], '\n')+1] != '@' {
			return true
		}
	}
}

// tripleName names the module's target triple for diagnostics.
func (t *translator) tripleName() string {
	if t.triple == "" {
		return "IR without a target triple"
	}
	return t.triple + " IR"
}

// mipsTargetFlag is the clang flag that produces IR with O32's conventions
// in the module's byte order.
func (t *translator) mipsTargetFlag() string {
	if t.lay.BigEndian {
		return "--target=mips-unknown-linux-gnu"
	}
	return "--target=mipsel-unknown-linux-gnu"
}

// useSym records a reference to a symbol, listing it as extern if it is
// not defined in the module.
func (t *translator) useSym(name string) {
	if !t.defined[name] && !t.extern[name] {
		t.extern[name] = true
		t.mod.Externs = append(t.mod.Externs, name)
	}
}

// isWeak reports linkages whose definition another module's may replace.
func isWeak(l enum.Linkage) bool {
	switch l {
	case enum.LinkageWeak, enum.LinkageWeakODR, enum.LinkageLinkOnce, enum.LinkageLinkOnceODR:
		return true
	}
	return false
}

// isKernel reports whether an IR function is an OpenCL kernel: the
// spir_kernel calling convention, or the !kernel_arg_addr_space metadata
// clang attaches to every kernel on every triple (host-triple IR keeps the
// calling convention too, but launchers that call kernels from C remove it).
func isKernel(f *ir.Func) bool {
	if f.CallingConv == enum.CallingConvSPIRKernel {
		return true
	}
	for _, md := range f.Metadata {
		if md.Name == "kernel_arg_addr_space" {
			return true
		}
	}
	return false
}

func isExported(l enum.Linkage) bool {
	return l != enum.LinkageInternal && l != enum.LinkagePrivate
}

// fn is the state of one function's translation.
type fn struct {
	t   *translator
	irf *ir.Func
	f   *mir.Func
	cur *mir.Block

	vals    map[value.Value][]mir.Reg     // defined (or forward-referenced) IR values
	pending map[value.Value]bool          // forward-referenced values not yet defined
	vecs    map[value.Value]mir.Reg       // vector values held whole in a vector register (vector.go)
	vpend   map[value.Value]bool          // forward-referenced vector values not yet defined
	vsrc    map[value.Value][]value.Value // per lane of a vector value, the scalar value moved there (vector.go)
	blocks  map[*ir.Block]*mir.Block
	layout  [][]*mir.Block       // per IR block: its MIR blocks in layout order
	edges   map[*ir.Block][]edge // branches leaving each IR block
	frame   map[value.Value]int  // entry-block allocas turned into frame objects
	phis    []phiWork            // phis whose incoming values are filled at the end
	// wide phis of the block being translated, taken apart into their
	// words after its last phi (G_UNMERGE_VALUES may not sit among phis)
	phiWords []phiUnmerge
	phiMat   map[phiKey][]mir.Operand // phi incoming values materialized in the predecessor
	ext      map[mir.Reg]extFact      // what is known about registers' high bits
	konsts   map[int64]mir.Reg        // per-block constant cache
	laneRd   map[[2]mir.Reg]mir.Reg   // per-block cache of lane reads: {vector, lane} -> register
	frAddr   map[int]mir.Reg          // per-block frame address cache
	irBlock  *ir.Block
	layIdx   int     // index of the IR block being translated
	retPtr   mir.Reg // hidden result pointer (returnsInMemory)
	fpObj    int     // frame object whose address is llvm.frameaddress(0); -1: none yet
	instNo   int     // ordinal of the current instruction in the function, for diagnostics
	// instPos are the input positions of the function's instructions
	// (indexed by instNo), stamped on the MIR made from each.
	instPos []mir.SrcPos
	// access and accessAt describe the IR load or store being translated
	// (beginAccess): its underlying object and the base offset of its
	// first byte.
	access   *memObj
	accessAt int64
	// maskPhis are the phis of <N x i1> whose every incoming value is a
	// whole-vector compare or another such phi (maskPhiSet): their lanes
	// are 0 or 1 too, so a select on one stays a vector select.
	maskPhis map[*ir.InstPhi]bool
	// accessVolatile marks the memory operands of a volatile access.
	accessVolatile bool
}

// function lowers the body of irf into mf, made by Begin.
func (t *translator) function(irf *ir.Func, mf *mir.Func) (err error) {
	s := &fn{
		t:       t,
		irf:     irf,
		f:       mf,
		vals:    make(map[value.Value][]mir.Reg),
		pending: make(map[value.Value]bool),
		vecs:    make(map[value.Value]mir.Reg),
		vpend:   make(map[value.Value]bool),
		vsrc:    make(map[value.Value][]value.Value),
		blocks:  make(map[*ir.Block]*mir.Block, len(irf.Blocks)),
		layout:  make([][]*mir.Block, len(irf.Blocks)),
		edges:   make(map[*ir.Block][]edge),
		frame:   make(map[value.Value]int),
		phiMat:  make(map[phiKey][]mir.Operand),
		ext:     make(map[mir.Reg]extFact),
		fpObj:   -1,
	}
	s.maskPhis = s.maskPhiSet()
	defer func() {
		if r := recover(); r != nil {
			msg := fmt.Sprint(r)
			if f, ok := r.(*failure); ok {
				msg = f.msg
			} else {
				msg = "internal error: " + msg
			}
			err = t.funcError(irf, s.instNo, msg+" in function @"+irf.Name())
		}
	}()
	if err := t.checkDominance(irf); err != nil {
		return err
	}
	s.run()
	return nil
}

func (s *fn) run() {
	f := s.f
	f.Props = mir.PropSSA
	for i, b := range s.irf.Blocks {
		mb := f.NewBlockDetached(b.Name())
		s.blocks[b] = mb
		s.layout[i] = []*mir.Block{mb}
	}
	s.instNo = -1
	_, s.instPos = s.t.instrPositions(s.irf)
	for i, b := range s.irf.Blocks {
		s.irBlock, s.layIdx = b, i
		s.setBlock(s.blocks[b])
		if i == 0 {
			s.args()
			s.callCtors()
		}
		s.block(b)
	}
	s.fillPhis()
	s.defineForgotten()
	firsts := make([]*mir.Block, len(s.layout))
	for i, l := range s.layout {
		firsts[i] = l[0]
	}
	s.t.mirBlocks[s.irf] = firsts
	for _, l := range s.layout {
		f.Blocks = append(f.Blocks, l...)
	}
	// Every pass may rely on Preds/Succs (mir.Verify checks them): the
	// CFG is valid from the frontend on, and passes keep it so.
	f.RecomputeCFG()
}

func (s *fn) setBlock(b *mir.Block) {
	s.cur = b
	s.konsts = emptied(s.konsts)
	s.laneRd = emptied(s.laneRd)
	s.frAddr = emptied(s.frAddr)
}

// emptied returns m emptied for reuse by the next block (most blocks'
// caches are small: no allocation per block), or a new map if m is nil or
// was large (clearing costs its capacity, which the next blocks need not
// pay again and again).
func emptied[K comparable, V any](m map[K]V) map[K]V {
	if m == nil || len(m) > 64 {
		return make(map[K]V)
	}
	clear(m)
	return m
}

// newBlock adds a MIR block after those of the current IR block (switch
// lowering needs several).
func (s *fn) newBlock() *mir.Block {
	b := s.f.NewBlockDetached("")
	s.layout[s.layIdx] = append(s.layout[s.layIdx], b)
	return b
}

// --- emission helpers ---

func (s *fn) emit(op mir.Opcode, ops ...mir.Operand) *mir.Instr {
	in := &mir.Instr{Op: op, Ops: ops}
	if s.instNo >= 0 && s.instNo < len(s.instPos) {
		in.Pos = s.instPos[s.instNo]
	}
	s.cur.Instrs = append(s.cur.Instrs, in)
	return in
}

func (s *fn) reg() mir.Reg { return s.f.NewVReg(0) }

func (s *fn) op2(op mir.Opcode, a, b mir.Reg) mir.Reg {
	d := s.reg()
	s.emit(op, mir.D(d), mir.R(a), mir.R(b))
	return d
}

func (s *fn) opK(op mir.Opcode, a mir.Reg, k int64) mir.Reg { return s.op2(op, a, s.konst(k)) }

// konst materializes a 32-bit constant, once per block.
func (s *fn) konst(v int64) mir.Reg {
	v = int64(int32(v))
	if r, ok := s.konsts[v]; ok {
		return r
	}
	d := s.reg()
	s.emit(mir.GConst, mir.D(d), mir.I(v))
	s.konsts[v] = d
	s.ext[d] = konstFact(v)
	return d
}

// konstFact is what a register holding the 32-bit constant v is known to
// be an extension of.
func konstFact(v int64) extFact {
	if v < 0 {
		return extFact{s: uint8(1 + bits.Len32(^uint32(v)))}
	}
	return extFact{z: uint8(max(1, bits.Len32(uint32(v)))), s: uint8(1 + bits.Len32(uint32(v)))}
}

// --- types ---

// bitsOf returns the width of a first-class scalar type in registers.
func (s *fn) bitsOf(t types.Type) int {
	switch t := t.(type) {
	case *types.IntType:
		if t.BitSize > maxIntBits {
			fail("unsupported: integer type '%s' (at most i%d)", t, maxIntBits)
		}
		return int(t.BitSize)
	case *types.PointerType:
		return 32
	case *types.FloatType:
		return floatBits(t)
	}
	fail("%s", unsupportedType(t).Error())
	return 0
}

// nwords returns how many 32-bit words a value of type t occupies.
// Aggregates (the results of *.with.overflow intrinsics, insertvalue
// chains) live in registers as the concatenation of their fields' words.
func (s *fn) nwords(t types.Type) int {
	switch t := t.(type) {
	case *types.VoidType:
		return 0
	case *types.VectorType:
		vt, _ := vectorOf(t)
		return s.vecWords(vt)
	case *types.StructType:
		n := 0
		for _, f := range t.Fields {
			n += s.nwords(f)
		}
		return n
	case *types.ArrayType:
		n := uint64(s.nwords(t.ElemType)) * t.Len
		if t.Len > maxRegWords || n > maxRegWords {
			fail("unsupported: aggregate '%s' as a register value", t)
		}
		return int(n)
	}
	return (s.bitsOf(t) + 31) / 32
}

// maxRegWords bounds the size of aggregates handled as register values
// (clang only makes small ones: overflow results, coerced returns).
const maxRegWords = 64

// isAggregate reports whether t is a struct or array type.
func isAggregate(t types.Type) bool {
	switch t.(type) {
	case *types.StructType, *types.ArrayType:
		return true
	}
	return false
}

func must[T any](v T, err error) T {
	if err != nil {
		fail("%s", err.Error())
	}
	return v
}

// --- values ---

// words returns the registers holding v, materializing constants and frame
// addresses in the current block.
func (s *fn) words(v value.Value) []mir.Reg {
	if r, ok := s.vals[v]; ok {
		return r
	}
	if idx, ok := s.frame[v]; ok {
		r, ok := s.frAddr[idx]
		if !ok {
			r = s.reg()
			s.emit(mir.GFrameAddr, mir.D(r), mir.FI(idx, 0))
			s.frAddr[idx] = r
		}
		return []mir.Reg{r}
	}
	if c, ok := v.(constant.Constant); ok {
		return s.constWords(c)
	}
	if vt, ok := s.vecType(v.Type()); ok {
		out := make([]mir.Reg, vt.Lanes)
		for i := range out {
			out[i] = s.word(s.lane(v, i))
		}
		return out
	}
	// A use before the definition in layout order: reserve the registers.
	n := s.nwords(v.Type())
	regs := make([]mir.Reg, n)
	for i := range regs {
		regs[i] = s.reg()
	}
	s.vals[v] = regs
	s.pending[v] = true
	s.nameRegs(v, regs)
	return regs
}

func (s *fn) word(v value.Value) mir.Reg { return s.words(v)[0] }

// define binds an instruction's result, copying into registers reserved by
// an earlier forward reference.
func (s *fn) define(v value.Value, regs []mir.Reg) {
	if vt, ok := s.vecType(v.Type()); ok {
		s.defineLanes(v, vt, regs)
		return
	}
	if s.pending[v] {
		for i, r := range s.vals[v] {
			s.emit(mir.GCopy, mir.D(r), mir.R(regs[i]))
		}
		delete(s.pending, v)
		return
	}
	s.vals[v] = regs
	s.nameRegs(v, regs)
}

// nameRegs names the registers of a named IR value after it, for readable
// MIR dumps (word 1 of a pair gets ".hi", word i of a wider value ".wi").
func (s *fn) nameRegs(v value.Value, regs []mir.Reg) {
	nv, ok := v.(interface {
		Name() string
		IsUnnamed() bool
	})
	if !ok || nv.IsUnnamed() {
		return
	}
	if s.f.VRegName == nil {
		s.f.VRegName = make(map[mir.Reg]string)
	}
	for i, r := range regs {
		if _, taken := s.f.VRegName[r]; taken {
			continue // shared with the operand (freeze, casts)
		}
		switch {
		case i == 0:
			s.f.VRegName[r] = nv.Name()
		case len(regs) == 2:
			s.f.VRegName[r] = nv.Name() + ".hi"
		default:
			s.f.VRegName[r] = fmt.Sprintf("%s.w%d", nv.Name(), i)
		}
	}
}

// defineForgotten gives a definition to registers reserved for values whose
// definitions were never translated (they follow a call to llvm.trap).
func (s *fn) defineForgotten() {
	entry := s.blocks[s.irf.Blocks[0]]
	var defs []*mir.Instr
	for v := range s.pending {
		for _, r := range s.vals[v] {
			defs = append(defs, mir.NewInstr(mir.GImplicitDef, mir.D(r)))
		}
	}
	for v := range s.vpend {
		defs = append(defs, mir.NewInstr(mir.GImplicitDef, mir.D(s.vecs[v])))
	}
	if len(defs) == 0 {
		return
	}
	// After G_ARGS, which must stay first.
	entry.Instrs = append(entry.Instrs[:1], append(defs, entry.Instrs[1:]...)...)
}

func (s *fn) block(b *ir.Block) {
	for _, inst := range b.Insts {
		s.instNo++
		if phi, ok := inst.(*ir.InstPhi); ok {
			s.phi(phi, b)
			continue
		}
		s.unmergePhis()
		if s.inst(inst) {
			// The rest of the block is dead (after llvm.trap).
			s.instNo += len(b.Insts) - indexOf(b.Insts, inst)
			return
		}
	}
	s.unmergePhis()
	s.instNo++
	s.materializePhiInputs(b)
	s.term(b.Term)
}

func indexOf(insts []ir.Instruction, x ir.Instruction) int {
	for i, in := range insts {
		if in == x {
			return i
		}
	}
	return 0
}
