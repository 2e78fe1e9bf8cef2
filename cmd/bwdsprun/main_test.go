package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lltosimd/driver"
	"lltosimd/targets"
	"lltosimd/targets/bwdsp/asm"
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
	if rc := run([]string{"-stats", ok}, nil, &out, &errb); rc != 42 || out.String() != "o" || !strings.Contains(errb.String(), "cycles: 3\nstalls: 0\ninstructions: 5\nslot fill: 1.67 per bundle (10.4% of 16)\nsimd instructions: 0\n") {
		t.Errorf("rc %d out %q err %q", rc, out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	if rc := run([]string{"-d", ok}, nil, &out, &errb); rc != 0 || !strings.Contains(out.String(), "[U1] = xR1 (B) || xR0 = #42") {
		t.Errorf("-d: rc %d out %q err %q", rc, out.String(), errb.String())
	}
	simd := write("simd.s", "xyztR1 = #1\nxyR2 = #2 || ztR3 = #3\nxR0 = R1 + R2 || halt\n")
	errb.Reset()
	if rc := run([]string{"-stats", simd}, nil, &out, &errb); rc != 3 || !strings.Contains(errb.String(), "instructions: 5\nslot fill: 1.67 per bundle (10.4% of 16)\nsimd instructions: 3\n") {
		t.Errorf("-stats of SIMD code: rc %d err %q", rc, errb.String())
	}
	bad := write("bad.s", "xR1 = R2 + R3 || xR4 = R5 - R6\n")
	errb.Reset()
	if rc := run([]string{bad}, nil, &out, &errb); rc != 2 || !strings.Contains(errb.String(), "bad.s:1:1: bundle rule 2") {
		t.Errorf("rc %d err %q", rc, errb.String())
	}
	main := write("main.s", "main: xR0 = #7\n  xR1 = U8\n  ret\n  xR0 = R1 +\n")
	errb.Reset()
	if rc := run([]string{"-crt0", main}, nil, &out, &errb); rc != 2 || !strings.Contains(errb.String(), "main.s:4:13: expected an immediate") {
		t.Errorf("-crt0 error position: rc %d err %q", rc, errb.String())
	}
	main = write("main.s", "main: xR0 = #7 || xR1 = U8\n  if xR1 == R2 b bad\n  ret\nbad: xR0 = #99 || halt\n")
	if rc := run([]string{"-crt0", main}, nil, &out, &errb); rc != 7 {
		t.Errorf("-crt0: rc %d err %q", rc, errb.String())
	}
	fault := write("fault.s", ".func main\nxR1 = R2 / R3\nhalt\n.endfunc\n")
	errb.Reset()
	if rc := run([]string{fault}, nil, &out, &errb); rc != 2 || !strings.Contains(errb.String(), "fault.s:2: bundle 0 in main, instruction 1 `xR1 = R2 / R3`, lane x: integer division by zero") {
		t.Errorf("rc %d err %q", rc, errb.String())
	}
}

// TestInputPort reads standard input through the console input port
// (bwdsp.InputAddr: a word load gives the next byte, -1 at the end) and
// checks that other accesses to the port fault.
func TestInputPort(t *testing.T) {
	dir := t.TempDir()
	echo := filepath.Join(dir, "echo.s")
	src := "main: U1 = #0xffff0004 || V2 = #0xffff0000 || xR3 = #0\n" +
		"loop: xR2 = [U1]\n  if x R2 == #-1 b done\n  [V2] = xR2 (B) || xR3 = R3 + #1\n  b loop\n" +
		"done: xR0 = R3 || ret\n"
	if err := os.WriteFile(echo, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if rc := run([]string{"-crt0", echo}, strings.NewReader("hi\n"), &out, &errb); rc != 3 || out.String() != "hi\n" {
		t.Errorf("echo: rc %d out %q err %q", rc, out.String(), errb.String())
	}
	out.Reset()
	if rc := run([]string{"-crt0", echo}, nil, &out, &errb); rc != 0 || out.String() != "" {
		t.Errorf("echo of no input: rc %d out %q err %q", rc, out.String(), errb.String())
	}
	for _, c := range []struct{ inst, msg string }{
		{"xR2 = [U1] (BU)", "lane x: load at the input port 0xffff0004 (only word loads read it)"},
		{"[U1] = xR2", "lane x: store at the input port 0xffff0004 (only word loads read it)"},
	} {
		f := filepath.Join(dir, "bad.s")
		if err := os.WriteFile(f, []byte("U1 = #0xffff0004\n"+c.inst+"\nhalt\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		errb.Reset()
		if rc := run([]string{f}, strings.NewReader("x"), &out, &errb); rc != 2 || !strings.Contains(errb.String(), "bad.s:2: bundle 1, instruction 1 `"+c.inst+"`, "+c.msg) {
			t.Errorf("%s: rc %d err %q", c.inst, rc, errb.String())
		}
	}
}

// TestArgv checks main's arguments: with -crt0, argc = 1 and argv = {the
// file, NULL}, as lli gives a .ll program.
func TestArgv(t *testing.T) {
	f := filepath.Join(t.TempDir(), "a.s")
	// Print argv[0]; return argc, plus 10 if argv[1] is NULL.
	src := "main: U1 = xR1 || V2 = #0xffff0000 || xR9 = R0 + #0\n  xR3 = [U1]\n  xR4 = [U1 + 4]\n  U3 = xR3\n" +
		"loop: xR2 = [U3 += 1] (BU)\n  if x R2 == #0 b done\n  [V2] = xR2 (B)\n  b loop\n" +
		"done: xR0 = R9 + #10\n  if x R4 == #0 b out\n  xR0 = R9 + #0\nout: ret\n"
	if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if rc := run([]string{"-crt0", f}, nil, &out, &errb); rc != 11 || out.String() != f {
		t.Errorf("rc %d (want 11) out %q (want %q) err %q", rc, out.String(), f, errb.String())
	}
}

// TestObjectFile compiles a module with -filetype=obj and runs the object
// with the startup code, alone and linked with an assembly file: the
// results equal those of the module's assembly.
func TestObjectFile(t *testing.T) {
	dir := t.TempDir()
	const ll = `target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
@tab = global [4 x i32] [i32 5, i32 7, i32 11, i32 13], align 16
@p = global i32* getelementptr ([4 x i32], [4 x i32]* @tab, i32 0, i32 2)
declare i32 @ext(i32)
define internal i32 @sum(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %a = getelementptr [4 x i32], [4 x i32]* @tab, i32 0, i32 %i
  %v = load i32, i32* %a
  %s1 = add i32 %s, %v
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  ret i32 %s1
}
define i32 @main(i32 %argc, i8** %argv) {
  %s = call i32 @sum(i32 4)
  %q = load i32*, i32** @p
  %w = load i32, i32* %q
  %e = call i32 @ext(i32 %argc)
  %r = add i32 %s, %w
  %r2 = add i32 %r, %e
  ret i32 %r2
}
`
	ext := filepath.Join(dir, "ext.s")
	if err := os.WriteFile(ext, []byte("\t.global ext\next:\txR0 = R0 + #100 || ret\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var outs []string
	for _, ft := range []targets.FileType{targets.FileAsm, targets.FileObj} {
		res, err := driver.Compile("m.ll", []byte(ll), driver.Options{March: "bwdsp", Opt: "2", FileType: ft})
		if err != nil {
			t.Fatal(err)
		}
		f := filepath.Join(dir, "m."+string(ft))
		if err := os.WriteFile(f, res.Out, 0o644); err != nil {
			t.Fatal(err)
		}
		if ft == targets.FileObj && !asm.IsObject(res.Out) {
			t.Fatalf("-filetype=obj wrote no object: %q", res.Out[:min(len(res.Out), 40)])
		}
		var out, errb bytes.Buffer
		// 36 + 11 + (argc 1 + 100)
		if rc := run([]string{"-crt0", "-stats", f, ext}, nil, &out, &errb); rc != 148 {
			t.Errorf("%s: rc %d, want 148; err %q", ft, rc, errb.String())
		}
		outs = append(outs, errb.String())
		errb.Reset()
		if rc := run([]string{"-crt0", f}, nil, &out, &errb); rc != 2 || !strings.Contains(errb.String(), `undefined symbol "ext"`) {
			t.Errorf("%s without ext.s: rc %d err %q", ft, rc, errb.String())
		}
	}
	if outs[0] != outs[1] {
		t.Errorf("-stats of the assembly and of the object differ:\n%s\n%s", outs[0], outs[1])
	}
}

// TestFaultFile checks that a fault in a program linked from several
// files names the file of the faulting bundle (it named the first file,
// the startup code, with the other file's line).
func TestFaultFile(t *testing.T) {
	dir := t.TempDir()
	lib := filepath.Join(dir, "lib.s")
	main := filepath.Join(dir, "main.s")
	if err := os.WriteFile(main, []byte("\t.global main\nmain:\tcall div\n\tret\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lib, []byte("\t.global div\n\t.func div\ndiv:\txR1 = #0\n\txR0 = R0 / R1\n\tret\n\t.endfunc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	o, err := asm.AssembleObject(lib, "\t.global div\n\t.func div\ndiv:\txR1 = #0\n\txR0 = R0 / R1\n\tret\n\t.endfunc\n")
	if err != nil {
		t.Fatal(err)
	}
	var ob bytes.Buffer
	if err := asm.WriteObject(&ob, o); err != nil {
		t.Fatal(err)
	}
	libo := filepath.Join(dir, "lib.o")
	if err := os.WriteFile(libo, ob.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"-crt0", main, lib}, {"-crt0", main, libo}} {
		var out, errb bytes.Buffer
		if rc := run(args, nil, &out, &errb); rc != 2 || !strings.Contains(errb.String(), lib+":4: bundle ") ||
			!strings.Contains(errb.String(), "in div, instruction 1 `xR0 = R0 / R1`, lane x: integer division by zero") {
			t.Errorf("%v: rc %d err %q", args, rc, errb.String())
		}
	}
}
