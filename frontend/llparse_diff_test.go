package frontend

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/llir/llvm/asm"

	"lltosimd/frontend/llparse"
)

// The fast parser (frontend/llparse) must build the module llir builds.
// The differential test parses each input with both, after the textual
// pre-passes Parse applies to both (getelementptr index hoisting, NaN
// payloads), and compares the printed modules (ir.Module.String, which
// prints every field the frontend reads). No normalization is needed: where
// llir is knowingly wrong (NaN payloads, constant-expression GEP indices)
// the pre-passes already give both parsers the same text.
//
// Inputs: every .ll of the repository's tests (lit, regress, test data),
// clang-14 IR at -O0 and -O2 of the execution corpus (tests/exec/c) for
// mipsel, i386 and x86_64 (only mipsel with -short) and of the runtime
// (mipsel), the OpenCL kernels of tests/vc4 (spir), and a module of
// scripts/genbig.py.
// LLTOSIMD_LLPARSE_FILES adds files. The clang-generated inputs must take the fast path (no fallback to
// llir): that is what makes Parse fast on real programs. Hand-written .ll
// files may fall back (some are invalid on purpose), but whenever the fast
// parser accepts a text llir must accept it too and agree.

type diffInput struct {
	name string
	src  []byte
	fast bool // must be read by the fast parser
}

func TestLLParseMatchesLLIR(t *testing.T) {
	inputs := llFiles(t)
	inputs = append(inputs, clangInputs(t)...)
	// LLTOSIMD_LLPARSE_FILES: more clang output to check (comma-separated
	// .ll files, e.g. build/bench/big.ll or a Lua build's IR).
	for _, f := range strings.Split(os.Getenv("LLTOSIMD_LLPARSE_FILES"), ",") {
		if f == "" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, diffInput{name: filepath.Base(f), src: src, fast: true})
	}
	fallbacks := 0
	for _, in := range inputs {
		t.Run(in.name, func(t *testing.T) {
			if checkSameModule(t, in) {
				fallbacks++
			}
		})
	}
	t.Logf("%d inputs, %d read by llir only", len(inputs), fallbacks)
}

// checkSameModule compares the two parsers on one input and reports
// whether the fast parser left it to llir.
func checkSameModule(t *testing.T, in diffInput) (fellBack bool) {
	t.Helper()
	text := rewriteNaNPayloads(rewriteForLLIR(in.src))
	s := unsafe.String(unsafe.SliceData(text), len(text))
	fast, ferr := llparse.Parse(s)
	if ferr != nil {
		if in.fast {
			t.Errorf("%s: the fast parser does not read clang's output: %v (%s)", in.name, ferr, around(s, ferr))
		} else {
			t.Logf("%s: read by llir only: %v (%s)", in.name, ferr, around(s, ferr))
		}
		return true
	}
	if e := checkTokens(in.name, s); e != nil {
		t.Errorf("%s: the fast parser accepts a text with a token llir's lexer rejects: %v", in.name, e)
		return false
	}
	ref, err := parseLLIR(in.name, s)
	if err != nil {
		t.Errorf("%s: the fast parser accepts what llir rejects: %v", in.name, err)
		return false
	}
	a, b := fast.String(), ref.String()
	if a != b {
		t.Errorf("%s: modules differ:\n%s", in.name, firstDiff(a, b))
	}
	return false
}

func parseLLIR(name, s string) (m interface{ String() string }, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("llir panic: %v", r)
		}
	}()
	return asm.ParseString(name, s)
}

// around shows the text where the fast parser stopped.
func around(s string, err error) string {
	u, ok := err.(*llparse.Unsupported)
	if !ok {
		return ""
	}
	lo, hi := max(u.Off-60, 0), min(u.Off+60, len(s))
	return fmt.Sprintf("%q", s[lo:hi])
}

func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(la) || i < len(lb); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n  fast: %s\n  llir: %s", i+1, x, y)
		}
	}
	return ""
}

