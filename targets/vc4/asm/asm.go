// Package asm is an assembler and disassembler for VideoCore IV QPU code
// in the syntax of the vc4asm assembler (the subset documented in spec
// vc4.md): one instruction per line, the add-ALU op, the mul-ALU op and a
// signal separated by ';', conditions and ".setf" as suffixes of the
// mnemonic or of the destination, labels ":name" (or "name:"), comments
// "#" and "//"; ".word 0x..." emits a raw 64-bit word.
//
//	:loop
//	add.setf ra0, r1, 2; fmul rb1, r0, r3; ldtmu0
//	ldi r0.ifn, 100
//	brr.anyz -, r:loop
//	nop; thrend
package asm

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"lltosimd/targets/vc4"
)

// Error is an assembly error at a source position (1-based).
type Error struct {
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// Program is the result of assembling a source file.
type Program struct {
	Words  []uint64
	Labels map[string]int // label -> instruction index
	Lines  []int          // source line of each instruction
}

type srcLine struct {
	line int
	col  int // column of the instruction text
	text string
}

// Assemble assembles vc4asm source into 64-bit instruction words.
func Assemble(src string) (*Program, error) {
	p := &Program{Labels: map[string]int{}}
	var insts []srcLine
	for i, raw := range strings.Split(src, "\n") {
		lineNo := i + 1
		text := stripComment(raw)
		col := 1
		// Labels: ":name" or "name:" at the start of the line.
		for {
			t := strings.TrimLeft(text, " \t")
			col += len(text) - len(t)
			text = t
			if text == "" {
				break
			}
			var name, rest string
			if text[0] == ':' {
				n := identLen(text[1:])
				name, rest = text[1:1+n], text[1+n:]
			} else if n := identLen(text); n > 0 && n < len(text) && text[n] == ':' {
				name, rest = text[:n], text[n+1:]
			} else {
				break
			}
			if name == "" {
				return nil, &Error{lineNo, col, "empty label"}
			}
			if _, dup := p.Labels[name]; dup {
				return nil, &Error{lineNo, col, fmt.Sprintf("label %q defined twice", name)}
			}
			p.Labels[name] = len(insts)
			col += len(text) - len(rest)
			text = rest
		}
		text = strings.TrimRight(text, " \t\r")
		if text == "" {
			continue
		}
		insts = append(insts, srcLine{lineNo, col, text})
	}
	for i, l := range insts {
		if rest, ok := strings.CutPrefix(l.text, ".word"); ok {
			// A raw 64-bit word (the disassembler's form for undecodable words).
			w, err := strconv.ParseUint(strings.TrimSpace(rest), 0, 64)
			if err != nil {
				return nil, &Error{l.line, l.col, fmt.Sprintf("bad .word value %q", strings.TrimSpace(rest))}
			}
			p.Words = append(p.Words, w)
			p.Lines = append(p.Lines, l.line)
			continue
		}
		in, err := assembleInstr(l.text, i, p.Labels)
		if err != nil {
			return nil, &Error{l.line, l.col, err.Error()}
		}
		w, err := vc4.Encode(in)
		if err != nil {
			return nil, &Error{l.line, l.col, err.Error()}
		}
		p.Words = append(p.Words, w)
		p.Lines = append(p.Lines, l.line)
	}
	return p, nil
}

func stripComment(s string) string {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	if i := strings.Index(s, "//"); i >= 0 {
		s = s[:i]
	}
	return s
}

func identLen(s string) int {
	n := 0
	for n < len(s) {
		c := s[n]
		if c == '_' || c == '.' && n > 0 || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' && n > 0 {
			n++
			continue
		}
		break
	}
	return n
}

// part is one ';'-separated piece of an instruction: a mnemonic with its
// dot modifiers and the operand list.
type part struct {
	mnem string
	mods []string
	ops  []string
}

