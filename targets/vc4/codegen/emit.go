package codegen

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// qinst is one emitted instruction line.
type qinst struct {
	text   string
	reads  []string // regfile registers read
	writes []string // regfile registers written
	label  bool
	alu    *aluPart    // a single ALU operation that may pair with a neighbour
	paired [2]*aluPart // the add and mul operations of a paired instruction
	ldi    *aluPart    // the destination, condition and flags of an ldi (it never pairs)
	sig    string      // the signal of a "nop; nop; sig" line (ldtmu0, thrend)
}

// ops returns the ALU operations of q in structured form, or nil when q
// is not one or two plain ALU operations (a label, branch, ldi, signal).
func (q *qinst) ops() []*aluPart {
	if q.alu != nil {
		return []*aluPart{q.alu}
	}
	if q.paired[0] != nil {
		return q.paired[:]
	}
	return nil
}

// aluPart is one ALU operation in structured form, for pairing.
type aluPart struct {
	op, sfx, dst, args, comment string
	mul, setf, cond, io         bool
	srcs                        []string // operand names read
	aPort, bPort                string   // regfile-A / regfile-B (or "#imm") read, "" if none
}

func (p *aluPart) text() string {
	t := fmt.Sprintf("%s%s %s, %s", p.op, p.sfx, p.dst, p.args)
	return t
}

// pairSides reports whether the single ALU operations of p and q, in issue
// order, may share one instruction, and which is the add-ALU and which the
// mul-ALU operation.
func pairSides(p, q *qinst) (add, mul *aluPart, ok bool) {
	a, b := p.alu, q.alu
	if a == nil || b == nil || !ioPairs(a, b) {
		return nil, nil, false
	}
	for _, s := range b.srcs {
		if s == a.dst && a.dst != "-" {
			return nil, nil, false
		}
	}
	if a.dst == b.dst && a.dst != "-" {
		return nil, nil, false
	}
	if (a.setf && b.setf) || (a.setf && b.cond) {
		return nil, nil, false
	}
	ports := func(x, y string) bool { return x == "" || y == "" || x == y }
	if !ports(a.aPort, b.aPort) || !ports(a.bPort, b.bPort) {
		return nil, nil, false
	}
	if fa, fb := writeSpace(a.dst), writeSpace(b.dst); fa != 0 && fa == fb {
		return nil, nil, false
	}
	addOK := func(x *aluPart) bool { return !x.mul }
	mulOK := func(x *aluPart) bool { return (x.mul || x.op == "mov") && !x.setf }
	switch {
	case addOK(a) && mulOK(b):
		add, mul = a, b
	case addOK(b) && mulOK(a):
		add, mul = b, a
	default:
		return nil, nil, false
	}
	return add, mul, true
}

// pair merges the single ALU operations of p and q into one instruction
// (pairSides).
func pair(p, q *qinst) (qinst, bool) {
	add, mul, ok := pairSides(p, q)
	if !ok {
		return qinst{}, false
	}
	a, b := p.alu, q.alu
	text := add.text() + "; " + mul.text()
	var cm []string
	for _, c := range []string{a.comment, b.comment} {
		if c != "" {
			cm = append(cm, c)
		}
	}
	if len(cm) > 0 {
		text += "\t# " + strings.Join(cm, "; ")
	}
	return qinst{text: text, reads: append(append([]string{}, p.reads...), q.reads...),
		writes: append(append([]string{}, p.writes...), q.writes...), paired: [2]*aluPart{add, mul}}, true
}

// rotateHazard reports whether next rotates an accumulator prev writes.
func rotateHazard(prev, next *qinst) bool {
	if !rotates(next) {
		return false
	}
	defs, _ := effects(prev)
	_, uses := effects(next)
	for _, d := range defs {
		if isAcc(d) && slices.Contains(uses, d) {
			return true
		}
	}
	return false
}

// hazardNops inserts a nop wherever an instruction reads a regfile
// register the previous instruction wrote (spec §4.2), or rotates an
// accumulator it wrote (§7.10). The scheduler leaves such gaps inside a
// stretch; this catches the ones across its ends (fall-through into a
// label).
func hazardNops(out []qinst) []qinst {
	var res []qinst
	var prev *qinst
	for i := range out {
		q := out[i]
		if !q.label && prev != nil {
			if rawHazard(prev, &q) || rotateHazard(prev, &q) {
				res = append(res, qinst{text: "nop"})
			}
		}
		res = append(res, q)
		if !q.label {
			prev = &out[i]
		}
	}
	return res
}

// aOnly and bOnly are I/O reads tied to one regfile address space.
var aOnly = map[string]bool{"elem_num": true, "vr_wait": true}
var bOnly = map[string]bool{"qpu_num": true, "vw_wait": true}

func isRegfile(n string) bool { return strings.HasPrefix(n, "ra") || strings.HasPrefix(n, "rb") }

