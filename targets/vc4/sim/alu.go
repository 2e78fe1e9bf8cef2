package sim

import (
	"math"
	"math/bits"

	"lltosimd/targets/vc4"
)

// Vec is one 16-lane register value.
type Vec = [vc4.Lanes]uint32

// flush returns the bits of a float32 with denormals flushed to signed zero.
func flush(b uint32) uint32 {
	if b&0x7f800000 == 0 {
		return b & 0x80000000
	}
	return b
}

func f32(b uint32) float32 { return math.Float32frombits(flush(b)) }

// rtz32 rounds x+err (err being the exact residual of x, possibly 0) to
// float32 toward zero and flushes denormal results, as the QPU float units
// do (spec §3.4: round toward zero per VC4C).
func rtz32(x, err float64) uint32 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return math.Float32bits(float32(x))
	}
	f := float32(x)
	fx := float64(f)
	toward0 := math.Abs(fx) > math.Abs(x) || fx == x && err != 0 && (err < 0) != (x < 0)
	if x == 0 && err != 0 {
		toward0 = false
	}
	if toward0 {
		f = math.Nextafter32(f, 0)
	}
	return flush(math.Float32bits(f))
}

// twoSum returns s = fl(a+b) and the exact error a+b-s.
func twoSum(a, b float64) (float64, float64) {
	s := a + b
	bb := s - a
	return s, (a - (s - bb)) + (b - bb)
}

func boolBit(b bool) uint16 {
	if b {
		return 1
	}
	return 0
}

// addALU computes one add-ALU op over 16 lanes; it returns the C flags.
// The switch is outside the lane loops so each loop is tight.
func addALU(op vc4.AddOp, a, b, out *Vec) (c uint16) {
	switch op {
	case vc4.AddAdd:
		for i := range out {
			s := uint64(a[i]) + uint64(b[i])
			out[i] = uint32(s)
			c |= uint16(s>>32) << i
		}
	case vc4.AddSub:
		for i := range out {
			out[i] = a[i] - b[i]
			c |= boolBit(a[i] < b[i]) << i
		}
	case vc4.AddAnd:
		for i := range out {
			out[i] = a[i] & b[i]
		}
	case vc4.AddOr:
		for i := range out {
			out[i] = a[i] | b[i]
		}
	case vc4.AddXor:
		for i := range out {
			out[i] = a[i] ^ b[i]
		}
	case vc4.AddNot:
		for i := range out {
			out[i] = ^a[i]
		}
	case vc4.AddShr, vc4.AddAsr, vc4.AddShl:
		for i := range out {
			x, s := a[i], b[i]&31
			switch op {
			case vc4.AddShr:
				out[i] = x >> s
			case vc4.AddAsr:
				out[i] = uint32(int32(x) >> s)
			default:
				out[i] = x << s
				c |= uint16((uint64(x)<<s)>>32&1) << i
				continue
			}
			if s != 0 {
				c |= uint16(x>>(s-1)&1) << i
			}
		}
	case vc4.AddRor:
		for i := range out {
			out[i] = bits.RotateLeft32(a[i], -int(b[i]&31))
		}
	case vc4.AddMin, vc4.AddMax:
		for i := range out {
			x, y := a[i], b[i]
			gt := int32(x) > int32(y)
			c |= boolBit(gt) << i
			if (op == vc4.AddMin) == gt {
				out[i] = y
			} else {
				out[i] = x
			}
		}
	case vc4.AddClz:
		for i := range out {
			out[i] = uint32(bits.LeadingZeros32(a[i]))
		}
	case vc4.AddV8Adds:
		for i := range out {
			out[i] = v8adds(a[i], b[i])
		}
	case vc4.AddV8Subs:
		for i := range out {
			out[i] = v8subs(a[i], b[i])
		}
	default:
		for i := range out {
			var ci bool
			out[i], ci = addFloat(op, a[i], b[i])
			c |= boolBit(ci) << i
		}
	}
	return c
}

// addFloat computes the float and conversion add-ALU ops of one lane.
func addFloat(op vc4.AddOp, x, y uint32) (r uint32, c bool) {
	switch op {
	case vc4.AddFAdd, vc4.AddFSub:
		fy := float64(f32(y))
		if op == vc4.AddFSub {
			fy = -fy
		}
		r = rtz32(twoSum(float64(f32(x)), fy))
		return r, math.Float32frombits(r) > 0
	case vc4.AddFMin, vc4.AddFMax:
		c = f32(x) > f32(y)
		if (op == vc4.AddFMin) == c {
			return flush(y), c
		}
		return flush(x), c
	case vc4.AddFMinAbs, vc4.AddFMaxAbs:
		ax, ay := flush(x)&0x7fffffff, flush(y)&0x7fffffff
		c = math.Float32frombits(ax) > math.Float32frombits(ay)
		if (op == vc4.AddFMinAbs) == c {
			return ay, c
		}
		return ax, c
	case vc4.AddFtoI:
		f := float64(f32(x))
		if math.IsNaN(f) || f >= 2147483648 || f < -2147483648 {
			return 0, false // out of range: undefined on hardware
		}
		return uint32(int32(f)), false
	case vc4.AddItoF:
		return rtz32(float64(int32(x)), 0), false
	}
	return 0, false
}

func v8adds(x, y uint32) uint32 {
	var r uint32
	for s := 0; s < 32; s += 8 {
		r |= min(x>>s&255+y>>s&255, 255) << s
	}
	return r
}

func v8subs(x, y uint32) uint32 {
	var r uint32
	for s := 0; s < 32; s += 8 {
		p, q := x>>s&255, y>>s&255
		if p > q {
			r |= (p - q) << s
		}
	}
	return r
}