func parsePart(s string) (part, error) {
	s = strings.TrimSpace(s)
	var p part
	i := strings.IndexAny(s, " \t")
	head, rest := s, ""
	if i >= 0 {
		head, rest = s[:i], strings.TrimSpace(s[i+1:])
	}
	fs := strings.Split(strings.ToLower(head), ".")
	p.mnem = fs[0]
	for _, m := range fs[1:] {
		if m == "" {
			return p, fmt.Errorf("empty modifier in %q", head)
		}
		p.mods = append(p.mods, m)
	}
	if rest != "" {
		depth := 0
		start := 0
		for j := 0; j < len(rest); j++ {
			switch rest[j] {
			case '[':
				depth++
			case ']':
				depth--
			case ',':
				if depth == 0 {
					p.ops = append(p.ops, strings.TrimSpace(rest[start:j]))
					start = j + 1
				}
			}
		}
		p.ops = append(p.ops, strings.TrimSpace(rest[start:]))
		for _, o := range p.ops {
			if o == "" {
				return p, fmt.Errorf("empty operand in %q", s)
			}
		}
	}
	return p, nil
}

var (
	packAByName   = map[string]uint8{}
	packMulByName = map[string]uint8{}
	unpackByName  = map[string]uint8{}
)

func init() {
	for i, n := range vc4.PackA {
		if n != "" {
			packAByName[n] = uint8(i)
		}
	}
	for i, n := range vc4.PackMul {
		if n != "" {
			packMulByName[n] = uint8(i)
		}
	}
	for i, n := range vc4.Unpack {
		if n != "" {
			unpackByName[n] = uint8(i)
		}
	}
}

// builder accumulates the fields of one instruction.
type builder struct {
	in      vc4.Instr
	raSet   bool
	rbSet   bool // raddr_b used for a register/I/O read or a small immediate
	unpSet  bool
	packSet bool
	pmSet   bool
	// flexible reads resolved after the fixed ones
	addDst, mulDst dest
}

// dest is a resolved destination: the candidate addresses in each space
// (-1 when the name does not exist there).
type dest struct {
	used   bool
	addr   [2]int
	pack   string
	packAt string
}

func assembleInstr(text string, idx int, labels map[string]int) (vc4.Instr, error) {
	var parts []part
	for _, s := range strings.Split(text, ";") {
		if strings.TrimSpace(s) == "" {
			return vc4.Instr{}, fmt.Errorf("empty instruction part")
		}
		p, err := parsePart(s)
		if err != nil {
			return vc4.Instr{}, err
		}
		parts = append(parts, p)
	}
	switch parts[0].mnem {
	case "ldi", "ldipes", "ldipeu":
		return assembleLdi(parts)
	case "sacq", "srel":
		return assembleSema(parts)
	case "bra", "brr":
		if len(parts) > 1 {
			return vc4.Instr{}, fmt.Errorf("a branch cannot be combined with other operations")
		}
		return assembleBranch(parts[0], idx, labels)
	}
	return assembleALU(parts)
}

// takeCond extracts condition and setf modifiers from a list of modifiers,
// returning the rest.
func takeCond(mods []string, cond *vc4.Cond, condSet *bool, sf *bool) ([]string, error) {
	var rest []string
	for _, m := range mods {
		if c, ok := vc4.CondByName(m); ok {
			if *condSet && *cond != c {
				return nil, fmt.Errorf("conflicting conditions")
			}
			*cond, *condSet = c, true
			continue
		}
		if m == "setf" {
			*sf = true
			continue
		}
		rest = append(rest, m)
	}
	return rest, nil
}

// parseDest parses a destination operand with optional ".cond", ".setf"
// and pack suffixes.
func parseDest(op string, cond *vc4.Cond, condSet *bool, sf *bool) (dest, error) {
	fs := strings.Split(strings.ToLower(op), ".")
	name := fs[0]
	rest, err := takeCond(fs[1:], cond, condSet, sf)
	if err != nil {
		return dest{}, err
	}
	d := dest{used: true, addr: [2]int{-1, -1}}
	if len(rest) > 1 {
		return d, fmt.Errorf("bad destination %q", op)
	}
	if len(rest) == 1 {
		d.pack = rest[0]
	}
	if a, ok := vc4.RegAliases[name]; ok {
		name = a
	}
	if n, sp, ok := regfileName(name); ok {
		d.addr[sp] = n
		return d, nil
	}
	found := false
	for sp := vc4.SpaceA; sp <= vc4.SpaceB; sp++ {
		for a := vc4.NumPhysRegs; a < vc4.NumRegAddrs; a++ {
			if vc4.WriteRegs[sp][a].Name == name {
				d.addr[sp] = a
				found = true
			}
		}
	}
	if !found {
		return d, fmt.Errorf("unknown destination register %q", name)
	}
	return d, nil
}

