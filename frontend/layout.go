package frontend

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/llir/llvm/ir/types"
)

// Layout is the part of an LLVM datalayout string that decides memory sizes
// and offsets: byte order, pointer size and alignment, and the ABI alignment
// of each integer width. Every size and offset the frontend computes comes
// from here so that 32-bit (mipsel) and 64-bit (x86_64) IR both lay out
// their structs exactly as the IR producer did.
type Layout struct {
	BigEndian  bool
	PtrSize    int64 // bytes a pointer occupies in memory
	PtrAlign   int64 // ABI alignment of pointers
	PtrPref    int64 // preferred alignment of pointers
	IntAlign   map[int]int64
	FloatAlign map[int]int64 // f<size>:<abi> (i386: f64:32, so a double field is 4-aligned)
	VecAlign   map[int]int64 // v<size>:<abi> (ARM: v128:64); other sizes are naturally aligned
	StackAlign int64         // natural stack alignment in bytes (S), 0 if unspecified
	AggrAlign  int64         // ABI alignment of aggregates (a:)
	// The preferred alignments (<size>:<abi>:<pref>; the ABI one if not
	// given), which global variables get.
	IntPref, FloatPref, VecPref map[int]int64
	AggrPref                    int64

	structs map[*types.StructType]*StructLayout // memoized Struct results
}

// IRBigEndian reports the byte order the module's datalayout declares (and
// whether it declares one). Code that clang optimized for one byte order
// (combined loads, bit-field layout) is only correct when translated for
// the same order, so a driver should warn about or reject a mismatch with
// its target.
func IRBigEndian(datalayout string) (big, specified bool) {
	for _, spec := range strings.Split(datalayout, "-") {
		switch spec {
		case "e":
			return false, true
		case "E":
			return true, true
		}
	}
	return false, false
}

// DefaultLayout is LLVM's default datalayout (what an empty string means).
func DefaultLayout() *Layout {
	return &Layout{
		PtrSize:    8,
		PtrAlign:   8,
		PtrPref:    8,
		IntAlign:   map[int]int64{1: 1, 8: 1, 16: 2, 32: 4, 64: 4},
		FloatAlign: map[int]int64{16: 2, 32: 4, 64: 8, 128: 16},
		VecAlign:   map[int]int64{64: 8, 128: 16},
		AggrAlign:  1,
		IntPref:    map[int]int64{1: 1, 8: 1, 16: 2, 32: 4, 64: 8},
		FloatPref:  map[int]int64{16: 2, 32: 4, 64: 8, 128: 16},
		VecPref:    map[int]int64{64: 8, 128: 16},
		AggrPref:   8,
		structs:    make(map[*types.StructType]*StructLayout),
	}
}

// ParseLayout parses a datalayout string ("e-m:e-p:32:32-i64:64-n32-S64").
func ParseLayout(s string) (*Layout, error) {
	l := DefaultLayout()
	if s == "" {
		return l, nil
	}
	bits := func(f string) (int64, error) {
		v, err := strconv.ParseInt(f, 10, 64)
		if err != nil || v < 0 || v%8 != 0 {
			return 0, fmt.Errorf("bad datalayout size %q in %q", f, s)
		}
		return v / 8, nil
	}
	// pref returns the preferred alignment field f[i] of a spec, which
	// defaults to the ABI alignment abi.
	pref := func(f []string, i int, abi int64) (int64, error) {
		if len(f) <= i {
			return abi, nil
		}
		return bits(f[i])
	}
	for _, spec := range strings.Split(s, "-") {
		if spec == "" {
			continue
		}
		f := strings.Split(spec, ":")
		switch {
		case spec == "e":
			l.BigEndian = false
		case spec == "E":
			l.BigEndian = true
		case spec[0] == 'p':
			// p[n]:size:abi[:pref[:idx]]; only address space 0 matters.
			if as := f[0][1:]; as != "" && as != "0" {
				continue
			}
			if len(f) < 2 {
				return nil, fmt.Errorf("bad datalayout pointer spec %q", spec)
			}
			size, err := bits(f[1])
			if err != nil {
				return nil, err
			}
			l.PtrSize, l.PtrAlign = size, size
			if len(f) > 2 {
				if l.PtrAlign, err = bits(f[2]); err != nil {
					return nil, err
				}
			}
			if l.PtrPref, err = pref(f, 3, l.PtrAlign); err != nil {
				return nil, err
			}
		case spec[0] == 'i' || spec[0] == 'f' || spec[0] == 'v':
			w, err := strconv.Atoi(f[0][1:])
			if err != nil || len(f) < 2 {
				return nil, fmt.Errorf("bad datalayout type spec %q", spec)
			}
			a, err := bits(f[1])
			if err != nil {
				return nil, err
			}
			map[byte]map[int]int64{'i': l.IntAlign, 'f': l.FloatAlign, 'v': l.VecAlign}[spec[0]][w] = a
			p, err := pref(f, 2, a)
			if err != nil {
				return nil, err
			}
			map[byte]map[int]int64{'i': l.IntPref, 'f': l.FloatPref, 'v': l.VecPref}[spec[0]][w] = p
		case spec[0] == 'a':
			if len(f) > 1 {
				a, err := bits(f[1])
				if err != nil {
					return nil, err
				}
				if a > 0 {
					l.AggrAlign = a
				}
				if l.AggrPref, err = pref(f, 2, a); err != nil {
					return nil, err
				}
			}
		case spec[0] == 'S':
			a, err := bits(spec[1:])
			if err != nil {
				return nil, err
			}
			l.StackAlign = a
		}
		// m:, n, F, A, G, P, ni: do not affect memory layout.
	}
	return l, nil
}

