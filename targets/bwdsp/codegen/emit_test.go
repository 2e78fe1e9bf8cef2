package codegen

import (
	"strings"
	"testing"

	"lltosimd/targets/bwdsp/asm"
)

// TestAsmName checks that asmName keeps plain names and spells the others
// so that the case-insensitive assembler tells every name apart and reads
// none as a register.
func TestAsmName(t *testing.T) {
	keep := []string{"main", "printf", "__divdi3", ".str.1", "g_150", "foo.bar", "x1y", "r", "u", "lc"}
	for _, s := range keep {
		if got := asmName(s); got != s {
			t.Errorf("asmName(%q) = %q, want it unchanged", s, got)
		}
	}
	names := append(keep, "Foo", "foo", "FOO", "fOo", "u8", "U8", "xR5", "xr5", "ra", "RA", "lc0", "cp1",
		"w15", "v3", "tu1", "a$b", "$_u8", "$_$u8", "_u8", "9lives", "a b", "a\x01", "\x01_foo", "$BA.main.1", "")
	seen := map[string]string{}
	for _, s := range names {
		got := asmName(s)
		if got == "" || asm.RegisterName(got) || strings.ToLower(got) != got {
			t.Errorf("asmName(%q) = %q: empty, a register name or not lowercase", s, got)
		}
		for i := 0; i < len(got); i++ {
			if c := got[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '$') {
				t.Errorf("asmName(%q) = %q holds %q, not an identifier byte", s, got, c)
			}
		}
		if old, dup := seen[got]; dup {
			t.Errorf("asmName(%q) = asmName(%q) = %q", s, old, got)
		}
		seen[got] = s
	}
}