// emitter prints LIR with physical registers and inserts what the
// hardware needs: execute-mask flag tests before masked instructions, and
// nops for regfile read-after-write (read-port conflicts are solved by
// the allocator).
type emitter struct {
	reg       map[int]string
	out       []qinst
	flagsExec bool
	masked    int
}

func (e *emitter) name(v val) string {
	switch v.k {
	case vReg:
		return e.reg[v.r]
	case vPhys:
		return v.name
	case vImm:
		if v.imm == floatImm2 {
			return "2.0"
		}
		return fmt.Sprint(v.imm)
	}
	return "-"
}

func (e *emitter) put(q qinst) { e.out = append(e.out, q) }

// space returns which read port an operand needs (readPort).
func (e *emitter) space(v val) byte { return readPort(v, e.name(v)) }

// readPort returns which read port operand v, allocated to (or named) n,
// needs: 'a', 'b', 'i' (small immediate, uses the B port), 'u' (unif,
// mutex, vpm: either port, but one read of them per instruction), or 0
// (an accumulator r0–r5, or an I/O register either port reads).
func readPort(v val, n string) byte {
	switch v.k {
	case vImm:
		return 'i'
	case vReg:
		if isRegfile(n) {
			return n[1]
		}
	case vPhys:
		if aOnly[v.name] {
			return 'a'
		}
		if bOnly[v.name] {
			return 'b'
		}
		if v.name == "unif" || v.name == "mutex" || v.name == "vpm" {
			return 'u'
		}
	}
	return 0
}

// conflict reports whether a and b cannot be read by one instruction.
func (e *emitter) conflict(a, b val) bool {
	return a != b && portConflict(e.space(a), e.space(b))
}

// portConflict reports whether two operands needing read ports sa and sb
// (readPort) cannot be read by one instruction: two different regfile-A
// (or B) reads, a regfile-B read with a small immediate, two different
// small immediates, two reads of the uniform/mutex/VPM ports or one of
// them with a read that needs its port.
func portConflict(sa, sb byte) bool {
	if sa == 0 || sb == 0 {
		return false
	}
	if sa == 'u' || sb == 'u' {
		return sa == 'u' && sb == 'u' || sa == sb
	}
	if sa == 'i' || sb == 'i' {
		return sa == 'b' || sb == 'b' || (sa == 'i' && sb == 'i')
	}
	return sa == sb
}

func (e *emitter) reads(vs ...val) []string {
	var r []string
	for _, v := range vs {
		if n := e.name(v); v.k != vImm && isRegfile(n) {
			r = append(r, n)
		}
	}
	return r
}

func (e *emitter) writes(v val) []string {
	if n := e.name(v); v.k == vReg && isRegfile(n) {
		return []string{n}
	}
	return nil
}

func (e *emitter) instr(in *lins) {
	switch in.op {
	case "label":
		e.flagsExec = false
		text := fmt.Sprintf(":b%d", in.target)
		if in.comment != "" {
			text += "\t# " + in.comment
		}
		e.put(qinst{text: text, label: true})
		return
	case "brr":
		t := "brr"
		if in.bcond != "" {
			t += "." + in.bcond
		}
		text := fmt.Sprintf("%s -, :b%d", t, in.target)
		if in.comment != "" {
			text += "\t# " + in.comment
		}
		e.put(qinst{text: text})
		return
	case "nop":
		if in.sig != "" {
			e.put(qinst{text: "nop; nop; " + in.sig, sig: in.sig})
		} else {
			e.put(qinst{text: "nop"})
		}
		return
	}
	if in.masked && !e.flagsExec {
		e.put(qinst{text: "mov.setf -, r3", alu: &aluPart{op: "mov", sfx: ".setf", dst: "-", args: "r3",
			setf: true, srcs: []string{"r3"}}})
		e.flagsExec = true
	}
	sfx := ""
	if in.cond != "" {
		sfx += "." + in.cond
	}
	if in.setf {
		sfx += ".setf"
	}
	d := e.name(in.d)
	if in.op == "ldi" {
		dst := d
		if in.cond != "" {
			dst += "." + in.cond
		}
		s := ""
		if in.setf {
			s = ".setf"
		}
		text := fmt.Sprintf("ldi%s %s, %#x", s, dst, in.imm)
		if in.comment != "" {
			text += "\t# " + in.comment
		}
		e.put(qinst{text: text, writes: e.writes(in.d),
			ldi: &aluPart{op: "ldi", dst: d, setf: in.setf, cond: in.cond != ""}})
		e.afterFlags(in)
		return
	}
	a, b := in.a, in.b
	if e.conflict(a, b) {
		// The allocator stages every operand pair its assignment leaves
		// in conflict through an accumulator free there (stageConflicts);
		// staging here could clobber a value it put in one.
		panic(fmt.Sprintf("read-port conflict left by register allocation: %s %s, %s", in.op, e.name(a), e.name(b)))
	}
	var text string
	unary := in.op == "mov" || in.op == "clz" || in.op == "not" || in.op == "ftoi" || in.op == "itof"
	args := e.name(a)
	if !unary {
		args += ", " + e.name(b)
	}
	if in.rot != 0 {
		args += fmt.Sprintf(" << %d", in.rot)
	}
	if in.mul {
		text = fmt.Sprintf("nop; %s%s %s, %s", in.op, sfx, d, args)
	} else {
		text = fmt.Sprintf("%s%s %s, %s", in.op, sfx, d, args)
	}
	if in.masked {
		e.masked++
	}
	if in.comment != "" {
		text += "\t# " + in.comment
	}
	part := &aluPart{op: in.op, sfx: sfx, dst: d, args: args, comment: in.comment, mul: in.mul,
		setf: in.setf, cond: in.cond != "", io: in.rot != 0 || (in.d.k == vPhys && !isAcc(d))}
	ops := []val{a}
	if !unary {
		ops = append(ops, b)
	}
	for _, v := range ops {
		e.addSrc(part, v)
	}
	e.put(qinst{text: text, reads: e.reads(a, b), writes: e.writes(in.d), alu: part})
	e.afterFlags(in)
}

