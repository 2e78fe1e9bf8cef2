package codegen

import (
	"fmt"
	"slices"
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
		js := slotFillers(out, i)
		if len(js) == 0 {
			continue
		}
		moved := make([]qinst, len(js)) // nearest the branch first
		for k, j := range js {
			moved[k] = out[j]
		}
		for _, j := range js { // descending
			out = append(out[:j], out[j+1:]...)
			i--
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

// slotFillers returns the lines before the branch out[i] that move into
// its delay slots when all three are nops (see fillDelaySlots), nearest
// the branch first, as indexes into out.
func slotFillers(out []qinst, i int) []int {
	if !isBrr(&out[i]) || i+3 >= len(out) {
		return nil
	}
	if out[i+1].text != "nop" || out[i+2].text != "nop" || out[i+3].text != "nop" {
		return nil
	}
	// The walk looks at a few lines before the branch (it stops after
	// three moves or four that stay, and looks three lines further) and at
	// its slots: it works on a copy of that window, whose lines it removes.
	orig, oi := out, i
	lo := i
	for n := 0; lo > 0 && n < 16; {
		lo--
		if !out[lo].label {
			n++
		}
	}
	out = slices.Clone(out[lo:min(len(out), i+4)])
	i -= lo
	pos := make([]int, len(out))
	for k := range pos {
		pos[k] = lo + k
	}
	var stay []qinst  // copies
	var moved []qinst // nearest the branch first
	var from []int
	limit := 3 // the first moved one lands in the last filled slot
	j := i - 1
	for j >= 0 && len(moved) < limit && len(stay) < 4 {
		q := &out[j]
		if inDelaySlot(out, j) || j == 0 && lo > 0 {
			break
		}
		// In the slots q will be followed by the instruction moved
		// before it, with no nop between.
		next := len(moved) > 0 && rawHazard(q, &moved[len(moved)-1])
		if movable(q) && !next && independent(q, stay) && (j == 0 || !rawHazard(&out[j-1], &out[j+1])) && !shrinksTiming(out, j) {
			if len(moved) == 0 && !beforeSuccessors(orig, oi, q) { // nothing removed yet
				limit = 2 // q may not be in slot 3
			}
			moved = append(moved, *q)
			from = append(from, pos[j])
			out = append(out[:j], out[j+1:]...)
			pos = append(pos[:j], pos[j+1:]...)
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
	return from
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
	if k := labelLine(out, f[2]); k >= 0 {
		return !hazard(k + 1)
	}
	return false
}

func isBrr(q *qinst) bool { return strings.HasPrefix(q.text, "brr") }

// labelLine is the index of label's line in out, or -1.
func labelLine(out []qinst, label string) int {
	for k := range out {
		if out[k].label && strings.Fields(out[k].text)[0] == label {
			return k
		}
	}
	return -1
}

// freeSlots is how many of the delay slots of the branch at out[i] are
// trailing nops, and the instruction the first of them follows.
func freeSlots(out []qinst, i int) (free int, prev *qinst) {
	for free < 3 && isNop(&out[i+3-free]) {
		free++
	}
	prev = &out[i]
	if free > 0 && free < 3 {
		prev = &out[i+3-free]
	}
	return free, prev
}

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

// fillFromTarget fills the delay slots an unconditional branch still has
// as nops with copies of the first instructions of its target, and
// branches past them instead (to a label added there): the executed
// sequence is the same, minus the nops. A copy may not be a label, branch
// or signal, rotate, or read r4, r5, the VPM or the uniforms (reads whose
// distance to an earlier write is a timing rule: they would move closer
// to the code before the branch), nor read a regfile register, or rotate
// an accumulator, that the slot before it writes. With conditional, it
// fills the slots of conditional branches instead (after
// fillFromFallthrough, whose moves also shorten the fall-through path):
// there the copies run on the fall-through path too, so they must be pure
// and write only registers dead there (lineLiveness), and the one in the
// last slot must be no hazard for the fall-through's first instruction;
// the taken path (a loop's back edge) saves the nops. It returns the lines
// and the number of nops replaced.
func fillFromTarget(out []qinst, conditional bool) ([]qinst, int) {
	filled := 0
	labels := map[string]string{} // "target k" -> label after k instructions
	var live []regSet             // lineLiveness, for conditional branches
	for i := 0; i+3 < len(out); i++ {
		f := strings.Fields(out[i].text)
		if !isBrr(&out[i]) || len(f) < 3 || f[1] != "-," {
			continue
		}
		cond := f[0] != "brr"
		if cond != conditional || cond && (out[i+1].label || out[i+2].label || out[i+3].label || i+4 >= len(out)) {
			continue
		}
		free, prev := freeSlots(out, i) // prev: the instruction before the first copy
		if free == 0 {
			continue
		}
		t := labelLine(out, f[2])
		if t < 0 || inDelaySlot(out, t+1) {
			continue
		}
		if cond && live == nil {
			live = lineLiveness(out)
		}
		var copies []qinst
		for k := t + 1; k < len(out) && len(copies) < free; k++ {
			q := &out[k]
			if !copyable(q) || rawHazard(prev, q) || rotateHazard(prev, q) {
				break
			}
			// A conditional branch runs its slots on the fall-through
			// path too: a copy there has no side effect, writes only
			// what is dead there, and in the last slot is no hazard for
			// the fall-through's first instruction.
			if cond && (!pure(q) || !deadAt(q, live[i+4]) || len(copies) == free-1 && !beforeTarget(out, i+3, q)) {
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
		at := t + 1 + len(copies)
		if !ok && at < len(out) && out[at].label && labelName(&out[at]) == fmt.Sprintf("%s_%d", f[2], len(copies)) {
			// An earlier call (the unconditional branches) put the label
			// there.
			name, ok = labelName(&out[at]), true
			labels[key] = name
		}
		if !ok {
			name = fmt.Sprintf("%s_%d", f[2], len(copies))
			for labelLine(out, name) >= 0 {
				name += "_"
			}
			labels[key] = name
			out = append(out[:at], append([]qinst{{text: name, label: true}}, out[at:]...)...)
			if live != nil { // the label's live-in is the next line's
				live = append(live[:at], append([]regSet{live[at]}, live[at:]...)...)
			}
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

// regSet is a set of the registers lineLiveness tracks: ra0–ra31 (bits
// 0–31), rb0–rb31 (32–63), r0–r5 (64–69) and the flags (70).
type regSet [2]uint64

// regBit returns the bit of a register name, or -1 when it is not tracked
// (I/O registers; r4, which the SFU and TMU signals also write).
func regBit(n string) int {
	switch {
	case n == flagsRes:
		return 70
	case n == "r5rep" || n == "r5quad":
		return 69
	case isAcc(n) && n != "r4":
		return 64 + int(n[1]-'0')
	case isRegfile(n) && len(n) > 2:
		k := 0
		for _, c := range n[2:] {
			if c < '0' || c > '9' {
				return -1
			}
			k = 10*k + int(c-'0')
		}
		if n[1] == 'b' {
			k += 32
		}
		return k
	}
	return -1
}

func (s *regSet) add(b int)            { s[b/64] |= 1 << (b % 64) }
func (s *regSet) del(b int)            { s[b/64] &^= 1 << (b % 64) }
func (s regSet) has(b int) bool        { return s[b/64]&(1<<(b%64)) != 0 }
func (s regSet) union(t regSet) regSet { return regSet{s[0] | t[0], s[1] | t[1]} }

// lineLiveness returns the registers live into each line (labels
// included) on the machine CFG of the final lines: a branch's three delay
// slots run, then its target and, when it is conditional, the next line;
// the thread end has no successor after its slots.
func lineLiveness(out []qinst) []regSet {
	label := map[string]int{}
	for k := range out {
		if out[k].label {
			label[strings.Fields(out[k].text)[0]] = k
		}
	}
	// succs of the last delay slot of each branch
	extra := map[int][]int{}
	end := map[int]bool{}
	for i := range out {
		q := &out[i]
		last := i
		for n := 0; n < 3 && last+1 < len(out); {
			last++
			if !out[last].label {
				n++
			}
		}
		switch {
		case isBrr(q):
			f := strings.Fields(q.text)
			var ss []int
			if t, ok := label[f[2]]; ok {
				ss = []int{t}
			}
			if f[0] != "brr" && last+1 < len(out) {
				ss = append(ss, last+1)
			}
			extra[last] = ss
		case q.sig == "thrend":
			end[last] = true
		}
	}
	live := make([]regSet, len(out)+1)
	for changed := true; changed; {
		changed = false
		for i := len(out) - 1; i >= 0; i-- {
			var s regSet
			switch {
			case end[i]:
			case extra[i] != nil:
				for _, t := range extra[i] {
					s = s.union(live[t])
				}
			default:
				s = live[i+1]
			}
			q := &out[i]
			if isBrr(q) && !strings.HasPrefix(q.text, "brr -,") {
				s.add(70) // a conditional branch reads the flags
			}
			defs, uses := effects(q)
			cond := false
			for _, p := range append(q.ops(), q.ldi) {
				cond = cond || p != nil && p.cond
			}
			if !cond {
				for _, d := range defs {
					if b := regBit(d); b >= 0 {
						s.del(b)
					}
				}
			}
			for _, u := range uses {
				if b := regBit(u); b >= 0 {
					s.add(b)
				}
			}
			if s != live[i] {
				live[i], changed = s, true
			}
		}
	}
	return live
}

// fillFromFallthrough fills the delay slots a conditional branch still
// has as nops with the first instructions of its fall-through path, when
// they may run on the taken path too: copyable (no timing rule ties them
// to the code before the branch), reading no I/O register with a side
// effect (pure: a mutex acquire, a DMA wait), writing only tracked
// registers (no I/O)
// that are dead at the branch target, and with no regfile or rotation
// hazard next to the slot before them or (in slot 3) the target's first
// instruction. It returns the lines and the number of nops replaced.
func fillFromFallthrough(out []qinst) ([]qinst, int) {
	live := lineLiveness(out)
	targets := map[string]bool{} // labels some branch jumps to
	for k := range out {
		if f := strings.Fields(out[k].text); isBrr(&out[k]) && len(f) >= 3 {
			targets[f[2]] = true
		}
	}
	filled := 0
	for i := 0; i+3 < len(out); i++ {
		f := strings.Fields(out[i].text)
		if !isBrr(&out[i]) || len(f) < 3 || f[0] == "brr" || out[i+1].label || out[i+2].label || out[i+3].label {
			continue
		}
		free, prev := freeSlots(out, i)
		if free == 0 {
			continue
		}
		t := labelLine(out, f[2])
		if t < 0 {
			continue
		}
		var moved []qinst
		var from []int
		for k := i + 4; k < len(out) && len(moved) < free; k++ {
			q := &out[k]
			if q.label && !targets[strings.Fields(q.text)[0]] {
				continue // only the fall-through reaches it
			}
			if !copyable(q) || !pure(q) || rawHazard(prev, q) || rotateHazard(prev, q) || !deadAt(q, live[t]) {
				break
			}
			if 3-free+len(moved)+1 == 3 && !beforeTarget(out, t, q) {
				break // q would be in slot 3
			}
			moved = append(moved, *q)
			from = append(from, k)
			prev = q
		}
		if len(moved) == 0 {
			continue
		}
		for k := len(from) - 1; k >= 0; k-- {
			out = append(out[:from[k]], out[from[k]+1:]...)
			live = append(live[:from[k]], live[from[k]+1:]...)
		}
		copy(out[i+4-free:], moved)
		filled += len(moved)
	}
	return out, filled
}

// shrinksTiming reports whether removing out[j] could bring a line with a
// timing rule closer than it needs to the write it waits for: a timed
// write (timedWrite) within three instructions before it and a timed read
// (timedRead, a signal) within three after it.
func shrinksTiming(out []qinst, j int) bool {
	near := func(dir int, timed func(*qinst) bool) bool {
		for k, n := j+dir, 0; k >= 0 && k < len(out) && n < 3; k += dir {
			if out[k].label {
				continue
			}
			if timed(&out[k]) {
				return true
			}
			n++
		}
		return false
	}
	return near(-1, timedWrite) && near(1, func(q *qinst) bool { return timedRead(q) || q.sig != "" })
}

// pure reports whether q reads only registers, immediates and
// elem_num/qpu_num: no I/O read with a side effect (the mutex acquire, a
// DMA wait, the uniform stream).
func pure(q *qinst) bool {
	_, uses := effects(q)
	for _, u := range uses {
		if u != ioRes && regBit(u) < 0 && !pureIO[u] {
			return false
		}
	}
	return true
}

// deadAt reports whether every register q writes is tracked and not in s.
func deadAt(q *qinst, s regSet) bool {
	defs, _ := effects(q)
	for _, d := range defs {
		if d == ioRes {
			continue // the order of fixed lines: copyable excludes timing rules
		}
		if b := regBit(d); b < 0 || s.has(b) {
			return false
		}
	}
	return true
}

// beforeTarget reports whether q may be followed by the first instruction
// after the label out[t].
func beforeTarget(out []qinst, t int, q *qinst) bool {
	k := t + 1
	for k < len(out) && out[k].label {
		k++
	}
	return k >= len(out) || !rawHazard(q, &out[k]) && !rotateHazard(q, &out[k])
}

// dropNops removes the nops that the last steps left without a purpose: a
// nop outside delay slots (of a branch or the thread end) whose removal
// puts no regfile or rotation hazard between the instructions around it,
// and with no line with a timing rule (timedRead, timedWrite) among the
// three instructions either side (the distances the schedule kept). Moving
// work into delay slots leaves such nops behind, e.g. the gap between a
// write and its reader when the writer moved into the slots.
func dropNops(out []qinst) ([]qinst, int) {
	// lastSlots maps a label to the third delay slot of every branch to
	// it: the instruction the target's first one follows when taken.
	lastSlots := map[string][]int{}
	for i := range out {
		if f := strings.Fields(out[i].text); isBrr(&out[i]) && len(f) >= 3 && i+3 < len(out) {
			lastSlots[f[2]] = append(lastSlots[f[2]], i+3)
		}
	}
	dropped := 0
	res := out[:0:0]
	for k := range out {
		q := &out[k]
		if !isNop(q) || inDelaySlot(out, k) || nearTimed(out, k) {
			res = append(res, *q)
			continue
		}
		prev := len(res) - 1
		for prev >= 0 && res[prev].label {
			prev--
		}
		next := k + 1
		for next < len(out) && out[next].label {
			next++
		}
		if prev >= 0 && next < len(out) && (rawHazard(&res[prev], &out[next]) || rotateHazard(&res[prev], &out[next])) {
			res = append(res, *q)
			continue
		}
		if next < len(out) && slotHazard(out, k, next, lastSlots) {
			res = append(res, *q)
			continue
		}
		dropped++
	}
	return res, dropped
}

// slotHazard reports whether out[next] would follow, once the nop at
// out[k] is gone, the last delay slot of a branch to a label right before
// the nop and read what that slot writes too early.
func slotHazard(out []qinst, k, next int, lastSlots map[string][]int) bool {
	for i := k - 1; i >= 0 && out[i].label; i-- {
		for _, s := range lastSlots[labelName(&out[i])] {
			if rawHazard(&out[s], &out[next]) || rotateHazard(&out[s], &out[next]) {
				return true
			}
		}
	}
	return false
}

// nearTimed reports whether a line with a timing rule, or the thread end,
// lies within three instructions of out[k] (labels not counted).
func nearTimed(out []qinst, k int) bool {
	for _, dir := range []int{-1, 1} {
		for i, n := k+dir, 0; i >= 0 && i < len(out) && n < 3; i += dir {
			q := &out[i]
			if q.label {
				continue
			}
			if timedRead(q) || timedWrite(q) || q.sig != "" {
				return true
			}
			n++
		}
	}
	return false
}
