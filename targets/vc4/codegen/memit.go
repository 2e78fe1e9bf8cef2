package codegen

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"lltosimd/mir"
)

// The emission of the allocated machine form (vc4-emit): every machine
// instruction of mform.go becomes one instruction line (qinst) in vc4asm
// syntax with the structured effects sched.go and delayslot.go work on;
// finishLines then schedules and fills the delay slots.

// mopnd is a source or destination of a machine instruction as the
// emission sees it: its vc4asm name and what kind of operand it is.
type mopnd struct {
	name string
	imm  bool // a small immediate
	file bool // a register of file A or B
	phys bool // an accumulator or I/O register
}

// noOpnd is the absent operand ($nop as a destination): "-".
var noOpnd = mopnd{name: "-"}

// machineOperand returns the emission's view of operand o of f.
func machineOperand(f *mir.Func, o mir.Operand) (mopnd, error) {
	switch {
	case o.Kind == mir.KindImm:
		v := int32(o.Imm)
		if v == floatImm2 {
			return mopnd{name: "2.0", imm: true}, nil
		}
		return mopnd{name: fmt.Sprint(v), imm: true}, nil
	case o.Kind != mir.KindReg:
		return mopnd{}, fmt.Errorf("function '%s': operand kind %d in the machine form", f.Name, o.Kind)
	case o.Reg.IsVirtual():
		return mopnd{}, fmt.Errorf("function '%s': virtual register %%%d left by register allocation", f.Name, o.Reg.VirtIndex())
	case o.Reg == RegNop:
		return noOpnd, nil
	}
	n := regNames[o.Reg]
	return mopnd{name: n, file: physRegs[o.Reg].regfile, phys: !physRegs[o.Reg].regfile}, nil
}

// port returns which read port o needs (namePort).
func (o mopnd) port() byte { return namePort(o.name, o.imm) }

// machineALU is one ALU operation (or ldi) of the machine form in the
// emission's terms.
type machineALU struct {
	asm        string // vc4asm mnemonic
	mul        bool   // on the mul ALU
	ldi        bool
	imm        uint32 // ldi: the value
	d          mopnd
	srcs       []mopnd // the explicit sources (a unary op has one)
	cond       string  // the guard's vc4asm condition ("" = always)
	rot        int     // V4_ROT_M: the rotation
	setf       bool
	masked     bool
	execFlags  bool // makes Z the active lanes (isExecFlags)
	comment    string
	unaryShape bool // printed with one source
}

// decodeALU returns in (an ALU op, V4_MOV_M, V4_ROT_M or V4_LDI) in the
// emission's terms.
func decodeALU(f *mir.Func, in *mir.Instr) (*machineALU, error) {
	q, ok := qpuByOp[in.Op]
	if !ok && in.Op != opMovM && in.Op != opRotM {
		return nil, fmt.Errorf("function '%s': %s is not a machine op", f.Name, Arch.OpName(in.Op))
	}
	m := &machineALU{asm: q.asm, mul: q.mul, ldi: q.ldi, comment: in.Comment}
	if in.Op == opMovM || in.Op == opRotM {
		m.asm, m.mul = "mov", true
	}
	d := in.Defs()
	if len(d) != 1 {
		return nil, fmt.Errorf("function '%s': %s without its destination", f.Name, mir.FormatInstr(f, in))
	}
	var err error
	if m.d, err = machineOperand(f, d[0]); err != nil {
		return nil, err
	}
	for _, o := range in.Uses() {
		switch {
		case o.Kind == mir.KindPred:
			m.cond = flagConds[o.Reg][0]
			if o.Neg {
				m.cond = flagConds[o.Reg][1]
			}
		case o.Flags&mir.FlagImplicit != 0:
		case m.ldi:
			m.imm = uint32(o.Imm)
		default:
			s, err := machineOperand(f, o)
			if err != nil {
				return nil, err
			}
			m.srcs = append(m.srcs, s)
		}
	}
	if in.Op == opRotM {
		if len(m.srcs) != 2 || !m.srcs[1].imm {
			return nil, fmt.Errorf("function '%s': %s: the rotation is an immediate", f.Name, mir.FormatInstr(f, in))
		}
		m.rot = int(int32(in.Uses()[1].Imm))
		m.srcs = m.srcs[:1]
	}
	m.setf, m.masked, m.execFlags = setsFlags(in), isMasked(in), isExecFlags(in)
	m.unaryShape = m.asm == "mov" || m.asm == "clz" || m.asm == "not" || m.asm == "ftoi" || m.asm == "itof"
	return m, nil
}

