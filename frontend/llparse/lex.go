package llparse

// The lexer reads LLVM IR text one token at a time, in place: token texts
// are substrings of the source, so lexing allocates nothing.

type tokKind uint8

const (
	tEOF      tokKind = iota
	tWord             // keyword, type name, bare word: define, i32, x
	tLabel            // block label definition: "13:", "bb:", "\"a b\":" (text without the colon)
	tLocal            // %name, %12, %"quoted" (text without the %)
	tGlobal           // @name (text without the @)
	tMetaName         // !name (text without the !)
	tMetaID           // !12 (text without the !)
	tAttrID           // #0 (text without the #)
	tComdat           // $name (text without the $)
	tInt              // -12, 42
	tFloat            // 1.5e+00, 0x3FF0000000000000, 0xK...
	tString           // "..." (text with the quotes)
	tCString          // c"..." (text with the quotes, without the c)
	tPunct            // one of ( ) [ ] { } < > , = * ! |
	tBad              // a character no token starts with
)

type lexer struct {
	src   string
	pos   int // offset after the current token
	kind  tokKind
	text  string // the current token's text (see tokKind)
	start int    // offset of the current token
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '$' || c == '.' || c == '_'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// next advances to the next token.
func (l *lexer) next() {
	src := l.src
	i := l.pos
	for i < len(src) {
		c := src[i]
		if c == ' ' || c == '\n' || c == '\t' || c == '\r' {
			i++
			continue
		}
		if c == ';' {
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		}
		break
	}
	l.start = i
	if i >= len(src) {
		l.kind, l.text, l.pos = tEOF, "", i
		return
	}
	c := src[i]
	switch {
	case c == '%' || c == '@' || c == '$':
		j := l.name(i + 1)
		l.text = src[i+1 : j]
		l.pos = j
		switch c {
		case '%':
			l.kind = tLocal
		case '@':
			l.kind = tGlobal
		default:
			l.kind = tComdat
		}
		if j == i+1 {
			l.kind = tBad
		}
		return
	case c == '!':
		j := i + 1
		for j < len(src) && (isWordByte(src[j]) || src[j] == '\\') {
			j++
		}
		if j == i+1 {
			l.kind, l.text, l.pos = tPunct, "!", j
			return
		}
		l.text, l.pos = src[i+1:j], j
		l.kind = tMetaID
		for k := i + 1; k < j; k++ {
			if !isDigit(src[k]) {
				l.kind = tMetaName
				break
			}
		}
		return
	case c == '#':
		j := i + 1
		for j < len(src) && isDigit(src[j]) {
			j++
		}
		l.kind, l.text, l.pos = tAttrID, src[i+1:j], j
		if j == i+1 {
			l.kind = tBad
		}
		return
	case c == '"':
		j := l.str(i)
		if j < 0 {
			l.kind, l.text, l.pos = tBad, "", len(src)
			return
		}
		l.text, l.pos = src[i:j], j
		l.kind = tString
		if j < len(src) && src[j] == ':' {
			l.kind, l.pos = tLabel, j+1
		}
		return
	case c == 'c' && i+1 < len(src) && src[i+1] == '"':
		j := l.str(i + 1)
		if j < 0 {
			l.kind, l.text, l.pos = tBad, "", len(src)
			return
		}
		l.kind, l.text, l.pos = tCString, src[i+1:j], j
		return
	case isDigit(c) || c == '-' && i+1 < len(src) && isDigit(src[i+1]):
		l.number(i)
		return
	case isWordByte(c):
		j := i + 1
		for j < len(src) && isWordByte(src[j]) {
			j++
		}
		l.text, l.pos = src[i:j], j
		l.kind = tWord
		if j < len(src) && src[j] == ':' {
			l.kind, l.pos = tLabel, j+1
		}
		return
	}
	switch c {
	case '(', ')', '[', ']', '{', '}', '<', '>', ',', '=', '*', '|':
		l.kind, l.text, l.pos = tPunct, src[i:i+1], i+1
		return
	}
	l.kind, l.text, l.pos = tBad, src[i:i+1], i+1
}

// name returns the end of the name (bare, numeric or quoted) at i.
func (l *lexer) name(i int) int {
	src := l.src
	if i < len(src) && src[i] == '"' {
		if j := l.str(i); j >= 0 {
			return j
		}
		return i
	}
	j := i
	if j < len(src) && isDigit(src[j]) {
		// An ID: digits only ("@0a" is @0 followed by a word).
		for j < len(src) && isDigit(src[j]) {
			j++
		}
		return j
	}
	for j < len(src) && isWordByte(src[j]) {
		j++
	}
	return j
}

// str returns the offset after the string literal starting at i, or -1.
// LLVM strings have no escape for the quote character (it is \22) and no
// raw newlines.
func (l *lexer) str(i int) int {
	src := l.src
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '"':
			return j + 1
		case '\n':
			return -1
		}
	}
	return -1
}

// number lexes an integer, a decimal or hexadecimal floating-point literal,
// or a numeric label ("12:").
func (l *lexer) number(i int) {
	src := l.src
	if src[i] == '0' && i+1 < len(src) && src[i+1] == 'x' {
		j := i + 2
		if j < len(src) && (src[j] == 'K' || src[j] == 'L' || src[j] == 'M' || src[j] == 'H' || src[j] == 'R') {
			j++
		}
		for j < len(src) && isHex(src[j]) {
			j++
		}
		l.kind, l.text, l.pos = tFloat, src[i:j], j
		return
	}
	j := i + 1
	for j < len(src) && isDigit(src[j]) {
		j++
	}
	if j < len(src) && src[j] == ':' && src[i] != '-' {
		l.kind, l.text, l.pos = tLabel, src[i:j], j+1
		return
	}
	if j < len(src) && src[j] == '.' {
		j++
		for j < len(src) && isDigit(src[j]) {
			j++
		}
		if j < len(src) && (src[j] == 'e' || src[j] == 'E') {
			k := j + 1
			if k < len(src) && (src[k] == '+' || src[k] == '-') {
				k++
			}
			if k < len(src) && isDigit(src[k]) {
				j = k
				for j < len(src) && isDigit(src[j]) {
					j++
				}
			}
		}
		l.kind, l.text, l.pos = tFloat, src[i:j], j
		return
	}
	if j < len(src) && isWordByte(src[j]) {
		// "12abc": not a number; a bare word LLVM would reject.
		l.kind, l.text, l.pos = tBad, src[i:j+1], j+1
		return
	}
	l.kind, l.text, l.pos = tInt, src[i:j], j
}
