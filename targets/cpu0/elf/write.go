// Package elf writes and reads Cpu0 ELF32 relocatable objects (spec
// cpu0.md §4): EM_CPU0 = 999, ELFCLASS32, big-endian for -march=cpu0 and
// little-endian for cpu0el, e_flags 0, REL relocations with implicit
// addends. It converts between this file format and the assembler's
// asm.Object, so the compiler's -filetype=obj output is exactly what the
// assembler makes of the printed assembly, and the linker and cpu0sim can
// take .o files.
//
// Conventions (lbd has no object-file reader to follow):
//   - Implicit addends live in the relocated field: the whole word for
//     R_CPU0_32, the 24- or 16-bit offset for R_CPU0_PC24/PC16 (the
//     linker computes S+A-(P+4)), the high and low halves of A for
//     R_CPU0_HI16/LO16. As for MIPS, a HI16 is paired with the next LO16
//     against the same symbol in the same section to rebuild A; Cpu0 pairs
//     %hi with ori, so A = hi<<16 | lo (no carry adjustment).
//   - Local labels ($BB0_1, $func_end0) stay in .symtab as local symbols.
//   - Common symbols (.comm) already have storage in .bss; they are
//     written as weak definitions so that the linker still merges them.
package elf

import (
	"bytes"
	stdelf "debug/elf"
	"encoding/binary"
	"fmt"
	"io"

	"lltosimd/targets/cpu0/asm"
)

// MachineCpu0 is EM_CPU0, the e_machine value lbd added to LLVM's ELF.h.
const MachineCpu0 stdelf.Machine = 999

// contentSections are the object sections written to ELF, in section
// header order (indices 1..4), with their flags and types.
type contentSection struct {
	kind  asm.SectionKind
	flags stdelf.SectionFlag
	typ   stdelf.SectionType
}

var contentSections = []contentSection{
	{asm.Text, stdelf.SHF_ALLOC | stdelf.SHF_EXECINSTR, stdelf.SHT_PROGBITS},
	{asm.Rodata, stdelf.SHF_ALLOC, stdelf.SHT_PROGBITS},
	{asm.Data, stdelf.SHF_ALLOC | stdelf.SHF_WRITE, stdelf.SHT_PROGBITS},
	{asm.Bss, stdelf.SHF_ALLOC | stdelf.SHF_WRITE, stdelf.SHT_NOBITS},
	// Written only when used (-cpu0-use-small-section), after the others.
	{asm.SData, stdelf.SHF_ALLOC | stdelf.SHF_WRITE, stdelf.SHT_PROGBITS},
	{asm.SBss, stdelf.SHF_ALLOC | stdelf.SHF_WRITE, stdelf.SHT_NOBITS},
}

// elfSymTypes maps .type symbol types to ELF ones (and back in Read).
var elfSymTypes = map[asm.SymType]stdelf.SymType{asm.SymNoType: stdelf.STT_NOTYPE, asm.SymFunc: stdelf.STT_FUNC, asm.SymObject: stdelf.STT_OBJECT}

// field describes where a relocation type keeps its implicit addend.
type field struct {
	mask   uint32
	signed bool // sign-extend the field when reading
}

var relocFields = map[asm.RelocType]field{
	asm.R32:   {0xffffffff, true},
	asm.RHI16: {0xffff, false},
	asm.RLO16: {0xffff, false},
	asm.RPC16: {0xffff, true},
	asm.RPC24: {0xffffff, true},
	// The $gp-relative fields keep the symbol offset (a local's page entry
	// depends on it).
	asm.RGPREL16: {0xffff, true},
	asm.RGOT16:   {0xffff, true},
	asm.RCALL16:  {0xffff, true},
	asm.RGOTHI16: {0xffff, true},
	asm.RGOTLO16: {0xffff, true},
}

// strtab builds an ELF string table.
type strtab struct {
	buf bytes.Buffer
	idx map[string]uint32
}

func newStrtab() *strtab {
	t := &strtab{idx: map[string]uint32{}}
	t.buf.WriteByte(0)
	t.idx[""] = 0
	return t
}

func (t *strtab) add(s string) uint32 {
	if i, ok := t.idx[s]; ok {
		return i
	}
	i := uint32(t.buf.Len())
	t.buf.WriteString(s)
	t.buf.WriteByte(0)
	t.idx[s] = i
	return i
}

// section is one section header with its contents.
type section struct {
	name      string
	hdr       stdelf.Section32
	data      []byte
	nobits    bool
	linksSyms bool // a relocation section: sh_link = .symtab
}