// regfileName parses "raN"/"rbN" (N 0..63; 32..63 name I/O addresses).
func regfileName(s string) (n int, sp vc4.Space, ok bool) {
	if len(s) < 3 || s[0] != 'r' || (s[1] != 'a' && s[1] != 'b') {
		return 0, 0, false
	}
	v, err := strconv.Atoi(s[2:])
	if err != nil || v < 0 || v >= vc4.NumRegAddrs || s[2] == '+' || s[2] == '-' {
		return 0, 0, false
	}
	if s[1] == 'b' {
		sp = vc4.SpaceB
	}
	return v, sp, true
}

// chooseWS picks the write-swap bit so that the add destination lies in the
// add ALU's space and the mul destination in the mul ALU's space.
func chooseWS(add, mul dest) (ws bool, addAddr, mulAddr int, err error) {
	for _, w := range []bool{false, true} {
		as, ms := vc4.SpaceA, vc4.SpaceB
		if w {
			as, ms = ms, as
		}
		a, m := vc4.AddrNop, vc4.AddrNop
		if add.used {
			a = add.addr[as]
		}
		if mul.used {
			m = mul.addr[ms]
		}
		if a >= 0 && m >= 0 {
			return w, a, m, nil
		}
	}
	return false, 0, 0, fmt.Errorf("destinations need conflicting write-swap settings (both in regfile %s?)", "A or B")
}

func applyPack(b *vc4.Instr, add, mul dest) error {
	if add.pack != "" && mul.pack != "" {
		return fmt.Errorf("only one destination can have a pack mode")
	}
	if add.pack != "" {
		if b.WS {
			return fmt.Errorf("regfile-A pack on the add ALU needs its destination in regfile A")
		}
		p, ok := packAByName[add.pack]
		if !ok {
			return fmt.Errorf("unknown pack mode %q", add.pack)
		}
		b.Pack = p
	}
	if mul.pack != "" {
		if p, ok := packMulByName[mul.pack]; ok {
			b.Pack, b.PM = p, true
		} else if p, ok := packAByName[mul.pack]; ok && b.WS {
			b.Pack = p
		} else {
			return fmt.Errorf("invalid pack mode %q for the mul ALU", mul.pack)
		}
	}
	return nil
}

// parseNumber parses an integer (decimal, hex, octal, binary; optional
// sign) or a float literal, returning its 32-bit pattern.
func parseNumber(s string) (v uint32, isFloat bool, err error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "" {
		return 0, false, fmt.Errorf("empty number")
	}
	if strings.HasPrefix(t, "0x") || strings.HasPrefix(t, "-0x") || strings.HasPrefix(t, "+0x") ||
		!strings.ContainsAny(t, ".en") {
		i, err := strconv.ParseInt(t, 0, 64)
		if err != nil || i < math.MinInt32 || i > math.MaxUint32 {
			return 0, false, fmt.Errorf("bad 32-bit integer %q", s)
		}
		return uint32(i), false, nil
	}
	f, err := strconv.ParseFloat(t, 32)
	if err != nil {
		return 0, false, fmt.Errorf("bad number %q", s)
	}
	return math.Float32bits(float32(f)), true, nil
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	c := s[0]
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.'
}

