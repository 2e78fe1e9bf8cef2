// Package asm is the Cpu0 assembler toolchain of lltosimd: the binary
// encoder and decoder, a disassembler, an assembler for the text that llc
// (and lltosimd) print for Cpu0 (spec cpu0.md §7), a static linker that lays
// out a flat memory image, and the hex image format of the reference
// hardware model (spec §8.1).
//
// Everything about individual instructions comes from the table in
// targets/cpu0/isa.go.
package asm

import (
	"fmt"
	"strings"

	"lltosimd/mir"
	"lltosimd/targets/cpu0"
)

// Fields are the raw bit fields of an instruction word. Which fields an
// instruction uses depends on its format (cpu0.FmtA, FmtL, FmtJ).
type Fields struct {
	Ra, Rb, Rc uint8 // 4-bit register fields (A and L formats)
	Shamt      uint16
	Imm        int32 // imm16 (L) or imm24 (J), already sign- or zero-extended when decoded
}

// Encode builds the instruction word of d from its fields. Immediates are
// truncated to their field width; range checks are the caller's job.
func Encode(d *cpu0.InstrDef, f Fields) uint32 {
	w := uint32(d.Opcode) << 24
	switch d.Fmt {
	case cpu0.FmtA:
		w |= uint32(f.Ra&15)<<20 | uint32(f.Rb&15)<<16 | uint32(f.Rc&15)<<12 | uint32(f.Shamt&0xfff)
	case cpu0.FmtL:
		w |= uint32(f.Ra&15)<<20 | uint32(f.Rb&15)<<16 | uint32(f.Imm)&0xffff
	case cpu0.FmtJ:
		w |= uint32(f.Imm) & 0xffffff
	}
	return w
}

// byOpcode maps an opcode to its table entry. For 0x3C, shared by jr and
// ret, it holds jr; Decode picks ret when the register is $lr.
var byOpcode [256]*cpu0.InstrDef

// byMnem maps assembly mnemonics to table entries.
var byMnem = map[string]*cpu0.InstrDef{}

var retDef *cpu0.InstrDef

func init() {
	for i := range cpu0.Instrs {
		d := &cpu0.Instrs[i]
		if d.Flags&mir.FlagPseudo != 0 || d.Variant {
			continue // no encoding (lowered before emission) or the plain entry's
		}
		byMnem[d.Mnem] = d
		if d.Name == "RET" {
			retDef = d
			continue
		}
		if byOpcode[d.Opcode] == nil {
			byOpcode[d.Opcode] = d
		}
	}
}

// Lookup returns the table entry of an assembly mnemonic.
func Lookup(mnem string) *cpu0.InstrDef { return byMnem[mnem] }

const regLR = 14

// Decode splits an instruction word into its table entry and fields. It
// reports false for opcodes the table does not define.
func Decode(w uint32) (*cpu0.InstrDef, Fields, bool) {
	d := byOpcode[w>>24]
	if d == nil {
		return nil, Fields{}, false
	}
	var f Fields
	switch d.Fmt {
	case cpu0.FmtA:
		f = Fields{Ra: uint8(w >> 20 & 15), Rb: uint8(w >> 16 & 15), Rc: uint8(w >> 12 & 15), Shamt: uint16(w & 0xfff)}
	case cpu0.FmtL:
		f = Fields{Ra: uint8(w >> 20 & 15), Rb: uint8(w >> 16 & 15)}
		if d.Imm == cpu0.ImmU16 {
			f.Imm = int32(w & 0xffff)
		} else {
			f.Imm = int32(int16(w))
		}
	case cpu0.FmtJ:
		f.Imm = int32(w<<8) >> 8
	}
	if d.Opcode == retDef.Opcode && f.Ra == regLR {
		d = retDef
	}
	return d, f, true
}

// RegName returns the assembly name of general register enc as llc prints it.
func RegName(enc uint8) string { return "$" + cpu0.Regs[cpu0.GPR(int(enc))].Name }

// c0Name returns the name of coprocessor-0 register enc.
func c0Name(enc uint8) string {
	switch enc {
	case 0:
		return "$pc"
	case 1:
		return "$epc"
	}
	return fmt.Sprintf("$c0_%d", enc)
}

