package cpu0

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"lltosimd/mir"
)

// PrintOptions control the assembly printer.
type PrintOptions struct {
	// ABI is "O32" (the default) or "S32": it names the .mdebug section.
	ABI string
	// SmallSection places small data in .sdata/.sbss (-cpu0-use-small-section).
	SmallSection bool
}

// asmFormat is the operand layout of each syntax: {n} is the n-th explicit
// MIR operand (definitions first), as in spec §7.
var asmFormat = map[Syntax]string{
	SynNone:   "",
	SynRRR:    "{0}, {1}, {2}",
	SynRRI:    "{0}, {1}, {2}",
	SynRRSh:   "{0}, {1}, {2}",
	SynRR:     "{0}, {1}",
	SynMovCC:  "{0}, {1}, {2}",
	SynLoad:   "{0}, {2}({1})",
	SynStore:  "{0}, {2}({1})",
	SynLui:    "{0}, {1}",
	SynCmp:    "{0}, {1}, {2}",
	SynJcc:    "{0}, {1}",
	SynJump:   "{0}",
	SynBr:     "{0}, {1}, {2}",
	SynRet:    "{0}",
	SynJalr:   "{0}",
	SynMulDiv: "{0}, {1}",
	SynMfHiLo: "{0}",
	SynMtHiLo: "{0}",
	SynMfc0:   "{0}, {1}",
	SynMtc0:   "{0}, {1}",
	SynC0Mov:  "{0}, {1}",
}

// commentCol is the column of trailing comments, as llc aligns them.
const commentCol = 40

// PrintModule writes a fully lowered module (physical registers only, frame
// lowered, pseudos expanded) as Cpu0 assembly in llc's syntax (spec §7).
func PrintModule(w io.Writer, m *mir.Module, opts PrintOptions) error {
	bw := bufio.NewWriter(w)
	abi := opts.ABI
	if abi == "" {
		abi = "O32"
	}
	fmt.Fprintf(bw, "\t.text\n\t.section .mdebug.abi%s\n\t.previous\n", abi)
	fmt.Fprintf(bw, "\t.file\t%s\n", strconv.Quote(m.Source))
	n := 0
	for i, f := range m.Funcs {
		if f.Code != nil {
			if n != i { // printed as the i-th function (EmitFunc)
				return fmt.Errorf("internal error: @%s printed as function %d, but is function %d of the output", f.Name, i, n)
			}
			bw.Write(f.Code)
			n++
			continue
		}
		if len(f.Blocks) == 0 {
			continue
		}
		if err := printFunc(bw, f, n); err != nil {
			return err
		}
		n++
	}
	sec := ".text"
	for _, g := range m.Globals {
		printGlobal(bw, g, &sec, opts.SmallSection && IsSmallData(g))
	}
	for _, a := range m.Aliases {
		if a.Exported {
			fmt.Fprintf(bw, "\t.globl\t%s\n", a.Name)
		}
		t := a.Target
		if a.Offset != 0 {
			t = fmt.Sprintf("%s%+d", t, a.Offset)
		}
		fmt.Fprintf(bw, "\t.set\t%s, %s\n", a.Name, t)
	}
	return bw.Flush()
}

// PrintFunc writes one lowered function; index numbers its local labels
// ($BB<index>_n, $func_end<index>).
func PrintFunc(w io.Writer, f *mir.Func, index int) error {
	bw := bufio.NewWriter(w)
	if err := printFunc(bw, f, index); err != nil {
		return err
	}
	return bw.Flush()
}

type funcPrinter struct {
	w     *bufio.Writer
	f     *mir.Func
	index int
	num   map[*mir.Block]int
	// scratch is reused for formatting numbers and labels.
	scratch [32]byte
}

