package sim

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lltosimd/targets/bwdsp/asm"
)

// FuzzRun assembles its input and runs what the assembler accepts for a
// bounded number of bundles, with a bounded input: faults must be errors
// (a *Fault naming bundle and lane), never panics, and a run must stay
// within its limit.
func FuzzRun(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*.s"))
	for _, p := range seeds {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b), "in")
	}
	f.Add("U1 = #0xffff0004 || V2 = #0xffff0000\nL: xR2 = [U1]\nif x R2 == #-1 b E\n[V2] = xR2 (B)\nb L\nE: halt\n", "abc")
	f.Add("xyztR1 = #3 || U0 = #0x1000\nxyztR2 = R1 / R1\n[U0 += 16] = xyztR2 || xyztCP1 = R1 > R2\n(CP1) xyR3 = [U0 - 16]:0\nhalt\n", "")
	f.Add("LC0 = #3\nL: xR1 = R1 + #1 || if LC0 b L\ncall F\nhalt\nF: RA = xR1\nret\n", "")
	f.Fuzz(func(t *testing.T, src, input string) {
		if len(src) > 16<<10 {
			return
		}
		p, err := asm.Assemble("f.s", src)
		if err != nil {
			return
		}
		m, err := New(p, io.Discard)
		if err != nil {
			return
		}
		m.Input = strings.NewReader(input)
		const limit = 5000
		if err := m.Run(limit); err == nil && !m.Halted {
			t.Fatalf("Run returned without halting or an error after %d bundles", m.Bundles)
		}
		if m.Bundles > limit {
			t.Fatalf("ran %d bundles, limit %d", m.Bundles, limit)
		}
	})
}
