package frontend

import (
	"os"
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
