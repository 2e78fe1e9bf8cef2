package mir

import (
	"fmt"
	"strings"
)

// Inline assembly is one INLINEASM instruction (LLVM's
// TargetOpcode::INLINEASM), the same from the frontend to the printer:
//
//	%o0, early-clobber %o1 = INLINEASM "addu $0, $2, $3", extra, d0, d1, d2, %a, d3, 42, implicit-def early-clobber dead $2
//
// The definitions are the register outputs' words. The first use is the
// template (KindStr, LLVM's IR syntax: $N or ${N} names asm operand N,
// $$ is a dollar sign, ${:uid} a number unique to the instruction, and
// statements are separated by newlines or ';'). extra holds AsmExtra
// bits. Then every asm operand, numbered as in the IR constraint string
// (outputs first), has an immediate descriptor (AsmDesc) followed by its
// values: none for a register output (its words are the next unclaimed
// definitions), the register words of a register input, one immediate or
// symbol for an immediate, a base (register or frame object) and an
// immediate offset for a memory operand. Clobbered registers are implicit
// early-clobber dead defs. The instruction's op flags make it a barrier
// for every pass (it may touch any memory and is never deleted).

// AsmPosPrefix starts the comment the frontend gives an INLINEASM: its
// source position ("inline asm at file:line:col"), which the target's
// printer keeps so that assembler errors in the text point at the source.
const AsmPosPrefix = "inline asm at"

// AsmExtra are the flag bits of INLINEASM's second use (informative: every
// INLINEASM is treated as volatile and as clobbering memory).
type AsmExtra int64

// AsmExtra bits.
const (
	AsmSideEffect AsmExtra = 1 << iota // asm volatile / sideeffect
	AsmMemory                          // "memory" clobber
)

// AsmKind is the kind of an inline asm operand.
type AsmKind int64

// Inline asm operand kinds.
const (
	AsmRegDef AsmKind = 1 + iota // register output (the next Words definitions)
	AsmRegUse                    // register input: Words register uses follow
	AsmImm                       // immediate: one KindImm or KindSym operand follows
	AsmMem                       // memory at base + offset: base (reg or frame) and imm follow
)

var asmKindNames = [...]string{AsmRegDef: "regdef", AsmRegUse: "reguse", AsmImm: "imm", AsmMem: "mem"}

func (k AsmKind) String() string {
	if k > 0 && int(k) < len(asmKindNames) {
		return asmKindNames[k]
	}
	return fmt.Sprintf("asmkind%d", int64(k))
}

// AsmDesc describes one inline asm operand: bits 0–2 the kind, bits 3–7
// the number of register words, bits 8–15 one more than the index of the
// output operand a register input is tied to (0: not tied).
type AsmDesc int64

// MakeAsmDesc builds a descriptor; tied is the output operand number or -1.
func MakeAsmDesc(k AsmKind, words, tied int) AsmDesc {
	return AsmDesc(int64(k)&7 | int64(words&0x1f)<<3 | int64((tied+1)&0xff)<<8)
}

// Kind returns the operand kind.
func (d AsmDesc) Kind() AsmKind { return AsmKind(d & 7) }

// Words returns the number of register words of a register operand.
func (d AsmDesc) Words() int { return int(d>>3) & 0x1f }

// Tied returns the output operand number an input is tied to, or -1.
func (d AsmDesc) Tied() int { return int(d>>8)&0xff - 1 }

// AsmOperand locates one inline asm operand in an INLINEASM instruction.
type AsmOperand struct {
	Desc AsmDesc
	// First is the index in Instr.Ops of the operand's first value (for a
	// register output: of its first definition) and N the number of values.
	First, N int
}