// addSrc records operand v as read by part, with the read port it takes.
func (e *emitter) addSrc(part *aluPart, v val) {
	n := e.name(v)
	part.srcs = append(part.srcs, n)
	switch {
	case v.k == vImm:
		part.bPort = "#" + n
	case isRegfile(n) && n[1] == 'a', aOnly[n]:
		part.aPort = n
	case isRegfile(n) && n[1] == 'b', bOnly[n]:
		part.bPort = n
	case v.k == vPhys && !isAcc(n):
		part.io = true
	}
	if strings.HasSuffix(n, "_wait") {
		part.io = true // a DMA wait stays where it is (delay slots of the per-lane DMA loop)
	}
}

func (e *emitter) afterFlags(in *lins) {
	if in.setf {
		e.flagsExec = in.execFlags
	}
}

// render joins the emitted lines, indenting instructions under labels.
func render(lines []qinst, name string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# kernel %s (vc4asm syntax)\n", name)
	for _, q := range lines {
		if q.label {
			sb.WriteString(q.text + "\n")
		} else {
			sb.WriteString("\t" + q.text + "\n")
		}
	}
	return sb.String()
}

// isAcc reports whether n is an accumulator r0..r5.
func isAcc(n string) bool { return len(n) == 2 && n[0] == 'r' && n[1] >= '0' && n[1] <= '5' }

// uninitialized returns the registers some instruction may read before
// any instruction has written them on the way there (a phi variable read
// in a block that every lane skipped, a value read by inactive lanes).
// The data is irrelevant there, but reading a never-written register is
// undefined (spec §10), so the prologue clears them. Forward "definitely
// written" analysis on the machine CFG.
func uninitialized(code []*lins, reg map[int]string) []string {
	type seg struct {
		start, end int
		succs      []int
		gen        map[string]bool
		in         map[string]bool
		done       bool
	}
	bounds, labelSeg := splitAtLabels(code)
	segs := make([]*seg, len(bounds))
	for i, b := range bounds {
		segs[i] = &seg{start: b[0], end: b[1]}
	}
	name := func(v val) string {
		if v.k == vReg {
			return reg[v.r]
		}
		return ""
	}
	preds := make([][]int, len(segs))
	succs := segmentSuccs(code, bounds, labelSeg)
	for si, s := range segs {
		s.gen = map[string]bool{}
		s.succs = succs[si]
		for i := s.start; i < s.end; i++ {
			if n := name(code[i].d); n != "" {
				s.gen[n] = true
			}
		}
		for _, t := range s.succs {
			preds[t] = append(preds[t], si)
		}
	}
	// in = intersection of the preds' outs; nil means "not computed yet" (top).
	for changed := true; changed; {
		changed = false
		for si, s := range segs {
			var in map[string]bool
			if si == 0 {
				in = map[string]bool{}
			}
			for _, p := range preds[si] {
				ps := segs[p]
				if !ps.done {
					continue
				}
				out := map[string]bool{}
				for r := range ps.in {
					out[r] = true
				}
				for r := range ps.gen {
					out[r] = true
				}
				if in == nil {
					in = out
					continue
				}
				for r := range in {
					if !out[r] {
						delete(in, r)
					}
				}
			}
			if in == nil {
				continue
			}
			if !s.done || len(in) != len(s.in) {
				s.in, s.done, changed = in, true, true
			}
		}
	}
	need := map[string]bool{}
	for _, s := range segs {
		written := map[string]bool{}
		for r := range s.in {
			written[r] = true
		}
		for i := s.start; i < s.end; i++ {
			in := code[i]
			for _, v := range []val{in.a, in.b} {
				if n := name(v); n != "" && !written[n] {
					need[n] = true
				}
			}
			if n := name(in.d); n != "" {
				written[n] = true
			}
		}
	}
	var out []string
	for r := range need {
		out = append(out, r)
	}
	sort.Strings(out)
	return out
}
