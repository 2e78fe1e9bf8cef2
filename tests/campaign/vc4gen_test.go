package campaign

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	vc4test "lltosimd/tests/vc4"
)

// TestGenVC4KernelDeterministic checks that a seed always gives the same
// kernel (a campaign failure reruns from its seed alone), that the headers
// parse as tests/vc4 headers with the campaign's QPU counts and output
// buffers of VC4FuzzSlots words per work-item, and that the generator
// reaches the constructs it is meant to cover over a few seeds.
func TestGenVC4KernelDeterministic(t *testing.T) {
	seen := map[string]bool{}
	dir := t.TempDir()
	for seed := int64(1); seed <= 40; seed++ {
		k := GenVC4Kernel(seed, seed%VC4LocalEvery == 0)
		if again := GenVC4Kernel(seed, seed%VC4LocalEvery == 0); again.Src != k.Src {
			t.Fatalf("seed %d: two generations differ", seed)
		}
		for f := range k.Features {
			seen[f] = true
		}
		runs := kernelRuns(t, dir, seed, k.Src)
		for _, r := range runs {
			if len(r.QPUs) != len(VC4FuzzQPUs) || !r.RTZ {
				t.Errorf("seed %d L%d: qpus %v rtz %v", seed, r.Line, r.QPUs, r.RTZ)
			}
			if r.Args[2].Count != r.Global*VC4FuzzSlots || r.Args[3].Count != r.Global*VC4FuzzSlots {
				t.Errorf("seed %d L%d: output buffers %d, %d words for %d work-items", seed, r.Line, r.Args[2].Count, r.Args[3].Count, r.Global)
			}
		}
		if strings.Contains(k.Src, "get_num_groups(0) ") || strings.Contains(k.Src, "get_local_size(0) ") {
			t.Errorf("seed %d: a size_t work-item function is used in arithmetic", seed)
		}
	}
	for _, f := range []string{"uniform if", "divergent if", "uniform loop", "divergent trip count", "divergent loop break",
		"divergent loop continue", "early return", "gather", "scatter", "read back own store", "division", "while loop",
		"do-while loop", "float to int", "select", "__local + barrier", "uniform switch", "divergent switch",
		"switch fall-through", "uniform break", "helper call", "builtin", "narrow int", "narrow load", "long",
		"vector", "private array", "host triple", "&& || !", "mid-exit loop"} {
		if !seen[f] {
			t.Errorf("no kernel of seeds 1..40 has %q", f)
		}
	}
}

// TestGenVC4KernelNoPanic generates many kernels without running them: a
// generator panic stops a whole campaign (seed 1464 picked a condition
// variable from a helper without uint variables).
func TestGenVC4KernelNoPanic(t *testing.T) {
	for seed := int64(1); seed <= 3000; seed++ {
		GenVC4Kernel(seed, seed%VC4LocalEvery == 0)
	}
}

// TestGenVC4Stress checks the stress profile like the classic one: one
// kernel per seed, headers of the campaign's format (QPU counts cut to
// those with a QPU per wave when barriers synchronize a group), the
// constructs it is meant to cover reached over a few seeds.
func TestGenVC4Stress(t *testing.T) {
	seen := map[string]bool{}
	dir := t.TempDir()
	for seed := int64(1); seed <= 40; seed++ {
		k := GenVC4Stress(seed)
		if GenVC4Stress(seed).Src != k.Src {
			t.Fatalf("seed %d: two generations differ", seed)
		}
		for f := range k.Features {
			seen[f] = true
		}
		runs := kernelRuns(t, dir, seed, k.Src)
		for _, r := range runs {
			for _, q := range r.QPUs {
				if k.Features["__local + barrier"] && q*16 < r.Local {
					t.Errorf("seed %d L%d: %d QPUs for a group of %d work-items with barriers", seed, r.Line, q, r.Local)
				}
			}
		}
		if k.Features["__local + barrier"] && strings.Contains(k.Src, "\treturn;") {
			if strings.LastIndex(k.Src, "\treturn;") < strings.LastIndex(k.Src, "barrier(") {
				t.Errorf("seed %d: an early return before a barrier", seed)
			}
		}
	}
	for _, f := range []string{"straight-line bundle", "hammock", "nested hammock", "select chain", "wide live range",
		"__local + barrier", "divergent if around __local", "barrier in uniform loop", "barrier in uniform if"} {
		if !seen[f] {
			t.Errorf("no stress kernel of seeds 1..40 has %q", f)
		}
	}
}

// kernelRuns writes a generated kernel to dir and returns the runs its
// header asks for.
func kernelRuns(t *testing.T, dir string, seed int64, src string) []*vc4test.Run {
	t.Helper()
	file := filepath.Join(dir, "k.cl")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	runs, err := vc4test.ParseKernelFile(file)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return runs
}
