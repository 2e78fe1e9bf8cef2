package codegen

import "lltosimd/mir"

// Work-group barriers (OpenCL barrier(flags)). A work-group of up to 16
// work-items is one wave: its lanes run in lockstep, every store has
// completed (vw_wait) before the next instruction, and loads of memory the
// kernel writes read it by VDR DMA (coherence.go), so the barrier needs no
// code. A larger group runs as k = ⌈local size / 16⌉ waves on k QPUs at
// once (vc4run refuses launches with fewer QPUs): each wave adds 1 to a
// counter word after the group's __local memory (Program.Barrier), under
// the VPM mutex, then polls it until it reaches n·k at its n-th barrier.
// The counter starts at 0 in every work-group's zeroed __local area.

// barrierCalls are the barrier and memory fence built-ins; the fences
// need no code for the same reasons as a one-wave barrier.
var barrierCalls = map[string]bool{
	"_Z7barrierj": true, "_Z9mem_fencej": false, "_Z14read_mem_fencej": false, "_Z15write_mem_fencej": false,
}

// barrierOffset is the offset of the barrier counter in a work-group's
// __local area.
func (l *lowerer) barrierOffset() int64 {
	if l.globals == nil {
		return 0
	}
	return int64(l.globals.LocalBytes)
}

// barrier emits the multi-wave barrier described above.
func (l *lowerer) barrier() {
	skip, poll := l.newLabel(), l.newLabel()
	ls := vreg(l.unif[UnifLocalSize])
	l.alu("sub", none, ls, l.constant(17), setF()).Comment = "barrier: one wave per work-group needs no wait"
	l.branch("alln", skip, "")
	k, addr := l.tmp(), l.tmp()
	l.alu("add", k, ls, imm(15))
	l.alu("shr", k, k, imm(4))
	l.alu("add", vreg(l.barrierTarget), vreg(l.barrierTarget), k)
	l.alu("add", addr, vreg(l.localBase), l.constant(l.barrierOffset()))
	readCounter := func() {
		// One word at addr into VPM (0, 0), then row 0 into r1.
		l.alu("mov", hw("r1"), hw("mutex"))
		l.ldi(hw("vr_setup"), 0x80110000)
		l.alu("mov", hw("vr_addr"), addr)
		l.alu("mov", hw("r1"), hw("vr_wait"))
		l.ldi(hw("vr_setup"), 0x00101a00)
		l.nop()
		l.nop()
		l.alu("mov", hw("r1"), hw("vpm"))
	}
	readCounter()
	l.alu("add", hw("r1"), hw("r1"), imm(1))
	l.ldi(hw("vw_setup"), 0x1a00)
	l.alu("mov", hw("vpm"), hw("r1"))
	l.ldi(hw("vw_setup"), 0x80814000) // 1 word from VPM (0, 0)
	l.alu("mov", hw("vw_addr"), addr)
	l.alu("mov", hw("r1"), hw("vw_wait"))
	l.alu("mov", hw("mutex"), imm(0))
	l.label(poll, "")
	readCounter()
	l.alu("mov", hw("mutex"), imm(0))
	l.alu("mov", hw("r5rep"), hw("r1"))
	l.alu("sub", none, hw("r5"), vreg(l.barrierTarget), setF()).Comment = "all waves of the group arrived?"
	l.branch("anyn", poll, "wait for the other waves")
	l.label(skip, "")
}

// hasBarrier reports whether the kernel calls barrier.
func (l *lowerer) hasBarrier() bool {
	for _, b := range l.g.blocks {
		for _, in := range l.g.facts[b].instrs {
			if u := in.Uses(); in.Op == mir.GCall && len(u) > 0 && u[0].Kind == mir.KindSym && barrierCalls[u[0].Sym] {
				return true
			}
		}
	}
	return false
}
