package asm

import (
	"fmt"
	"strings"
)

// ignoredDirectives carry debug, ABI or listing information the flat image
// has no use for (spec §5: the lbd assembler ignores them too).
var ignoredDirectives = map[string]bool{
	".ent": true, ".end": true, ".frame": true, ".mask": true, ".fmask": true,
	".file": true, ".ident": true, ".addrsig": true, ".addrsig_sym": true,
	".loc": true, ".hidden": true, ".protected": true, ".abicalls": true,
	".option": true, ".nan": true, ".module": true, ".insn": true,
}

// dataSizes gives the byte width of each integer data directive.
var dataSizes = map[string]int{
	".byte": 1, ".2byte": 2, ".half": 2, ".short": 2, ".hword": 2,
	".4byte": 4, ".word": 4, ".long": 4, ".int": 4, ".8byte": 8, ".quad": 8, ".dword": 8,
}

// sectionOf classifies a section name given to .section.
func sectionOf(name string) SectionKind {
	has := func(p string) bool { return name == p || strings.HasPrefix(name, p+".") }
	switch {
	case has(".text"):
		return Text
	case has(".rodata"), has(".data.rel.ro"), has(".srodata"):
		return Rodata
	case has(".sdata"):
		return SData
	case has(".sbss"):
		return SBss
	case has(".data"):
		return Data
	case has(".bss"), has(".tbss"):
		return Bss
	}
	return Discard
}

func (a *assembler) switchTo(k SectionKind) {
	if k != a.cur {
		a.prev, a.cur = a.cur, k
	}
}

func (a *assembler) directive(name, rest string) {
	switch {
	case ignoredDirectives[name] || strings.HasPrefix(name, ".cfi_"):
		return
	case name == ".set":
		if strings.Contains(rest, ",") {
			a.setSymbol(splitOperands(rest))
		}
		return // .set noreorder/nomacro/noat/...: no effect on encoding
	}
	args := splitOperands(rest)
	switch name {
	case ".text":
		a.switchTo(Text)
	case ".data":
		a.switchTo(Data)
	case ".bss":
		a.switchTo(Bss)
	case ".rodata":
		a.switchTo(Rodata)
	case ".section":
		if len(args) == 0 {
			a.errorf(".section needs a name")
			return
		}
		a.switchTo(sectionOf(strings.Trim(args[0], `"`)))
	case ".type":
		a.symType(args)
	case ".size":
		a.symSize(args)
	case ".previous":
		a.prev, a.cur = a.cur, a.prev
	case ".globl", ".global", ".weak":
		for _, s := range args {
			sym := a.symbol(s)
			sym.Global = true
			sym.Common = sym.Common || name == ".weak"
		}
	case ".local":
		for _, s := range args {
			a.locals[s] = true
		}
	case ".align", ".p2align", ".balign":
		a.align(name, args)
	case ".space", ".zero", ".skip":
		a.space(args)
	case ".ascii", ".asciz", ".string":
		for _, s := range args {
			b, err := parseString(s)
			if err != nil {
				a.errorf("%s: %v", name, err)
				return
			}
			if name != ".ascii" {
				b = append(b, 0)
			}
			a.emit(b)
		}
	case ".comm", ".lcomm":
		a.common(name, args)
	case ".cpload":
		// $gp = _gp_disp + the function's address (in $t9 at entry); the
		// linker resolves _gp_disp against the lui's address (link.go).
		if len(args) != 1 {
			a.errorf(".cpload takes one register")
			return
		}
		a.instruction("lui", "$gp, %hi(_gp_disp)")
		a.instruction("ori", "$gp, $gp, %lo(_gp_disp)")
		a.instruction("addu", "$gp, $gp, "+args[0])
	case ".cprestore":
		if len(args) != 1 {
			a.errorf(".cprestore takes one offset")
			return
		}
		a.instruction("st", "$gp, "+args[0]+"($sp)")
	case ".gpword", ".cpsetup":
		a.errorf("%s is not supported", name)
	default:
		if n, ok := dataSizes[name]; ok {
			a.data(name, n, args)
			return
		}
		a.errorf("unknown directive %q", name)
	}
}

// emit appends bytes to the current section.
func (a *assembler) emit(b []byte) {
	s := a.sec()
	if a.cur.NoBits() {
		for _, c := range b {
			if c != 0 {
				a.errorf("nonzero data in .bss")
				return
			}
		}
	}
	s.Data = append(s.Data, b...)
}

