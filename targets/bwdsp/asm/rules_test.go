package asm

import (
	"strings"
	"testing"
)

// TestBundleRules checks each rule of spec §2.4: every bundle of bad is
// rejected with a message naming the rule, every bundle of good is
// accepted.
func TestBundleRules(t *testing.T) {
	cases := []struct {
		rule string
		bad  []string
		good []string
	}{
		{"bundle rule 1 (at most 16 instructions)",
			[]string{"xR1 = R2 + R3 || yR1 = R2 + R3 || zR1 = R2 + R3 || tR1 = R2 + R3 || " +
				"xR4 = R2 * R3 || yR4 = R2 * R3 || zR4 = R2 * R3 || tR4 = R2 * R3 || " +
				"xR5 = R2 << R3 || yR5 = R2 << R3 || zR5 = R2 << R3 || tR5 = R2 << R3 || " +
				"xR6 = R2 / R3 || yR6 = R2 / R3 || zR6 = R2 / R3 || tR6 = R2 / R3 || xR7 = [U0]"},
			[]string{"xR1 = R2 + R3 || yR1 = R2 + R3 || zR1 = R2 + R3 || tR1 = R2 + R3 || " +
				"xR4 = R2 * R3 || yR4 = R2 * R3 || zR4 = R2 * R3 || tR4 = R2 * R3 || " +
				"xR5 = R2 << R3 || yR5 = R2 << R3 || zR5 = R2 << R3 || tR5 = R2 << R3 || " +
				"xR6 = R2 / R3 || yR6 = R2 / R3 || zR6 = R2 / R3 || tR6 = R2 / R3"}},
		{"bundle rule 2 (one ALU, MUL, SHF and SPU operation per macro)",
			[]string{
				"xyztR0 = R1 + R2 || yR3 = R4 - R5",                    // ALU of y twice
				"xyztCP1 = R10 > R14 (F) || xyztR13 = CP1 ? R12 : R11", // §2.8: compare and select
				"xR1 = R2 * R3 || xR4 = mulh(R2, R3)",
				"zR1 = R2 << #1 || zR4 = sext8 R2",
				"tR1 = R2 / R3 || tR4 = sqrt R2 (F)",
				"xCP1 = 1 || xCP2 = CP1 & CP3"},
			[]string{
				"xyztR0 = R1 + R2 || xyztR3 = R4 * R5 || xyztR6 = R7 << R8 || xyztR9 = R10 / R11",
				"xyztR12 = R10 * R11 (F) || xyztCP1 = R10 > R14 (F)", // §2.8: mul packs with compare
				"xR1 = R2 + R3 || yR1 = R2 + R3 || zR1 = R2 + R3 || tR1 = R2 + R3"}},
		{"bundle rule 3 (at most 2 loads and 2 stores)",
			[]string{"xR1 = [U0] || yR1 = [V0] || zR1 = [W0]", "[U0] = xR1 || [V0] = yR1 || [W0] = zR1"},
			[]string{"xyztR10 = [U0 += 16] || xyztR11 = [V0 += 16] || [U1] = xyztR1 || [V1 + 16] = xyztR2"}},
		{"bundle rule 4 (one write per address family)",
			[]string{
				"xR1 = [U0 += 4] || yR1 = [U1 += 4]",
				"LC0 = 64 || U1 = #3",
				"RA = xR1 || U2 = #0",
				"U1 = xR2 || [U0 += 4] = xR1",
				"V1 = V2 + V3 || V4 = #1"},
			[]string{
				"xR1 = [U0 += 4] || yR1 = [V1 += 4] || W1 = W2 + #4",
				"LC0 = 64 || xyztR14 = #0", // §2.8 bundle 1
				"U1 = #2 || if LC0 b #0",   // the LCn decrement is not charged
				"xR1 = [U0 + 4] || yR1 = [U1 + 4] || U2 = #0"}},
		{"bundle rule 5 (one transfer per destination macro)",
			[]string{"yR1 = xR2 || yzR3 = tR4", "xR1 = U0 || xR2 = yR3", "zR1 = RA || zR2 = xR2"},
			[]string{"yztR1 = xR5 || xR1 = U0", "xR1 = yR1 || yR1 = zR1 || zR1 = tR1 || tR1 = xR1"}},
		{"bundle rule 6 (one control instruction, last)",
			[]string{"b #0 || if LC0 b #0", "halt || xR1 = R2 + R3", "ret || halt"},
			[]string{"xR1 = R2 + R3 || ret", "[W0 += 16] = xyztR13 || if LC0 b #0"}},
		{"bundle rule 7 (unique writers)",
			[]string{
				"xR1 = R2 + R3 || xR1 = R4 * R5",
				"(CP1) xR1 = R2 + R3 || (!CP1) xR1 = R2 * R3", // even under complementary guards
				"xR1 = [U0] || xR1 = yR2",
				"U0 = #1 || xR1 = [U0 += 4]",
				"LC0 = 5 || if LC0 b #0",
				"RA = xR1 || call #0",
				"xCP1 = R2 < R3 || yR1 = R2 + R3 || xCP1 = !CP2"},
			[]string{"xR1 = R2 + R3 || yR1 = xR1 || xR2 = [U0 += 4] || yCP1 |= R1 < R2"}},
		{"bundle rule 8 (immediate range)",
			[]string{"xR1 = R2 + #40000", "xR1 = R2 + #-32769", "xR1 = R2 << #32", "xR1 = [U0 + 40000]",
				"U1 = U2 + #32768", "xCP1 = R1 < #65535", "if xR1 < #70000 b #0", "xR1 = [U0 + 4]:65536",
				"U1 = U2 << #-1"},
			[]string{"xR1 = #40000", "U0 = #0x12345678", "LC0 = #100000", "xR1 = R2 + #32767",
				"xR1 = R2 + #-32768", "xR1 = R2 >>> #31", "xR1 = [U0 - 32768]"}},
	}
	for _, c := range cases {
		for _, src := range c.bad {
			_, err := Assemble("r.s", src+"\n")
			if err == nil {
				t.Errorf("%s: %q accepted", c.rule, src)
			} else if !strings.Contains(err.Error(), c.rule) {
				t.Errorf("%s: %q rejected with %v", c.rule, src, err)
			}
		}
		for _, src := range c.good {
			if _, err := Assemble("r.s", src+"\n"); err != nil {
				t.Errorf("%s: %q rejected: %v", c.rule, src, err)
			}
		}
	}
}

