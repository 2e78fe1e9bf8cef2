// libproto.go: calls to C library functions whose prototype in another
// triple's IR is not the Cpu0 runtime's.

package frontend

import (
	"github.com/llir/llvm/ir/types"

	"lltosimd/mir"
)

// LibProto is how the Cpu0 runtime (ILP32, O32; runtime/include) declares a
// C library function whose prototype in IR from another triple can differ:
// LP64 IR (x86-64) makes long, size_t, ssize_t, off_t and time_t i64 where
// the runtime has one word, and some triples return small structs in
// registers where O32 returns them in memory (RISC-V's [2 x i32] div).
// A call to such a function, declared but not defined in the module, is
// adapted to the runtime's prototype, so that the program computes what
// its ILP32 build (clang -m32) computes.
type LibProto struct {
	// Params has one letter per fixed parameter: 'l' is a long or size_t
	// (one word in the runtime: an i64 argument passes its low word), '.'
	// anything else. Parameters beyond its length are unchanged.
	Params string
	// Ret is the result: 'u' an unsigned long or size_t (an i64 result is
	// the runtime's word zero-extended), 's' a signed long (sign-extended),
	// 0 anything else.
	Ret byte
	// Fields, when not empty, is the result struct the runtime returns in
	// memory, one letter per field: 'i' an int, 's' a long (both one word),
	// 'L' a long long (two words).
	Fields string
}

// LibProtos lists the runtime's functions that LibProto adapts; a test
// (tests/exec TestLibProtos) derives the differences from the runtime's
// headers with clang and checks this table against them.
var LibProtos = map[string]LibProto{
	"atol":        {Ret: 's'},
	"bsearch":     {Params: "..ll"},
	"calloc":      {Params: "ll"},
	"clock":       {Ret: 's'},
	"difftime":    {Params: "ll"},
	"div":         {Fields: "ii"},
	"fread":       {Params: ".ll", Ret: 'u'},
	"fseek":       {Params: ".l"},
	"fseeko":      {Params: ".l"},
	"ftell":       {Ret: 's'},
	"ftello":      {Ret: 's'},
	"fwrite":      {Params: ".ll", Ret: 'u'},
	"labs":        {Params: "l", Ret: 's'},
	"ldiv":        {Params: "ll", Fields: "ss"},
	"lldiv":       {Fields: "LL"},
	"lrint":       {Ret: 's'},
	"lrintf":      {Ret: 's'},
	"lround":      {Ret: 's'},
	"lroundf":     {Ret: 's'},
	"malloc":      {Params: "l"},
	"memchr":      {Params: "..l"},
	"memcmp":      {Params: "..l"},
	"memcpy":      {Params: "..l"},
	"memmove":     {Params: "..l"},
	"memset":      {Params: "..l"},
	"mktime":      {Ret: 's'},
	"qsort":       {Params: ".ll"},
	"realloc":     {Params: ".l"},
	"setvbuf":     {Params: "...l"},
	"snprintf":    {Params: ".l"},
	"strcspn":     {Ret: 'u'},
	"strftime":    {Params: ".l", Ret: 'u'},
	"strlen":      {Ret: 'u'},
	"strncasecmp": {Params: "..l"},
	"strncat":     {Params: "..l"},
	"strncmp":     {Params: "..l"},
	"strncpy":     {Params: "..l"},
	"strndup":     {Params: ".l"},
	"strnlen":     {Params: ".l", Ret: 'u'},
	"strspn":      {Ret: 'u'},
	"strtol":      {Ret: 's'},
	"strtoul":     {Ret: 'u'},
	"strxfrm":     {Params: "..l", Ret: 'u'},
	"time":        {Ret: 's'},
	"vsnprintf":   {Params: ".l"},
}

