// Package target registers the cpu0 (big-endian) and cpu0el
// (little-endian) targets: the Cpu0 Machine, made of package cpu0's
// tables, passes and hooks and package binout's emitters. Import it for
// its side effect, as the driver does.
package target

import (
	"bytes"
	"fmt"
	"io"

	"lltosimd/mir"
	"lltosimd/passes"
	"lltosimd/targets"
	"lltosimd/targets/cpu0"
	"lltosimd/targets/cpu0/binout"
)

// Machine is the Cpu0 targets.Machine: the branch and phi-elimination
// hooks package cpu0 registered for its architecture, the pipeline and
// the emitters.
type Machine struct{ passes.Machine }

var _ targets.Machine = Machine{}

// Arch is the Cpu0 instruction and register table.
func (Machine) Arch() *mir.Arch { return cpu0.Arch }

// CPUs are lbd's two instruction-set levels; cpu032II is the default.
func (Machine) CPUs() []string { return []string{"cpu032II", "cpu032I"} }

// Pipeline is package cpu0's pass order.
func (Machine) Pipeline() []string { return cpu0.Pipeline }

// Emit writes assembly, ELF objects or hex images (package binout).
func (Machine) Emit(w io.Writer, m *mir.Module, ft targets.FileType, cfg *passes.Config) error {
	return binout.Emit(w, m, ft, cfg)
}

// EmitFunc prints one compiled function: the text of every file type
// (binout assembles the printed text).
func (Machine) EmitFunc(f *mir.Func, index int, cfg *passes.Config) ([]byte, error) {
	var b bytes.Buffer
	if err := cpu0.PrintFunc(&b, f, index); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

var _ targets.FuncEmitter = Machine{}

func init() {
	for _, big := range []bool{true, false} {
		name := map[bool]string{true: "cpu0", false: "cpu0el"}[big]
		targets.Register(&targets.Target{
			Name:      name,
			Desc:      fmt.Sprintf("Cpu0 (%s-endian)", map[bool]string{true: "big", false: "little"}[big]),
			BigEndian: big,
			Machine:   Machine{passes.MachineFor(cpu0.Arch)},
		})
	}
}