func assembleLdi(parts []part) (vc4.Instr, error) {
	in := vc4.Instr{Kind: vc4.KindLoadImm, WaddrAdd: vc4.AddrNop, WaddrMul: vc4.AddrNop}
	var dsts [2]dest
	var imm uint32
	for i, p := range parts {
		if i > 1 || p.mnem != parts[0].mnem {
			return in, fmt.Errorf("a load immediate can only be combined with a second %s of the same value", parts[0].mnem)
		}
		cond, condSet := vc4.CondAlways, false
		mods, err := takeCond(p.mods, &cond, &condSet, &in.SF)
		if err != nil {
			return in, err
		}
		if len(mods) > 0 {
			return in, fmt.Errorf("unknown modifier .%s", mods[0])
		}
		if len(p.ops) != 2 {
			return in, fmt.Errorf("%s needs a destination and a value", p.mnem)
		}
		d, err := parseDest(p.ops[0], &cond, &condSet, &in.SF)
		if err != nil {
			return in, err
		}
		v, mode, err := parseLdiValue(p.mnem, p.ops[1])
		if err != nil {
			return in, err
		}
		if i == 0 {
			in.CondAdd, imm, in.LdiMode = cond, v, mode
		} else {
			if v != imm || mode != in.LdiMode {
				return in, fmt.Errorf("both halves of a load immediate must load the same value")
			}
			in.CondMul = cond
		}
		dsts[i] = d
	}
	in.Imm = imm
	ws, a, m, err := chooseWS(dsts[0], dsts[1])
	if err != nil {
		return in, err
	}
	in.WS, in.WaddrAdd, in.WaddrMul = ws, uint8(a), uint8(m)
	return in, applyPack(&in, dsts[0], dsts[1])
}

// parseLdiValue parses a 32-bit value or a 16-element list "[v0, ..., v15]".
func parseLdiValue(mnem, s string) (uint32, vc4.LoadImmMode, error) {
	if !strings.HasPrefix(s, "[") {
		if mnem != "ldi" {
			return 0, 0, fmt.Errorf("%s needs a 16-element list", mnem)
		}
		v, _, err := parseNumber(s)
		return v, vc4.LdiWord, err
	}
	if !strings.HasSuffix(s, "]") {
		return 0, 0, fmt.Errorf("unterminated element list")
	}
	elems := strings.Split(s[1:len(s)-1], ",")
	if len(elems) != vc4.Lanes {
		return 0, 0, fmt.Errorf("element list needs %d values, got %d", vc4.Lanes, len(elems))
	}
	vals := make([]int64, vc4.Lanes)
	neg, big := false, false
	for i, e := range elems {
		v, err := strconv.ParseInt(strings.TrimSpace(e), 0, 8)
		if err != nil || v < -2 || v > 3 {
			return 0, 0, fmt.Errorf("element %q out of range -2..3", strings.TrimSpace(e))
		}
		vals[i] = v
		neg = neg || v < 0
		big = big || v > 1
	}
	mode := vc4.LdiUnsigned2
	switch mnem {
	case "ldipes":
		mode = vc4.LdiSigned2
	case "ldi":
		if neg {
			mode = vc4.LdiSigned2
		}
	}
	if mode == vc4.LdiSigned2 && big || mode == vc4.LdiUnsigned2 && neg {
		return 0, 0, fmt.Errorf("element list mixes signed and unsigned values")
	}
	var imm uint32
	for i, v := range vals {
		u := uint32(v) & 3
		imm |= (u&1)<<i | (u>>1)<<(16+i)
	}
	return imm, mode, nil
}

