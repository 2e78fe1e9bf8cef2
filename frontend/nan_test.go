package frontend

import "testing"

func TestRewriteNaNPayloads(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// Payloads llir would lose become bit-exact constant expressions.
		{"store float 0xFFFFFFFFE0000000, float* %p", "store float bitcast (i32 -1 to float), float* %p"},
		{"@g = global double 0x7FF0000000000001", "@g = global double bitcast (i64 9218868437227405313 to double)"},
		{"%r = fadd float %x, 0x7FF0000020000000", "%r = fadd float %x, bitcast (i32 2139095041 to float)"},
		{"%p = phi double [ 0x7FF4000000000000, %a ], [ 1.0, %b ]", "%p = phi double [ bitcast (i64 9219994337134247936 to double), %a ], [ 1.0, %b ]"},
		{"%t = fptrunc double 0x7FF4000000000000 to float", "%t = fptrunc double bitcast (i64 9219994337134247936 to double) to float"},
		{"<2 x float> <float 0x7FFC000000000000, float 0.0>", "<2 x float> <float bitcast (i32 2145386496 to float), float 0.0>"},
		// The default quiet NaNs, infinities, ordinary values and
		// non-literals stay as they are.
		{"store float 0x7FF8000000000000, float* %p", ""},
		{"store double 0xFFF8000000000000, double* %p", ""},
		{"store double 0x7FF0000000000000, double* %p", ""},
		{"store double 0x3FF0000000000000, double* %p", ""},
		{"store float 0x7FF0000000000001, float* %p", ""}, // not a float: the parser reports it
		{"%x0x7FF0000000000001 = add i32 1, 2", ""},
		{"store i64 0x7FF0000000000001123, i64* %p", ""},
		{"", ""},
	} {
		want := c.want
		if want == "" {
			want = c.in
		}
		if got := string(rewriteNaNPayloads([]byte(c.in))); got != want {
			t.Errorf("rewriteNaNPayloads(%q)\n got %q\nwant %q", c.in, got, want)
		}
	}
}
