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
