package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ok := write("ok.s", "U1 = #0xffff0000 || xR1 = #111\n[U1] = xR1 (B) || xR0 = #42\nhalt\n")
	var out, errb bytes.Buffer
	if rc := run([]string{"-stats", ok}, &out, &errb); rc != 42 || out.String() != "o" || !strings.Contains(errb.String(), "cycles: 3") {
		t.Errorf("rc %d out %q err %q", rc, out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	if rc := run([]string{"-d", ok}, &out, &errb); rc != 0 || !strings.Contains(out.String(), "[U1] = xR1 (B) || xR0 = #42") {
		t.Errorf("-d: rc %d out %q err %q", rc, out.String(), errb.String())
	}
	bad := write("bad.s", "xR1 = R2 + R3 || xR4 = R5 - R6\n")
	errb.Reset()
	if rc := run([]string{bad}, &out, &errb); rc != 2 || !strings.Contains(errb.String(), "bad.s:1:1: bundle rule 2") {
		t.Errorf("rc %d err %q", rc, errb.String())
	}
	main := write("main.s", "main: xR0 = #7\n  xR1 = U8\n  ret\n  xR0 = R1 +\n")
	errb.Reset()
	if rc := run([]string{"-crt0", main}, &out, &errb); rc != 2 || !strings.Contains(errb.String(), "main.s:4:13: expected an immediate") {
		t.Errorf("-crt0 error position: rc %d err %q", rc, errb.String())
	}
	main = write("main.s", "main: xR0 = #7 || xR1 = U8\n  if xR1 == R2 b bad\n  ret\nbad: xR0 = #99 || halt\n")
	if rc := run([]string{"-crt0", main}, &out, &errb); rc != 7 {
		t.Errorf("-crt0: rc %d err %q", rc, errb.String())
	}
	fault := write("fault.s", ".func main\nxR1 = R2 / R3\nhalt\n.endfunc\n")
	errb.Reset()
	if rc := run([]string{fault}, &out, &errb); rc != 2 || !strings.Contains(errb.String(), "fault.s:2: bundle 0 in main, instruction 1 `xR1 = R2 / R3`, lane x: integer division by zero") {
		t.Errorf("rc %d err %q", rc, errb.String())
	}
}
