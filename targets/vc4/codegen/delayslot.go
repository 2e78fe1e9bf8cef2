package codegen

import (
	"fmt"
	"strings"
)

// fillDelaySlots moves up to three instructions that precede a brr into its
// delay slots, replacing nops (spec §2.2: the three instructions after a
// branch always run). An instruction before the branch runs on both paths
// anyway, so moving it after the brr keeps the meaning when
//
//   - it is one or two plain ALU operations that set no flags (the branch
//     tests them), read or write no I/O register, rotate nothing and read no r4;
//   - it may pass instructions that stay before the branch (the flag test
//     of a conditional branch, say) only when neither reads or writes what
//     the other writes, it has no condition when they set flags, and its
//     removal does not put a regfile write right before its reader
//     (spec §4.2);
//   - in slot 3 it is followed by the first instruction of either
//     successor, the branch target and the fall-through: neither may read
//     a regfile register it writes nor rotate an accumulator it writes
//     (§4.2, §7.10); slots 1 and 2 are separated from them by slot 3.
//
// It runs on the final lines (after hazardNops, which knows no branches)
// and returns them with the number of nops removed.
func fillDelaySlots(out []qinst) ([]qinst, int) {
	filled := 0
	for i := 0; i < len(out); i++ {
		if !isBrr(&out[i]) || i+3 >= len(out) {
			continue
		}
		if out[i+1].text != "nop" || out[i+2].text != "nop" || out[i+3].text != "nop" {
			continue
		}
		var stay []qinst  // copies: removing lines shifts out
		var moved []qinst // nearest the branch first
		limit := 3        // the first moved one lands in the last filled slot
		j := i - 1
		for j >= 0 && len(moved) < limit && len(stay) < 4 {
			q := &out[j]
			if inDelaySlot(out, j) {
				break
			}
			// In the slots q will be followed by the instruction moved
			// before it, with no nop between.
			next := len(moved) > 0 && rawHazard(q, &moved[len(moved)-1])
			if movable(q) && !next && independent(q, stay) && (j == 0 || !rawHazard(&out[j-1], &out[j+1])) {
				if len(moved) == 0 && !beforeSuccessors(out, i, q) {
					limit = 2 // q may not be in slot 3
				}
				moved = append(moved, *q)
				out = append(out[:j], out[j+1:]...)
				i--
				j--
				continue
			}
			if !stays(q) {
				break
			}
			stay = append(stay, *q)
			j--
		}
		if len(moved) == 0 {
			continue
		}
		// The moved instructions, in their original order, replace the
		// nops of the first slots.
		for k := range moved {
			out[i+1+k] = moved[len(moved)-1-k]
		}
		filled += len(moved)
	}
	return out, filled
}

// beforeSuccessors reports whether q may run in the last delay slot of the
// branch out[i]: no regfile or rotation hazard with the first instruction
// of the fall-through or of the branch target (an unknown target, or a
// successor that is a label of a join with other predecessors, is fine:
// only the instruction executed right after q matters, and that is the
// first instruction after the label).
func beforeSuccessors(out []qinst, i int, q *qinst) bool {
	hazard := func(k int) bool {
		for k < len(out) && out[k].label {
			k++
		}
		return k < len(out) && (rawHazard(q, &out[k]) || rotateHazard(q, &out[k]))
	}
	if hazard(i + 4) {
		return false
	}
	f := strings.Fields(out[i].text)
	if len(f) < 3 {
		return false
	}
	for k := range out {
		if out[k].label && strings.Fields(out[k].text)[0] == f[2] {
			return !hazard(k + 1)
		}
	}
	return false
}

func isBrr(q *qinst) bool { return strings.HasPrefix(q.text, "brr") }

// inDelaySlot reports whether out[j] is one of the three instructions
// after a branch (labels are not instructions).
func inDelaySlot(out []qinst, j int) bool {
	for k, n := j-1, 0; k >= 0 && n < 3; k-- {
		if out[k].label {
			continue
		}
		if isBrr(&out[k]) {
			return true
		}
		n++
	}
	return false
}

