package codegen

import (
	"errors"
	"slices"
	"strings"

	"lltosimd/passes"
	"lltosimd/targets/vc4"
)

// VC4's rules for the shared list scheduler (passes.SchedModel): the
// emitted lines of a straight-line stretch (between labels, branches with
// their delay slots and the thread end) are rescheduled as a dependence
// DAG, two ALU operations per instruction (the add and the mul ALU), and
// the cycles the schedule leaves empty become nops, since the QPU has no
// interlocks (spec §4.2, §7).
//
//   - Registers, accumulators and the flags (one resource, "flags": .setf
//     writes it, a condition reads it) are resources, so execute-mask
//     sequences (mov.setf -, r3 and the guarded writes under it) keep their
//     meaning: nothing that sets the flags passes a guarded write that
//     reads them.
//   - A register-file write is read from the second instruction after it
//     (latency 2, §4.2 V20); an accumulator from the next, except by a
//     vector rotation of the mul ALU (latency 2, §7.10 V21).
//   - Two operations share an instruction under pair's rules: one add-ALU
//     and one mul-ALU operation (a mov on either), one regfile-A and one
//     regfile-B or small-immediate read, distinct write spaces, the flags
//     set by the add side only.
//   - The VPM mutex acquire is a one-way barrier (Fence).
//   - Lines with timing rules (every I/O register access — TMU, SFU, VPM,
//     DMA, mutex, uniforms —, r4 and r5 reads, rotations, signals, ldi to
//     I/O) are "fixed": they keep their order, and each stays at least as
//     instructions after the previous fixed line as the lowering's nops
//     between them ask for (the resource "io", whose latency is that
//     distance), so every distance the lowering counted on (a VPM read
//     after its setup, r4 after an SFU write, the uniform stream) still
//     holds. The nops themselves are dropped: plain operations may fill
//     that distance.
//     Nops before the first and after the last instruction of a stretch
//     are kept (distances to the neighbouring stretches).
type vc4Sched struct {
	// nops maps a line to the number of the lowering's nops before it in
	// its stretch: the lowering states every distance a timing rule needs
	// by explicit nops (sfuOp, the VPM read setup, unifReload), so two
	// fixed lines must stay 1 + (the nops between them) apart.
	nops map[*qinst]int
}

// ioRes orders the fixed lines; flagsRes is the Z/N/C flags.
const (
	ioRes    = "io"
	flagsRes = "flags"
)

func (vc4Sched) MaxPacket() int { return 2 }

// effects lists what q writes and reads by name (registers, accumulators,
// I/O registers, flags, io).
func effects(q *qinst) (defs, uses []string) {
	parts := q.ops()
	if q.ldi != nil {
		parts = []*aluPart{q.ldi}
	}
	for _, p := range parts {
		if p.dst != "-" && p.dst != "" {
			defs = append(defs, p.dst)
		}
		if p.setf {
			defs = append(defs, flagsRes)
		}
		if p.cond {
			uses = append(uses, flagsRes)
		}
		for _, s := range p.srcs {
			if !isImmediate(s) {
				uses = append(uses, s)
			}
		}
	}
	if !schedPlain(q) {
		defs, uses = append(defs, ioRes), append(uses, ioRes)
	}
	return defs, uses
}

func (vc4Sched) Effects(q *qinst) (defs, uses []string) { return effects(q) }

func (s vc4Sched) Latency(def *qinst, r string, use *qinst) int {
	switch {
	case r == ioRes && use != nil:
		return 1 + s.nops[use] - s.nops[def]
	case isRegfile(r):
		return 2
	case use != nil && isAcc(r) && rotates(use):
		return 2
	}
	return 1
}

// Node: a line without structured effects (none today) is a barrier.
func (vc4Sched) Node(q *qinst) (control, solo bool) {
	return false, q.ops() == nil && q.ldi == nil && q.sig == ""
}

