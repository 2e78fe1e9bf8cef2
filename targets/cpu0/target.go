package cpu0

// Pipeline is the order of the Cpu0 MachineFunction passes, from generic
// SSA MIR to emission-ready code.
var Pipeline = []string{
	"wideint-legalize",   // integers wider than a word to word ops: 32-bit registers only
	"atomic-lowering",    // atomics to plain load-modify-store: one core, no interrupts
	"vector-legalize",    // vectors to their lanes: Cpu0 has no vector unit
	"switch-lowering",    // G_SWITCH to jump tables and compare trees, as llc does for Mips
	"pressure-sink",      // register-bound blocks: each value next to its user, float chains before they become calls
	"soft-float",         // float and double ops to runtime calls: Cpu0 has no FPU
	"if-convert",         // off by default (-enable-if-conversion): small hammocks to guarded code
	"predicate-lowering", // guarded code speculated, merged with G_SELECT (movz/movn)
	"cpu0-call-lowering",
	"generic-combine",
	"loop-strength-reduce",
	"cpu0-isel",
	"machine-cse",
	"pressure-sink", // again on the selected code (address and compare sequences)
	"cpu0-select",
	"phi-elim",
	"two-address",
	"regalloc",
	"cpu0-expand-pseudo",
	"cpu0-frame-lowering",
	"block-placement", // chains of fall-throughs, before the late branch passes
	"del-jmp",
	"cpu0-long-branch",
	"delay-slot-filler",
}