// TestWiredWrites checks the rule 7 exception (§2.5): wired-OR writes (ON,
// OC) may share a predicate, as may wired-AND writes (AN, AC), but not a
// mix of the two nor with an ordinary write. BWL's one-ALU-per-macro rule
// keeps two compares writing one m.CPk out of a single bundle anyway, so
// the exception shows in the checker's messages: rule 2 only for the
// wired pairs, rule 2 and rule 7 for the others.
func TestWiredWrites(t *testing.T) {
	for src, want7 := range map[string]bool{
		"xCP1 |= R1 < R2 || xCP1 |= !(R3 < R4)": false,
		"xCP1 &= R1 < R2 || xCP1 &= !(R3 < R4)": false,
		"xCP1 |= R1 < R2 || xCP1 &= R3 < R4":    true,
		"xCP1 |= R1 < R2 || xCP1 = R3 < R4":     true,
	} {
		_, err := Assemble("w.s", src+"\n")
		if err == nil || !strings.Contains(err.Error(), "bundle rule 2") {
			t.Errorf("%q: want a rule 2 error, got %v", src, err)
			continue
		}
		if got := strings.Contains(err.Error(), "bundle rule 7"); got != want7 {
			t.Errorf("%q: rule 7 reported = %v, want %v: %v", src, got, want7, err)
		}
	}
}

