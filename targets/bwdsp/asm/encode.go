package asm

import (
	"fmt"
	"strings"

	bw "lltosimd/targets/bwdsp"
)

// The project's BWL encoding (docs/bwdsp.md, "Encoding"). Program memory
// is a sequence of 32-bit words; an instruction is 3 or 4 words:
//
//	word 0: [31] E end of bundle · [30:23] opcode · [22:19] mask ·
//	        [18:13] rd · [12:7] rs · [6:1] rt · [0] X extension word follows
//	word 1: [31] guard · [30] guard negated · [29:28] guard macro ·
//	        [27:25] guard CPk · [24:22] rel · [21:18] action · [17:16] src macro ·
//	        [15] neg · [14] has CPg · [13:11] CPg · [10:8] re · [7:1] 0 ·
//	        [0] stride (1) or compare immediate (0) in the extension word
//	word 2: imm32 (immediate, offset, branch target)
//	word 3: (when X) the lane stride S or the compare immediate of BCMPI
//
// An empty bundle (nop) is the single word EmptyBundle.
const (
	bitE        = 1 << 31
	bitX        = 1
	opShift     = 23
	maskShift   = 19
	rdShift     = 13
	rsShift     = 7
	rtShift     = 1
	EmptyBundle = 0xFFFFFFFF // opcode 255 with E set: no instruction form uses it
)

// EncodeInst encodes one instruction; last sets the end-of-bundle bit.
func EncodeInst(in *bw.Inst, last bool) []uint32 {
	w0 := uint32(in.Op)<<opShift | uint32(in.Mask)<<maskShift | uint32(in.Rd)<<rdShift |
		uint32(in.Rs)<<rsShift | uint32(in.Rt)<<rtShift
	if last {
		w0 |= bitE
	}
	var w1 uint32
	g := in.Guard
	if g.On {
		w1 |= 1 << 31
		if g.Neg {
			w1 |= 1 << 30
		}
		w1 |= uint32(g.Macro)<<28 | uint32(g.K)<<25
	}
	w1 |= uint32(in.Rel)<<22 | uint32(in.Act)<<18 | uint32(in.Src)<<16 | uint32(in.Pg)<<11 | uint32(in.Re)<<8
	if in.Neg {
		w1 |= 1 << 15
	}
	if in.HasPg {
		w1 |= 1 << 14
	}
	words := []uint32{w0, w1, uint32(in.Imm)}
	switch {
	case in.HasStride:
		words[0] |= bitX
		words[1] |= 1
		words = append(words, uint32(in.Stride))
	case in.Form().Syn == bw.SynBCmpI:
		words[0] |= bitX
		words = append(words, uint32(in.Imm2))
	}
	return words
}

// Encode encodes a program's code: bundles in order.
func Encode(bundles [][]bw.Inst) []uint32 {
	var out []uint32
	for _, b := range bundles {
		if len(b) == 0 {
			out = append(out, EmptyBundle)
			continue
		}
		for i := range b {
			out = append(out, EncodeInst(&b[i], i == len(b)-1)...)
		}
	}
	return out
}

// Decode decodes program memory into bundles; every instruction is
// validated and every bundle checked against the resource rules, so a
// word sequence that no assembly could produce is rejected.
func Decode(words []uint32) ([][]bw.Inst, error) {
	var bundles [][]bw.Inst
	var cur []bw.Inst
	for i := 0; i < len(words); {
		w0 := words[i]
		if w0 == EmptyBundle {
			if len(cur) != 0 {
				return nil, fmt.Errorf("word %d: empty-bundle marker inside a bundle", i)
			}
			bundles = append(bundles, nil)
			i++
			continue
		}
		n := 3
		if w0&bitX != 0 {
			n = 4
		}
		if i+n > len(words) {
			return nil, fmt.Errorf("word %d: truncated instruction", i)
		}
		w1 := words[i+1]
		in := bw.Inst{
			Op:   bw.Opcode(w0 >> opShift & 0xff),
			Mask: bw.Mask(w0 >> maskShift & 0xf),
			Rd:   uint8(w0 >> rdShift & 0x3f),
			Rs:   uint8(w0 >> rsShift & 0x3f),
			Rt:   uint8(w0 >> rtShift & 0x3f),
			Guard: bw.Guard{On: w1&(1<<31) != 0, Neg: w1&(1<<30) != 0,
				Macro: uint8(w1 >> 28 & 3), K: uint8(w1 >> 25 & 7)},
			Rel:   bw.Rel(w1 >> 22 & 7),
			Act:   bw.Action(w1 >> 18 & 0xf),
			Src:   uint8(w1 >> 16 & 3),
			Neg:   w1&(1<<15) != 0,
			HasPg: w1&(1<<14) != 0,
			Pg:    uint8(w1 >> 11 & 7),
			Re:    uint8(w1 >> 8 & 7),
			Imm:   int32(words[i+2]),
		}
		if int(in.Op) >= len(bw.Forms) {
			return nil, fmt.Errorf("word %d: unknown opcode %d", i, in.Op)
		}
		if n == 4 {
			if w1&1 != 0 {
				in.Stride, in.HasStride = int32(words[i+3]), true
			} else {
				in.Imm2 = int32(words[i+3])
			}
		}
		if err := bw.Validate(&in); err != nil {
			return nil, fmt.Errorf("word %d: %v", i, err)
		}
		// Fields a form does not use must be zero: re-encoding must give
		// the same words, so every word sequence has one meaning.
		for k, w := range EncodeInst(&in, w0&bitE != 0) {
			if w != words[i+k] {
				return nil, fmt.Errorf("word %d: non-canonical encoding of %s", i+k, in.String())
			}
		}
		cur = append(cur, in)
		i += n
		if w0&bitE != 0 {
			if errs := bw.CheckBundle(cur); len(errs) > 0 {
				return nil, fmt.Errorf("bundle %d: %v", len(bundles), errs[0])
			}
			bundles = append(bundles, cur)
			cur = nil
		}
	}
	if len(cur) != 0 {
		return nil, fmt.Errorf("last bundle has no end-of-bundle bit")
	}
	return bundles, nil
}

// FormatBundle prints a bundle as one line of assembly (`nop` when empty).
func FormatBundle(b []bw.Inst) string {
	if len(b) == 0 {
		return "nop"
	}
	s := make([]string, len(b))
	for i := range b {
		s[i] = b[i].String()
	}
	return strings.Join(s, " || ")
}

// Disassemble prints a program as assembly that assembles back to the same
// code and data: one bundle per line (branch targets as bundle numbers
// `#n`, with a comment giving the bundle index), then the data as .byte
// lines.
func Disassemble(p *bw.Program) string {
	var b strings.Builder
	b.WriteString(".text\n")
	for i, bu := range p.Bundles {
		fmt.Fprintf(&b, "\t%s\t// %d\n", FormatBundle(bu), i)
	}
	if len(p.Data) > 0 {
		b.WriteString(".data\n")
		for i := 0; i < len(p.Data); i += 16 {
			end := min(i+16, len(p.Data))
			var s []string
			for _, c := range p.Data[i:end] {
				s = append(s, fmt.Sprintf("%#x", c))
			}
			fmt.Fprintf(&b, "\t.byte %s\n", strings.Join(s, ", "))
		}
	}
	return b.String()
}
