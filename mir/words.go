package mir

// Multi-word integer arithmetic on generic ops: an integer of n words
// lives in n registers, low word first (docs/generic-mir.md). The helpers
// emit through a WordBuilder, so the frontend (which splits wide integers
// while it translates) and the MIR legalization passes (atomic-lowering)
// emit the same sequences.

// WordBuilder emits generic ops on 32-bit words into the code being built.
type WordBuilder interface {
	// Op2 emits d = op a, b and returns d.
	Op2(op Opcode, a, b Reg) Reg
	// ICmp emits d = G_ICMP c, a, b and returns d.
	ICmp(c Cond, a, b Reg) Reg
	// Select returns c ? a : b (a itself when a == b).
	Select(c, a, b Reg) Reg
	// Const returns a register holding the 32-bit constant k.
	Const(k int64) Reg
}

// AddWords adds word by word with an unsigned-compare carry chain.
func AddWords(w WordBuilder, a, b []Reg) []Reg {
	out := make([]Reg, len(a))
	carry := NoReg
	for i := range a {
		sum := w.Op2(GAdd, a[i], b[i])
		last := i == len(a)-1
		var c Reg
		if !last {
			c = w.ICmp(CondULT, sum, a[i])
		}
		if carry != NoReg {
			r := w.Op2(GAdd, sum, carry)
			if !last { // at most one of the two additions carries
				c = w.Op2(GOr, c, w.ICmp(CondULT, r, sum))
			}
			sum = r
		}
		out[i], carry = sum, c
	}
	return out
}

// SubWords subtracts word by word with an unsigned-compare borrow chain.
func SubWords(w WordBuilder, a, b []Reg) []Reg {
	out := make([]Reg, len(a))
	borrow := NoReg
	for i := range a {
		d := w.Op2(GSub, a[i], b[i])
		last := i == len(a)-1
		var c Reg
		if !last {
			c = w.ICmp(CondULT, a[i], b[i])
		}
		if borrow != NoReg {
			r := w.Op2(GSub, d, borrow)
			if !last {
				c = w.Op2(GOr, c, w.ICmp(CondULT, d, borrow))
			}
			d = r
		}
		out[i], borrow = d, c
	}
	return out
}

// strictCond maps an ordering to its strict form (the decision on a word
// that is not equal).
var strictCond = map[Cond]Cond{
	CondSLE: CondSLT, CondSGE: CondSGT, CondULE: CondULT, CondUGE: CondUGT,
}

// unsignedCond maps a signed ordering to the unsigned one.
var unsignedCond = map[Cond]Cond{
	CondSLT: CondULT, CondSLE: CondULE, CondSGT: CondUGT, CondSGE: CondUGE,
}

// CompareWords compares extended values of any number of words:
// equality on all words; an ordering is decided by the highest word that
// differs (signed for the top word of a signed compare, unsigned below),
// and by the low words' non-strict compare when all are equal.
func CompareWords(w WordBuilder, c Cond, a, b []Reg) Reg {
	if len(a) == 1 {
		return w.ICmp(c, a[0], b[0])
	}
	switch c {
	case CondEQ, CondNE:
		x := w.Op2(GXor, a[0], b[0])
		for i := 1; i < len(a); i++ {
			x = w.Op2(GOr, x, w.Op2(GXor, a[i], b[i]))
		}
		return w.ICmp(c, x, w.Const(0))
	}
	uc := c
	if u, ok := unsignedCond[c]; ok {
		uc = u
	}
	r := w.ICmp(uc, a[0], b[0])
	for i := 1; i < len(a); i++ {
		wc := uc
		if i == len(a)-1 {
			wc = c
		}
		if sc, ok := strictCond[wc]; ok {
			wc = sc
		}
		eq := w.ICmp(CondEQ, a[i], b[i])
		r = w.Select(eq, r, w.ICmp(wc, a[i], b[i]))
	}
	return r
}

// opK emits d = op a, k with k materialized by Const.
func opK(w WordBuilder, op Opcode, a Reg, k int64) Reg { return w.Op2(op, a, w.Const(k)) }

// opNZ applies a shift or add by a constant, leaving out a zero amount.
func opNZ(w WordBuilder, op Opcode, r Reg, k int) Reg {
	if k == 0 {
		return r
	}
	return opK(w, op, r, int64(k))
}

// LogicWords applies a bitwise op (G_AND, G_OR, G_XOR) word by word.
func LogicWords(w WordBuilder, op Opcode, a, b []Reg) []Reg {
	out := make([]Reg, len(a))
	for i := range a {
		out[i] = w.Op2(op, a[i], b[i])
	}
	return out
}

