package frontend

import "lltosimd/mir"

// smulOverflow64 lowers llvm.smul.with.overflow.i64 on (lo, hi) pairs: the
// wrapped product, and an overflow flag from the magnitudes: |a|·|b| (as
// unsigned 64-bit numbers, so |INT64_MIN| = 2^63 is exact) must not
// overflow and must be at most 2^63-1 for a positive product or 2^63 for a
// negative one.
func (s *fn) smulOverflow64(a, b []mir.Reg) []mir.Reg {
	zero := s.konst(0)
	prod := s.overflow64("umul", a, b)[:2] // the low 64 bits do not depend on signedness
	negA := s.icmpR(mir.CondSLT, a[1], zero)
	negB := s.icmpR(mir.CondSLT, b[1], zero)
	magA, magB := s.abs64(a, negA), s.abs64(b, negB)
	m := s.overflow64("umul", magA, magB)
	neg := s.op2(mir.GXor, negA, negB)
	// Above 2^63-1: the high bit is set. Above 2^63: high bit set and any
	// other bit set.
	top := s.opK(mir.GLShr, m[1], 31)
	rest := s.op2(mir.GOr, s.opK(mir.GAnd, m[1], 0x7fffffff), m[0])
	restNZ := s.icmpR(mir.CondNE, rest, zero)
	tooBig := s.selectR(neg, s.op2(mir.GAnd, top, restNZ), top)
	ov := s.op2(mir.GOr, m[2], tooBig)
	s.setZ(ov, 1)
	return []mir.Reg{prod[0], prod[1], ov}
}

// abs64 negates a (lo, hi) pair when neg is 1.
func (s *fn) abs64(a []mir.Reg, neg mir.Reg) []mir.Reg {
	zero := s.konst(0)
	n := s.sub64([]mir.Reg{zero, zero}, a)
	return []mir.Reg{s.selectR(neg, n[0], a[0]), s.selectR(neg, n[1], a[1])}
}
