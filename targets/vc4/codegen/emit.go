package codegen

import (
	"fmt"
	"slices"
	"strings"

	"lltosimd/mir"
	"lltosimd/targets/vc4"
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
	// from lists the machine instructions of the line in issue order (one,
	// or two in a pair); nil for a line the emission made (a nop).
	from []*mir.Instr
	// block is the machine block a label line starts.
	block *mir.Block
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
		writes: append(append([]string{}, p.writes...), q.writes...), paired: [2]*aluPart{add, mul},
		from: append(append([]*mir.Instr{}, p.from...), q.from...)}, true
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

// readSpace maps each I/O read that only one regfile address space has
// (ioSpace: elem_num and vr_wait in A, qpu_num and vw_wait in B, …) to
// 'a' or 'b': reading it takes that file's read port.
var readSpace = func() map[string]byte {
	m := map[string]byte{}
	for s := range vc4.ReadRegs {
		for _, r := range vc4.ReadRegs[s] {
			if sp := ioSpace(r.Name, vc4.ReadRegs); sp == 'a' || sp == 'b' {
				m[r.Name] = sp
			}
		}
	}
	return m
}()

func isRegfile(n string) bool { return strings.HasPrefix(n, "ra") || strings.HasPrefix(n, "rb") }

// namePort returns which read port an operand named n needs: 'a', 'b',
// 'i' (a small immediate, imm: uses the B port), 'u' (unif, mutex, vpm:
// either port, but one read of them per instruction), or 0 (an
// accumulator r0–r5, an I/O register either port reads, none).
func namePort(n string, imm bool) byte {
	switch {
	case imm:
		return 'i'
	case isRegfile(n):
		return n[1]
	case readSpace[n] != 0:
		return readSpace[n]
	case n == "unif" || n == "mutex" || n == "vpm":
		return 'u'
	}
	return 0
}

// portConflict reports whether two operands needing read ports sa and sb
// (namePort) cannot be read by one instruction: two different regfile-A
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
