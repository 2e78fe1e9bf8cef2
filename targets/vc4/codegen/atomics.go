package codegen

import (
	"fmt"
	"strings"

	"lltosimd/mir"
)

// atomicOps are the OpenCL 1.2 32-bit atomic functions (and their
// cl_khr_*_int32_*_atomics atom_ spellings), by source name: how many
// value operands follow the pointer, and the new word from the old one
// (in r5, replicated) and the operands (per lane).
var atomicOps = map[string]struct {
	nargs int
	op    func(l *lowerer, nw, old val, a []val, unsigned bool)
}{
	"add":  {1, func(l *lowerer, nw, old val, a []val, _ bool) { l.alu("add", nw, old, a[0]) }},
	"sub":  {1, func(l *lowerer, nw, old val, a []val, _ bool) { l.alu("sub", nw, old, a[0]) }},
	"inc":  {0, func(l *lowerer, nw, old val, a []val, _ bool) { l.alu("add", nw, old, sim(1)) }},
	"dec":  {0, func(l *lowerer, nw, old val, a []val, _ bool) { l.alu("sub", nw, old, sim(1)) }},
	"xchg": {1, func(l *lowerer, nw, old val, a []val, _ bool) { l.alu("mov", nw, a[0], a[0]) }},
	"and":  {1, func(l *lowerer, nw, old val, a []val, _ bool) { l.alu("and", nw, old, a[0]) }},
	"or":   {1, func(l *lowerer, nw, old val, a []val, _ bool) { l.alu("or", nw, old, a[0]) }},
	"xor":  {1, func(l *lowerer, nw, old val, a []val, _ bool) { l.alu("xor", nw, old, a[0]) }},
	"min": {1, func(l *lowerer, nw, old val, a []val, u bool) {
		if u {
			l.pick(nw, mir.CondULT, old, a[0], old, a[0])
		} else {
			l.alu("min", nw, old, a[0])
		}
	}},
	"max": {1, func(l *lowerer, nw, old val, a []val, u bool) {
		if u {
			l.pick(nw, mir.CondUGT, old, a[0], old, a[0])
		} else {
			l.alu("max", nw, old, a[0])
		}
	}},
	"cmpxchg": {2, func(l *lowerer, nw, old val, a []val, _ bool) { l.pick(nw, mir.CondEQ, old, a[0], a[1], old) }},
}

// atomicCall recognizes a call of an OpenCL atomic function on a
// __global or __local int/uint (float for atomic_xchg) pointer: the
// operation, and whether it is unsigned.
func atomicCall(sym string) (name string, unsigned, ok bool) {
	base, params := clBuiltinName(sym)
	op, isAtomic := strings.CutPrefix(base, "atomic_")
	if !isAtomic {
		op, isAtomic = strings.CutPrefix(base, "atom_")
	}
	if _, known := atomicOps[op]; !isAtomic || !known {
		return "", false, false
	}
	// PU3AS1Vi…: a pointer to (volatile) int, uint or float in address
	// space 1 (__global) or 3 (__local).
	p := strings.TrimPrefix(strings.TrimPrefix(params, "PU3AS1"), "PU3AS3")
	if p == params {
		return "", false, false
	}
	p = strings.TrimPrefix(p, "V")
	if p == "" || !strings.Contains("ijf", p[:1]) {
		return "", false, false
	}
	return op, p[0] == 'j', true
}

