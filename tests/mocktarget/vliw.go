package mocktarget

import (
	"fmt"

	"lltosimd/mir"
	"lltosimd/passes"
	"lltosimd/targets"
)

// The toy machine issues packets (mir.Instr.Packet) of up to four
// instructions: two ALU operations, one memory access and one control
// instruction, last. All members read before any writes; the hardware
// interlocks, so latencies only cost cycles (Sim.Cycles). The "toy"
// target runs one instruction per packet; "toyvliw" appends the shared
// packetize pass to the same pipeline.

// Functional units of a toy instruction.
const (
	unitALU = iota
	unitMem
	unitCtrl
	unitNone // NOP
)

// Per-packet limits.
var unitLimit = [...]int{unitALU: 2, unitMem: 1, unitCtrl: 1, unitNone: 4}

// toyUnits gives each op its unit and latency (the default is the ALU,
// latency 1).
var toyUnits = map[string]struct{ unit, lat int }{
	"MULA": {unitALU, 3}, "MULHUA": {unitALU, 3}, "MULHSA": {unitALU, 3},
	"DIV": {unitALU, 6}, "DIVU": {unitALU, 6}, "REM": {unitALU, 6}, "REMU": {unitALU, 6},
	"LDW": {unitMem, 2}, "LDH": {unitMem, 2}, "LDHU": {unitMem, 2}, "LDB": {unitMem, 2}, "LDBU": {unitMem, 2},
	"STW": {unitMem, 1}, "STH": {unitMem, 1}, "STB": {unitMem, 1},
	"JMP": {unitCtrl, 1}, "BNZ": {unitCtrl, 1}, "BZ": {unitCtrl, 1}, "JT": {unitCtrl, 1},
	"CALL": {unitCtrl, 1}, "RET": {unitCtrl, 1}, "TRAP": {unitCtrl, 1},
	"NOP": {unitNone, 1},
}

// memSizes are the access sizes of the loads and stores.
var memSizes = map[string]int64{"LDW": 4, "LDH": 2, "LDHU": 2, "LDB": 1, "LDBU": 1, "STW": 4, "STH": 2, "STB": 1}

func unitOf(in *mir.Instr) (unit, lat int) {
	if u, ok := toyUnits[Arch.OpName(in.Op)]; ok {
		return u.unit, u.lat
	}
	return unitALU, 1
}

// VLIWInfo describes the toy's packets to the packetizer.
func (Machine) VLIWInfo() passes.VLIWInfo { return vliwInfo{} }

type vliwInfo struct{}

func (vliwInfo) MaxPacket() int { return 4 }

func (vliwInfo) Latency(_ *mir.Func, in *mir.Instr, _ mir.Reg) int {
	_, lat := unitOf(in)
	return lat
}

// RegEffects is the branch passes' view plus the link register a call
// writes.
func (vliwInfo) RegEffects(_ *mir.Func, in *mir.Instr) (defs, uses []mir.Reg) {
	defs, uses = branchInfo{}.RegEffects(in)
	if in.Op == Op["CALL"] {
		defs = append(defs, LR)
	}
	return defs, uses
}

// MemAccess: loads and stores address base register + immediate offset
// (operands 1 and 2).
func (vliwInfo) MemAccess(_ *mir.Func, in *mir.Instr) (passes.MemRef, bool) {
	size, ok := memSizes[Arch.OpName(in.Op)]
	if !ok || len(in.Ops) < 3 || in.Ops[1].Kind != mir.KindReg || in.Ops[2].Kind != mir.KindImm {
		return passes.MemRef{}, false
	}
	return passes.MemRef{Base: in.Ops[1].Reg, Off: in.Ops[2].Imm, Size: size}, true
}

// CheckPacket enforces the unit limits and a control instruction last.
func (vliwInfo) CheckPacket(f *mir.Func, p []*mir.Instr) error {
	var used [len(unitLimit)]int
	for i, in := range p {
		u, _ := unitOf(in)
		if used[u]++; used[u] > unitLimit[u] {
			return fmt.Errorf("toy: more than %d instructions of unit %d in a packet", unitLimit[u], u)
		}
		if u == unitCtrl && i != len(p)-1 {
			return fmt.Errorf("toy: control instruction %s is not last in its packet", Arch.OpName(in.Op))
		}
	}
	if len(p) > 4 {
		return fmt.Errorf("toy: %d instructions in a packet", len(p))
	}
	return nil
}

// VLIWPipeline is the toy pipeline with the shared packetizer at the end.
var VLIWPipeline = append(append([]string{}, Pipeline...), "packetize")

// VLIWMachine is the "toyvliw" target: the toy machine compiled into
// packets.
type VLIWMachine struct{ Machine }

// Pipeline appends packetize to the toy pipeline.
func (VLIWMachine) Pipeline() []string { return VLIWPipeline }

func init() {
	targets.Register(&targets.Target{Name: "toyvliw", Desc: "toy machine with packets (framework tests)", Machine: VLIWMachine{}})
}