func assembleSema(parts []part) (vc4.Instr, error) {
	in := vc4.Instr{Kind: vc4.KindSemaphore, WaddrAdd: vc4.AddrNop, WaddrMul: vc4.AddrNop}
	if len(parts) > 1 {
		return in, fmt.Errorf("a semaphore instruction cannot be combined with other operations")
	}
	p := parts[0]
	cond, condSet := vc4.CondAlways, false
	if _, err := takeCond(p.mods, &cond, &condSet, &in.SF); err != nil {
		return in, err
	}
	if len(p.ops) != 2 {
		return in, fmt.Errorf("%s needs a destination and a semaphore number", p.mnem)
	}
	d, err := parseDest(p.ops[0], &cond, &condSet, &in.SF)
	if err != nil {
		return in, err
	}
	v, _, err := parseNumber(p.ops[1])
	if err != nil {
		return in, err
	}
	acq := p.mnem == "sacq"
	if v > 15 {
		// A full low word: bit 4 must agree with the mnemonic.
		if (v&16 != 0) != acq {
			return in, fmt.Errorf("semaphore word 0x%x does not match %s", v, p.mnem)
		}
	} else if acq {
		v |= 16
	}
	in.Imm = v
	// The semaphore's write (like an ldi of its low word) is gated by the
	// add condition only when a destination is given.
	if d.addr[vc4.SpaceA] != vc4.AddrNop || condSet {
		in.CondAdd = cond
	}
	ws, a, m, err := chooseWS(d, dest{})
	if err != nil {
		return in, err
	}
	in.WS, in.WaddrAdd, in.WaddrMul = ws, uint8(a), uint8(m)
	return in, nil
}

func assembleBranch(p part, idx int, labels map[string]int) (vc4.Instr, error) {
	in := vc4.Instr{Kind: vc4.KindBranch, CondBr: vc4.BrAlways, WaddrAdd: vc4.AddrNop, WaddrMul: vc4.AddrNop, Rel: p.mnem == "brr"}
	for _, m := range p.mods {
		c, ok := vc4.BranchCondByName(m)
		if !ok {
			return in, fmt.Errorf("unknown branch condition .%s", m)
		}
		in.CondBr = c
	}
	if len(p.ops) < 2 || len(p.ops) > 3 {
		return in, fmt.Errorf("%s needs a link destination ('-' for none), an optional second one and a target", p.mnem)
	}
	var dsts [2]dest
	for i, op := range p.ops[:len(p.ops)-1] {
		var c vc4.Cond
		var cs, sf bool
		d, err := parseDest(op, &c, &cs, &sf)
		if err != nil {
			return in, err
		}
		if cs || sf || d.pack != "" {
			return in, fmt.Errorf("branch link destinations take no modifiers")
		}
		dsts[i] = d
	}
	ws, a, m, err := chooseWS(dsts[0], dsts[1])
	if err != nil {
		return in, err
	}
	in.WS, in.WaddrAdd, in.WaddrMul = ws, uint8(a), uint8(m)
	// Target: label | r:label | number | raN | raN+number | raN+label.
	t := strings.TrimSpace(p.ops[len(p.ops)-1])
	if len(t) >= 3 && t[0] == 'r' && t[1] == 'a' && t[2] >= '0' && t[2] <= '9' {
		j := 2
		for j < len(t) && t[j] >= '0' && t[j] <= '9' {
			j++
		}
		n, _ := strconv.Atoi(t[2:j])
		if n >= vc4.NumPhysRegs {
			return in, fmt.Errorf("branch register ra%d out of range (ra0..ra31)", n)
		}
		in.Reg, in.RaddrA = true, uint8(n)
		t = strings.TrimSpace(t[j:])
		if t == "" {
			return in, nil
		}
		if t[0] == '+' {
			t = strings.TrimSpace(t[1:])
		} else if t[0] != '-' {
			return in, fmt.Errorf("bad branch target after ra%d", n)
		}
	}
	if isNumber(t) {
		v, isF, err := parseNumber(t)
		if err != nil || isF {
			return in, fmt.Errorf("bad branch offset %q", t)
		}
		in.Imm = v
		return in, nil
	}
	name := strings.TrimPrefix(strings.TrimPrefix(t, "r:"), ":")
	target, ok := labels[name]
	if !ok {
		return in, fmt.Errorf("undefined label %q", name)
	}
	if in.Rel {
		in.Imm = uint32(int32(target-(idx+4)) * 8)
	} else {
		in.Imm = uint32(target * 8)
	}
	return in, nil
}

// srcSpec is a parsed ALU source operand.
type srcSpec struct {
	mux    vc4.Mux
	kind   int // srcAcc, srcRegA, srcRegB, srcIO, srcImm
	addr   [2]int
	imm    uint8
	unpack string
	rot    int // 0 none, -1 by r5, 1..15 rotate upwards by n
}