// Fence: the VPM mutex acquire (a read of mutex) is a one-way barrier,
// so the work before it stays before it and the acquire is not hoisted
// above it into a longer critical section: with several QPUs, that costs
// every other QPU waiting for the mutex (math_pow on 3 QPUs: 1782 cycles
// before the scheduler, 2508 with the acquire hoisted, 1664 fenced). The
// release is no fence: later work may still fill the timing gaps inside
// the section (a fence there cost 500 nops over the corpus).
func (vc4Sched) Fence(q *qinst) (acquire, release bool) {
	_, uses := effects(q)
	return slices.Contains(uses, "mutex"), false
}

// Urgent: the VPM mutex release (a write of mutex) and what it waits for
// (the DMA wait) issue as early as they can, so the critical section
// ends there; otherwise work after it of greater height (a long division
// after a store: divconst on 4 QPUs 3036 cycles before the scheduler,
// 7073 with the division inside the section) keeps the mutex held.
func (vc4Sched) Urgent(q *qinst) bool {
	defs, _ := effects(q)
	return slices.Contains(defs, "mutex")
}

func (vc4Sched) Mem(*qinst) passes.SchedMem[string]              { return passes.SchedMem[string]{} }
func (vc4Sched) MemOrder(_, _ *qinst) (mustOrder, mayAlias bool) { return false, false }
func (vc4Sched) String(q *qinst) string                          { return q.text }

var errNoPair = errors.New("no add/mul pair")

func (vc4Sched) CheckPacket(p []*qinst) error {
	if len(p) == 2 {
		if _, _, ok := pairSides(p[0], p[1]); ok {
			return nil
		}
	}
	return errNoPair
}

// rotates reports whether q has a mul-ALU vector rotation.
func rotates(q *qinst) bool {
	for _, p := range q.ops() {
		if strings.Contains(p.args, "<<") {
			return true
		}
	}
	return false
}

// pureIO are I/O reads without side effects or timing rules.
var pureIO = map[string]bool{"elem_num": true, "qpu_num": true}

// schedPlain reports whether q is a line without timing rules: ALU
// operations (or an ldi) on accumulators r0–r3, the register files,
// immediates and elem_num/qpu_num, with no rotation.
func schedPlain(q *qinst) bool {
	parts := q.ops()
	if q.ldi != nil {
		parts = []*aluPart{q.ldi}
	}
	if parts == nil {
		return false
	}
	ok := func(s string) bool {
		return s == "-" || isRegfile(s) || isImmediate(s) || pureIO[s] || isAcc(s) && s != "r4" && s != "r5"
	}
	for _, p := range parts {
		if strings.Contains(p.args, "<<") || !ok(p.dst) {
			return false
		}
		for _, s := range p.srcs {
			if !ok(s) {
				return false
			}
		}
	}
	return true
}

// boundary reports whether q ends a stretch: a label some branch jumps to
// (targets), a branch or the thread end, whose next three lines (delay
// slots) stay as they are. A label no branch names is only passed by
// falling through, so work moves across it (scheduleStretch keeps it).
func boundary(q *qinst, targets map[string]bool) bool {
	return q.label && targets[labelName(q)] || isBrr(q) || q.sig == "thrend"
}

// labelName is the name of label line q (":b3").
func labelName(q *qinst) string { return strings.Fields(q.text)[0] }

// branchTargets returns the labels the branches of out jump to.
func branchTargets(out []qinst) map[string]bool {
	t := map[string]bool{}
	for k := range out {
		if f := strings.Fields(out[k].text); isBrr(&out[k]) && len(f) >= 3 {
			t[f[2]] = true
		}
	}
	return t
}

// schedule list-schedules every stretch of out (passes.BuildSchedDAG with
// vc4Sched) and returns the new lines and the number of add/mul pairs.
func schedule(out []qinst) ([]qinst, int) {
	targets := branchTargets(out)
	discardDeadReads(out)
	var res []qinst
	pairs := 0
	for i := 0; i < len(out); {
		if boundary(&out[i], targets) {
			res = append(res, out[i])
			i++
			if !out[i-1].label {
				for n := 0; n < 3 && i < len(out) && !out[i].label; n++ {
					res = append(res, out[i]) // delay slots
					i++
				}
			}
			continue
		}
		j := i
		for j < len(out) && !boundary(&out[j], targets) {
			j++
		}
		lines, n := scheduleStretch(out[i:j])
		res = append(res, lines...)
		pairs += n
		i = j
	}
	return res, pairs
}

