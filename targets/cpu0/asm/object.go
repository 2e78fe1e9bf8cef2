package asm

import "lltosimd/targets/cpu0"

// SectionKind identifies one of the sections the linker knows.
type SectionKind uint8

// Sections, in link order. Discard collects sections the image has no use
// for (.mdebug.*, .comment, .note.*): their contents are dropped.
const (
	Text SectionKind = iota
	Rodata
	Data
	SData // small data addressed off $gp (-cpu0-use-small-section)
	SBss  // small zero-initialized data addressed off $gp
	Bss
	Discard
	NumSections
)

var sectionNames = [NumSections]string{".text", ".rodata", ".data", ".sdata", ".sbss", ".bss", "(discarded)"}

func (k SectionKind) String() string { return sectionNames[k] }

// NoBits reports whether the section holds only zeros (no file contents).
func (k SectionKind) NoBits() bool { return k == Bss || k == SBss }

// RelocType is an ELF relocation number of the Cpu0 psABI (spec §4).
type RelocType uint8

// Relocation types produced by the assembler.
const (
	R32   RelocType = 2  // R_CPU0_32: 32-bit absolute word (.4byte sym)
	RHI16 RelocType = 5  // R_CPU0_HI16: (S+A) >> 16, no carry adjustment
	RLO16 RelocType = 6  // R_CPU0_LO16: (S+A) & 0xffff
	RPC16 RelocType = 10 // R_CPU0_PC16: beq/bne, S+A-(P+4)
	RPC24 RelocType = 13 // R_CPU0_PC24: jxx/jmp/jsub/bal, S+A-(P+4)
	// $gp-relative relocations (PIC and small data; link.go says how the
	// linker lays out the GOT and small data around _gp).
	RGPREL16 RelocType = 7  // R_CPU0_GPREL16 (%gp_rel): S+A-GP, 0..0xffff (ori zero-extends)
	RGOT16   RelocType = 9  // R_CPU0_GOT16 (%got): GOT entry - GP; a local's entry holds the 64 KiB page of S+A
	RCALL16  RelocType = 11 // R_CPU0_CALL16 (%call16): GOT entry - GP
	RGOTHI16 RelocType = 22 // R_CPU0_GOT_HI16 (%got_hi): high half of GOT entry - GP, carry-adjusted for the ld
	RGOTLO16 RelocType = 23 // R_CPU0_GOT_LO16 (%got_lo): low half of GOT entry - GP
)

var relocNames = map[RelocType]string{R32: "R_CPU0_32", RHI16: "R_CPU0_HI16", RLO16: "R_CPU0_LO16", RPC16: "R_CPU0_PC16", RPC24: "R_CPU0_PC24",
	RGPREL16: "R_CPU0_GPREL16", RGOT16: "R_CPU0_GOT16", RCALL16: "R_CPU0_CALL16", RGOTHI16: "R_CPU0_GOT_HI16", RGOTLO16: "R_CPU0_GOT_LO16"}

// RelocOperators maps the assembler's relocation operators to their types.
var RelocOperators = map[string]RelocType{"%hi": RHI16, "%lo": RLO16, "%gp_rel": RGPREL16, "%got": RGOT16, "%call16": RCALL16, "%got_hi": RGOTHI16, "%got_lo": RGOTLO16}

func (t RelocType) String() string { return relocNames[t] }

// Reloc is a reference from a section to a symbol, resolved by the linker.
type Reloc struct {
	Offset uint32 // byte offset of the instruction or word in its section
	Type   RelocType
	Sym    string
	Addend int32
	Line   int // source line, for error messages
}

// Section is the assembled contents of one section of one file.
type Section struct {
	Data   []byte // Bss holds zeros
	Align  uint32 // largest alignment requested, at least 1
	Relocs []Reloc
}

// Symbol is a label or common symbol defined in (or referenced by) an object.
type Symbol struct {
	Name    string
	Section SectionKind
	Value   uint32 // offset in Section
	Global  bool
	Defined bool
	// Common marks a definition that another file's may replace: a .comm
	// (several files may define the same common symbol; the linker keeps
	// one, a real definition wins) or a .weak symbol (the runtime's C
	// library functions, which programs may define themselves). ELF writes
	// both as STB_WEAK.
	Common bool
	Line   int
	Type   SymType // from .type (ELF symbol type)
	Size   uint32  // from .size (ELF symbol size)
}

// Object is one assembled file.
type Object struct {
	Name         string
	Level        cpu0.Level
	LittleEndian bool
	Sections     [NumSections]Section
	Symbols      map[string]*Symbol
	// Order lists symbol names in definition order (for stable output).
	Order []string
}

// Options configure the assembler.
type Options struct {
	Level        cpu0.Level // instructions above this level are rejected; 0 = cpu032II
	LittleEndian bool       // cpu0el byte order
	// GP selects the startup code of a $gp-relative program (Startup,
	// StartupArgs; UsesGP tells): $gp = _gp, and $t9 = main for a PIC
	// main's .cpload. Without it the startup sets $gp = 0, as lbd's does.
	GP bool
}
