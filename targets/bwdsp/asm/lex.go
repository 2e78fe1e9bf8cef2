// Package asm is the BWL assembler, encoder and disassembler (spec
// bwdsp.md §2.2–§2.4; the encoding is the project's own, docs/bwdsp.md).
package asm

import (
	"fmt"
	"strings"
)

// tokKind classifies tokens.
type tokKind uint8

const (
	tkIdent tokKind = iota
	tkNum
	tkPunct
	tkEOF
)

type token struct {
	kind tokKind
	s    string // lower-cased text (names are case-insensitive, spec §2.2)
	col  int    // 1-based column
}

// puncts lists the punctuation tokens, longest first so that the lexer
// takes `>>>` before `>>` before `>=` before `>`.
var puncts = []string{
	">>>", "+=", "|=", "&=", "&&", "==", "!=", "<=", ">=", "<<", ">>",
	"[", "]", "(", ")", ",", ":", "=", "+", "-", "&", "|", "^", "*", "/", "%", "~", "!", "?", "#", "<", ">",
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '.' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isIdentChar(c byte) bool { return isIdentStart(c) || (c >= '0' && c <= '9') }

// lex splits one instruction's text, which starts at column col0 of its
// line.
func lex(s string, col0 int) ([]token, error) {
	var toks []token
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case isIdentStart(c):
			j := i
			for j < len(s) && isIdentChar(s[j]) {
				j++
			}
			toks = append(toks, token{tkIdent, strings.ToLower(s[i:j]), col0 + i})
			i = j
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && (isIdentChar(s[j])) {
				j++
			}
			toks = append(toks, token{tkNum, strings.ToLower(s[i:j]), col0 + i})
			i = j
		default:
			ok := false
			for _, p := range puncts {
				if strings.HasPrefix(s[i:], p) {
					toks = append(toks, token{tkPunct, p, col0 + i})
					i += len(p)
					ok = true
					break
				}
			}
			if !ok {
				return nil, &posError{col0 + i, fmt.Sprintf("unexpected character %q", c)}
			}
		}
	}
	toks = append(toks, token{tkEOF, "", col0 + len(s)})
	return toks, nil
}

// posError is an error at a column of the current line.
type posError struct {
	col int
	msg string
}

func (e *posError) Error() string { return e.msg }
