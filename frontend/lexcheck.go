package frontend

import (
	"errors"

	"github.com/llir/ll"
	"github.com/llir/ll/ast"
)

// checkTokens reports the first character sequence llir's lexer does not
// recognise. llir's parser skips invalid tokens silently, so without this
// check garbage input would "parse" into an empty module.
func checkTokens(filename, src string) *Error {
	var l ll.Lexer
	l.Init(src)
	for tok := l.Next(); tok != ll.EOI; tok = l.Next() {
		if tok == ll.INVALID_TOKEN {
			start, end := l.Pos()
			line, col := lineCol([]byte(src), start) // error path only
			text := string(src[start:min(end, start+40)])
			return &Error{File: filename, Line: line, Col: col, Msg: "invalid token '" + text + "'"}
		}
	}
	return nil
}

// syntaxErrorPos re-parses src (only on the error path) to find the byte
// offset of a syntax error, which llir's message reduces to a line.
func syntaxErrorPos(src []byte) (int, bool) {
	_, err := ast.Parse("", string(src))
	var se ll.SyntaxError
	if errors.As(err, &se) {
		return se.Offset, true
	}
	return 0, false
}

// tokenAt describes the text at a syntax error for the message.
func tokenAt(src []byte, off int) string {
	if off >= len(src) {
		return "end of file"
	}
	var l ll.Lexer
	l.Init(string(src[off:]))
	l.Next()
	_, end := l.Pos()
	if end <= 0 {
		end = 1
	}
	return "'" + string(src[off:off+min(end, 40)]) + "'"
}
