// Package cpu0run tests the cpu0run command: programs run on the Cpu0
// simulator must print and return what lli does on the same program with
// the same arguments and standard input.
package cpu0run

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"lltosimd/tests/internal/testtools"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// binary builds cpu0run once per test run (or takes it from
// $LLTOSIMD_BIN_DIR); the tests run it as a process because the cache is
// shared between processes.
func binary(t *testing.T) string {
	t.Helper()
	if dir := os.Getenv("LLTOSIMD_BIN_DIR"); dir != "" {
		return filepath.Join(dir, "cpu0run")
	}
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "cpu0run-test-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "cpu0run")
		cmd := exec.Command("go", "build", "-o", binPath, "./cmd/cpu0run")
		cmd.Dir = testtools.RepoRoot(t)
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build ./cmd/cpu0run: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// sharedCache is the cache directory of the tests that do not test the
// cache itself, so that they compile the runtime once.
var sharedCache = sync.OnceValue(func() string {
	d, err := os.MkdirTemp("", "cpu0run-cache-")
	if err != nil {
		panic(err)
	}
	return d
})

func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.RemoveAll(sharedCache())
	os.Exit(code)
}

type result struct {
	stdout, stderr string
	code           int
}

// cpu0run runs the command with the cache in cache, stdin and args.
func cpu0run(t *testing.T, cache, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	cmd.Env = append(os.Environ(), "LLTOSIMD_CACHE_DIR="+cache)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("cpu0run: %v", err)
	}
	return result{out.String(), errb.String(), code}
}

// headerDir is the directory of the runtime's C headers (embedded in
// cpu0run, so C files need no -I).
func headerDir(t *testing.T) string {
	return filepath.Join(testtools.RepoRoot(t), "runtime", "include")
}

// clangIR compiles testdata/sumargs.c for triple ("" = the host) at opt.
func clangIR(t *testing.T, triple, opt string, defs ...string) string {
	t.Helper()
	return clangIRFile(t, "sumargs.c", triple, opt, defs...)
}

// clangIRFile compiles testdata/src for triple ("" = the host) at opt.
func clangIRFile(t *testing.T, src, triple, opt string, defs ...string) string {
	t.Helper()
	clang := testtools.Tool(t, "CLANG", "clang-14")
	out := filepath.Join(t.TempDir(), strings.TrimSuffix(src, ".c")+".ll")
	inc := headerDir(t)
	args := []string{"-" + opt, "-S", "-emit-llvm", "-w", "-ffreestanding", "-fno-builtin", "-nostdlibinc", "-I", inc}
	if triple != "" {
		args = append(args, "--target="+triple)
	}
	for _, d := range defs {
		args = append(args, "-D"+d)
	}
	args = append(args, "-o", out, filepath.Join("testdata", src))
	if _, stderr, code, err := testtools.Run(nil, clang, args...); err != nil || code != 0 {
		t.Fatalf("clang %v: %v\n%s", args, err, stderr)
	}
	return out
}

// lli runs ll under lli with args and stdin: the reference.
func lli(t *testing.T, ll, stdin string, args ...string) result {
	t.Helper()
	stdout, stderr, code, err := testtools.Run([]byte(stdin), testtools.Tool(t, "LLI", "lli"), append([]string{ll}, args...)...)
	if err != nil {
		t.Fatalf("lli: %v\n%s", err, stderr)
	}
	return result{stdout, "", code}
}

var progArgs = []string{"one", "two words", "", "-O0", "--", "ü"}

const input = "12 -5\n\xff 30x7\n1000000"

