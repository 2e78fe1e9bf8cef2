// MIR parser, lexical level: the line cursor and tokens (words, names, integers, attributes).

package mir

import (
	"strconv"
	"strings"
)

// Cursor helpers.

func (p *parser) eol() bool { return p.i >= len(p.line) }

// atEnd reports whether only blanks or a comment remain.
func (p *parser) atEnd() bool {
	p.skipSpace()
	return p.eol() || p.line[p.i] == ';'
}

func (p *parser) skipSpace() {
	for p.i < len(p.line) && (p.line[p.i] == ' ' || p.line[p.i] == '\t') {
		p.i++
	}
}

func (p *parser) peekByte() byte {
	if p.eol() {
		return 0
	}
	return p.line[p.i]
}

func (p *parser) accept(s string) bool {
	if strings.HasPrefix(p.line[p.i:], s) {
		p.i += len(s)
		return true
	}
	return false
}

func (p *parser) expect(s string) error {
	if !p.accept(s) {
		return p.errf("expected %q", s)
	}
	return nil
}

func isWordChar(c byte) bool { return isNameChar(c) && c != '$' || c == '-' || c == ':' || c == '#' }

// word reads a keyword-like token (letters, digits, _ . - : #).
func (p *parser) word() string {
	s := p.i
	for p.i < len(p.line) && isWordChar(p.line[p.i]) {
		p.i++
	}
	return p.line[s:p.i]
}

// ident reads an opcode or register name: letters, digits, _ and '.'.
func (p *parser) ident() string {
	s := p.i
	for p.i < len(p.line) {
		c := p.line[p.i]
		if !(isNameChar(c) && c != '$') {
			break
		}
		p.i++
	}
	return p.line[s:p.i]
}

// name reads a plain or Go-quoted name.
func (p *parser) name() (string, error) {
	if p.peekByte() == '"' {
		s := p.i
		p.i++
		for p.i < len(p.line) && p.line[p.i] != '"' {
			if p.line[p.i] == '\\' {
				p.i++
			}
			p.i++
		}
		if p.i >= len(p.line) {
			return "", p.errAt(pos{p.ln, s + 1}, "unterminated string")
		}
		p.i++
		v, err := strconv.Unquote(p.line[s:p.i])
		if err != nil {
			return "", p.errAt(pos{p.ln, s + 1}, "bad string: %v", err)
		}
		return v, nil
	}
	s := p.i
	for p.i < len(p.line) && isNameChar(p.line[p.i]) {
		p.i++
	}
	if s == p.i {
		return "", p.errf("expected a name")
	}
	return p.line[s:p.i], nil
}

// int reads a decimal integer with an optional sign.
func (p *parser) int() (int64, error) {
	s := p.i
	if p.peekByte() == '-' || p.peekByte() == '+' {
		p.i++
	}
	d := p.i
	for p.i < len(p.line) && p.line[p.i] >= '0' && p.line[p.i] <= '9' {
		p.i++
	}
	if d == p.i {
		p.i = s
		return 0, p.errf("expected an integer")
	}
	v, err := strconv.ParseInt(p.line[s:p.i], 10, 64)
	if err != nil {
		return 0, p.errAt(pos{p.ln, s + 1}, "integer out of range")
	}
	return v, nil
}

// offset reads an optional +N / -N.
func (p *parser) offset() (int64, error) {
	if c := p.peekByte(); c != '+' && c != '-' {
		return 0, nil
	}
	return p.int()
}

// endLine checks that nothing but a comment follows and returns the comment.
func (p *parser) endLine() (string, error) {
	if !p.atEnd() {
		return "", p.errf("unexpected %q", p.line[p.i:])
	}
	if p.eol() {
		return "", nil
	}
	c := p.line[p.i+1:]
	return strings.TrimPrefix(c, " "), nil
}

// attrs parses space-separated "key" and "key=value" items; val parses the
// value of a key (the cursor is after '=') or handles a bare key.
func (p *parser) attrs(val func(key string, at pos, hasValue bool) error) error {
	for !p.atEnd() {
		at := p.here()
		k := p.word()
		if k == "" {
			return p.errf("expected an attribute")
		}
		if strings.HasSuffix(k, ":") {
			return p.errAt(at, "unexpected %q", k)
		}
		hasValue := p.accept("=")
		if err := val(k, at, hasValue); err != nil {
			return err
		}
	}
	_, err := p.endLine()
	return err
}

func (p *parser) intValue(key string, hasValue bool) (int64, error) {
	if !hasValue {
		return 0, p.errf("%s needs a value", key)
	}
	return p.int()
}
