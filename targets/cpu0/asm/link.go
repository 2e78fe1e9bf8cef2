package asm

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"

	"lltosimd/targets/cpu0"
)

// MemSize is the memory size of the reference model (16 MiB, spec §8.1).
const MemSize = 1 << 24

// Image is a linked program: a flat memory image starting at address 0.
type Image struct {
	Mem          []byte // bytes from address 0 (including zeroed .bss)
	LittleEndian bool
	Level        cpu0.Level
	TextEnd      uint32 // .text occupies [0, TextEnd)
	Symbols      []ImageSymbol
	symByName    map[string]uint32
	// gp is _gp, the base of the GOT entries and small data; got maps
	// each GOT entry to its address.
	gp  uint32
	got map[gotKey]uint32
}

// gotKey names a GOT entry: a global symbol's address (obj = -1), or the
// 64 KiB page of a local symbol plus offset (page; obj is the defining
// object), which %got(sym) + ori %lo(sym) complete as MIPS does with its
// local GOT entries (spec §6).
type gotKey struct {
	obj  int
	sym  string
	add  int32
	page bool
}

// GPSymbol is the linker-defined global pointer value (crt0 loads it into
// $gp; PIC functions recompute it with .cpload from _gp_disp).
const GPSymbol = "_gp"

// gpDisp is the symbol .cpload's lui/ori pair refers to: the linker
// resolves it to _gp minus the address of the lui.
const gpDisp = "_gp_disp"

// ImageSymbol is a symbol with its final address.
type ImageSymbol struct {
	Name    string
	Addr    uint32
	Section SectionKind
	Global  bool
}

// Lookup returns the address of a global symbol.
func (img *Image) Lookup(name string) (uint32, bool) {
	v, ok := img.symByName[name]
	return v, ok
}

// SymbolAt returns the name of a symbol at exactly addr, preferring globals.
func (img *Image) SymbolAt(addr uint32) string {
	i := sort.Search(len(img.Symbols), func(i int) bool { return img.Symbols[i].Addr >= addr })
	best := ""
	for ; i < len(img.Symbols) && img.Symbols[i].Addr == addr; i++ {
		if best == "" || img.Symbols[i].Global {
			best = img.Symbols[i].Name
		}
	}
	return best
}

// Enclosing returns the closest symbol at or below addr, preferring global
// symbols (function names) over local labels ($BB...).
func (img *Image) Enclosing(addr uint32) (name string, base uint32, ok bool) {
	i := sort.Search(len(img.Symbols), func(i int) bool { return img.Symbols[i].Addr > addr })
	for i--; i >= 0; i-- {
		if s := img.Symbols[i]; s.Global {
			return s.Name, s.Addr, true
		}
	}
	return "", 0, false
}

// Where names an address for messages: "function+0xoff" inside a global
// symbol, otherwise the address.
func (img *Image) Where(addr uint32) string {
	if name, base, ok := img.Enclosing(addr); ok {
		return fmt.Sprintf("%s+0x%x", name, addr-base)
	}
	return fmt.Sprintf("0x%x", addr)
}

// EndSymbol is the linker-defined symbol at the end of the image (after
// .bss, 8-aligned): the C library's heap grows up from there.
const EndSymbol = "_end"

// LinkOptions configure the linker.
type LinkOptions struct {
	// Entry, if not empty, must be defined (e.g. "main", called by crt0).
	Entry string
}

//go:embed crt0.asm
var crt0Source []byte

// Startup assembles the startup code (spec §8.2): set $sp and $gp, call
// main with $a0 = $a1 = 0, then end the program by returning to $lr = -1
// with main's result in $2. It must be the first object given to Link.
func Startup(opt Options) (*Object, error) {
	src, err := startupSource(opt)
	if err != nil {
		return nil, err
	}
	return Assemble("crt0.asm", src, opt)
}

