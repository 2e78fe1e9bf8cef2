// Package testtools locates the external tools the lit and execution suites
// need (clang-14, lli, FileCheck, lit) and builds the project's own binaries
// (lltosimd, cpu0sim) once per test process.
//
// A missing external tool fails the calling test with a message that says how
// to install it: the suites are never skipped silently.
package testtools

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// LLVMBinDir is where Debian/Ubuntu's llvm-14 packages install their tools.
const LLVMBinDir = "/usr/lib/llvm-14/bin"

// LitScript is LLVM 14's lit driver as shipped by the llvm-14-tools package.
const LitScript = "/usr/lib/llvm-14/build/utils/lit/lit.py"

// RepoRoot returns the directory holding go.mod, searching upwards from the
// working directory (go test runs in the package directory).
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("testtools: go.mod not found above the working directory")
		}
		dir = parent
	}
}

// Tool returns the path of an external program, looking in $PATH and then in
// LLVMBinDir. The environment variable env (if non-empty and set) overrides
// the lookup. A missing tool fails the test.
func Tool(t testing.TB, env, name string) string {
	t.Helper()
	path, err := FindTool(env, name)
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// FindTool is Tool without a testing.TB.
func FindTool(env, name string) (string, error) {
	if env != "" {
		if p := os.Getenv(env); p != "" {
			return p, nil
		}
	}
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	p := filepath.Join(LLVMBinDir, name)
	if _, err := os.Stat(p); err == nil {
		return p, nil
	}
	return "", fmt.Errorf("required tool %q not found in $PATH or %s; "+
		"install it with `make setup` (apt-get install clang-14 llvm-14 llvm-14-tools)", name, LLVMBinDir)
}

var (
	buildOnce sync.Once
	buildDir  string
	buildErr  error
	built     = map[string]string{}
)

// Verify is the lltosimd flag every test harness passes (exec, regress,
// campaigns; lit through its %lltosimd substitution): the MIR verifier after
// every pass, so a pass that breaks an invariant fails where it does it
// instead of miscompiling quietly. User runs leave it off for speed.
const Verify = "-verify-machineinstrs"

// Binary returns the path of one of the project's commands ("lltosimd",
// "cpu0sim"). All commands are built together, once per test process, into
// a temporary directory with `go build`; the environment variable
// LLTOSIMD_BIN_DIR names a directory of prebuilt binaries to use instead.
func Binary(t testing.TB, name string) string {
	t.Helper()
	if dir := os.Getenv("LLTOSIMD_BIN_DIR"); dir != "" {
		return filepath.Join(dir, name)
	}
	root := RepoRoot(t)
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "lltosimd-bin-")
		if buildErr != nil {
			return
		}
		for _, cmd := range []string{"lltosimd", "cpu0sim", "cpu0run", "bwdsprun"} {
			out := filepath.Join(buildDir, cmd)
			c := exec.Command("go", "build", "-o", out, "./cmd/"+cmd)
			c.Dir = root
			if msg, err := c.CombinedOutput(); err != nil {
				buildErr = fmt.Errorf("go build ./cmd/%s: %v\n%s", cmd, err, msg)
				return
			}
			built[cmd] = out
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	p, ok := built[name]
	if !ok {
		t.Fatalf("testtools: unknown binary %q", name)
	}
	return p
}

// RunTimeout bounds every program Run starts: a miscompiled loop must fail
// its test, not hang the suite.
const RunTimeout = 2 * time.Minute

// Run executes name with args and returns stdout, stderr and the exit code.
// err is non-nil only when the program could not be run, was killed by a
// signal or timed out; a non-zero exit status is reported through the code.
func Run(stdin []byte, name string, args ...string) (stdout, stderr string, code int, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), RunTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	var out, errb strings.Builder
	cmd.Stdout = &out
	cmd.Stderr = &errb
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	err = cmd.Run()
	if ctx.Err() != nil {
		return out.String(), errb.String(), -1, fmt.Errorf("%s: timed out after %v", filepath.Base(name), RunTimeout)
	}
	if ee, ok := err.(*exec.ExitError); ok && ee.Exited() {
		return out.String(), errb.String(), ee.ExitCode(), nil
	}
	if err != nil {
		return out.String(), errb.String(), -1, err
	}
	return out.String(), errb.String(), 0, nil
}