// operands returns the two read operands a and b of m: a unary op reads
// its source on both, an op without sources reads nothing.
func (m *machineALU) operands() (a, b mopnd) {
	switch len(m.srcs) {
	case 0:
		return noOpnd, noOpnd
	case 1:
		return m.srcs[0], m.srcs[0]
	}
	return m.srcs[0], m.srcs[1]
}

// execFlagsInstr is the instruction that makes Z the active lanes before
// a masked write (mov.setf -, r3; explicitExecFlags puts it in the
// machine form, the emission adds it where later code changed the flags).
func execFlagsInstr() *mir.Instr {
	return setf(mir.NewInstr(aluByAsm[[2]string{"mov", ""}], mir.Operand{Kind: mir.KindReg, Reg: RegNop, Flags: mir.FlagDef}, mir.R(RegExec)))
}

// machineEmitter prints the allocated machine form as instruction lines.
type machineEmitter struct {
	f         *mir.Func
	out       []qinst
	flagsExec bool // Z holds the active lanes
	masked    int
}

func (e *machineEmitter) put(q qinst) { e.out = append(e.out, q) }

// emitMachine turns the allocated machine form f into instruction lines,
// each with the machine instructions it comes from (qinst.from). Before
// vc4-sched: registers that some path may read before writing them are
// cleared first, a masked write whose flags do not hold the execute mask
// gets mov.setf -, r3 before it (new machine instructions, which vc4-sched
// puts into f), a label for every named block, one line per machine
// instruction (delay-slot bundles in order). A scheduled function (see
// vc4-sched) has all of them already, and an add/mul packet becomes one
// paired line. It returns the lines and the number of masked
// instructions.
func emitMachine(f *mir.Func) ([]qinst, int, error) {
	e := &machineEmitter{f: f}
	sched := f.TargetInfo[infoScheduled] != 0
	if !sched {
		clear, err := uninitializedMachine(f)
		if err != nil {
			return nil, 0, err
		}
		for _, r := range clear {
			in := mir.NewInstr(aluByAsm[[2]string{"mov", ""}], mir.Operand{Kind: mir.KindReg, Reg: regByName[r], Flags: mir.FlagDef}, mir.I(0))
			if err := e.instr(in, false); err != nil {
				return nil, 0, err
			}
		}
	}
	for _, b := range f.Blocks {
		if b.Name != "" {
			e.flagsExec = false
			text := fmt.Sprintf(":b%d", b.ID)
			if b.Name != blockName(b.ID) {
				text += "\t# " + b.Name
			}
			e.put(qinst{text: text, label: true, block: b})
		}
		for _, in := range b.Instrs {
			if in.Packet {
				if err := e.packet(in); err != nil {
					return nil, 0, err
				}
				continue
			}
			for _, m := range in.Flatten() {
				var err error
				if m.Packet { // a packet in a delay slot (delay-slot-filler)
					err = e.packet(m)
				} else {
					err = e.instr(m, !sched)
				}
				if err != nil {
					return nil, 0, err
				}
			}
		}
	}
	return e.out, e.masked, nil
}

