package binout

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"sort"
	"strings"

	"lltosimd/targets/cpu0/asm"
	"lltosimd/targets/cpu0/elf"
)

// Disassemble prints a Cpu0 ELF object or hex image (named name) as lines
// of address, bytes (in file order) and instruction. An object prints each
// non-empty section with its labels, and names the symbol and addend of
// every relocated field (whose bytes hold the implicit addend); its byte order comes from the ELF header. A hex image
// has no sections or symbols: every word is decoded, in the byte order
// littleEndian gives (-march=cpu0el).
func Disassemble(w io.Writer, name string, data []byte, littleEndian bool) error {
	bw := bufio.NewWriter(w)
	if elf.IsELF(data) {
		obj, err := elf.Read(name, data, 0)
		if err != nil {
			return err
		}
		printObject(bw, obj)
	} else {
		chunks, err := asm.ReadHex(bytes.NewReader(data))
		if err != nil {
			return fmt.Errorf("%s: not an ELF object, and %v", name, err)
		}
		for _, c := range chunks {
			printWords(bw, c.Addr, c.Data, littleEndian, true, nil, nil)
		}
	}
	return bw.Flush()
}

func printObject(w *bufio.Writer, obj *asm.Object) {
	for k := asm.Text; k < asm.Discard; k++ {
		s := obj.Sections[k]
		if len(s.Data) == 0 {
			continue
		}
		fmt.Fprintf(w, "Disassembly of section %s:\n", k)
		labels := map[uint32][]string{}
		for _, n := range obj.Order {
			if sym := obj.Symbols[n]; sym.Defined && sym.Section == k {
				labels[sym.Value] = append(labels[sym.Value], n)
			}
		}
		relocs := map[uint32]asm.Reloc{}
		for _, r := range s.Relocs {
			relocs[r.Offset] = r
		}
		if k.NoBits() {
			printLabels(w, labels, 0, uint32(len(s.Data))+1)
			fmt.Fprintf(w, "%8x:\t(%d bytes of zeros)\n", 0, len(s.Data))
			continue
		}
		printWords(w, 0, s.Data, obj.LittleEndian, k == asm.Text, labels, relocs)
	}
}

// printLabels prints the labels in [from, to) in address order.
func printLabels(w *bufio.Writer, labels map[uint32][]string, from, to uint32) {
	var addrs []uint32
	for a := range labels {
		if a >= from && a < to {
			addrs = append(addrs, a)
		}
	}
	sort.Slice(addrs, func(i, j int) bool { return addrs[i] < addrs[j] })
	for _, a := range addrs {
		for _, n := range labels[a] {
			fmt.Fprintf(w, "%s:\n", n)
		}
	}
}

// printWords prints data (loaded at addr) word by word, decoded as
// instructions if code is set; a trailing partial word is printed as bytes.
func printWords(w *bufio.Writer, addr uint32, data []byte, le, code bool, labels map[uint32][]string, relocs map[uint32]asm.Reloc) {
	var order binary.ByteOrder = binary.BigEndian
	if le {
		order = binary.LittleEndian
	}
	for i := 0; i < len(data); i += 4 {
		a := addr + uint32(i)
		printLabels(w, labels, a, a+4)
		if i+4 > len(data) {
			fmt.Fprintf(w, "%8x:\t% x\n", a, data[i:])
			break
		}
		word := order.Uint32(data[i:])
		r, hasReloc := relocs[uint32(i)]
		if hasReloc {
			word = elf.WithAddend(word, r) // the bytes as the file has them
		}
		text := fmt.Sprintf(".4byte\t0x%08x", word)
		if code {
			text = asm.Disassemble(word, a)
		}
		if hasReloc {
			// The field holds no final value yet: name what fills it.
			if j := strings.Index(text, "\t#"); j >= 0 {
				text = text[:j]
			}
			sym := r.Sym
			if r.Addend != 0 {
				sym = fmt.Sprintf("%s%+d", sym, r.Addend)
			}
			text += fmt.Sprintf("\t# %s %s", r.Type, sym)
		}
		var raw [4]byte
		order.PutUint32(raw[:], word)
		fmt.Fprintf(w, "%8x:\t% x\t%s\n", a, raw, text)
	}
}