func (a *assembler) constArg(s string) (int64, bool) {
	e, err := parseExpr(s)
	if err == nil && (e.sym != "" || e.mod != 0) {
		err = fmt.Errorf("expected a constant, found %q", s)
	}
	if err != nil {
		a.errorf("%v", err)
		return 0, false
	}
	return e.add, true
}

func (a *assembler) align(name string, args []string) {
	if len(args) == 0 {
		a.errorf("%s needs an argument", name)
		return
	}
	n, ok := a.constArg(args[0])
	if !ok {
		return
	}
	bytes := n
	if name != ".balign" {
		if n < 0 || n > 16 {
			a.errorf("%s %d out of range", name, n)
			return
		}
		bytes = 1 << n
	}
	if bytes <= 0 || bytes&(bytes-1) != 0 || bytes > 1<<16 {
		a.errorf("%s: alignment %d is not a power of two", name, bytes)
		return
	}
	fill := int64(0)
	if len(args) > 1 && args[1] != "" && a.cur != Text {
		if fill, ok = a.constArg(args[1]); !ok {
			return
		}
	}
	s := a.sec()
	s.Align = max(s.Align, uint32(bytes))
	for int64(len(s.Data))%bytes != 0 {
		a.emit([]byte{byte(fill)})
	}
}

func (a *assembler) space(args []string) {
	if len(args) == 0 || len(args) > 2 {
		a.errorf(".space needs a size and an optional fill value")
		return
	}
	n, ok := a.constArg(args[0])
	if !ok {
		return
	}
	if n < 0 || n > 1<<24 {
		a.errorf(".space size %d out of range", n)
		return
	}
	fill := int64(0)
	if len(args) == 2 {
		if fill, ok = a.constArg(args[1]); !ok {
			return
		}
	}
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(fill)
	}
	a.emit(b)
}

func (a *assembler) common(name string, args []string) {
	if len(args) < 2 || len(args) > 3 {
		a.errorf("%s needs a name, a size and an optional alignment", name)
		return
	}
	size, ok := a.constArg(args[1])
	if !ok {
		return
	}
	align := int64(4)
	if len(args) == 3 {
		if align, ok = a.constArg(args[2]); !ok {
			return
		}
	}
	if size < 0 || size > 1<<24 || align <= 0 || align&(align-1) != 0 {
		a.errorf("%s: bad size or alignment", name)
		return
	}
	saved := a.cur
	a.cur = Bss
	s := a.sec()
	s.Align = max(s.Align, uint32(align))
	for int64(len(s.Data))%align != 0 {
		s.Data = append(s.Data, 0)
	}
	a.define(args[0], Bss, uint32(len(s.Data)))
	if sym := a.symbol(args[0]); sym.Type == SymNoType {
		sym.Type, sym.Size = SymObject, uint32(size)
	}
	if name == ".comm" && !a.locals[args[0]] {
		sym := a.symbol(args[0])
		sym.Global, sym.Common = true, true
	}
	s.Data = append(s.Data, make([]byte, size)...)
	a.cur = saved
}

// data emits .byte/.2byte/.4byte/.8byte values in the object's byte order;
// a symbol operand (only in 4-byte data) becomes an R_CPU0_32 relocation.
func (a *assembler) data(name string, n int, args []string) {
	for _, s := range args {
		e, err := parseDataExpr(s)
		if err != nil {
			a.errorf("%s: %v", name, err)
			return
		}
		if e.mod != 0 {
			a.errorf("%s: %%hi/%%lo not allowed in data", name)
			return
		}
		v := e.add
		if e.sub != "" {
			if !a.symDiff(name, n, e) {
				return
			}
			e.sym, v = "", 0 // filled in by resolveDiffs
		}
		if e.sym != "" {
			if n != 4 {
				a.errorf("%s: symbol values need a 4-byte directive", name)
				return
			}
			sec := a.sec()
			if a.cur.NoBits() {
				a.errorf("relocation in .bss")
				return
			}
			sec.Relocs = append(sec.Relocs, Reloc{Offset: uint32(len(sec.Data)), Type: R32, Sym: e.sym, Addend: int32(v), Line: a.line})
			v = 0
		}
		if n < 8 {
			lim := int64(1) << (8 * n)
			if v < -lim/2 || v >= lim {
				a.errorf("%s: value %d out of range", name, v)
				return
			}
		}
		b := make([]byte, 8)
		if a.opt.LittleEndian {
			for i := 0; i < n; i++ {
				b[i] = byte(uint64(v) >> (8 * i))
			}
		} else {
			for i := 0; i < n; i++ {
				b[i] = byte(uint64(v) >> (8 * (n - 1 - i)))
			}
		}
		a.emit(b[:n])
	}
}
