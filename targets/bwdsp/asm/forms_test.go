package asm

import (
	"reflect"
	"strings"
	"testing"

	bw "lltosimd/targets/bwdsp"
)

// formSamples has at least one instruction of every form of the table
// (TestEveryFormHasASample checks it), with guards, strides, negative and
// symbolic immediates mixed in.
var formSamples = []string{
	// ALU
	"xyztR1 = R2 + R3", "xR1 = R2 - R3", "yR1 = R2 + R3 (F)", "zR1 = R2 - R3 (F)", "tR1 = R2 & R3",
	"xR1 = R2 | R3", "xR1 = R2 ^ R3", "xR1 = R2 + #-5", "xR1 = R2 - #7", "xR1 = R2 & #255", "xR1 = R2 | 1",
	"xR1 = R2 ^ #-1", "xyR1 = R2", "xR1 = #-100000", "xR1 = #0xffffffff", "xR1 = #L", "xR1 = -R2", "xR1 = ~R2",
	"xR1 = abs R2", "xR1 = -R2 (F)", "xR1 = abs R2 (F)", "xR1 = min(R2, R3)", "xR1 = max(R2, R3)",
	"xR1 = min(R2, R3) (U)", "xR1 = max(R2,R3) (U)", "xR1 = min(R2, R3) (F)", "xR1 = max(R2, R3) (F)",
	"xR1 = CP2 ? R3 : R4", "(!CP5) xzR1 = CP2 ? R3 : R4", "xR1 = float R2", "xR1 = float R2 (U)", "xR1 = fix R2",
	"xCP1 = R2 < R3", "xCP1 = R2 <= R3 (U)", "xyztCP1 = R2 > R3 (F)", "xCP1 = R2 == #-3", "xCP1 = R2 >= #3 (U)",
	"xCP1 = !(R2 != R3)", "(CP0) xCP1 = R2 < R3", "xCP1 = CP0 && R2 < R3", "xCP1 = CP0 && !(R2 < R3)",
	"(!CP2) xCP1 |= R2 < R3", "xCP1 |= !(R2 < R3)", "xCP1 &= R2 < R3", "xCP1 &= !(R2 < #4)", "xCP1, CP2 = R3 < R4",
	"xCP1, CP2 = CP0 && R3 < R4 (F)", "xCP1 = CP2 & CP3", "xCP1 = CP2 | CP3", "xCP1 = CP2 ^ CP3", "xCP1 = !CP2",
	"xyztCP1 = 0", "xCP1 = 1",
	// MUL
	"xR1 = R2 * R3", "xR1 = R2 * R3 (U)", "xR1 = R2 * R3 (F)", "xR1 = mulh(R2, R3)", "xR1 = mulh(R2, R3) (U)",
	// SHF
	"xR1 = R2 << R3", "xR1 = R2 >> R3", "xR1 = R2 >>> R3", "xR1 = R2 << #31", "xR1 = R2 >> #1", "xR1 = R2 >>> 0",
	"xR1 = sext8 R2", "xR1 = sext16 R2", "xR1 = zext8 R2", "xR1 = zext16 R2",
	// SPU
	"xR1 = R2 / R3", "xR1 = R2 / R3 (U)", "xR1 = R2 / R3 (F)", "xR1 = R2 % R3", "xR1 = R2 % R3 (U)",
	"xR1 = R2 % R3 (F)", "xR1 = recip R2 (F)", "xR1 = sqrt R2 (F)",
	// transfers
	"yR3 = xR7", "yzt R1 = x R5", "(CP1) xR1 = U3", "yR1 = W15", "zR2 = RA",
	// address unit
	"U1 = xR2", "(xCP1) V2 = tR3", "RA = yR4", "U1 = #0x7fffffff", "W4 = #data", "V1 = U2 + W3", "W1 = W2 + #-8",
	"U1 = U1 << #2", "(!tCP7) LC0 = #100000", "LC3 = V1",
	// loads and stores
	"xyztR0 = [U0]", "xR0 = [U0 + 4] (B)", "(CP1) xR0 = [V0 - 4] (BU)", "xR0 = [W0 + 2] (H)", "yR0 = [U0 + 2]:0 (HU)",
	"xyztR0 = [U0 += 16]", "xR0 = [U0 += 1] (B)", "xR0 = [U0 += -1] (BU)", "xR0 = [U0 += 2] (H)",
	"xyR0 = [U0 += 2]:4 (HU)", "xyR0 = [U0 + 8]:-4", "[U0] = xyztR1", "[U0 + 1] = xR1 (B)", "[V0 + 2]:8 = xyR1 (H)",
	"[U0 += 16] = xyztR1", "[W0 += 1] = xR1 (B)", "(!CP3) [W0 += -2] = xR1 (H)",
	// control
	"b L", "b #0", "b U3", "call L", "call V2", "ret", "halt", "if xR1 < R2 b L", "if yR1 < R2 b L (U)",
	"if zR1 == R2 b L (F)", "if x R1 > #-5 b L", "if tR1 >= #5 b L (U)", "if xCP1 b L", "if !yCP1 b L",
	"if any xyztCP1 b L", "if !all xyCP2 b L", "if all zCP3 b L", "if !any tCP0 b L", "if LC2 b L",
}

