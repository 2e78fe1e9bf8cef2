package asm

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	bw "lltosimd/targets/bwdsp"
)

// Error is an assembler error at a source position.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg) }

// ErrorList is every error of one assembly, in source order.
type ErrorList []*Error

func (l ErrorList) Error() string {
	s := make([]string, len(l))
	for i, e := range l {
		s[i] = e.Error()
	}
	return strings.Join(s, "\n")
}

// segment is one instruction's text and position.
type segment struct {
	text      string
	line, col int
}

// pbundle is a bundle being assembled.
type pbundle struct {
	insts []pinst
	line  int
	col   int
	file  int // index into assembler.files
}

// label is a defined symbol.
type label struct {
	val  uint32
	code bool
	line int
	weak bool
	file int
}

// dataFix is a `.word sym` (or `sym - sym2`) to patch once labels are
// known.
type dataFix struct {
	off       int
	size      int
	sym, sym2 string
	addend    int64
	line, col int
	file      int
}

// File is one assembly source of a program.
type File struct {
	Name, Src string
}

type assembler struct {
	file    string
	files   []string // names, for messages
	cur     int      // index of the file being read
	multi   bool     // several files: labels without .global are file-local
	global  []map[string]bool
	weak    []map[string]bool // per file: its .weak symbols
	errs    ErrorList
	bundles []*pbundle
	data    []byte
	labels  map[string]label
	fixes   []dataFix
	inData  bool
	funcs   []bw.Func
	curFunc int // index into funcs of the open .func, -1 if none
	// dataAlign is the largest .align in .data (objects keep it).
	dataAlign int
}

func (a *assembler) errf(line, col int, format string, args ...any) {
	a.errs = append(a.errs, &Error{a.file, line, col, fmt.Sprintf(format, args...)})
}

// Assemble assembles BWL source (spec §2.2) into a program. Errors carry
// file:line:col; all of them are returned together.
func Assemble(file string, src string) (*bw.Program, error) {
	return AssembleFiles([]File{{file, src}})
}

// AssembleFiles assembles several files into one program, in order, as
// a linker would: with more than one file, a label is visible in other
// files only when its file declares it `.global` (or `.weak`), so that
// local labels and static symbols of different files do not clash; a
// `.weak` definition gives way to a global one of the same name. `_end`
// is defined after the last data byte (the heap starts there) unless a
// file defines it. Program.File is the first file's name; the line
// numbers of bundles refer to their own files.
func AssembleFiles(files []File) (*bw.Program, error) {
	a := &assembler{labels: map[string]label{}, curFunc: -1, multi: len(files) > 1}
	for i, f := range files {
		a.files = append(a.files, f.Name)
		weak := map[string]bool{}
		a.global = append(a.global, scanGlobals(f.Src, weak))
		a.weak = append(a.weak, weak)
		a.cur, a.file, a.inData = i, f.Name, false // each file starts in .text
		a.assembleFile(f.Src)
	}
	if a.multi {
		if _, ok := a.labels["_end"]; !ok {
			for (bw.DataBase+len(a.data))%8 != 0 {
				a.data = append(a.data, 0)
			}
			a.labels["_end"] = label{val: uint32(bw.DataBase + len(a.data))}
		}
	}
	a.file = files[0].Name
	prog := a.finish()
	if len(a.errs) > 0 {
		return nil, a.errs
	}
	return prog, nil
}

// scanGlobals lists the symbols a file declares with .global, .globl or
// .weak (recording the weak ones in weak).
func scanGlobals(src string, weak map[string]bool) map[string]bool {
	g := map[string]bool{}
	for _, line := range strings.Split(src, "\n") {
		if k := strings.Index(line, "//"); k >= 0 {
			line = line[:k]
		}
		fs := strings.Fields(line)
		if len(fs) != 2 {
			continue
		}
		switch strings.ToLower(fs[0]) {
		case ".weak":
			weak[strings.ToLower(fs[1])] = true
			fallthrough
		case ".global", ".globl":
			g[strings.ToLower(fs[1])] = true
		}
	}
	return g
}

// key is the name under which a label of file i is stored: its own name
// when global (or with a single file), else one private to the file.
func (a *assembler) key(name string, i int) string {
	if !a.multi || a.global[i][name] {
		return name
	}
	return fmt.Sprintf("%s@%d", name, i)
}

// lookup resolves a symbol referenced from file i: the file's own label
// first, then a global one.
func (a *assembler) lookup(sym string, i int) (label, bool) {
	if l, ok := a.labels[a.key(sym, i)]; ok {
		return l, true
	}
	l, ok := a.labels[sym]
	return l, ok
}

