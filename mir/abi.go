package mir

// ArgDesc is the immediate that describes one argument group of G_ARGS and
// G_CALL (see docs/generic-mir.md).
type ArgDesc int64

// Argument descriptor bits.
const (
	ArgWordsMask ArgDesc = 0x7f
	// ArgVariadic marks an argument of a call that matches the `...` of
	// the callee's type: a target whose variadic arguments travel apart
	// from the named ones (BWDSP) needs to know; O32 targets ignore it.
	ArgVariadic ArgDesc = 1 << 7
	ArgAlign8   ArgDesc = 1 << 8  // the first word must be 8-byte aligned (i64, double)
	ArgByVal    ArgDesc = 1 << 9  // one word: address of an object of Size() bytes passed by value
	ArgSRet     ArgDesc = 1 << 10 // hidden struct-return pointer

	// argByValAlignShift places log2 of a byval object's alignment in
	// bits 11-15.
	argByValAlignShift = 11
)

// MakeArgDesc builds a descriptor for an argument of n words.
func MakeArgDesc(words int, flags ArgDesc) ArgDesc { return ArgDesc(words)&ArgWordsMask | flags }

// MakeByValDesc builds a descriptor for a byval argument of size bytes
// whose copy must be align-byte aligned (a power of two).
func MakeByValDesc(size, align int64) ArgDesc {
	lg := 0
	for int64(1)<<lg < align && lg < 31 {
		lg++
	}
	return 1 | ArgByVal | ArgDesc(lg)<<argByValAlignShift | ArgDesc(size<<16)
}

// ByValAlign returns the alignment a byval object's copy must have.
func (d ArgDesc) ByValAlign() int64 { return 1 << (d >> argByValAlignShift & 31) }

// Words returns the number of register words in the group.
func (d ArgDesc) Words() int { return int(d & ArgWordsMask) }

// Size returns the byte size of a byval object.
func (d ArgDesc) Size() int64 { return int64(d >> 16) }

// Has reports whether all of the flag bits are set.
func (d ArgDesc) Has(f ArgDesc) bool { return d&f == f }