// MulWords returns the low nout words of the product of a and b
// (schoolbook: column k sums the low halves of the partial products
// a[i]*b[j] with i+j = k, their G_UMULH high halves with i+j = k-1, and the
// carries out of column k-1).
func MulWords(w WordBuilder, a, b []Reg, nout int) []Reg {
	out := make([]Reg, nout)
	carries := make([][]Reg, nout+1)
	for k := range nout {
		var terms []Reg
		for i := range a {
			if j := k - 1 - i; j >= 0 && j < len(b) {
				terms = append(terms, w.Op2(GUMulH, a[i], b[j]))
			}
		}
		for i := range a {
			if j := k - i; j >= 0 && j < len(b) {
				terms = append(terms, w.Op2(GMul, a[i], b[j]))
			}
		}
		terms = append(terms, carries[k]...)
		if len(terms) == 0 {
			out[k] = w.Const(0)
			continue
		}
		acc := terms[0]
		for _, t := range terms[1:] {
			sum := w.Op2(GAdd, acc, t)
			if k+1 < nout {
				carries[k+1] = append(carries[k+1], w.ICmp(CondULT, sum, t))
			}
			acc = sum
		}
		out[k] = acc
	}
	return out
}

// ShiftWords shifts a value by a constant amount c (op G_SHL, G_LSHR or
// G_ASHR; right shifts need the top word extended). Amounts of the width or
// more are poison in IR; they give the fill.
func ShiftWords(w WordBuilder, op Opcode, a []Reg, c int) []Reg {
	n := len(a)
	if c == 0 {
		return a
	}
	q, r := c/32, c%32
	zero := NoReg
	fill := func() Reg {
		if op == GAShr {
			return opK(w, GAShr, a[n-1], 31)
		}
		if zero == NoReg {
			zero = w.Const(0)
		}
		return zero
	}
	out := make([]Reg, n)
	for i := range out {
		if op == GShl {
			src := i - q
			if src < 0 {
				out[i] = fill()
				continue
			}
			x := opNZ(w, GShl, a[src], r)
			if r > 0 && src > 0 {
				x = w.Op2(GOr, x, opK(w, GLShr, a[src-1], int64(32-r)))
			}
			out[i] = x
			continue
		}
		src := i + q
		switch {
		case src >= n:
			out[i] = fill()
		case src == n-1:
			out[i] = opNZ(w, op, a[src], r)
		default:
			x := opNZ(w, GLShr, a[src], r)
			if r > 0 {
				x = w.Op2(GOr, x, opK(w, GShl, a[src+1], int64(32-r)))
			}
			out[i] = x
		}
	}
	return out
}

// ShiftWordsVar shifts a value by the amount in register amt (below the
// width; right shifts need the top word extended) inline: every word is
// shifted by amt&31 (the bits crossing between words shifted in two steps
// so that no shift reaches 32), then one select stage per bit of amt>>5
// moves whole words.
func ShiftWordsVar(w WordBuilder, op Opcode, a []Reg, amt Reg) []Reg {
	n := len(a)
	s5 := opK(w, GAnd, amt, 31)
	inv := w.Op2(GSub, w.Const(31), s5)
	cur := make([]Reg, n)
	if op == GShl {
		for i := range cur {
			cur[i] = w.Op2(GShl, a[i], s5)
			if i > 0 {
				cur[i] = w.Op2(GOr, cur[i], w.Op2(GLShr, opK(w, GLShr, a[i-1], 1), inv))
			}
		}
	} else {
		for i := range cur {
			if i == n-1 {
				cur[i] = w.Op2(op, a[i], s5)
				continue
			}
			cur[i] = w.Op2(GOr, w.Op2(GLShr, a[i], s5), w.Op2(GShl, opK(w, GShl, a[i+1], 1), inv))
		}
	}
	fill := w.Const(0)
	if op == GAShr {
		fill = opK(w, GAShr, a[n-1], 31)
	}
	for st := 1; st < n; st *= 2 {
		big := w.ICmp(CondNE, opK(w, GAnd, amt, int64(32*st)), w.Const(0))
		next := make([]Reg, n)
		for i := range next {
			src := i + st
			if op == GShl {
				src = i - st
			}
			from := fill
			if src >= 0 && src < n {
				from = cur[src]
			}
			next[i] = w.Select(big, from, cur[i])
		}
		cur = next
	}
	return cur
}

// GenericWords is a WordBuilder over generic MIR: each operation defines
// a fresh class-0 virtual register of F and hands its instruction to
// Emit; Const makes each 32-bit constant once per Konst (the caller's
// cache, a block's when it resets it per block).
type GenericWords struct {
	F     *Func
	Emit  func(op Opcode, ops ...Operand)
	Konst map[int64]Reg
}

// Op2 emits d = op a, b and returns d.
func (g *GenericWords) Op2(op Opcode, a, b Reg) Reg {
	d := g.F.NewVReg(0)
	g.Emit(op, D(d), R(a), R(b))
	return d
}

// ICmp emits d = G_ICMP c, a, b and returns d.
func (g *GenericWords) ICmp(c Cond, a, b Reg) Reg {
	d := g.F.NewVReg(0)
	g.Emit(GICmp, D(d), C(c), R(a), R(b))
	return d
}

