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

// Target describes one -march value.
type Target struct {
	Name      string // -march spelling
	Desc      string
	Arch      *mir.Arch
	BigEndian bool
	CPUs      []string // accepted -mcpu values; the first is the default
	// Pipeline lists the passes run on every function, in order.
	Pipeline []string
	// Emit writes the compiled module in the requested file type.
	Emit func(w io.Writer, m *mir.Module, ft FileType, cfg *passes.Config) error
}

var registry = map[string]*Target{}

// Register adds a target.
func Register(t *Target) { registry[t.Name] = t }

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
