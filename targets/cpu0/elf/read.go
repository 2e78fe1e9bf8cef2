package elf

import (
	"bytes"
	stdelf "debug/elf"
	"encoding/binary"
	"fmt"
	"math/bits"
	"strings"

	"lltosimd/targets/cpu0"
	"lltosimd/targets/cpu0/asm"
)

// IsELF reports whether data starts with the ELF magic number.
func IsELF(data []byte) bool { return bytes.HasPrefix(data, []byte(stdelf.ELFMAG)) }

// kindOf classifies an allocated ELF section by name (.text.foo goes with
// .text); ok is false for sections the linker has no use for.
func kindOf(name string) (asm.SectionKind, bool) {
	has := func(p string) bool { return name == p || strings.HasPrefix(name, p+".") }
	switch {
	case has(".text"):
		return asm.Text, true
	case has(".rodata"):
		return asm.Rodata, true
	case has(".sdata"):
		return asm.SData, true
	case has(".sbss"):
		return asm.SBss, true
	case has(".data"):
		return asm.Data, true
	case has(".bss"):
		return asm.Bss, true
	}
	return 0, false
}

// Read decodes a Cpu0 ELF32 relocatable object (named name in messages)
// into an asm.Object for the linker. Sections of one kind (.text,
// .text.foo, ...) are concatenated; the byte order comes from the file and
// level says which instruction set the object is for (ELF does not say).
func Read(name string, data []byte, level cpu0.Level) (*asm.Object, error) {
	f, err := stdelf.NewFile(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	defer f.Close()
	bad := func(format string, args ...any) error {
		return &asm.Error{File: name, Msg: fmt.Sprintf(format, args...)}
	}
	switch {
	case f.Class != stdelf.ELFCLASS32:
		return nil, bad("not an ELF32 file (%v)", f.Class)
	case f.Machine != MachineCpu0:
		return nil, bad("not a Cpu0 object (e_machine %d, want %d)", f.Machine, MachineCpu0)
	case f.Type != stdelf.ET_REL:
		return nil, bad("not a relocatable object (%v)", f.Type)
	}
	if level == 0 {
		level = cpu0.Cpu032II
	}
	obj := &asm.Object{Name: name, Level: level, LittleEndian: f.Data == stdelf.ELFDATA2LSB, Symbols: map[string]*asm.Symbol{}}
	var order binary.ByteOrder = binary.BigEndian
	if obj.LittleEndian {
		order = binary.LittleEndian
	}
	for k := range obj.Sections {
		obj.Sections[k].Align = 1
	}

	// Place each allocated ELF section in its object section.
	type placed struct {
		kind asm.SectionKind
		base uint32
	}
	where := map[int]placed{}
	for i, s := range f.Sections {
		if s.Flags&stdelf.SHF_ALLOC == 0 || s.Type != stdelf.SHT_PROGBITS && s.Type != stdelf.SHT_NOBITS {
			continue
		}
		k, ok := kindOf(s.Name)
		if !ok {
			continue
		}
		if s.Size > asm.MemSize {
			return nil, bad("section %s too large (%d bytes)", s.Name, s.Size)
		}
		sec := &obj.Sections[k]
		align := uint32(max(s.Addralign, 1))
		if align&(align-1) != 0 || align > 1<<16 {
			return nil, bad("section %s: bad alignment %d", s.Name, s.Addralign)
		}
		sec.Align = max(sec.Align, align)
		for uint32(len(sec.Data))%align != 0 {
			sec.Data = append(sec.Data, 0)
		}
		where[i] = placed{k, uint32(len(sec.Data))}
		var b []byte
		if s.Type == stdelf.SHT_NOBITS {
			b = make([]byte, s.Size)
		} else if b, err = s.Data(); err != nil {
			return nil, bad("section %s: %v", s.Name, err)
		}
		sec.Data = append(sec.Data, b...)
	}

	syms, err := f.Symbols()
	if err != nil && err != stdelf.ErrNoSymbols {
		return nil, bad("%v", err)
	}
	// names[i] is the object symbol of ELF symbol i+1 ("" = unusable).
	names := make([]string, len(syms))
	secSyms := map[string]*asm.Symbol{}
	for i, s := range syms {
		typ, bind := stdelf.ST_TYPE(s.Info), stdelf.ST_BIND(s.Info)
		if typ == stdelf.STT_FILE {
			continue
		}
		var sym *asm.Symbol
		switch {
		case typ == stdelf.STT_SECTION:
			p, ok := where[int(s.Section)]
			if !ok {
				continue
			}
			// Relocations against a section symbol: name it after the
			// section (a name no label can have).
			// They enter the symbol table only when used.
			n := fmt.Sprintf("%s@%d", f.Sections[s.Section].Name, s.Section)
			secSyms[n] = &asm.Symbol{Name: n, Section: p.kind, Value: p.base, Defined: true}
			names[i] = n
			continue
		case s.Section == stdelf.SHN_UNDEF:
			sym = &asm.Symbol{Name: s.Name, Global: true}
		case s.Section == stdelf.SHN_COMMON:
			return nil, bad("symbol %q: SHN_COMMON is not supported (assemble .comm into .bss)", s.Name)
		case s.Section == stdelf.SHN_ABS || s.Section >= stdelf.SHN_LORESERVE:
			return nil, bad("symbol %q: absolute symbols are not supported", s.Name)
		default:
			p, ok := where[int(s.Section)]
			if !ok {
				sym = &asm.Symbol{Name: s.Name, Section: asm.Discard, Defined: true, Global: bind != stdelf.STB_LOCAL}
				break
			}
			sym = &asm.Symbol{Name: s.Name, Section: p.kind, Value: p.base + uint32(s.Value), Defined: true,
				Global: bind != stdelf.STB_LOCAL, Common: bind == stdelf.STB_WEAK, Size: uint32(s.Size)}
		}
		for k, v := range elfSymTypes {
			if v == typ {
				sym.Type = k
			}
		}
		if prev := obj.Symbols[sym.Name]; prev != nil {
			if prev.Defined || sym.Defined {
				return nil, bad("symbol %q defined twice", sym.Name)
			}
		} else {
			obj.Symbols[sym.Name] = sym
			obj.Order = append(obj.Order, sym.Name)
		}
		names[i] = sym.Name
	}

	for _, rs := range f.Sections {
		if rs.Type == stdelf.SHT_RELA {
			if _, ok := where[int(rs.Info)]; ok {
				return nil, bad("%s: RELA relocations are not used by Cpu0 (REL only)", rs.Name)
			}
		}
		if rs.Type != stdelf.SHT_REL {
			continue
		}
		p, ok := where[int(rs.Info)]
		if !ok {
			continue // relocations of a dropped section
		}
		b, err := rs.Data()
		if err != nil {
			return nil, bad("%s: %v", rs.Name, err)
		}
		sec := &obj.Sections[p.kind]
		first := len(sec.Relocs)
		size := f.Sections[rs.Info].Size
		for off := 0; off+8 <= len(b); off += 8 {
			r := stdelf.Rel32{Off: order.Uint32(b[off:]), Info: order.Uint32(b[off+4:])}
			t := asm.RelocType(stdelf.R_TYPE32(r.Info))
			fld, ok := relocFields[t]
			if !ok || stdelf.R_TYPE32(r.Info) > 0xff {
				return nil, bad("%s: unsupported relocation type %d", rs.Name, stdelf.R_TYPE32(r.Info))
			}
			si := int(stdelf.R_SYM32(r.Info))
			if si < 1 || si > len(names) || names[si-1] == "" {
				return nil, bad("%s: relocation at 0x%x: bad symbol index %d", rs.Name, r.Off, si)
			}
			if uint64(r.Off)+4 > size {
				return nil, bad("%s: relocation offset 0x%x outside the section", rs.Name, r.Off)
			}
			if sym := secSyms[names[si-1]]; sym != nil && obj.Symbols[sym.Name] == nil {
				obj.Symbols[sym.Name] = sym
				obj.Order = append(obj.Order, sym.Name)
			}
			at := p.base + r.Off
			w := order.Uint32(sec.Data[at:])
			a := w & fld.mask
			if fld.signed {
				bits := 32 - bits.LeadingZeros32(fld.mask)
				a = uint32(int32(a<<(32-bits)) >> (32 - bits))
			}
			order.PutUint32(sec.Data[at:], w&^fld.mask)
			sec.Relocs = append(sec.Relocs, asm.Reloc{Offset: at, Type: t, Sym: names[si-1], Addend: int32(a)})
		}
		pairHiLo(sec.Relocs[first:])
	}
	return obj, nil
}

// pairHiLo rebuilds the full addend of each HI16 (which holds only its
// high half) from the next LO16 against the same symbol, like MIPS.
func pairHiLo(rs []asm.Reloc) {
	for i := range rs {
		if rs[i].Type != asm.RHI16 {
			continue
		}
		hi := uint32(rs[i].Addend) << 16
		rs[i].Addend = int32(hi)
		for j := i + 1; j < len(rs); j++ {
			if rs[j].Type == asm.RLO16 && rs[j].Sym == rs[i].Sym {
				a := int32(hi | uint32(rs[j].Addend)&0xffff)
				rs[i].Addend, rs[j].Addend = a, a
				break
			}
		}
	}
}
