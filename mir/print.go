package mir

import (
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// The MIR text form (LLVM-MIR-like; Parse reads it back exactly):
//
//	--- function: fact
//	arch: cpu0
//	props: ssa selected
//	attrs: exported vararg kernel
//	frame-info: size=16 max-call-args=8 has-calls frame-pointer saved=$lr,$9
//	target-info: vc4.scratch-bytes=64 vc4.scratch-reg=29
//	vregs: 6
//	undef-vregs: %5:gpr
//	vector-vregs: %3:v4s32, %4:v4s1
//	wide-vregs: %5:s64
//	frame:
//	  fi#0: size=4 align=4 name=x.addr
//	  fi#1: size=4 align=4 offset=8 fixed
//	jumptables:
//	  jt#0: bb1.a, bb2.b, bb1.a
//	body:
//	bb0.entry:
//	  %0:gpr, %1:gpr = G_ARGS 1, 1
//	  %2:gpr = G_ICMP slt, %0, killed %1
//	  G_BRCOND %2, bb1.if.then  ; a comment
//
//	bb1.if.then: align=2  ; preds: bb0
//	  bundle {
//	    JNE $sw, bb3.x
//	    NOP
//	  }
//	  RET $lr, implicit $2, implicit-def dead $sw
//
// Virtual registers print as %N, with their class (and debug name) at
// definitions: %N:gpr, %N.name:gpr. Physical registers print as
// Arch.RegPrefix+name ("$" when the target has no prefix), NoReg as noreg.
// Names that are not plain ([A-Za-z0-9_.$]+) are Go-quoted.
// "attrs", "frame-info", "target-info", "undef-vregs", "frame" and
// "jumptables" lines appear only when they have content. "undef-vregs" lists the virtual
// registers that no instruction defines, so that their classes survive a
// round trip. The "; preds:" comment is informative: Parse recomputes the
// CFG from the branches.

// bufPool recycles printer buffers: -print-after-all prints every
// function after every pass.
var bufPool = sync.Pool{New: func() any { return new([]byte) }}

// Print writes f in the MIR text form.
func Print(w io.Writer, f *Func) error {
	bp := bufPool.Get().(*[]byte)
	p := printer{buf: (*bp)[:0]}
	p.fn(f)
	_, err := w.Write(p.buf)
	*bp = p.buf
	bufPool.Put(bp)
	return err
}

// PrintModule writes the module header, the globals and every function.
func PrintModule(w io.Writer, m *Module) error {
	p := printer{}
	p.str("--- module: ")
	p.name(m.Source)
	p.str("\nbyte-order: ")
	if m.BigEndian {
		p.str("big\n")
	} else {
		p.str("little\n")
	}
	if len(m.Externs) > 0 {
		p.str("externs: ")
		for i, s := range m.Externs {
			if i > 0 {
				p.str(", ")
			}
			p.sym(s, 0)
		}
		p.nl()
	}
	for _, a := range m.Aliases {
		p.str("alias: ")
		p.sym(a.Name, 0)
		p.str(" = ")
		p.sym(a.Target, a.Offset)
		if a.Exported {
			p.str(" exported")
		}
		p.nl()
	}
	for _, g := range m.Globals {
		p.nl()
		p.global(g)
	}
	if _, err := w.Write(p.buf); err != nil {
		return err
	}
	for _, f := range m.Funcs {
		p.buf = p.buf[:0]
		p.nl()
		p.fn(f)
		if _, err := w.Write(p.buf); err != nil {
			return err
		}
	}
	return nil
}

// String returns f in the MIR text form.
func (f *Func) String() string {
	p := printer{}
	p.fn(f)
	return string(p.buf)
}

// FormatInstr returns in as f's printer writes it (no indentation, no
// newline); handy for debug output and error messages.
func FormatInstr(f *Func, in *Instr) string {
	p := printer{}
	p.setFunc(f)
	p.instr(in, 0)
	return strings.TrimSuffix(string(p.buf), "\n")
}

// FormatReg renders a register as the printer writes it ($2, %7).
func FormatReg(f *Func, r Reg) string {
	p := printer{}
	p.setFunc(f)
	p.reg(r, false)
	return string(p.buf)
}

// printer appends text to buf; it never fails and never panics on
// malformed functions (it is used to debug them).
type printer struct {
	buf  []byte
	f    *Func
	arch *Arch
}

func (p *printer) str(s string) { p.buf = append(p.buf, s...) }
func (p *printer) byte(c byte)  { p.buf = append(p.buf, c) }
func (p *printer) nl()          { p.buf = append(p.buf, '\n') }
func (p *printer) int(v int64)  { p.buf = strconv.AppendInt(p.buf, v, 10) }
func (p *printer) indent(n int) { p.buf = append(p.buf, "          "[:min(n, 10)]...) }
func (p *printer) kv(k string)  { p.byte(' '); p.str(k); p.byte('=') }
func (p *printer) signed(v int64) {
	if v > 0 {
		p.byte('+')
	}
	if v != 0 {
		p.int(v)
	}
}

// isPlainName reports whether s can be printed without quotes.
func isPlainName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameChar(s[i]) {
			return false
		}
	}
	return true
}

func isNameChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '$'
}

func (p *printer) name(s string) {
	if isPlainName(s) {
		p.str(s)
	} else {
		p.buf = strconv.AppendQuote(p.buf, s)
	}
}

func (p *printer) sym(s string, off int64) {
	p.byte('@')
	p.name(s)
	p.signed(off)
}

func (p *printer) setFunc(f *Func) {
	p.f = f
	p.arch = GenericArch
	if f != nil && f.Arch != nil {
		p.arch = f.Arch
	}
}

func (p *printer) fn(f *Func) {
	p.setFunc(f)
	p.str("--- function: ")
	p.name(f.Name)
	p.str("\narch: ")
	p.name(p.arch.Name)
	p.str("\nprops:")
	for i, n := range propNames {
		if f.Props&(1<<i) != 0 {
			p.byte(' ')
			p.str(n)
		}
	}
	p.nl()
	if f.Exported || f.Vararg || f.Weak || f.Kernel {
		p.str("attrs:")
		if f.Exported {
			p.str(" exported")
		}
		if f.Weak {
			p.str(" weak")
		}
		if f.Vararg {
			p.str(" vararg")
		}
		if f.Kernel {
			p.str(" kernel")
		}
		p.nl()
	}
	if f.FrameSize != 0 || f.MaxCallArgs != 0 || f.HasCalls || f.FramePointer || len(f.SavedRegs) > 0 {
		p.str("frame-info:")
		if f.FrameSize != 0 {
			p.kv("size")
			p.int(f.FrameSize)
		}
		if f.MaxCallArgs != 0 {
			p.kv("max-call-args")
			p.int(f.MaxCallArgs)
		}
		if f.HasCalls {
			p.str(" has-calls")
		}
		if f.FramePointer {
			p.str(" frame-pointer")
		}
		if len(f.SavedRegs) > 0 {
			p.kv("saved")
			for i, r := range f.SavedRegs {
				if i > 0 {
					p.byte(',')
				}
				p.reg(r, false)
			}
		}
		p.nl()
	}
	if len(f.TargetInfo) > 0 {
		p.str("target-info:")
		keys := make([]string, 0, len(f.TargetInfo))
		for k := range f.TargetInfo {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p.kv(k)
			p.int(f.TargetInfo[k])
		}
		p.nl()
	}
	p.str("vregs: ")
	p.int(int64(len(f.VRegClass)))
	p.nl()
	p.undefVRegs()
	p.printVecRegs()
	p.printWideRegs()
	if len(f.Frame) > 0 {
		p.str("frame:\n")
		for i := range f.Frame {
			o := &f.Frame[i]
			p.str("  fi#")
			p.int(int64(i))
			p.str(": size=")
			p.int(o.Size)
			p.kv("align")
			p.int(o.Align)
			if o.Offset != 0 {
				p.kv("offset")
				p.int(o.Offset)
			}
			if o.Fixed {
				p.str(" fixed")
			}
			if o.Name != "" {
				p.kv("name")
				p.name(o.Name)
			}
			p.nl()
		}
	}
	if len(f.JumpTables) > 0 {
		p.str("jumptables:\n")
		for i, jt := range f.JumpTables {
			p.str("  jt#")
			p.int(int64(i))
			p.byte(':')
			for j, b := range jt {
				if j > 0 {
					p.byte(',')
				}
				p.byte(' ')
				p.blockRef(b)
			}
			p.nl()
		}
	}
	if len(f.BlockSyms) > 0 {
		// In layout order, for a stable text.
		p.str("block-syms:")
		first := true
		for _, b := range f.Blocks {
			if s, ok := f.BlockSyms[b]; ok {
				if !first {
					p.byte(',')
				}
				first = false
				p.byte(' ')
				p.blockRef(b)
				p.str(" = ")
				p.sym(s, 0)
			}
		}
		p.nl()
	}
	p.str("body:\n")
	for i, b := range f.Blocks {
		if i > 0 {
			p.nl()
		}
		p.block(b)
	}
}

