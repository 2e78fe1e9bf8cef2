package asm

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"

	bw "lltosimd/targets/bwdsp"
)

// Object is a relocatable BWL object (docs/bwdsp.md, "Object files"): one
// assembled file whose symbol references are relocations, so that objects
// and assembly files link into one program (Link) wherever their code and
// data land. Code label values are bundle indices from the object's first
// bundle, data label values byte offsets from its first data byte.
type Object struct {
	Name    string
	Bundles [][]bw.Inst // relocated immediates hold 0
	Lines   []int       // source line per bundle
	Data    []byte      // relocated words hold 0
	// Align is the alignment the data needs (its largest .align, at
	// least 8): Link starts the object's data at a multiple of it.
	Align   int
	Funcs   []bw.Func
	Symbols []Symbol
	Relocs  []Reloc
}

// Symbol is a label an object defines.
type Symbol struct {
	Name   string
	Value  uint32
	Code   bool // a bundle index (else a data offset)
	Global bool // visible to other objects (.global or .weak)
	Weak   bool // gives way to a global definition
}

// Reloc kinds: the Inst field or the data word a reference fills in.
const (
	RelocImm  = 0 // Inst.Imm of Bundles[Bundle][Inst]
	RelocImm2 = 1 // Inst.Imm2 (the compare immediate of BCMPI)
	RelocData = 2 // the 32-bit data word at Off
)

// Reloc is one reference to a symbol: its value plus Addend goes into the
// field, with Line and Col for messages.
type Reloc struct {
	Kind         uint8
	Bundle, Inst int
	Off          int
	Sym          string
	Addend       int64
	Line, Col    int
}

// AssembleObject assembles one file into a relocatable object. Every
// symbol reference becomes a relocation (those to the file's own labels
// too); undefined symbols are left to Link. A difference of two symbols
// in data (`.word a - b`, jump-table offsets) must name two labels of the
// file of the same kind: it is resolved here.
func AssembleObject(file, src string) (*Object, error) {
	a := &assembler{labels: map[string]label{}, curFunc: -1, multi: true}
	a.files = []string{file}
	weak := map[string]bool{}
	a.global = []map[string]bool{scanGlobals(src, weak)}
	a.weak = []map[string]bool{weak}
	a.file = file
	a.assembleFile(src)
	o := &Object{Name: file, Data: a.data, Funcs: a.funcs, Align: max(a.dataAlign, 8)}
	for key, l := range a.labels {
		name, global := key, a.global[0][key]
		if !global {
			name = key[:len(key)-len("@0")]
		}
		v := l.val
		if !l.code {
			v -= bw.DataBase
		}
		o.Symbols = append(o.Symbols, Symbol{Name: name, Value: v, Code: l.code, Global: global, Weak: l.weak})
	}
	sortSymbols(o.Symbols)
	for _, f := range a.fixes {
		if f.sym2 == "" {
			if f.size != 4 {
				a.errf(f.line, f.col, "a symbol needs .word")
				continue
			}
			o.Relocs = append(o.Relocs, Reloc{Kind: RelocData, Off: f.off, Sym: f.sym, Addend: f.addend, Line: f.line, Col: f.col})
			continue
		}
		l, ok1 := a.labels[a.key(f.sym, 0)]
		l2, ok2 := a.labels[a.key(f.sym2, 0)]
		if !ok1 || !ok2 || l.code != l2.code {
			a.errf(f.line, f.col, "%s - %s: an object resolves a difference of two labels of its own of the same kind only", f.sym, f.sym2)
			continue
		}
		v := int64(l.val) - int64(l2.val) + f.addend
		if lo := int64(-1) << (8*f.size - 1); f.size < 4 && (v < lo || v >= -lo) {
			a.errf(f.line, f.col, "%s - %s = %d does not fit in %d bytes", f.sym, f.sym2, v, f.size)
			continue
		}
		putData(o.Data, f.off, f.size, v)
	}
	for bi, b := range a.bundles {
		var insts []bw.Inst
		for ii := range b.insts {
			pi := &b.insts[ii]
			for _, r := range pi.refs {
				k := uint8(RelocImm)
				if r.field == fieldImm2 {
					k = RelocImm2
				}
				o.Relocs = append(o.Relocs, Reloc{Kind: k, Bundle: bi, Inst: ii, Sym: r.sym, Addend: r.addend, Line: pi.line, Col: r.col})
			}
			pi.refs = nil // placeholders 0: checked again once linked
			if a.resolve(pi, 0) {
				insts = append(insts, pi.in)
			}
		}
		o.Bundles = append(o.Bundles, insts)
		o.Lines = append(o.Lines, b.line)
	}
	if len(a.errs) > 0 {
		return nil, a.errs
	}
	return o, nil
}

func putData(d []byte, off, size int, v int64) {
	switch size {
	case 1:
		d[off] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(d[off:], uint16(v))
	default:
		binary.LittleEndian.PutUint32(d[off:], uint32(v))
	}
}

