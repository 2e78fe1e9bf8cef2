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

// TestDifferential runs each testdata/diff*.c program, translated from
// clang's mipsel, mips (big-endian) and host IR at -O0/-O1/-O2, in the MIR
// interpreter and compares the checksum its test() returns with the
// natively compiled program's.
func TestDifferential(t *testing.T) {
	cc := clang(t)
	dir := t.TempDir()
	driver := filepath.Join(dir, "driver.c")
	if err := os.WriteFile(driver, []byte("#include <stdio.h>\nunsigned test(void);\nint main(void) { printf(\"%u\\n\", test()); return 0; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	native := func(cfile string, defs ...string) uint64 {
		exe := filepath.Join(dir, "native")
		args := append([]string{"-O1", "-w", cfile, driver, "-o", exe}, defs...)
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
	type variant struct {
		name, triple string
		be           bool
		defs         []string
	}
	// The IR must come from a triple of the same byte order: clang bakes
	// it into bit-field layout and load combining. Host (x86-64) IR checks
	// 8-byte pointers in memory; its va_arg code reads the x86-64 va_list
	// struct, which is not ours, so it is built without varargs.
	variants := []variant{
		{"mipsel", "mipsel-unknown-linux-gnu", false, nil},
		{"mips", "mips-unknown-linux-gnu", true, nil},
	}
	if runtime.GOARCH == "amd64" {
		variants = append(variants, variant{"host", "", false, []string{"-DNO_VARARGS"}})
	}
	files, _ := filepath.Glob("testdata/diff*.c")
	if len(files) == 0 {
		t.Fatal("no testdata/diff*.c")
	}
	for _, cfile := range files {
		want, wantNoVA := native(cfile), native(cfile, "-DNO_VARARGS")
		for _, opt := range []string{"-O0", "-O1", "-O2"} {
			for _, v := range variants {
				name := strings.TrimSuffix(filepath.Base(cfile), ".c") + "/" + v.name + opt
				t.Run(name, func(t *testing.T) {
					src := compileC(t, cfile, v.triple, opt, v.defs...)
					want := want
					if v.defs != nil {
						want = wantNoVA
					}
					mm := translateText(t, name+".ll", src, v.be)
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
}