// The program's output and exit status equal lli's: argv (also what looks
// like flags after the program's name), stdin, the exit code.
func TestAgainstLLI(t *testing.T) {
	host := clangIR(t, "", "O2")
	want := lli(t, host, input, progArgs...)
	if want.code == 0 || !strings.Contains(want.stdout, "sum 1000044") {
		t.Fatalf("lli reference looks wrong: %+v", want)
	}
	cases := []struct {
		name string
		args []string
	}{
		// A C file: mipsel IR (cpu0el) reading the input port.
		{"c", append([]string{"testdata/sumargs.c"}, progArgs...)},
		{"c-O0-cpu032I", append([]string{"-O0", "-mcpu=cpu032I", "testdata/sumargs.c"}, progArgs...)},
		{"c-big-endian", append([]string{"-march=cpu0", "testdata/sumargs.c"}, progArgs...)},
		// Big-endian IR: no -march, the datalayout picks cpu0.
		{"mips-ll", append([]string{"-O1", clangIR(t, "mips-unknown-linux-gnu", "O1")}, progArgs...)},
		{"mipsel-ll", append([]string{clangIR(t, "mipsel-unknown-linux-gnu", "O2")}, progArgs...)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := cpu0run(t, sharedCache(), input, c.args...)
			if got.stdout != want.stdout || got.code != want.code || got.stderr != "" {
				t.Errorf("cpu0run %v:\nstdout %q\nstderr %q\nexit %d\nwant (lli) stdout %q exit %d",
					c.args, got.stdout, got.stderr, got.code, want.stdout, want.code)
			}
		})
	}
}

// The same host IR file (64-bit pointers: 8-byte argv slots) under lli and
// cpu0run, argv[0] included, with and without arguments.
func TestSameIRAsLLI(t *testing.T) {
	ll := clangIR(t, "", "O2", "NO_STDIN", "ARGV0")
	for _, args := range [][]string{nil, progArgs} {
		want := lli(t, ll, "", args...)
		got := cpu0run(t, sharedCache(), "", append([]string{"-stats", ll}, args...)...)
		if got.stdout != want.stdout || got.code != want.code {
			t.Errorf("args %q: got %q exit %d, want (lli) %q exit %d", args, got.stdout, got.code, want.stdout, want.code)
		}
		if !strings.Contains(got.stderr, "instructions: ") || !strings.Contains(got.stderr, "cycles: ") {
			t.Errorf("-stats printed %q", got.stderr)
		}
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	loop := write("loop.ll", "define i32 @main() {\nentry:\n  br label %entry\n}\n")
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"ir syntax", []string{write("bad.ll", "define i32 @main() {\n  ret i32 %x y\n}\n")}, 1, "bad.ll:2:"},
		{"unsupported ir", []string{write("unsup.ll", "define i32 @main() {\n  %x = call i32 @llvm.nosuch.i32(i32 1)\n  ret i32 %x\n}\ndeclare i32 @llvm.nosuch.i32(i32)\n")}, 1, "unsup.ll:2:3: unsupported: intrinsic @llvm.nosuch.i32"},
		{"c syntax", []string{write("bad.c", "int main(void) { return 0 }\n")}, 1, "bad.c:1:"},
		{"undefined function", []string{write("undef.ll", "declare i32 @nosuch()\ndefine i32 @main() {\n  %r = call i32 @nosuch()\n  %s = call i32 @nosuch()\n  ret i32 %s\n}\n")}, 1, "undef.ll: undefined symbol \"nosuch\"\n"},
		{"missing file", []string{filepath.Join(dir, "none.ll")}, 1, "none.ll"},
		{"bad flag", []string{"-march=x86", loop}, 1, "unknown -march"},
		{"no program", nil, 1, "usage"},
		{"runaway", []string{"-max-steps=1000", loop}, 2, "step limit of 1000"},
		{"fault", []string{write("fault.ll", "define i32 @main() {\n  %v = load volatile i32, i32* inttoptr (i32 33554432 to i32*)\n  ret i32 %v\n}\n")}, 2, "outside memory (in main"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := cpu0run(t, sharedCache(), "", c.args...)
			if got.code != c.code || !strings.Contains(got.stderr, c.want) {
				t.Errorf("cpu0run %v: exit %d, stderr %q; want exit %d and %q", c.args, got.code, got.stderr, c.code, c.want)
			}
		})
	}
}