func sortSymbols(s []Symbol) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j].Name < s[j-1].Name; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// Link places objects one after the other (code from bundle 0, data from
// bw.DataBase, each object's data aligned to its Align), resolves their relocations
// (an object's own labels first, then the global ones; a weak definition
// gives way to a global one) and checks every bundle again. `_end` is the
// 8-aligned end of the data unless an object defines it. Errors name the
// object and the line of the reference.
func Link(objs []*Object) (*bw.Program, error) {
	type def struct {
		val  uint32
		code bool
		weak bool
		obj  int
	}
	var errs ErrorList
	errf := func(file string, line, col int, format string, args ...any) {
		errs = append(errs, &Error{File: file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)})
	}
	prog := &bw.Program{Labels: map[string]uint32{}}
	if len(objs) > 0 {
		prog.File = objs[0].Name
	}
	codeBase := make([]int, len(objs))
	dataBase := make([]int, len(objs))
	globals := map[string]def{}
	locals := make([]map[string]def, len(objs))
	for k, o := range objs {
		for len(prog.Data)%max(o.Align, 1) != 0 {
			prog.Data = append(prog.Data, 0)
		}
		codeBase[k], dataBase[k] = len(prog.Bundles), bw.DataBase+len(prog.Data)
		locals[k] = map[string]def{}
		for _, s := range o.Symbols {
			d := def{val: s.Value + uint32(codeBase[k]), code: true, weak: s.Weak, obj: k}
			if !s.Code {
				d = def{val: s.Value + uint32(dataBase[k]), weak: s.Weak, obj: k}
			}
			if !s.Global {
				locals[k][s.Name] = d
				continue
			}
			old, dup := globals[s.Name]
			switch {
			case !dup, old.weak && !s.Weak:
				globals[s.Name] = d
			case s.Weak:
			default:
				errf(o.Name, 0, 0, "symbol %q already defined in %s", s.Name, objs[old.obj].Name)
			}
		}
		for _, b := range o.Bundles {
			prog.Bundles = append(prog.Bundles, append([]bw.Inst(nil), b...))
		}
		prog.Lines = append(prog.Lines, o.Lines...)
		for range o.Bundles {
			prog.BundleFiles = append(prog.BundleFiles, o.Name)
		}
		prog.Data = append(prog.Data, o.Data...)
		for _, f := range o.Funcs {
			prog.Funcs = append(prog.Funcs, bw.Func{Name: f.Name, Start: f.Start + codeBase[k], End: f.End + codeBase[k]})
		}
	}
	if _, ok := globals["_end"]; !ok {
		for len(prog.Data)%8 != 0 {
			prog.Data = append(prog.Data, 0)
		}
		globals["_end"] = def{val: uint32(bw.DataBase + len(prog.Data))}
	}
	for name, d := range globals {
		prog.Labels[name] = d.val
	}
	for k, o := range objs {
		for _, r := range o.Relocs {
			d, ok := locals[k][r.Sym]
			if !ok {
				d, ok = globals[r.Sym]
			}
			if !ok {
				errf(o.Name, r.Line, r.Col, "undefined symbol %q", r.Sym)
				continue
			}
			v := int64(d.val) + r.Addend
			if v < math.MinInt32 || v > math.MaxUint32 {
				errf(o.Name, r.Line, r.Col, "%s%+d does not fit in 32 bits", r.Sym, r.Addend)
				continue
			}
			if r.Kind == RelocData {
				if r.Off < 0 || r.Off+4 > len(o.Data) {
					errf(o.Name, r.Line, r.Col, "relocation at data offset %d outside the data", r.Off)
					continue
				}
				putData(prog.Data, dataBase[k]-bw.DataBase+r.Off, 4, v)
				continue
			}
			if r.Bundle < 0 || r.Bundle >= len(o.Bundles) || r.Inst < 0 || r.Inst >= len(o.Bundles[r.Bundle]) {
				errf(o.Name, r.Line, r.Col, "relocation of bundle %d instruction %d outside the code", r.Bundle, r.Inst)
				continue
			}
			in := &prog.Bundles[codeBase[k]+r.Bundle][r.Inst]
			if r.Kind == RelocImm2 {
				in.Imm2 = int32(v)
				continue
			}
			if in.Form().Unit == bw.UnitCtrl && !d.code {
				errf(o.Name, r.Line, r.Col, "branch target %q is a data label", r.Sym)
				continue
			}
			in.Imm = int32(v)
		}
	}
	for k, o := range objs {
		for i := range o.Bundles {
			pc := codeBase[k] + i
			b := prog.Bundles[pc]
			for j := range b {
				if err := bw.Validate(&b[j]); err != nil {
					errf(o.Name, prog.Lines[pc], 0, "%v", err)
				}
			}
			for _, e := range bw.CheckBundle(b) {
				errf(o.Name, prog.Lines[pc], 0, "%v", e)
			}
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return prog, nil
}

// objMagic starts an object file.
const objMagic = "BWO1"

// IsObject reports whether b is an object file.
func IsObject(b []byte) bool { return bytes.HasPrefix(b, []byte(objMagic)) }

// WriteObject writes o in the object file format (docs/bwdsp.md): the
// magic "BWO1", then little-endian 32-bit counts and fields: the code as
// encoded words (Encode), one line per bundle, the data and its
// alignment, the symbols, the relocations, the functions and the source
// name. Strings are a length
// and their bytes.
func WriteObject(w io.Writer, o *Object) error {
	var b bytes.Buffer
	u32 := func(v uint32) { b.Write(binary.LittleEndian.AppendUint32(nil, v)) }
	str := func(s string) { u32(uint32(len(s))); b.WriteString(s) }
	b.WriteString(objMagic)
	words := Encode(o.Bundles)
	u32(uint32(len(words)))
	for _, x := range words {
		u32(x)
	}
	u32(uint32(len(o.Lines)))
	for _, l := range o.Lines {
		u32(uint32(l))
	}
	u32(uint32(len(o.Data)))
	b.Write(o.Data)
	u32(uint32(o.Align))
	u32(uint32(len(o.Symbols)))
	for _, s := range o.Symbols {
		str(s.Name)
		u32(s.Value)
		var fl uint32
		for i, f := range []bool{s.Code, s.Global, s.Weak} {
			if f {
				fl |= 1 << i
			}
		}
		u32(fl)
	}
	u32(uint32(len(o.Relocs)))
	for _, r := range o.Relocs {
		u32(uint32(r.Kind))
		u32(uint32(r.Bundle))
		u32(uint32(r.Inst))
		u32(uint32(r.Off))
		str(r.Sym)
		u32(uint32(r.Addend))
		u32(uint32(r.Addend >> 32))
		u32(uint32(r.Line))
		u32(uint32(r.Col))
	}
	u32(uint32(len(o.Funcs)))
	for _, f := range o.Funcs {
		str(f.Name)
		u32(uint32(f.Start))
		u32(uint32(f.End))
	}
	str(o.Name)
	_, err := w.Write(b.Bytes())
	return err
}

// errTruncated reports an object file that ends early.
var errTruncated = errors.New("truncated object file")

// ReadObject reads an object file written by WriteObject; name is for
// messages. The code is decoded (and so validated and checked) again.
func ReadObject(name string, data []byte) (o *Object, err error) {
	if !IsObject(data) {
		return nil, fmt.Errorf("%s: not a BWL object file (no %q magic)", name, objMagic)
	}
	p := data[len(objMagic):]
	u32 := func() uint32 {
		if len(p) < 4 {
			panic(errTruncated)
		}
		v := binary.LittleEndian.Uint32(p)
		p = p[4:]
		return v
	}
	bytesN := func(n uint32) []byte {
		if uint64(n) > uint64(len(p)) {
			panic(errTruncated)
		}
		b := p[:n]
		p = p[n:]
		return b
	}
	str := func() string { return string(bytesN(u32())) }
	count := func() int {
		n := u32()
		if uint64(n) > uint64(len(p)) { // every element takes at least a byte
			panic(errTruncated)
		}
		return int(n)
	}
	defer func() {
		if r := recover(); r != nil {
			if r != errTruncated {
				panic(r)
			}
			o, err = nil, fmt.Errorf("%s: %v", name, errTruncated)
		}
	}()
	o = &Object{}
	words := make([]uint32, count())
	for i := range words {
		words[i] = u32()
	}
	if o.Bundles, err = Decode(words); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	o.Lines = make([]int, count())
	for i := range o.Lines {
		o.Lines[i] = int(u32())
	}
	if len(o.Lines) != len(o.Bundles) {
		return nil, fmt.Errorf("%s: %d lines for %d bundles", name, len(o.Lines), len(o.Bundles))
	}
	o.Data = append([]byte(nil), bytesN(u32())...)
	if o.Align = int(u32()); o.Align <= 0 || o.Align&(o.Align-1) != 0 || o.Align > 1<<16 {
		return nil, fmt.Errorf("%s: bad data alignment %d", name, o.Align)
	}
	for n := count(); n > 0; n-- {
		s := Symbol{Name: str(), Value: u32()}
		fl := u32()
		s.Code, s.Global, s.Weak = fl&1 != 0, fl&2 != 0, fl&4 != 0
		o.Symbols = append(o.Symbols, s)
	}
	for n := count(); n > 0; n-- {
		r := Reloc{Kind: uint8(u32()), Bundle: int(u32()), Inst: int(u32()), Off: int(u32()), Sym: str()}
		lo := u32()
		r.Addend = int64(uint64(u32())<<32 | uint64(lo))
		r.Line, r.Col = int(u32()), int(u32())
		if r.Kind > RelocData {
			return nil, fmt.Errorf("%s: bad relocation kind %d", name, r.Kind)
		}
		o.Relocs = append(o.Relocs, r)
	}
	for n := count(); n > 0; n-- {
		f := bw.Func{Name: str(), Start: int(u32()), End: int(u32())}
		if f.Start < 0 || f.End < f.Start || f.End > len(o.Bundles) {
			return nil, fmt.Errorf("%s: function %s outside the code", name, f.Name)
		}
		o.Funcs = append(o.Funcs, f)
	}
	o.Name = str()
	if len(p) != 0 {
		return nil, fmt.Errorf("%s: %d bytes after the object", name, len(p))
	}
	return o, nil
}
