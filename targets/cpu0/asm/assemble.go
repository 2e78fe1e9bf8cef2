package asm

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"lltosimd/targets/cpu0"
)

// Error is an assembler or linker diagnostic tied to a source line.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// maxErrors bounds the diagnostics reported for one file.
const maxErrors = 20

// pendingInstr is an instruction whose encoding waits for pass 2, when all
// labels of the file are known.
type pendingInstr struct {
	sec  SectionKind
	off  uint32
	line int
	d    *cpu0.InstrDef
	ops  []string
}

type assembler struct {
	obj       *Object
	opt       Options
	cur, prev SectionKind
	instrs    []pendingInstr
	errs      []error
	line      int
	order     binary.ByteOrder
	locals    map[string]bool // names declared .local (for .comm)
	sizes     []pendingSize   // .size directives, evaluated at the end
	diffs     []pendingDiff   // sym-sym data words, resolved at the end
	sets      []pendingSet    // .set name, sym+off, resolved at the end
}

// Assemble assembles the Cpu0 assembly text src (named name in messages)
// into an object. All errors are reported as "name:line: message".
func Assemble(name string, src []byte, opt Options) (*Object, error) {
	if opt.Level == 0 {
		opt.Level = cpu0.Cpu032II
	}
	a := &assembler{
		obj:    &Object{Name: name, Level: opt.Level, LittleEndian: opt.LittleEndian, Symbols: map[string]*Symbol{}},
		opt:    opt,
		cur:    Text,
		prev:   Text,
		order:  binary.BigEndian,
		locals: map[string]bool{},
	}
	if opt.LittleEndian {
		a.order = binary.LittleEndian
	}
	for i := range a.obj.Sections {
		a.obj.Sections[i].Align = 1
	}
	for i, line := range strings.Split(string(src), "\n") {
		a.line = i + 1
		a.doLine(line)
		if len(a.errs) >= maxErrors {
			break
		}
	}
	for _, p := range a.instrs {
		a.line = p.line
		a.encode(p)
	}
	a.resolveSets()
	a.finishSizes()
	a.resolveDiffs()
	if len(a.errs) > 0 {
		return nil, errors.Join(a.errs...)
	}
	return a.obj, nil
}

func (a *assembler) errorf(format string, args ...any) {
	if len(a.errs) < maxErrors {
		a.errs = append(a.errs, &Error{File: a.obj.Name, Line: a.line, Msg: fmt.Sprintf(format, args...)})
	}
}

// stripComment removes a '#' comment that is not inside a string literal.
func stripComment(s string) string {
	inStr := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case inStr && c == '\\':
			i++
		case c == '"':
			inStr = !inStr
		case !inStr && c == '#':
			return s[:i]
		}
	}
	return s
}

func (a *assembler) sec() *Section { return &a.obj.Sections[a.cur] }

// symbol returns the symbol table entry of name, creating it undefined.
func (a *assembler) symbol(name string) *Symbol {
	s := a.obj.Symbols[name]
	if s == nil {
		s = &Symbol{Name: name, Line: a.line}
		a.obj.Symbols[name] = s
		a.obj.Order = append(a.obj.Order, name)
	}
	return s
}

func (a *assembler) define(name string, sec SectionKind, value uint32) {
	s := a.symbol(name)
	if s.Defined {
		a.errorf("symbol %q redefined (first defined at line %d)", name, s.Line)
		return
	}
	s.Defined, s.Section, s.Value, s.Line = true, sec, value, a.line
}

func (a *assembler) doLine(line string) {
	line = strings.TrimSpace(stripComment(line))
	// Labels: "name:" at the start of the line, possibly several.
	for {
		j := 0
		for j < len(line) && isSymChar(line[j]) {
			j++
		}
		if j == 0 || j >= len(line) || line[j] != ':' {
			break
		}
		a.define(line[:j], a.cur, uint32(len(a.sec().Data)))
		line = strings.TrimSpace(line[j+1:])
	}
	if line == "" {
		return
	}
	mnem, rest := line, ""
	if i := strings.IndexAny(line, " \t"); i >= 0 {
		mnem, rest = line[:i], strings.TrimSpace(line[i+1:])
	}
	if strings.HasPrefix(mnem, ".") {
		a.directive(mnem, rest)
		return
	}
	a.instruction(strings.ToLower(mnem), rest)
}