// LP64Entries maps library functions to the runtime's entry points for
// LP64 IR (x86-64, AArch64, RISC-V 64), where a C long and a pointer are 8
// bytes: the printf and scanf families (runtime/cpu0/printf.c, scanf.c),
// where %ld, %zu and %td read a 64-bit argument as LP64 IR passes them, or
// store 8 bytes; and the functions whose arguments or results point at
// structures with long or pointer fields (struct tm, struct lconv) or at a
// time_t (runtime/cpu0/timefmt.c, stdlib.c), which read and write them in
// the IR's layout. Their scalar parameters and results stay the runtime's
// (LibProtos adapts them by the original name).
var LP64Entries = map[string]string{
	"printf":   "__lp64_printf",
	"fprintf":  "__lp64_fprintf",
	"sprintf":  "__lp64_sprintf",
	"snprintf": "__lp64_snprintf",
	"scanf":    "__lp64_scanf",
	"fscanf":   "__lp64_fscanf",
	"sscanf":   "__lp64_sscanf",
	// glibc's <stdio.h> renames the scanf family.
	"__isoc99_scanf":  "__lp64_scanf",
	"__isoc99_fscanf": "__lp64_fscanf",
	"__isoc99_sscanf": "__lp64_sscanf",
	"localeconv":      "__lp64_localeconv",
	"time":            "__lp64_time",
	"gmtime":          "__lp64_gmtime",
	"localtime":       "__lp64_gmtime", // no time zone: local time is UTC
	"gmtime_r":        "__lp64_gmtime_r",
	"localtime_r":     "__lp64_gmtime_r",
	"mktime":          "__lp64_mktime",
	"strftime":        "__lp64_strftime",
	"asctime":         "__lp64_asctime",
	"ctime":           "__lp64_ctime",
}

// lp64 reports whether the module's datalayout has 64-bit pointers: LP64
// IR (x86-64), whose C long is 64 bits.
func (t *translator) lp64() bool { return t.hasLayout && t.lay.PtrSize == 8 }

// libSymbol is the symbol a direct call to the function name reaches:
// LP64 IR calls the LP64 entry points of LP64Entries.
func (s *fn) libSymbol(name string) string {
	if v, ok := LP64Entries[name]; ok && s.t.lp64() && !s.t.defined[name] {
		return v
	}
	return name
}

// libProtoOf returns the runtime prototype a direct call to name must
// follow, if name is a library function the module does not define.
func (s *fn) libProtoOf(name string) (LibProto, bool) {
	p, ok := LibProtos[name]
	if !ok || s.t.defined[name] {
		return LibProto{}, false
	}
	return p, true
}

// narrowsParam reports whether argument i of type t passes only its low
// word: an i64 where the runtime takes a long or size_t.
func (p LibProto) narrowsParam(i int, t types.Type) bool {
	return i < len(p.Params) && p.Params[i] == 'l' && t.Equal(types.I64)
}

// widensRet reports whether a result of type t is the runtime's one word,
// extended (signed or not) to the IR's i64.
func (p LibProto) widensRet(t types.Type) (widen, signed bool) {
	return p.Ret != 0 && t.Equal(types.I64), p.Ret == 's'
}

// memRet reports whether a call returning rt directly (no sret argument
// in the IR: registers, or the hidden pointer of a result of more than
// two words) gets the runtime's struct in its own layout instead.
func (p LibProto) memRet(rt types.Type) bool {
	return p.Fields != "" && !rt.Equal(types.Void)
}

// libRetSlot allocates the frame object the runtime writes p's result
// struct to.
func (s *fn) libRetSlot(p LibProto) int {
	size, align := int64(0), int64(4)
	for _, f := range p.Fields {
		if f == 'L' {
			size, align = (size+7)&^7+8, 8
		} else {
			size += 4
		}
	}
	return s.f.NewFrameObject(mir.FrameObject{Size: (size + align - 1) &^ (align - 1), Align: align, Name: "result"})
}

// libRetWords reads the runtime's result struct from slot and returns the
// words of the IR's result of type rt: the fields' words in order (the
// IR's i64 or [2 x i32] for two ints, little-endian as the IR of triples
// that return structs in registers is), each long widened to two words
// when the IR's result has twice the runtime's words (LP64's { i64, i64 }).
func (s *fn) libRetWords(p LibProto, slot int, rt types.Type) []mir.Reg {
	var words []mir.Reg
	var kinds []byte
	off := int64(0)
	for _, f := range []byte(p.Fields) {
		if f == 'L' {
			off = (off + 7) &^ 7
			words = append(words, s.loadT(types.I64, mir.FI(slot, 0), off, 8, nil)...)
			kinds = append(kinds, 'L', 'L')
			off += 8
			continue
		}
		words = append(words, s.loadT(types.I32, mir.FI(slot, 0), off, 4, nil)...)
		kinds = append(kinds, f)
		off += 4
	}
	want := s.nwords(rt)
	switch want {
	case len(words):
		return words
	case 2 * len(words):
		var out []mir.Reg
		for i, w := range words {
			out = append(out, s.wresize([]mir.Reg{w}, 2, kinds[i] != 'u')...)
		}
		return out
	}
	fail("unsupported: result of type '%s' from the C library's struct {%s}", rt, p.Fields)
	return nil
}
