package frontend

import (
	"fmt"
	"math/big"
	"math/bits"
	"os"
	"strings"
	"testing"

	"lltosimd/mir"
)

// run48 is the Go reference of @f48 below.
func run48(a, b uint64) uint32 {
	const mask = 1<<48 - 1
	sx := func(v uint64) int64 { return int64(v<<16) >> 16 }
	x, y := a&mask, b&mask
	s := (x + y) & mask
	l := s >> 4
	c := uint32(0)
	if sx(x) < sx(y) {
		c = 1
	}
	r := l ^ uint64(sx(s))
	m := (r ^ 0x123456789abc) & mask // stored and reloaded through memory as i48
	q := uint64(sx(m)) / 3
	return uint32(r) + uint32(r>>32) + c + uint32(q) + uint32(q>>32)
}

func TestOddWidthIntegers(t *testing.T) {
	src := `target datalayout = "` + mipsDL + `"
define i32 @f48(i64 %a, i64 %b) {
entry:
  %mem = alloca i48, align 2
  %x = trunc i64 %a to i48
  %y = trunc i64 %b to i48
  %s = add i48 %x, %y
  %l = lshr i48 %s, 4
  %c = icmp slt i48 %x, %y
  %z = zext i48 %l to i64
  %se = sext i48 %s to i64
  %r = xor i64 %z, %se
  %m = xor i48 %s, 0
  %m2 = trunc i64 %r to i48
  %m3 = xor i48 %m2, 20015998343868
  store i48 %m3, i48* %mem, align 2
  %ld = load i48, i48* %mem, align 2
  %ls = sext i48 %ld to i64
  %q = udiv i64 %ls, 3
  %t = trunc i64 %r to i32
  %h = lshr i64 %r, 32
  %t2 = trunc i64 %h to i32
  %cc = zext i1 %c to i32
  %u = add i32 %t, %t2
  %v = add i32 %u, %cc
  %qt = trunc i64 %q to i32
  %qh0 = lshr i64 %q, 32
  %qh = trunc i64 %qh0 to i32
  %w = add i32 %v, %qt
  %w2 = add i32 %w, %qh
  ret i32 %w2
}
`
	inputs := [][2]uint64{{1, 2}, {0xffffffffffff, 1}, {0x800000000000, 0x7fffffffffff}, {0x123456789abcdef0, 0xfedcba9876543210}, {5, 0xffff00000000ffff}}
	for _, be := range []bool{false, true} {
		mm := translateText(t, "t.ll", []byte(src), be)
		m, err := newMachine(mm)
		if err != nil {
			t.Fatal(err)
		}
		d := mir.MakeArgDesc(2, mir.ArgAlign8)
		for _, in := range inputs {
			res, err := m.Call("f48", argGroup{d, m.words64(in[0])}, argGroup{d, m.words64(in[1])})
			if err != nil {
				t.Fatal(err)
			}
			if want := run48(in[0], in[1]); res[0] != want {
				t.Errorf("be=%v f48(%#x, %#x) = %#x, want %#x", be, in[0], in[1], res[0], want)
			}
		}
	}
}

func TestForwardReferencedPhi(t *testing.T) {
	src, err := os.ReadFile("testdata/forward_phi.ll")
	if err != nil {
		t.Fatal(err)
	}
	m, err := newMachine(translateText(t, "forward_phi.ll", src, false))
	if err != nil {
		t.Fatal(err)
	}
	res, err := m.Call("f", argGroup{mir.MakeArgDesc(1, 0), []uint32{5}})
	if err != nil || res[0] != 10 {
		t.Errorf("f(5) = %v, %v; want 10", res, err)
	}
}

