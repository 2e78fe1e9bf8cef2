package codegen

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"lltosimd/mir"
	"lltosimd/passes"
	bw "lltosimd/targets/bwdsp"
	"lltosimd/targets/bwdsp/asm"
)

// asmName spells a symbol of the module (a function, global, alias or
// external, or a label built from one) for the assembler, which reads
// names case-insensitively and takes a word like `u8` or `xR5` for a
// register (spec §2.2), while C and IR names are case-sensitive and free.
// A name of lowercase letters, digits, '_' and '.' that is not a register
// name stays as it is (the runtime's and most programs' names); any other
// becomes "$_" followed by the name with each uppercase letter written as
// '$' and the letter and each other byte as "$$" and two hex digits. The
// mapping is one-to-one (only escaped names hold '$'), and a pure function
// of the name, so separately compiled files (the runtime) agree on it.
func asmName(s string) string {
	plain := s != "" && (s[0] < '0' || s[0] > '9') && !asm.RegisterName(s)
	for i := 0; i < len(s) && plain; i++ {
		c := s[i]
		plain = c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '.'
	}
	if plain {
		return s
	}
	var b strings.Builder
	b.WriteString("$_")
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '.':
			b.WriteByte(c)
		case c >= 'A' && c <= 'Z':
			b.WriteByte('$')
			b.WriteByte(c - 'A' + 'a')
		default:
			fmt.Fprintf(&b, "$$%02x", c)
		}
	}
	return b.String()
}

// blockLabel names a block in the assembly: local to its file (the
// linker, asm.AssembleFiles, keeps labels without .global private).
func blockLabel(f *mir.Func, b *mir.Block) string {
	if s, ok := f.BlockSyms[b]; ok {
		return asmName(s)
	}
	return fmt.Sprintf(".L%s.bb%d", asmName(f.Name), b.ID)
}

// jtLabel is the symbol of a jump table, an operand of the code that
// reads it: Bundles and the table's definition spell it with asmName.
func jtLabel(f *mir.Func, i int) string { return fmt.Sprintf(".ljt%s.%d", f.Name, i) }

// asmSyms returns in with its symbol operands spelled by asmName (in
// itself when it has none).
func asmSyms(in *mir.Instr) *mir.Instr {
	var c *mir.Instr
	for i, o := range in.Ops {
		if o.Kind != mir.KindSym {
			continue
		}
		if c == nil {
			cp := *in
			cp.Ops = slices.Clone(in.Ops)
			c = &cp
		}
		c.Ops[i].Sym = asmName(o.Sym)
	}
	if c == nil {
		return in
	}
	return c
}

// Bundles returns each instruction of a compiled function as a one-
// instruction bundle, in the decoded form (bw.Inst) the printer, the
// bundle checker and a packetizer share, with the symbolic immediates.
// Instructions already bundled by a pass (mir.Instr.Bundle) form one
// bundle with their members. G_UNREACHABLE, G_IMPLICIT_DEF and inline
// assembly with an empty template (an optimization barrier, whose tied
// outputs already share their inputs' registers) emit nothing; other
// inline assembly is refused: BWDSP has no inline-asm syntax support yet.
func Bundles(f *mir.Func, b *mir.Block) ([][]bw.Inst, [][]*bw.Target, error) {
	var insts [][]bw.Inst
	var tgts [][]*bw.Target
	label := func(x *mir.Block) string { return blockLabel(f, x) }
	for _, in := range b.Instrs {
		if in.Op == mir.GUnreachable || in.Op == mir.GImplicitDef {
			continue
		}
		if in.Op == mir.GInlineAsm {
			tmpl, _, _, err := mir.AsmOperands(in)
			if err == nil && strings.TrimSpace(tmpl) != "" {
				err = fmt.Errorf("inline assembly is not supported on bwdsp (only empty templates, optimization barriers)")
			}
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %s: %v", f.Name, mir.FormatInstr(f, in), err)
			}
			continue
		}
		var bi []bw.Inst
		var bt []*bw.Target
		for _, m := range in.Flatten() {
			x, t, err := bw.FromMIR(f, asmSyms(m), label)
			if err != nil {
				return nil, nil, err
			}
			bi, bt = append(bi, x), append(bt, t)
		}
		if errs := bw.CheckBundle(bi); len(errs) > 0 {
			return nil, nil, fmt.Errorf("%s: %v", f.Name, errs[0])
		}
		insts, tgts = append(insts, bi), append(tgts, bt)
	}
	return insts, tgts, nil
}

// Emit writes a compiled module as BWL assembly (docs/bwdsp.md): one
// bundle per line, functions between .func/.endfunc, data in .data.
func Emit(w io.Writer, m *mir.Module) error { return emit(w, m, nil) }

// emitStats are the statistics of the emitted code (-stats, group
// "bwdsp-emit"); the packetize pass counts bundles and slots filled.
var emitStats = struct{ simd, lanes string }{
	"Number of SIMD instructions emitted (two or more lanes)",
	"Number of lane operations emitted (instructions times their lanes, 1 without lanes)",
}