// movable reports whether q may run in a delay slot instead of before the
// branch (no flags set, no I/O read or write, no rotation, no r4 read).
func movable(q *qinst) bool {
	ops := q.ops()
	if ops == nil {
		return false
	}
	for _, p := range ops {
		if p.setf || p.io || strings.Contains(p.args, "<<") || strings.HasPrefix(p.dst, "r5") {
			return false
		}
		for _, s := range p.srcs {
			if !isAcc(s) && !isRegfile(s) && !isImmediate(s) || s == "r4" {
				return false // an I/O read (elem_num, vr_wait, unif, ...) or r4
			}
		}
	}
	return true
}

// stays reports whether a moved instruction may pass q: q writes no I/O
// register (an SFU or TMU write would change r4) and rotates nothing.
func stays(q *qinst) bool {
	if q.text == "nop" {
		return true
	}
	ops := q.ops()
	if ops == nil {
		return false
	}
	for _, p := range ops {
		if p.dst != "-" && !isAcc(p.dst) && !isRegfile(p.dst) || strings.Contains(p.args, "<<") {
			return false
		}
	}
	return true
}

// independent reports whether q can move past every instruction of stay.
func independent(q *qinst, stay []qinst) bool {
	for i := range stay {
		s := &stay[i]
		for _, a := range q.ops() {
			for _, b := range s.ops() {
				if b.setf && a.cond || a.dst != "-" && a.dst == b.dst {
					return false
				}
				for _, x := range b.srcs {
					if x == a.dst {
						return false
					}
				}
				for _, x := range a.srcs {
					if x == b.dst {
						return false
					}
				}
			}
		}
	}
	return true
}

// rawHazard reports whether next reads a regfile register prev writes, so
// that they may not be adjacent (a label between them is a join whose
// other predecessors are unknown here: treated as a hazard).
func rawHazard(prev, next *qinst) bool {
	if prev.label || next.label {
		return true
	}
	for _, w := range prev.writes {
		for _, r := range next.reads {
			if w == r {
				return true
			}
		}
	}
	return false
}

// isImmediate reports whether an operand name is a small immediate.
func isImmediate(s string) bool {
	return s != "" && (s[0] >= '0' && s[0] <= '9' || s[0] == '-')
}

// fillHazardNops replaces a nop that separates two instructions (a
// regfile write and its reader, spec §4.2, or any other nop the lowering
// placed) by a later instruction of the same straight-line stretch, up to
// hazardLookahead instructions ahead, when
//
//   - the candidate may run early: movable, and independent of every
//     instruction it passes (flags, registers; stays);
//   - no new regfile read-after-write appears: next to the instructions
//     before and after the nop, and where it leaves;
//   - the nop and the candidate lie in code without timing rules: moving
//     an instruction up shortens by one every distance that spans its old
//     place, so the window around them (hazardWindow instructions either
//     side, up to a label or branch) has no I/O access, r4 or r5 read,
//     rotation or signal, whose distances (VPM read after its setup, SFU
//     result, uniform reset, rotation after write) must be kept.
//
// It runs on the final lines after hazardNops and before fillDelaySlots,
// and returns them with the number of nops removed.
func fillHazardNops(out []qinst) ([]qinst, int) {
	filled := 0
	for k := 1; k+1 < len(out); k++ {
		if out[k].text != "nop" || !timingFree(out, k-1, -1) {
			continue
		}
		var stay []qinst
		for j := k + 1; j < len(out) && j <= k+hazardLookahead; j++ {
			q := &out[j]
			if q.text != "nop" && movable(q) && independent(q, stay) && !rawHazard(&out[k-1], q) &&
				!rawHazard(q, &out[k+1]) && (j+1 >= len(out) || !rawHazard(&out[j-1], &out[j+1])) &&
				timingFree(out, j, 1) {
				c := *q
				out = append(out[:j], out[j+1:]...)
				out[k] = c
				filled++
				break
			}
			if q.label || !stays(q) || !plainLine(q) {
				break
			}
			stay = append(stay, *q)
		}
	}
	return out, filled
}

