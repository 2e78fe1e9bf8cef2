package frontend

import (
	"bytes"

	"github.com/llir/llvm/ir"

	"lltosimd/mir"
)

// Diagnostics for translation errors point at the offending instruction.
// llir keeps no source positions, so the position is recovered from the
// text: the function's "define" line, then the n-th instruction line of
// its body (clang prints one instruction per line; labels, comments and
// blank lines are skipped).

func (t *translator) funcError(f *ir.Func, instNo int, msg string) *Error {
	e := &Error{File: t.opts.File, Msg: msg}
	def, insts := t.instrPositions(f)
	e.Line, e.Col = int(def.Line), int(def.Col)
	if instNo >= 0 && instNo < len(insts) {
		e.Line, e.Col = int(insts[instNo].Line), int(insts[instNo].Col)
	}
	return e
}

// instrPositions returns the position of f's "define" line and of each of
// its instructions, in the numbering of funcError (zero positions when
// the text has no such function). It scans the text once per function.
func (t *translator) instrPositions(f *ir.Func) (def mir.SrcPos, insts []mir.SrcPos) {
	if p, ok := t.positions[f]; ok {
		return p.def, p.insts
	}
	defer func() {
		if t.positions == nil {
			t.positions = map[*ir.Func]funcPositions{}
		}
		t.positions[f] = funcPositions{def, insts}
	}()
	src := t.opts.Src
	d, ok := t.defineLines()[f.Name()]
	if !ok {
		return def, nil
	}
	start, line := d.off, d.line
	def = mir.SrcPos{Line: int32(line), Col: 1}
	rest := src[start:]
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[i+1:]
	} else {
		return def, nil
	}
	inList := false // inside the bracketed case list of a switch
	for len(rest) > 0 {
		line++
		l := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			l, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		tl := bytes.TrimSpace(l)
		if inList {
			inList = len(tl) == 0 || tl[0] != ']'
			continue
		}
		if len(tl) == 0 || tl[0] == ';' || isLabel(tl) {
			continue
		}
		inList = tl[len(tl)-1] == '['
		if tl[0] == '}' {
			return def, insts
		}
		insts = append(insts, mir.SrcPos{Line: int32(line), Col: int32(firstCol(l))})
	}
	return def, insts
}

type funcPositions struct {
	def   mir.SrcPos
	insts []mir.SrcPos
}

// isLabel reports whether a trimmed line is a block label ("bb:", "12:",
// "\"x y\":", possibly followed by a comment).
func isLabel(l []byte) bool {
	if i := bytes.IndexByte(l, ';'); i >= 0 {
		l = bytes.TrimSpace(l[:i])
	}
	if len(l) < 2 || l[len(l)-1] != ':' {
		return false
	}
	return !bytes.ContainsAny(l, " =(") || l[0] == '"'
}

// defineLine is where a function's "define" line starts.
type defineLine struct{ off, line int }

// defineLines returns the "define" lines of the source by function name,
// found in one scan (a search per function would read the text once per
// function).
func (t *translator) defineLines() map[string]defineLine {
	if t.defines != nil {
		return t.defines
	}
	t.defines = map[string]defineLine{}
	src := t.opts.Src
	line, counted := 1, 0
	for off := 0; ; {
		i := bytes.Index(src[off:], []byte("define"))
		if i < 0 {
			break
		}
		i += off
		off = i + len("define")
		ls := bytes.LastIndexByte(src[:i], '\n') + 1
		if len(bytes.TrimLeft(src[ls:i], " \t")) > 0 {
			continue
		}
		end := bytes.IndexByte(src[i:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += i
		}
		name, ok := definedName(src[i:end])
		if !ok {
			continue
		}
		line += bytes.Count(src[counted:ls], []byte{'\n'})
		counted = ls
		if _, dup := t.defines[name]; !dup {
			t.defines[name] = defineLine{off: ls, line: line}
		}
	}
	return t.defines
}

// definedName returns the function name of a "define" line: the text of
// the first "@name(" or "@"name"(".
func definedName(l []byte) (string, bool) {
	at := bytes.IndexByte(l, '@')
	if at < 0 {
		return "", false
	}
	l = l[at+1:]
	if len(l) > 0 && l[0] == '"' {
		q := bytes.IndexByte(l[1:], '"')
		if q < 0 || q+2 >= len(l) || l[q+2] != '(' {
			return "", false
		}
		return string(l[1 : q+1]), true
	}
	p := bytes.IndexByte(l, '(')
	if p < 0 {
		return "", false
	}
	return string(l[:p]), true
}

func (t *translator) globalError(name, msg string) *Error {
	e := &Error{File: t.opts.File, Msg: msg}
	for _, pat := range [][]byte{[]byte("@" + name + " ="), []byte("@\"" + name + "\" =")} {
		for off := 0; ; {
			i := bytes.Index(t.opts.Src[off:], pat)
			if i < 0 {
				break
			}
			i += off
			if i == 0 || t.opts.Src[i-1] == '\n' {
				e.Line, e.Col = lineCol(t.opts.Src, i)
				return e
			}
			off = i + len(pat)
		}
	}
	return e
}
