package asm

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteHex writes img in the reference model's hex format (spec §8.1): one
// two-digit hex byte per token in address order from 0, each line prefixed
// with a "/* addr: */" comment; .text lines carry the disassembly.
func WriteHex(w io.Writer, img *Image) error {
	bw := bufio.NewWriter(w)
	var order binary.ByteOrder = binary.BigEndian
	if img.LittleEndian {
		order = binary.LittleEndian
	}
	for a := uint32(0); a < uint32(len(img.Mem)); a += 4 {
		if name := img.SymbolAt(a); name != "" {
			fmt.Fprintf(bw, "// %s:\n", name)
		}
		end := min(a+4, uint32(len(img.Mem)))
		fmt.Fprintf(bw, "/* %x: */\t", a)
		for i := a; i < end; i++ {
			if i > a {
				bw.WriteByte(' ')
			}
			fmt.Fprintf(bw, "%02x", img.Mem[i])
		}
		if a < img.TextEnd && end == a+4 {
			fmt.Fprintf(bw, "\t/* %s */", strings.ReplaceAll(disasmText(Disassemble(order.Uint32(img.Mem[a:]), a)), "\t", " "))
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// WriteConfig writes the endianness configuration word (spec §8.1).
func WriteConfig(w io.Writer, littleEndian bool) error {
	v := 0
	if littleEndian {
		v = 1
	}
	_, err := fmt.Fprintf(w, "%d   /* 0: big endian, 1: little endian */\n", v)
	return err
}

// stripHexComments removes // and /* */ comments.
func stripHexComments(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "//"):
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return b.String(), nil
			}
			i += j - 1
		case strings.HasPrefix(s[i:], "/*"):
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				return "", fmt.Errorf("unterminated /* comment")
			}
			i += j + 3
			b.WriteByte(' ')
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String(), nil
}

// ReadHex reads a hex image: bytes are placed in address order from 0, and
// "@hexaddr" moves the load address. It returns the memory contents as
// (address, bytes) chunks.
func ReadHex(r io.Reader) ([]Chunk, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	text, err := stripHexComments(string(src))
	if err != nil {
		return nil, err
	}
	var chunks []Chunk
	cur := Chunk{}
	for _, tok := range strings.Fields(text) {
		if strings.HasPrefix(tok, "@") {
			v, err := strconv.ParseUint(tok[1:], 16, 32)
			if err != nil {
				return nil, fmt.Errorf("hex image: bad address %q", tok)
			}
			if len(cur.Data) > 0 {
				chunks = append(chunks, cur)
			}
			cur = Chunk{Addr: uint32(v)}
			continue
		}
		v, err := strconv.ParseUint(tok, 16, 8)
		if err != nil {
			return nil, fmt.Errorf("hex image: bad byte %q", tok)
		}
		cur.Data = append(cur.Data, byte(v))
	}
	if len(cur.Data) > 0 {
		chunks = append(chunks, cur)
	}
	return chunks, nil
}

// Chunk is a run of bytes loaded at an address.
type Chunk struct {
	Addr uint32
	Data []byte
}

// ReadConfig reads the endianness configuration word: bit 0 set means
// little-endian.
func ReadConfig(r io.Reader) (littleEndian bool, err error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return false, err
	}
	text, err := stripHexComments(string(src))
	if err != nil {
		return false, err
	}
	f := strings.Fields(text)
	if len(f) == 0 {
		return false, fmt.Errorf("config: missing endianness word")
	}
	v, err := strconv.ParseUint(f[0], 16, 32)
	if err != nil {
		return false, fmt.Errorf("config: bad word %q", f[0])
	}
	return v&1 == 1, nil
}
