package asm

import (
	"fmt"
	"strconv"
	"strings"

	"lltosimd/mir"
	"lltosimd/targets/cpu0"
)

// expr is a parsed operand expression: an optional symbol plus a constant,
// optionally wrapped in %hi(...) or %lo(...).
type expr struct {
	sym string
	sub string // a subtracted symbol (data only: parseDataExpr)
	add int64
	mod RelocType // 0 or the relocation operator's type (RelocOperators)
}

// regByName maps every accepted general-register spelling (without "$") to
// its encoding: llc names, ABI names and numbers (isa.go Regs + Aliases).
var regByName = map[string]uint8{}

// c0ByName maps coprocessor-0 register names to their numbers.
var c0ByName = map[string]uint8{}

func init() {
	for enc := 0; enc < 16; enc++ {
		rd := cpu0.Regs[cpu0.GPR(enc)]
		regByName[rd.Name] = uint8(rd.Enc)
		for _, a := range rd.Aliases {
			regByName[a] = uint8(rd.Enc)
		}
	}
	for _, r := range []mir.Reg{cpu0.C0PC, cpu0.C0EPC} {
		rd := cpu0.Regs[r]
		c0ByName[rd.Name] = uint8(rd.Enc)
	}
}

// parseReg parses a general register operand such as "$sp", "$2" or "$a0".
func parseReg(s string) (uint8, error) {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "$") {
		return 0, fmt.Errorf("expected a register, found %q", s)
	}
	r, ok := regByName[strings.ToLower(s[1:])]
	if !ok {
		return 0, fmt.Errorf("unknown register %q", s)
	}
	return r, nil
}

// parseC0Reg parses a coprocessor-0 register operand ($pc, $epc).
func parseC0Reg(s string) (uint8, error) {
	s = strings.TrimSpace(s)
	r, ok := c0ByName[strings.ToLower(strings.TrimPrefix(s, "$"))]
	if !strings.HasPrefix(s, "$") || !ok {
		return 0, fmt.Errorf("expected a coprocessor-0 register ($pc or $epc), found %q", s)
	}
	return r, nil
}

