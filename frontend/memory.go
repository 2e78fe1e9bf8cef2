// memory.go: alloca, load, store, getelementptr and alignment checks.

package frontend

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"lltosimd/mir"
)

// gepWalk visits the indices of a getelementptr: constant parts are summed
// into the returned offset, variable indices are passed to vari with their
// scale.
func (t *translator) gepWalk(elem types.Type, idx []value.Value, vari func(v value.Value, scale int64)) int64 {
	var off int64
	// scaled adds index x times sz: to off when constant, else through vari.
	scaled := func(x value.Value, sz int64) {
		if c, ok := constInt(x); ok {
			off += sextBits(c, x.Type()) * sz
		} else if vari != nil {
			vari(x, sz)
		} else {
			fail("unsupported: non-constant index")
		}
	}
	cur := elem
	for i, x := range idx {
		if i == 0 {
			scaled(x, must(t.lay.AllocSize(elem)))
			continue
		}
		switch ct := cur.(type) {
		case *types.StructType:
			c, ok := constInt(x)
			if !ok || int(c) >= len(ct.Fields) {
				fail("bad struct index in getelementptr")
			}
			sl := must(t.lay.Struct(ct))
			off += sl.Offsets[c]
			cur = ct.Fields[c]
		case *types.ArrayType:
			scaled(x, must(t.lay.AllocSize(ct.ElemType)))
			cur = ct.ElemType
		case *types.VectorType: // lanes at their store size, packed
			scaled(x, must(t.lay.StoreSize(ct.ElemType)))
			cur = ct.ElemType
		default:
			fail("unsupported: getelementptr into type '%s'", cur)
		}
	}
	return off
}

func (s *fn) gep(elem types.Type, src value.Value, idx []value.Value) mir.Reg {
	if _, ok := src.Type().(*types.PointerType); !ok {
		fail("unsupported: vector getelementptr")
	}
	base := s.word(src)
	off := s.t.gepWalk(elem, idx, func(x value.Value, scale int64) {
		i := s.word(x)
		if n := s.bitsOf(x.Type()); n < 32 {
			i = s.sext(i, n)
		}
		switch {
		case scale == 1:
		case scale > 0 && scale&(scale-1) == 0:
			sh := int64(0)
			for int64(1)<<sh != scale {
				sh++
			}
			i = s.opK(mir.GShl, i, sh)
		default:
			i = s.opK(mir.GMul, i, scale)
		}
		base = s.op2(mir.GAdd, base, i)
	})
	if int32(off) != 0 {
		base = s.opK(mir.GAdd, base, off)
	}
	return base
}

func (s *fn) alloca(in *ir.InstAlloca) {
	size := must(s.t.lay.AllocSize(in.ElemType))
	align := must(s.t.lay.Align(in.ElemType))
	if int64(in.Align) > align {
		align = int64(in.Align)
	}
	n, constN := uint64(1), true
	if in.NElems != nil {
		n, constN = constInt(in.NElems)
	}
	if size < 0 || size > 1<<30 || n > 1<<30 || size*int64(n) > 1<<30 {
		fail("unsupported: alloca of more than 1 GiB")
	}
	if constN && s.irBlock == s.irf.Blocks[0] {
		idx := s.f.NewFrameObject(mir.FrameObject{Size: size * int64(n), Align: align, Name: in.Name()})
		s.frame[in] = idx
		if s.pending[in] { // only in invalid IR: a use before the entry alloca
			r := s.reg()
			s.emit(mir.GFrameAddr, mir.D(r), mir.FI(idx, 0))
			s.define(in, []mir.Reg{r})
		}
		return
	}
	var bytes mir.Reg
	if constN {
		bytes = s.konst(size * int64(n))
	} else {
		c := s.word(in.NElems)
		if nb := s.bitsOf(in.NElems.Type()); nb < 32 {
			c = s.zext(c, nb)
		}
		bytes = s.opK(mir.GMul, c, size)
	}
	d := s.reg()
	s.emit(mir.GDynAlloca, mir.D(d), mir.R(bytes), mir.I(align))
	s.define(in, []mir.Reg{d})
}

// addr returns the base operand and offset of a memory access to p.
// Constant-offset getelementptrs and bitcasts fold into the access's
// offset (the address computation then usually dies in selection), and
// allocas become frame operands.
func (s *fn) addr(p value.Value) (mir.Operand, int64) {
	switch q := p.(type) {
	case *ir.InstBitCast:
		return s.addr(q.From)
	case *ir.InstGetElementPtr:
		if _, ok := q.Src.Type().(*types.PointerType); ok && allConstInts(q.Indices) {
			off := s.t.gepWalk(q.ElemType, q.Indices, nil)
			if base, o := s.addr(q.Src); o+off >= -1<<15 && o+off < 1<<15 {
				return base, o + off
			}
		}
	}
	if idx, ok := s.frame[p]; ok {
		return mir.FI(idx, 0), 0
	}
	return mir.R(s.word(p)), 0
}

