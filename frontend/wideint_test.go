package frontend

import (
	"fmt"
	"math/big"
	"math/rand"
	"strings"
	"testing"

	"lltosimd/mir"
)

// wideOps are the binary operations TestWideIntsAgainstBig checks, with
// their math/big reference on n-bit operands (unsigned, below 2^n).
var wideOps = []struct {
	ir  string // the instruction, with %a and %b
	ref func(a, b *big.Int, n uint) *big.Int
}{
	{"add iN %a, %b", func(a, b *big.Int, n uint) *big.Int { return new(big.Int).Add(a, b) }},
	{"sub iN %a, %b", func(a, b *big.Int, n uint) *big.Int { return new(big.Int).Sub(a, b) }},
	{"mul iN %a, %b", func(a, b *big.Int, n uint) *big.Int { return new(big.Int).Mul(a, b) }},
	{"and iN %a, %b", func(a, b *big.Int, n uint) *big.Int { return new(big.Int).And(a, b) }},
	{"xor iN %a, %b", func(a, b *big.Int, n uint) *big.Int { return new(big.Int).Xor(a, b) }},
	{"udiv iN %a, %b", func(a, b *big.Int, n uint) *big.Int { return new(big.Int).Quo(a, b) }},
	{"urem iN %a, %b", func(a, b *big.Int, n uint) *big.Int { return new(big.Int).Rem(a, b) }},
	{"sdiv iN %a, %b", func(a, b *big.Int, n uint) *big.Int { return new(big.Int).Quo(sgn(a, n), sgn(b, n)) }},
	{"srem iN %a, %b", func(a, b *big.Int, n uint) *big.Int { return new(big.Int).Rem(sgn(a, n), sgn(b, n)) }},
	{"shl iN %a, %s", func(a, b *big.Int, n uint) *big.Int { return new(big.Int).Lsh(a, amount(b, n)) }},
	{"lshr iN %a, %s", func(a, b *big.Int, n uint) *big.Int { return new(big.Int).Rsh(a, amount(b, n)) }},
	{"ashr iN %a, %s", func(a, b *big.Int, n uint) *big.Int { return new(big.Int).Rsh(sgn(a, n), amount(b, n)) }},
	{"shl iN %a, 37", func(a, b *big.Int, n uint) *big.Int { return new(big.Int).Lsh(a, 37) }},
	{"lshr iN %a, 64", func(a, b *big.Int, n uint) *big.Int { return new(big.Int).Rsh(a, 64) }},
	{"ashr iN %a, 33", func(a, b *big.Int, n uint) *big.Int { return new(big.Int).Rsh(sgn(a, n), 33) }},
	{"icmp ult iN %a, %b", cmpRef(func(c int) bool { return c < 0 }, false)},
	{"icmp uge iN %a, %b", cmpRef(func(c int) bool { return c >= 0 }, false)},
	{"icmp sle iN %a, %b", cmpRef(func(c int) bool { return c <= 0 }, true)},
	{"icmp sgt iN %a, %b", cmpRef(func(c int) bool { return c > 0 }, true)},
	{"icmp eq iN %a, %b", cmpRef(func(c int) bool { return c == 0 }, false)},
	{"call iN @llvm.ctlz.iN(iN %a, i1 false)", func(a, b *big.Int, n uint) *big.Int { return big.NewInt(int64(n) - int64(a.BitLen())) }},
	{"call iN @llvm.cttz.iN(iN %a, i1 false)", func(a, b *big.Int, n uint) *big.Int {
		if a.Sign() == 0 {
			return big.NewInt(int64(n))
		}
		return big.NewInt(int64(a.TrailingZeroBits()))
	}},
	{"call iN @llvm.ctpop.iN(iN %a)", func(a, b *big.Int, n uint) *big.Int {
		c := 0
		for i := range int(n) {
			c += int(a.Bit(i))
		}
		return big.NewInt(int64(c))
	}},
	{"call iN @llvm.bitreverse.iN(iN %a)", func(a, b *big.Int, n uint) *big.Int {
		r := new(big.Int)
		for i := range int(n) {
			r.SetBit(r, int(n)-1-i, a.Bit(i))
		}
		return r
	}},
	{"call iN @llvm.smax.iN(iN %a, iN %b)", func(a, b *big.Int, n uint) *big.Int {
		if sgn(a, n).Cmp(sgn(b, n)) > 0 {
			return a
		}
		return b
	}},
	{"call iN @llvm.umin.iN(iN %a, iN %b)", func(a, b *big.Int, n uint) *big.Int {
		if a.Cmp(b) < 0 {
			return a
		}
		return b
	}},
	{"call iN @llvm.abs.iN(iN %a, i1 false)", func(a, b *big.Int, n uint) *big.Int { return new(big.Int).Abs(sgn(a, n)) }},
	{"call iN @llvm.uadd.sat.iN(iN %a, iN %b)", func(a, b *big.Int, n uint) *big.Int {
		return clampBig(new(big.Int).Add(a, b), big.NewInt(0), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), n), big.NewInt(1)))
	}},
	{"call iN @llvm.ssub.sat.iN(iN %a, iN %b)", func(a, b *big.Int, n uint) *big.Int {
		lim := new(big.Int).Lsh(big.NewInt(1), n-1)
		return clampBig(new(big.Int).Sub(sgn(a, n), sgn(b, n)), new(big.Int).Neg(lim), new(big.Int).Sub(lim, big.NewInt(1)))
	}},
	{"call {iN, i1} @llvm.smul.with.overflow.iN(iN %a, iN %b)", func(a, b *big.Int, n uint) *big.Int {
		lim := new(big.Int).Lsh(big.NewInt(1), n-1)
		p := new(big.Int).Mul(sgn(a, n), sgn(b, n))
		return b2big(p.Cmp(new(big.Int).Neg(lim)) < 0 || p.Cmp(lim) >= 0)
	}},
	{"call {iN, i1} @llvm.umul.with.overflow.iN(iN %a, iN %b)", func(a, b *big.Int, n uint) *big.Int {
		return b2big(new(big.Int).Mul(a, b).BitLen() > int(n))
	}},
	{"call {iN, i1} @llvm.sadd.with.overflow.iN(iN %a, iN %b)", func(a, b *big.Int, n uint) *big.Int {
		lim := new(big.Int).Lsh(big.NewInt(1), n-1)
		p := new(big.Int).Add(sgn(a, n), sgn(b, n))
		return b2big(p.Cmp(new(big.Int).Neg(lim)) < 0 || p.Cmp(lim) >= 0)
	}},
	{"call {iN, i1} @llvm.usub.with.overflow.iN(iN %a, iN %b)", func(a, b *big.Int, n uint) *big.Int { return b2big(a.Cmp(b) < 0) }},
}

