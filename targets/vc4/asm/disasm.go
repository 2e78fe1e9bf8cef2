package asm

import (
	"fmt"
	"math"
	"strings"

	"lltosimd/targets/vc4"
)

// Disassemble returns one instruction word in the syntax Assemble accepts;
// the text always assembles back to the same word. Words the syntax cannot
// express (reserved encodings, or non-canonical field values such as a nop
// slot with non-zero muxes) are printed as ".word 0x..." with the reason or
// the nearest instruction text in a comment.
func Disassemble(w uint64) string {
	text := disassemble(w)
	if strings.HasPrefix(text, ".word") {
		return text
	}
	if p, err := Assemble(text); err != nil || len(p.Words) != 1 || p.Words[0] != w {
		return fmt.Sprintf(".word 0x%016x # not canonical: %s", w, text)
	}
	return text
}

func disassemble(w uint64) string {
	in, err := vc4.Decode(w)
	if err != nil {
		return fmt.Sprintf(".word 0x%016x # %v", w, err)
	}
	switch in.Kind {
	case vc4.KindLoadImm:
		return disLdi(&in)
	case vc4.KindSemaphore:
		return disSema(&in)
	case vc4.KindBranch:
		return disBranch(&in)
	}
	return disALU(&in)
}

// DisassembleProgram returns a listing, one instruction per line, each
// prefixed with its byte address.
func DisassembleProgram(words []uint64) string {
	var sb strings.Builder
	for i, w := range words {
		fmt.Fprintf(&sb, "/* %04x: %016x */ %s\n", i*8, w, Disassemble(w))
	}
	return sb.String()
}

func destName(sp vc4.Space, addr uint8) string {
	if n := vc4.WriteRegs[sp][addr].Name; n != "" {
		return n
	}
	return [2]string{"ra", "rb"}[sp] + fmt.Sprint(addr)
}

func srcRegName(sp vc4.Space, addr uint8) string {
	if n := vc4.ReadRegs[sp][addr].Name; n != "" && addr != vc4.AddrNop {
		return n
	}
	return [2]string{"ra", "rb"}[sp] + fmt.Sprint(addr)
}

func hexOrDec(v uint32) string {
	if v < 256 {
		return fmt.Sprint(v)
	}
	return fmt.Sprintf("0x%x", v)
}

func disLdi(in *vc4.Instr) string {
	mnem := "ldi"
	val := hexOrDec(in.Imm)
	if in.LdiMode != vc4.LdiWord {
		var el []string
		neg, big := false, false
		for i := 0; i < vc4.Lanes; i++ {
			v := int32(vc4.LoadImmLane(in.LdiMode, in.Imm, i))
			neg, big = neg || v < 0, big || v > 1
			el = append(el, fmt.Sprint(v))
		}
		val = "[" + strings.Join(el, ",") + "]"
		if in.LdiMode == vc4.LdiSigned2 && !neg {
			mnem = "ldipes"
		} else if in.LdiMode == vc4.LdiUnsigned2 && !big {
			mnem = "ldipeu"
		}
	}
	pack := packSuffix(in, false)
	s := fmt.Sprintf("%s%s%s %s%s, %s", mnem, vc4.CondSuffix[in.CondAdd], setf(in.SF),
		destName(in.AddWriteSpace(), in.WaddrAdd), pack[0], val)
	if in.CondMul != vc4.CondNever || in.WaddrMul != vc4.AddrNop {
		s += fmt.Sprintf("; %s%s %s%s, %s", mnem, vc4.CondSuffix[in.CondMul],
			destName(in.MulWriteSpace(), in.WaddrMul), pack[1], val)
	}
	return s
}

func setf(sf bool) string {
	if sf {
		return ".setf"
	}
	return ""
}

func disSema(in *vc4.Instr) string {
	mnem := "srel"
	if in.SemaAcquire() {
		mnem = "sacq"
	}
	v := in.Imm
	if v < 32 {
		v &= 15
	}
	cond := ""
	if in.CondAdd != vc4.CondNever && in.CondAdd != vc4.CondAlways {
		cond = vc4.CondSuffix[in.CondAdd]
	}
	return fmt.Sprintf("%s%s%s %s, %s", mnem, cond, setf(in.SF), destName(in.AddWriteSpace(), in.WaddrAdd), hexOrDec(v))
}

func disBranch(in *vc4.Instr) string {
	var sb strings.Builder
	if in.Rel {
		sb.WriteString("brr")
	} else {
		sb.WriteString("bra")
	}
	sb.WriteString(vc4.BranchConds[in.CondBr].Suffix)
	sb.WriteString(" " + destName(in.AddWriteSpace(), in.WaddrAdd))
	if in.WaddrMul != vc4.AddrNop {
		sb.WriteString(", " + destName(in.MulWriteSpace(), in.WaddrMul))
	}
	sb.WriteString(", ")
	off := int32(in.Imm)
	if in.Reg {
		fmt.Fprintf(&sb, "ra%d", in.RaddrA)
		if off != 0 {
			sb.WriteString(signedHex(off))
		}
	} else {
		sb.WriteString(signedHex(off))
	}
	return sb.String()
}

