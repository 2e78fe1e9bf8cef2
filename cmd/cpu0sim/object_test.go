package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lltosimd/targets/cpu0/asm"
	"lltosimd/targets/cpu0/elf"
)

// writeObject assembles an assembly file into an ELF object in dir.
func writeObject(t *testing.T, dir, src string, le bool) string {
	t.Helper()
	text, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	o, err := asm.Assemble(src, text, asm.Options{LittleEndian: le})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := elf.Write(&b, o); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, strings.TrimSuffix(filepath.Base(src), ".s")+".o")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestRunObject runs the factorial program from its ELF object: the result
// and the counts equal those of the assembly; an object of the other byte
// order is refused.
func TestRunObject(t *testing.T) {
	dir := t.TempDir()
	for _, el := range []bool{false, true} {
		flag := map[bool]string{false: "-el=false", true: "-el"}[el]
		obj := writeObject(t, dir, "testdata/fact.s", el)
		wantCode, wantOut, wantErr := runCmd(flag, "-stats", "testdata/fact.s")
		code, out, errs := runCmd(flag, "-stats", obj)
		if code != wantCode || out != wantOut || errs != wantErr {
			t.Errorf("%s: object run: exit %d, %q, %q; assembly run: exit %d, %q, %q", flag, code, out, errs, wantCode, wantOut, wantErr)
		}
		other := map[bool]string{false: "-el", true: "-el=false"}[el]
		if code, _, errs := runCmd(other, obj); code != 2 || !strings.Contains(errs, "byte order") {
			t.Errorf("%s object run with %s: exit %d, stderr %q; want a byte-order error", flag, other, code, errs)
		}
	}
}