func printFunc(w *bufio.Writer, f *mir.Func, index int) error {
	p := &funcPrinter{w: w, f: f, index: index, num: map[*mir.Block]int{}}
	for i, b := range f.Blocks {
		p.num[b] = i
	}
	// Only blocks that something refers to get a label.
	labeled := map[*mir.Block]bool{}
	usesAT := false
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, m := range in.Flatten() {
				for _, o := range m.Ops {
					switch {
					case o.Kind == mir.KindBlock:
						labeled[o.Block] = true
					case o.Kind == mir.KindReg && o.Reg == AT:
						usesAT = true
					}
				}
			}
		}
	}
	for _, jt := range f.JumpTables {
		for _, b := range jt {
			labeled[b] = true
		}
	}

	name := f.Name
	if f.Exported {
		dir := ".globl"
		if f.Weak {
			dir = ".weak"
		}
		fmt.Fprintf(w, "\t%s\t%s\n", dir, name)
	}
	fmt.Fprintf(w, "\t.align\t2\n\t.type\t%s,@function\n\t.ent\t%s\n%s:\n", name, name, name)
	base := "sp"
	if f.FramePointer {
		base = "fp"
	}
	var mask uint32
	for _, r := range f.SavedRegs {
		if e := Regs[r].Enc; e >= 0 && e < 16 && r <= SW {
			mask |= 1 << e
		}
	}
	maskOff := 0
	if mask != 0 {
		maskOff = -4
	}
	fmt.Fprintf(w, "\t.frame\t$%s,%d,$lr\n\t.mask \t0x%08x,%d\n\t.set\tnoreorder\n", base, f.FrameSize, mask, maskOff)
	if usesGOT(f) {
		fmt.Fprintf(w, "\t.cpload\t$t9\n")
	}
	fmt.Fprintf(w, "\t.set\tnomacro\n")
	if usesAT {
		fmt.Fprintf(w, "\t.set\tnoat\n")
	}
	nAsm := 0 // numbers the inline asm statements for ${:uid}
	for i, b := range f.Blocks {
		var head string
		if labeled[b] {
			head = p.label(b) + ":"
		} else {
			head = fmt.Sprintf("# %%bb.%d:", i)
		}
		// llc names only blocks whose IR label is a name, not a number.
		if b.Name != "" && strings.Trim(b.Name, "0123456789") != "" {
			head = padTo(head, commentCol) + "# %" + b.Name
		}
		if b.Align > 0 {
			fmt.Fprintf(w, "\t.align\t%d\n", b.Align)
		}
		fmt.Fprintln(w, head)
		if sym, ok := f.BlockSyms[b]; ok {
			fmt.Fprintf(w, "%s:\n", sym)
		}
		for _, in := range b.Instrs {
			if in.Op == mir.GInlineAsm {
				if err := p.inlineAsm(in, nAsm); err != nil {
					return fmt.Errorf("%s: %w", f.Name, err)
				}
				nAsm++
				continue
			}
			if err := p.instr(in); err != nil {
				return fmt.Errorf("%s: %w", f.Name, err)
			}
			if Arch.Desc(in.Op).Flags&mir.FlagHasDelaySlot == 0 {
				if len(in.Bundle) > 0 {
					return fmt.Errorf("%s: bundle headed by %s, which has no delay slot", f.Name, Arch.OpName(in.Op))
				}
				continue
			}
			if len(in.Bundle) == 0 {
				fmt.Fprintln(w, "\tnop")
			}
			for _, m := range in.Bundle {
				if err := p.instr(m); err != nil {
					return fmt.Errorf("%s: %w", f.Name, err)
				}
			}
		}
	}
	if usesAT {
		fmt.Fprintf(w, "\t.set\tat\n")
	}
	fmt.Fprintf(w, "\t.set\tmacro\n\t.set\treorder\n\t.end\t%s\n$func_end%d:\n\t.size\t%s, ($func_end%d)-%s\n", name, index, name, index, name)
	for i, jt := range f.JumpTables {
		fmt.Fprintf(w, "\t.section\t.rodata,\"a\",@progbits\n\t.align\t2\n$JTI%d_%d:\n", index, i)
		for _, b := range jt {
			fmt.Fprintf(w, "\t.4byte\t%s\n", p.label(b))
		}
		fmt.Fprintf(w, "\t.text\n")
	}
	return nil
}

