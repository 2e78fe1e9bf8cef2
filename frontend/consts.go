package frontend

import (
	"fmt"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"lltosimd/mir"
)

// cval is a folded constant: the address of sym plus off, or the integer
// off when sym is empty. Integers are kept zero-extended to their width.
type cval struct {
	sym string
	off uint64
}

func widthMask(t types.Type, lay *Layout) uint64 {
	switch t := t.(type) {
	case *types.IntType:
		if t.BitSize >= 64 {
			return ^uint64(0)
		}
		return uint64(1)<<t.BitSize - 1
	case *types.PointerType:
		if lay.PtrSize >= 8 {
			return ^uint64(0)
		}
		return uint64(1)<<(8*lay.PtrSize) - 1
	}
	return ^uint64(0)
}

// fold evaluates a constant to an address or integer when it is one (the
// common case of constant expressions in clang output: getelementptr,
// bitcast and ptrtoint of globals, folded integer arithmetic).
func (t *translator) fold(c constant.Constant) (cval, bool) {
	if isWide(c.Type()) {
		return cval{}, false // beyond 64 bits: wideConst and the instruction lowering
	}
	switch c := c.(type) {
	case *constant.Int:
		return cval{off: intBits(c) & widthMask(c.Typ, t.lay)}, true
	case *constant.Float:
		return cval{off: floatConstBits(c)}, true
	case *constant.Null, *constant.ZeroInitializer:
		return cval{}, true
	case *ir.Global:
		return cval{sym: c.Name()}, true
	case *ir.Func:
		return cval{sym: c.Name()}, true
	case *ir.Alias:
		return t.fold(c.Aliasee)
	case *constant.BlockAddress:
		sym, ok := t.blockSym(c)
		return cval{sym: sym}, ok
	case *constant.ExprBitCast:
		return t.fold(c.From)
	case *constant.ExprAddrSpaceCast:
		return t.fold(c.From)
	case *constant.ExprPtrToInt:
		v, ok := t.fold(c.From)
		if v.sym != "" && widthMask(c.To, t.lay) < 0xffffffff {
			return cval{}, false // a truncated address is not a relocation
		}
		return v, ok
	case *constant.ExprIntToPtr:
		v, ok := t.fold(c.From)
		v.off &= widthMask(c.To, t.lay)
		return v, ok
	case *constant.ExprTrunc:
		v, ok := t.fold(c.From)
		if !ok || v.sym != "" {
			return cval{}, false
		}
		return cval{off: v.off & widthMask(c.To, t.lay)}, true
	case *constant.ExprZExt:
		v, ok := t.fold(c.From)
		if !ok || v.sym != "" {
			return cval{}, false
		}
		return v, true
	case *constant.ExprSExt:
		v, ok := t.fold(c.From)
		if !ok || v.sym != "" {
			return cval{}, false
		}
		return cval{off: uint64(sextBits(v.off, c.From.Type())) & widthMask(c.To, t.lay)}, true
	case *constant.ExprGetElementPtr:
		v, ok := t.fold(c.Src)
		if !ok {
			return cval{}, false
		}
		idx := make([]value.Value, len(c.Indices))
		for i, x := range c.Indices {
			if in, ok := x.(*constant.Index); ok {
				x = in.Constant
			}
			if _, ok := x.(*constant.Int); !ok {
				iv, ok := t.fold(x)
				it, isInt := x.Type().(*types.IntType)
				if !ok || iv.sym != "" || !isInt {
					return cval{}, false
				}
				x = constant.NewInt(it, int64(iv.off))
			}
			idx[i] = x
		}
		v.off += uint64(t.gepWalk(c.ElemType, idx, nil))
		if t.lay.PtrSize < 8 {
			v.off &= 0xffffffff
		}
		return v, true
	case *constant.ExprAdd:
		return t.foldArith(c.X, c.Y, c.Type(), func(a, b uint64) uint64 { return a + b }, true)
	case *constant.ExprSub:
		x, okx := t.fold(c.X)
		y, oky := t.fold(c.Y)
		if !okx || !oky || y.sym != "" && y.sym != x.sym {
			return cval{}, false
		}
		if y.sym != "" {
			x.sym = "" // the difference of two addresses in one object
		}
		return cval{sym: x.sym, off: (x.off - y.off) & widthMask(c.Type(), t.lay)}, true
	case *constant.ExprMul:
		return t.foldArith(c.X, c.Y, c.Type(), func(a, b uint64) uint64 { return a * b }, false)
	case *constant.ExprAnd:
		return t.foldArith(c.X, c.Y, c.Type(), func(a, b uint64) uint64 { return a & b }, false)
	case *constant.ExprOr:
		return t.foldArith(c.X, c.Y, c.Type(), func(a, b uint64) uint64 { return a | b }, false)
	case *constant.ExprXor:
		return t.foldArith(c.X, c.Y, c.Type(), func(a, b uint64) uint64 { return a ^ b }, false)
	case *constant.ExprShl:
		return t.foldArith(c.X, c.Y, c.Type(), func(a, b uint64) uint64 { return a << (b & 63) }, false)
	case *constant.ExprLShr:
		return t.foldArith(c.X, c.Y, c.Type(), func(a, b uint64) uint64 { return a >> (b & 63) }, false)
	case *constant.ExprICmp:
		x, okx := t.fold(c.X)
		y, oky := t.fold(c.Y)
		if !okx || !oky {
			return cval{}, false
		}
		if x.sym != y.sym {
			// The address of a global is never null: only (in)equality
			// with null folds.
			if (x.sym == "" && x.off == 0 || y.sym == "" && y.off == 0) &&
				(c.Pred == enum.IPredEQ || c.Pred == enum.IPredNE) {
				return cval{off: b2u(c.Pred == enum.IPredNE)}, true
			}
			return cval{}, false
		}
		return cval{off: b2u(evalICmp(c.Pred, x.off, y.off, c.X.Type()))}, true
	case *constant.ExprSelect:
		cond, ok := t.fold(c.Cond)
		if !ok || cond.sym != "" {
			return cval{}, false
		}
		if cond.off&1 != 0 {
			return t.fold(c.X)
		}
		return t.fold(c.Y)
	}
	return cval{}, false
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func evalICmp(p enum.IPred, a, b uint64, typ types.Type) bool {
	sa, sb := sextBits(a, typ), sextBits(b, typ)
	switch p {
	case enum.IPredEQ:
		return a == b
	case enum.IPredNE:
		return a != b
	case enum.IPredSLT:
		return sa < sb
	case enum.IPredSLE:
		return sa <= sb
	case enum.IPredSGT:
		return sa > sb
	case enum.IPredSGE:
		return sa >= sb
	case enum.IPredULT:
		return a < b
	case enum.IPredULE:
		return a <= b
	case enum.IPredUGT:
		return a > b
	}
	return a >= b
}

// foldArith folds integer arithmetic; with symOK one operand may be an
// address (address + integer).
func (t *translator) foldArith(x, y constant.Constant, typ types.Type, op func(a, b uint64) uint64, symOK bool) (cval, bool) {
	a, oka := t.fold(x)
	b, okb := t.fold(y)
	if !oka || !okb || a.sym != "" && b.sym != "" || (!symOK && (a.sym != "" || b.sym != "")) {
		return cval{}, false
	}
	sym := a.sym
	if sym == "" {
		sym = b.sym
	}
	return cval{sym: sym, off: op(a.off, b.off) & widthMask(typ, t.lay)}, true
}

// --- global data ---

// data accumulates a global's initializer as data items.
type data struct {
	items []mir.DataItem
	size  int64
}

func (d *data) zero(n int64) {
	if n <= 0 {
		return
	}
	if k := len(d.items); k > 0 && d.items[k-1].Kind == mir.DataZero {
		d.items[k-1].Size += n
	} else {
		d.items = append(d.items, mir.DataItem{Kind: mir.DataZero, Size: n})
	}
	d.size += n
}

func (d *data) add(it mir.DataItem) {
	d.items = append(d.items, it)
	d.size += it.Size
}

func (t *translator) global(g *ir.Global) (mg *mir.Global, err error) {
	defer func() {
		if r := recover(); r != nil {
			msg := fmt.Sprint(r)
			if f, ok := r.(*failure); ok {
				msg = f.msg
			}
			mg, err = nil, t.globalError(g.Name(), msg+" in global @"+g.Name())
		}
	}()
	if g.TLSModel != enum.TLSModelNone {
		fail("unsupported: thread-local variable")
	}
	size := must(t.lay.AllocSize(g.ContentType))
	if size < 0 || size > 1<<31 {
		fail("unsupported: global of more than 2 GiB")
	}
	align := must(t.lay.GlobalAlign(g.ContentType, int64(g.Align), g.Section != ""))
	mg = &mir.Global{Name: g.Name(), Size: size, Align: align, Exported: isExported(g.Linkage), AddrSpace: int(g.AddrSpace)}
	if t.hostLocal(g) {
		mg.AddrSpace = openCLLocal
	}
	var d data
	t.emitData(&d, g.Init, g.ContentType)
	switch {
	case g.Immutable:
		mg.Section = mir.SecRodata
	case len(d.items) == 1 && d.items[0].Kind == mir.DataZero:
		mg.Section = mir.SecBSS
		return mg, nil
	default:
		mg.Section = mir.SecData
	}
	mg.Items = d.items
	return mg, nil
}

// emitData appends exactly AllocSize(typ) bytes for constant c.
func (t *translator) emitData(d *data, c constant.Constant, typ types.Type) {
	start := d.size
	total := must(t.lay.AllocSize(typ))
	switch c := c.(type) {
	case *constant.ZeroInitializer, *constant.Null, *constant.Undef, *constant.Poison:
	case *constant.CharArray:
		d.add(mir.DataItem{Kind: mir.DataBytes, Size: int64(len(c.X)), Bytes: c.X})
	case *constant.Array:
		et := typ.(*types.ArrayType).ElemType
		for _, e := range c.Elems {
			t.emitData(d, e, et)
		}
	case *constant.Struct:
		st := typ.(*types.StructType)
		sl := must(t.lay.Struct(st))
		for i, f := range c.Fields {
			d.zero(start + sl.Offsets[i] - d.size)
			t.emitData(d, f, st.Fields[i])
		}
	case *constant.Vector:
		t.emitVectorData(d, c, typ)
	case *constant.Int:
		if !isWide(typ) {
			t.emitScalar(d, c, typ)
			break
		}
		size := must(t.lay.StoreSize(typ))
		t.emitWords(d, bigWords(c.X, int(8*size)), size)
	default:
		t.emitScalar(d, c, typ)
	}
	d.zero(start + total - d.size)
}

// emitScalar appends an integer, float or address constant.
func (t *translator) emitScalar(d *data, c constant.Constant, typ types.Type) {
	if t.symDiffData(d, c, typ) { // pic.go
		return
	}
	v, ok := t.fold(c)
	if !ok {
		fail("unsupported: constant expression %s in initializer", c.Ident())
	}
	size := must(t.lay.StoreSize(typ))
	if v.sym != "" {
		t.useSym(v.sym)
		if size < 4 {
			fail("unsupported: address truncated to %d bytes in initializer", size)
		}
		sym := mir.DataItem{Kind: mir.DataSym, Size: 4, Sym: v.sym, Value: int64(int32(v.off))}
		if t.opts.BigEndian {
			d.zero(size - 4)
			d.add(sym)
		} else {
			d.add(sym)
			d.zero(size - 4)
		}
	} else {
		t.emitInt(d, v.off, size)
	}
}

// emitWords appends the low size bytes of an integer given as words (low
// word first) in the module's byte order.
func (t *translator) emitWords(d *data, w []uint32, size int64) {
	b := make([]byte, size)
	for i := range b {
		k := i
		if t.opts.BigEndian {
			k = int(size) - 1 - i
		}
		b[i] = byte(w[k/4] >> (8 * (k % 4)))
	}
	d.add(mir.DataItem{Kind: mir.DataBytes, Size: size, Bytes: b})
}

func (t *translator) emitInt(d *data, v uint64, size int64) {
	switch size {
	case 1, 2, 4, 8:
		if v == 0 {
			d.zero(size)
			return
		}
		d.add(mir.DataItem{Kind: mir.DataInt, Size: size, Value: int64(v)})
	default: // odd widths (i24, i48 ...) as bytes in the byte order
		b := make([]byte, size)
		for i := range b {
			shift := 8 * i
			if t.opts.BigEndian {
				shift = 8 * (int(size) - 1 - i)
			}
			if shift < 64 {
				b[i] = byte(v >> shift)
			}
		}
		d.add(mir.DataItem{Kind: mir.DataBytes, Size: size, Bytes: b})
	}
}

// --- constant operands ---

// sextBits sign-extends an integer constant of type t to 64 bits.
func sextBits(v uint64, t types.Type) int64 {
	if it, ok := t.(*types.IntType); ok && it.BitSize < 64 {
		sh := 64 - it.BitSize
		return int64(v<<sh) >> sh
	}
	return int64(v)
}

func (s *fn) foldValue(v value.Value) (cval, bool) {
	if c, ok := v.(constant.Constant); ok {
		return s.t.fold(c)
	}
	return cval{}, false
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
	// Floating-point constant expressions (scalar: vector constants took
	// vecConstWords) are lowered like the instructions: clang's -O1 leaves
	// some that its folder cannot evaluate, like `uitofp (i1 icmp eq
	// (@a, @b) to float)` comparing two globals' addresses.
	case *constant.ExprFAdd:
		return s.fbinary(mir.GFAdd, e.X, e.Y)
	case *constant.ExprFSub:
		return s.fbinary(mir.GFSub, e.X, e.Y)
	case *constant.ExprFMul:
		return s.fbinary(mir.GFMul, e.X, e.Y)
	case *constant.ExprFDiv:
		return s.fbinary(mir.GFDiv, e.X, e.Y)
	case *constant.ExprFRem:
		return s.fbinary(mir.GFRem, e.X, e.Y)
	case *constant.ExprFNeg:
		return s.signOp(e.X, nil, false)
	case *constant.ExprFCmp:
		return []mir.Reg{s.fcmp(e.Pred, e.X, e.Y)}
	case *constant.ExprFPExt:
		return s.fop(mir.GFPExt, 2, s.fwords(e.From))
	case *constant.ExprFPTrunc:
		return s.fop(mir.GFPTrunc, 1, s.fwords(e.From))
	case *constant.ExprFPToSI:
		return s.fpToInt(mir.GFPToSI, e.From, e.To)
	case *constant.ExprFPToUI:
		return s.fpToInt(mir.GFPToUI, e.From, e.To)
	case *constant.ExprSIToFP:
		return s.intToFP(mir.GSIToFP, true, e.From, e.To)
	case *constant.ExprUIToFP:
		return s.intToFP(mir.GUIToFP, false, e.From, e.To)
	case *constant.ExprExtractValue:
		return s.extractValue(e.X, e.Indices)
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

// openCLLocal is OpenCL's __local address space (SPIR numbering, the
// numbering of mir.Global.AddrSpace).
const openCLLocal = 3

// hostLocal reports whether g is a kernel's function-scope __local
// variable in OpenCL IR for a triple without address spaces: for x86_64,
// clang erases them, and `__local int buf[64]` in kernel k becomes
// `@k.buf = internal global [64 x i32] undef` like any module variable,
// though it is one copy per work-group. Such a global is recognised by
// what only a __local variable has: clang names a function-scope variable
// <function>.<name>, OpenCL C declares __local variables only at kernel
// scope, never initialized (undef), while the other function-scope
// globals are __constant (initialized, immutable) or clang's constant
// initializers (@__const.k.x, immutable).
func (t *translator) hostLocal(g *ir.Global) bool {
	if g.AddrSpace != 0 || g.Immutable || g.Linkage != enum.LinkageInternal {
		return false
	}
	if _, ok := g.Init.(*constant.Undef); !ok {
		return false
	}
	k, _, ok := strings.Cut(g.Name(), ".")
	return ok && t.kernels[k]
}
