// Package targets is the registry of code-generation targets. Each target
// package registers itself from an init function; the driver looks targets
// up by their -march name.
package targets

import (
	"io"
	"sort"

	"lltosimd/mir"
	"lltosimd/passes"
)

// FileType is an output kind (-filetype).
type FileType string

// Output kinds.
const (
	FileAsm FileType = "asm"
	FileObj FileType = "obj"
	FileHex FileType = "hex"
)

// Machine is a code-generation target: the one interface a target
// implements (plus its tables and passes, registered in its own package).
// The generic passes reach the embedded passes.Machine through
// passes.MachineFor, so a target registers that part for its mir.Arch too.
type Machine interface {
	passes.Machine
	// Arch is the op table and register file.
	Arch() *mir.Arch
	// CPUs lists the accepted -mcpu values; the first is the default.
	CPUs() []string
	// Pipeline lists the passes run on every function, in order.
	Pipeline() []string
	// Emit writes a compiled module in the requested file type.
	Emit(w io.Writer, m *mir.Module, ft FileType, cfg *passes.Config) error
}

// FuncEmitter is a Machine whose Emit can take functions printed one by
// one: EmitFunc prints the compiled function f, the index-th of its
// module, as Emit would print it in the module, so that the driver prints
// each function on the processor that compiled it as soon as it is
// compiled and frees its MIR (mir.Func.SetCode); Emit then writes f.Code.
// On an error the driver leaves f to Emit, which reports it.
type FuncEmitter interface {
	EmitFunc(f *mir.Func, index int, cfg *passes.Config) ([]byte, error)
}

// Target is one -march value: a Machine in one byte order.
type Target struct {
	Name      string // -march spelling
	Desc      string
	BigEndian bool
	Machine
}

var registry = map[string]*Target{}

// Register adds a target. Its Machine's passes.Machine part must be the
// one registered for its Arch, so that the passes and the driver agree.
func Register(t *Target) {
	if passes.MachineFor(t.Arch()) == nil {
		panic("targets: " + t.Name + ": no passes.Machine registered for architecture " + t.Arch().Name)
	}
	registry[t.Name] = t
}

// Lookup finds a target by its -march name.
func Lookup(name string) (*Target, bool) {
	t, ok := registry[name]
	return t, ok
}

// Names lists the registered targets.
func Names() []string {
	var n []string
	for k := range registry {
		n = append(n, k)
	}
	sort.Strings(n)
	return n
}
