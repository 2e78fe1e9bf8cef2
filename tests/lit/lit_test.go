// Package lit runs the golden tests in tests/lit with LLVM 14's lit and
// FileCheck against a freshly built lltosimd. Each test file is its own Go
// subtest, so `go test ./tests/lit -run TestLit/cpu0/setcc.ll` runs one.
package lit

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"lltosimd/tests/internal/testtools"
)

func TestLit(t *testing.T) {
	python := testtools.Tool(t, "PYTHON", "python3")
	testtools.Tool(t, "FILECHECK", "FileCheck")
	litPy := os.Getenv("LIT")
	if litPy == "" {
		litPy = testtools.LitScript
	}
	if _, err := os.Stat(litPy); err != nil {
		t.Fatalf("lit not found at %s (install llvm-14-tools with `make setup`, or set LIT): %v", litPy, err)
	}
	lltosimd := testtools.Binary(t, "lltosimd")

	var files []string
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "Inputs" || d.Name() == "Output") {
			return filepath.SkipDir
		}
		if ext := filepath.Ext(path); !d.IsDir() && (ext == ".ll" || ext == ".mir") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no lit tests found")
	}
	sort.Strings(files)
	for _, f := range files {
		t.Run(filepath.ToSlash(f), func(t *testing.T) {
			t.Parallel()
			// One exec root per lit run: lit rewrites .lit_test_times.txt in
			// its exec root at exit, and parallel runs sharing one read each
			// other's half-written file (ValueError in read_test_times).
			execRoot := t.TempDir()
			stdout, stderr, code, err := testtools.Run(nil, python, litPy, "-v", "--no-progress-bar",
				"--param", "lltosimd="+lltosimd,
				"--param", "exec_root="+execRoot,
				"--param", "llvm_bin="+testtools.LLVMBinDir,
				f)
			if err != nil || code != 0 {
				t.Errorf("lit %s: exit %d %v\n%s%s", f, code, err, stdout, stderr)
				return
			}
			if !strings.Contains(stdout, "PASS: ") && !strings.Contains(stdout, "Passed") {
				t.Errorf("lit %s ran no test:\n%s%s", f, stdout, stderr)
			}
		})
	}
}

// TestLitRelativeParam runs one test the way the README shows, from the
// repository root with a relative --param lltosimd=…: lit runs tests in
// their own directories, so lit.cfg.py must resolve the path first.
func TestLitRelativeParam(t *testing.T) {
	python := testtools.Tool(t, "PYTHON", "python3")
	testtools.Tool(t, "FILECHECK", "FileCheck")
	root := testtools.RepoRoot(t)
	rel, err := filepath.Rel(root, testtools.Binary(t, "lltosimd"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, testtools.LitScript, "--no-progress-bar",
		"--param", "lltosimd="+rel,
		"--param", "exec_root="+t.TempDir(),
		"--param", "llvm_bin="+testtools.LLVMBinDir,
		"tests/lit/cpu0/select.ll")
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "Passed") {
		t.Fatalf("lit with --param lltosimd=%s: %v\n%s", rel, err, out)
	}
}
