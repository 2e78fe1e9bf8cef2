package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lltosimd/targets/vc4/asm"
)

func assembleFile(t *testing.T, name string) []uint64 {
	t.Helper()
	words, err := loadProgram(filepath.Join("testdata", name), false)
	if err != nil {
		t.Fatal(err)
	}
	return words
}

func list(vals []uint32) string {
	var s []string
	for _, v := range vals {
		s = append(s, fmt.Sprint(int32(v)))
	}
	return strings.Join(s, ",")
}

func read(t *testing.T, r *Result, name string) []uint32 {
	t.Helper()
	v, err := r.Read(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestVectorAdd(t *testing.T) {
	words := assembleFile(t, "vadd.s")
	rng := rand.New(rand.NewSource(1))
	for _, qpus := range []int{1, 3, 12} {
		n := 16 * qpus
		a, b := make([]uint32, n), make([]uint32, n)
		for i := range a {
			a[i], b[i] = rng.Uint32(), rng.Uint32()
		}
		res, err := Simulate(words, Options{
			QPUs:     qpus,
			Buffers:  []string{fmt.Sprintf("a=%d:%s", n, list(a)), fmt.Sprintf("b=%d:%s", n, list(b)), fmt.Sprintf("out=%d", n)},
			Uniforms: []string{"a,b,out"},
		})
		if err != nil {
			t.Fatal(err)
		}
		out := read(t, res, "out")
		for i := range out {
			if out[i] != a[i]+b[i] {
				t.Fatalf("%d QPUs: out[%d] = %d, want %d", qpus, i, out[i], a[i]+b[i])
			}
		}
		if res.Stats.HostInterrupts != qpus || res.Stats.Utilisation() != 1 {
			t.Errorf("stats %+v", res.Stats)
		}
	}
}

func TestDivergentIfElse(t *testing.T) {
	words := assembleFile(t, "ifelse.s")
	rng := rand.New(rand.NewSource(2))
	inputs := map[string][]uint32{"mixed": nil, "all-then": nil, "all-else": nil}
	for i := 0; i < 16; i++ {
		v := rng.Uint32() % 1000
		inputs["mixed"] = append(inputs["mixed"], v)
		inputs["all-then"] = append(inputs["all-then"], v|1)
		inputs["all-else"] = append(inputs["all-else"], v&^1)
	}
	counts := map[string]int64{}
	for name, a := range inputs {
		res, err := Simulate(words, Options{QPUs: 1, Buffers: []string{"a=16:" + list(a), "out=16"}, Uniforms: []string{"a,out"}})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out := read(t, res, "out")
		for i, x := range a {
			want := x + 100
			if x&1 != 0 {
				want = x * 3
			}
			if out[i] != want {
				t.Errorf("%s: out[%d] = %d, want %d", name, i, out[i], want)
			}
		}
		counts[name] = res.Stats.Instructions
		if name == "mixed" && res.Stats.Utilisation() >= 1 {
			t.Errorf("mixed: utilisation %v, want < 1", res.Stats.Utilisation())
		}
	}
	// Uniform conditions skip a block: fewer instructions than divergence.
	if counts["all-then"] >= counts["mixed"] || counts["all-else"] >= counts["mixed"] {
		t.Errorf("instruction counts %v", counts)
	}
}

func TestPerLaneLoop(t *testing.T) {
	words := assembleFile(t, "loop.s")
	rng := rand.New(rand.NewSource(3))
	n := make([]uint32, 16)
	maxN := uint32(0)
	for i := range n {
		n[i] = rng.Uint32() % 20
		maxN = max(maxN, n[i])
	}
	res, err := Simulate(words, Options{QPUs: 1, Buffers: []string{"n=16:" + list(n), "out=16"}, Uniforms: []string{"n,out"}})
	if err != nil {
		t.Fatal(err)
	}
	out := read(t, res, "out")
	for i := range n {
		if want := n[i] * (n[i] - 1) / 2; n[i] > 0 && out[i] != want || n[i] == 0 && out[i] != 0 {
			t.Errorf("out[%d] = %d, want n(n-1)/2 for n = %d", i, out[i], n[i])
		}
	}
	// The loop body runs max(n)+1 times (the last pass only breaks).
	iters := (res.Stats.Instructions - 10 - 10) / 13
	if iters != int64(maxN)+1 {
		t.Errorf("loop ran %d times, want %d (instructions %d)", iters, maxN+1, res.Stats.Instructions)
	}
}

func TestCommandLine(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"-qpus", "2", "-buffer", "a=32:seq", "-buffer", "b=32:1", "-buffer", "out=32",
		"-uniforms", "a,b,out", filepath.Join("testdata", "vadd.s")}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"out @0x", "[  16] 17 18 19", "instructions: 58", "lane utilisation: 1.0000", "host interrupts: 2",
		"stalls tmu: ", "stalls uniform: ", "stalls vpm/dma: ", "stalls sem/mutex: ", "stale reads: 0\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	// Raw words give the same result.
	words := assembleFile(t, "vadd.s")
	raw := filepath.Join(t.TempDir(), "vadd.bin")
	var bin []byte
	for _, w := range words {
		bin = binary.LittleEndian.AppendUint64(bin, w)
	}
	if err := os.WriteFile(raw, bin, 0o644); err != nil {
		t.Fatal(err)
	}
	var out2 bytes.Buffer
	if code := run([]string{"-raw", "-qpus", "2", "-buffer", "a=32:seq", "-buffer", "b=32:1", "-buffer", "out=32",
		"-uniforms", "a,b,out", raw}, &out2, &errb); code != 0 || out2.String() != out.String() {
		t.Errorf("raw run differs (exit %d): %s", code, errb.String())
	}
	// Disassembly reassembles to the same words.
	var dis bytes.Buffer
	if code := run([]string{"-d", filepath.Join("testdata", "vadd.s")}, &dis, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	var src []string
	for _, l := range strings.Split(strings.TrimSpace(dis.String()), "\n") {
		src = append(src, l[strings.Index(l, "*/")+2:])
	}
	p, err := asm.Assemble(strings.Join(src, "\n"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range words {
		if p.Words[i] != words[i] {
			t.Errorf("word %d: %#x -> %#x", i, words[i], p.Words[i])
		}
	}
}

// TestCacheModelFlag: vadd.s reads its inputs before any DMA, so both
// cache models give the same buffers; a bad model is a usage error.
func TestCacheModelFlag(t *testing.T) {
	args := []string{"-qpus", "2", "-buffer", "a=32:seq", "-buffer", "b=32:1", "-buffer", "out=32",
		"-uniforms", "a,b,out", filepath.Join("testdata", "vadd.s")}
	var coh, inc, errb bytes.Buffer
	if code := run(args, &coh, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if code := run(append([]string{"-cache-model", "coherent"}, args...), &inc, &errb); code != 0 {
		t.Fatalf("coherent: exit %d: %s", code, errb.String())
	}
	if c, i := coh.String(), inc.String(); c[:strings.Index(c, "cycles:")] != i[:strings.Index(i, "cycles:")] {
		t.Errorf("buffers differ between the cache models:\n%s\n%s", c, i)
	}
	if code := run(append([]string{"-cache-model", "lazy"}, args...), &inc, &errb); code != 2 || !strings.Contains(errb.String(), "unknown cache model") {
		t.Errorf("bad model: exit %d, %s", code, errb.String())
	}
}

func TestCommandLineErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.s")
	os.WriteFile(bad, []byte("nop\nmov ra0, 1\nmov r0, ra0\nnop; thrend\nnop\nnop\n"), 0o644)
	var out, errb bytes.Buffer
	if code := run([]string{bad}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "pc 2") || !strings.Contains(errb.String(), "V20") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
	syntax := filepath.Join(dir, "syntax.s")
	os.WriteFile(syntax, []byte("nop\nfrob r0\n"), 0o644)
	errb.Reset()
	if code := run([]string{syntax}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "syntax.s:2:1:") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
	for _, args := range [][]string{
		{"-buffer", "a", bad},
		{"-buffer", "a=0", bad},
		{"-uniforms", "nosuch", bad},
		{"-qpus", "0", bad},
		{"-qpus", "2", "-uniforms", "1", "-uniforms", "2", "-uniforms", "3", bad},
	} {
		errb.Reset()
		if code := run(args, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d (%s)", args, code, errb.String())
		}
	}
}