func isSymChar(c byte) bool {
	return c == '_' || c == '.' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// parseExpr parses "[%hi|%lo](sym+const)", "sym-const", "const", "(sym)+4".
func parseExpr(s string) (expr, error) { return parseExprDiff(s, false) }

// parseDataExpr also accepts the difference of two symbols plus a constant
// ("a-b+4"), which data directives resolve within one section.
func parseDataExpr(s string) (expr, error) { return parseExprDiff(s, true) }

func parseExprDiff(s string, diff bool) (expr, error) {
	s = strings.TrimSpace(s)
	var e expr
	if strings.HasPrefix(s, "%") {
		op, rest, ok := strings.Cut(s, "(")
		t, known := RelocOperators[op]
		if !ok || !known {
			return e, fmt.Errorf("unsupported relocation operator in %q", s)
		}
		if !strings.HasSuffix(rest, ")") {
			return e, fmt.Errorf("missing ')' in %q", s)
		}
		inner, err := parseExpr(rest[:len(rest)-1])
		if err != nil {
			return e, err
		}
		if inner.mod != 0 {
			return e, fmt.Errorf("nested relocation operator in %q", s)
		}
		if inner.sym == "" && t != RHI16 && t != RLO16 {
			return e, fmt.Errorf("%s needs a symbol in %q", op, s)
		}
		inner.mod = t
		return inner, nil
	}
	p := exprParser{s: s, diff: diff}
	if err := p.sum(&e, 1); err != nil {
		return e, err
	}
	if p.i != len(s) {
		return e, fmt.Errorf("unexpected %q in expression %q", s[p.i:], s)
	}
	return e, nil
}

type exprParser struct {
	s    string
	i    int
	diff bool // one subtracted symbol is allowed
}

func (p *exprParser) skip() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

// sum parses term (('+'|'-') term)* and accumulates it into e with sign.
func (p *exprParser) sum(e *expr, sign int64) error {
	if err := p.term(e, sign); err != nil {
		return err
	}
	for {
		p.skip()
		if p.i >= len(p.s) || p.s[p.i] != '+' && p.s[p.i] != '-' {
			return nil
		}
		sg := sign
		if p.s[p.i] == '-' {
			sg = -sign
		}
		p.i++
		if err := p.term(e, sg); err != nil {
			return err
		}
	}
}

func (p *exprParser) term(e *expr, sign int64) error {
	p.skip()
	if p.i >= len(p.s) {
		return fmt.Errorf("missing operand in expression %q", p.s)
	}
	c := p.s[p.i]
	switch {
	case c == '-':
		p.i++
		return p.term(e, -sign)
	case c == '+':
		p.i++
		return p.term(e, sign)
	case c == '(':
		p.i++
		if err := p.sum(e, sign); err != nil {
			return err
		}
		p.skip()
		if p.i >= len(p.s) || p.s[p.i] != ')' {
			return fmt.Errorf("missing ')' in expression %q", p.s)
		}
		p.i++
		return nil
	case c >= '0' && c <= '9':
		j := p.i
		for p.i < len(p.s) && isSymChar(p.s[p.i]) {
			p.i++
		}
		v, err := parseInt(p.s[j:p.i])
		if err != nil {
			return err
		}
		e.add += sign * v
		return nil
	case isSymChar(c):
		j := p.i
		for p.i < len(p.s) && isSymChar(p.s[p.i]) {
			p.i++
		}
		switch {
		case sign < 0 && p.diff && e.sub == "":
			e.sub = p.s[j:p.i]
		case sign > 0 && e.sym == "":
			e.sym = p.s[j:p.i]
		case p.diff:
			return fmt.Errorf("unsupported expression %q (only symbol - symbol + constant)", p.s)
		default:
			return fmt.Errorf("unsupported expression %q (only symbol + constant)", p.s)
		}
		return nil
	}
	return fmt.Errorf("unexpected %q in expression %q", p.s[p.i:], p.s)
}

// parseInt parses a decimal, 0x hex, 0b binary or 0-prefixed octal integer;
// values up to 2^64-1 are accepted (as their two's-complement int64).
func parseInt(s string) (int64, error) {
	if v, err := strconv.ParseInt(s, 0, 64); err == nil {
		return v, nil
	}
	u, err := strconv.ParseUint(s, 0, 64)
	if err != nil {
		return 0, fmt.Errorf("bad number %q", s)
	}
	return int64(u), nil
}

// splitOperands splits an operand list at top-level commas (outside
// parentheses and string literals).
func splitOperands(s string) []string {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	var out []string
	depth, start := 0, 0
	inStr := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inStr:
			if c == '\\' {
				i++
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == ',' && depth == 0:
			out = append(out, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// parseString decodes one C-style quoted string literal.
func parseString(s string) ([]byte, error) {
	s = strings.TrimSpace(s)
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return nil, fmt.Errorf("expected a quoted string, found %q", s)
	}
	s = s[1 : len(s)-1]
	var out []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		i++
		if i >= len(s) {
			return nil, fmt.Errorf("bad escape at end of string")
		}
		switch c = s[i]; c {
		case 'n':
			out = append(out, '\n')
		case 't':
			out = append(out, '\t')
		case 'r':
			out = append(out, '\r')
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'v':
			out = append(out, '\v')
		case 'a':
			out = append(out, 7)
		case 'x', 'X':
			v, n := 0, 0
			for i+1 < len(s) && n < 2 && isHex(s[i+1]) {
				i++
				v = v*16 + hexVal(s[i])
				n++
			}
			if n == 0 {
				return nil, fmt.Errorf("bad \\x escape")
			}
			out = append(out, byte(v))
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v, n := int(c-'0'), 1
			for i+1 < len(s) && n < 3 && s[i+1] >= '0' && s[i+1] <= '7' {
				i++
				v = v*8 + int(s[i]-'0')
				n++
			}
			out = append(out, byte(v))
		default: // \\ \" \' and any other character stand for themselves
			out = append(out, c)
		}
	}
	return out, nil
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func hexVal(c byte) int {
	switch {
	case c >= 'a':
		return int(c-'a') + 10
	case c >= 'A':
		return int(c-'A') + 10
	}
	return int(c - '0')
}