func (a *assembler) instruction(mnem, rest string) {
	ops := splitOperands(rest)
	d := byMnem[mnem]
	if mnem == "move" {
		// move $a, $b = addu $a, $b, $zero
		if len(ops) != 2 {
			a.errorf("move takes 2 operands")
			return
		}
		d, ops = byMnem["addu"], append(ops, "$zero")
	}
	if d == nil {
		a.errorf("unknown instruction %q", mnem)
		return
	}
	if d.Level > a.opt.Level {
		a.errorf("instruction %q is not available on cpu032I (needs cpu032II)", mnem)
		return
	}
	if a.cur != Text && a.cur != Discard {
		a.errorf("instruction %q outside a code section (%s)", mnem, a.cur)
		return
	}
	s := a.sec()
	if len(s.Data)%4 != 0 {
		a.errorf("instruction %q at misaligned offset %d", mnem, len(s.Data))
		return
	}
	s.Align = max(s.Align, 4)
	a.instrs = append(a.instrs, pendingInstr{sec: a.cur, off: uint32(len(s.Data)), line: a.line, d: d, ops: ops})
	s.Data = append(s.Data, 0, 0, 0, 0)
}

// operand counts of each syntax, as written in assembly.
var asmOperands = map[cpu0.Syntax]int{
	cpu0.SynNone: 0, cpu0.SynRRR: 3, cpu0.SynRRI: 3, cpu0.SynRRSh: 3, cpu0.SynRR: 2,
	cpu0.SynMovCC: 3, cpu0.SynLoad: 2, cpu0.SynStore: 2, cpu0.SynLui: 2, cpu0.SynCmp: 3,
	cpu0.SynJcc: 2, cpu0.SynJump: 1, cpu0.SynBr: 3, cpu0.SynRet: 1, cpu0.SynJalr: 1,
	cpu0.SynMulDiv: 2, cpu0.SynMfHiLo: 1, cpu0.SynMtHiLo: 1, cpu0.SynMfc0: 2, cpu0.SynMtc0: 2,
	cpu0.SynC0Mov: 2,
}

// encode assembles one instruction in pass 2 and stores its word.
func (a *assembler) encode(p pendingInstr) {
	d, ops := p.d, p.ops
	if d.Syn == cpu0.SynJalr && len(ops) == 2 {
		// MIPS-style "jalr $ra, $rb" names the link register explicitly.
		if r, err := parseReg(ops[0]); err != nil || r != regLR {
			a.errorf("jalr links through $lr, found %s", ops[0])
			return
		}
		ops = ops[1:]
	}
	if n := asmOperands[d.Syn]; len(ops) != n {
		a.errorf("%s takes %d operand(s), found %d", d.Mnem, n, len(ops))
		return
	}
	var f Fields
	var err error
	reg := func(s string) uint8 {
		r, e := parseReg(s)
		if e != nil && err == nil {
			err = e
		}
		return r
	}
	c0 := func(s string) uint8 {
		r, e := parseC0Reg(s)
		if e != nil && err == nil {
			err = e
		}
		return r
	}
	switch d.Syn {
	case cpu0.SynNone:
	case cpu0.SynRRR, cpu0.SynMovCC:
		f.Ra, f.Rb, f.Rc = reg(ops[0]), reg(ops[1]), reg(ops[2])
	case cpu0.SynRRI:
		f.Ra, f.Rb = reg(ops[0]), reg(ops[1])
		if err == nil {
			f.Imm, err = a.imm16(p, d, ops[2])
		}
	case cpu0.SynRRSh:
		f.Ra, f.Rb = reg(ops[0]), reg(ops[1])
		if err == nil {
			var e expr
			if e, err = parseExpr(ops[2]); err == nil {
				if e.sym != "" || e.mod != 0 || e.add < 0 || e.add > 31 {
					err = fmt.Errorf("shift amount %s out of range 0..31", ops[2])
				}
				f.Shamt = uint16(e.add)
			}
		}
	case cpu0.SynRR, cpu0.SynMulDiv:
		f.Ra, f.Rb = reg(ops[0]), reg(ops[1])
	case cpu0.SynLoad, cpu0.SynStore:
		f.Ra = reg(ops[0])
		off, base, e := splitMem(ops[1])
		if e != nil {
			err = e
			break
		}
		f.Rb = reg(base)
		if err == nil {
			f.Imm, err = a.imm16(p, d, off)
		}
	case cpu0.SynLui:
		f.Ra = reg(ops[0])
		if err == nil {
			f.Imm, err = a.imm16(p, d, ops[1])
		}
	case cpu0.SynCmp:
		f.Ra, f.Rb, f.Rc = reg(ops[0]), reg(ops[1]), reg(ops[2])
		if err == nil && f.Ra != 15 {
			err = fmt.Errorf("%s writes $sw, found %s", d.Mnem, ops[0])
		}
	case cpu0.SynJcc:
		if r := reg(ops[0]); err == nil && r != 15 {
			err = fmt.Errorf("%s tests $sw, found %s", d.Mnem, ops[0])
		}
		if err == nil {
			f.Imm, err = a.target(p, ops[1], RPC24, 24)
		}
	case cpu0.SynJump:
		f.Imm, err = a.target(p, ops[0], RPC24, 24)
	case cpu0.SynBr:
		f.Ra, f.Rb = reg(ops[0]), reg(ops[1])
		if err == nil {
			f.Imm, err = a.target(p, ops[2], RPC16, 16)
		}
	case cpu0.SynRet, cpu0.SynMfHiLo, cpu0.SynMtHiLo:
		f.Ra = reg(ops[0])
	case cpu0.SynJalr:
		f.Ra, f.Rb = regLR, reg(ops[0])
	case cpu0.SynMfc0:
		f.Ra, f.Rb = reg(ops[0]), c0(ops[1])
	case cpu0.SynMtc0:
		f.Ra, f.Rb = c0(ops[0]), reg(ops[1])
	case cpu0.SynC0Mov:
		f.Ra, f.Rb = c0(ops[0]), c0(ops[1])
	default:
		err = fmt.Errorf("no assembler syntax for %s", d.Mnem)
	}
	if err != nil {
		a.errorf("%s: %v", d.Mnem, err)
		return
	}
	a.order.PutUint32(a.obj.Sections[p.sec].Data[p.off:], Encode(d, f))
}