// Disassemble returns the assembly text of instruction word w at address
// addr, in the syntax the assembler accepts. Branch targets are printed as
// the raw offset relative to the next instruction (which the assembler
// encodes as-is) followed by a comment with the absolute target.
func Disassemble(w, addr uint32) string {
	d, f, ok := Decode(w)
	if !ok {
		return fmt.Sprintf(".4byte\t0x%08x\t# unknown opcode 0x%02x", w, w>>24)
	}
	if Encode(d, canonical(d, f)) != w {
		// Fields the syntax cannot express are set: print the raw word so
		// that the output still re-assembles to the same bytes.
		g := canonical(d, f)
		return fmt.Sprintf(".4byte\t0x%08x\t# %s with nonzero unused fields", w, disasmText(Disassemble(Encode(d, g), addr)))
	}
	r := RegName
	var ops string
	target := func() string {
		return fmt.Sprintf("%d\t# 0x%x", f.Imm, addr+4+uint32(f.Imm))
	}
	switch d.Syn {
	case cpu0.SynNone:
	case cpu0.SynRRR, cpu0.SynMovCC:
		ops = fmt.Sprintf("%s, %s, %s", r(f.Ra), r(f.Rb), r(f.Rc))
	case cpu0.SynRRI:
		ops = fmt.Sprintf("%s, %s, %d", r(f.Ra), r(f.Rb), f.Imm)
	case cpu0.SynRRSh:
		ops = fmt.Sprintf("%s, %s, %d", r(f.Ra), r(f.Rb), f.Shamt)
	case cpu0.SynRR, cpu0.SynMulDiv:
		ops = fmt.Sprintf("%s, %s", r(f.Ra), r(f.Rb))
	case cpu0.SynLoad, cpu0.SynStore:
		ops = fmt.Sprintf("%s, %d(%s)", r(f.Ra), f.Imm, r(f.Rb))
	case cpu0.SynLui:
		ops = fmt.Sprintf("%s, %d", r(f.Ra), f.Imm)
	case cpu0.SynCmp:
		ops = fmt.Sprintf("%s, %s, %s", r(f.Ra), r(f.Rb), r(f.Rc))
	case cpu0.SynJcc:
		ops = "$sw, " + target()
	case cpu0.SynJump:
		ops = target()
	case cpu0.SynBr:
		ops = fmt.Sprintf("%s, %s, %s", r(f.Ra), r(f.Rb), target())
	case cpu0.SynRet, cpu0.SynMfHiLo, cpu0.SynMtHiLo:
		ops = r(f.Ra)
	case cpu0.SynJalr:
		ops = r(f.Rb)
	case cpu0.SynMfc0:
		ops = fmt.Sprintf("%s, %s", r(f.Ra), c0Name(f.Rb))
	case cpu0.SynMtc0:
		ops = fmt.Sprintf("%s, %s", c0Name(f.Ra), r(f.Rb))
	case cpu0.SynC0Mov:
		ops = fmt.Sprintf("%s, %s", c0Name(f.Ra), c0Name(f.Rb))
	}
	if d.Name == "ADDu" && f.Rc == 0 {
		return fmt.Sprintf("move\t%s, %s", r(f.Ra), r(f.Rb))
	}
	if ops == "" {
		return d.Mnem
	}
	return d.Mnem + "\t" + ops
}

// canonical keeps only the fields d's assembly syntax expresses (with their
// legal values), so that Encode(d, canonical(d, f)) is what the assembler
// would produce from the disassembly.
func canonical(d *cpu0.InstrDef, f Fields) Fields {
	c0 := func(r uint8) uint8 { return r & 1 }
	switch d.Syn {
	case cpu0.SynNone:
		return Fields{}
	case cpu0.SynRRR, cpu0.SynMovCC:
		return Fields{Ra: f.Ra, Rb: f.Rb, Rc: f.Rc}
	case cpu0.SynRRI, cpu0.SynLoad, cpu0.SynStore, cpu0.SynBr:
		return Fields{Ra: f.Ra, Rb: f.Rb, Imm: f.Imm}
	case cpu0.SynRRSh:
		return Fields{Ra: f.Ra, Rb: f.Rb, Shamt: f.Shamt & 31}
	case cpu0.SynRR, cpu0.SynMulDiv:
		return Fields{Ra: f.Ra, Rb: f.Rb}
	case cpu0.SynLui:
		return Fields{Ra: f.Ra, Imm: f.Imm}
	case cpu0.SynCmp:
		return Fields{Ra: 15, Rb: f.Rb, Rc: f.Rc}
	case cpu0.SynJcc, cpu0.SynJump:
		return Fields{Imm: f.Imm}
	case cpu0.SynRet, cpu0.SynMfHiLo, cpu0.SynMtHiLo:
		return Fields{Ra: f.Ra}
	case cpu0.SynJalr:
		return Fields{Ra: regLR, Rb: f.Rb}
	case cpu0.SynMfc0:
		return Fields{Ra: f.Ra, Rb: c0(f.Rb)}
	case cpu0.SynMtc0:
		return Fields{Ra: c0(f.Ra), Rb: f.Rb}
	case cpu0.SynC0Mov:
		return Fields{Ra: c0(f.Ra), Rb: c0(f.Rb)}
	}
	return f
}

// disasmText strips the trailing comment of a disassembly line.
func disasmText(s string) string {
	if i := strings.Index(s, "\t#"); i >= 0 {
		return s[:i]
	}
	return s
}