// undefVRegs lists the virtual registers without a definition.
func (p *printer) undefVRegs() {
	f := p.f
	n := len(f.VRegClass)
	if n == 0 {
		return
	}
	defined := make([]bool, n)
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			markDefs(in, defined)
		}
	}
	first := true
	for i, d := range defined {
		if d {
			continue
		}
		if first {
			p.str("undef-vregs: ")
			first = false
		} else {
			p.str(", ")
		}
		p.reg(VirtBase+Reg(i), true)
	}
	if !first {
		p.nl()
	}
}

func markDefs(in *Instr, defined []bool) {
	for i := range in.Ops {
		o := &in.Ops[i]
		if o.IsDef() && o.Reg.IsVirtual() && o.Reg.VirtIndex() < len(defined) {
			defined[o.Reg.VirtIndex()] = true
		}
	}
	for _, m := range in.Bundle {
		markDefs(m, defined)
	}
}

func (p *printer) block(b *Block) {
	p.blockRef(b)
	p.byte(':')
	if b.Align != 0 {
		p.kv("align")
		p.int(int64(b.Align))
	}
	if len(b.Preds) > 0 {
		p.str("  ; preds:")
		for i, pb := range b.Preds {
			if i > 0 {
				p.byte(',')
			}
			p.str(" bb")
			p.int(int64(pb.ID))
		}
	}
	p.nl()
	for _, in := range b.Instrs {
		p.instr(in, 2)
	}
}

func (p *printer) blockRef(b *Block) {
	if b == nil {
		p.str("<nil-block>")
		return
	}
	p.str("bb")
	p.int(int64(b.ID))
	if b.Name != "" {
		p.byte('.')
		p.name(b.Name)
	}
}

func (p *printer) instr(in *Instr, ind int) {
	if len(in.Bundle) > 0 {
		p.indent(ind)
		if in.Packet {
			p.str("packet {\n")
		} else {
			p.str("bundle {\n")
		}
		p.instr1(in, ind+2)
		for _, m := range in.Bundle {
			p.instr(m, ind+2)
		}
		p.indent(ind)
		p.str("}\n")
		return
	}
	p.instr1(in, ind)
}

// instr1 prints one instruction line, ignoring its bundle.
func (p *printer) instr1(in *Instr, ind int) {
	p.indent(ind)
	nd := in.NumDefs()
	for i := 0; i < nd; i++ {
		if i > 0 {
			p.str(", ")
		}
		p.operand(&in.Ops[i], true)
	}
	if nd > 0 {
		p.str(" = ")
	}
	p.opName(in.Op)
	for i := nd; i < len(in.Ops); i++ {
		if i > nd {
			p.byte(',')
		}
		p.byte(' ')
		p.operand(&in.Ops[i], false)
	}
	if in.Mem != nil {
		p.str(" :: ")
		p.mem(in.Mem)
	}
	if in.Comment != "" {
		p.str("  ; ")
		p.str(strings.ReplaceAll(in.Comment, "\n", " "))
	}
	p.nl()
}

func (p *printer) opName(op Opcode) {
	if op < FirstTargetOp {
		p.str(genericOps[op].Name)
		return
	}
	if i := int(op - FirstTargetOp); i < len(p.arch.Ops) {
		p.str(p.arch.Ops[i].Name)
		return
	}
	p.str("OP#")
	p.int(int64(op))
}

// operand prints o; lhs says it stands left of "=" (an explicit def).
func (p *printer) operand(o *Operand, lhs bool) {
	switch {
	case o.Flags&FlagImplicit != 0 && o.Flags&FlagDef != 0:
		p.str("implicit-def ")
	case o.Flags&FlagImplicit != 0:
		p.str("implicit ")
	case o.Flags&FlagDef != 0 && !lhs:
		p.str("def ")
	}
	if o.Flags&FlagEarlyClobber != 0 {
		p.str("early-clobber ")
	}
	if o.Flags&FlagDead != 0 {
		p.str("dead ")
	}
	if o.Flags&FlagKill != 0 {
		p.str("killed ")
	}
	if o.Flags&FlagUndef != 0 {
		p.str("undef ")
	}
	if o.Flags&FlagUniform != 0 {
		p.str("uniform ")
	}
	switch o.Kind {
	case KindReg:
		p.reg(o.Reg, o.Flags&FlagDef != 0)
	case KindImm:
		p.int(o.Imm)
	case KindBlock:
		p.blockRef(o.Block)
	case KindSym:
		p.sym(o.Sym, o.Imm)
	case KindFrame:
		p.str("fi#")
		p.int(o.Imm)
		p.signed(o.Off)
	case KindCond:
		p.str(o.Cond.String())
	case KindPred:
		p.str("pred:")
		if o.Neg {
			p.byte('!')
		}
		p.reg(o.Reg, false)
	case KindJT:
		p.str("jt#")
		p.int(o.Imm)
	case KindStr:
		p.buf = strconv.AppendQuote(p.buf, o.Sym)
	default:
		p.str("<kind")
		p.int(int64(o.Kind))
		p.byte('>')
	}
}

