package cpu0

import (
	"fmt"
	"testing"

	"lltosimd/mir"
)

// Descriptors of the tests.
var (
	dI32   = mir.MakeArgDesc(1, 0)
	dI64   = mir.MakeArgDesc(2, mir.ArgAlign8)
	dByVal = mir.MakeByValDesc(10, 4)
)

func lowerText(t *testing.T, hdr, body string) (*mir.Func, string) {
	t.Helper()
	f := parseFunc(t, hdr+"body:\n"+body)
	if _, err := LowerCalls(f); err != nil {
		t.Fatal(err)
	}
	verify(t, f)
	return f, bodyText(f)
}

func checkFixed(t *testing.T, f *mir.Func, want map[int64]int64) {
	t.Helper()
	got := map[int64]int64{}
	for _, o := range f.Frame {
		if o.Fixed {
			got[o.Offset] = o.Size
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("fixed objects (offset:size) = %v, want %v", got, want)
	}
}

// Spec §2: words 0 and 1 in $a0/$a1, the third at 8($sp) of the incoming
// frame; an i64 starts in $a0 or at an 8-aligned offset.
func TestLowerIncomingArgs(t *testing.T) {
	f, got := lowerText(t, "", fmt.Sprintf(`bb0:
  %%0:gpr, %%1:gpr, %%2:gpr, %%3:gpr = G_ARGS %d, %d, %d
  G_RET %%0, %%3
`, dI32, dI64, dI32))
	want := `bb0:
  %0:gpr = COPY $4
  %1:gpr = LD fi#0, 0
  %2:gpr = LD fi#1, 0
  %3:gpr = LD fi#2, 0
  $2 = COPY %0
  $3 = COPY %3
  RET $lr, implicit $2, implicit $3
`
	if norm(got) != norm(want) {
		t.Errorf("got\n%swant\n%s", got, want)
	}
	checkFixed(t, f, map[int64]int64{8: 4, 12: 4, 16: 4})

	f, got = lowerText(t, "", fmt.Sprintf(`bb0:
  %%0:gpr, %%1:gpr, %%2:gpr = G_ARGS %d, %d
  G_RET %%2
`, dI64, dI32))
	want = `bb0:
  %0:gpr = COPY $4
  %1:gpr = COPY $5
  %2:gpr = LD fi#0, 0
  $2 = COPY %2
  RET $lr, implicit $2
`
	if norm(got) != norm(want) {
		t.Errorf("got\n%swant\n%s", got, want)
	}
	checkFixed(t, f, map[int64]int64{8: 4})
}

// A byval object that starts in registers is completed in the home area so
// that its address is that of one contiguous fixed object; a variadic
// function spills the remaining argument registers and va_start points at
// the first variadic word.
func TestLowerByValAndVarargs(t *testing.T) {
	f, got := lowerText(t, "attrs: vararg\n", fmt.Sprintf(`bb0:
  %%0:gpr, %%1:gpr = G_ARGS %d, %d
  %%2:gpr = G_VASTART
  G_RET %%0, %%2
`, dI32, dByVal))
	want := `bb0:
  %0:gpr = COPY $4
  %3:gpr = COPY $5
  ST %3, fi#0, 0
  %1:gpr = G_FRAME_ADDR fi#0
  %2:gpr = G_FRAME_ADDR fi#1
  $2 = COPY %0
  $3 = COPY %2
  RET $lr, implicit $2, implicit $3
`
	if norm(got) != norm(want) {
		t.Errorf("got\n%swant\n%s", got, want)
	}
	// The 10-byte object occupies 12 bytes from offset 4; varargs start at 16.
	checkFixed(t, f, map[int64]int64{4: 12, 16: 4})

	f, got = lowerText(t, "attrs: vararg\n", fmt.Sprintf(`bb0:
  %%0:gpr = G_ARGS %d
  %%1:gpr = G_VASTART
  G_RET %%1
`, dI32))
	want = `bb0:
  %0:gpr = COPY $4
  %2:gpr = COPY $5
  ST %2, fi#0, 0
  %1:gpr = G_FRAME_ADDR fi#0
  $2 = COPY %1
  RET $lr, implicit $2
`
	if norm(got) != norm(want) {
		t.Errorf("got\n%swant\n%s", got, want)
	}
	checkFixed(t, f, map[int64]int64{4: 4})
}

// Outgoing arguments: $a0/$a1, then ST to 8($sp)…; an i64 after three
// words skips offset 12 to start 8-aligned; the area is recorded in
// MaxCallArgs.
func TestLowerCall(t *testing.T) {
	f, got := lowerText(t, "", fmt.Sprintf(`bb0:
  %%0:gpr = COPY $4
  %%1:gpr, %%2:gpr = G_CALL @g, %d, %%0, %d, 7, %d, %%0, %d, %%0, %%0
  %%3:gpr = G_CALL %%1
  G_RET %%3
`, dI32, dI32, dI32, dI64))
	want := `bb0:
  %0:gpr = COPY $4
  %4:gpr = G_CONST 7
  ST %0, $sp, 8
  ST %0, $sp, 16
  ST %0, $sp, 20
  $4 = COPY %0
  $5 = COPY %4
  JSUB @g, implicit-def $lr, implicit $4, implicit $5, implicit-def $2, implicit-def $3
  %1:gpr = COPY $2
  %2:gpr = COPY $3
  JALR %1, implicit-def $lr, implicit-def $2, implicit-def $3
  %3:gpr = COPY $2
  $2 = COPY %3
  RET $lr, implicit $2
`
	if norm(got) != norm(want) {
		t.Errorf("got\n%swant\n%s", got, want)
	}
	if !f.HasCalls || f.MaxCallArgs != 24 {
		t.Errorf("HasCalls=%v MaxCallArgs=%d, want true 24", f.HasCalls, f.MaxCallArgs)
	}
}

// A byval argument is copied word by word into the argument slots. Words
// of an object not known to be 4-aligned, and the last partial word, are
// assembled in a stack slot with byte accesses, which works in both byte
// orders.
func TestLowerByValCall(t *testing.T) {
	f, got := lowerText(t, "frame:\n  fi#0: size=12 align=4 name=s\n", fmt.Sprintf(`bb0:
  %%0:gpr = COPY $4
  %%1:gpr = G_FRAME_ADDR fi#0
  G_CALL @h, %d, %%0
  G_CALL @h, %d, %%1
  G_RET
`, dByVal, dByVal))
	want := `bb0:
  %0:gpr = COPY $4
  %1:gpr = G_FRAME_ADDR fi#0
  %2:gpr = G_LOAD8U %0, 0
  G_STORE8 %2, fi#1, 0
  %3:gpr = G_LOAD8U %0, 1
  G_STORE8 %3, fi#1, 1
  %4:gpr = G_LOAD8U %0, 2
  G_STORE8 %4, fi#1, 2
  %5:gpr = G_LOAD8U %0, 3
  G_STORE8 %5, fi#1, 3
  %6:gpr = G_LOAD32 fi#1, 0
  %7:gpr = G_LOAD8U %0, 4
  G_STORE8 %7, fi#1, 0
  %8:gpr = G_LOAD8U %0, 5
  G_STORE8 %8, fi#1, 1
  %9:gpr = G_LOAD8U %0, 6
  G_STORE8 %9, fi#1, 2
  %10:gpr = G_LOAD8U %0, 7
  G_STORE8 %10, fi#1, 3
  %11:gpr = G_LOAD32 fi#1, 0
  %12:gpr = G_LOAD8U %0, 8
  G_STORE8 %12, fi#1, 0
  %13:gpr = G_LOAD8U %0, 9
  G_STORE8 %13, fi#1, 1
  %14:gpr = G_LOAD32 fi#1, 0
  ST %14, $sp, 8
  $4 = COPY %6
  $5 = COPY %11
  JSUB @h, implicit-def $lr, implicit $4, implicit $5, implicit-def $2, implicit-def $3
  %15:gpr = G_LOAD32 %1, 0
  %16:gpr = G_LOAD32 %1, 4
  %17:gpr = G_LOAD8U %1, 8
  G_STORE8 %17, fi#1, 0
  %18:gpr = G_LOAD8U %1, 9
  G_STORE8 %18, fi#1, 1
  %19:gpr = G_LOAD32 fi#1, 0
  ST %19, $sp, 8
  $4 = COPY %15
  $5 = COPY %16
  JSUB @h, implicit-def $lr, implicit $4, implicit $5, implicit-def $2, implicit-def $3
  RET $lr
`
	if norm(got) != norm(want) {
		t.Errorf("got\n%swant\n%s", got, want)
	}
	if f.MaxCallArgs != 16 {
		t.Errorf("MaxCallArgs=%d, want 16", f.MaxCallArgs)
	}
}

func TestLowerCallsRejectsMalformed(t *testing.T) {
	for name, body := range map[string]string{
		"short":    "bb0:\n  G_CALL @g, 2, %0\n  G_RET\n",
		"ret3":     "bb0:\n  G_RET %0, %0, %0\n",
		"argsdefs": "bb0:\n  %1:gpr = G_ARGS 2\n  G_RET\n",
	} {
		f := parseFunc(t, "body:\n"+body)
		if _, err := LowerCalls(f); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
