package driver

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"lltosimd/frontend"
	"lltosimd/mir"
	"lltosimd/passes"
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

// pipelineModule is a module of n functions; function warn[i] makes the
// frontend warn, function bad (if >= 0) is unsupported, and with addr a
// function body takes the address of a block of function 0.
func pipelineModule(n, bad int, warn []int, addr bool) string {
	var b strings.Builder
	b.WriteString("target datalayout = \"e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64\"\n@g4 = global i32 0, align 4\n")
	for i := range n {
		fmt.Fprintf(&b, "define i32 @f%d(i32 %%x) {\nentry:\n  %%y = mul i32 %%x, %d\n  %%c = icmp slt i32 %%y, 0\n  br i1 %%c, label %%neg, label %%pos\nneg:\n  ret i32 %%x\npos:\n", i, i+3)
		if slices.Contains(warn, i) {
			b.WriteString("  %w = load i32, i32* @g4, align 8\n")
		}
		if i == bad {
			b.WriteString("  %h = fadd half 1.0, 2.0\n")
		}
		if addr && i == n-1 {
			b.WriteString("  store i8* blockaddress(@f0, %neg), i8** bitcast (i32* @g4 to i8**)\n")
		}
		b.WriteString("  ret i32 %y\n}\n")
	}
	return b.String()
}

// TestRunTranslation: lowering functions while the passes compile the
// earlier ones (frontend.Translation.Pipelinable) changes nothing: the
// same code, the same warnings in the same order, the same first error.
func TestRunTranslation(t *testing.T) {
	tgt, _ := targets.Lookup("cpu0el")
	for _, tc := range []struct {
		name     string
		src      string
		pipeline bool
	}{
		{"plain", pipelineModule(40, -1, []int{7, 3, 31}, false), true},
		{"error", pipelineModule(40, 25, []int{7, 24, 26}, false), true},
		{"blockaddress in a body", pipelineModule(40, -1, []int{5}, true), false},
	} {
		compile := func(pipelined bool) (string, string, error) {
			ir, err := frontend.Parse("t.ll", []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			var warns strings.Builder
			fo := frontend.Options{Arch: tgt.Arch(), File: "t.ll", Src: []byte(tc.src),
				Warn: func(e *frontend.Error) { fmt.Fprintln(&warns, e) }}
			cfg := passes.NewConfig()
			cfg.Options["O"] = "0"
			plan, err := passes.NewPlan(tgt.Pipeline(), cfg, mir.PropSSA)
			if err != nil {
				t.Fatal(err)
			}
			var mod *mir.Module
			if pipelined {
				tr, err := frontend.Begin(ir, fo)
				if err != nil {
					t.Fatal(err)
				}
				if tr.Pipelinable() != tc.pipeline {
					t.Errorf("%s: Pipelinable %v", tc.name, !tc.pipeline)
				}
				checked := 0
				check := func(f *mir.Func) error { // each lowered function, before its passes
					checked++
					if f.Props != mir.PropSSA {
						return fmt.Errorf("@%s checked with properties %v", f.Name, f.Props)
					}
					return errors.Join(mir.Verify(f)...)
				}
				_, err = RunTranslation(tr, plan, passes.Dump{}, check, EmitEach(tgt, tr.Module(), cfg))
				if want := len(tr.Module().Funcs); err == nil && checked != want {
					t.Errorf("%s: %d functions checked, want %d", tc.name, checked, want)
				}
				if err != nil {
					return "", warns.String(), err
				}
				mod = tr.Module()
			} else {
				if mod, err = frontend.Translate(ir, fo); err != nil {
					return "", warns.String(), err
				}
				if _, err := plan.Run(mod, passes.Dump{}); err != nil {
					return "", warns.String(), err
				}
			}
			var out bytes.Buffer
			if err := tgt.Emit(&out, mod, targets.FileAsm, cfg); err != nil {
				t.Fatal(err)
			}
			return out.String(), warns.String(), nil
		}
		wantOut, wantWarns, wantErr := compile(false)
		for range 3 {
			out, warns, err := compile(true)
			if fmt.Sprint(err) != fmt.Sprint(wantErr) || warns != wantWarns || out != wantOut {
				t.Errorf("%s: pipelined compilation differs: error %v, want %v; warnings\n%s, want\n%s", tc.name, err, wantErr, warns, wantWarns)
			}
		}
		if strings.Count(wantWarns, "warning:") < 1 || (tc.name == "error") != (wantErr != nil) {
			t.Errorf("%s: the test module does not do what it should: warnings %q, error %v", tc.name, wantWarns, wantErr)
		}
		if tc.name == "blockaddress in a body" && !strings.Contains(wantOut, "$BA.f0.1:") {
			t.Errorf("%s: no block symbol in\n%s", tc.name, wantOut)
		}
	}
}
