package codegen

import (
	"encoding/binary"
	"fmt"

	"lltosimd/mir"
)

// OpenCL address spaces of module globals (SPIR numbering; clang erases
// them in host-triple IR, where the frontend gives a kernel's __local
// variables address space 3 again: frontend.hostLocal).
const (
	addrSpaceConstant = 2
	addrSpaceLocal    = 3
)

// Globals is the memory of a module's globals as a kernel sees it:
//
//   - Data, the initial image of every global that is not __local
//     (__constant tables, clang's private copies of constant initializers,
//     program-scope variables), one copy per launch: the launcher copies
//     it to memory and passes its address as a uniform word after the
//     kernel arguments. Words at the offsets in Relocs hold addresses of
//     globals relative to Data's start: the launcher adds the address.
//   - LocalBytes of __local globals (address space 3), one zeroed copy
//     per work-group, whose address is the next uniform word.
//
// Offsets in both keep each global's alignment (at least 4, so word
// loads of a global never straddle two globals).
type Globals struct {
	Data       []byte
	Relocs     []int
	LocalBytes int
	place      map[string]globalPlace
}

type globalPlace struct {
	local bool
	off   int64
}

// LayoutGlobals places the globals of m (see Globals). It fails on
// initializers vc4 cannot express (differences of addresses, addresses
// of functions or of __local globals).
func LayoutGlobals(m *mir.Module) (*Globals, error) {
	gl := &Globals{place: map[string]globalPlace{}}
	var data, local int64
	for _, g := range m.Globals {
		al := g.Align
		if al < 4 {
			al = 4
		}
		if g.AddrSpace == addrSpaceLocal {
			local = (local + al - 1) / al * al
			gl.place[g.Name] = globalPlace{local: true, off: local}
			local += g.Size
			continue
		}
		data = (data + al - 1) / al * al
		gl.place[g.Name] = globalPlace{off: data}
		data += g.Size
	}
	gl.Data = make([]byte, (data+3)&^3)
	gl.LocalBytes = int((local + 3) &^ 3)
	for _, g := range m.Globals {
		p := gl.place[g.Name]
		if p.local {
			continue // __local memory has no initializer in OpenCL C
		}
		off := p.off
		for _, it := range g.Items {
			switch it.Kind {
			case mir.DataInt:
				b := gl.Data[off : off+it.Size]
				switch it.Size {
				case 1:
					b[0] = byte(it.Value)
				case 2:
					binary.LittleEndian.PutUint16(b, uint16(it.Value))
				case 4:
					binary.LittleEndian.PutUint32(b, uint32(it.Value))
				case 8:
					binary.LittleEndian.PutUint64(b, uint64(it.Value))
				}
			case mir.DataBytes:
				copy(gl.Data[off:], it.Bytes)
			case mir.DataZero:
			case mir.DataSym:
				t, ok := gl.place[it.Sym]
				if !ok || t.local || it.Size != 4 {
					return nil, fmt.Errorf("global '%s': its initializer holds the address of '%s', which vc4 cannot place in the data image", g.Name, it.Sym)
				}
				binary.LittleEndian.PutUint32(gl.Data[off:], uint32(t.off+it.Value))
				gl.Relocs = append(gl.Relocs, int(off))
			default:
				return nil, fmt.Errorf("global '%s': initializer item kind %d is not supported on vc4", g.Name, it.Kind)
			}
			off += it.Size
		}
	}
	return gl, nil
}

// Place returns where global sym lives: in the per-work-group __local
// area or in the data image, at offset off.
func (gl *Globals) Place(sym string) (local bool, off int64, ok bool) {
	if gl == nil {
		return false, 0, false
	}
	p, ok := gl.place[sym]
	return p.local, p.off, ok
}

// globalUses reports whether the kernel addresses globals of the data
// image and __local globals; a symbol that is no global of the module (a
// function's address) is an error.
func (l *lowerer) globalUses() (data, local bool, err error) {
	for _, b := range l.g.blocks {
		for _, in := range l.g.facts[b].instrs {
			if in.Op != mir.GGlobalAddr {
				continue
			}
			sym := in.Uses()[0].Sym
			isLocal, _, ok := l.globals.Place(sym)
			if !ok {
				return false, false, l.posError(in, fmt.Errorf("function '%s': the address of '%s' (not a global variable of the module) is not supported on vc4", l.f.Name, sym))
			}
			if isLocal {
				local = true
			} else {
				data = true
			}
		}
	}
	return data, local, nil
}
