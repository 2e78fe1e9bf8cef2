package bwdsp

// Memory map and startup of the project's BWL machine (spec §2.10 leaves
// them to the simulator; docs/bwdsp.md records the decisions).
const (
	// DataBase is where `.data` starts. Bytes below it are unmapped, so
	// that a null-pointer access faults.
	DataBase = 0x1000
	// MemSize is the size of data memory: valid addresses are
	// DataBase..MemSize-1.
	MemSize = 0x100000
	// StackTop is the initial stack pointer the startup code loads into
	// U8 (the stack grows down; U8 points at the lowest allocated byte).
	StackTop = MemSize
	// ConsoleAddr is the console port: a store of any size there writes
	// its low byte to the output.
	ConsoleAddr = 0xFFFF0000
	// InputAddr is the console input port: a word load from it returns
	// the next byte of the simulator's input (0..255), or -1 (0xFFFFFFFF)
	// at the end of the input. Other accesses to it fault.
	InputAddr = ConsoleAddr + 4
)

// Program is an assembled BWL program: code bundles (program memory,
// addressed by bundle index, execution starts at bundle 0) and the initial
// contents of data memory from DataBase.
type Program struct {
	Bundles [][]Inst
	Data    []byte
	// Lines gives the source line of each bundle (0 when unknown).
	Lines []int
	// File is the source file name, for messages.
	File string
	// BundleFiles gives the source file of each bundle of a program
	// linked from several files (nil: File).
	BundleFiles []string
	// Labels maps code labels to bundle indices and data labels to byte
	// addresses.
	Labels map[string]uint32
	// Funcs are the `.func` ranges, for naming the function a fault is in.
	Funcs []Func
}

// Func is one `.func name` … `.endfunc` range of bundles.
type Func struct {
	Name       string
	Start, End int // bundle indices, End exclusive
}

// FileAt names the source file of bundle pc, which Lines[pc] refers to.
func (p *Program) FileAt(pc int) string {
	if pc >= 0 && pc < len(p.BundleFiles) {
		return p.BundleFiles[pc]
	}
	return p.File
}

// FuncAt names the function containing bundle pc ("" if none).
func (p *Program) FuncAt(pc int) string {
	for _, f := range p.Funcs {
		if pc >= f.Start && pc < f.End {
			return f.Name
		}
	}
	return ""
}
