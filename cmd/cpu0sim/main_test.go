package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCmd(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(args, nil, &o, &e)
	return code, o.String(), e.String()
}

const factOut = "0123456789\nhi\n"

func TestRunFactorial(t *testing.T) {
	for _, el := range []string{"-el=false", "-el"} {
		code, out, errs := runCmd(el, "-stats", "testdata/fact.s")
		if code != 120 || out != factOut {
			t.Errorf("%s: exit %d, output %q, stderr %s", el, code, out, errs)
		}
		if !strings.Contains(errs, "instructions: ") || !strings.Contains(errs, "cycles: ") {
			t.Errorf("-stats: %q", errs)
		}
	}
}

// The same program in cpu032I style (cmp + jxx instead of slt/beq/bne).
func TestRunCpu032I(t *testing.T) {
	src := `
	.globl	main
main:
	addiu	$2, $zero, 0
	addiu	$3, $zero, 10
	lui	$9, 0xff00
$BB0_1:
	addiu	$4, $2, 48
	sb	$4, 0($9)
	addiu	$2, $2, 1
	cmp	$sw, $2, $3
	jlt	$sw, $BB0_1
	nop
	addiu	$4, $zero, 10
	sb	$4, 0($9)
	ret	$lr
	addiu	$2, $zero, 3
`
	f := filepath.Join(t.TempDir(), "loop.s")
	os.WriteFile(f, []byte(src), 0o644)
	code, out, errs := runCmd("-mcpu=cpu032I", f)
	if code != 3 || out != "0123456789\n" {
		t.Errorf("exit %d, output %q, stderr %s", code, out, errs)
	}
	// fact.s uses slti/beq/bne: rejected for cpu032I with a file:line error.
	code, _, errs = runCmd("-mcpu=cpu032I", "testdata/fact.s")
	if code != 2 || !strings.Contains(errs, "testdata/fact.s:28: instruction \"bne\" is not available on cpu032I") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

func TestHexImageRoundTrip(t *testing.T) {
	dir := t.TempDir()
	hex := filepath.Join(dir, "cpu0.hex")
	for _, el := range []string{"-el=false", "-el"} {
		if code, _, errs := runCmd(el, "-hex", hex, "testdata/fact.s"); code != 120 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		code, out, errs := runCmd("-image", hex, "-config", filepath.Join(dir, "cpu0.config"))
		if code != 120 || out != factOut {
			t.Errorf("%s image: exit %d, output %q, stderr %s", el, code, out, errs)
		}
	}
}

func TestDisassemble(t *testing.T) {
	code, out, _ := runCmd("-d", "testdata/fact.s")
	for _, want := range []string{"main:\n", "\t3b00", "jsub\t", "<fact>", "ret\t$lr"} {
		if !strings.Contains(out, want) {
			t.Errorf("-d output lacks %q:\n%s", want, out)
		}
	}
	if code != 0 {
		t.Errorf("exit %d", code)
	}
}

func TestErrorsExit2(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(src), 0o644)
		return p
	}
	cases := []struct{ file, want string }{
		{write("undef.s", "\t.globl main\nmain:\n\tjsub nowhere\n\tnop\n"), `undef.s:3: undefined symbol "nowhere"`},
		{write("nomain.s", "\tnop\n"), `undefined symbol "main"`},
		{write("bad.s", "main:\n\tfrob $2\n"), `bad.s:2: unknown instruction "frob"`},
		{write("loop.s", "\t.globl main\nmain:\n\tjmp main\n"), "step limit"},
		{write("mis.s", "\t.globl main\nmain:\n\tld $2, 1($zero)\n"), "misaligned"},
	}
	for _, c := range cases {
		code, _, errs := runCmd("-max-steps", "10000", c.file)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, stderr %q, want %q", c.file, code, errs, c.want)
		}
	}
}

func TestTraceAndErrorLocation(t *testing.T) {
	code, out, errs := runCmd("-trace", "testdata/fact.s")
	if code != 120 || out != factOut {
		t.Errorf("-trace changed the run: exit %d, output %q", code, out)
	}
	for _, want := range []string{"fact:\n", "<fact>", "mul $2, $2, $4"} {
		if !strings.Contains(errs, want) {
			t.Errorf("trace lacks %q", want)
		}
	}
	f := filepath.Join(t.TempDir(), "bad.s")
	os.WriteFile(f, []byte("\t.globl main\nmain:\n\taddiu $sp, $sp, -8\n\tld $2, 2($sp)\n"), 0o644)
	code, _, errs = runCmd(f)
	if code != 2 || !strings.Contains(errs, "pc 0x00000028 (word 0x012d0002): misaligned 4-byte load from 0x00fefffa (in main+0x4)") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}