// llFiles returns the repository's .ll files.
func llFiles(t *testing.T) []diffInput {
	var ins []diffInput
	for _, dir := range []string{"../tests", "testdata", "../targets"} {
		err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".ll") {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			ins = append(ins, diffInput{name: strings.TrimPrefix(path, "../"), src: src})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(ins) == 0 {
		t.Fatal("no .ll files found")
	}
	return ins
}

// clangInputs compiles the C and OpenCL corpora with clang-14 (skipped
// when it is missing), on all cores.
func clangInputs(t *testing.T) []diffInput {
	clang, err := exec.LookPath("clang-14")
	if err != nil {
		t.Log("clang-14 not found: clang-generated inputs skipped")
		return nil
	}
	type job struct {
		name string
		args []string
		src  string // program text on stdin, or ""
	}
	var jobs []job
	triples := []string{"mipsel-unknown-linux-gnu", "i386-unknown-linux-gnu", "x86_64-unknown-linux-gnu"}
	if testing.Short() {
		triples = triples[:1]
	}
	cfiles, _ := filepath.Glob("../tests/exec/c/*.c")
	rtfiles, _ := filepath.Glob("../runtime/cpu0/*.c")
	for _, triple := range triples {
		arch := triple[:strings.IndexByte(triple, '-')]
		for _, opt := range []string{"-O0", "-O2"} {
			for _, f := range cfiles {
				jobs = append(jobs, job{name: fmt.Sprintf("%s/%s%s", arch, filepath.Base(f), opt),
					args: []string{"--target=" + triple, opt, "-ffreestanding", "-fno-builtin", "-nostdlibinc",
						"-I", "../runtime/include", "-w", "-S", "-emit-llvm", "-o", "-", f}})
			}
			if arch != "mipsel" {
				continue // the runtime is built from mipsel IR only
			}
			for _, f := range rtfiles {
				jobs = append(jobs, job{name: fmt.Sprintf("%s/runtime/%s%s", arch, filepath.Base(f), opt),
					args: []string{"--target=" + triple, opt, "-ffreestanding", "-fno-builtin", "-nostdlibinc",
						"-I", "../runtime/include", "-w", "-S", "-emit-llvm", "-o", "-", f}})
			}
		}
	}
	kernels, _ := filepath.Glob("../tests/vc4/kernels/*.cl")
	for _, f := range kernels {
		jobs = append(jobs, job{name: "spir/" + filepath.Base(f),
			args: []string{"--target=spir", "-x", "cl", "-cl-std=CL1.2", "-Xclang", "-finclude-default-header",
				"-ffp-contract=off", "-O2", "-w", "-S", "-emit-llvm", "-o", "-", f}})
	}
	big, err := exec.Command("python3", "../scripts/genbig.py", "20").Output()
	if err == nil {
		for _, opt := range []string{"-O0", "-O2"} {
			jobs = append(jobs, job{name: "genbig" + opt, src: string(big),
				args: []string{"--target=mipsel-unknown-linux-gnu", opt, "-x", "c", "-S", "-emit-llvm", "-o", "-", "-"}})
		}
	} else {
		t.Errorf("genbig.py: %v", err)
	}
	out := make([]diffInput, len(jobs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			cmd := exec.Command(clang, j.args...)
			if j.src != "" {
				cmd.Stdin = strings.NewReader(j.src)
			}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			ll, err := cmd.Output()
			if err != nil {
				// Programs a triple cannot compile (inline asm of
				// another target, say) are not inputs.
				return
			}
			out[i] = diffInput{name: j.name, src: ll, fast: true}
		}()
	}
	wg.Wait()
	var ins []diffInput
	for _, in := range out {
		if in.src != nil {
			ins = append(ins, in)
		}
	}
	sort.Slice(ins, func(i, j int) bool { return ins[i].name < ins[j].name })
	if len(ins) < len(jobs)/2 {
		t.Errorf("clang compiled only %d of %d inputs", len(ins), len(jobs))
	}
	return ins
}

// FuzzLLParse checks the fast parser on mutated IR: it never panics, and
// whatever it accepts llir accepts too and reads the same (so a text the
// fast parser accepts wrongly cannot slip past llir's checks).
//
//	go test ./frontend -run '^$' -fuzz '^FuzzLLParse$' -fuzztime 1m
func FuzzLLParse(f *testing.F) {
	for _, dir := range []string{"testdata", "../tests/regress/testdata", "../tests/lit/cpu0"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.ll"))
		for _, file := range files {
			if src, err := os.ReadFile(file); err == nil && len(src) < 16<<10 {
				f.Add(src)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 64<<10 {
			return
		}
		checkSameModule(t, diffInput{name: "fuzz.ll", src: src})
	})
}