// emit is Emit, counting the emitted code into st when it is not nil.
func emit(w io.Writer, m *mir.Module, st *passes.Stats) error {
	var simd, lanes int64
	defer func() {
		if st != nil {
			st.Add("bwdsp-emit", emitStats.simd, simd)
			st.Add("bwdsp-emit", emitStats.lanes, lanes)
		}
	}()
	bw_ := bufio.NewWriter(w)
	fmt.Fprintf(bw_, "// %s\n\t.text\n", m.Source)
	aliases := map[string][]mir.Alias{}
	for _, a := range m.Aliases {
		if a.Offset != 0 {
			return fmt.Errorf("alias %s = %s%+d: aliases with an offset are not supported on bwdsp", a.Name, a.Target, a.Offset)
		}
		aliases[a.Target] = append(aliases[a.Target], a)
	}
	defLabel := func(name string, exported bool) {
		if exported {
			fmt.Fprintf(bw_, "\t.global %s\n", asmName(name))
		}
		fmt.Fprintf(bw_, "%s:\n", asmName(name))
		for _, a := range aliases[name] {
			if a.Exported {
				fmt.Fprintf(bw_, "\t.global %s\n", asmName(a.Name))
			}
			fmt.Fprintf(bw_, "%s:\n", asmName(a.Name))
		}
	}
	for _, f := range m.Funcs {
		if f.Weak {
			fmt.Fprintf(bw_, "\t.weak %s\n", asmName(f.Name))
		}
		fmt.Fprintf(bw_, "\t.func %s\n", asmName(f.Name))
		defLabel(f.Name, f.Exported && !f.Weak)
		for _, b := range f.Blocks {
			fmt.Fprintf(bw_, "%s:\n", blockLabel(f, b))
			insts, tgts, err := Bundles(f, b)
			if err != nil {
				return err
			}
			for i, bi := range insts {
				var parts []string
				for j := range bi {
					parts = append(parts, bi[j].Format(tgts[i][j]))
					if n := len(bi[j].Mask.Lanes()); n > 1 {
						simd++
						lanes += int64(n)
					} else {
						lanes++
					}
				}
				if len(parts) == 0 {
					parts = []string{"nop"}
				}
				fmt.Fprintf(bw_, "\t%s\n", strings.Join(parts, " || "))
			}
		}
		fmt.Fprintf(bw_, "\t.endfunc\n")
		if len(f.JumpTables) > 0 {
			fmt.Fprintf(bw_, "\t.data\n\t.align 4\n")
			for i, jt := range f.JumpTables {
				fmt.Fprintf(bw_, "%s:\n", asmName(jtLabel(f, i)))
				for _, b := range jt {
					fmt.Fprintf(bw_, "\t.word %s\n", blockLabel(f, b))
				}
			}
			fmt.Fprintf(bw_, "\t.text\n")
		}
	}
	if len(m.Globals) > 0 {
		fmt.Fprintf(bw_, "\t.data\n")
	}
	for _, g := range m.Globals {
		fmt.Fprintf(bw_, "\t.align %d\n", max(g.Align, 1))
		defLabel(g.Name, g.Exported)
		if len(g.Items) == 0 && g.Size > 0 {
			fmt.Fprintf(bw_, "\t.space %d\n", g.Size)
		}
		for _, it := range g.Items {
			switch it.Kind {
			case mir.DataInt:
				switch it.Size {
				case 1:
					fmt.Fprintf(bw_, "\t.byte %d\n", uint8(it.Value))
				case 2:
					fmt.Fprintf(bw_, "\t.half %d\n", uint16(it.Value))
				case 4:
					fmt.Fprintf(bw_, "\t.word %d\n", uint32(it.Value))
				case 8: // little-endian: low word first
					fmt.Fprintf(bw_, "\t.word %d, %d\n", uint32(it.Value), uint32(uint64(it.Value)>>32))
				default:
					return fmt.Errorf("%s: data item of %d bytes", g.Name, it.Size)
				}
			case mir.DataSym:
				s := asmName(it.Sym)
				if it.Value != 0 {
					s = fmt.Sprintf("%s%+d", s, it.Value)
				}
				fmt.Fprintf(bw_, "\t.word %s\n", s)
			case mir.DataZero:
				fmt.Fprintf(bw_, "\t.space %d\n", it.Size)
			case mir.DataBytes:
				for k := 0; k < len(it.Bytes); k += 16 {
					var nums []string
					for _, c := range it.Bytes[k:min(k+16, len(it.Bytes))] {
						nums = append(nums, fmt.Sprint(c))
					}
					fmt.Fprintf(bw_, "\t.byte %s\n", strings.Join(nums, ", "))
				}
			case mir.DataSymDiff: // code labels: a difference of bundle indices
				d := map[int64]string{1: ".byte", 2: ".half", 4: ".word"}[it.Size]
				if d == "" {
					return fmt.Errorf("%s: symbol difference of %d bytes", g.Name, it.Size)
				}
				s := asmName(it.Sym) + "-" + asmName(it.Sym2)
				if it.Value != 0 {
					s = fmt.Sprintf("%s%+d", s, it.Value)
				}
				fmt.Fprintf(bw_, "\t%s %s\n", d, s)
			}
		}
	}
	return bw_.Flush()
}
