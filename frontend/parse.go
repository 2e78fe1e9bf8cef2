// Package frontend reads LLVM IR text (as printed by clang-14) and lowers it
// into generic MIR: the G_* ops of package mir on 32-bit virtual registers,
// as docs/generic-mir.md defines.
//
// Parse reads the text into github.com/llir/llvm's ir.Module: after
// textual pre-passes for what that module cannot represent (getelementptr
// instructions with constant-expression indices, NaN payloads), with the
// fast parser of package frontend/llparse, and with llir's own parser for
// whatever that one does not read (it also gives the diagnostics: its
// errors and panics become *Error values with positions). Translate
// lowers a module:
//
//   - integers of 1..64 bits (wider than 32: a low/high word pair), pointers
//     (one word; in memory the datalayout's pointer size), and first-class
//     aggregates in registers (extractvalue/insertvalue, *.with.overflow);
//
//   - all integer arithmetic, compares, casts, select, phi, freeze, switch
//     (jump tables when dense, else a binary compare tree), allocas (frame
//     objects or G_DYN_ALLOCA), loads and stores split by alignment in the
//     target byte order, getelementptr, direct and indirect calls with
//     signext/zeroext/byval/sret, variadic functions with pointer va_lists;
//
//   - global initializers (ints, strings, arrays, structs, addresses and
//     constant expressions of them), laid out by the module's datalayout;
//
//   - the intrinsics clang emits for C (memory, bit manipulation, min/max,
//     abs, funnel shifts, overflow and saturating arithmetic, va_*, stack
//     save/restore, trap, lifetime/debug markers).
//
//   - float and double (float.go), vectors (vector.go), atomics as the
//     generic atomic ops that the atomic-lowering pass expands
//     (atomic.go), relative lookup tables of PIC code (pic.go),
//     blockaddress and indirectbr (blockaddr.go), global constructors
//     called by main (ctors.go), inline assembly (inlineasm.go).
//
// Everything else (other floating-point types, exceptions, inline asm
// constraints other than r m i n g X and ties, struct va_lists,
// destructors) is reported as "unsupported: ..." at the offending line.
package frontend

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"regexp"
	"strconv"
	"strings"
	"unsafe"

	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"

	"lltosimd/frontend/llparse"
)

// Error is a diagnostic with the best source position known.
type Error struct {
	File      string
	Line, Col int // 1-based; 0 when unknown
	Msg       string
}

