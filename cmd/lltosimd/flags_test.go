package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNormalizeArgsLLCSpelling(t *testing.T) {
	got := normalizeArgs([]string{"-march=cpu0", "-mcpu", "cpu032I", "-O2", "-o", "x.s", "-stats", "-debug-only=del-jmp,isel", "in.ll", "-", "--version"})
	assert.Equal(t, []string{"--march=cpu0", "--mcpu", "cpu032I", "--O=2", "-o", "x.s", "--stats", "--debug-only=del-jmp,isel", "in.ll", "-", "--version"}, got)
	assert.Equal(t, []string{"-oout.s"}, normalizeArgs([]string{"-oout.s"}))
	assert.Equal(t, []string{"--", "-weird.ll"}, normalizeArgs([]string{"--", "-weird.ll"}))
}

func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	st := run(args, strings.NewReader(stdin), &out, &errb)
	return st, out.String(), errb.String()
}

func TestVersionHelpAndListPasses(t *testing.T) {
	st, out, _ := runCmd(t, "", "--version")
	assert.Equal(t, 0, st)
	assert.Contains(t, out, "lltosimd version")
	st, _, errs := runCmd(t, "", "-h")
	assert.Equal(t, 0, st)
	assert.Contains(t, errs, "-march")
	assert.Contains(t, errs, "bwdsp tuple, cpu0 linear") // each target's default allocator
	st, out, _ = runCmd(t, "", "-list-passes")
	assert.Equal(t, 0, st)
	assert.Contains(t, out, "regalloc")
}

func TestBadFlagsAreErrors(t *testing.T) {
	cases := map[string][]string{
		"unknown target":     {"-march=z80"},
		"unknown cpu":        {"-mcpu=cpu099"},
		"unknown filetype":   {"-filetype=exe"},
		"unknown flag":       {"-frobnicate"},
		"two inputs":         {"a.ll", "b.ll"},
		"bad enable value":   {"-enable-del-jmp=maybe"},
		"missing input":      {"/nonexistent/x.ll"},
		"run-pass needs mir": {"-run-pass=del-jmp"},
	}
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			st, out, errs := runCmd(t, "", args...)
			assert.Equal(t, 1, st)
			assert.Empty(t, out)
			assert.NotEmpty(t, errs)
			assert.NotContains(t, errs, "goroutine", "no panic trace")
		})
	}
}

// A failed compilation must not leave an output file behind, and must not
// replace an existing one.
func TestNoPartialOutput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.s")
	st, _, errs := runCmd(t, "define i32 @f( {\n", "-o", out)
	assert.Equal(t, 1, st)
	assert.Regexp(t, `^<stdin>:\d+:\d+: `, errs)
	_, err := os.Stat(out)
	assert.True(t, os.IsNotExist(err), "no output file on error")

	require.NoError(t, os.WriteFile(out, []byte("old"), 0o644))
	st, _, _ = runCmd(t, "garbage", "-o", out)
	assert.Equal(t, 1, st)
	b, _ := os.ReadFile(out)
	assert.Equal(t, "old", string(b))
	entries, _ := os.ReadDir(dir)
	assert.Len(t, entries, 1, "no temporary files left")
}

// An output path that is not a regular file is written in place: renaming a
// temporary file over /dev/null (as root) would replace the device.
func TestOutputToSpecialFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	got := make(chan []byte)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- b
	}()
	st, _, errs := runCmd(t, "define i32 @f() {\n  ret i32 7\n}\n", "-march=cpu0", "-o", fifo)
	require.Equal(t, 0, st, errs)
	assert.Contains(t, string(<-got), "ret\t$lr")
	fi, err := os.Lstat(fifo)
	require.NoError(t, err)
	assert.True(t, fi.Mode()&os.ModeNamedPipe != 0, "the FIFO is still a FIFO")

}

// Write errors name the path the user gave, not our temporary file, and an
// output file is readable like llc's.
func TestOutputErrorsAndMode(t *testing.T) {
	dir := t.TempDir()
	src := "define void @f() {\n  ret void\n}\n"
	st, _, errs := runCmd(t, src, "-o", filepath.Join(dir, "missing", "x.s"))
	assert.Equal(t, 1, st)
	assert.Regexp(t, `^lltosimd: cannot write .*/missing/x\.s: no such file or directory\n$`, errs)
	st, _, errs = runCmd(t, src, "-o", dir)
	assert.Equal(t, 1, st)
	assert.Regexp(t, `^lltosimd: cannot write .*: is a directory\n$`, errs)
	entries, _ := os.ReadDir(dir)
	assert.Empty(t, entries, "no temporary files left")

	out := filepath.Join(dir, "ok.s")
	st, _, errs = runCmd(t, src, "-o", out)
	require.Equal(t, 0, st, errs)
	fi, err := os.Stat(out)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o644), fi.Mode().Perm())
}

// -Os and -Oz (clang's size levels, which C test suites build with) are
// accepted as -O2 for the backend, like llc's callers expect of clang's
// levels; other letters stay errors.
func TestSizeOptLevels(t *testing.T) {
	assert.Equal(t, []string{"--O=s", "--O=z"}, normalizeArgs([]string{"-Os", "-Oz"}))
	const ir = "define i32 @f(i32 %a) {\n  %r = add i32 %a, 1\n  ret i32 %r\n}\n"
	st, o2, errs := runCmd(t, ir, "-march=cpu0el", "-O2", "-")
	require.Equal(t, 0, st, errs)
	for _, l := range []string{"-Os", "-Oz"} {
		st, out, errs := runCmd(t, ir, "-march=cpu0el", l, "-")
		assert.Equal(t, 0, st, errs)
		assert.Equal(t, o2, out, l)
	}
	st, _, _ = runCmd(t, ir, "-Ox", "-")
	assert.Equal(t, 1, st)
}