func padTo(s string, col int) string {
	if len(s) >= col {
		return s + " "
	}
	return s + strings.Repeat(" ", col-len(s))
}

func (p *funcPrinter) label(b *mir.Block) string {
	return fmt.Sprintf("$BB%d_%d", p.index, p.num[b])
}

// writeLabel writes label(b) without formatting a string.
func (p *funcPrinter) writeLabel(b *mir.Block) {
	buf := append(p.scratch[:0], "$BB"...)
	buf = strconv.AppendInt(buf, int64(p.index), 10)
	buf = append(buf, '_')
	buf = strconv.AppendInt(buf, int64(p.num[b]), 10)
	p.w.Write(buf)
}

// instr prints one instruction (not its bundle).
func (p *funcPrinter) instr(in *mir.Instr) error {
	if in.Op == mir.GUnreachable {
		return nil // control never gets here: no code, as in llc
	}
	if in.Op.IsGeneric() {
		return fmt.Errorf("generic op %s reached the printer", Arch.OpName(in.Op))
	}
	d := DefOf(in.Op)
	if Arch.Desc(in.Op).Flags&mir.FlagPseudo != 0 {
		return fmt.Errorf("pseudo op %s reached the printer", d.Name)
	}
	// The explicit definitions and uses are contiguous in Ops.
	ops := in.Ops[:in.NumDefs()+len(in.Uses())]
	mnem, format := d.Mnem, asmFormat[d.Syn]
	// The gp save at entry is the assembler's .cprestore (spec §2, §7).
	if d.Name == "CPRESTORE" && len(ops) == 3 && ops[1].Kind == mir.KindReg && ops[1].Reg == SP && ops[2].Kind == mir.KindImm {
		fmt.Fprintf(p.w, "\t.cprestore\t%d\n", ops[2].Imm)
		return nil
	}
	// addu $a, $b, $zero is printed as move $a, $b.
	if d.Name == "ADDu" && len(ops) == 3 && ops[2].Kind == mir.KindReg && ops[2].Reg == ZERO {
		mnem, format = "move", "{0}, {1}"
	}
	// Written straight into the buffered writer (no per-instruction
	// strings): on an error the whole output is discarded anyway.
	w := p.w
	w.WriteByte('\t')
	w.WriteString(mnem)
	if format != "" {
		w.WriteByte('\t')
	}
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '{' {
			w.WriteByte(c)
			continue
		}
		j := i + 1
		for format[j] != '}' {
			j++
		}
		k, _ := strconv.Atoi(format[i+1 : j])
		i = j
		if k >= len(ops) {
			return fmt.Errorf("%s: missing operand %d", d.Name, k)
		}
		if err := p.operand(d, &ops[k]); err != nil {
			return fmt.Errorf("%s: %w", d.Name, err)
		}
	}
	w.WriteByte('\n')
	return nil
}

// operand prints one operand of an instruction described by d.
func (p *funcPrinter) operand(d *InstrDef, o *mir.Operand) error {
	w := p.w
	// Address operands of lui are the high half, of anything else the low half.
	reloc := "%lo("
	switch {
	case d.Reloc != "":
		reloc = d.Reloc + "("
	case d.Syn == SynLui:
		reloc = "%hi("
	}
	branch := d.Syn == SynJcc || d.Syn == SynJump || d.Syn == SynBr
	switch o.Kind {
	case mir.KindReg:
		if !o.Reg.IsPhys() {
			return fmt.Errorf("virtual register %%%d reached the printer", o.Reg.VirtIndex())
		}
		w.WriteByte('$')
		w.WriteString(Arch.RegName(o.Reg))
		return nil
	case mir.KindImm:
		v := o.Imm
		if d.Imm == ImmU16 {
			v &= 0xFFFF
		}
		w.Write(strconv.AppendInt(p.scratch[:0], v, 10))
		return nil
	case mir.KindSym:
		if !branch {
			w.WriteString(reloc)
		}
		w.WriteString(o.Sym)
		if o.Imm != 0 {
			if o.Imm > 0 {
				w.WriteByte('+')
			}
			w.Write(strconv.AppendInt(p.scratch[:0], o.Imm, 10))
		}
		if !branch {
			w.WriteByte(')')
		}
		return nil
	case mir.KindBlock:
		if !branch {
			w.WriteString(reloc)
		}
		p.writeLabel(o.Block)
		if !branch {
			w.WriteByte(')')
		}
		return nil
	case mir.KindJT:
		fmt.Fprintf(w, "%s$JTI%d_%d)", reloc, p.index, o.Imm)
		return nil
	case mir.KindFrame:
		return fmt.Errorf("frame index fi#%d was not lowered", o.Imm)
	}
	return fmt.Errorf("cannot print operand kind %d", o.Kind)
}