// v8 applies f to the four byte pairs of x and y.
func v8(x, y uint32, f func(p, q uint32) uint32) uint32 {
	var r uint32
	for s := 0; s < 32; s += 8 {
		r |= f(x>>s&255, y>>s&255) << s
	}
	return r
}

// mulALU computes one mul-ALU op over 16 lanes; it returns the C flags.
func mulALU(op vc4.MulOp, a, b, out *Vec) (c uint16) {
	switch op {
	case vc4.MulFMul:
		for i := range out {
			out[i] = rtz32(float64(f32(a[i]))*float64(f32(b[i])), 0)
		}
	case vc4.MulMul24:
		for i := range out {
			p := uint64(a[i]&0xFFFFFF) * uint64(b[i]&0xFFFFFF)
			out[i] = uint32(p)
			c |= boolBit(p > 0xFFFFFFFF) << i
		}
	case vc4.MulV8Muld:
		for i := range out {
			out[i] = v8(a[i], b[i], func(p, q uint32) uint32 { return (p*q + 127) / 255 })
		}
	case vc4.MulV8Min:
		for i := range out {
			if a[i] == b[i] { // mov
				out[i] = a[i]
				continue
			}
			out[i] = v8(a[i], b[i], func(p, q uint32) uint32 { return min(p, q) })
		}
	case vc4.MulV8Max:
		for i := range out {
			out[i] = v8(a[i], b[i], func(p, q uint32) uint32 { return max(p, q) })
		}
	case vc4.MulV8Adds:
		for i := range out {
			out[i] = v8adds(a[i], b[i])
		}
	case vc4.MulV8Subs:
		for i := range out {
			out[i] = v8subs(a[i], b[i])
		}
	}
	return c
}

// sfu computes an SFU function (addresses 52..55) of one lane.
func sfu(addr uint8, x uint32) uint32 {
	f := float64(f32(x))
	var r float64
	switch addr {
	case vc4.AddrSFURecip:
		r = 1 / f
	case vc4.AddrSFURecip + 1:
		r = 1 / math.Sqrt(f)
	case vc4.AddrSFURecip + 2:
		r = math.Exp2(f)
	default:
		r = math.Log2(math.Abs(f))
	}
	return flush(math.Float32bits(float32(r)))
}

// f16to32 converts IEEE half-precision bits to float32 bits.
func f16to32(h uint32) uint32 {
	sign := (h >> 15 & 1) << 31
	exp := h >> 10 & 31
	man := h & 0x3ff
	switch {
	case exp == 0:
		return sign // denormals flush
	case exp == 31:
		return sign | 0x7f800000 | man<<13
	}
	return sign | (exp+112)<<23 | man<<13
}

// f32to16 converts float32 bits to half precision (truncating).
func f32to16(b uint32) uint32 {
	sign := b >> 16 & 0x8000
	exp := int(b>>23&255) - 127 + 15
	man := b >> 13 & 0x3ff
	switch {
	case b&0x7fffffff > 0x7f800000:
		return sign | 0x7e00
	case exp >= 31:
		return sign | 0x7c00
	case exp <= 0:
		return sign
	}
	return sign | uint32(exp)<<10 | man
}

// unpack applies an unpack mode (spec §4.5) to one value.
func unpack(mode uint8, x uint32, float bool) uint32 {
	switch mode {
	case vc4.Unpack16A, vc4.Unpack16B:
		h := x
		if mode == vc4.Unpack16B {
			h = x >> 16
		}
		if float {
			return f16to32(h & 0xffff)
		}
		return uint32(int32(int16(h)))
	case vc4.Unpack8DR:
		return (x >> 24) * 0x01010101
	case 4, 5, 6, 7:
		v := x >> (8 * (mode - vc4.Unpack8A)) & 255
		if float {
			return math.Float32bits(float32(v) / 255)
		}
		return v
	}
	return x
}

func satS16(v int32) uint32 { return uint32(max(min(v, 32767), -32768)) & 0xffff }
func satU8(v int32) uint32  { return uint32(max(min(v, 255), 0)) }

// packA applies a regfile-A pack mode (pm = 0) to a result r, merging
// into the old destination value for partial writes. sat32 is the
// saturated value for the 32s mode (add/sub).
func packA(mode uint8, r, old uint32, float bool, sat32 uint32) uint32 {
	switch mode {
	case vc4.Pack16A, vc4.Pack16B:
		h := r & 0xffff
		if float {
			h = f32to16(r)
		}
		if mode == vc4.Pack16A {
			return old&0xffff0000 | h
		}
		return old&0xffff | h<<16
	case vc4.Pack8888:
		return (r & 255) * 0x01010101
	case 4, 5, 6, 7:
		s := 8 * uint32(mode-vc4.Pack8A)
		return old&^(255<<s) | (r&255)<<s
	case vc4.Pack32S:
		return sat32
	case vc4.Pack16AS:
		return old&0xffff0000 | satS16(int32(r))
	case vc4.Pack16BS:
		return old&0xffff | satS16(int32(r))<<16
	case vc4.Pack8888S:
		return satU8(int32(r)) * 0x01010101
	case 12, 13, 14, 15:
		s := 8 * uint32(mode-vc4.Pack8AS)
		return old&^(255<<s) | satU8(int32(r))<<s
	}
	return r
}

// packMul applies a mul colour pack (pm = 1): float in [0,1] to 8 bits.
func packMul(mode uint8, r, old uint32) uint32 {
	f := float64(f32(r))
	if !(f > 0) {
		f = 0
	}
	v := uint32(math.Min(f, 1)*255 + 0.5)
	if mode == vc4.Pack8888 {
		return v * 0x01010101
	}
	s := 8 * uint32(mode-vc4.Pack8A)
	return old&^(255<<s) | v<<s
}
