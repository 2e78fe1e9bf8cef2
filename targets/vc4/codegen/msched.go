package codegen

import (
	"fmt"

	"lltosimd/mir"
	"lltosimd/passes"
)

// vc4-sched: the add/mul pairing list scheduler (sched.go: VC4's rules for
// the shared scheduler core, passes.BuildSchedDAG) as a pass on the
// allocated machine form. Every straight-line stretch is scheduled as the
// emission would (schedule), and the result is written back into the MIR:
// two operations that share an instruction become a packet (mir.Instr
// Packet, in issue order: both read before either writes, as the add and
// mul ALUs do), the cycles the schedule leaves empty V4_NOP (and where a
// stretch's end would put a register-file write or a rotated accumulator
// right before its reader, across a label: hazardNops), a dead I/O
// read writes $nop (discardDeadReads), and what the emission would add
// (the clearing of registers read before written, mov.setf -, r3 before a
// masked write whose flags changed) becomes machine instructions. The
// function is then marked scheduled (target-info vc4.scheduled): the
// emission prints it in order and only fills the delay slots. With
// -enable-vc4-sched=false the emission keeps the lowering's order and only
// adds the hazard nops.
var passSched = passes.Register(&passes.Pass{Name: "vc4-sched", Run: schedPass,
	Desc: "VC4: add/mul pairing list scheduler on the allocated machine form (packets, hazard nops)",
	Stats: map[string]string{"pairs": "Number of add/mul packets formed",
		"nops": "Number of V4_NOP instructions after scheduling (delay slots excluded)"}})

// infoScheduled marks a function vc4-sched has scheduled (1).
const infoScheduled = "vc4.scheduled"

// schedPass is vc4-sched.
func schedPass(c *passes.Ctx, f *mir.Func) error {
	if machineForm(f) != formAllocated || f.TargetInfo[infoScheduled] != 0 {
		return nil
	}
	lines, _, err := emitMachine(f)
	if err != nil {
		return err
	}
	lines, pairs := schedule(lines)
	// The gaps across the stretches' ends (into a label) too.
	lines = hazardNops(lines)
	nops, err := rebuildScheduled(f, lines)
	if err != nil {
		return err
	}
	f.TargetInfo[infoScheduled] = 1
	f.Props |= mir.PropBundled
	c.Count("pairs", int64(pairs))
	c.Count("nops", int64(nops))
	return checkMachine(c, f)
}

// rebuildScheduled makes the blocks of f hold the scheduled lines (see
// vc4-sched): a label line starts its block, the instructions up to the
// next label or transfer of control stay in it (a branch or the thread
// end with its delay-slot bundle, whose lines follow it unchanged), and
// after a transfer the next block of the layout continues. Code before
// the first block's label (the clearing prologue) goes into a new block
// without a name in front. It returns the number of nops outside delay
// slots.
func rebuildScheduled(f *mir.Func, lines []qinst) (int, error) {
	if len(f.Blocks) == 0 {
		return 0, nil
	}
	if len(lines) > 0 && !lines[0].label && f.Blocks[0].Name != "" {
		b := f.NewBlockDetached("")
		f.Blocks = append([]*mir.Block{b}, f.Blocks...)
	}
	index := map[*mir.Block]int{}
	for i, b := range f.Blocks {
		index[b] = i
		b.Instrs = nil
	}
	cur, next := 0, false // next: the current block ended with a transfer
	nops := 0
	for i := 0; i < len(lines); i++ {
		q := &lines[i]
		if q.label {
			cur, next = index[q.block], false
			continue
		}
		if next && !(len(q.from) == 1 && isBranch(q.from[0].Op)) { // a branch right after one stays in its block (the builder)
			cur++
			next = false
			if cur >= len(f.Blocks) || f.Blocks[cur].Name != "" {
				return 0, fmt.Errorf("function '%s': internal error: code after a transfer of control has no block", f.Name)
			}
		}
		b := f.Blocks[cur]
		switch len(q.from) {
		case 0:
			b.Instrs = append(b.Instrs, mir.NewInstr(opNop))
			nops++
		case 1:
			in := q.from[0]
			if len(in.Bundle) > 0 {
				// A transfer of control: its delay-slot lines follow.
				for k, m := range in.Bundle {
					if i+1+k >= len(lines) || len(lines[i+1+k].from) != 1 || lines[i+1+k].from[0] != m {
						return 0, fmt.Errorf("function '%s': internal error: the delay slots of %s changed in scheduling", f.Name, mir.FormatInstr(f, in))
					}
				}
				i += len(in.Bundle)
				b.Instrs = append(b.Instrs, in)
				next = true
				continue
			}
			if in.Op == opNop {
				nops++
			}
			b.Instrs = append(b.Instrs, in)
		case 2:
			head, mem := q.from[0], q.from[1]
			head.Bundle, head.Packet = []*mir.Instr{mem}, true
			b.Instrs = append(b.Instrs, head)
		}
	}
	f.RecomputeCFG()
	return nops, nil
}
