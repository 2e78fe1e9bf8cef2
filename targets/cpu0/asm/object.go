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
	Bss
	Discard
	NumSections
)

var sectionNames = [NumSections]string{".text", ".rodata", ".data", ".bss", "(discarded)"}

func (k SectionKind) String() string { return sectionNames[k] }

// RelocType is an ELF relocation number of the Cpu0 psABI (spec §4).
type RelocType uint8

// Relocation types produced by the assembler.
const (
	R32   RelocType = 2  // R_CPU0_32: 32-bit absolute word (.4byte sym)
	RHI16 RelocType = 5  // R_CPU0_HI16: (S+A) >> 16, no carry adjustment
	RLO16 RelocType = 6  // R_CPU0_LO16: (S+A) & 0xffff
	RPC16 RelocType = 10 // R_CPU0_PC16: beq/bne, S+A-(P+4)
	RPC24 RelocType = 13 // R_CPU0_PC24: jxx/jmp/jsub/bal, S+A-(P+4)
)

var relocNames = map[RelocType]string{R32: "R_CPU0_32", RHI16: "R_CPU0_HI16", RLO16: "R_CPU0_LO16", RPC16: "R_CPU0_PC16", RPC24: "R_CPU0_PC24"}

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
}