func signedHex(v int32) string {
	if v < 0 {
		return fmt.Sprintf("-0x%x", -int64(v))
	}
	return fmt.Sprintf("+0x%x", v)
}

// packSuffix returns the pack suffixes of the add and the mul destination.
func packSuffix(in *vc4.Instr, _ bool) [2]string {
	var r [2]string
	if in.Pack == 0 {
		return r
	}
	if in.PM {
		r[1] = "." + vc4.PackMul[in.Pack]
	} else if in.WS {
		r[1] = "." + vc4.PackA[in.Pack]
	} else {
		r[0] = "." + vc4.PackA[in.Pack]
	}
	return r
}

func disALU(in *vc4.Instr) string {
	pack := packSuffix(in, true)
	var parts []string
	addCanon := in.OpAdd == vc4.AddNop && in.CondAdd == vc4.CondNever && in.WaddrAdd == vc4.AddrNop
	mulCanon := in.OpMul == vc4.MulNop && in.CondMul == vc4.CondNever && in.WaddrMul == vc4.AddrNop
	sfOnAdd := in.OpAdd != vc4.AddNop || in.OpMul == vc4.MulNop
	if addCanon && !(in.SF && sfOnAdd) {
		parts = append(parts, "nop")
	} else {
		def := vc4.AddOps[in.OpAdd]
		name := def.Name
		if in.OpAdd == vc4.AddMov && in.AddA == in.AddB {
			name, def.Unary = "mov", true
		}
		parts = append(parts, disOp(in, name, in.CondAdd, in.SF && sfOnAdd, def.Unary, in.OpAdd == vc4.AddNop,
			destName(in.AddWriteSpace(), in.WaddrAdd)+pack[0], in.AddA, in.AddB, false))
	}
	if !mulCanon {
		def := vc4.MulOps[in.OpMul]
		name := def.Name
		if in.OpMul == vc4.MulMov && in.MulA == in.MulB {
			name, def.Unary = "mov", true
		}
		parts = append(parts, disOp(in, name, in.CondMul, in.SF && !sfOnAdd, def.Unary, in.OpMul == vc4.MulNop,
			destName(in.MulWriteSpace(), in.WaddrMul)+pack[1], in.MulA, in.MulB, true))
	}
	if in.Sig != vc4.SigNone && in.Sig != vc4.SigSmallImm {
		parts = append(parts, vc4.Sigs[in.Sig].Name)
	}
	return strings.Join(parts, "; ")
}

func disOp(in *vc4.Instr, name string, cond vc4.Cond, sf, unary, nop bool, dst string, a, b vc4.Mux, isMul bool) string {
	var sb strings.Builder
	sb.WriteString(name)
	def := vc4.CondAlways
	if nop {
		def = vc4.CondNever
	}
	if cond != def {
		sb.WriteString(vc4.CondSuffix[cond])
		if cond == vc4.CondAlways {
			sb.WriteString(".always")
		}
	}
	sb.WriteString(setf(sf))
	if nop {
		return sb.String()
	}
	sb.WriteString(" " + dst + ", " + srcName(in, a, isMul))
	if !unary {
		sb.WriteString(", " + srcName(in, b, isMul))
	}
	if isMul && in.Sig == vc4.SigSmallImm && in.RaddrB >= vc4.SmallImmRotR5 && a != vc4.MuxB && b != vc4.MuxB {
		if in.RaddrB == vc4.SmallImmRotR5 {
			sb.WriteString(" << r5")
		} else {
			fmt.Fprintf(&sb, " << %d", 64-int(in.RaddrB))
		}
	}
	return sb.String()
}

func srcName(in *vc4.Instr, m vc4.Mux, isMul bool) string {
	unp := ""
	if in.Unpack != 0 {
		unp = "." + vc4.Unpack[in.Unpack]
	}
	switch {
	case m == vc4.MuxR4 && in.PM:
		return "r4" + unp
	case m < vc4.MuxA:
		return vc4.MuxName[m]
	case m == vc4.MuxA:
		if in.PM {
			unp = ""
		}
		return srcRegName(vc4.SpaceA, in.RaddrA) + unp
	}
	if in.Sig == vc4.SigSmallImm {
		si := vc4.SmallImms[in.RaddrB]
		if si.Float {
			return fmt.Sprint(formatFloat(math.Float32frombits(si.Value)))
		}
		return fmt.Sprint(int32(si.Value))
	}
	return srcRegName(vc4.SpaceB, in.RaddrB)
}

func formatFloat(f float32) string {
	s := fmt.Sprint(f)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}