const (
	srcAcc = iota
	srcRegA
	srcRegB
	srcIO
	srcImm
)

func parseSrc(op string) (srcSpec, error) {
	s := srcSpec{addr: [2]int{-1, -1}}
	o := strings.TrimSpace(op)
	if i := strings.Index(o, "<<"); i >= 0 || strings.Contains(o, ">>") {
		shl := i >= 0
		if !shl {
			i = strings.Index(o, ">>")
		}
		amt := strings.TrimSpace(o[i+2:])
		o = strings.TrimSpace(o[:i])
		if amt == "r5" {
			if !shl {
				return s, fmt.Errorf("rotation by r5 is written \"<< r5\"")
			}
			s.rot = -1
		} else {
			n, err := strconv.Atoi(amt)
			if err != nil || n < 1 || n > 15 {
				return s, fmt.Errorf("rotation amount %q out of range 1..15", amt)
			}
			if shl { // x << n: out[i] = in[i+n], an upward rotation by 16-n
				n = 16 - n
			}
			s.rot = n
		}
	}
	if isNumber(o) {
		v, isF, err := parseNumber(o)
		if err != nil {
			return s, err
		}
		code, ok := vc4.SmallImmCode(int64(int32(v)))
		if isF {
			code, ok = vc4.SmallImmFloatCode(v)
		}
		if !ok {
			return s, fmt.Errorf("%s is not a small immediate (use ldi)", o)
		}
		s.kind, s.mux, s.imm = srcImm, vc4.MuxB, code
		return s, nil
	}
	fs := strings.Split(strings.ToLower(o), ".")
	name := fs[0]
	if len(fs) > 2 {
		return s, fmt.Errorf("bad operand %q", op)
	}
	if len(fs) == 2 {
		s.unpack = fs[1]
		if _, ok := unpackByName[s.unpack]; !ok {
			return s, fmt.Errorf("unknown unpack mode %q", s.unpack)
		}
	}
	if len(name) == 2 && name[0] == 'r' && name[1] >= '0' && name[1] <= '5' {
		s.kind, s.mux = srcAcc, vc4.Mux(name[1]-'0')
		if s.unpack != "" && s.mux != vc4.MuxR4 {
			return s, fmt.Errorf("only regfile A and r4 can be unpacked")
		}
		return s, nil
	}
	if n, sp, ok := regfileName(name); ok {
		s.addr[sp] = n
		s.kind, s.mux = srcRegA, vc4.MuxA
		if sp == vc4.SpaceB {
			s.kind, s.mux = srcRegB, vc4.MuxB
		}
		return s, nil
	}
	found := false
	for sp := vc4.SpaceA; sp <= vc4.SpaceB; sp++ {
		for a := vc4.NumPhysRegs; a < vc4.NumRegAddrs; a++ {
			if a != vc4.AddrNop && vc4.ReadRegs[sp][a].Name == name {
				s.addr[sp] = a
				found = true
			}
		}
	}
	if !found {
		return s, fmt.Errorf("unknown source operand %q", op)
	}
	s.kind = srcIO
	return s, nil
}

// aluSlot is one parsed ALU operation.
type aluSlot struct {
	used    bool
	isMul   bool
	addOp   vc4.AddOp
	mulOp   vc4.MulOp
	cond    vc4.Cond
	condSet bool
	dst     dest
	srcs    []srcSpec
	unary   bool
}