func (e *Error) Error() string {
	switch {
	case e.Line > 0 && e.Col > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

var (
	syntaxLineRE = regexp.MustCompile(`syntax error at line (\d+)`)
	identRE      = regexp.MustCompile(`"([%@][^"]+)"`)
)

// llir's getelementptr type computation writes an advisory through the
// standard logger for valid IR (indices into vector types, which LLVM 14
// accepts) and nothing else here logs: the logger is silenced so that
// stderr carries only lltosimd's own diagnostics.
func init() { log.SetOutput(io.Discard) }

// Parse parses LLVM IR text. It never panics: failures of the underlying
// parser (errors and panics alike) become *Error values. The parser reads
// src in place: src must not be modified afterwards.
func Parse(filename string, src []byte) (m *ir.Module, err error) {
	defer func() {
		if r := recover(); r != nil {
			m, err = nil, &Error{File: filename, Line: 1, Col: 1, Msg: fmt.Sprintf("cannot parse LLVM IR: %v", r)}
		}
	}()
	rewritten := rewriteNaNPayloads(rewriteForLLIR(src))
	// One read-only string view of the text serves both parsers and the
	// token check (the module's names refer to it): no copies of a module
	// of megabytes at the compilation's memory peak.
	text := unsafe.String(unsafe.SliceData(rewritten), len(rewritten))
	if m, err := llparse.Parse(text); err == nil {
		return m, nil
	}
	// What the fast parser does not read (rare constructs, or invalid IR)
	// llir parses: same module, and its diagnostics.
	if e := checkTokens(filename, text); e != nil {
		return nil, e
	}
	m, err = asm.ParseString(filename, text)
	if err != nil {
		return nil, parseError(filename, rewritten, err)
	}
	return m, nil
}

// parseError converts an llir error into an *Error with a position: llir
// reports syntax errors by line only, and resolution errors by identifier,
// which is then searched for in the source.
func parseError(filename string, src []byte, err error) *Error {
	msg := err.Error()
	// llir wraps every error in "unable to parse ... into an AST: " etc.
	if i := strings.LastIndex(msg, "into an AST: "); i >= 0 {
		msg = msg[i+len("into an AST: "):]
	}
	e := &Error{File: filename, Msg: msg}
	if sm := syntaxLineRE.FindStringSubmatch(msg); sm != nil {
		e.Line, _ = strconv.Atoi(sm[1])
		e.Col = firstCol(lineText(src, e.Line))
		if off, ok := syntaxErrorPos(src); ok && off <= len(src) {
			e.Line, e.Col = lineCol(src, off)
			e.Msg = "syntax error: unexpected " + tokenAt(src, off)
		}
		return e
	}
	// "unable to locate local identifier "%y" of "@f"" and similar.
	// The first occurrence of an undefined name is a use of it.
	if q := identRE.FindStringSubmatch(msg); q != nil {
		if off := bytes.Index(src, []byte(q[1])); off >= 0 {
			e.Line, e.Col = lineCol(src, off)
		}
	}
	if e.Line == 0 {
		e.Line, e.Col = 1, 1
	}
	return e
}

func lineCol(src []byte, off int) (int, int) {
	line := 1 + bytes.Count(src[:off], []byte{'\n'})
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	return line, off - start + 1
}

func lineText(src []byte, line int) []byte {
	for i := 1; i < line; i++ {
		j := bytes.IndexByte(src, '\n')
		if j < 0 {
			return nil
		}
		src = src[j+1:]
	}
	if j := bytes.IndexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	return src
}

// firstCol returns the 1-based column of the first non-blank character.
func firstCol(line []byte) int {
	for i, c := range line {
		if c != ' ' && c != '\t' {
			return i + 1
		}
	}
	return 1
}

// rewriteForLLIR rewrites what llir v0.3.6 cannot read into an equivalent
// form it can. Today that is a getelementptr instruction whose index is a
// constant expression other than ptrtoint (clang -O2 emits e.g.
// "i64 zext (i1 icmp eq (...) to i64)"), on which llir panics: the index is
// hoisted into "%lltosimd.gepidx.N = add T 0, EXPR" placed on the same line
// so that line numbers in diagnostics stay right. Input without such
// instructions is returned unchanged (no copy).
func rewriteForLLIR(src []byte) []byte {
	if !bytes.Contains(src, []byte("getelementptr")) {
		return src
	}
	var out []byte
	last, n := 0, 0
	for pos := 0; pos < len(src); {
		end := bytes.IndexByte(src[pos:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += pos
		}
		line := src[pos:end]
		if k := bytes.Index(line, []byte("= getelementptr ")); k >= 0 {
			if fixed, ok := hoistGEPIndices(line, k+len("= getelementptr "), &n); ok {
				out = append(out, src[last:pos]...)
				out = append(out, fixed...)
				last = end
			}
		}
		pos = end + 1
	}
	if out == nil {
		return src
	}
	return append(out, src[last:]...)
}

// hoistGEPIndices rewrites one getelementptr instruction line; args is the
// offset of the text after "getelementptr ".
func hoistGEPIndices(line []byte, args int, n *int) ([]byte, bool) {
	parts := splitTopLevel(line[args:])
	if len(parts) < 3 {
		return nil, false
	}
	var pre strings.Builder
	indent := line[:firstCol(line)-1]
	body := string(line[len(indent):args])
	changed := false
	for i, p := range parts {
		text := strings.TrimSpace(string(p))
		if i > 0 {
			body += ","
			if len(p) > 0 && p[0] == ' ' {
				body += " "
			}
		}
		if i >= 2 && isHoistableIndex(text) {
			sp := strings.IndexByte(text, ' ')
			name := fmt.Sprintf("%%lltosimd.gepidx.%d", *n)
			*n++
			fmt.Fprintf(&pre, "%s = add %s 0, %s ", name, text[:sp], strings.TrimSpace(text[sp+1:]))
			text = text[:sp] + " " + name
			changed = true
		}
		body += text
	}
	if !changed {
		return nil, false
	}
	return []byte(string(indent) + pre.String() + body), true
}

// isHoistableIndex reports whether "T EXPR" has a constant expression EXPR
// (a keyword followed by a parenthesis) that llir cannot use as an index.
func isHoistableIndex(s string) bool {
	sp := strings.IndexByte(s, ' ')
	if sp < 0 || !strings.HasPrefix(s, "i") {
		return false
	}
	e := strings.TrimSpace(s[sp+1:])
	k := 0
	for k < len(e) && (e[k] >= 'a' && e[k] <= 'z' || e[k] == '_') {
		k++
	}
	if k == 0 || e[:k] == "ptrtoint" {
		return false
	}
	rest := strings.TrimLeft(e[k:], " ")
	for strings.HasPrefix(rest, "nuw ") || strings.HasPrefix(rest, "nsw ") || strings.HasPrefix(rest, "exact ") ||
		strings.HasPrefix(rest, "eq ") || strings.HasPrefix(rest, "ne ") || strings.HasPrefix(rest, "slt ") ||
		strings.HasPrefix(rest, "sle ") || strings.HasPrefix(rest, "sgt ") || strings.HasPrefix(rest, "sge ") ||
		strings.HasPrefix(rest, "ult ") || strings.HasPrefix(rest, "ule ") || strings.HasPrefix(rest, "ugt ") ||
		strings.HasPrefix(rest, "uge ") {
		rest = rest[strings.IndexByte(rest, ' ')+1:]
	}
	return strings.HasPrefix(rest, "(")
}

// splitTopLevel splits s at commas outside brackets and string quotes.
func splitTopLevel(s []byte) [][]byte {
	var parts [][]byte
	depth, start, inStr := 0, 0, false
	for i, c := range s {
		switch {
		case inStr:
			if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '(' || c == '[' || c == '{' || c == '<':
			depth++
		case c == ')' || c == ']' || c == '}' || c == '>':
			depth--
		case c == ',' && depth == 0:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}
