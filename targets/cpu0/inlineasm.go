package cpu0

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"lltosimd/mir"
)

// Inline assembly (INLINEASM, mir/inlineasm.go) is printed as llc prints
// it, between #APP and #NO_APP comments, one statement per line with the
// operands substituted: registers as the printer names them ($2, $t9),
// immediates as decimal numbers (symbols as sym+off), memory operands as
// off($base). The assembler (targets/cpu0/asm) checks the text when the
// program is assembled.

// inlineAsm prints one INLINEASM instruction; uid is its ${:uid}.
func (p *funcPrinter) inlineAsm(in *mir.Instr, uid int) error {
	text, err := expandInlineAsm(in, fmt.Sprintf("%d_%d", p.index, uid))
	if err != nil {
		return err
	}
	if in.Comment != "" {
		fmt.Fprintln(p.w, padTo("\t#APP", commentCol)+"# "+strings.ReplaceAll(in.Comment, "\n", " "))
	} else {
		fmt.Fprintln(p.w, "\t#APP")
	}
	for _, s := range asmStatements(text) {
		fmt.Fprintln(p.w, "\t"+s)
	}
	fmt.Fprintln(p.w, "\t#NO_APP")
	return nil
}

// expandInlineAsm substitutes the operands into the template.
func expandInlineAsm(in *mir.Instr, uid string) (string, error) {
	tmpl, _, ops, err := mir.AsmOperands(in)
	if err != nil {
		return "", err
	}
	pieces, err := mir.ParseAsmTemplate(tmpl)
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	for _, pc := range pieces {
		switch {
		case pc.Operand == mir.AsmUID:
			sb.WriteString(uid)
			continue
		case pc.Operand < 0:
			sb.WriteString(pc.Text)
			continue
		case pc.Operand >= len(ops):
			return "", fmt.Errorf("inline asm: operand $%d out of range (%d operands)", pc.Operand, len(ops))
		case pc.Modifier != "":
			return "", fmt.Errorf("inline asm: unsupported operand modifier '${%d:%s}'", pc.Operand, pc.Modifier)
		}
		s, err := asmOperandText(in, ops[pc.Operand])
		if err != nil {
			return "", fmt.Errorf("inline asm operand $%d: %w", pc.Operand, err)
		}
		sb.WriteString(s)
	}
	return sb.String(), nil
}

// asmOperandText spells one asm operand in Cpu0 assembly syntax.
func asmOperandText(in *mir.Instr, op mir.AsmOperand) (string, error) {
	reg := func(o mir.Operand) (string, error) {
		if !o.Reg.IsPhys() {
			return "", fmt.Errorf("register %s is not allocated", strconv.Itoa(int(o.Reg)))
		}
		return "$" + Arch.RegName(o.Reg), nil
	}
	switch op.Desc.Kind() {
	case mir.AsmRegDef, mir.AsmRegUse:
		if op.N != 1 {
			return "", fmt.Errorf("a %d-word register operand cannot be named in the template", op.N)
		}
		return reg(in.Ops[op.First])
	case mir.AsmImm:
		o := in.Ops[op.First]
		if o.Kind == mir.KindSym {
			if o.Imm != 0 {
				return fmt.Sprintf("%s%+d", o.Sym, o.Imm), nil
			}
			return o.Sym, nil
		}
		return strconv.FormatInt(o.Imm, 10), nil
	case mir.AsmMem:
		base, off := in.Ops[op.First], in.Ops[op.First+1]
		if base.Kind != mir.KindReg {
			return "", fmt.Errorf("memory operand base was not lowered")
		}
		r, err := reg(base)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("%d(%s)", off.Imm, r), nil
	}
	return "", fmt.Errorf("bad operand descriptor %d", int64(op.Desc))
}

// asmStatements splits inline assembly text into statements at newlines
// and at ';' outside comments and string literals, trimmed, empty ones
// dropped.
func asmStatements(text string) []string {
	var out []string
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	for _, line := range strings.Split(text, "\n") {
		start, inStr := 0, false
	scan:
		for i := 0; i < len(line); i++ {
			switch c := line[i]; {
			case inStr && c == '\\':
				i++
			case c == '"':
				inStr = !inStr
			case inStr:
			case c == '#':
				break scan
			case c == ';':
				add(line[start:i])
				start = i + 1
			}
		}
		add(line[start:])
	}
	return out
}

// inlineAsmSize bounds the bytes an INLINEASM emits for branch relaxation:
// 4 per statement that is more than labels and a comment (every Cpu0
// instruction is one word; directives count as one word too).
func inlineAsmSize(in *mir.Instr) int64 {
	uses := in.Uses()
	if len(uses) == 0 || uses[0].Kind != mir.KindStr {
		return 0
	}
	var n int64
	for _, s := range asmStatements(uses[0].Sym) {
		if i := strings.IndexByte(s, '#'); i >= 0 {
			s = s[:i]
		}
		for {
			j := 0
			for j < len(s) && (isAsmSymChar(s[j]) || s[j] == '$' && j+1 < len(s) && s[j+1] == '{') {
				if s[j] == '$' {
					j += strings.IndexByte(s[j:], '}')
				}
				j++
			}
			if j == 0 || j >= len(s) || s[j] != ':' {
				break
			}
			s = strings.TrimSpace(s[j+1:])
		}
		if strings.TrimSpace(s) != "" {
			n += 4
		}
	}
	return n
}

func isAsmSymChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '$'
}

// InlineAsmError rewrites the assembler errors of printed assembly text
// that lie in inline asm (between #APP and #NO_APP) into errors at the
// asm statement's source position; ok is false when some error lies
// outside inline asm (a compiler bug).
func InlineAsmError(text []byte, errs []error, where func(error) (line int, msg string)) (err error, ok bool) {
	lines := strings.Split(string(text), "\n")
	var out []error
	for _, e := range errs {
		n, msg := where(e)
		pos := ""
		for i := n - 1; i >= 0 && i < len(lines); i-- {
			l := strings.TrimSpace(lines[i])
			if strings.HasPrefix(l, "#NO_APP") {
				break
			}
			if strings.HasPrefix(l, "#APP") {
				pos = "<inline asm>"
				if _, after, found := strings.Cut(l, mir.AsmPosPrefix+" "); found {
					pos = after
				}
				break
			}
		}
		if pos == "" {
			return nil, false
		}
		out = append(out, fmt.Errorf("%s: inline assembly: %s (line %d of the generated assembly)", pos, msg, n))
	}
	return errors.Join(out...), len(out) > 0
}
