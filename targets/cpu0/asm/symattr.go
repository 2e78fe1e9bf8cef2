package asm

import (
	"fmt"
	"strings"
)

// SymType is the ELF symbol type given by a .type directive.
type SymType uint8

// Symbol types.
const (
	SymNoType SymType = iota
	SymFunc           // .type x,@function
	SymObject         // .type x,@object
)

// symTypes maps .type spellings (after the '@', '%' or '#') to symbol types.
var symTypes = map[string]SymType{"function": SymFunc, "object": SymObject, "notype": SymNoType}

// pendingSize is a .size directive, evaluated after pass 2 because its
// expression usually names a label that follows it ($func_end0).
type pendingSize struct {
	sym  string
	expr string
	line int
	sec  SectionKind // where the directive is: "." in expr
	dot  uint32
}

// symType handles ".type name, @function|@object".
func (a *assembler) symType(args []string) {
	if len(args) != 2 {
		a.errorf(".type needs a symbol and a type")
		return
	}
	t, ok := symTypes[strings.TrimLeft(strings.TrimSpace(args[1]), "@%#")]
	if !ok {
		a.errorf(".type: unknown symbol type %q", args[1])
		return
	}
	a.symbol(args[0]).Type = t
}

// symSize records ".size name, expr" for finishSizes.
func (a *assembler) symSize(args []string) {
	if len(args) != 2 {
		a.errorf(".size needs a symbol and a size")
		return
	}
	a.symbol(args[0])
	a.sizes = append(a.sizes, pendingSize{sym: args[0], expr: args[1], line: a.line, sec: a.cur, dot: uint32(len(a.sec().Data))})
}

// finishSizes evaluates the .size expressions: a constant, or a difference
// of labels of one section plus a constant (such as "($func_end0)-f").
func (a *assembler) finishSizes() {
	for _, p := range a.sizes {
		a.line = p.line
		v, err := a.labelDiff(p)
		if err != nil {
			a.errorf(".size %s: %v", p.sym, err)
			continue
		}
		if v < 0 || v > MemSize {
			a.errorf(".size %s: size %d out of range", p.sym, v)
			continue
		}
		a.obj.Symbols[p.sym].Size = uint32(v)
	}
}

// labelDiff evaluates a sum of constants and labels (with signs; "." is
// the location of the directive) whose labels cancel out to a pure offset
// within one section.
func (a *assembler) labelDiff(p pendingSize) (int64, error) {
	s := strings.NewReplacer("(", " ", ")", " ").Replace(p.expr)
	var total int64
	sec := SectionKind(NumSections)
	weight := 0 // labels added minus labels subtracted
	sign := int64(1)
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c == '+':
			i++
		case c == '-':
			sign = -sign
			i++
		case isSymChar(c):
			j := i
			for j < len(s) && isSymChar(s[j]) {
				j++
			}
			tok := s[i:j]
			i = j
			if tok[0] >= '0' && tok[0] <= '9' {
				v, err := parseInt(tok)
				if err != nil {
					return 0, err
				}
				total += sign * v
			} else {
				sym := a.obj.Symbols[tok]
				if tok == "." {
					sym = &Symbol{Defined: true, Section: p.sec, Value: p.dot}
				}
				if sym == nil || !sym.Defined {
					return 0, fmt.Errorf("undefined label %q", tok)
				}
				if sec != NumSections && sym.Section != sec {
					return 0, fmt.Errorf("labels of different sections in %q", s)
				}
				sec = sym.Section
				total += sign * int64(sym.Value)
				weight += int(sign)
			}
			sign = 1
		default:
			return 0, fmt.Errorf("unexpected %q in %q", c, s)
		}
	}
	if weight != 0 {
		return 0, fmt.Errorf("%q is not a constant (labels do not cancel)", strings.TrimSpace(s))
	}
	return total, nil
}
