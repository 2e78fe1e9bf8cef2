package frontend

import (
	"bytes"
	"fmt"
	"maps"
	"math/bits"
	"slices"
	"strings"

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
	opts   Options
	lay    *Layout
	triple string // the module's target triple ("" if it has none)
	// hasLayout: the module states a datalayout (else LLVM's default).
	hasLayout  bool
	warnedLP64 bool // the LP64 variadic-i64 warning was given
	mod        *mir.Module
	defined    map[string]bool // symbols defined in the module
	extern     map[string]bool // undefined symbols already listed in mod.Externs

	blockSyms map[blockRef]string      // blockaddress symbols (blockaddr.go)
	mirBlock  map[*ir.Block]*mir.Block // every IR block's first MIR block
	ctors     []ctor                   // llvm.global_ctors, called by main (ctors.go)
}

// Translate lowers an LLVM module into generic MIR (docs/generic-mir.md).
func Translate(m *ir.Module, opts Options) (mm *mir.Module, err error) {
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

		mirBlock: make(map[*ir.Block]*mir.Block),
	}
	for _, g := range m.Globals {
		if g.Init != nil {
			t.defined[g.Name()] = true
		}
	}
	for _, f := range m.Funcs {
		if len(f.Blocks) > 0 {
			t.defined[f.Name()] = true
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
	funcs := make(map[*ir.Func]*mir.Func)
	for _, f := range m.Funcs {
		if len(f.Blocks) == 0 {
			continue
		}
		mf, err := t.function(f)
		if err != nil {
			return nil, err
		}
		t.mod.Funcs = append(t.mod.Funcs, mf)
		funcs[f] = mf
	}
	t.bindBlockSyms(funcs)
	return t.mod, nil
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

func isExported(l enum.Linkage) bool {
	return l != enum.LinkageInternal && l != enum.LinkagePrivate
}

// edge is a MIR block that branches to the MIR block of an IR successor.
type edge struct {
	from *mir.Block
	to   *ir.Block
}

type phiKey struct {
	phi  *ir.InstPhi
	pred *ir.Block
}

type phiWork struct {
	inst *ir.InstPhi
	at   *ir.Block
	defs []*mir.Instr // one PHI per word
}

// fn is the state of one function's translation.
type fn struct {
	t   *translator
	irf *ir.Func
	f   *mir.Func
	cur *mir.Block

	vals    map[value.Value][]mir.Reg // defined (or forward-referenced) IR values
	pending map[value.Value]bool      // forward-referenced values not yet defined
	blocks  map[*ir.Block]*mir.Block
	layout  [][]*mir.Block           // per IR block: its MIR blocks in layout order
	edges   map[*ir.Block][]edge     // branches leaving each IR block
	frame   map[value.Value]int      // entry-block allocas turned into frame objects
	phis    []phiWork                // phis whose incoming values are filled at the end
	phiMat  map[phiKey][]mir.Operand // phi incoming values materialized in the predecessor
	ext     map[mir.Reg]extFact      // what is known about registers' high bits
	konsts  map[int64]mir.Reg        // per-block constant cache
	frAddr  map[int]mir.Reg          // per-block frame address cache
	irBlock *ir.Block
	layIdx  int     // index of the IR block being translated
	retPtr  mir.Reg // hidden result pointer (returnsInMemory)
	fpObj   int     // frame object whose address is llvm.frameaddress(0); -1: none yet
	instNo  int     // ordinal of the current instruction in the function, for diagnostics
}

func (t *translator) function(irf *ir.Func) (mf *mir.Func, err error) {
	s := &fn{
		t:       t,
		irf:     irf,
		f:       mir.NewFunc(irf.Name(), t.opts.Arch),
		vals:    make(map[value.Value][]mir.Reg),
		pending: make(map[value.Value]bool),
		blocks:  make(map[*ir.Block]*mir.Block, len(irf.Blocks)),
		layout:  make([][]*mir.Block, len(irf.Blocks)),
		edges:   make(map[*ir.Block][]edge),
		frame:   make(map[value.Value]int),
		phiMat:  make(map[phiKey][]mir.Operand),
		ext:     make(map[mir.Reg]extFact),
		fpObj:   -1,
	}
	defer func() {
		if r := recover(); r != nil {
			msg := fmt.Sprint(r)
			if f, ok := r.(*failure); ok {
				msg = f.msg
			} else {
				msg = "internal error: " + msg
			}
			mf, err = nil, t.funcError(irf, s.instNo, msg+" in function @"+irf.Name())
		}
	}()
	s.run()
	return s.f, nil
}

func (s *fn) run() {
	f := s.f
	f.Props = mir.PropSSA
	f.Exported = isExported(s.irf.Linkage)
	f.Weak = isWeak(s.irf.Linkage)
	f.Vararg = s.irf.Sig.Variadic
	for i, b := range s.irf.Blocks {
		mb := f.NewBlockDetached(b.Name())
		s.blocks[b] = mb
		s.layout[i] = []*mir.Block{mb}
	}
	s.instNo = -1
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
	maps.Copy(s.t.mirBlock, s.blocks)
	for _, l := range s.layout {
		f.Blocks = append(f.Blocks, l...)
	}
	// Every pass may rely on Preds/Succs (mir.Verify checks them): the
	// CFG is valid from the frontend on, and passes keep it so.
	f.RecomputeCFG()
}

func (s *fn) setBlock(b *mir.Block) {
	s.cur = b
	s.konsts = make(map[int64]mir.Reg)
	s.frAddr = make(map[int]mir.Reg)
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

// extFact records that a register holds the zero-extension of its low z
// bits and/or the sign-extension of its low s bits (0: unknown), so that
// the extensions generic MIR requires are not repeated.
type extFact struct{ z, s uint8 }

func (s *fn) setZ(r mir.Reg, n int) {
	f := s.ext[r]
	f.z = uint8(n)
	s.ext[r] = f
}

func (s *fn) setS(r mir.Reg, n int) {
	f := s.ext[r]
	f.s = uint8(n)
	s.ext[r] = f
}

// isBool reports whether r is known to hold 0 or 1.
func (s *fn) isBool(r mir.Reg) bool { return s.ext[r].z == 1 }

// konst materializes a 32-bit constant, once per block.
func (s *fn) konst(v int64) mir.Reg {
	v = int64(int32(v))
	if r, ok := s.konsts[v]; ok {
		return r
	}
	d := s.reg()
	s.emit(mir.GConst, mir.D(d), mir.I(v))
	s.konsts[v] = d
	if v >= 0 {
		s.setZ(d, max(1, bits.Len32(uint32(v))))
	}
	if v < 0 {
		s.setS(d, 1+bits.Len32(^uint32(v)))
	} else {
		s.setS(d, 1+bits.Len32(uint32(v)))
	}
	return d
}

func (s *fn) icmpR(c mir.Cond, a, b mir.Reg) mir.Reg {
	d := s.reg()
	s.emit(mir.GICmp, mir.D(d), mir.C(c), mir.R(a), mir.R(b))
	s.setZ(d, 1)
	return d
}

func (s *fn) selectR(c, a, b mir.Reg) mir.Reg {
	if a == b {
		return a
	}
	d := s.reg()
	s.emit(mir.GSelect, mir.D(d), mir.R(c), mir.R(a), mir.R(b))
	fa, fb := s.ext[a], s.ext[b]
	if fa.z != 0 && fb.z != 0 {
		s.setZ(d, int(max(fa.z, fb.z)))
	}
	if fa.s != 0 && fb.s != 0 {
		s.setS(d, int(max(fa.s, fb.s)))
	}
	return d
}

// zext clears the bits of r above the low n (n < 32) bits.
func (s *fn) zext(r mir.Reg, n int) mir.Reg {
	if f := s.ext[r]; n >= 32 || f.z != 0 && int(f.z) <= n {
		return r
	}
	d := s.opK(mir.GAnd, r, int64(uint32(1)<<n-1))
	s.setZ(d, n)
	return d
}

// sext sign-extends the low n bits of r.
func (s *fn) sext(r mir.Reg, n int) mir.Reg {
	if f := s.ext[r]; n >= 32 || f.s != 0 && int(f.s) <= n || f.z != 0 && int(f.z) < n {
		return r
	}
	d := s.reg()
	s.emit(mir.GSExtInReg, mir.D(d), mir.R(r), mir.I(int64(n)))
	s.setS(d, n)
	return d
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
	if len(defs) == 0 {
		return
	}
	// After G_ARGS, which must stay first.
	entry.Instrs = append(entry.Instrs[:1], append(defs, entry.Instrs[1:]...)...)
}

func intBits(c *constant.Int) uint64 {
	if c.X.Sign() < 0 {
		return uint64(c.X.Int64())
	}
	return c.X.Uint64()
}

// constInt returns the value of an integer constant operand.
func constInt(v value.Value) (uint64, bool) {
	if c, ok := v.(*constant.Int); ok {
		return intBits(c), true
	}
	return 0, false
}

func (s *fn) constWords(c constant.Constant) []mir.Reg {
	if isVector(c.Type()) {
		return s.vecConstWords(c)
	}
	n := s.nwords(c.Type())
	if isAggregate(c.Type()) {
		var out []mir.Reg
		switch c := c.(type) {
		case *constant.Struct:
			for _, f := range c.Fields {
				out = append(out, s.constWords(f)...)
			}
		case *constant.Array:
			for _, e := range c.Elems {
				out = append(out, s.constWords(e)...)
			}
		case *constant.ZeroInitializer, *constant.Undef, *constant.Poison:
			for range n {
				out = append(out, s.konst(0))
			}
		default:
			fail("unsupported: aggregate constant %s", c.Ident())
		}
		return out
	}
	if w, ok := s.wideConst(c); ok {
		return s.konstWords(w)
	}
	if cv, ok := s.t.fold(c); ok {
		if cv.sym == "" {
			if n == 2 {
				return []mir.Reg{s.konst(int64(cv.off)), s.konst(int64(cv.off >> 32))}
			}
			return []mir.Reg{s.konst(int64(cv.off))}
		}
		s.t.useSym(cv.sym)
		r := s.reg()
		s.emit(mir.GGlobalAddr, mir.D(r), mir.S(cv.sym, int64(int32(cv.off))))
		return s.wresize([]mir.Reg{r}, n, false)
	}
	switch e := c.(type) {
	case *constant.ExprAdd:
		return s.binary(binAdd, e.X, e.Y)
	case *constant.ExprSub:
		return s.binary(binSub, e.X, e.Y)
	case *constant.ExprMul:
		return s.binary(binMul, e.X, e.Y)
	case *constant.ExprAnd:
		return s.binary(binAnd, e.X, e.Y)
	case *constant.ExprOr:
		return s.binary(binOr, e.X, e.Y)
	case *constant.ExprXor:
		return s.binary(binXor, e.X, e.Y)
	case *constant.ExprShl:
		return s.binary(binShl, e.X, e.Y)
	case *constant.ExprLShr:
		return s.binary(binLShr, e.X, e.Y)
	case *constant.ExprAShr:
		return s.binary(binAShr, e.X, e.Y)
	case *constant.ExprUDiv:
		return s.binary(binUDiv, e.X, e.Y)
	case *constant.ExprSDiv:
		return s.binary(binSDiv, e.X, e.Y)
	case *constant.ExprURem:
		return s.binary(binURem, e.X, e.Y)
	case *constant.ExprSRem:
		return s.binary(binSRem, e.X, e.Y)
	case *constant.ExprTrunc:
		return s.cast(castTrunc, e.From, e.To)
	case *constant.ExprZExt:
		return s.cast(castZExt, e.From, e.To)
	case *constant.ExprSExt:
		return s.cast(castSExt, e.From, e.To)
	case *constant.ExprPtrToInt:
		return s.cast(castPtrToInt, e.From, e.To)
	case *constant.ExprIntToPtr:
		return s.cast(castIntToPtr, e.From, e.To)
	case *constant.ExprBitCast:
		return s.cast(castBitCast, e.From, e.To)
	case *constant.ExprAddrSpaceCast:
		return s.cast(castBitCast, e.From, e.To)
	case *constant.ExprICmp:
		return []mir.Reg{s.icmp(e.Pred, e.X, e.Y)}
	case *constant.ExprSelect:
		return s.selectV(e.Cond, e.X, e.Y)
	case *constant.ExprGetElementPtr:
		idx := make([]value.Value, len(e.Indices))
		for i, x := range e.Indices {
			if in, ok := x.(*constant.Index); ok {
				x = in.Constant
			}
			idx[i] = x
		}
		return []mir.Reg{s.gep(e.ElemType, e.Src, idx)}
	case *constant.Undef, *constant.Poison:
		r := make([]mir.Reg, n)
		for i := range r {
			r[i] = s.konst(0)
		}
		return r
	}
	fail("unsupported: constant %s", c.Ident())
	return nil
}

// --- function body ---

// paramDesc returns the argument descriptor of a parameter of type t with
// attributes attrs.
func (s *fn) paramDesc(t types.Type, attrs []ir.ParamAttribute) (mir.ArgDesc, int) {
	for _, a := range attrs {
		switch a := a.(type) {
		case ir.Byval:
			bt := a.Typ
			if bt == nil {
				bt = t.(*types.PointerType).ElemType
			}
			// The copy has the parameter's `align`, else its type's; its
			// argument slot follows O32's rule.
			align := must(s.t.lay.Align(bt))
			for _, b := range attrs {
				if b, ok := b.(ir.Align); ok && b > 0 {
					align = int64(b)
				}
			}
			d := mir.MakeByValDesc(must(s.t.lay.AllocSize(bt)), align)
			if o32Align8(bt) {
				d |= mir.ArgAlign8
			}
			return d, 1
		case ir.SRet:
			return mir.MakeArgDesc(1, mir.ArgSRet), 1
		}
	}
	n := s.nwords(t)
	var flags mir.ArgDesc
	if n >= 2 && o32Align8(t) {
		flags = mir.ArgAlign8
	}
	return mir.MakeArgDesc(n, flags), n
}

// o32Align8 reports whether O32 gives an argument of type t an 8-byte
// aligned register pair or stack slot: i64, double, vectors of 8 bytes or
// more, and aggregates containing one. This is O32's own rule, not the
// IR's datalayout (i386 IR aligns i64 and double to 4 only): the runtime
// and every other file expect O32's placement whatever the source triple.
func o32Align8(t types.Type) bool {
	switch t := t.(type) {
	case *types.IntType:
		return t.BitSize > 32
	case *types.FloatType:
		return t.Kind != types.FloatKindFloat && t.Kind != types.FloatKindHalf
	case *types.VectorType:
		// A MIPS vector is naturally aligned: 8 bytes from 64 bits on.
		bits := uint64(32)
		switch e := t.ElemType.(type) {
		case *types.IntType:
			bits = e.BitSize
		case *types.FloatType:
			if sz, err := floatSize(e); err == nil {
				bits = 8 * uint64(sz)
			}
		}
		return t.Len*bits >= 64
	case *types.ArrayType:
		return t.Len > 0 && o32Align8(t.ElemType)
	case *types.StructType:
		if t.Packed {
			return false
		}
		for _, f := range t.Fields {
			if o32Align8(f) {
				return true
			}
		}
	}
	return false
}

func (s *fn) args() {
	var defs, uses []mir.Operand
	if s.t.returnsInMemory(s.irf.Sig.RetType) {
		s.retPtr = s.reg()
		defs = append(defs, mir.D(s.retPtr))
		uses = append(uses, mir.I(int64(mir.MakeArgDesc(1, mir.ArgSRet))))
	}
	for _, p := range s.irf.Params {
		d, n := s.paramDesc(p.Typ, p.Attrs)
		uses = append(uses, mir.I(int64(d)))
		regs := make([]mir.Reg, n)
		for i := range regs {
			regs[i] = s.reg()
		}
		s.vals[p] = regs
		s.nameRegs(p, regs)
		s.paramFacts(regs, p.Typ, p.Attrs)
		for _, r := range s.abiOrderT(p.Typ, regs) {
			defs = append(defs, mir.D(r))
		}
	}
	s.emit(mir.GArgs, append(defs, uses...)...)
}

// abiOrder returns the words of a value in the order G_ARGS, G_CALL and
// G_RET list them: memory order, so high word first on big-endian targets
// (as O32 passes an i64 in $a0:$a1). Values are kept low word first
// everywhere else.
func (s *fn) abiOrder(regs []mir.Reg) []mir.Reg {
	if len(regs) == 2 && s.t.opts.BigEndian {
		return []mir.Reg{regs[1], regs[0]}
	}
	return regs
}

// abiOrderT is abiOrder for a value of type t: integers of more than two
// words are listed in memory order too (aggregates keep their field order).
func (s *fn) abiOrderT(t types.Type, regs []mir.Reg) []mir.Reg {
	if isWide(t) && s.t.opts.BigEndian {
		out := slices.Clone(regs)
		slices.Reverse(out)
		return out
	}
	return s.abiOrder(regs)
}

func (s *fn) block(b *ir.Block) {
	for _, inst := range b.Insts {
		s.instNo++
		if phi, ok := inst.(*ir.InstPhi); ok {
			s.phi(phi, b)
			continue
		}
		if s.inst(inst) {
			// The rest of the block is dead (after llvm.trap).
			s.instNo += len(b.Insts) - indexOf(b.Insts, inst)
			return
		}
	}
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

func (s *fn) phi(p *ir.InstPhi, b *ir.Block) {
	n := s.nwords(p.Typ)
	w := phiWork{inst: p, at: b}
	// A phi used before it in layout order defines the reserved registers
	// directly: a copy would separate it from the other phis.
	regs := s.vals[p]
	if s.pending[p] {
		delete(s.pending, p)
	} else {
		regs = make([]mir.Reg, n)
		for i := range regs {
			regs[i] = s.reg()
		}
		s.vals[p] = regs
		s.nameRegs(p, regs)
	}
	for _, r := range regs {
		w.defs = append(w.defs, s.emit(mir.GPhi, mir.D(r)))
	}
	s.phis = append(s.phis, w)
}

// immediateWords returns the phi operands of a constant that needs no
// instruction (integers, null, undef).
func (s *fn) immediateWords(v value.Value, n int) ([]mir.Operand, bool) {
	c, ok := v.(constant.Constant)
	if !ok || isAggregate(c.Type()) || isVector(c.Type()) {
		return nil, false
	}
	if w, ok := s.wideConst(c); ok {
		var ops []mir.Operand
		for _, x := range w {
			ops = append(ops, mir.I(int64(int32(x))))
		}
		return ops, true
	}
	cv, ok := s.t.fold(c)
	if !ok {
		switch c.(type) {
		case *constant.Undef, *constant.Poison:
			cv, ok = cval{}, true
		}
	}
	if !ok || cv.sym != "" {
		return nil, false
	}
	ops := []mir.Operand{mir.I(int64(int32(cv.off)))}
	if n == 2 {
		ops = append(ops, mir.I(int64(int32(cv.off>>32))))
	}
	return ops, true
}

// materializePhiInputs computes, before b's terminator, the phi inputs of
// b's successors that are constants needing instructions (addresses), so
// that they are defined in the predecessor.
func (s *fn) materializePhiInputs(b *ir.Block) {
	for _, succ := range b.Term.Succs() {
		for _, inst := range succ.Insts {
			p, ok := inst.(*ir.InstPhi)
			if !ok {
				break
			}
			key := phiKey{p, b}
			if _, done := s.phiMat[key]; done {
				continue
			}
			for _, inc := range p.Incs {
				if inc.Pred != b {
					continue
				}
				_, isConst := inc.X.(constant.Constant)
				_, isFrame := s.frame[inc.X]
				if !isConst && !isFrame {
					break
				}
				if _, ok := s.immediateWords(inc.X, s.nwords(p.Typ)); ok {
					break
				}
				var ops []mir.Operand
				for _, r := range s.words(inc.X) {
					ops = append(ops, mir.R(r))
				}
				s.phiMat[key] = ops
				break
			}
		}
	}
}

func (s *fn) fillPhis() {
	for _, w := range s.phis {
		n := len(w.defs)
		seen := make(map[*ir.Block]bool, len(w.inst.Incs))
		for _, inc := range w.inst.Incs {
			pred := inc.Pred.(*ir.Block)
			if seen[pred] {
				continue
			}
			seen[pred] = true
			var from []*mir.Block
			for _, e := range s.edges[pred] {
				if e.to == w.at && !containsBlock(from, e.from) {
					from = append(from, e.from)
				}
			}
			if len(from) == 0 {
				continue // the predecessor never branches here (it traps)
			}
			ops, ok := s.immediateWords(inc.X, n)
			if !ok {
				ops, ok = s.phiMat[phiKey{w.inst, pred}]
			}
			if !ok {
				for _, r := range s.words(inc.X) {
					ops = append(ops, mir.R(r))
				}
			}
			for i, d := range w.defs {
				for _, fb := range from {
					d.Ops = append(d.Ops, ops[i], mir.B(fb))
				}
			}
		}
		// A block no translated edge reaches (its predecessors trap or it
		// is unreachable): its phis have no inputs and define nothing
		// meaningful.
		for _, d := range w.defs {
			if len(d.Ops) == 1 {
				d.Op = mir.GImplicitDef
			}
		}
	}
}

func containsBlock(l []*mir.Block, b *mir.Block) bool {
	for _, x := range l {
		if x == b {
			return true
		}
	}
	return false
}

// target returns the branch operand for an IR successor and records the edge.
func (s *fn) target(v value.Value) mir.Operand {
	b := v.(*ir.Block)
	s.edges[s.irBlock] = append(s.edges[s.irBlock], edge{s.cur, b})
	return mir.B(s.blocks[b])
}

func (s *fn) term(t ir.Terminator) {
	switch t := t.(type) {
	case *ir.TermRet:
		// llir does not type-check: a ret that disagrees with the
		// signature would silently return garbage (llvm-as rejects it).
		if rt := s.irf.Sig.RetType; t.X == nil && !types.Equal(rt, types.Void) {
			fail("'ret void' in a function returning %s", rt)
		} else if t.X != nil && !types.Equal(t.X.Type(), rt) {
			fail("value doesn't match function result type '%s'", rt)
		}
		var ops []mir.Operand
		if s.retPtr != mir.NoReg {
			rt := t.X.Type()
			s.storeT(rt, s.words(t.X), mir.R(s.retPtr), 0, must(s.t.lay.Align(rt)))
			ops = append(ops, mir.R(s.retPtr))
		} else if t.X != nil {
			regs := s.words(t.X)
			if it, ok := t.X.Type().(*types.IntType); ok && len(regs) == 1 {
				if bits := int(it.BitSize); bits < 32 {
					for _, a := range s.irf.ReturnAttrs {
						switch a {
						case enum.ReturnAttrSignExt:
							regs = []mir.Reg{s.sext(regs[0], bits)}
						case enum.ReturnAttrZeroExt:
							regs = []mir.Reg{s.zext(regs[0], bits)}
						}
					}
				}
			}
			for _, r := range s.abiOrder(regs) {
				ops = append(ops, mir.R(r))
			}
		} else if p := s.sretParam(); p != nil {
			ops = append(ops, mir.R(s.word(p)))
		}
		s.emit(mir.GRet, ops...)
	case *ir.TermBr:
		s.emit(mir.GBr, s.target(t.Target))
	case *ir.TermCondBr:
		if t.TargetTrue == t.TargetFalse {
			s.emit(mir.GBr, s.target(t.TargetTrue))
			return
		}
		c := s.zext(s.word(t.Cond), 1)
		s.emit(mir.GBrCond, mir.R(c), s.target(t.TargetTrue))
		s.emit(mir.GBr, s.target(t.TargetFalse))
	case *ir.TermSwitch:
		s.switchTerm(t)
	case *ir.TermUnreachable:
		s.emit(mir.GUnreachable)
	case *ir.TermIndirectBr:
		s.indirectBr(t) // blockaddr.go
	case *ir.TermCallBr:
		fail("unsupported: asm goto ('callbr')")
	case *ir.TermInvoke, *ir.TermResume, *ir.TermCatchSwitch, *ir.TermCatchRet, *ir.TermCleanupRet:
		fail("unsupported: exception handling ('%s')", strings.Fields(t.LLString())[0])
	default:
		fail("unsupported: terminator %T", t)
	}
}

func (s *fn) sretParam() *ir.Param {
	for _, p := range s.irf.Params {
		for _, a := range p.Attrs {
			if _, ok := a.(ir.SRet); ok {
				return p
			}
		}
	}
	return nil
}

// paramFacts records the extension a signext/zeroext argument arrives with.
func (s *fn) paramFacts(regs []mir.Reg, t types.Type, attrs []ir.ParamAttribute) {
	it, ok := t.(*types.IntType)
	if !ok || len(regs) != 1 || it.BitSize >= 32 {
		return
	}
	for _, a := range attrs {
		switch a {
		case enum.ParamAttrSignExt:
			s.setS(regs[0], int(it.BitSize))
		case enum.ParamAttrZeroExt:
			s.setZ(regs[0], int(it.BitSize))
		}
	}
}

// returnsInMemory reports whether a function returning t gets a hidden
// result pointer: any first-class value of more than the two words G_RET
// can carry ($2/$3), such as x86-64's { i64, i32 }, _Complex double's
// { double, double }, [4 x i32] or <4 x i32>. The rule depends on the type
// alone, so every caller (direct, indirect, in another file) and the
// callee agree; the hidden argument is marked ArgSRet and the callee
// returns it, like a C sret (which is what O32 does for such results).
func (t *translator) returnsInMemory(rt types.Type) bool {
	return regWords(rt) > 2
}

// regWords counts the register words of a value of type t (the frontend's
// nwords) without failing on types nwords refuses, saturating early so
// that huge array types cost nothing.
func regWords(t types.Type) uint64 {
	switch tt := t.(type) {
	case *types.VoidType:
		return 0
	case *types.StructType:
		var n uint64
		for _, f := range tt.Fields {
			n += regWords(f)
			if n > maxRegWords {
				return n
			}
		}
		return n
	case *types.ArrayType:
		return arrayWords(tt.Len, tt.ElemType)
	case *types.VectorType:
		return arrayWords(tt.Len, tt.ElemType)
	case *types.IntType:
		return (tt.BitSize + 31) / 32
	case *types.FloatType:
		if sz, err := floatSize(tt); err == nil {
			return uint64(sz+3) / 4
		}
	}
	return 1
}

// arrayWords is regWords of n elements of type et.
func arrayWords(n uint64, et types.Type) uint64 {
	if n == 0 {
		return 0
	}
	e := regWords(et)
	if e > 0 && n > maxRegWords {
		return maxRegWords + 1
	}
	return e * n
}