func assembleALU(parts []part) (vc4.Instr, error) {
	b := builder{in: vc4.NewALU()}
	in := &b.in
	var add, mul aluSlot
	sigSet := false
	sig := vc4.SigNone
	for _, p := range parts {
		if s, ok := vc4.SigByName(p.mnem); ok {
			if sigSet {
				return *in, fmt.Errorf("more than one signal")
			}
			if len(p.ops) > 0 || len(p.mods) > 0 {
				return *in, fmt.Errorf("signal %s takes no operands", p.mnem)
			}
			sig, sigSet = s, true
			continue
		}
		var slot *aluSlot
		_, isAdd := vc4.AddOpByName(p.mnem)
		_, isMul := vc4.MulOpByName(p.mnem)
		if p.mnem == "mov" {
			isAdd, isMul = true, true
		}
		switch {
		case !isAdd && !isMul:
			return *in, fmt.Errorf("unknown instruction %q", p.mnem)
		case !add.used && isAdd:
			slot = &add
		case !mul.used && isMul:
			slot = &mul
			slot.isMul = true
		default:
			return *in, fmt.Errorf("no free ALU for %q", p.mnem)
		}
		slot.used = true
		if err := parseSlot(slot, p, &in.SF); err != nil {
			return *in, err
		}
	}
	// Resolve sources: fixed register-file reads and immediates first.
	var all []*srcSpec
	for _, sl := range []*aluSlot{&add, &mul} {
		for i := range sl.srcs {
			all = append(all, &sl.srcs[i])
		}
	}
	for _, s := range all {
		switch s.kind {
		case srcRegA:
			if err := b.useA(s.addr[vc4.SpaceA]); err != nil {
				return *in, err
			}
		case srcRegB:
			if err := b.useB(s.addr[vc4.SpaceB]); err != nil {
				return *in, err
			}
		case srcImm:
			if err := b.useImm(s.imm); err != nil {
				return *in, err
			}
		}
	}
	// I/O reads: those that exist in one space only (elem_num, qpu_num,
	// vr_wait, ...) take their port first, then the others (unif, vpm,
	// mutex) take whichever port is left.
	var io []*srcSpec
	for _, s := range all {
		if s.kind == srcIO {
			io = append(io, s)
		}
	}
	slices.SortStableFunc(io, func(x, y *srcSpec) int {
		both := func(s *srcSpec) int {
			if s.addr[vc4.SpaceA] >= 0 && s.addr[vc4.SpaceB] >= 0 {
				return 1
			}
			return 0
		}
		return both(x) - both(y)
	})
	for _, s := range io {
		a, bb := s.addr[vc4.SpaceA], s.addr[vc4.SpaceB]
		switch {
		case a >= 0 && (!b.raSet || int(in.RaddrA) == a):
			_ = b.useA(a)
			s.mux = vc4.MuxA
		case bb >= 0 && (!b.rbSet || int(in.RaddrB) == bb && in.Sig != vc4.SigSmallImm):
			if err := b.useB(bb); err != nil {
				return *in, err
			}
			s.mux = vc4.MuxB
		default:
			return *in, fmt.Errorf("no free read port for operand")
		}
	}
	// Rotation (mul ALU only) and unpack.
	for _, sl := range []*aluSlot{&add, &mul} {
		for _, s := range sl.srcs {
			if s.rot != 0 {
				if !sl.isMul {
					return *in, fmt.Errorf("vector rotation applies to mul-ALU operands only")
				}
				code := uint8(vc4.SmallImmRotR5)
				if s.rot > 0 {
					code += uint8(s.rot)
				}
				if err := b.useImm(code); err != nil {
					return *in, err
				}
			}
			if s.unpack != "" {
				u := unpackByName[s.unpack]
				pm := s.mux == vc4.MuxR4
				if !pm && s.mux != vc4.MuxA {
					return *in, fmt.Errorf("unpack applies to regfile-A reads and r4 only")
				}
				if (b.unpSet && in.Unpack != u) || (b.pmSet && in.PM != pm) {
					return *in, fmt.Errorf("conflicting unpack modes")
				}
				in.Unpack, in.PM, b.unpSet, b.pmSet = u, pm, true, true
			}
		}
	}
	if sigSet && b.usesImm() {
		return *in, fmt.Errorf("a small immediate cannot be combined with signal %s", vc4.Sigs[sig].Name)
	}
	if !b.usesImm() {
		in.Sig = sig
	}
	muxes := func(sl *aluSlot) (vc4.Mux, vc4.Mux) {
		switch len(sl.srcs) {
		case 0:
			return 0, 0
		case 1:
			return sl.srcs[0].mux, sl.srcs[0].mux
		}
		return sl.srcs[0].mux, sl.srcs[1].mux
	}
	if add.used {
		in.OpAdd, in.CondAdd = add.addOp, add.cond
		in.AddA, in.AddB = muxes(&add)
	}
	if mul.used {
		in.OpMul, in.CondMul = mul.mulOp, mul.cond
		in.MulA, in.MulB = muxes(&mul)
	}
	ws, a, m, err := chooseWS(add.dst, mul.dst)
	if err != nil {
		return *in, err
	}
	in.WS, in.WaddrAdd, in.WaddrMul = ws, uint8(a), uint8(m)
	unpackPM := in.PM
	in.PM = false
	if err := applyPack(in, add.dst, mul.dst); err != nil {
		return *in, err
	}
	// pm selects both the pack target (regfile A or mul colour) and the
	// unpack source (regfile A or r4): they must agree.
	if in.Pack != 0 && b.pmSet && in.PM != unpackPM {
		return *in, fmt.Errorf("pack and unpack modes need different pm settings (regfile A vs r4/colour)")
	}
	in.PM = in.PM || unpackPM
	return *in, nil
}