// Two first runs at once on an empty cache both succeed, and leave one
// complete runtime directory and no temporary ones.
func TestParallelFirstRuns(t *testing.T) {
	ll := clangIR(t, "mipsel-unknown-linux-gnu", "O2")
	cache := t.TempDir()
	want := lli(t, clangIR(t, "", "O2"), input, "x")
	var wg sync.WaitGroup
	results := make([]result, 2)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = cpu0run(t, cache, input, ll, "x")
		}()
	}
	wg.Wait()
	for i, got := range results {
		if got.stdout != want.stdout || got.code != want.code || got.stderr != "" {
			t.Errorf("run %d: stdout %q stderr %q exit %d; want %q exit %d", i, got.stdout, got.stderr, got.code, want.stdout, want.code)
		}
	}
	entries, err := os.ReadDir(cache)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 1 || !strings.HasPrefix(names[0], "cpu0el-cpu032II-") {
		t.Errorf("cache holds %q, want one cpu0el-cpu032II-* directory", names)
	}
}

// runIn runs name with args in the directory dir and returns its result.
func runIn(t *testing.T, dir string, env []string, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return result{out.String(), errb.String(), code}
}

// Programs use the host's files through the simulator's host-call port
// (fopen/fread/fwrite/fgets/fseek/ftell/ungetc/"a+"/"r+"/rename/remove/
// tmpfile, errno ENOENT), relative to the working directory, as under lli;
// -no-host-files refuses them. Each run has its own empty directory (the
// program's file names are fixed) and must leave it empty.
func TestHostFiles(t *testing.T) {
	src, err := filepath.Abs(filepath.Join("testdata", "hostfiles.c"))
	if err != nil {
		t.Fatal(err)
	}
	empty := func(dir string) {
		t.Helper()
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Errorf("%s not empty after the run: %v", dir, ents)
		}
	}
	for _, opt := range []string{"O0", "O2"} {
		dir := t.TempDir()
		want := runIn(t, dir, nil, testtools.Tool(t, "LLI", "lli"), clangIRFile(t, "hostfiles.c", "", opt))
		empty(dir)
		if want.code != 0 || !strings.Contains(want.stdout, "tmpfile:") {
			t.Fatalf("lli reference looks wrong: %+v", want)
		}
		dir = t.TempDir()
		got := runIn(t, dir, []string{"LLTOSIMD_CACHE_DIR=" + sharedCache()}, binary(t), "-"+opt, src)
		empty(dir)
		if got != want {
			t.Errorf("cpu0run -%s hostfiles.c:\nstdout %q\nstderr %q\nexit %d\nwant (lli) %q exit %d", opt, got.stdout, got.stderr, got.code, want.stdout, want.code)
		}
	}
	dir := t.TempDir()
	got := runIn(t, dir, []string{"LLTOSIMD_CACHE_DIR=" + sharedCache()}, binary(t), "-no-host-files", src)
	empty(dir)
	if got.code != 1 || got.stdout != "" {
		t.Errorf("cpu0run -no-host-files: the first fopen should fail (exit 1, no output), got %+v", got)
	}
}

// -Os and -Oz, clang's size levels (C test suites build with them), run a
// C program; the backend compiles at -O2.
func TestSizeLevels(t *testing.T) {
	src := filepath.Join(t.TempDir(), "size.c")
	if err := os.WriteFile(src, []byte("#include <stdio.h>\nint main(void) { printf(\"%d\\n\", 6 * 7); return 3; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"-Os", "-Oz", "-O=s"} {
		got := cpu0run(t, sharedCache(), "", l, src)
		if got.code != 3 || got.stdout != "42\n" {
			t.Errorf("cpu0run %s: exit %d, stdout %q, stderr %q; want exit 3 and \"42\\n\"", l, got.code, got.stdout, got.stderr)
		}
	}
	if got := cpu0run(t, sharedCache(), "", "-O=x", src); got.code != 1 || !strings.Contains(got.stderr, "bad -O") {
		t.Errorf("cpu0run -O=x: exit %d, stderr %q; want exit 1 and bad -O", got.code, got.stderr)
	}
}