var dataDirective = map[int64]string{1: ".byte", 2: ".2byte", 4: ".4byte", 8: ".8byte"}

func printGlobal(w *bufio.Writer, g *mir.Global, sec *string, small bool) {
	fmt.Fprintf(w, "\t.type\t%s,@object\n", g.Name)
	want := map[mir.Section]string{mir.SecData: ".data", mir.SecRodata: ".section\t.rodata,\"a\",@progbits", mir.SecBSS: ".bss"}[g.Section]
	if small {
		want = map[mir.Section]string{mir.SecData: ".section\t.sdata,\"aw\",@progbits", mir.SecBSS: ".section\t.sbss,\"aw\",@nobits"}[g.Section]
	}
	if want != *sec {
		fmt.Fprintf(w, "\t%s\n", want)
		*sec = want
	}
	if g.Exported {
		fmt.Fprintf(w, "\t.globl\t%s\n", g.Name)
	}
	align := 0
	for int64(1)<<align < g.Align {
		align++
	}
	fmt.Fprintf(w, "\t.align\t%d\n%s:\n", align, g.Name)
	if len(g.Items) == 0 && g.Size > 0 {
		fmt.Fprintf(w, "\t.space\t%d\n", g.Size)
	}
	for _, it := range g.Items {
		switch it.Kind {
		case mir.DataInt:
			v := it.Value
			if it.Size < 8 {
				v &= 1<<(8*it.Size) - 1
			}
			fmt.Fprintf(w, "\t%s\t%d\n", dataDirective[it.Size], v)
		case mir.DataSym:
			s := it.Sym
			if it.Value != 0 {
				s = fmt.Sprintf("%s%+d", s, it.Value)
			}
			fmt.Fprintf(w, "\t.4byte\t%s\n", s)
		case mir.DataSymDiff:
			s := it.Sym + "-" + it.Sym2
			if it.Value != 0 {
				s = fmt.Sprintf("%s%+d", s, it.Value)
			}
			fmt.Fprintf(w, "\t%s\t%s\n", dataDirective[it.Size], s)
		case mir.DataZero:
			fmt.Fprintf(w, "\t.space\t%d\n", it.Size)
		case mir.DataBytes:
			fmt.Fprintf(w, "\t.ascii\t\"%s\"\n", asciiEscape(it.Bytes))
		}
	}
	fmt.Fprintf(w, "\t.size\t%s, %d\n", g.Name, g.Size)
}

// asciiEscape spells bytes as GNU as string contents (llc's escapes).
func asciiEscape(b []byte) string {
	var sb strings.Builder
	for _, c := range b {
		switch {
		case c == '"' || c == '\\':
			sb.WriteByte('\\')
			sb.WriteByte(c)
		case c == '\n':
			sb.WriteString(`\n`)
		case c == '\t':
			sb.WriteString(`\t`)
		case c >= 0x20 && c < 0x7F:
			sb.WriteByte(c)
		default:
			fmt.Fprintf(&sb, "\\%03o", c)
		}
	}
	return sb.String()
}