// atomic lowers one atomic read-modify-write per active lane. Every
// memory write holds the VPM mutex, so an update done while holding it is
// atomic for all QPUs; the lanes of the wave take turns, lane 0 first
// (their addresses may coincide): lane l's word is read by a one-word VDR
// DMA into VPM (0, 0), replicated to all lanes through r5, the new value
// computed in every lane from it and the lane's own operands, written to
// VPM row 0 and lane l's column stored by a one-word VDW DMA. The word
// read goes to lane l of the result. The addresses rotate through r0 (a
// DMA takes lane 0's address), so the loop needs no per-lane extraction.
// Inactive lanes update the wave's dummy word (laneAddr); lanes beyond a
// partial wave take no turn. The result is
// the old value, as OpenCL defines.
func (l *lowerer) atomic(b *block, in *mir.Instr, op string, unsigned bool) error {
	var regs []mir.Operand
	for _, o := range in.Uses()[1:] {
		if o.Kind == mir.KindReg { // the immediates are argument descriptors
			regs = append(regs, o)
		}
	}
	def := atomicOps[op]
	if len(regs) != 1+def.nargs || len(in.Defs()) > 1 {
		return fmt.Errorf("function '%s': atomic_%s with %d operand words, want %d (32-bit pointers and values)", l.f.Name, op, len(regs), 1+def.nargs)
	}
	var args []val
	for _, o := range regs[1:] {
		// Operands live in registers for the whole loop (the emitter may
		// stage a small immediate through r2, which the loop keeps free).
		t := vr(l.newV())
		v := l.opnd(o)
		l.alu("mov", t, v, v)
		args = append(args, t)
	}
	res, lane, vws, nw := vr(l.newV()), vr(l.newV()), vr(l.newV()), vr(l.newV())
	l.alu("mov", res, sim(0), sim(0))
	l.alu("mov", lane, sim(0), sim(0))
	l.ldi(vws, 0x80814000, "") // VDW: 1 row of 1 word from VPM (0, lane)
	l.laneAddr(b, l.opnd(regs[0]))
	l.alu("mov", ph("r1"), ph("mutex"), ph("mutex"))
	loop := l.newLabel()
	l.emit(&lins{op: "label", target: loop})
	// Lane l's word into VPM (0, 0) (VDR: 1 row of 1 word, 32-bit).
	l.ldi(ph("vr_setup"), 0x80110000, "")
	l.alu("mov", ph("vr_addr"), ph("r0"), ph("r0"))
	l.alu("mov", ph("r1"), ph("vr_wait"), ph("vr_wait"))
	l.ldi(ph("vr_setup"), 0x00101a00, "") // VPM read: 1 row, row 0
	l.nop()
	l.nop()
	l.alu("mov", ph("r1"), ph("vpm"), ph("vpm"))
	l.alu("mov", ph("r5rep"), ph("r1"), ph("r1"))
	def.op(l, nw, ph("r5"), args, unsigned)
	l.ldi(ph("vw_setup"), 0x1a00, "")
	l.alu("mov", ph("vpm"), nw, nw)
	l.alu("mov", ph("vw_setup"), vws, vws)
	l.alu("mov", ph("vw_addr"), ph("r0"), ph("r0"))
	l.emit(&lins{op: "sub", a: ph("elem_num"), b: lane, setf: true, comment: "the lane whose turn it is"})
	l.emit(&lins{op: "mov", d: res, a: ph("r5"), b: ph("r5"), cond: "ifz"})
	l.alu("mov", ph("r1"), ph("vw_wait"), ph("vw_wait"))
	l.alu("add", vws, vws, sim(8))
	l.emit(&lins{op: "mov", mul: true, d: ph("r0"), a: ph("r0"), b: ph("r0"), rot: 1, comment: "next lane's address into lane 0"})
	// Only the wave's lanes take a turn: lanes beyond a partial wave's
	// work-group hold lane 0's address at top level (laneAddr), and a
	// turn would repeat lane 0's update.
	l.emit(&lins{op: "sub", a: lane, b: sim(int32(l.lanes - 1)), setf: true})
	l.alu("add", lane, lane, sim(1))
	l.branch("allnz", loop, "next lane")
	l.alu("mov", ph("mutex"), sim(0), sim(0))
	if defs := in.Defs(); len(defs) == 1 {
		d, fin := l.dest(b, defs[0].Reg)
		l.alu("mov", d, res, res)
		fin()
	}
	return nil
}
