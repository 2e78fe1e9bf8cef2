package cpu0

import (
	"reflect"
	"testing"

	"lltosimd/mir"
)

func TestAsmStatements(t *testing.T) {
	got := asmStatements("addu $2, $3, $4; subu $2, $2, $3 # a; comment\n\t\n .ascii \"x;y\"  ;;L1:\n")
	want := []string{"addu $2, $3, $4", "subu $2, $2, $3 # a; comment", `.ascii "x;y"`, "L1:"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestInlineAsmSize(t *testing.T) {
	for _, tc := range []struct {
		tmpl string
		want int64
	}{
		{"", 0},
		{"addu $0, $1, $2", 4},
		{"move $0, $1\n\tcmp $$sw, $1, $2\n\tjge $$sw, L${:uid}\n\tnop\nL${:uid}:", 16},
		{"L1: L2: addu $0, $0, $0; # only a comment\n", 4},
	} {
		in := mir.NewInstr(mir.GInlineAsm, mir.Str(tc.tmpl), mir.I(0))
		if got := branches.Size(in); got != tc.want {
			t.Errorf("%q: size %d, want %d", tc.tmpl, got, tc.want)
		}
	}
}