// discardDeadReads makes an I/O read whose result nobody reads (the mutex
// acquire, a DMA wait, read into a scratch accumulator by the lowering)
// write nothing ("-"), so the scratch register's next writer does not
// have to wait for it (a write-after-write dependence that would keep
// independent work, such as the address arithmetic after an acquire, from
// moving into the gaps before it). Liveness is that of the final lines
// (lineLiveness); delay slots are left alone.
func discardDeadReads(out []qinst) {
	var live []regSet
	for i := range out {
		p := out[i].alu
		if p == nil || !p.io || p.cond || p.setf || regBit(p.dst) < 64 || rotatesPart(p) || inDelaySlot(out, i) {
			continue
		}
		if !slices.ContainsFunc(p.srcs, func(s string) bool { return ioSpace(s, vc4.ReadRegs) != 1 }) {
			continue
		}
		if live == nil {
			live = lineLiveness(out)
		}
		if i+1 < len(out) && live[i+1].has(regBit(p.dst)) {
			continue
		}
		np := *p
		np.dst = "-"
		out[i].alu = &np
		for _, in := range out[i].from {
			in.Ops[0].Reg = RegNop // the machine instruction too (vc4-sched)
		}
		out[i].text = np.text()
		if np.comment != "" {
			out[i].text += "\t# " + np.comment
		}
	}
}

// scheduleStretch schedules one straight-line stretch. A label in it (one
// no branch names) goes before the first instruction that issues from
// after it, or at the end.
func scheduleStretch(st []qinst) ([]qinst, int) {
	lo, hi := 0, len(st)
	for lo < hi && (isNop(&st[lo]) || st[lo].label) {
		lo++
	}
	for hi > lo && (isNop(&st[hi-1]) || st[hi-1].label) {
		hi--
	}
	m := vc4Sched{nops: map[*qinst]int{}}
	var instrs []*qinst
	var labels []int // indexes in st of the labels inside
	pos := map[*qinst]int{}
	nops := 0
	for k := lo; k < hi; k++ {
		if st[k].label {
			labels = append(labels, k)
			continue
		}
		if isNop(&st[k]) {
			nops++
			continue
		}
		q := &st[k]
		m.nops[q], pos[q] = nops, k
		instrs = append(instrs, q)
	}
	res := append([]qinst(nil), st[:lo]...)
	pairs, back := 0, 0
	if len(instrs) > 0 {
		g := passes.BuildSchedDAG[*qinst, string](instrs, m)
		packets, cycles, _ := g.Schedule()
		// A fixed line whose timing partner may lie in a neighbouring
		// stretch keeps its distance to the stretch's ends.
		front := 0
		for k, p := range packets {
			for _, q := range p {
				if timedRead(q) {
					front = max(front, m.nops[q]-cycles[k])
				}
				if timedWrite(q) {
					back = max(back, 1+nops-m.nops[q]-(cycles[len(cycles)-1]+1-cycles[k]))
				}
			}
		}
		for ; front > 0; front-- {
			res = append(res, qinst{text: "nop"})
		}
		next := cycles[0]
		for k, p := range packets {
			for ; next < cycles[k]; next++ {
				res = append(res, qinst{text: "nop"})
			}
			next++
			for len(labels) > 0 && slices.ContainsFunc(p, func(q *qinst) bool { return pos[q] > labels[0] }) {
				res = append(res, st[labels[0]])
				labels = labels[1:]
			}
			if len(p) == 2 {
				q, _ := pair(p[0], p[1])
				res = append(res, q)
				pairs++
				continue
			}
			res = append(res, *p[0])
		}
	}
	for _, l := range labels {
		res = append(res, st[l])
	}
	for ; back > 0; back-- {
		res = append(res, qinst{text: "nop"})
	}
	return append(res, st[hi:]...), pairs
}