func (b *builder) usesImm() bool { return b.rbSet && b.in.Sig == vc4.SigSmallImm }

func (b *builder) useA(a int) error {
	if b.raSet && int(b.in.RaddrA) != a {
		return fmt.Errorf("two different regfile-A reads (ra%d, ra%d)", b.in.RaddrA, a)
	}
	b.in.RaddrA, b.raSet = uint8(a), true
	return nil
}

func (b *builder) useB(a int) error {
	if b.rbSet && b.in.Sig == vc4.SigSmallImm {
		return fmt.Errorf("a small immediate blocks the regfile-B read")
	}
	if b.rbSet && int(b.in.RaddrB) != a {
		return fmt.Errorf("two different regfile-B reads (rb%d, rb%d)", b.in.RaddrB, a)
	}
	b.in.RaddrB, b.rbSet = uint8(a), true
	return nil
}

func (b *builder) useImm(code uint8) error {
	if b.rbSet && b.in.Sig != vc4.SigSmallImm {
		return fmt.Errorf("a small immediate cannot be combined with a regfile-B read")
	}
	if b.rbSet && b.in.RaddrB != code {
		return fmt.Errorf("two different small immediates in one instruction")
	}
	b.in.RaddrB, b.rbSet, b.in.Sig = code, true, vc4.SigSmallImm
	return nil
}

func parseSlot(sl *aluSlot, p part, sf *bool) error {
	sl.cond = vc4.CondAlways
	mods, err := takeCond(p.mods, &sl.cond, &sl.condSet, sf)
	if err != nil {
		return err
	}
	if len(mods) > 0 {
		return fmt.Errorf("unknown modifier .%s", mods[0])
	}
	var def vc4.OpDef
	switch {
	case p.mnem == "nop":
		if len(p.ops) != 0 {
			return fmt.Errorf("nop takes no operands")
		}
		if !sl.condSet {
			sl.cond = vc4.CondNever
		}
		return nil
	case p.mnem == "mov" && sl.isMul:
		sl.mulOp, def = vc4.MulMov, vc4.OpDef{Unary: true}
	case p.mnem == "mov":
		sl.addOp, def = vc4.AddMov, vc4.OpDef{Unary: true}
	case sl.isMul:
		sl.mulOp, _ = vc4.MulOpByName(p.mnem)
		def = vc4.MulOps[sl.mulOp]
	default:
		sl.addOp, _ = vc4.AddOpByName(p.mnem)
		def = vc4.AddOps[sl.addOp]
	}
	sl.unary = def.Unary
	want := 3
	if def.Unary {
		want = 2
	}
	if len(p.ops) != want {
		return fmt.Errorf("%s needs %d operands", p.mnem, want)
	}
	d, err := parseDest(p.ops[0], &sl.cond, &sl.condSet, sf)
	if err != nil {
		return err
	}
	sl.dst = d
	for _, o := range p.ops[1:] {
		s, err := parseSrc(o)
		if err != nil {
			return err
		}
		sl.srcs = append(sl.srcs, s)
	}
	return nil
}