func (a *assembler) assembleFile(src string) {
	var pending []segment // instructions of a bundle continued with a trailing `||`
	pendLine, pendCol := 0, 0
	lines := strings.Split(src, "\n")
	for i, raw := range lines {
		ln := i + 1
		text := raw
		if k := strings.Index(text, "//"); k >= 0 {
			text = text[:k]
		}
		col := 1
		// Labels.
		for {
			trim := strings.TrimLeft(text, " \t")
			col += len(text) - len(trim)
			text = trim
			j := 0
			for j < len(text) && isIdentChar(text[j]) {
				j++
			}
			if j == 0 || !isIdentStart(text[0]) || j >= len(text) || text[j] != ':' {
				break
			}
			if len(pending) > 0 {
				a.errf(ln, col, "label inside a continued bundle")
			}
			a.define(strings.ToLower(text[:j]), ln, col)
			text = text[j+1:]
			col += j + 1
		}
		text = strings.TrimRight(text, " \t\r")
		if text == "" {
			if len(pending) > 0 {
				continue // blank or comment lines inside a continued bundle
			}
			continue
		}
		if text[0] == '.' && len(pending) == 0 {
			a.directive(text, ln, col)
			continue
		}
		// Split the bundle on `||`.
		cont := strings.HasSuffix(text, "||")
		if cont {
			text = strings.TrimRight(text[:len(text)-2], " \t")
		}
		if len(pending) == 0 {
			pendLine, pendCol = ln, col
		}
		off := 0
		for _, part := range strings.Split(text, "||") {
			lead := len(part) - len(strings.TrimLeft(part, " \t"))
			pending = append(pending, segment{strings.TrimSpace(part), ln, col + off + lead})
			off += len(part) + 2
		}
		if cont {
			continue
		}
		a.bundle(pending, pendLine, pendCol)
		pending = nil
	}
	if len(pending) > 0 {
		a.errf(pendLine, pendCol, "bundle continued with `||` at the end of the file")
	}
	if a.curFunc >= 0 {
		a.errf(len(lines), 1, ".func %s has no .endfunc", a.funcs[a.curFunc].Name)
		a.curFunc = -1
	}
}

func (a *assembler) define(name string, line, col int) {
	weak := a.weak[a.cur][name]
	name = a.key(name, a.cur)
	if old, dup := a.labels[name]; dup {
		switch {
		case weak:
			return // the other definition wins
		case old.weak:
			delete(a.labels, name)
		case old.file != a.cur:
			a.errf(line, col, "label %q already defined in %s on line %d", name, a.files[old.file], old.line)
			return
		default:
			a.errf(line, col, "label %q already defined on line %d", name, old.line)
			return
		}
	}
	if RegisterName(name) {
		a.errf(line, col, "label %q is a register name", name)
		return
	}
	if a.inData {
		a.labels[name] = label{val: uint32(bw.DataBase + len(a.data)), line: line, weak: weak, file: a.cur}
	} else {
		a.labels[name] = label{val: uint32(len(a.bundles)), code: true, line: line, weak: weak, file: a.cur}
	}
}

// bundle parses the instructions of one bundle.
func (a *assembler) bundle(segs []segment, line, col int) {
	if a.inData {
		a.errf(line, col, "instruction in .data")
		return
	}
	b := &pbundle{line: line, col: col, file: a.cur}
	if len(segs) == 1 && strings.EqualFold(segs[0].text, "nop") {
		a.bundles = append(a.bundles, b) // an empty bundle (spec §2.2)
		return
	}
	for _, s := range segs {
		if s.text == "" {
			a.errf(s.line, s.col, "empty instruction between `||`")
			continue
		}
		toks, err := lex(s.text, s.col)
		if err == nil {
			var pi pinst
			pi, err = parseInst(toks)
			if err == nil {
				pi.col, pi.line = s.col, s.line
				b.insts = append(b.insts, pi)
				continue
			}
		}
		col := s.col
		var pe *posError
		if errors.As(err, &pe) {
			col = pe.col
		}
		a.errf(s.line, col, "%v", err)
	}
	a.bundles = append(a.bundles, b)
}