// intAlign returns the ABI alignment of an integer of the given width.
func (l *Layout) intAlign(w int) int64 { return widthAlign(l.IntAlign, w) }

// widthAlign looks up the alignment of an integer width in a datalayout
// table: the entry for the width, or else that of the next larger
// specified width, or else the largest specified one (LLVM's rule).
func widthAlign(table map[int]int64, w int) int64 {
	if a, ok := table[w]; ok {
		return a
	}
	best, bestW := int64(0), 0
	largest, largestW := int64(1), 0
	for k, a := range table {
		if k > w && (bestW == 0 || k < bestW) {
			best, bestW = a, k
		}
		if k > largestW {
			largest, largestW = a, k
		}
	}
	if bestW != 0 {
		return best
	}
	return largest
}

// StoreSize returns the number of bytes a store of t writes.
func (l *Layout) StoreSize(t types.Type) (int64, error) {
	switch t := t.(type) {
	case *types.IntType:
		return (int64(t.BitSize) + 7) / 8, nil
	case *types.PointerType:
		return l.PtrSize, nil
	case *types.FloatType:
		return floatSize(t)
	case *types.VectorType:
		return l.vectorStoreSize(t)
	}
	return l.AllocSize(t)
}

// AllocSize returns the distance between consecutive elements of type t in
// an array (the store size rounded up to the ABI alignment).
func (l *Layout) AllocSize(t types.Type) (int64, error) {
	switch t := t.(type) {
	case *types.IntType:
		s := (int64(t.BitSize) + 7) / 8
		return alignTo(s, l.intAlign(int(t.BitSize))), nil
	case *types.PointerType:
		return alignTo(l.PtrSize, l.PtrAlign), nil
	case *types.FloatType:
		s, err := floatSize(t)
		if err != nil {
			return 0, err
		}
		return alignTo(s, l.floatAlign(s)), nil
	case *types.ArrayType:
		es, err := l.AllocSize(t.ElemType)
		if err != nil {
			return 0, err
		}
		if es > 0 && t.Len > uint64(math.MaxInt64/es) {
			return 0, fmt.Errorf("unsupported: type '%s' is too large", t)
		}
		return es * int64(t.Len), nil
	case *types.StructType:
		sl, err := l.Struct(t)
		if err != nil {
			return 0, err
		}
		return sl.Size, nil
	case *types.VectorType:
		s, err := l.vectorStoreSize(t)
		if err != nil {
			return 0, err
		}
		return alignTo(s, l.vectorAlign(s)), nil
	}
	return 0, unsupportedType(t)
}

// Align returns the ABI alignment of t.
func (l *Layout) Align(t types.Type) (int64, error) {
	switch t := t.(type) {
	case *types.IntType:
		return l.intAlign(int(t.BitSize)), nil
	case *types.PointerType:
		return l.PtrAlign, nil
	case *types.FloatType:
		s, err := floatSize(t)
		if err != nil {
			return 0, err
		}
		return l.floatAlign(s), nil
	case *types.ArrayType:
		return l.Align(t.ElemType)
	case *types.StructType:
		sl, err := l.Struct(t)
		if err != nil {
			return 0, err
		}
		return sl.Align, nil
	case *types.VectorType:
		s, err := l.vectorStoreSize(t)
		if err != nil {
			return 0, err
		}
		return l.vectorAlign(s), nil
	}
	return 0, unsupportedType(t)
}

// floatAlign is the ABI alignment of a floating-point type of size bytes
// (LLVM always has an entry for f16, f32, f64 and f128).
func (l *Layout) floatAlign(size int64) int64 { return sizeAlign(l.FloatAlign, size) }

// sizeAlign looks up the alignment of a float or vector type of size
// bytes in a datalayout table, defaulting to the size rounded up to a
// power of two.
func sizeAlign(table map[int]int64, size int64) int64 {
	if a, ok := table[int(8*size)]; ok && a > 0 {
		return a
	}
	a := int64(1)
	for a < size {
		a *= 2
	}
	return a
}

