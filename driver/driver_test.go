package driver

import (
	"strings"
	"testing"

	"lltosimd/targets"
)

func TestCompile(t *testing.T) {
	const body = "define i32 @f(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n"
	cases := []struct {
		layout, march, wantMarch string
		wantPtr                  int
	}{
		{`target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"`, "", "cpu0el", 4},
		{`target datalayout = "E-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"`, "", "cpu0", 4},
		{`target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"`, "", "cpu0el", 8},
		{"", "", "cpu0", 8}, // LLVM's default layout
		{`target datalayout = "e-p:32:32"`, "cpu0", "cpu0", 4},
	}
	for _, c := range cases {
		var warn strings.Builder
		res, err := Compile("t.ll", []byte(c.layout+"\n"+body), Options{March: c.march, Warnings: &warn})
		if err != nil {
			t.Fatalf("%q: %v", c.layout, err)
		}
		tgt, _ := targets.Lookup(c.wantMarch)
		if res.March != c.wantMarch || res.PtrSize != c.wantPtr || res.MCPU != tgt.CPUs()[0] {
			t.Errorf("%q: march %s, ptr %d, mcpu %s; want %s, %d, the first CPU", c.layout, res.March, res.PtrSize, res.MCPU, c.wantMarch, c.wantPtr)
		}
		if !strings.Contains(string(res.Out), "f:") {
			t.Errorf("%q: no code for f:\n%s", c.layout, res.Out)
		}
		// Only an explicit -march can disagree with the IR's byte order.
		if got := strings.Contains(warn.String(), "little-endian but -march=cpu0 is big-endian"); got != (c.march == "cpu0") {
			t.Errorf("%q: warnings %q", c.layout, warn.String())
		}
	}
	if _, err := Compile("t.ll", []byte(body), Options{MCPU: "cpu099"}); err == nil || !strings.Contains(err.Error(), "unknown CPU 'cpu099'") {
		t.Errorf("bad -mcpu: %v", err)
	}
	if _, err := Compile("t.ll", []byte("define i32 @f() {\n  ret i32 %x y\n}\n"), Options{}); err == nil || !strings.HasPrefix(err.Error(), "t.ll:2:") {
		t.Errorf("syntax error: %v", err)
	}
}