// checkAlign returns the alignment a load or store may rely on: its IR
// alignment, unless the access's address is known (a frame object or a
// global defined in the module, plus a constant offset) and the claim
// exceeds what the layout guarantees there. Accesses are split by this
// alignment, so an unfounded claim would become a misaligned word access.
// A frame object is ours to place, so it gets the alignment its accesses
// claim (unoptimized IR, e.g. llvm-stress's, stores with align 4 to an
// align 1 alloca). Otherwise the claim is lowered, with a warning, to the
// alignment that holds, and the access is made of smaller aligned pieces:
// clang emits such claims for C pointers to members of packed structs
// (align 2 for an i16 at an odd offset), which run as written under lli.
func (s *fn) checkAlign(p value.Value, align int64, what string) int64 {
	name, objAlign, off, idx, ok := s.knownAlign(p)
	if !ok || align <= alignAt(objAlign, off) {
		return align
	}
	if idx >= 0 && align&(align-1) == 0 && off%align == 0 {
		s.f.Frame[idx].Align = align
		return align
	}
	known := alignAt(objAlign, off)
	if s.t.opts.Warn != nil {
		s.t.opts.Warn(s.t.funcError(s.irf, s.instNo, fmt.Sprintf(
			"warning: %s with align %d at %s%+d, which is only %d-byte aligned: accessed in %d-byte pieces",
			what, align, name, off, known, known)))
	}
	return known
}

// knownAlign returns the frame object (idx, or -1) or defined global that
// p points into through bitcasts and constant getelementptrs, its
// alignment and p's offset in it.
func (s *fn) knownAlign(p value.Value) (name string, align, off int64, idx int, ok bool) {
	m := s.memObject(p)
	switch {
	case !m.OffKnown:
	case m.Obj == mir.MemGlobal && m.global.Init != nil:
		return "@" + m.Sym, must(s.t.lay.GlobalAlign(m.global.ContentType, int64(m.global.Align), m.global.Section != "")), m.Off, -1, true
	case m.Obj == mir.MemFrame:
		name = "alloca"
		if n := s.f.Frame[m.Index].Name; n != "" {
			name = "%" + n
		}
		return name, s.f.Frame[m.Index].Align, m.Off, m.Index, true
	}
	return "", 0, 0, -1, false
}

// memObj is what memObject finds: the mir.MemOperand of an access at p
// (without its size) and, for a global, the IR global.
type memObj struct {
	mir.MemOperand
	global *ir.Global
	cycle  bool // the walk came back to a phi or select it is inside of
}

// memObject returns the underlying object of pointer p (LLVM's
// getUnderlyingObject): through bitcasts and getelementptrs (summing
// their offsets while every index is constant) and through phis and
// selects whose operands all lead to the same object (the offset then
// unknown), to a global variable, an entry-block alloca (a frame object)
// or an argument. Anything else — a pointer loaded from memory, returned
// by a call, made by inttoptr, an IR alias — is mir.MemUnknown.
func (s *fn) memObject(p value.Value) memObj {
	budget := 256 // nodes visited; phi and select webs beyond it stay unknown
	return s.memObjectWalk(p, map[value.Value]bool{}, &budget)
}

func (s *fn) memObjectWalk(p value.Value, seen map[value.Value]bool, budget *int) memObj {
	var off int64
	for ; ; *budget-- {
		if *budget <= 0 {
			return memObj{}
		}
		switch q := p.(type) {
		case *ir.InstBitCast:
			p = q.From
			continue
		case *constant.ExprBitCast:
			p = q.From
			continue
		case *ir.InstGetElementPtr:
			if _, ok := q.Src.Type().(*types.PointerType); !ok {
				return memObj{}
			}
			if !allConstInts(q.Indices) {
				m := s.memObjectWalk(q.Src, seen, budget)
				m.Off, m.OffKnown = 0, false
				return m
			}
			off += s.t.gepWalk(q.ElemType, q.Indices, nil)
			p = q.Src
			continue
		case *constant.ExprGetElementPtr:
			ix := make([]value.Value, len(q.Indices))
			for i, x := range q.Indices {
				if in, ok := x.(*constant.Index); ok {
					x = in.Constant
				}
				ix[i] = x
			}
			if !allConstInts(ix) {
				return memObj{}
			}
			off += s.t.gepWalk(q.ElemType, ix, nil)
			p = q.Src
			continue
		case *ir.Global:
			return memObj{MemOperand: mir.MemOperand{Obj: mir.MemGlobal, Sym: q.Name(), Off: off, OffKnown: true}, global: q}
		case *ir.Param:
			for i, a := range s.irf.Params {
				if a == q {
					m := memObj{MemOperand: mir.MemOperand{Obj: mir.MemArg, Index: i, Off: off, OffKnown: true}}
					for _, at := range q.Attrs {
						m.NoAlias = m.NoAlias || at == enum.ParamAttrNoAlias
					}
					return m
				}
			}
			return memObj{}
		case *ir.InstPhi:
			var ins []value.Value
			for _, inc := range q.Incs {
				ins = append(ins, inc.X)
			}
			return s.commonObject(q, ins, seen, budget)
		case *ir.InstSelect:
			return s.commonObject(q, []value.Value{q.ValueTrue, q.ValueFalse}, seen, budget)
		}
		if idx, ok := s.frame[p]; ok {
			return memObj{MemOperand: mir.MemOperand{Obj: mir.MemFrame, Index: idx, Off: off, OffKnown: true}}
		}
		return memObj{}
	}
}

