package asm

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// objFiles is a small program in three files: local labels of the same
// name in two files, a global data symbol used across files, data words
// holding code and data addresses, a weak definition overridden by a
// global one, a jump-table difference, branch targets and .func ranges.
var objFiles = []File{
	{"main.s", `	.global main
	.func main
main:	U1 = #tab || xR1 = #7
	xR2 = [U1 + 4] || call helper
	xR0 = R0 + R2 || V2 = #count
	xR3 = [V2] || b done
loop:	nop
done:	xR0 = R0 + R3 || ret
	.endfunc
	.data
	.align 4
tab:	.word loop, count+4, done - loop, 0
`},
	{"lib.s", `	.global helper
	.global count
	.weak weakfn
	.func helper
helper:	xR0 = R1 + #1 || W3 = #local
loop:	xR5 = [W3]
	if x R5 == #9 b loop
	call weakfn
	ret
	.endfunc
weakfn:	xR0 = #100 || ret
	.data
local:	.word 3
count:	.word 35, 36, 0
`},
	{"strong.s", `	.global weakfn
weakfn:	xR0 = R0 + #1000 || ret
`},
}

// TestObjectLink checks that assembling each file to an object, writing
// and reading it back and linking gives the program AssembleFiles makes
// of the same files: same code, data, lines and functions.
func TestObjectLink(t *testing.T) {
	want, err := AssembleFiles(append([]File{{"<startup>", Startup}}, objFiles...))
	if err != nil {
		t.Fatal(err)
	}
	var objs []*Object
	for _, f := range append([]File{{"<startup>", Startup}}, objFiles...) {
		o, err := AssembleObject(f.Name, f.Src)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteObject(&b, o); err != nil {
			t.Fatal(err)
		}
		r, err := ReadObject(f.Name, b.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(r, o) {
			t.Errorf("%s: object changed through the file format:\n%+v\n%+v", f.Name, o, r)
		}
		objs = append(objs, r)
	}
	got, err := Link(objs)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(Encode(got.Bundles), Encode(want.Bundles)) {
		t.Errorf("code differs:\n%s\nwant\n%s", Disassemble(got), Disassemble(want))
	}
	if !bytes.Equal(got.Data, want.Data) {
		t.Errorf("data differs:\n%x\nwant\n%x", got.Data, want.Data)
	}
	if !reflect.DeepEqual(got.Lines, want.Lines) || !reflect.DeepEqual(got.Funcs, want.Funcs) {
		t.Errorf("lines/funcs differ: %v %v, want %v %v", got.Lines, got.Funcs, want.Lines, want.Funcs)
	}
	for _, s := range []string{"main", "helper", "count", "weakfn", "_end"} {
		if got.Labels[s] != want.Labels[s] {
			t.Errorf("label %s = %d, want %d", s, got.Labels[s], want.Labels[s])
		}
	}
}

// TestObjectErrors checks the messages of link errors and bad object
// files: positions of the reference, no panics on truncated files.
func TestObjectErrors(t *testing.T) {
	o, err := AssembleObject("a.s", "main:\txR1 = #nowhere\n\tb main\n\tcall missing\n")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Link([]*Object{o})
	for _, want := range []string{`a.s:1:14: undefined symbol "nowhere"`, `a.s:3:7: undefined symbol "missing"`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("link error %v, want %q", err, want)
		}
	}
	d, err := AssembleObject("d.s", ".global x\nx: halt\n")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Link([]*Object{d, d}); err == nil || !strings.Contains(err.Error(), `symbol "x" already defined in d.s`) {
		t.Errorf("duplicate global: %v", err)
	}
	if _, err := AssembleObject("j.s", ".data\nj: .word a - b\n"); err == nil || !strings.Contains(err.Error(), "j.s:2:10: a - b") {
		t.Errorf("difference of undefined labels: %v", err)
	}
	var b bytes.Buffer
	if err := WriteObject(&b, o); err != nil {
		t.Fatal(err)
	}
	for n := 0; n < b.Len(); n++ {
		if _, err := ReadObject("t.o", b.Bytes()[:n]); err == nil {
			t.Fatalf("a %d-byte prefix of a %d-byte object reads", n, b.Len())
		}
	}
	if _, err := ReadObject("t.o", []byte("xR1 = #1\n")); err == nil || !strings.Contains(err.Error(), "t.o: not a BWL object file") {
		t.Errorf("not an object: %v", err)
	}
}

// FuzzReadObject checks that no object file makes the reader or the
// linker panic.
func FuzzReadObject(f *testing.F) {
	for _, src := range objFiles {
		o, err := AssembleObject(src.Name, src.Src)
		if err != nil {
			f.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteObject(&b, o); err != nil {
			f.Fatal(err)
		}
		f.Add(b.Bytes())
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		o, err := ReadObject("f.o", b)
		if err != nil {
			return
		}
		_, _ = Link([]*Object{o, o})
	})
}