// AsmOperands decodes an INLINEASM instruction: its template, extra bits
// and operands in asm operand order.
func AsmOperands(in *Instr) (tmpl string, extra AsmExtra, ops []AsmOperand, err error) {
	nd := in.NumDefs()
	uses := in.Ops[nd:]
	n := len(uses)
	for n > 0 && uses[n-1].Flags&FlagImplicit != 0 {
		n--
	}
	uses = uses[:n]
	if len(uses) < 2 || uses[0].Kind != KindStr || uses[1].Kind != KindImm {
		return "", 0, nil, fmt.Errorf("INLINEASM needs a template string and an extra-info immediate")
	}
	tmpl, extra = uses[0].Sym, AsmExtra(uses[1].Imm)
	def := 0
	for i := 2; i < len(uses); {
		if uses[i].Kind != KindImm {
			return "", 0, nil, fmt.Errorf("INLINEASM use %d must be an operand descriptor", i)
		}
		d := AsmDesc(uses[i].Imm)
		i++
		op := AsmOperand{Desc: d, First: nd + i}
		switch d.Kind() {
		case AsmRegDef:
			op.First, op.N = def, d.Words()
			def += d.Words()
			if def > nd {
				return "", 0, nil, fmt.Errorf("INLINEASM output %d has no definition", len(ops))
			}
		case AsmRegUse:
			op.N = d.Words()
			for j := i; j < i+op.N; j++ {
				if j >= len(uses) || uses[j].Kind != KindReg {
					return "", 0, nil, fmt.Errorf("INLINEASM input %d needs %d registers", len(ops), op.N)
				}
			}
			if t := d.Tied(); t >= 0 && (t >= len(ops) || ops[t].Desc.Kind() != AsmRegDef || ops[t].N != op.N) {
				return "", 0, nil, fmt.Errorf("INLINEASM input %d is tied to %d, which is not a register output of %d words", len(ops), t, op.N)
			}
		case AsmImm:
			op.N = 1
			if i >= len(uses) || uses[i].Kind != KindImm && uses[i].Kind != KindSym {
				return "", 0, nil, fmt.Errorf("INLINEASM operand %d needs an immediate", len(ops))
			}
		case AsmMem:
			op.N = 2
			if i+1 >= len(uses) || uses[i].Kind != KindReg && uses[i].Kind != KindFrame || uses[i+1].Kind != KindImm {
				return "", 0, nil, fmt.Errorf("INLINEASM operand %d needs a base and an offset", len(ops))
			}
		default:
			return "", 0, nil, fmt.Errorf("INLINEASM operand %d: bad descriptor %d", len(ops), int64(d))
		}
		if d.Kind() != AsmRegDef {
			i += op.N
		}
		ops = append(ops, op)
	}
	if def != nd {
		return "", 0, nil, fmt.Errorf("INLINEASM has %d definitions, its outputs have %d words", nd, def)
	}
	return tmpl, extra, ops, nil
}

// TiedOperands returns the (def, use) operand index pairs of in that must
// share a register: OpDesc.Tied, the kept values of a guarded instruction
// (Instr.GuardedOld), or the tied inputs of an INLINEASM.
func TiedOperands(a *Arch, in *Instr) ([][2]int, error) {
	if in.Op != GInlineAsm {
		d := a.Desc(in.Op)
		var out [][2]int
		for def, use := range in.GuardedOld() {
			out = append(out, [2]int{def, use})
		}
		if len(d.Tied) == 0 {
			return out, nil
		}
		nd := in.NumDefs()
		for def, use := range d.Tied {
			if def >= nd || nd+use >= len(in.Ops) {
				return nil, fmt.Errorf("tied operand out of range")
			}
			out = append(out, [2]int{def, nd + use})
		}
		return out, nil
	}
	_, _, ops, err := AsmOperands(in)
	if err != nil {
		return nil, err
	}
	var out [][2]int
	for _, op := range ops {
		if t := op.Desc.Tied(); t >= 0 && op.Desc.Kind() == AsmRegUse {
			for w := 0; w < op.N; w++ {
				out = append(out, [2]int{ops[t].First + w, op.First + w})
			}
		}
	}
	return out, nil
}

// AsmPiece is a piece of an inline assembly template: literal Text, or a
// reference to asm operand Operand (>= 0) with an optional Modifier
// (${N:mod}), or AsmUID (${:uid}).
type AsmPiece struct {
	Text     string
	Operand  int
	Modifier string
}

// AsmUID is the Operand of the ${:uid} piece.
const AsmUID = -2

// ParseAsmTemplate splits an inline asm template in LLVM's IR syntax into
// literal text and operand references.
func ParseAsmTemplate(s string) ([]AsmPiece, error) {
	var out []AsmPiece
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			out = append(out, AsmPiece{Text: text.String(), Operand: -1})
			text.Reset()
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '$' {
			text.WriteByte(c)
			continue
		}
		if i+1 >= len(s) {
			return nil, fmt.Errorf("'$' at the end of the inline asm template")
		}
		switch n := s[i+1]; {
		case n == '$':
			text.WriteByte('$')
			i++
		case n >= '0' && n <= '9':
			j := i + 1
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			num := 0
			fmt.Sscan(s[i+1:j], &num)
			flush()
			out = append(out, AsmPiece{Operand: num})
			i = j - 1
		case n == '{':
			j := strings.IndexByte(s[i:], '}')
			if j < 0 {
				return nil, fmt.Errorf("unterminated '${' in the inline asm template")
			}
			body := s[i+2 : i+j]
			i += j
			num, mod, _ := strings.Cut(body, ":")
			flush()
			if num == "" {
				if mod != "uid" {
					return nil, fmt.Errorf("unsupported inline asm template escape '${%s}'", body)
				}
				out = append(out, AsmPiece{Operand: AsmUID})
				continue
			}
			v := 0
			if _, err := fmt.Sscan(num, &v); err != nil || strings.Trim(num, "0123456789") != "" {
				return nil, fmt.Errorf("bad operand number in '${%s}' of the inline asm template", body)
			}
			out = append(out, AsmPiece{Operand: v, Modifier: mod})
		default:
			return nil, fmt.Errorf("bad '$%c' in the inline asm template (a literal dollar is '$$')", n)
		}
	}
	flush()
	return out, nil
}