// TestSyntaxErrors checks operand constraints and messages with
// file:line:col positions.
func TestSyntaxErrors(t *testing.T) {
	cases := map[string]string{
		"xR1 = yR2 + R3":      "r.s:1:7: source registers of a compute instruction take no macro prefix",
		"xCP1, CP1 = R2 < R3": "r.s:1:1: the UN,UC compare writes two different predicates",
		"xR1 = R2 + yR3":      "r.s:1:12: expected a source register without macro prefix",
		"R1 = R2":             "r.s:1:1: the destination needs a macro mask",
		"yxR1 = R2":           "r.s:1:1: expected an instruction",
		"(CP1) b #0":          "r.s:1:1: control instructions take no guard prefix",
		"(CP1) U1 = #0":       "r.s:1:1: an address-unit instruction has no lanes: its guard must name a macro",
		"(xCP1) yR1 = R2":     "r.s:1:1: the guard of a lane instruction reads its own lanes",
		"xyR1 = U0":           "r.s:1:1: MOVFA writes a single macro",
		"xR1 = R2 & R3 (F)":   `r.s:1:10: "&" does not take the (F) modifier`,
		"xR1 = R2 + R3 (Q)":   `r.s:1:15: unexpected "("`,
		"xR1 = #sym":          `r.s:1:8: undefined symbol "sym"`,
		"xR1 = R2 + sym":      "r.s:1:12: a symbol immediate needs `#`",
		"xCP1 = CP0 && R1 < R2 || (CP2) yCP1 = CP0 && R1 < R2": "r.s:1:26: the UN/UC compare is always written and takes no guard prefix",
		"b data":                   `r.s:1:3: branch target "data" is a data label`,
		"U0 = #0x100000000":        "r.s:1:7: immediate 4294967296 does not fit in 32 bits",
		"xR1 = [U0 + 0x100000004]": "r.s:1:13: immediate 4294967300 does not fit in 32 bits",
		"xCP1, CP2 |= R1 < R2":     "r.s:1:11: the UN,UC pair is written with `=`",
		"xr5: halt":                `r.s:1:1: label "xr5" is a register name`,
		"xR1 = R2 +":               "r.s:1:11: expected an immediate, found end of instruction",
		"xR1 = R2 ||\n\n  yR1 = R2 || zR1 = [Q0 + 1]": "r.s:3:22: expected an address register",
	}
	for src, want := range cases {
		_, err := Assemble("r.s", src+"\n.data\ndata: .word 0\n")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got error %v, want %q", src, err, want)
		}
	}
}

// TestSyntaxVariants checks spellings the spec allows: mask separated from
// the register, upper case, `#` omitted before numbers, bundles continued
// with a trailing `||`, labels alone or before a bundle.
func TestSyntaxVariants(t *testing.T) {
	src := `
start:
	XYZT R0 = R1 + R2 || LC0 = 64     // mask, case and missing #
	xyztR0 = [U0 += 16] ||
	  xyztR1 = [V0 += 16] ||
	  xCP1 = !(R1 < R2 (u)) ||
	  if LC0 b start
done: halt
`
	p, err := Assemble("v.s", src)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Bundles) != 3 || len(p.Bundles[1]) != 4 || p.Lines[1] != 4 {
		t.Fatalf("bundles %v lines %v", p.Bundles, p.Lines)
	}
	if p.Labels["start"] != 0 || p.Labels["done"] != 2 {
		t.Errorf("labels %v", p.Labels)
	}
	if got := FormatBundle(p.Bundles[0]); got != "xyztR0 = R1 + R2 || LC0 = #64" {
		t.Errorf("got %q", got)
	}
	if got := p.Bundles[1][2].String(); got != "xCP1 = !(R1 < R2) (U)" {
		t.Errorf("got %q", got)
	}
}