// Select emits d = G_SELECT c, a, b and returns d (a itself when a == b).
func (g *GenericWords) Select(c, a, b Reg) Reg {
	if a == b {
		return a
	}
	d := g.F.NewVReg(0)
	g.Emit(GSelect, D(d), R(c), R(a), R(b))
	return d
}

// Const returns the register holding the 32-bit constant k, emitting
// its G_CONST on first need.
func (g *GenericWords) Const(k int64) Reg {
	k = int64(int32(k))
	if r, ok := g.Konst[k]; ok {
		return r
	}
	d := g.F.NewVReg(0)
	g.Emit(GConst, D(d), I(k))
	g.Konst[k] = d
	return d
}

// MemPiece is one naturally aligned access of an integer in memory: bytes
// [Off, Off+Size) of the value, holding its bits [Bit, Bit+8*Size).
type MemPiece struct {
	Off, Size int64
	Bit       int
}

// MemPieces splits a size-byte integer at alignment align into accesses
// of at most 4 bytes that are naturally aligned, in address order; bits
// follow the byte order (bigEndian: the first byte holds the top bits).
func MemPieces(size, align int64, bigEndian bool) []MemPiece {
	if align <= 0 {
		align = 1
	}
	var ps []MemPiece
	for k := int64(0); k < size; {
		p := int64(4)
		for p > size-k || p > align || (k%p != 0) {
			p /= 2
		}
		bit := int(8 * k)
		if bigEndian {
			bit = int(8 * (size - k - p))
		}
		ps = append(ps, MemPiece{k, p, bit})
		k += p
	}
	return ps
}

// LoadOps and StoreOps are the generic accesses of a piece's size (loads
// zero-extend).
var (
	LoadOps  = map[int64]Opcode{1: GLoad8U, 2: GLoad16U, 4: GLoad32}
	StoreOps = map[int64]Opcode{1: GStore8, 2: GStore16, 4: GStore32}
)

// LoadWords assembles the nw words of an integer from the pieces load
// reads (each zero-extended; load emits the access): every piece is
// shifted to its bit position and or-ed into its word, and the bits of a
// piece that cross into the next word are shifted down into it. Words no
// piece reaches are 0.
func LoadWords(w WordBuilder, pieces []MemPiece, nw int, load func(MemPiece) Reg) []Reg {
	words := make([]Reg, nw)
	orInto := func(i int, v Reg, sh int) {
		v = opNZ(w, GShl, v, sh)
		if words[i] == NoReg {
			words[i] = v
		} else {
			words[i] = w.Op2(GOr, words[i], v)
		}
	}
	for _, pc := range pieces {
		i, sh := pc.Bit/32, pc.Bit%32
		if i >= nw {
			continue
		}
		v := load(pc)
		orInto(i, v, sh)
		if sh+8*int(pc.Size) > 32 && i+1 < nw {
			orInto(i+1, opK(w, GLShr, v, int64(32-sh)), 0)
		}
	}
	for i, r := range words {
		if r == NoReg {
			words[i] = w.Const(0)
		}
	}
	return words
}

// SoleLoadPieces returns, for each of the nw words LoadWords builds from
// pieces, the size of the one piece that is the whole word unshifted (a
// zero-extended access of fewer than 4 bytes is then the word's value), or
// 0 when the word is assembled from several or shifted ones.
func SoleLoadPieces(pieces []MemPiece, nw int) []int64 {
	n := make([]int, nw)
	sole := make([]int64, nw)
	for _, pc := range pieces {
		i, sh := pc.Bit/32, pc.Bit%32
		if i >= nw {
			continue
		}
		n[i]++
		if sh == 0 {
			sole[i] = pc.Size
		} else {
			sole[i] = 0
		}
		if sh+8*int(pc.Size) > 32 && i+1 < nw {
			n[i+1]++
		}
	}
	for i := range sole {
		if n[i] != 1 {
			sole[i] = 0
		}
	}
	return sole
}

// StoreWords stores the words of an integer piece by piece: store gets
// each piece and the register holding its bits at the bottom (pieces past
// the words store 0).
func StoreWords(w WordBuilder, pieces []MemPiece, words []Reg, store func(MemPiece, Reg)) {
	nw := len(words)
	for _, pc := range pieces {
		i, sh := pc.Bit/32, pc.Bit%32
		var x Reg
		if i >= nw {
			x = w.Const(0)
		} else {
			x = opNZ(w, GLShr, words[i], sh)
			if sh+8*int(pc.Size) > 32 && i+1 < nw {
				x = w.Op2(GOr, x, opK(w, GShl, words[i+1], int64(32-sh)))
			}
		}
		store(pc, x)
	}
}

// PieceMem is the memory operand of the access of piece pc of an access
// described by m (nil: unknown).
func PieceMem(m *MemOperand, pc MemPiece) *MemOperand {
	if m == nil {
		return nil
	}
	r := *m
	r.Off += pc.Off
	r.Size = pc.Size
	if !r.OffKnown || r.Off < -1<<30 || r.Off > 1<<30 {
		r.Off, r.OffKnown = 0, false
	}
	return &r
}