// finish resolves symbols, validates every instruction and checks every
// bundle against the resource rules.
func (a *assembler) finish() *bw.Program {
	prog := &bw.Program{File: a.file, Data: a.data, Labels: map[string]uint32{}, Funcs: a.funcs}
	for name, l := range a.labels {
		prog.Labels[name] = l.val
	}
	for _, f := range a.fixes {
		a.file = a.files[f.file]
		l, ok := a.lookup(f.sym, f.file)
		if !ok {
			a.errf(f.line, f.col, "undefined symbol %q", f.sym)
			continue
		}
		v := int64(l.val) + f.addend
		if f.sym2 != "" {
			l2, ok := a.lookup(f.sym2, f.file)
			switch {
			case !ok:
				a.errf(f.line, f.col, "undefined symbol %q", f.sym2)
				continue
			case l2.code != l.code:
				a.errf(f.line, f.col, "%s - %s: one is a code label and the other a data label", f.sym, f.sym2)
				continue
			}
			v = int64(l.val) - int64(l2.val) + f.addend
			if lo := int64(-1) << (8*f.size - 1); f.size < 4 && (v < lo || v >= -lo) {
				a.errf(f.line, f.col, "%s - %s = %d does not fit in %d bytes", f.sym, f.sym2, v, f.size)
				continue
			}
		}
		switch f.size {
		case 1:
			a.data[f.off] = byte(v)
		case 2:
			binary.LittleEndian.PutUint16(a.data[f.off:], uint16(v))
		default:
			binary.LittleEndian.PutUint32(a.data[f.off:], uint32(v))
		}
	}
	for _, b := range a.bundles {
		var insts []bw.Inst
		ok := true
		a.file = a.files[b.file]
		for i := range b.insts {
			pi := &b.insts[i]
			if !a.resolve(pi, b.file) {
				ok = false
				continue
			}
			insts = append(insts, pi.in)
		}
		if ok {
			for _, e := range bw.CheckBundle(insts) {
				a.errf(b.line, b.col, "%v", e)
			}
		}
		prog.Bundles = append(prog.Bundles, insts)
		prog.Lines = append(prog.Lines, b.line)
		if a.multi {
			prog.BundleFiles = append(prog.BundleFiles, a.files[b.file])
		}
	}
	return prog
}

// resolve fills in symbolic immediates and validates the instruction.
func (a *assembler) resolve(pi *pinst, file int) bool {
	in := &pi.in
	f := in.Form()
	for _, r := range pi.refs {
		l, ok := a.lookup(r.sym, file)
		if !ok {
			a.errf(pi.line, r.col, "undefined symbol %q", r.sym)
			return false
		}
		isTarget := f.Unit == bw.UnitCtrl && r.field == fieldImm
		if isTarget && !l.code {
			a.errf(pi.line, r.col, "branch target %q is a data label", r.sym)
			return false
		}
		v := int64(l.val) + r.addend
		if v < math.MinInt32 || v > math.MaxUint32 {
			a.errf(pi.line, r.col, "%s%+d does not fit in 32 bits", r.sym, r.addend)
			return false
		}
		if r.field == fieldImm2 {
			in.Imm2 = int32(v)
		} else {
			in.Imm = int32(v)
		}
	}
	if in.Guard.On && f.Guarded() && f.Lanes() == pi.guardMacro {
		if pi.guardMacro {
			a.errf(pi.line, pi.col, "the guard of a lane instruction reads its own lanes: write (CPk), not (%cCPk)", bw.MacroNames[in.Guard.Macro])
		} else {
			a.errf(pi.line, pi.col, "an address-unit instruction has no lanes: its guard must name a macro, e.g. (xCP%d)", in.Guard.K)
		}
		return false
	}
	if err := bw.Validate(in); err != nil {
		a.errf(pi.line, pi.col, "%v", err)
		return false
	}
	return true
}

