package frontend

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestDifferential runs testdata/diff.c translated from clang's mipsel and
// mips (big-endian) IR in the MIR interpreter, and compares its checksum
// with the natively compiled program.
func TestDifferential(t *testing.T) {
	cc := clang(t)
	dir := t.TempDir()
	driver := filepath.Join(dir, "driver.c")
	if err := os.WriteFile(driver, []byte("#include <stdio.h>\nunsigned test(void);\nint main(void) { printf(\"%u\\n\", test()); return 0; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	native := func(defs ...string) uint64 {
		exe := filepath.Join(dir, "native")
		args := append([]string{"-O1", "-w", "testdata/diff.c", driver, "-o", exe}, defs...)
		if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
			t.Fatalf("native build: %v\n%s", err, out)
		}
		out, err := exec.Command(exe).Output()
		if err != nil {
			t.Fatalf("native run: %v", err)
		}
		v, err := strconv.ParseUint(strings.TrimSpace(string(out)), 10, 32)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	want, wantNoVA := native(), native("-DNO_VARARGS")
	type variant struct {
		triple string
		be     bool
		defs   []string
	}
	// The IR must come from a triple of the same byte order: clang bakes
	// it into bit-field layout and load combining. Host (x86-64) IR checks
	// 8-byte pointers in memory; its va_arg code reads the x86-64 va_list
	// struct, which is not ours, so it is built without varargs.
	variants := []variant{{"mipsel-unknown-linux-gnu", false, nil}, {"mips-unknown-linux-gnu", true, nil}}
	if runtime.GOARCH == "amd64" {
		variants = append(variants, variant{"", false, []string{"-DNO_VARARGS"}})
	}
	for _, opt := range []string{"-O0", "-O1", "-O2"} {
		for _, v := range variants {
			src := compileC(t, "testdata/diff.c", v.triple, opt, v.defs...)
			be, want := v.be, want
			if v.defs != nil {
				want = wantNoVA
			}
			triple := v.triple
			if triple == "" {
				triple = "host"
			}
			name := triple + opt
			t.Run(name, func(t *testing.T) {
				mm := translateText(t, "diff.ll", src, be)
				m, err := newMachine(mm)
				if err != nil {
					t.Fatal(err)
				}
				res, err := m.Call("test")
				if err != nil {
					t.Fatalf("run: %v (after %d steps)", err, m.steps)
				}
				if len(res) != 1 || uint64(res[0]) != want {
					t.Errorf("checksum %v, want %d", res, want)
				}
			})
		}
	}
}
