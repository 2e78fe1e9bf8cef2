package frontend

import (
	"bytes"
	"strconv"
)

// rewriteNaNPayloads keeps the bit patterns of NaN constants that llir
// would lose. llir v0.3.6 keeps only the sign of a NaN literal, so
// "store float 0xFFFFFFFFE0000000" (float bits 0xFFFFFFFF) would store the
// default quiet NaN 0xFFC00000, which lli does not. Every NaN literal whose
// payload is not the default is rewritten into the equivalent constant
// expression "bitcast (i32 BITS to float)" (i64/double), which the
// frontend folds bit-exactly. The type is the nearest "float" or "double"
// before the literal on its line, which is the operand's type in every
// instruction and initializer form (binary operators, fcmp and phi state
// it once before their operands). Only the line's columns after a
// rewritten literal move. Input without NaN literals is returned unchanged.
func rewriteNaNPayloads(src []byte) []byte {
	if !bytes.Contains(src, []byte("0x7")) && !bytes.Contains(src, []byte("0xF")) && !bytes.Contains(src, []byte("0xf")) {
		return src
	}
	var out []byte
	last := 0
	lineStart := 0
	for i := 0; i+18 <= len(src); i++ {
		c := src[i]
		if c == '\n' {
			lineStart = i + 1
			continue
		}
		if c != '0' || src[i+1] != 'x' || (i > 0 && isIdentByte(src[i-1])) {
			continue
		}
		lit := src[i+2 : i+18]
		if i+18 < len(src) && isIdentByte(src[i+18]) {
			continue
		}
		bits, err := strconv.ParseUint(string(lit), 16, 64)
		if err != nil || bits&0x7ff0000000000000 != 0x7ff0000000000000 || bits&0x000fffffffffffff == 0 {
			continue // not a double-format NaN literal
		}
		repl := nanConstExpr(bits, nearestFloatType(src[lineStart:i]))
		if repl == "" {
			continue
		}
		out = append(out, src[last:i]...)
		out = append(out, repl...)
		last = i + 18
		i += 17
	}
	if out == nil {
		return src
	}
	return append(out, src[last:]...)
}

// nanConstExpr returns the constant expression for a NaN literal of
// double-format bits used as type typ ("float" or "double"), or "" when
// llir reads the literal right (the default quiet NaN) or typ is unknown.
func nanConstExpr(bits uint64, typ string) string {
	sign := bits >> 63
	switch typ {
	case "double":
		if bits == sign<<63|0x7ff8000000000000 {
			return ""
		}
		return "bitcast (i64 " + strconv.FormatInt(int64(bits), 10) + " to double)"
	case "float":
		if bits&(1<<29-1) != 0 {
			return "" // not exactly a float: invalid IR, left to the parser
		}
		f := uint32(sign<<31) | 0x7f800000 | uint32(bits&0x000fffffffffffff>>29)
		if f == uint32(sign<<31)|0x7fc00000 {
			return ""
		}
		return "bitcast (i32 " + strconv.FormatInt(int64(int32(f)), 10) + " to float)"
	}
	return ""
}

// nearestFloatType returns "float" or "double", whichever occurs last as a
// whole word in prefix, or "".
func nearestFloatType(prefix []byte) string {
	f, d := lastWord(prefix, "float"), lastWord(prefix, "double")
	switch {
	case f < 0 && d < 0:
		return ""
	case f > d:
		return "float"
	}
	return "double"
}

// lastWord returns the offset of the last whole-word occurrence of w in s,
// or -1.
func lastWord(s []byte, w string) int {
	for end := len(s); ; {
		k := bytes.LastIndex(s[:end], []byte(w))
		if k < 0 {
			return -1
		}
		after := k + len(w)
		if (k == 0 || !isIdentByte(s[k-1])) && (after == len(s) || !isIdentByte(s[after])) {
			return k
		}
		end = k
	}
}

// isIdentByte reports whether c can be part of an LLVM identifier or
// number token.
func isIdentByte(c byte) bool {
	return c == '_' || c == '.' || c == '$' || c == '-' ||
		'0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