// splitMem splits "off($base)" into its offset expression and base register.
func splitMem(s string) (off, base string, err error) {
	s = strings.TrimSpace(s)
	if !strings.HasSuffix(s, ")") {
		return "", "", fmt.Errorf("expected a memory operand off($reg), found %q", s)
	}
	i := strings.LastIndexByte(s, '(')
	if i < 0 {
		return "", "", fmt.Errorf("expected a memory operand off($reg), found %q", s)
	}
	off = strings.TrimSpace(s[:i])
	if off == "" {
		off = "0"
	}
	return off, s[i+1 : len(s)-1], nil
}

// imm16 evaluates a 16-bit immediate operand; %hi/%lo produce relocations.
func (a *assembler) imm16(p pendingInstr, d *cpu0.InstrDef, s string) (int32, error) {
	e, err := parseExpr(s)
	if err != nil {
		return 0, err
	}
	if e.mod != 0 {
		if e.sym == "" {
			v := uint64(e.add)
			if e.mod == RHI16 {
				v >>= 16
			}
			return int32(v & 0xffff), nil
		}
		sec := &a.obj.Sections[p.sec]
		sec.Relocs = append(sec.Relocs, Reloc{Offset: p.off, Type: e.mod, Sym: e.sym, Addend: int32(e.add), Line: p.line})
		return 0, nil
	}
	if e.sym != "" {
		return 0, fmt.Errorf("symbol %q needs %%hi or %%lo in a 16-bit immediate", e.sym)
	}
	lo, hi := int64(-32768), int64(32767)
	if d.Imm == cpu0.ImmU16 {
		lo, hi = 0, 65535
	}
	if e.add < lo || e.add > hi {
		return 0, fmt.Errorf("immediate %d out of range %d..%d", e.add, lo, hi)
	}
	return int32(e.add), nil
}

// target evaluates a branch, jump or call operand: a label (encoded relative
// to the next instruction, or left as a relocation when it lives in another
// section or file) or a literal offset (encoded as-is, like lbd's assembler).
func (a *assembler) target(p pendingInstr, s string, rt RelocType, bits uint) (int32, error) {
	e, err := parseExpr(s)
	if err != nil {
		return 0, err
	}
	if e.mod != 0 {
		return 0, fmt.Errorf("relocation operator not allowed in a branch target")
	}
	lim := int64(1) << (bits - 1)
	if e.sym == "" {
		if e.add < -lim || e.add >= lim {
			return 0, fmt.Errorf("branch offset %d out of %d-bit range", e.add, bits)
		}
		return int32(e.add), nil
	}
	if sym := a.obj.Symbols[e.sym]; sym != nil && sym.Defined && sym.Section == p.sec {
		off := int64(sym.Value) + e.add - int64(p.off+4)
		if off < -lim || off >= lim {
			return 0, fmt.Errorf("branch to %s: offset %d out of %d-bit range", e.sym, off, bits)
		}
		return int32(off), nil
	}
	sec := &a.obj.Sections[p.sec]
	sec.Relocs = append(sec.Relocs, Reloc{Offset: p.off, Type: rt, Sym: e.sym, Addend: int32(e.add), Line: p.line})
	return 0, nil
}
