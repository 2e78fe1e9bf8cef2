package main

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"
)

// runKernel runs vc4run in-process and returns the printed buffers.
func runKernel(t *testing.T, args ...string) []string {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run(args, &out, &errOut); code != 0 {
		t.Fatalf("vc4run %s: exit %d: %s", strings.Join(args, " "), code, errOut.String())
	}
	return strings.Split(strings.TrimSpace(out.String()), "\n")
}

func hexLine(i int, words []uint32) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "arg%d:", i)
	for _, w := range words {
		fmt.Fprintf(&sb, " 0x%08x", w)
	}
	return sb.String()
}

func seq(n int, a, b int32) []uint32 {
	w := make([]uint32, n)
	for i := range w {
		w[i] = uint32(a + int32(i)*b)
	}
	return w
}

// TestIfElse: out[i] = in[i] > 3 ? 2*in[i] : in[i] + 100 with divergent
// lanes, across launch shapes (partial waves, several waves per group,
// several QPUs).
func TestIfElse(t *testing.T) {
	for _, shape := range []struct{ global, local, qpus int }{{16, 16, 1}, {48, 16, 3}, {20, 5, 2}, {64, 32, 4}, {7, 7, 1}} {
		in := seq(shape.global, -5, 1)
		want := make([]uint32, shape.global)
		for i, x := range in {
			if int32(x) > 3 {
				want[i] = 2 * x
			} else {
				want[i] = x + 100
			}
		}
		got := runKernel(t, "-global", fmt.Sprint(shape.global), "-local", fmt.Sprint(shape.local), "-qpus", fmt.Sprint(shape.qpus),
			"-arg", fmt.Sprintf("int:%d:zero", shape.global), "-arg", fmt.Sprintf("int:%d:seq:-5:1", shape.global), "testdata/ifelse.ll")
		if got[0] != hexLine(0, want) {
			t.Errorf("shape %+v:\n got %s\nwant %s", shape, got[0], hexLine(0, want))
		}
		if got[1] != hexLine(1, in) {
			t.Errorf("shape %+v: input buffer changed: %s", shape, got[1])
		}
	}
}

// TestLoopBreakContinue: lane i sums the even k below n+i.
func TestLoopBreakContinue(t *testing.T) {
	for _, n := range []int32{0, 3, 10} {
		want := make([]uint32, 32)
		for i := range want {
			s := int32(0)
			for k := int32(0); ; k++ {
				if k == n+int32(i) {
					break
				}
				if k&1 != 0 {
					continue
				}
				s += k
			}
			want[i] = uint32(s)
		}
		got := runKernel(t, "-global", "32", "-qpus", "2", "-arg", "int:32:zero", "-arg", fmt.Sprintf("i32:%d", n), "testdata/loop-break-continue.ll")
		if got[0] != hexLine(0, want) {
			t.Errorf("n=%d:\n got %s\nwant %s", n, got[0], hexLine(0, want))
		}
	}
}

// TestUniformLoop: uniform loop and branch on a kernel argument.
func TestUniformLoop(t *testing.T) {
	for _, n := range []int32{-1, 0, 5, 9} {
		want := make([]uint32, 16)
		for i := range want {
			s := int32(0)
			for k := int32(0); k < n; k++ {
				s += k
			}
			if n > 5 {
				s *= 2
			}
			want[i] = uint32(s + int32(i))
		}
		got := runKernel(t, "-arg", "int:16:zero", "-arg", fmt.Sprintf("i32:%d", n), "testdata/uniform-branch.ll")
		if got[0] != hexLine(0, want) {
			t.Errorf("n=%d:\n got %s\nwant %s", n, got[0], hexLine(0, want))
		}
	}
}

// TestArith checks the synthesized operations bit for bit (mul from
// mul24, division, remainder, high multiplies) and float division within
// 2 ulp.
func TestArith(t *testing.T) {
	a := []int32{7, -7, 100, -100, 5, math.MaxInt32, math.MinInt32, 1, 2, 3, 4, 5, 6, 123456789, -98765, 9}
	b := []int32{2, 2, -7, -7, 5, 3, 7, 1, 1, 1, 1, 1, 1, 987654, -3, -2147483647}
	list := func(v []int32) string {
		var s []string
		for _, x := range v {
			s = append(s, fmt.Sprint(x))
		}
		return "list:" + strings.Join(s, ",")
	}
	got := runKernel(t, "-arg", "int:128:zero", "-arg", "int:16:"+list(a), "-arg", "int:16:"+list(b), "testdata/mulsdiv.ll")
	var words []uint32
	for _, f := range strings.Fields(got[0])[1:] {
		var w uint32
		fmt.Sscanf(f, "0x%x", &w)
		words = append(words, w)
	}
	for i := range a {
		x, y := a[i], b[i]
		ux, uy := uint32(x), uint32(y)
		sd, sr := x/y, x%y
		if x == math.MinInt32 && y == -1 {
			sd, sr = x, 0
		}
		want := []uint32{ux * uy, uint32(sd), uint32(sr), ux / uy, ux % uy,
			uint32(uint64(ux) * uint64(uy) >> 32), uint32(uint64(int64(x)*int64(y)) >> 32)}
		for k, w := range want {
			if words[8*i+k] != w {
				t.Errorf("lane %d (%d, %d) op %d: got 0x%08x, want 0x%08x", i, x, y, k, words[8*i+k], w)
			}
		}
		q := float32(x) / float32(y)
		gq := math.Float32frombits(words[8*i+7])
		if d := int64(math.Float32bits(gq)) - int64(math.Float32bits(q)); d < -2 || d > 2 {
			t.Errorf("lane %d: %g / %g = %g, want %g", i, float32(x), float32(y), gq, q)
		}
	}
}