// Write encodes obj as an ELF32 relocatable file.
func Write(w io.Writer, obj *asm.Object) error {
	var order binary.ByteOrder = binary.BigEndian
	data := stdelf.ELFDATA2MSB
	if obj.LittleEndian {
		order, data = binary.LittleEndian, stdelf.ELFDATA2LSB
	}
	cs := usedSections(obj)
	var secs []*section
	secs = append(secs, &section{}) // SHN_UNDEF
	secIndex := map[asm.SectionKind]uint16{}
	for _, c := range cs {
		s := &obj.Sections[c.kind]
		sec := &section{name: c.kind.String(), data: append([]byte(nil), s.Data...), nobits: c.typ == stdelf.SHT_NOBITS}
		sec.hdr.Type = uint32(c.typ)
		sec.hdr.Flags = uint32(c.flags)
		sec.hdr.Addralign = max(s.Align, 1)
		sec.hdr.Size = uint32(len(s.Data))
		secIndex[c.kind] = uint16(len(secs))
		secs = append(secs, sec)
	}

	// Symbols: null, STT_FILE, section symbols, then the other locals,
	// then globals (ELF wants all locals first).
	type symEntry struct {
		name string
		sym  stdelf.Sym32
	}
	strs := newStrtab()
	syms := []symEntry{{}}
	if obj.Name != "" {
		syms = append(syms, symEntry{sym: stdelf.Sym32{Name: strs.add(obj.Name), Info: stdelf.ST_INFO(stdelf.STB_LOCAL, stdelf.STT_FILE), Shndx: uint16(stdelf.SHN_ABS)}})
	}
	for _, c := range cs {
		syms = append(syms, symEntry{sym: stdelf.Sym32{Info: stdelf.ST_INFO(stdelf.STB_LOCAL, stdelf.STT_SECTION), Shndx: secIndex[c.kind]}})
	}
	symIdx := map[string]uint32{}
	var globals []symEntry
	seen := map[string]bool{}
	for _, name := range obj.Order {
		s := obj.Symbols[name]
		if s.Defined && s.Section == asm.Discard {
			continue // its section is not written
		}
		typ := elfSymTypes[s.Type]
		if s.Common && typ == stdelf.STT_NOTYPE {
			typ = stdelf.STT_OBJECT
		}
		bind := stdelf.STB_LOCAL
		switch {
		case s.Common:
			bind = stdelf.STB_WEAK
		case s.Global || !s.Defined:
			bind = stdelf.STB_GLOBAL
		}
		e := symEntry{name: name, sym: stdelf.Sym32{Name: strs.add(name), Value: s.Value, Size: s.Size, Info: stdelf.ST_INFO(bind, typ)}}
		if s.Defined {
			e.sym.Shndx = secIndex[s.Section]
		}
		if bind == stdelf.STB_LOCAL {
			symIdx[name] = uint32(len(syms))
			syms = append(syms, e)
		} else {
			globals = append(globals, e)
		}
	}
	// The assembler keeps no symbol for a name it only saw referenced:
	// such names are undefined globals.
	for _, c := range cs {
		for _, r := range obj.Sections[c.kind].Relocs {
			if _, ok := obj.Symbols[r.Sym]; ok || seen[r.Sym] {
				continue
			}
			seen[r.Sym] = true
			globals = append(globals, symEntry{name: r.Sym, sym: stdelf.Sym32{Name: strs.add(r.Sym), Info: stdelf.ST_INFO(stdelf.STB_GLOBAL, stdelf.STT_NOTYPE)}})
		}
	}
	firstGlobal := len(syms)
	for _, e := range globals {
		symIdx[e.name] = uint32(len(syms))
		syms = append(syms, e)
	}

	// Relocation sections, with the addends stored in the fields.
	for _, c := range cs {
		rs := obj.Sections[c.kind].Relocs
		if len(rs) == 0 {
			continue
		}
		if c.kind.NoBits() {
			return fmt.Errorf("%s: relocations in %s", obj.Name, c.kind)
		}
		if err := checkHiPairs(rs); err != nil {
			return fmt.Errorf("%s: %s: %v", obj.Name, c.kind, err)
		}
		target := secs[secIndex[c.kind]]
		var buf bytes.Buffer
		for _, r := range rs {
			if _, ok := relocFields[r.Type]; !ok {
				return fmt.Errorf("%s: relocation type %d has no ELF encoding", obj.Name, r.Type)
			}
			idx, ok := symIdx[r.Sym]
			if !ok {
				return fmt.Errorf("%s: relocation against unknown symbol %q", obj.Name, r.Sym)
			}
			if int(r.Offset)+4 > len(target.data) {
				return fmt.Errorf("%s: relocation at 0x%x outside %s", obj.Name, r.Offset, target.name)
			}
			order.PutUint32(target.data[r.Offset:], WithAddend(order.Uint32(target.data[r.Offset:]), r))
			binary.Write(&buf, order, stdelf.Rel32{Off: r.Offset, Info: stdelf.R_INFO32(idx, uint32(r.Type))})
		}
		rel := &section{name: ".rel" + target.name, data: buf.Bytes()}
		rel.hdr.Type = uint32(stdelf.SHT_REL)
		rel.hdr.Flags = uint32(stdelf.SHF_INFO_LINK)
		rel.hdr.Info = uint32(secIndex[c.kind])
		rel.hdr.Addralign = 4
		rel.hdr.Entsize = 8
		rel.linksSyms = true // sh_link is set once .symtab's index is known
		secs = append(secs, rel)
	}

	var symbuf bytes.Buffer
	for _, e := range syms {
		binary.Write(&symbuf, order, e.sym)
	}
	symtabIdx := len(secs)
	symtab := &section{name: ".symtab", data: symbuf.Bytes()}
	symtab.hdr.Type = uint32(stdelf.SHT_SYMTAB)
	symtab.hdr.Link = uint32(symtabIdx + 1)
	symtab.hdr.Info = uint32(firstGlobal)
	symtab.hdr.Addralign = 4
	symtab.hdr.Entsize = 16
	strtabSec := &section{name: ".strtab", data: strs.buf.Bytes()}
	strtabSec.hdr.Type = uint32(stdelf.SHT_STRTAB)
	strtabSec.hdr.Addralign = 1
	secs = append(secs, symtab, strtabSec)
	for _, s := range secs {
		if s.linksSyms {
			s.hdr.Link = uint32(symtabIdx)
		}
	}
	shstr := newStrtab()
	shstrSec := &section{name: ".shstrtab"}
	shstrSec.hdr.Type = uint32(stdelf.SHT_STRTAB)
	shstrSec.hdr.Addralign = 1
	secs = append(secs, shstrSec)
	for _, s := range secs[1:] {
		s.hdr.Name = shstr.add(s.name)
	}
	shstrSec.data = shstr.buf.Bytes()

	// Layout: header, section contents (aligned), section header table.
	const ehsize, shentsize = 52, 40
	off := uint32(ehsize)
	for _, s := range secs[1:] {
		a := max(s.hdr.Addralign, 1)
		off = (off + a - 1) &^ (a - 1)
		s.hdr.Off = off
		if !s.nobits {
			s.hdr.Size = uint32(len(s.data))
			off += s.hdr.Size
		}
	}
	shoff := (off + 3) &^ 3
	hdr := stdelf.Header32{
		Type: uint16(stdelf.ET_REL), Machine: uint16(MachineCpu0), Version: uint32(stdelf.EV_CURRENT),
		Shoff: shoff, Ehsize: ehsize, Shentsize: shentsize, Shnum: uint16(len(secs)), Shstrndx: uint16(len(secs) - 1),
	}
	copy(hdr.Ident[:], stdelf.ELFMAG)
	hdr.Ident[stdelf.EI_CLASS] = byte(stdelf.ELFCLASS32)
	hdr.Ident[stdelf.EI_DATA] = byte(data)
	hdr.Ident[stdelf.EI_VERSION] = byte(stdelf.EV_CURRENT)
	hdr.Ident[stdelf.EI_OSABI] = byte(stdelf.ELFOSABI_NONE)

	var out bytes.Buffer
	binary.Write(&out, order, hdr)
	for _, s := range secs[1:] {
		if s.nobits {
			continue
		}
		pad(&out, s.hdr.Off)
		out.Write(s.data)
	}
	pad(&out, shoff)
	for _, s := range secs {
		binary.Write(&out, order, s.hdr)
	}
	_, err := w.Write(out.Bytes())
	return err
}