// TestIntrinsicsAgainstGo runs generated one-intrinsic functions in the
// interpreter on edge-case inputs and compares with Go arithmetic.
func TestIntrinsicsAgainstGo(t *testing.T) {
	type intrinsic struct {
		name string
		ref  func(a, b uint64, n uint) uint64 // operands and result zero-extended to n bits
	}
	mask := func(n uint) uint64 { return ^uint64(0) >> (64 - n) }
	sx := func(v uint64, n uint) int64 { return int64(v<<(64-n)) >> (64 - n) }
	smax := func(n uint) int64 { return int64(mask(n) >> 1) }
	smin := func(n uint) int64 { return -smax(n) - 1 }
	clamp := func(v *big.Int, n uint) uint64 {
		if v.Cmp(big.NewInt(smax(n))) > 0 {
			return uint64(smax(n)) & mask(n)
		}
		if v.Cmp(big.NewInt(smin(n))) < 0 {
			return uint64(smin(n)) & mask(n)
		}
		return uint64(v.Int64()) & mask(n)
	}
	ops := []intrinsic{
		{"uadd.sat", func(a, b uint64, n uint) uint64 {
			if r := a + b; r&mask(n) < a || (n == 64 && r < a) {
				return mask(n)
			}
			return (a + b) & mask(n)
		}},
		{"usub.sat", func(a, b uint64, n uint) uint64 {
			if a < b {
				return 0
			}
			return a - b
		}},
		{"sadd.sat", func(a, b uint64, n uint) uint64 {
			return clamp(new(big.Int).Add(big.NewInt(sx(a, n)), big.NewInt(sx(b, n))), n)
		}},
		{"ssub.sat", func(a, b uint64, n uint) uint64 {
			return clamp(new(big.Int).Sub(big.NewInt(sx(a, n)), big.NewInt(sx(b, n))), n)
		}},
		{"smax", func(a, b uint64, n uint) uint64 {
			if sx(a, n) > sx(b, n) {
				return a
			}
			return b
		}},
		{"umin", func(a, b uint64, n uint) uint64 { return min(a, b) }},
		{"fshl", func(a, b uint64, n uint) uint64 {
			c := uint(b % uint64(n))
			if c == 0 {
				return a
			}
			return (a<<c | a>>(n-c)) & mask(n) // rotate: fshl(a, a, b)
		}},
		{"bitreverse", func(a, b uint64, n uint) uint64 { return bits.Reverse64(a) >> (64 - n) }},
		{"ctpop", func(a, b uint64, n uint) uint64 { return uint64(bits.OnesCount64(a)) }},
		{"bswap", func(a, b uint64, n uint) uint64 { return bits.ReverseBytes64(a) >> (64 - n) }},
	}
	var src strings.Builder
	src.WriteString(`target datalayout = "` + mipsDL + "\"\n")
	widths := []uint{8, 16, 32, 64}
	for _, op := range ops {
		for _, n := range widths {
			ty := fmt.Sprintf("i%d", n)
			if (op.name == "bswap" && n == 8) || (op.name == "fshl" && n == 64) {
				continue
			}
			fn := strings.ReplaceAll(op.name, ".", "_") + ty
			switch op.name {
			case "bitreverse", "ctpop", "bswap":
				fmt.Fprintf(&src, "define %[1]s @%[2]s(%[1]s %%a, %[1]s %%b) {\n  %%r = call %[1]s @llvm.%[3]s.%[1]s(%[1]s %%a)\n  ret %[1]s %%r\n}\ndeclare %[1]s @llvm.%[3]s.%[1]s(%[1]s)\n", ty, fn, op.name)
			case "fshl":
				fmt.Fprintf(&src, "define %[1]s @%[2]s(%[1]s %%a, %[1]s %%b) {\n  %%r = call %[1]s @llvm.%[3]s.%[1]s(%[1]s %%a, %[1]s %%a, %[1]s %%b)\n  ret %[1]s %%r\n}\ndeclare %[1]s @llvm.%[3]s.%[1]s(%[1]s, %[1]s, %[1]s)\n", ty, fn, op.name)
			default:
				fmt.Fprintf(&src, "define %[1]s @%[2]s(%[1]s %%a, %[1]s %%b) {\n  %%r = call %[1]s @llvm.%[3]s.%[1]s(%[1]s %%a, %[1]s %%b)\n  ret %[1]s %%r\n}\ndeclare %[1]s @llvm.%[3]s.%[1]s(%[1]s, %[1]s)\n", ty, fn, op.name)
			}
		}
	}
	vals := []uint64{0, 1, 2, 3, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x12345678, 0x7fffffff, 0x80000000,
		0xffffffff, 0x100000000, 0x7fffffffffffffff, 0x8000000000000000, 0xffffffffffffffff, 0xdeadbeefcafebabe}
	calls := 0
	for _, be := range []bool{false, true} {
		mm := translateText(t, "intr.ll", []byte(src.String()), be)
		m, err := newMachine(mm)
		if err != nil {
			t.Fatal(err)
		}
		for _, op := range ops {
			for _, n := range widths {
				fn := strings.ReplaceAll(op.name, ".", "_") + fmt.Sprintf("i%d", n)
				if m.funcs[fn] == nil {
					continue
				}
				for _, a := range vals {
					for _, b := range vals {
						a, b := a&mask(n), b&mask(n)
						arg := func(v uint64) argGroup {
							if n == 64 {
								return argGroup{mir.MakeArgDesc(2, mir.ArgAlign8), m.words64(v)}
							}
							return argGroup{mir.MakeArgDesc(1, 0), []uint32{uint32(v)}}
						}
						calls++
						res, err := m.Call(fn, arg(a), arg(b))
						if err != nil {
							t.Fatalf("%s(%#x, %#x): %v", fn, a, b, err)
						}
						got := uint64(res[0]) & mask(min(n, 32))
						if n == 64 {
							got = m.i64(res)
						}
						if want := op.ref(a, b, n); got != want {
							t.Errorf("be=%v %s(%#x, %#x) = %#x, want %#x", be, fn, a, b, got, want)
						}
					}
				}
			}
		}
	}
	t.Logf("%d calls", calls)
	if calls < 2*36*len(vals)*len(vals) {
		t.Errorf("only %d calls ran", calls)
	}
}