func clampBig(v, lo, hi *big.Int) *big.Int {
	if v.Cmp(lo) < 0 {
		return lo
	}
	if v.Cmp(hi) > 0 {
		return hi
	}
	return v
}

func b2big(b bool) *big.Int {
	if b {
		return big.NewInt(1)
	}
	return big.NewInt(0)
}

// sgn interprets an n-bit value as signed.
func sgn(v *big.Int, n uint) *big.Int {
	if v.Bit(int(n-1)) == 0 {
		return v
	}
	return new(big.Int).Sub(v, new(big.Int).Lsh(big.NewInt(1), n))
}

// amount is the shift amount the test functions use: b mod n.
func amount(b *big.Int, n uint) uint {
	return uint(new(big.Int).Rem(b, big.NewInt(int64(n))).Uint64())
}

func cmpRef(ok func(int) bool, signed bool) func(a, b *big.Int, n uint) *big.Int {
	return func(a, b *big.Int, n uint) *big.Int {
		if signed {
			a, b = sgn(a, n), sgn(b, n)
		}
		if ok(a.Cmp(b)) {
			return big.NewInt(1)
		}
		return big.NewInt(0)
	}
}

// TestWideIntsAgainstBig runs each wide operation in the interpreter on
// random and edge-case operands of widths from 65 to 256 bits, both byte
// orders, and compares with math/big. The operands and the result go
// through memory, so loads and stores of odd byte counts are checked too.
func TestWideIntsAgainstBig(t *testing.T) {
	widths := []uint{65, 72, 96, 120, 128, 176, 256}
	var src strings.Builder
	src.WriteString(`target datalayout = "` + mipsDL + "\"\n")
	for _, n := range widths {
		ty := fmt.Sprintf("i%d", n)
		for k, op := range wideOps {
			res := "%r"
			body := strings.ReplaceAll(op.ir, "iN", ty)
			switch {
			case strings.HasPrefix(op.ir, "icmp"):
				res = "%rz"
				body += "\n  %rz = zext i1 %r to " + ty
			case strings.Contains(op.ir, "with.overflow"): // the flag
				res = "%rz"
				body += "\n  %ro = extractvalue {" + ty + ", i1} %r, 1\n  %rz = zext i1 %ro to " + ty
			}
			if name, ok := strings.CutPrefix(body, "call "); ok {
				// declare the intrinsic: its name and argument types
				rt, rest, _ := strings.Cut(name, " @")
				fname, args, _ := strings.Cut(rest, "(")
				args, _, _ = strings.Cut(args, ")")
				var types []string
				for _, a := range strings.Split(args, ", ") {
					types = append(types, strings.Fields(a)[0])
				}
				fmt.Fprintf(&src, "declare %s @%s(%s)\n", rt, fname, strings.Join(types, ", "))
			}
			fmt.Fprintf(&src, `define void @f%d_%d(%[3]s* %%pr, %[3]s* %%pa, %[3]s* %%pb) {
  %%a = load %[3]s, %[3]s* %%pa, align 1
  %%b = load %[3]s, %[3]s* %%pb, align 4
  %%s = urem %[3]s %%b, %[4]d
  %%r = %[5]s
  store %[3]s %[6]s, %[3]s* %%pr, align 4
  ret void
}
`, n, k, ty, n, body, res)
		}
	}
	rng := rand.New(rand.NewSource(1))
	one := big.NewInt(1)
	operands := func(n uint) []*big.Int {
		top := new(big.Int).Lsh(one, n)
		vals := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(3), new(big.Int).Sub(top, one),
			new(big.Int).Lsh(one, n-1), new(big.Int).Sub(new(big.Int).Lsh(one, n-1), one),
			new(big.Int).Lsh(one, 32), new(big.Int).Sub(new(big.Int).Lsh(one, 64), one)}
		for range 8 {
			vals = append(vals, new(big.Int).Rand(rng, top), new(big.Int).Rsh(new(big.Int).Rand(rng, top), uint(rng.Intn(int(n)))))
		}
		return vals
	}
	for _, be := range []bool{false, true} {
		m, err := newMachine(translateText(t, "wide.ll", []byte(src.String()), be))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range widths {
			size := (n + 7) / 8
			mask := new(big.Int).Sub(new(big.Int).Lsh(one, n), one)
			vals := operands(n)
			pr, pa, pb := m.alloc(64, 8), m.alloc(64, 8), m.alloc(64, 8)
			ptr := func(p uint32) argGroup { return argGroup{mir.MakeArgDesc(1, 0), []uint32{p}} }
			for k, op := range wideOps {
				for _, a := range vals {
					for _, b := range vals {
						if b.Sign() == 0 && (strings.Contains(op.ir, "div") || strings.Contains(op.ir, "rem")) {
							continue // undefined behaviour
						}
						m.putInt(pa, a, size)
						m.putInt(pb, b, size)
						if _, err := m.Call(fmt.Sprintf("f%d_%d", n, k), ptr(pr), ptr(pa), ptr(pb)); err != nil {
							t.Fatalf("be=%v i%d %s: %v", be, n, op.ir, err)
						}
						want := new(big.Int).And(op.ref(a, b, n), mask)
						// Bits above n in the last byte are unspecified.
						if got := new(big.Int).And(m.getInt(pr, size), mask); got.Cmp(want) != 0 {
							t.Errorf("be=%v i%d %s with a=%#x b=%#x: got %#x, want %#x", be, n, op.ir, a, b, got, want)
						}
					}
				}
			}
		}
	}
}

// putInt and getInt store and load a size-byte integer in the module's
// byte order.
func (m *machine) putInt(p uint32, v *big.Int, size uint) {
	for i := range size {
		k := i
		if m.mod.BigEndian {
			k = size - 1 - i
		}
		m.mem[p+uint32(i)] = byte(new(big.Int).Rsh(v, 8*k).Uint64())
	}
}

func (m *machine) getInt(p uint32, size uint) *big.Int {
	v := new(big.Int)
	for i := range size {
		k := i
		if m.mod.BigEndian {
			k = size - 1 - i
		}
		v.Or(v, new(big.Int).Lsh(big.NewInt(int64(m.mem[p+uint32(i)])), 8*k))
	}
	return v
}