// vectorStoreSize is the bytes a vector of integers or pointers occupies:
// its lanes packed bit by bit.
func (l *Layout) vectorStoreSize(t *types.VectorType) (int64, error) {
	var bits int64
	switch e := t.ElemType.(type) {
	case *types.IntType:
		bits = int64(e.BitSize)
	case *types.PointerType:
		bits = 8 * l.PtrSize
	case *types.FloatType:
		n, err := l.StoreSize(e)
		if err != nil {
			return 0, err
		}
		bits = 8 * n
	default:
		return 0, unsupportedType(t)
	}
	if t.Scalable || t.Len > 1<<20 {
		return 0, unsupportedType(t)
	}
	return (bits*int64(t.Len) + 7) / 8, nil
}

// vectorAlign is the ABI alignment of a vector of size bytes: the
// datalayout's entry for exactly that size (ARM: v128:64), or else LLVM's
// default, the store size rounded up to a power of two.
func (l *Layout) vectorAlign(size int64) int64 { return sizeAlign(l.VecAlign, size) }

// PrefAlign returns the preferred alignment of t (DataLayout's
// getPrefTypeAlign): the datalayout's preferred entries ("i8:8:32",
// "f64:32:64", "a:0:64"), which default to the ABI ones.
func (l *Layout) PrefAlign(t types.Type) (int64, error) {
	switch t := t.(type) {
	case *types.IntType:
		return widthAlign(l.IntPref, int(t.BitSize)), nil
	case *types.PointerType:
		return l.PtrPref, nil
	case *types.FloatType:
		s, err := floatSize(t)
		if err != nil {
			return 0, err
		}
		return sizeAlign(l.FloatPref, s), nil
	case *types.VectorType:
		s, err := l.vectorStoreSize(t)
		if err != nil {
			return 0, err
		}
		return sizeAlign(l.VecPref, s), nil
	case *types.ArrayType:
		return l.PrefAlign(t.ElemType)
	case *types.StructType:
		sl, err := l.Struct(t)
		if err != nil {
			return 0, err
		}
		return max(l.AggrPref, sl.Align), nil
	}
	return l.Align(t)
}

// GlobalAlign returns the alignment LLVM gives a global variable of type t
// defined in the module (DataLayout::getPreferredAlign, LLVM 14): explicit
// is its `align` (0 if none) and section whether it names a section. Code
// optimized under this layout relies on it: accesses to such a global may
// claim its preferred alignment even when the IR states none.
func (l *Layout) GlobalAlign(t types.Type, explicit int64, section bool) (int64, error) {
	if explicit > 0 && section {
		return explicit, nil // no padding inside a section the user controls
	}
	a, err := l.PrefAlign(t)
	if err != nil {
		return 0, err
	}
	if explicit > 0 {
		if explicit >= a {
			return explicit, nil
		}
		abi, err := l.Align(t)
		if err != nil {
			return 0, err
		}
		return max(explicit, abi), nil
	}
	// A large global without an explicit alignment gets 16 bytes.
	bits := int64(0)
	if it, ok := t.(*types.IntType); ok {
		bits = int64(it.BitSize)
	} else {
		size, err := l.AllocSize(t)
		if err != nil {
			return 0, err
		}
		bits = 8 * size
	}
	if bits > 128 {
		a = max(a, 16)
	}
	return a, nil
}

// StructLayout gives the byte offset of each field of a struct.
type StructLayout struct {
	Offsets []int64
	Size    int64
	Align   int64
}

// Struct lays out a struct type (packed structs have no padding).
func (l *Layout) Struct(t *types.StructType) (*StructLayout, error) {
	if sl, ok := l.structs[t]; ok {
		return sl, nil
	}
	if t.Opaque {
		return nil, fmt.Errorf("unsupported: opaque struct type %s", t)
	}
	sl := &StructLayout{Offsets: make([]int64, len(t.Fields)), Align: 1}
	if !t.Packed && l.AggrAlign > 1 {
		sl.Align = l.AggrAlign
	}
	var off int64
	for i, ft := range t.Fields {
		a := int64(1)
		if !t.Packed {
			var err error
			if a, err = l.Align(ft); err != nil {
				return nil, err
			}
		}
		off = alignTo(off, a)
		sl.Offsets[i] = off
		s, err := l.AllocSize(ft)
		if err != nil {
			return nil, err
		}
		if off += s; off < 0 {
			return nil, fmt.Errorf("unsupported: type '%s' is too large", t)
		}
		if a > sl.Align {
			sl.Align = a
		}
	}
	sl.Size = alignTo(off, sl.Align)
	l.structs[t] = sl
	return sl, nil
}

func alignTo(v, a int64) int64 {
	if a <= 1 {
		return v
	}
	return (v + a - 1) / a * a
}

func unsupportedType(t types.Type) error {
	switch t.(type) {
	case *types.FloatType:
		return fmt.Errorf("unsupported: floating-point type '%s'", t)
	case *types.VectorType:
		return fmt.Errorf("unsupported: vector type '%s'", t)
	}
	return fmt.Errorf("unsupported: type '%s'", t)
}