// commonObject is the object every value of vs leads to (the offset
// unknown), ignoring those that lead back to v itself (a pointer
// induction phi); MemUnknown when they differ.
func (s *fn) commonObject(v value.Value, vs []value.Value, seen map[value.Value]bool, budget *int) memObj {
	if seen[v] {
		return memObj{cycle: true}
	}
	seen[v] = true
	defer delete(seen, v)
	var res memObj
	found := false
	for _, x := range vs {
		m := s.memObjectWalk(x, seen, budget)
		if m.cycle {
			continue // back to a phi being walked: no constraint
		}
		m.Off, m.OffKnown = 0, false
		if m.Obj == mir.MemUnknown || found && m.MemOperand != res.MemOperand {
			return memObj{}
		}
		res, found = m, true
	}
	if !found {
		return memObj{cycle: true}
	}
	return res
}

// accessKind is what an IR load or store is for ordering: plain,
// volatile or atomic.
type accessKind uint8

const (
	accessPlain    accessKind = iota
	accessVolatile            // its memory operands say Volatile (mir.MustOrder)
	accessAtomic              // no memory operands: nothing reorders it
)

// accessOf is the kind of an IR access with the given flags.
func accessOf(volatile bool, atomic bool) accessKind {
	switch {
	case atomic:
		return accessAtomic
	case volatile:
		return accessVolatile
	}
	return accessPlain
}

// beginAccess records the object of the IR load or store of p being
// translated, whose first byte is at offset at from its base (s.addr), for
// memAt; atomic accesses get no memory operands, so that nothing reorders
// them, and volatile ones are marked so.
func (s *fn) beginAccess(p value.Value, at int64, k accessKind) {
	s.access, s.accessAt, s.accessVolatile = nil, at, k == accessVolatile
	if k != accessAtomic {
		m := s.memObject(p)
		s.access = &m
	}
}

// endAccess ends what beginAccess began.
func (s *fn) endAccess() { s.access, s.accessVolatile = nil, false }

// memAt returns the memory operand of a piece of the access begun by
// beginAccess: size bytes at offset off from the base (nil when the
// object is unknown and the access not volatile, or no access is being
// translated).
func (s *fn) memAt(off, size int64) *mir.MemOperand {
	m := s.access
	if m == nil || m.Obj == mir.MemUnknown && !s.accessVolatile {
		return nil
	}
	r := m.MemOperand
	r.Volatile = s.accessVolatile
	r.Off += off - s.accessAt
	r.Size = size
	if !r.OffKnown || r.Off < -1<<30 || r.Off > 1<<30 {
		r.Off, r.OffKnown = 0, false
	}
	return &r
}

func allConstInts(vs []value.Value) bool {
	for _, v := range vs {
		if _, ok := v.(*constant.Int); !ok {
			return false
		}
	}
	return true
}

// memType returns the store size and register words of a loadable type.
func (s *fn) memType(t types.Type) (size int64, words int) {
	switch t := t.(type) {
	case *types.IntType, *types.FloatType:
		return must(s.t.lay.StoreSize(t)), s.nwords(t)
	case *types.PointerType:
		return s.t.lay.PtrSize, 1
	}
	fail("unsupported: load or store of type '%s'", t)
	return 0, 0
}

// load loads a value of type t from p, an access of kind k.
func (s *fn) load(t types.Type, p value.Value, align int64, k accessKind) []mir.Reg {
	s.nwords(t) // rejects aggregates too large for registers
	if align == 0 {
		align = must(s.t.lay.Align(t))
	}
	align = s.checkAlign(p, align, "load")
	base, off := s.addr(p)
	s.beginAccess(p, off, k)
	defer s.endAccess()
	return s.loadT(t, base, off, align, nil)
}