// pad appends zeros up to offset off.
func pad(b *bytes.Buffer, off uint32) {
	for uint32(b.Len()) < off {
		b.WriteByte(0)
	}
}

// checkHiPairs makes sure that every HI16 addend survives the REL round
// trip: the reader rebuilds it from the high half in the field and the low
// half of the next LO16 against the same symbol (pairHiLo), so an
// unpaired or mispaired %hi(sym+A) with a low half of A that matters would
// silently link to the wrong address.
func checkHiPairs(rs []asm.Reloc) error {
	got := append([]asm.Reloc(nil), rs...)
	for i := range got {
		a := uint32(got[i].Addend)
		switch got[i].Type {
		case asm.RHI16:
			got[i].Addend = int32(a >> 16)
		case asm.RLO16:
			got[i].Addend = int32(a & 0xffff)
		}
	}
	pairHiLo(got)
	for i, r := range rs {
		if r.Type == asm.RHI16 && got[i].Addend != r.Addend {
			return fmt.Errorf("%%hi(%s%+d) at 0x%x has no %%lo with the same addend after it: REL cannot represent it", r.Sym, r.Addend, r.Offset)
		}
	}
	return nil
}

// WithAddend returns word (the relocated instruction or data word) with
// r's implicit addend stored in its field, as an object file holds it.
func WithAddend(word uint32, r asm.Reloc) uint32 {
	f, ok := relocFields[r.Type]
	if !ok {
		return word
	}
	a := uint32(r.Addend)
	if r.Type == asm.RHI16 {
		a >>= 16
	}
	return word&^f.mask | a&f.mask
}

// usedSections returns the content sections obj writes: the first four
// always (so objects without small data keep their layout), .sdata and
// .sbss when they hold bytes or symbols.
func usedSections(obj *asm.Object) []contentSection {
	cs := contentSections[:4:4]
	for _, c := range contentSections[4:] {
		used := len(obj.Sections[c.kind].Data) > 0
		for _, sym := range obj.Symbols {
			used = used || sym.Defined && sym.Section == c.kind
		}
		if used {
			cs = append(cs, c)
		}
	}
	return cs
}