const (
	hazardLookahead = 4
	hazardWindow    = 4
)

// timingFree reports whether the lines from i (inclusive) going in
// direction dir, up to hazardWindow instructions or a label or branch, are
// free of accesses with timing rules (plainLine).
func timingFree(out []qinst, i, dir int) bool {
	for n := 0; i >= 0 && i < len(out) && n < hazardWindow; i += dir {
		q := &out[i]
		if q.label || isBrr(q) {
			return true
		}
		if !plainLine(q) {
			return false
		}
		n++
	}
	return true
}

// plainLine reports whether q is a nop or plain ALU operations on
// accumulators r0–r3, the register files and immediates, with no
// rotation, I/O access or r4/r5 read (the execute mask in r3 is plain).
func plainLine(q *qinst) bool {
	if q.text == "nop" {
		return true
	}
	ops := q.ops()
	if ops == nil {
		return false
	}
	ok := func(s string) bool {
		return s == "-" || isRegfile(s) || isImmediate(s) || isAcc(s) && s != "r4" && s != "r5"
	}
	for _, p := range ops {
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

// fillFromTarget fills the delay slots an unconditional branch still has
// as nops with copies of the first instructions of its target, and
// branches past them instead (to a label added there): the executed
// sequence is the same, minus the nops. A copy may not be a label, branch
// or signal, rotate, or read r4, r5, the VPM or the uniforms (reads whose
// distance to an earlier write is a timing rule: they would move closer
// to the code before the branch), nor read a regfile register, or rotate
// an accumulator, that the slot before it writes. It returns the lines and
// the number of nops replaced.
func fillFromTarget(out []qinst) ([]qinst, int) {
	filled := 0
	labels := map[string]string{} // "target k" -> label after k instructions
	for i := 0; i+3 < len(out); i++ {
		f := strings.Fields(out[i].text)
		if !isBrr(&out[i]) || len(f) < 3 || f[0] != "brr" || f[1] != "-," {
			continue
		}
		free := 0 // trailing nop slots
		for free < 3 && isNop(&out[i+3-free]) {
			free++
		}
		if free == 0 {
			continue
		}
		t := -1
		for k := range out {
			if out[k].label && strings.Fields(out[k].text)[0] == f[2] {
				t = k
				break
			}
		}
		if t < 0 || inDelaySlot(out, t+1) {
			continue
		}
		prev := &out[i] // the instruction before the first copy
		if free < 3 {
			prev = &out[i+3-free]
		}
		var copies []qinst
		for k := t + 1; k < len(out) && len(copies) < free; k++ {
			q := &out[k]
			if !copyable(q) || rawHazard(prev, q) || rotateHazard(prev, q) {
				break
			}
			copies = append(copies, *q)
			prev = q
		}
		if len(copies) == 0 {
			continue
		}
		key := f[2] + " " + fmt.Sprint(len(copies))
		name, ok := labels[key]
		if !ok {
			name = fmt.Sprintf("%s_%d", f[2], len(copies))
			labels[key] = name
			at := t + 1 + len(copies)
			out = append(out[:at], append([]qinst{{text: name, label: true}}, out[at:]...)...)
			if at <= i {
				i++
			}
		}
		out[i].text = strings.Replace(out[i].text, f[2], name, 1)
		copy(out[i+4-free:], copies)
		filled += len(copies)
	}
	return out, filled
}

// copyable reports whether q may be copied into a delay slot (see
// fillFromTarget).
func copyable(q *qinst) bool {
	if q.label || isBrr(q) || q.sig != "" || rotates(q) || isNop(q) {
		return false
	}
	if q.ops() == nil && q.ldi == nil {
		return false
	}
	_, uses := effects(q)
	for _, u := range uses {
		if u == "r4" || u == "r5" || u == "vpm" || u == "unif" {
			return false
		}
	}
	return true
}
