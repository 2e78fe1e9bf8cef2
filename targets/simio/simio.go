// Package simio holds what the targets' simulators share about their
// console: both read standard input one byte per load of an input port.
package simio

import (
	"bufio"
	"io"
)

// EOF is what an input-port load returns at the end of the input.
const EOF = 0xFFFFFFFF

// NextByte returns the next byte of src as an input-port load sees it:
// 0..255, or EOF at the end of src, on a read error, or when src is nil.
// *buf caches a buffered reader over src between calls (a src that is
// already an io.ByteReader is used as is).
func NextByte(src io.Reader, buf *io.ByteReader) uint32 {
	if *buf == nil {
		if src == nil {
			return EOF
		}
		if br, ok := src.(io.ByteReader); ok {
			*buf = br
		} else {
			*buf = bufio.NewReader(src)
		}
	}
	c, err := (*buf).ReadByte()
	if err != nil {
		return EOF
	}
	return uint32(c)
}