func TestParseArg(t *testing.T) {
	for _, c := range []struct {
		spec string
		want []uint32
	}{
		{"int:3:seq", []uint32{0, 1, 2}},
		{"int:3:seq:5:-2", []uint32{5, 3, 1}},
		{"int:2:zero", []uint32{0, 0}},
		{"int:3:list:1,-1", []uint32{1, 0xffffffff, 0}},
		{"float:2:seq:0.5:0.25", []uint32{math.Float32bits(0.5), math.Float32bits(0.75)}},
		{"int:2:rand:1", []uint32{uint32((1103515245 + 12345) % (1 << 31) >> 8), uint32(((1103515245+12345)%(1<<31)*1103515245 + 12345) % (1 << 31) >> 8)}},
		{"i32:-3", []uint32{0xfffffffd}},
		{"f32:1.5", []uint32{math.Float32bits(1.5)}},
	} {
		a, err := parseArg(c.spec)
		if err != nil {
			t.Fatalf("%s: %v", c.spec, err)
		}
		if fmt.Sprint(a.words) != fmt.Sprint(c.want) {
			t.Errorf("%s = %v, want %v", c.spec, a.words, c.want)
		}
	}
	for _, bad := range []string{"int:x:zero", "long:3", "int:2:seq:1", "int:2:list:1,2,3", "i32:zz", "int:2:what"} {
		if _, err := parseArg(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

func TestErrors(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"-arg", "int:16:zero", "testdata/ifelse.ll"}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "2 parameters but 1 -arg") {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
	if out.Len() != 0 {
		t.Errorf("stdout not empty on error: %q", out.String())
	}
	errOut.Reset()
	if code := run([]string{"-global", "10", "-local", "4", "-arg", "int:16:zero", "-arg", "int:16:zero", "testdata/ifelse.ll"}, &out, &errOut); code != 1 {
		t.Errorf("bad shape accepted: %s", errOut.String())
	}
}

// TestCacheModel: testdata/private-rmw.ll stores private words by VDW DMA
// and reads them again, after their lines were cached. On the default
// (incoherent, the chip's) model the TMU would return the stale words, so
// the code generator reads them by VDR DMA: both models give the OpenCL
// result and -stats counts no stale reads.
func TestCacheModel(t *testing.T) {
	in := seq(16, 0, 1)
	want := make([]uint32, 16)
	for i, x := range in {
		want[i] = 1
		if x&3 == x>>2&3 {
			want[i] = 2
		}
	}
	args := []string{"-arg", "int:16:zero", "-arg", "int:16:seq", "testdata/private-rmw.ll"}
	for _, model := range []string{"", "-cache-model=coherent", "-cache-model=incoherent"} {
		var out, errOut bytes.Buffer
		flags := []string{"-stats"}
		if model != "" {
			flags = append(flags, model)
		}
		if code := run(append(flags, args...), &out, &errOut); code != 0 {
			t.Fatalf("%q: exit %d: %s", model, code, errOut.String())
		}
		if got := strings.Split(out.String(), "\n")[0]; got != hexLine(0, want) {
			t.Errorf("%q:\n got %s\nwant %s", model, got, hexLine(0, want))
		}
		if !regexp.MustCompile(`(?m)^stale reads: 0$`).MatchString(errOut.String()) {
			t.Errorf("%q -stats: want no stale lane reads:\n%s", model, errOut.String())
		}
	}
	var out, errOut bytes.Buffer
	if code := run(append([]string{"-cache-model=sometimes"}, args...), &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "unknown cache model") {
		t.Errorf("bad -cache-model: exit %d, %q", code, errOut.String())
	}
}

// TestOutOfBounds: a read past the end of a buffer names the kernel, the
// work-item, the address and the buffer (TMU reads carry their lane); a
// DMA write past the end names the wave; in-bounds launches still run.
func TestOutOfBounds(t *testing.T) {
	runKernel(t, "-kernel", "oob", "-arg", "int:16:seq", "-arg", "int:16:zero", "-arg", "i32:0", "testdata/oob.ll")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-kernel", "oob", "-arg", "int:16:seq", "-arg", "int:16:zero", "-arg", "i32:3"},
			"kernel 'oob', work-item 13: out-of-bounds TMU read of 4 bytes at 0x1040 in lane 13 (0 bytes past the end of buffer arg0 [0x1000, 0x1040))"},
		{[]string{"-kernel", "oobw", "-global", "32", "-qpus", "2", "-arg", "int:32:seq", "-arg", "int:32:zero", "-arg", "i32:2"},
			// Every lane is active, so the masked store is one DMA of the
			// wave's 16 consecutive words (0x1108-0x1147).
			"kernel 'oobw', the wave of work-items 16-31: out-of-bounds VDW DMA write of 64 bytes at 0x1108 (overlapping the end of buffer arg1 [0x10c0, 0x1140))"},
	} {
		var out, errOut bytes.Buffer
		if code := run(append(tc.args, "testdata/oob.ll"), &out, &errOut); code != 1 || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q\nwant %q", tc.args, code, errOut.String(), tc.want)
		}
	}
}