func sampleProgram() string {
	return "L: nop\n" + strings.Join(formSamples, "\n") + "\n.data\n.space 4\ndata: .word 1\n"
}

func TestEveryFormHasASample(t *testing.T) {
	p, err := Assemble("samples.s", sampleProgram())
	if err != nil {
		t.Fatal(err)
	}
	seen := map[bw.Opcode]bool{}
	for _, b := range p.Bundles {
		for _, in := range b {
			seen[in.Op] = true
		}
	}
	for i, f := range bw.Forms {
		if !seen[bw.Opcode(i)] {
			t.Errorf("form %s has no sample", f.Name)
		}
	}
}

// TestRoundTrip encodes every sample, decodes it back to the same
// instructions, and checks that the disassembly assembles to the same
// words.
func TestRoundTrip(t *testing.T) {
	p, err := Assemble("samples.s", sampleProgram())
	if err != nil {
		t.Fatal(err)
	}
	words := Encode(p.Bundles)
	got, err := Decode(words)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(p.Bundles) {
		t.Fatalf("decoded %d bundles, want %d", len(got), len(p.Bundles))
	}
	for i := range got {
		if len(got[i]) == 0 && len(p.Bundles[i]) == 0 {
			continue
		}
		if !reflect.DeepEqual(got[i], p.Bundles[i]) {
			t.Errorf("bundle %d: decoded %+v, want %+v", i, got[i], p.Bundles[i])
		}
	}
	text := Disassemble(&bw.Program{Bundles: got, Data: p.Data})
	p2, err := Assemble("disasm.s", text)
	if err != nil {
		t.Fatalf("disassembly does not assemble: %v\n%s", err, text)
	}
	if w2 := Encode(p2.Bundles); !reflect.DeepEqual(w2, words) {
		t.Errorf("disassembly assembles to different words:\n%s", text)
	}
	if !reflect.DeepEqual(p2.Data, p.Data) {
		t.Errorf("data differs after round trip")
	}
	// Each sample prints back as itself, up to spelling (spacing, `#`,
	// labels as bundle numbers): reassembling one printed instruction
	// gives the same instruction.
	for i, b := range p.Bundles[1:] {
		in := b[0]
		q, err := Assemble("one.s", "L: nop\n"+in.String()+"\n.data\n.space 4\ndata: .word 1\n")
		if err != nil {
			t.Errorf("%q printed as %q: %v", formSamples[i], in.String(), err)
			continue
		}
		if !reflect.DeepEqual(q.Bundles[1][0], in) {
			t.Errorf("%q printed as %q reassembles to %+v", formSamples[i], in.String(), q.Bundles[1][0])
		}
	}
}

// TestDecodeRejects checks that the decoder refuses words no assembly
// produces.
func TestDecodeRejects(t *testing.T) {
	p, err := Assemble("a.s", "xR1 = R2 + R3 || yR1 = R2 + R3\n")
	if err != nil {
		t.Fatal(err)
	}
	good := Encode(p.Bundles)
	cases := map[string][]uint32{
		"truncated":         good[:4],
		"no end of bundle":  good[:3],
		"unknown opcode":    {bitE | 200<<opShift | 1<<maskShift, 0, 0},
		"register range":    {bitE | uint32(bw.OpByName["PNOT"])<<opShift | 1<<maskShift, 0, 0},
		"rule 2 (two ALUs)": append(append([]uint32{}, good[:3]...), good[:3]...),
		"reserved bits":     append([]uint32{good[0] | bitE, good[1] | 1<<3}, good[2]),
		"guard fields":      append([]uint32{good[0] | bitE, good[1] | 3<<25}, good[2]),
	}
	// make the last case end its bundle
	cases["rule 2 (two ALUs)"][3] |= bitE
	cases["rule 2 (two ALUs)"][0] &^= bitE
	cases["register range"][0] |= 63 << rdShift // CPd is only 3 bits wide
	for name, w := range cases {
		if _, err := Decode(w); err == nil {
			t.Errorf("%s: decoded without error", name)
		}
	}
}
