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
	ls := vr(l.unif[UnifLocalSize])
	l.emit(&lins{op: "sub", a: ls, b: l.constant(17), setf: true, comment: "barrier: one wave per work-group needs no wait"})
	l.branch("alln", skip, "")
	k, addr := vr(l.newV()), vr(l.newV())
	l.alu("add", k, ls, sim(15))
	l.alu("shr", k, k, sim(4))
	l.alu("add", vr(l.barrierTarget), vr(l.barrierTarget), k)
	l.alu("add", addr, vr(l.localBase), l.constant(l.barrierOffset()))
	readCounter := func() {
		// One word at addr into VPM (0, 0), then row 0 into r1.
		l.alu("mov", ph("r1"), ph("mutex"), ph("mutex"))
		l.ldi(ph("vr_setup"), 0x80110000, "")
		l.alu("mov", ph("vr_addr"), addr, addr)
		l.alu("mov", ph("r1"), ph("vr_wait"), ph("vr_wait"))
		l.ldi(ph("vr_setup"), 0x00101a00, "")
		l.nop()
		l.nop()
		l.alu("mov", ph("r1"), ph("vpm"), ph("vpm"))
	}
	readCounter()
	l.alu("add", ph("r1"), ph("r1"), sim(1))
	l.ldi(ph("vw_setup"), 0x1a00, "")
	l.alu("mov", ph("vpm"), ph("r1"), ph("r1"))
	l.ldi(ph("vw_setup"), 0x80814000, "") // 1 word from VPM (0, 0)
	l.alu("mov", ph("vw_addr"), addr, addr)
	l.alu("mov", ph("r1"), ph("vw_wait"), ph("vw_wait"))
	l.alu("mov", ph("mutex"), sim(0), sim(0))
	l.emit(&lins{op: "label", target: poll})
	readCounter()
	l.alu("mov", ph("mutex"), sim(0), sim(0))
	l.alu("mov", ph("r5rep"), ph("r1"), ph("r1"))
	l.emit(&lins{op: "sub", a: ph("r5"), b: vr(l.barrierTarget), setf: true, comment: "all waves of the group arrived?"})
	l.branch("anyn", poll, "wait for the other waves")
	l.emit(&lins{op: "label", target: skip})
}

// hasBarrier reports whether the kernel calls barrier.
func (l *lowerer) hasBarrier() bool {
	for _, b := range l.g.blocks {
		for _, in := range b.instrs {
			if u := in.Uses(); in.Op == mir.GCall && len(u) > 0 && u[0].Kind == mir.KindSym && barrierCalls[u[0].Sym] {
				return true
			}
		}
	}
	return false
}
