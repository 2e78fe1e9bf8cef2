package bwdsp

import (
	"errors"

	"lltosimd/mir"
	"lltosimd/passes"
)

// The data BWDSP gives the shared packetizer (passes/packetize.go): the
// §2.6 latencies of the form table, the §2.4 resource rules through
// CheckBundle, and the locations of Inst.Reads/Writes as registers. The
// target's passes.Machine hooks it up with one line,
//
//	func (Machine) VLIWInfo() passes.VLIWInfo { return bwdsp.NewVLIW(bwdsp.FromMIR) }
//
// where the converter turns a selected, allocated MIR instruction into the
// decoded Inst the checker reads (its second result, non-zero when the
// instruction's immediate is a symbol, only matters for memory offsets).
// BWDSP interlocks (§2.5, §2.6), so the packetizer never inserts nops.

// Converter turns a MIR instruction into a decoded BWL instruction; T is
// the symbolic form of its immediate, whose zero value means "none".
type Converter[T comparable] func(f *mir.Func, mi *mir.Instr, blockLabel func(*mir.Block) string) (Inst, T, error)

// NewVLIW returns BWDSP's passes.VLIWInfo, converting MIR instructions
// with conv.
func NewVLIW[T comparable](conv Converter[T]) passes.VLIWInfo {
	return vliw{conv: func(f *mir.Func, mi *mir.Instr) (Inst, bool, error) {
		in, sym, err := conv(f, mi, func(*mir.Block) string { return "L" })
		var none T
		return in, sym != none, err
	}}
}

type vliw struct {
	conv func(f *mir.Func, mi *mir.Instr) (in Inst, symbolic bool, err error)
}

// FormOf returns the form of a BWDSP MIR op, or nil for generic ops.
func FormOf(op mir.Opcode) *Form {
	if op.IsGeneric() || int(op-mir.FirstTargetOp) >= len(Forms) {
		return nil
	}
	return &Forms[op-mir.FirstTargetOp]
}

// Latency is the §2.6 latency of mi's write of def: the form's, except for
// the address register a post-modifying access writes back, which the
// address unit has ready in LatOther (as the simulator's scoreboard does).
func Latency(mi *mir.Instr, def mir.Reg) int {
	f := FormOf(mi.Op)
	if f == nil {
		return 1
	}
	if f.PostModify() && def >= AddrReg(0) && def < LCReg(0) {
		return LatOther
	}
	return f.Lat
}

// CheckPacket checks one bundle against the rules of §2.4 and joins the
// violations into one error (nil when the bundle is legal).
func CheckPacket(b []Inst) error {
	return errors.Join(CheckBundle(b)...)
}

// LocReg maps an architectural location to its register of Arch: the
// two numberings list the same locations in the same order.
func LocReg(l Loc) mir.Reg { return mir.Reg(firstGPR + int(l)) }

func (vliw) MaxPacket() int { return MaxBundle }

func (vliw) Latency(_ *mir.Func, mi *mir.Instr, def mir.Reg) int { return Latency(mi, def) }

// RegEffects joins the MIR operands (implicit ones included: a call's
// argument registers) with the locations the decoded instruction reads and
// writes, which add every lane of a SIMD mask, guards, RA and the loop
// counters.
func (v vliw) RegEffects(f *mir.Func, mi *mir.Instr) (defs, uses []mir.Reg) {
	defs, uses = passes.OperandRegEffects(mi)
	if FormOf(mi.Op) == nil {
		return defs, uses
	}
	in, _, err := v.conv(f, mi)
	if err != nil {
		return defs, uses
	}
	for _, w := range in.Writes() {
		defs = append(defs, LocReg(w.Loc))
	}
	for _, l := range in.Reads() {
		uses = append(uses, LocReg(l))
	}
	return defs, uses
}

// MemAccess: lane j of a load or store touches Size bytes at
// An + imm + j*S (§2.3; a post-modifying access uses An itself).
func (v vliw) MemAccess(fn *mir.Func, mi *mir.Instr) (passes.MemRef, bool) {
	f := FormOf(mi.Op)
	if f == nil || f.Size == 0 {
		return passes.MemRef{}, false
	}
	in, symbolic, err := v.conv(fn, mi)
	if err != nil {
		return passes.MemRef{}, false
	}
	var an uint8
	var off int64
	switch f.Syn {
	case SynLoad:
		an, off = in.Rs, int64(in.Imm)
	case SynLoadPM:
		an = in.Rs
	case SynStore:
		an, off = in.Rd, int64(in.Imm)
	case SynStorePM:
		an = in.Rd
	default:
		return passes.MemRef{}, false
	}
	if symbolic && !f.PostModify() {
		return passes.MemRef{}, false
	}
	stride := int64(f.Size)
	if in.HasStride {
		stride = int64(in.Stride)
	}
	lo, hi := off, off+int64(f.Size)
	if n := int64(len(in.Mask.Lanes())); n > 1 {
		last := off + (n-1)*stride
		lo, hi = min(lo, last), max(hi, last+int64(f.Size))
	}
	return passes.MemRef{Base: AddrReg(int(an)), Off: lo, Size: hi - lo}, true
}

// CheckPacket converts the members and runs the §2.4 checker on them.
func (v vliw) CheckPacket(f *mir.Func, p []*mir.Instr) error {
	b := make([]Inst, len(p))
	for i, mi := range p {
		in, _, err := v.conv(f, mi)
		if err != nil {
			return err
		}
		b[i] = in
	}
	return CheckPacket(b)
}