// reg prints a register; vregs get their debug name and class when
// withClass is set (at definitions).
func (p *printer) reg(r Reg, withClass bool) {
	switch {
	case r == NoReg:
		p.str("noreg")
	case r.IsVirtual():
		p.byte('%')
		p.int(int64(r.VirtIndex()))
		if !withClass || p.f == nil {
			return
		}
		if n, ok := p.f.VRegName[r]; ok {
			p.byte('.')
			p.name(n)
		}
		p.byte(':')
		if r.VirtIndex() < len(p.f.VRegClass) {
			if c := int(p.f.VRegClass[r.VirtIndex()]); c < len(p.arch.Classes) {
				p.str(p.arch.Classes[c].Name)
				return
			}
		}
		p.byte('?')
	default:
		if p.arch.RegPrefix == "" {
			p.byte('$')
		} else {
			p.str(p.arch.RegPrefix)
		}
		if int(r) < len(p.arch.Regs) {
			p.str(p.arch.Regs[r].Name)
		} else {
			p.str("phys")
			p.int(int64(r))
		}
	}
}

func (p *printer) global(g *Global) {
	p.str("--- global: ")
	p.sym(g.Name, 0)
	p.str(" size=")
	p.int(g.Size)
	p.kv("align")
	p.int(g.Align)
	p.kv("section")
	p.str(g.Section.String())
	if g.Exported {
		p.str(" exported")
	}
	if g.AddrSpace != 0 {
		p.kv("addrspace")
		p.int(int64(g.AddrSpace))
	}
	p.nl()
	for _, it := range g.Items {
		p.str("  ")
		switch it.Kind {
		case DataInt:
			p.str("int ")
			p.int(it.Size)
			p.byte(' ')
			p.int(it.Value)
		case DataSym:
			p.str("sym ")
			p.int(it.Size)
			p.byte(' ')
			p.sym(it.Sym, it.Value)
		case DataSymDiff:
			p.str("symdiff ")
			p.int(it.Size)
			p.byte(' ')
			p.sym(it.Sym, it.Value)
			p.byte(' ')
			p.sym(it.Sym2, 0)
		case DataZero:
			p.str("zero ")
			p.int(it.Size)
		case DataBytes:
			p.str("bytes ")
			p.int(it.Size)
			p.byte(' ')
			p.buf = strconv.AppendQuote(p.buf, string(it.Bytes))
		default:
			p.str("<data kind ")
			p.int(int64(it.Kind))
			p.byte('>')
		}
		p.nl()
	}
}

// Dot writes f's CFG as a Graphviz digraph: one node per block labelled
// with its MIR text, one edge per successor.
func Dot(w io.Writer, f *Func) error {
	p := printer{}
	p.setFunc(f)
	p.str("digraph ")
	p.buf = strconv.AppendQuote(p.buf, "CFG for "+f.Name)
	p.str(" {\n  node [shape=box, fontname=\"monospace\"];\n")
	var q printer
	q.setFunc(f)
	for _, b := range f.Blocks {
		q.buf = q.buf[:0]
		q.blockRef(b)
		q.str(":\n")
		for _, in := range b.Instrs {
			q.instr(in, 2)
		}
		p.str("  b")
		p.int(int64(b.ID))
		p.str(" [label=\"")
		dotEscape(&p, q.buf)
		p.str("\"];\n")
	}
	for _, b := range f.Blocks {
		for _, s := range b.Succs {
			p.str("  b")
			p.int(int64(b.ID))
			p.str(" -> b")
			p.int(int64(s.ID))
			p.str(";\n")
		}
	}
	p.str("}\n")
	_, err := w.Write(p.buf)
	return err
}

// dotEscape appends text as the body of a quoted dot label with
// left-justified lines.
func dotEscape(p *printer, text []byte) {
	for _, c := range text {
		switch c {
		case '\n':
			p.str(`\l`)
		case '"', '\\':
			p.byte('\\')
			p.byte(c)
		default:
			p.byte(c)
		}
	}
}