// Link lays out the objects' sections in the order .text (objects in the
// given order, so the startup object goes first and lands at address 0),
// .rodata, .data, .sdata, .sbss, .bss, each region 8-byte aligned, defines
// EndSymbol, then resolves symbols and relocations.
//
// When any object uses $gp-relative relocations (PIC or small data), _gp
// is the 64 KiB-aligned address where .sdata starts, and the GOT (one
// word per global symbol referenced through %got/%call16/%got_hi/%got_lo,
// one per local %got(sym+off)) ends just below it: %got and %call16 reach
// 8192 entries with their signed 16-bit offsets, and ori $r,$gp,%gp_rel(s)
// reaches 64 KiB of small data with its zero-extended one, as _gp's low
// half is zero. Otherwise _gp is 0 (crt0 then sets $gp = 0 as lbd does)
// and the layout is the static one.
func Link(objs []*Object, opt LinkOptions) (*Image, error) {
	if len(objs) == 0 {
		return nil, errors.New("link: no input")
	}
	img := &Image{LittleEndian: objs[0].LittleEndian, Level: objs[0].Level, symByName: map[string]uint32{}}
	var order binary.ByteOrder = binary.BigEndian
	if img.LittleEndian {
		order = binary.LittleEndian
	}
	// base[i][k] is the address of section k of object i.
	base := make([][NumSections]uint32, len(objs))
	got, gpUsed, err := gotEntries(objs)
	if err != nil {
		return nil, err
	}
	img.got = map[gotKey]uint32{}
	addr := uint32(0)
	for k := Text; k < Discard; k++ {
		if k == SData && gpUsed {
			size := 4 * uint32(len(got))
			if size > 0x8000 {
				return nil, fmt.Errorf("link: the GOT has %d entries (at most 8192)", len(got))
			}
			img.gp = alignUp(addr+size, 0x10000)
			for i, g := range got {
				img.got[g] = img.gp - size + 4*uint32(i)
			}
			addr = img.gp
		}
		if k == Bss && gpUsed && addr-img.gp > 0x10000 {
			return nil, fmt.Errorf("link: .sdata and .sbss take %d bytes (at most 65536 from _gp)", addr-img.gp)
		}
		addr = alignUp(addr, 8)
		for i, o := range objs {
			if o.LittleEndian != img.LittleEndian {
				return nil, fmt.Errorf("link: %s and %s have different byte orders", objs[0].Name, o.Name)
			}
			s := &o.Sections[k]
			addr = alignUp(addr, s.Align)
			base[i][k] = addr
			addr += uint32(len(s.Data))
		}
		if k == Text {
			img.TextEnd = addr
		}
	}
	if addr > MemSize {
		return nil, fmt.Errorf("link: program (%d bytes) does not fit in %d bytes of memory", addr, MemSize)
	}
	img.Mem = make([]byte, addr)
	var errs []error
	def := map[string]string{}  // global name -> defining object
	common := map[string]bool{} // globals so far defined only by .comm
	for i, o := range objs {
		for k := Text; k < Discard; k++ {
			copy(img.Mem[base[i][k]:], o.Sections[k].Data)
		}
		for _, name := range o.Order {
			s := o.Symbols[name]
			if !s.Defined || s.Section == Discard {
				continue
			}
			v := base[i][s.Section] + s.Value
			img.Symbols = append(img.Symbols, ImageSymbol{Name: name, Addr: v, Section: s.Section, Global: s.Global})
			if !s.Global {
				continue
			}
			if prev, dup := def[name]; dup {
				switch {
				case s.Common: // keep the earlier definition
				case common[name]: // a real definition replaces a common one
					def[name], common[name] = o.Name, false
					img.symByName[name] = v
				default:
					errs = append(errs, &Error{File: o.Name, Line: s.Line, Msg: fmt.Sprintf("duplicate symbol %q (also defined in %s)", name, prev)})
				}
				continue
			}
			def[name], common[name] = o.Name, s.Common
			img.symByName[name] = v
		}
	}
	if _, ok := img.symByName[GPSymbol]; !ok {
		img.symByName[GPSymbol] = img.gp
		img.Symbols = append(img.Symbols, ImageSymbol{Name: GPSymbol, Addr: img.gp, Section: SData, Global: true})
	}
	// The linker defines _end, the first address after .bss, where the C
	// library's heap starts (unless a program defines its own _end).
	if _, ok := img.symByName[EndSymbol]; !ok {
		end := alignUp(addr, 8)
		img.symByName[EndSymbol] = end
		img.Symbols = append(img.Symbols, ImageSymbol{Name: EndSymbol, Addr: end, Section: Bss, Global: true})
	}
	sort.SliceStable(img.Symbols, func(a, b int) bool { return img.Symbols[a].Addr < img.Symbols[b].Addr })
	if opt.Entry != "" {
		if _, ok := img.symByName[opt.Entry]; !ok {
			errs = append(errs, fmt.Errorf("link: undefined symbol %q (entry point)", opt.Entry))
		}
	}
	for _, g := range got {
		v, err := img.resolve(objs[max(g.obj, 0)], base[max(g.obj, 0)], g.sym)
		if err != nil {
			errs = append(errs, fmt.Errorf("link: GOT entry: %v", err))
			continue
		}
		v += uint32(g.add)
		if g.page {
			v &^= 0xffff
		}
		order.PutUint32(img.Mem[img.got[g]:], v)
	}
	for i, o := range objs {
		for k := Text; k < Discard; k++ {
			for _, r := range o.Sections[k].Relocs {
				p := base[i][k] + r.Offset
				if err := img.apply(i, o, base[i], r, p, order); err != nil {
					errs = append(errs, &Error{File: o.Name, Line: r.Line, Msg: err.Error()})
				}
			}
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return img, nil
}

func alignUp(v, a uint32) uint32 {
	if a <= 1 {
		return v
	}
	return (v + a - 1) &^ (a - 1)
}

// resolve finds a symbol's address: the object's own definitions first
// (local labels), then the globals of all objects.
func (img *Image) resolve(o *Object, base [NumSections]uint32, name string) (uint32, error) {
	if s := o.Symbols[name]; s != nil && s.Defined {
		if s.Section == Discard {
			return 0, fmt.Errorf("symbol %q is in a discarded section", name)
		}
		return base[s.Section] + s.Value, nil
	}
	if v, ok := img.symByName[name]; ok {
		return v, nil
	}
	return 0, fmt.Errorf("undefined symbol %q", name)
}

// gotEntries lists the GOT entries the objects' relocations need, in
// first-use order, and reports whether anything is $gp-relative.
func gotEntries(objs []*Object) ([]gotKey, bool, error) {
	var got []gotKey
	seen := map[gotKey]bool{}
	gpUsed := false
	for i, o := range objs {
		gpUsed = gpUsed || len(o.Sections[SData].Data) > 0 || len(o.Sections[SBss].Data) > 0
		for k := Text; k < Discard; k++ {
			for _, r := range o.Sections[k].Relocs {
				switch r.Type {
				case RGPREL16:
					gpUsed = true
					continue
				case RGOT16, RCALL16, RGOTHI16, RGOTLO16:
				default:
					continue
				}
				gpUsed = true
				g := gotKey{obj: -1, sym: r.Sym}
				if s := o.Symbols[r.Sym]; s != nil && s.Defined && !s.Global {
					g = gotKey{obj: i, sym: r.Sym, add: r.Addend, page: r.Type == RGOT16}
					if !g.page {
						g.add = 0
					}
				} else if r.Addend != 0 {
					return nil, false, &Error{File: o.Name, Line: r.Line, Msg: fmt.Sprintf("%s against %s%+d: a global's GOT entry takes no offset", r.Type, r.Sym, r.Addend)}
				}
				if !seen[g] {
					seen[g] = true
					got = append(got, g)
				}
			}
		}
	}
	return got, gpUsed, nil
}

func (img *Image) apply(oi int, o *Object, base [NumSections]uint32, r Reloc, p uint32, order binary.ByteOrder) error {
	w := order.Uint32(img.Mem[p:])
	if r.Sym == gpDisp && (r.Type == RHI16 || r.Type == RLO16) {
		// .cpload: lui at p (%hi), ori at p+4 (%lo), both relative to
		// the lui, whose address is the function's (in $t9).
		lui := p
		if r.Type == RLO16 {
			lui = p - 4
		}
		v := img.gp - lui + uint32(r.Addend)
		if r.Type == RHI16 {
			v >>= 16
		}
		order.PutUint32(img.Mem[p:], w&^0xffff|v&0xffff)
		return nil
	}
	switch r.Type {
	case RGOT16, RCALL16, RGOTHI16, RGOTLO16:
		g := gotKey{obj: -1, sym: r.Sym}
		if s := o.Symbols[r.Sym]; s != nil && s.Defined && !s.Global {
			g = gotKey{obj: oi, sym: r.Sym, page: r.Type == RGOT16}
			if g.page {
				g.add = r.Addend
			}
		}
		off := int64(int32(img.got[g] - img.gp))
		switch r.Type {
		case RGOTHI16:
			off = (off + 0x8000) >> 16 // the ld adds the sign-extended low half
		case RGOTLO16:
		default:
			if off < -0x8000 || off > 0x7fff {
				return fmt.Errorf("%s to %s: GOT offset %d out of range", r.Type, r.Sym, off)
			}
		}
		order.PutUint32(img.Mem[p:], w&^0xffff|uint32(off)&0xffff)
		return nil
	}
	s, err := img.resolve(o, base, r.Sym)
	if err != nil {
		return err
	}
	v := s + uint32(r.Addend)
	switch r.Type {
	case RGPREL16:
		d := int64(v) - int64(img.gp)
		if d < 0 || d > 0xffff {
			return fmt.Errorf("%s to %s: offset %d from _gp out of range 0..65535 (is it in .sdata/.sbss?)", r.Type, r.Sym, d)
		}
		w = w&^0xffff | uint32(d)
	case R32:
		w = v
	case RHI16:
		w = w&^0xffff | v>>16
	case RLO16:
		w = w&^0xffff | v&0xffff
	case RPC16, RPC24:
		off := int64(int32(v - (p + 4)))
		bits := uint(24)
		if r.Type == RPC16 {
			bits = 16
		}
		lim := int64(1) << (bits - 1)
		if off < -lim || off >= lim {
			return fmt.Errorf("%s to %s: offset %d out of range", r.Type, r.Sym, off)
		}
		mask := uint32(1)<<bits - 1
		w = w&^mask | uint32(off)&mask
	default:
		return fmt.Errorf("unknown relocation type %d", r.Type)
	}
	order.PutUint32(img.Mem[p:], w)
	return nil
}