// packet emits an add/mul packet of vc4-sched as one paired line.
func (e *machineEmitter) packet(in *mir.Instr) error {
	if len(in.Bundle) != 1 {
		return fmt.Errorf("function '%s': a packet of %d instructions (the QPU issues two)", e.f.Name, 1+len(in.Bundle))
	}
	for _, m := range in.Flatten() {
		if err := e.instr(m, false); err != nil {
			return err
		}
	}
	n := len(e.out)
	q, ok := pair(&e.out[n-2], &e.out[n-1])
	if !ok {
		return fmt.Errorf("function '%s': internal error: %s and %s cannot share an instruction", e.f.Name, e.out[n-2].text, e.out[n-1].text)
	}
	e.out = append(e.out[:n-2], q)
	return nil
}

// withComment appends in's comment to text.
func withComment(text, comment string) string {
	if comment != "" {
		return text + "\t# " + comment
	}
	return text
}

// instr emits one machine instruction (not a bundle); with flags, a masked
// write whose flags do not hold the execute mask gets them first.
func (e *machineEmitter) instr(in *mir.Instr, flags bool) error {
	from := []*mir.Instr{in}
	switch {
	case isBranch(in.Op):
		t := "brr"
		if c := condByBrr[in.Op]; c != "" {
			t += "." + c
		}
		e.put(qinst{text: withComment(fmt.Sprintf("%s -, :b%d", t, in.Ops[0].Block.ID), in.Comment), from: from})
		return nil
	case in.Op == opNop:
		e.put(qinst{text: "nop", from: from})
		return nil
	case in.Op == opLdtmu0, in.Op == opLdtmu1, in.Op == opThrend:
		sig := map[mir.Opcode]string{opLdtmu0: "ldtmu0", opLdtmu1: "ldtmu1", opThrend: "thrend"}[in.Op]
		e.put(qinst{text: "nop; nop; " + sig, sig: sig, from: from})
		return nil
	}
	m, err := decodeALU(e.f, in)
	if err != nil {
		return err
	}
	if flags && m.masked && !e.flagsExec {
		if err := e.instr(execFlagsInstr(), false); err != nil {
			return err
		}
		e.flagsExec = true
	}
	if m.setf {
		e.flagsExec = m.execFlags
	}
	var writes []string
	if m.d.file {
		writes = []string{m.d.name}
	}
	if m.ldi {
		dst, s := m.d.name, ""
		if m.cond != "" {
			dst += "." + m.cond
		}
		if m.setf {
			s = ".setf"
		}
		e.put(qinst{text: withComment(fmt.Sprintf("ldi%s %s, %#x", s, dst, m.imm), m.comment), writes: writes,
			ldi: &aluPart{op: "ldi", dst: m.d.name, setf: m.setf, cond: m.cond != ""}, from: from})
		return nil
	}
	a, b := m.operands()
	if a != b && portConflict(a.port(), b.port()) {
		// The allocator stages every operand pair its assignment leaves
		// in conflict through an accumulator free there; staging here
		// could clobber a value it put in one.
		return fmt.Errorf("function '%s': internal error: read-port conflict left by register allocation: %s %s, %s", e.f.Name, m.asm, a.name, b.name)
	}
	part := m.part()
	text := fmt.Sprintf("%s%s %s, %s", m.asm, part.sfx, m.d.name, part.args)
	if m.mul {
		text = "nop; " + text
	}
	if m.masked {
		e.masked++
	}
	var reads []string
	for _, o := range []mopnd{a, b} {
		if o.file {
			reads = append(reads, o.name)
		}
	}
	e.put(qinst{text: withComment(text, m.comment), reads: reads, writes: writes, alu: part, from: from})
	return nil
}

