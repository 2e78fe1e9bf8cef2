package frontend

import (
	"fmt"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"lltosimd/mir"
)

// Inline assembly: a call of an `asm` value becomes one INLINEASM
// instruction (mir/inlineasm.go). The constraint string is LLVM's
// (clang turns "+r" into an output and a tied input "0", and memory
// operands into indirect "*m" pointer arguments). Supported: outputs
// "=r" (with "&": early clobber) and "=*m"; inputs "r", "m" ("*m"), "i"
// (a constant or a symbol address), "n" (a constant), digits (tied to
// that output), and the letter sets "g" and "X"; operands in specific
// registers ("{$2}", local register variables), copied in and out around
// the asm; clobbers "memory",
// "cc", registers of the target and the x86 flags clang adds for host IR.

// nonRegClobbers are clobbers that name no register to keep free:
// "memory" (every INLINEASM is a memory barrier anyway), the condition
// codes and the x86 flags clang lists in every asm of host IR.
var nonRegClobbers = map[string]bool{"memory": true, "cc": true, "dirflag": true, "fpsr": true, "flags": true}

// Limits of the operand descriptor encoding (mir.AsmDesc).
const (
	maxAsmWords    = 31  // register words of one operand
	maxAsmOperands = 255 // operands, so that a tie fits in 8 bits
)

// asmConstraint is one parsed constraint of the constraint string.
type asmConstraint struct {
	text     string // as written, for messages
	output   bool   // '='
	clobber  bool   // '~'
	indirect bool   // '*': the operand is a pointer to the memory operand
	early    bool   // '&'
	codes    string // constraint letters
	tied     int    // matching output number, or -1
	reg      string // {reg} contents, or ""
}

// parseAsmConstraints splits and parses an LLVM constraint string.
func parseAsmConstraints(s string) []asmConstraint {
	var out []asmConstraint
	if s == "" {
		return nil
	}
	for _, text := range splitConstraints(s) {
		c := asmConstraint{text: text, tied: -1}
		t := text
		switch {
		case strings.HasPrefix(t, "="):
			c.output, t = true, t[1:]
		case strings.HasPrefix(t, "~"):
			c.clobber, t = true, t[1:]
		}
	mods:
		for t != "" {
			switch t[0] {
			case '*':
				c.indirect = true
			case '&':
				c.early = true
			case '%': // commutative with the next operand: a hint
			default:
				break mods
			}
			t = t[1:]
		}
		switch {
		case strings.HasPrefix(t, "{") && strings.HasSuffix(t, "}"):
			c.reg = t[1 : len(t)-1]
		case t != "" && strings.Trim(t, "0123456789") == "":
			n := 0
			for _, d := range t {
				n = n*10 + int(d-'0')
			}
			c.tied = n
		default:
			c.codes = t
		}
		out = append(out, c)
	}
	return out
}