// timedRead reports whether q reads something whose distance to an earlier
// write is a timing rule (r4 after the SFU or a TMU load signal, the VPM
// after its read setup, r5, the uniform stream, a rotation's source).
func timedRead(q *qinst) bool {
	if q.sig != "" || rotates(q) {
		return true
	}
	_, uses := effects(q)
	for _, u := range uses {
		if u == "r4" || u == "r5" || u == "vpm" || u == "unif" || strings.HasSuffix(u, "_wait") {
			return true
		}
	}
	return false
}

// timedWrite reports whether q writes an I/O register whose later readers
// have a timing rule: the SFU (r4 from the 3rd instruction), the TMU, the
// VPM and DMA setups and addresses, the uniform address, r5 (§5, §7).
func timedWrite(q *qinst) bool {
	defs, _ := effects(q)
	for _, d := range defs {
		for sp := range vc4.WriteRegs {
			for _, r := range vc4.WriteRegs[sp][vc4.NumPhysRegs:] {
				if r.Name == d && timedClass[r.Class] && d != "vpm" {
					return true
				}
			}
		}
	}
	return false
}

// timedClass are the classes of the I/O registers timedWrite means.
var timedClass = map[vc4.RegClass]bool{vc4.RegSFU: true, vc4.RegTMU: true, vc4.RegVPM: true, vc4.RegUniform: true, vc4.RegR5: true}

// isNop reports whether q is an instruction that does nothing.
func isNop(q *qinst) bool { return q.text == "nop" && q.alu == nil && q.ldi == nil && q.sig == "" }

// ioPairs reports whether the I/O accesses of a and b allow them to share
// an instruction. At most one of them may touch I/O at all (so no pair
// holds two peripheral accesses, §7.12, §7.16, nor two writes of one I/O
// register, §4.1), and a rotation, which takes the small-immediate field,
// never pairs. An I/O register readable from either file (the uniforms,
// the VPM, the mutex) takes the read port the other operation leaves free.
func ioPairs(a, b *aluPart) bool {
	if a.io && b.io || rotatesPart(a) || rotatesPart(b) {
		return false
	}
	if b.io {
		a, b = b, a
	}
	if !a.io {
		return true
	}
	flex := 0 // distinct I/O reads that take a free port
	for i, s := range a.srcs {
		if ioSpace(s, vc4.ReadRegs) == 0 && !slices.Contains(a.srcs[:i], s) {
			flex++
		}
	}
	free := 0
	if a.aPort == "" && b.aPort == "" {
		free++
	}
	if a.bPort == "" && b.bPort == "" {
		free++
	}
	return flex <= free
}

func rotatesPart(p *aluPart) bool { return strings.Contains(p.args, "<<") }

// ioSpace is the file an I/O register name is read or written through
// (tab: vc4.ReadRegs or vc4.WriteRegs): 'a' or 'b' when it exists in one
// space only (vr_setup and vr_addr in A, vw_setup and vw_addr in B, §5),
// 0 when in both; 1 for a name that is no I/O register (accumulators,
// the register files, immediates, "-").
func ioSpace(n string, tab [2][vc4.NumRegAddrs]vc4.RegDef) byte {
	if n == "-" || isAcc(n) || isRegfile(n) || isImmediate(n) {
		return 1
	}
	var in [2]bool
	for sp := range in {
		for _, d := range tab[sp][vc4.NumPhysRegs:] {
			in[sp] = in[sp] || d.Name == n
		}
	}
	switch {
	case in[0] && in[1]:
		return 0
	case in[0]:
		return 'a'
	case in[1]:
		return 'b'
	}
	return 1
}

// writeSpace is the register file a destination needs the write swap to
// reach: 'a' or 'b' for the register files and the I/O registers that
// exist in one space only, else 0.
func writeSpace(n string) byte {
	if isRegfile(n) {
		return n[1]
	}
	if s := ioSpace(n, vc4.WriteRegs); s == 'a' || s == 'b' {
		return s
	}
	return 0
}
