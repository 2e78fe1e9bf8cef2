package frontend

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"lltosimd/mir"
)

// clangTargets are the triples every testdata C file is compiled for.
var clangTargets = []struct{ name, triple string }{
	{"mipsel", "mipsel-unknown-linux-gnu"},
	{"host", ""},
}

func clang(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("clang-14")
	if err != nil {
		t.Fatal("clang-14 not installed (`make setup`)")
	}
	return p
}

// compileC compiles a testdata C file to LLVM IR text.
func compileC(t testing.TB, cfile, triple, opt string, extra ...string) []byte {
	t.Helper()
	args := append([]string{"-S", "-emit-llvm", "-w", opt, "-fno-vectorize", "-fno-slp-vectorize", "-fno-discard-value-names", "-o", "-", cfile}, extra...)
	if triple != "" {
		args = append([]string{"--target=" + triple}, args...)
	} else {
		// PIC relative lookup tables need symbol differences in data;
		// x86-64 va_lists are structs the frontend rejects.
		args = append(args, "-fno-pic", "-DNO_VARARGS")
	}
	out, err := exec.Command(clang(t), args...).Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("clang %s: %v\n%s", cfile, err, msg)
	}
	return out
}

func translateText(t testing.TB, name string, src []byte, be bool) *mir.Module {
	t.Helper()
	m, err := Parse(name, src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	mm, err := Translate(m, Options{Arch: mir.GenericArch, File: name, Src: src, BigEndian: be})
	if err != nil {
		t.Fatalf("translate: %v", err)
	}
	for _, f := range mm.Funcs {
		if err := verifyGeneric(f); err != nil {
			t.Errorf("%v", err)
		}
		for _, err := range mir.Verify(f) { // the frontend builds the CFG
			t.Errorf("%s: mir.Verify: %v", f.Name, err)
		}
	}
	return mm
}

func TestTranslateClangOutput(t *testing.T) {
	clang(t)
	files, _ := filepath.Glob("testdata/*.c")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, c := range files {
		for _, tg := range clangTargets {
			if tg.triple == "" && runtime.GOARCH != "amd64" {
				continue
			}
			for _, opt := range []string{"-O0", "-O2"} {
				name := strings.TrimSuffix(filepath.Base(c), ".c") + "/" + tg.name + opt
				t.Run(name, func(t *testing.T) {
					src := compileC(t, c, tg.triple, opt)
					for _, be := range []bool{false, true} {
						mm := translateText(t, name+".ll", src, be)
						if len(mm.Funcs) == 0 {
							t.Fatal("no functions translated")
						}
					}
				})
			}
		}
	}
}

// TestTranslateLLFiles translates the hand-written .ll files of testdata.
func TestTranslateLLFiles(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.ll")
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			translateText(t, file, src, false)
		})
	}
}