// splitConstraints splits at commas outside {register} braces.
func splitConstraints(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// allows reports whether every letter of codes is one of set, and one at least.
func (c *asmConstraint) allows(letter byte) bool {
	switch {
	case strings.IndexByte(c.codes, letter) >= 0:
		return true
	case strings.ContainsAny(c.codes, "gX"):
		// g: register, memory or immediate; X: anything.
		return letter == 'r' || letter == 'm' || letter == 'i' || letter == 'n'
	}
	return false
}

// checkLetters refuses constraint letters other than r m i n g X.
func (c *asmConstraint) checkLetters() {
	if c.codes == "" || strings.Trim(c.codes, "rmingX") != "" {
		fail("unsupported: inline asm constraint '%s'", c.text)
	}
}

// inlineAsm lowers a call of inline assembly.
func (s *fn) inlineAsm(in *ir.InstCall, a *ir.InlineAsm) {
	if a.IntelDialect {
		fail("unsupported: inline asm in Intel dialect")
	}
	cons := parseAsmConstraints(a.Constraint)
	args := make([]value.Value, len(in.Args))
	for i, v := range in.Args {
		if arg, ok := v.(*ir.Arg); ok {
			v = arg.Value
		}
		args[i] = v
	}
	var resultTypes []types.Type
	if st, ok := in.Typ.(*types.StructType); ok {
		resultTypes = st.Fields
	} else if _, ok := in.Typ.(*types.VoidType); !ok {
		resultTypes = []types.Type{in.Typ}
	}

	var defs, uses []mir.Operand
	var results []mir.Reg
	var descs []mir.AsmDesc // per asm operand
	extra := mir.AsmExtra(0)
	if a.SideEffect {
		extra |= mir.AsmSideEffect
	}
	var clobbers []mir.Operand
	// Operands in specific registers ({$r}): copies into the input
	// registers right before the asm and out of the output registers
	// right after it; the registers each side uses.
	var pre, post []*mir.Instr
	fixedOut := map[int]mir.Reg{}
	inRegs, outRegs := map[mir.Reg]bool{}, map[mir.Reg]bool{}
	operand := func(d mir.AsmDesc, vals ...mir.Operand) {
		if len(descs) >= maxAsmOperands {
			fail("unsupported: inline asm with more than %d operands", maxAsmOperands)
		}
		descs = append(descs, d)
		uses = append(uses, mir.I(int64(d)))
		uses = append(uses, vals...)
	}
	nextArg, nextRes := 0, 0
	takeArg := func(c *asmConstraint) value.Value {
		if nextArg >= len(args) {
			fail("inline asm constraint '%s' has no argument", c.text)
		}
		nextArg++
		return args[nextArg-1]
	}
	memOperand := func(c *asmConstraint) []mir.Operand {
		if !c.allows('m') {
			fail("unsupported: inline asm constraint '%s' (an indirect operand must be memory)", c.text)
		}
		p := takeArg(c)
		if _, ok := p.Type().(*types.PointerType); !ok {
			fail("inline asm constraint '%s' needs a pointer argument", c.text)
		}
		base, off := s.addr(p)
		return []mir.Operand{base, mir.I(off)}
	}
	for i := range cons {
		c := &cons[i]
		switch {
		case c.clobber:
			name := strings.TrimSuffix(strings.TrimPrefix(c.text, "~{"), "}")
			if name == "memory" {
				extra |= mir.AsmMemory
			}
			if nonRegClobbers[name] || s.mipsAT(name) {
				continue
			}
			clobbers = s.asmClobber(clobbers, name)
			continue
		case strings.Contains(c.codes, "|"):
			fail("unsupported: inline asm constraint '%s' (alternatives)", c.text)
		}
		if c.output {
			if c.tied >= 0 {
				fail("inline asm output constraint '%s' cannot be tied", c.text)
			}
			if c.reg != "" {
				// ={$r}: the asm writes $r, copied to the result after it.
				if c.indirect || nextRes >= len(resultTypes) || s.nwords(resultTypes[nextRes]) != 1 {
					fail("unsupported: inline asm constraint '%s' (a specific register for this operand)", c.text)
				}
				nextRes++
				phys := s.asmFixedReg(c, outRegs)
				r := s.reg()
				results = append(results, r)
				d := mir.D(phys)
				if c.early {
					d.Flags |= mir.FlagEarlyClobber
				}
				defs = append(defs, d)
				post = append(post, mir.NewInstr(mir.GCopy, mir.D(r), mir.R(phys)))
				fixedOut[len(descs)] = phys
				operand(mir.MakeAsmDesc(mir.AsmRegDef, 1, -1))
				continue
			}
			c.checkLetters()
			if c.indirect {
				operand(mir.MakeAsmDesc(mir.AsmMem, 0, -1), memOperand(c)...)
				continue
			}
			if !c.allows('r') {
				fail("unsupported: inline asm constraint '%s' (a direct output must be a register)", c.text)
			}
			if nextRes >= len(resultTypes) {
				fail("inline asm output '%s' has no result", c.text)
			}
			n := s.nwords(resultTypes[nextRes])
			nextRes++
			if n > maxAsmWords {
				fail("unsupported: inline asm operand '%s' of %d words", c.text, n)
			}
			for w := 0; w < n; w++ {
				r := s.reg()
				results = append(results, r)
				d := mir.D(r)
				if c.early {
					d.Flags |= mir.FlagEarlyClobber
				}
				defs = append(defs, d)
			}
			operand(mir.MakeAsmDesc(mir.AsmRegDef, n, -1))
			continue
		}
		// An input.
		if c.tied >= 0 {
			if c.tied >= len(descs) || descs[c.tied].Kind() != mir.AsmRegDef {
				fail("inline asm constraint '%s' must name a register output", c.text)
			}
			v := takeArg(c)
			regs := s.words(v)
			if len(regs) != descs[c.tied].Words() {
				fail("unsupported: inline asm constraint '%s' ties operands of different sizes", c.text)
			}
			if phys, ok := fixedOut[c.tied]; ok {
				// Tied to ={$r}: the input is in $r already.
				pre = append(pre, mir.NewInstr(mir.GCopy, mir.D(phys), mir.R(regs[0])))
				regs = []mir.Reg{phys}
			}
			operand(mir.MakeAsmDesc(mir.AsmRegUse, len(regs), c.tied), regOperands(regs)...)
			continue
		}
		if c.reg != "" {
			// {$r}: the input is copied to $r just before the asm.
			v := takeArg(c)
			regs := s.words(v)
			if c.indirect || len(regs) != 1 {
				fail("unsupported: inline asm constraint '%s' (a specific register for this operand)", c.text)
			}
			phys := s.asmFixedReg(c, inRegs)
			pre = append(pre, mir.NewInstr(mir.GCopy, mir.D(phys), mir.R(regs[0])))
			operand(mir.MakeAsmDesc(mir.AsmRegUse, 1, -1), mir.R(phys))
			continue
		}
		c.checkLetters()
		if c.indirect {
			operand(mir.MakeAsmDesc(mir.AsmMem, 0, -1), memOperand(c)...)
			continue
		}
		v := takeArg(c)
		if imm, ok := s.asmImmediate(c, v); ok {
			operand(mir.MakeAsmDesc(mir.AsmImm, 0, -1), imm)
			continue
		}
		if !c.allows('r') {
			fail("unsupported: inline asm constraint '%s' for this operand (needs a constant, or a pointer for memory)", c.text)
		}
		regs := s.words(v)
		if len(regs) > maxAsmWords {
			fail("unsupported: inline asm operand '%s' of %d words", c.text, len(regs))
		}
		operand(mir.MakeAsmDesc(mir.AsmRegUse, len(regs), -1), regOperands(regs)...)
	}
	if nextArg != len(args) || nextRes != len(resultTypes) {
		fail("inline asm constraints '%s' do not match its %d arguments and %d results", a.Constraint, len(args), len(resultTypes))
	}
	s.checkAsmTemplate(a.Asm, descs)
	for _, o := range clobbers {
		if inRegs[o.Reg] || outRegs[o.Reg] {
			fail("inline asm clobbers '$%s', which holds one of its operands", s.f.Arch.RegName(o.Reg))
		}
	}
	for _, in := range pre {
		s.emit(in.Op, in.Ops...)
	}
	ops := append(defs, mir.Str(a.Asm), mir.I(int64(extra)))
	ops = append(ops, uses...)
	asm := s.emit(mir.GInlineAsm, append(ops, clobbers...)...)
	for _, in := range post {
		s.emit(in.Op, in.Ops...)
	}
	// The position lets the assembler's diagnostics point at the source.
	if e := s.t.funcError(s.irf, s.instNo, ""); e.Line > 0 {
		asm.Comment = fmt.Sprintf("%s %s:%d:%d", mir.AsmPosPrefix, e.File, e.Line, e.Col)
	}
	if len(results) > 0 {
		s.define(in, results)
	}
}

func regOperands(regs []mir.Reg) []mir.Operand {
	ops := make([]mir.Operand, len(regs))
	for i, r := range regs {
		ops[i] = mir.R(r)
	}
	return ops
}

// asmImmediate returns v as the immediate of an "i" or "n" operand: a
// constant integer (sign-extended from its width, as LLVM prints it) or,
// for "i", a constant address.
func (s *fn) asmImmediate(c *asmConstraint, v value.Value) (mir.Operand, bool) {
	if !c.allows('i') && !c.allows('n') {
		return mir.Operand{}, false
	}
	if k, ok := v.(*constant.Int); ok {
		cv, _ := s.t.fold(k)
		bits := s.bitsOf(k.Typ)
		x := int64(cv.off)
		if bits < 64 {
			x = x << (64 - bits) >> (64 - bits)
		}
		return mir.I(x), true
	}
	if !c.allows('i') {
		return mir.Operand{}, false
	}
	if cv, ok := s.foldValue(v); ok && cv.sym != "" {
		s.t.useSym(cv.sym)
		return mir.S(cv.sym, int64(cv.off)), true
	}
	return mir.Operand{}, false
}

// asmFixedReg returns the register of a {$r} constraint: an allocatable
// register that no other operand on the same side uses.
func (s *fn) asmFixedReg(c *asmConstraint, used map[mir.Reg]bool) mir.Reg {
	arch := s.f.Arch
	r, ok := arch.LookupReg(strings.TrimPrefix(c.reg, "$"))
	if !ok || arch.Regs[r].Reserved {
		fail("unsupported: inline asm constraint '%s' (not an allocatable register)", c.text)
	}
	if used[r] {
		fail("inline asm constraint '%s' names a register another operand uses", c.text)
	}
	used[r] = true
	return r
}

// mipsAT reports whether a clobber is the `~{$1}` clang's MIPS target adds
// to every inline asm ($at, the assembler temporary) and the target has
// no register $1 (BWDSP compiles MIPS IR): it then protects nothing.
func (s *fn) mipsAT(name string) bool {
	if name != "$1" || !strings.HasPrefix(s.t.triple, "mips") {
		return false
	}
	_, ok := s.f.Arch.LookupReg("1")
	return !ok
}

// asmClobber adds the implicit early-clobber def of a clobbered register.
// Reserved registers may only be clobbered when the target says so
// (RegDesc.AsmClobber: scratch registers, or ones the prologue saves).
func (s *fn) asmClobber(clobbers []mir.Operand, name string) []mir.Operand {
	arch := s.f.Arch
	r, ok := arch.LookupReg(strings.TrimPrefix(name, "$"))
	if !ok {
		fail("unsupported: inline asm clobber '~{%s}' (unknown register)", name)
	}
	if d := &arch.Regs[r]; d.Reserved && !d.AsmClobber {
		fail("unsupported: inline asm clobber '~{%s}' of a reserved register", name)
	}
	for _, o := range clobbers {
		if o.Reg == r {
			return clobbers
		}
	}
	return append(clobbers, mir.Operand{Kind: mir.KindReg, Reg: r,
		Flags: mir.FlagDef | mir.FlagImplicit | mir.FlagDead | mir.FlagEarlyClobber})
}

// checkAsmTemplate refuses templates the printer cannot expand: bad
// escapes, operand numbers out of range, modifiers, multi-word operands.
func (s *fn) checkAsmTemplate(tmpl string, descs []mir.AsmDesc) {
	pieces, err := mir.ParseAsmTemplate(tmpl)
	if err != nil {
		fail("unsupported: %v", err)
	}
	for _, p := range pieces {
		switch {
		case p.Operand < 0:
		case p.Operand >= len(descs):
			fail("inline asm template names operand $%d, but there are %d operands", p.Operand, len(descs))
		case p.Modifier != "":
			fail("unsupported: inline asm operand modifier '${%d:%s}'", p.Operand, p.Modifier)
		case descs[p.Operand].Words() > 1:
			fail("unsupported: inline asm operand $%d of %d words named in the template", p.Operand, descs[p.Operand].Words())
		}
	}
}