// alignAt is the alignment known for offset off into an object aligned to a.
func alignAt(a, off int64) int64 {
	for a > 1 && off%a != 0 {
		a /= 2
	}
	return a
}

// loadT appends the words of a value of type t at base+off to out;
// aggregates field by field.
func (s *fn) loadT(t types.Type, base mir.Operand, off, align int64, out []mir.Reg) []mir.Reg {
	switch tt := t.(type) {
	case *types.StructType:
		sl := must(s.t.lay.Struct(tt))
		for i, f := range tt.Fields {
			out = s.loadT(f, base, off+sl.Offsets[i], alignAt(align, sl.Offsets[i]), out)
		}
		return out
	case *types.ArrayType:
		es := must(s.t.lay.AllocSize(tt.ElemType))
		for i := int64(0); i < int64(tt.Len); i++ {
			out = s.loadT(tt.ElemType, base, off+i*es, alignAt(align, i*es), out)
		}
		return out
	case *types.VectorType: // also inside aggregates (x86-64's { <2 x float>, float })
		vt, _ := vectorOf(tt)
		return append(out, s.vecLoad(vt, base, off, align)...)
	}
	size, nw := s.memType(t)
	pieces := mir.MemPieces(size, align, s.t.opts.BigEndian)
	if _, isInt := t.(*types.IntType); isInt && nw > 1 {
		// A wide integer is one G_LOAD, split by wideint-legalize into
		// these pieces; a word that is one narrow piece is zero-extended.
		d := s.f.NewWideVReg(32 * nw)
		s.emit(mir.GLoad, mir.D(d), base, mir.I(off), mir.I(size), mir.I(align)).Mem = s.memAt(off, size)
		words := s.unmerge(d, nw)
		for i, n := range mir.SoleLoadPieces(pieces, nw) {
			if n > 0 && n < 4 {
				s.setZ(words[i], 8*int(n))
			}
		}
		return append(out, words...)
	}
	words := mir.LoadWords(s, pieces, nw, func(pc mir.MemPiece) mir.Reg {
		v := s.reg()
		s.emit(mir.LoadOps[pc.Size], mir.D(v), base, mir.I(off+pc.Off)).Mem = s.memAt(off+pc.Off, pc.Size)
		switch {
		case pc.Size == 1 && t.Equal(types.I1):
			s.setZ(v, 1)
		case pc.Size < 4:
			s.setZ(v, 8*int(pc.Size))
		}
		return v
	})
	return append(out, words...)
}

// store stores v at p, an access of kind k.
func (s *fn) store(v, p value.Value, align int64, k accessKind) {
	t := v.Type()
	s.nwords(t) // rejects aggregates too large for registers
	if align == 0 {
		align = must(s.t.lay.Align(t))
	}
	align = s.checkAlign(p, align, "store")
	base, off := s.addr(p)
	words := s.words(v)
	s.beginAccess(p, off, k)
	defer s.endAccess()
	s.storeT(t, words, base, off, align)
}

// storeT stores the words of a value of type t at base+off and returns the
// words not consumed (the rest of an aggregate).
func (s *fn) storeT(t types.Type, words []mir.Reg, base mir.Operand, off, align int64) []mir.Reg {
	switch tt := t.(type) {
	case *types.StructType:
		sl := must(s.t.lay.Struct(tt))
		for i, f := range tt.Fields {
			words = s.storeT(f, words, base, off+sl.Offsets[i], alignAt(align, sl.Offsets[i]))
		}
		return words
	case *types.ArrayType:
		es := must(s.t.lay.AllocSize(tt.ElemType))
		for i := int64(0); i < int64(tt.Len); i++ {
			words = s.storeT(tt.ElemType, words, base, off+i*es, alignAt(align, i*es))
		}
		return words
	case *types.VectorType:
		vt, _ := vectorOf(tt)
		n := s.vecWords(vt)
		s.vecStore(vt, words[:n], base, off, align)
		return words[n:]
	}
	size, nw := s.memType(t)
	mine := words[:nw]
	if _, isInt := t.(*types.IntType); isInt && nw > 1 {
		// One G_STORE of the wide integer, split by wideint-legalize.
		s.emit(mir.GStore, mir.R(s.merge(mine)), base, mir.I(off), mir.I(size), mir.I(align)).Mem = s.memAt(off, size)
		return words[nw:]
	}
	mir.StoreWords(s, mir.MemPieces(size, align, s.t.opts.BigEndian), mine, func(pc mir.MemPiece, x mir.Reg) {
		s.emit(mir.StoreOps[pc.Size], mir.R(x), base, mir.I(off+pc.Off)).Mem = s.memAt(off+pc.Off, pc.Size)
	})
	return words[nw:]
}
