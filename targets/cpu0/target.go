package cpu0

import (
	"fmt"
	"io"

	"lltosimd/mir"
	"lltosimd/passes"
	"lltosimd/targets"
)

// Pipeline is the order of the Cpu0 MachineFunction passes, from generic
// SSA MIR to emission-ready code.
var Pipeline = []string{
	"soft-float", // float and double ops to runtime calls: Cpu0 has no FPU
	"cpu0-call-lowering",
	"cpu0-isel",
	"cpu0-select",
	"phi-elim",
	"two-address",
	"regalloc",
	"cpu0-expand-pseudo",
	"cpu0-frame-lowering",
	"del-jmp",
	"cpu0-long-branch",
	"delay-slot-filler",
}

func init() {
	for _, t := range []struct {
		name string
		big  bool
	}{{"cpu0", true}, {"cpu0el", false}} {
		targets.Register(&targets.Target{
			Name:      t.name,
			Desc:      fmt.Sprintf("Cpu0 (%s-endian)", map[bool]string{true: "big", false: "little"}[t.big]),
			Arch:      Arch,
			BigEndian: t.big,
			CPUs:      []string{"cpu032II", "cpu032I"},
			Pipeline:  Pipeline,
			Emit:      emit,
		})
	}
}

// emit writes a compiled module.
func emit(w io.Writer, m *mir.Module, ft targets.FileType, cfg *passes.Config) error {
	switch ft {
	case targets.FileAsm:
		return PrintModule(w, m, PrintOptions{})
	}
	return fmt.Errorf("-filetype=%s is not supported for Cpu0 yet", ft)
}
