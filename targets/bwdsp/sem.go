package bwdsp

import "math"

// Lane semantics of the arithmetic forms (spec §2.3, §2.5). Each returns
// the result and a fault message ("" when none). Floats are IEEE binary32
// held in the 32-bit register.

func f32(a uint32) float32   { return math.Float32frombits(a) }
func fbits(f float32) uint32 { return math.Float32bits(f) }

func evAdd(a, b uint32) (uint32, string) { return a + b, "" }
func evSub(a, b uint32) (uint32, string) { return a - b, "" }
func evAnd(a, b uint32) (uint32, string) { return a & b, "" }
func evOr(a, b uint32) (uint32, string)  { return a | b, "" }
func evXor(a, b uint32) (uint32, string) { return a ^ b, "" }
func evFAdd(a, b uint32) (uint32, string) {
	return fbits(f32(a) + f32(b)), ""
}
func evFSub(a, b uint32) (uint32, string) { return fbits(f32(a) - f32(b)), "" }
func evNeg(a, _ uint32) (uint32, string)  { return -a, "" }
func evNot(a, _ uint32) (uint32, string)  { return ^a, "" }
func evAbs(a, _ uint32) (uint32, string) {
	if int32(a) < 0 {
		return -a, ""
	}
	return a, ""
}
func evFNeg(a, _ uint32) (uint32, string) { return a ^ 0x80000000, "" }
func evFAbs(a, _ uint32) (uint32, string) { return a &^ 0x80000000, "" }
func evMin(a, b uint32) (uint32, string) {
	if int32(a) < int32(b) {
		return a, ""
	}
	return b, ""
}
func evMax(a, b uint32) (uint32, string) {
	if int32(a) > int32(b) {
		return a, ""
	}
	return b, ""
}
func evMinU(a, b uint32) (uint32, string) { return min(a, b), "" }
func evMaxU(a, b uint32) (uint32, string) { return max(a, b), "" }

// evFMin and evFMax follow IEEE minNum/maxNum (LLVM minnum/maxnum): a NaN
// operand yields the other operand.
func evFMin(a, b uint32) (uint32, string) {
	x, y := f32(a), f32(b)
	switch {
	case x != x:
		return b, ""
	case y != y:
		return a, ""
	case x < y || (x == y && a&0x80000000 != 0):
		return a, ""
	}
	return b, ""
}
func evFMax(a, b uint32) (uint32, string) {
	x, y := f32(a), f32(b)
	switch {
	case x != x:
		return b, ""
	case y != y:
		return a, ""
	case x > y || (x == y && a&0x80000000 == 0):
		return a, ""
	}
	return b, ""
}
func evIToF(a, _ uint32) (uint32, string) { return fbits(float32(int32(a))), "" }
func evUToF(a, _ uint32) (uint32, string) { return fbits(float32(a)), "" }

// evFToI truncates toward zero (spec §2.3 completion); NaN gives 0 and
// out-of-range values saturate (LLVM leaves them undefined).
func evFToI(a, _ uint32) (uint32, string) {
	x := float64(f32(a))
	switch {
	case x != x:
		return 0, ""
	case x >= 2147483648:
		return math.MaxInt32, ""
	case x < -2147483648:
		return 0x80000000, ""
	}
	return uint32(int32(x)), ""
}
func evMul(a, b uint32) (uint32, string)  { return a * b, "" }
func evFMul(a, b uint32) (uint32, string) { return fbits(f32(a) * f32(b)), "" }
func evMulH(a, b uint32) (uint32, string) {
	return uint32(uint64(int64(int32(a))*int64(int32(b))) >> 32), ""
}
func evMulHU(a, b uint32) (uint32, string)  { return uint32(uint64(a) * uint64(b) >> 32), "" }
func evShl(a, b uint32) (uint32, string)    { return a << (b & 31), "" }
func evShr(a, b uint32) (uint32, string)    { return a >> (b & 31), "" }
func evSar(a, b uint32) (uint32, string)    { return uint32(int32(a) >> (b & 31)), "" }
func evSext8(a, _ uint32) (uint32, string)  { return uint32(int32(int8(a))), "" }
func evSext16(a, _ uint32) (uint32, string) { return uint32(int32(int16(a))), "" }
func evZext8(a, _ uint32) (uint32, string)  { return a & 0xff, "" }
func evZext16(a, _ uint32) (uint32, string) { return a & 0xffff, "" }

const (
	faultDivZero  = "integer division by zero"
	faultOverflow = "integer division overflow (INT_MIN / -1)"
)

func evDiv(a, b uint32) (uint32, string) {
	switch {
	case b == 0:
		return 0, faultDivZero
	case a == 0x80000000 && b == 0xffffffff:
		return 0, faultOverflow
	}
	return uint32(int32(a) / int32(b)), ""
}
func evRem(a, b uint32) (uint32, string) {
	switch {
	case b == 0:
		return 0, faultDivZero
	case a == 0x80000000 && b == 0xffffffff:
		return 0, faultOverflow
	}
	return uint32(int32(a) % int32(b)), ""
}
func evDivU(a, b uint32) (uint32, string) {
	if b == 0 {
		return 0, faultDivZero
	}
	return a / b, ""
}
func evRemU(a, b uint32) (uint32, string) {
	if b == 0 {
		return 0, faultDivZero
	}
	return a % b, ""
}
func evFDiv(a, b uint32) (uint32, string) { return fbits(f32(a) / f32(b)), "" }
func evFRem(a, b uint32) (uint32, string) {
	return fbits(float32(math.Mod(float64(f32(a)), float64(f32(b))))), ""
}
func evRecip(a, _ uint32) (uint32, string) { return fbits(1 / f32(a)), "" }
func evSqrt(a, _ uint32) (uint32, string) {
	return fbits(float32(math.Sqrt(float64(f32(a))))), ""
}

// EvalRel evaluates `a REL b` for a compare or compare-and-branch form
// with modifier mod: signed by default, unsigned with (U), float32 with
// (F) (any relation with a NaN operand is false, except !=).
func EvalRel(rel Rel, mod Mod, a, b uint32) bool {
	var lt, eq bool
	switch mod {
	case ModU:
		lt, eq = a < b, a == b
	case ModF:
		x, y := f32(a), f32(b)
		if x != x || y != y {
			return rel == RelNE
		}
		lt, eq = x < y, x == y
	default:
		lt, eq = int32(a) < int32(b), a == b
	}
	switch rel {
	case RelEQ:
		return eq
	case RelNE:
		return !eq
	case RelLT:
		return lt
	case RelLE:
		return lt || eq
	case RelGT:
		return !lt && !eq
	}
	return !lt // RelGE
}

// PredAction applies an HPL-PD action (spec §2.5) in one lane: g is the
// guard (or CPg) value, r the compare result. It returns the value to
// write and whether the predicate is written at all. ActUNUC is split by
// the caller into ActUN and ActUC.
func PredAction(act Action, g, r bool) (val, write bool) {
	switch act {
	case ActCN:
		return r, g
	case ActCC:
		return !r, g
	case ActUN:
		return g && r, true
	case ActUC:
		return g && !r, true
	case ActON:
		return true, g && r
	case ActOC:
		return true, g && !r
	case ActAN:
		return false, g && !r
	case ActAC:
		return false, g && r
	}
	panic("bwdsp: PredAction on " + ActionNames[act])
}