// directive handles the directives of spec §2.2.
func (a *assembler) directive(text string, line, col int) {
	name, rest, _ := strings.Cut(text, " ")
	if i := strings.IndexAny(name, "\t"); i >= 0 {
		name, rest = name[:i], name[i:]+" "+rest
	}
	name = strings.ToLower(name)
	rest = strings.TrimSpace(rest)
	args := []string{}
	if rest != "" {
		for _, s := range strings.Split(rest, ",") {
			args = append(args, strings.TrimSpace(s))
		}
	}
	argCol := col + len(name) + 1
	needData := func() bool {
		if !a.inData {
			a.errf(line, col, "%s belongs in .data", name)
			return false
		}
		return true
	}
	switch name {
	case ".text":
		a.inData = false
	case ".data":
		a.inData = true
	case ".global", ".globl", ".weak":
		if len(args) != 1 {
			a.errf(line, col, "%s takes one symbol", name)
		}
	case ".func":
		if len(args) != 1 || a.inData {
			a.errf(line, col, ".func takes one name and belongs in .text")
			return
		}
		if a.curFunc >= 0 {
			a.errf(line, col, ".func %s inside .func %s", args[0], a.funcs[a.curFunc].Name)
			return
		}
		a.funcs = append(a.funcs, bw.Func{Name: strings.ToLower(args[0]), Start: len(a.bundles)})
		a.curFunc = len(a.funcs) - 1
	case ".endfunc":
		if a.curFunc < 0 {
			a.errf(line, col, ".endfunc without .func")
			return
		}
		a.funcs[a.curFunc].End = len(a.bundles)
		a.curFunc = -1
	case ".align":
		n, err := strconv.ParseInt(strings.Join(args, ""), 0, 32)
		if err != nil || n <= 0 || n&(n-1) != 0 {
			a.errf(line, argCol, ".align takes a power of two")
			return
		}
		if a.inData {
			a.dataAlign = max(a.dataAlign, int(n))
			for (bw.DataBase+len(a.data))%int(n) != 0 {
				a.data = append(a.data, 0)
			}
		}
	case ".space":
		n, err := strconv.ParseInt(strings.Join(args, ""), 0, 32)
		if err != nil || n < 0 {
			a.errf(line, argCol, ".space takes a byte count")
			return
		}
		if needData() {
			a.data = append(a.data, make([]byte, n)...)
		}
	case ".word", ".half", ".byte":
		if !needData() {
			return
		}
		size := map[string]int{".word": 4, ".half": 2, ".byte": 1}[name]
		for _, s := range args {
			a.dataValue(s, size, line, argCol)
		}
	case ".float":
		if !needData() {
			return
		}
		for _, s := range args {
			v, err := strconv.ParseFloat(s, 32)
			if err != nil {
				a.errf(line, argCol, "bad float %q", s)
				continue
			}
			a.data = binary.LittleEndian.AppendUint32(a.data, math.Float32bits(float32(v)))
		}
	default:
		a.errf(line, col, "unknown directive %s", name)
	}
}

// dataValue appends one `.word`/`.half`/`.byte` value: a number, or for
// .word a symbol with an optional addend (`#` optional).
func (a *assembler) dataValue(s string, size, line, col int) {
	s = strings.TrimPrefix(strings.ToLower(s), "#")
	v, err := strconv.ParseInt(s, 0, 64)
	if err != nil {
		u, err2 := strconv.ParseUint(s, 0, 64)
		if err2 == nil {
			v, err = int64(u), nil
		}
	}
	if err != nil {
		sym, sym2, addend, ok := parseSymExpr(s)
		if !ok {
			a.errf(line, col, "bad value %q", s)
			return
		}
		if size != 4 && sym2 == "" {
			a.errf(line, col, "a symbol needs .word (a difference of two symbols may be narrower)")
			return
		}
		a.fixes = append(a.fixes, dataFix{off: len(a.data), size: size, sym: sym, sym2: sym2, addend: addend, line: line, col: col, file: a.cur})
		a.data = append(a.data, make([]byte, size)...)
		return
	}
	lo, hi := int64(-1)<<(8*size-1), int64(1)<<(8*size)-1
	if v < lo || v > hi {
		a.errf(line, col, "value %d does not fit in %d bytes", v, size)
		return
	}
	switch size {
	case 1:
		a.data = append(a.data, byte(v))
	case 2:
		a.data = binary.LittleEndian.AppendUint16(a.data, uint16(v))
	default:
		a.data = binary.LittleEndian.AppendUint32(a.data, uint32(v))
	}
}

// parseSymExpr parses a data value `sym`, `sym+n`, `sym-n`, `sym-sym2`,
// `sym-sym2+n` or `sym-sym2-n` (sym2 "" when absent).
func parseSymExpr(s string) (sym, sym2 string, addend int64, ok bool) {
	ident := func(t string) bool {
		if t == "" || !isIdentStart(t[0]) {
			return false
		}
		for i := 0; i < len(t); i++ {
			if !isIdentChar(t[i]) {
				return false
			}
		}
		return true
	}
	// Split into terms with their signs.
	var terms []string
	var signs []byte
	start, sign := 0, byte('+')
	for i := 1; i <= len(s); i++ {
		if i == len(s) || s[i] == '+' || s[i] == '-' {
			terms = append(terms, strings.TrimSpace(s[start:i]))
			signs = append(signs, sign)
			if i < len(s) {
				sign, start = s[i], i+1
			}
		}
	}
	for i, t := range terms {
		switch {
		case i == 0 && ident(t) && signs[i] == '+':
			sym = t
		case i == 1 && ident(t) && signs[i] == '-':
			sym2 = t
		case i > 0:
			n, err := strconv.ParseInt(t, 0, 64)
			if err != nil {
				return "", "", 0, false
			}
			if signs[i] == '-' {
				n = -n
			}
			addend += n
		default:
			return "", "", 0, false
		}
	}
	return sym, sym2, addend, sym != ""
}