// part returns the ALU operation m (not an ldi) in structured form: its
// suffixes, operands, read ports and whether it touches I/O.
func (m *machineALU) part() *aluPart {
	sfx := ""
	if m.cond != "" {
		sfx += "." + m.cond
	}
	if m.setf {
		sfx += ".setf"
	}
	a, b := m.operands()
	args := a.name
	ops := []mopnd{a}
	if !m.unaryShape {
		args += ", " + b.name
		ops = append(ops, b)
	}
	if m.rot != 0 {
		args += fmt.Sprintf(" << %d", m.rot)
	}
	p := &aluPart{op: m.asm, sfx: sfx, dst: m.d.name, args: args, comment: m.comment, mul: m.mul,
		setf: m.setf, cond: m.cond != "", io: m.rot != 0 || (m.d.phys && !isAcc(m.d.name))}
	for _, o := range ops {
		p.srcs = append(p.srcs, o.name)
		switch {
		case o.imm:
			p.bPort = "#" + o.name
		case o.file && o.name[1] == 'a', o.phys && readSpace[o.name] == 'a':
			p.aPort = o.name
		case o.file && o.name[1] == 'b', o.phys && readSpace[o.name] == 'b':
			p.bPort = o.name
		case o.phys && !isAcc(o.name):
			p.io = true
		}
		if strings.HasSuffix(o.name, "_wait") {
			p.io = true // a DMA wait stays where it is (delay slots of the per-lane DMA loop)
		}
	}
	return p
}

// uninitializedMachine returns the registers of files A and B some
// instruction of f may read before any instruction has written them on
// the way there (a phi variable read in a block that every lane skipped,
// a value read by inactive lanes). The data is irrelevant there, but
// reading a never-written register is undefined (spec §10), so the
// prologue clears them. Forward "definitely written" analysis over the
// stretches between labels (a named block and the unnamed blocks after
// it): their successors are the targets of their branches and, unless an
// unconditional branch or the thread end stops it, the next stretch.
func uninitializedMachine(f *mir.Func) ([]string, error) {
	type seg struct {
		code  []*mir.Instr
		succs []int
		gen   map[string]bool
		in    map[string]bool
		done  bool
	}
	var segs []*seg
	labelSeg := map[*mir.Block]int{}
	for i, b := range f.Blocks {
		if i == 0 || b.Name != "" {
			segs = append(segs, &seg{})
		}
		labelSeg[b] = len(segs) - 1
		segs[len(segs)-1].code = append(segs[len(segs)-1].code, flatten(b.Instrs)...)
	}
	// reads and write of one instruction (file registers only; the old
	// value of a guarded write does not count as a read).
	type rw struct {
		reads []string
		write string
	}
	effects := map[*mir.Instr]rw{}
	for _, s := range segs {
		for _, in := range s.code {
			if isBranch(in.Op) || in.Op == opNop || in.Op == opLdtmu0 || in.Op == opLdtmu1 || in.Op == opThrend {
				continue
			}
			m, err := decodeALU(f, in)
			if err != nil {
				return nil, err
			}
			var x rw
			a, b := m.operands()
			for _, o := range []mopnd{a, b} {
				if o.file {
					x.reads = append(x.reads, o.name)
				}
			}
			if m.d.file {
				x.write = m.d.name
			}
			effects[in] = x
		}
	}
	preds := make([][]int, len(segs))
	for si, s := range segs {
		s.gen = map[string]bool{}
		falls := true
		for _, in := range s.code {
			if isBranch(in.Op) {
				s.succs = append(s.succs, labelSeg[in.Ops[0].Block])
				if in.Op == opBrr {
					falls = false
				}
			}
			if in.Op == opThrend {
				falls = false
			}
			if w := effects[in].write; w != "" {
				s.gen[w] = true
			}
		}
		if falls && si+1 < len(segs) {
			s.succs = append(s.succs, si+1)
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
		for _, in := range s.code {
			x := effects[in]
			for _, r := range x.reads {
				if !written[r] {
					need[r] = true
				}
			}
			if x.write != "" {
				written[x.write] = true
			}
		}
	}
	out := make([]string, 0, len(need))
	for r := range need {
		out = append(out, r)
	}
	sort.Strings(out)
	return slices.Clip(out), nil
}
