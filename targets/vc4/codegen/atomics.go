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
	op    func(l *lowerer, nw, old mir.Operand, a []mir.Operand, unsigned bool)
}{
	"add":  {1, func(l *lowerer, nw, old mir.Operand, a []mir.Operand, _ bool) { l.alu("add", nw, old, a[0]) }},
	"sub":  {1, func(l *lowerer, nw, old mir.Operand, a []mir.Operand, _ bool) { l.alu("sub", nw, old, a[0]) }},
	"inc":  {0, func(l *lowerer, nw, old mir.Operand, a []mir.Operand, _ bool) { l.alu("add", nw, old, imm(1)) }},
	"dec":  {0, func(l *lowerer, nw, old mir.Operand, a []mir.Operand, _ bool) { l.alu("sub", nw, old, imm(1)) }},
	"xchg": {1, func(l *lowerer, nw, old mir.Operand, a []mir.Operand, _ bool) { l.alu("mov", nw, a[0]) }},
	"and":  {1, func(l *lowerer, nw, old mir.Operand, a []mir.Operand, _ bool) { l.alu("and", nw, old, a[0]) }},
	"or":   {1, func(l *lowerer, nw, old mir.Operand, a []mir.Operand, _ bool) { l.alu("or", nw, old, a[0]) }},
	"xor":  {1, func(l *lowerer, nw, old mir.Operand, a []mir.Operand, _ bool) { l.alu("xor", nw, old, a[0]) }},
	"min": {1, func(l *lowerer, nw, old mir.Operand, a []mir.Operand, u bool) {
		if u {
			l.pick(nw, mir.CondULT, old, a[0], old, a[0])
		} else {
			l.alu("min", nw, old, a[0])
		}
	}},
	"max": {1, func(l *lowerer, nw, old mir.Operand, a []mir.Operand, u bool) {
		if u {
			l.pick(nw, mir.CondUGT, old, a[0], old, a[0])
		} else {
			l.alu("max", nw, old, a[0])
		}
	}},
	"cmpxchg": {2, func(l *lowerer, nw, old mir.Operand, a []mir.Operand, _ bool) {
		l.pick(nw, mir.CondEQ, old, a[0], a[1], old)
	}},
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
func (l *lowerer) atomic(b *mir.Block, in *mir.Instr, op string, unsigned bool) error {
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
	var args []mir.Operand
	for _, o := range regs[1:] {
		// Operands live in registers for the whole loop (the emitter may
		// stage a small immediate through r2, which the loop keeps free).
		t := l.tmp()
		v := l.opnd(o)
		l.alu("mov", t, v)
		args = append(args, t)
	}
	res, lane, vws, nw := l.tmp(), l.tmp(), l.tmp(), l.tmp()
	l.alu("mov", res, imm(0))
	l.alu("mov", lane, imm(0))
	l.ldi(vws, 0x80814000) // VDW: 1 row of 1 word from VPM (0, lane)
	l.laneAddr(b, l.opnd(regs[0]))
	l.alu("mov", hw("r1"), hw("mutex"))
	loop := l.newLabel()
	l.label(loop, "")
	// Lane l's word into VPM (0, 0) (VDR: 1 row of 1 word, 32-bit).
	l.ldi(hw("vr_setup"), 0x80110000)
	l.alu("mov", hw("vr_addr"), hw("r0"))
	l.alu("mov", hw("r1"), hw("vr_wait"))
	l.ldi(hw("vr_setup"), 0x00101a00) // VPM read: 1 row, row 0
	l.nop()
	l.nop()
	l.alu("mov", hw("r1"), hw("vpm"))
	l.alu("mov", hw("r5rep"), hw("r1"))
	def.op(l, nw, hw("r5"), args, unsigned)
	l.ldi(hw("vw_setup"), 0x1a00)
	l.alu("mov", hw("vpm"), nw)
	l.alu("mov", hw("vw_setup"), vws)
	l.alu("mov", hw("vw_addr"), hw("r0"))
	l.alu("sub", none, hw("elem_num"), lane, setF()).Comment = "the lane whose turn it is"
	l.alu("mov", res, hw("r5"), ifz())
	l.alu("mov", hw("r1"), hw("vw_wait"))
	l.alu("add", vws, vws, imm(8))
	l.rot(hw("r0"), hw("r0"), 1).Comment = "next lane's address into lane 0"
	// Only the wave's lanes take a turn: lanes beyond a partial wave's
	// work-group hold lane 0's address at top level (laneAddr), and a
	// turn would repeat lane 0's update.
	l.alu("sub", none, lane, imm(int32(l.lanes-1)), setF())
	l.alu("add", lane, lane, imm(1))
	l.branch("allnz", loop, "next lane")
	l.alu("mov", hw("mutex"), imm(0))
	if defs := in.Defs(); len(defs) == 1 {
		d, fin := l.dest(b, defs[0].Reg)
		l.alu("mov", d, res)
		fin()
	}
	return nil
}
