package codegen

import (
	"fmt"

	"lltosimd/mir"
	"lltosimd/passes"
	bw "lltosimd/targets/bwdsp"
)

// FrameLowering is bwdsp-frame-lowering: it lays out the frame (spec
// §2.7: U8 = SP, growing down, 8-byte aligned; U9 = FP), inserts the
// prologue and the epilogues and turns frame operands into U8/U9 plus an
// offset. From the new U8 upwards:
//
//	[0, MaxCallArgs)   outgoing stack arguments
//	locals, spills     in frame-object order, each at its alignment
//	saves              RA (non-leaf functions), U9 (when used), then the
//	                   callee-saved registers the allocator used, the
//	                   lanes of one number together, saved and restored
//	                   as one tuple (one SIMD store and load instead of
//	                   one per lane: savedTuples)
//	                   (the frame size N is a multiple of 8)
//
// Incoming stack arguments (fixed objects) are at N + offset from U8 as
// it is after the prologue. A function whose U8 moves in the body
// (dynamic allocas) copies U8 to U9 after the prologue and addresses its
// frame from U9; one with an object aligned beyond 8 also sets U9 and
// then aligns U8 down (locals from U8, arguments and saves from U9).
// The epilogue restores U8 from U9 in both cases. Offsets outside the
// signed 16-bit field go through U7 (reserved for this).
var FrameLowering = passes.Register(&passes.Pass{
	Name:     "bwdsp-frame-lowering",
	Desc:     "BWDSP: frame layout, prologue and epilogues (spec §2.7)",
	Required: true,
	Needs:    mir.PropNoVRegs,
	Forbids:  mir.PropFrameLowered,
	Sets:     mir.PropFrameLowered,
	Stats:    map[string]string{"large": "Number of frame offsets out of 16-bit range"},
	Run:      runFrameLowering,
})

type frame struct {
	f       *mir.Func
	size    int64
	fp      bool    // U9 is set after the prologue
	locals  mir.Reg // base of the locals: U8 or U9
	args    mir.Reg // base of incoming arguments and saves
	realign int64
	large   int64
	both    bool // moving U8 and a realigned frame
	spSlot  int  // with both: the frame object holding U8 of after the prologue
}

func runFrameLowering(c *passes.Ctx, f *mir.Func) error {
	fr := &frame{f: f}
	moving := f.FramePointer
	for i := range f.Frame {
		if o := &f.Frame[i]; !o.Fixed && o.Align > stackAlign && o.Align > fr.realign {
			fr.realign = o.Align
		}
	}
	if fr.realign > 1<<15 {
		return fmt.Errorf("%s: bwdsp-frame-lowering: stack object alignment %d is too large", f.Name, fr.realign)
	}
	fr.fp = moving || fr.realign > 0
	fr.locals, fr.args = bw.SP, bw.SP
	if moving {
		fr.locals = bw.FP
	}
	if fr.fp {
		fr.args = bw.FP
	}
	fr.both = moving && fr.realign > 0
	if fr.both {
		fr.spSlot = f.NewFrameObject(mir.FrameObject{Size: 4, Align: 4, Name: "realign.sp"})
	}
	off := f.MaxCallArgs
	for i := range f.Frame {
		o := &f.Frame[i]
		if o.Fixed {
			continue
		}
		a := max(o.Align, 1)
		off = (off + a - 1) / a * a
		o.Offset = off
		off += o.Size
	}
	off = (off + 3) &^ 3
	var saves []mir.Reg
	if f.HasCalls {
		saves = append(saves, bw.RegRA)
	}
	if fr.fp {
		saves = append(saves, bw.FP)
	}
	saves = append(saves, savedTuples(f.SavedRegs)...)
	slots := map[mir.Reg]int64{}
	for _, r := range saves {
		slots[r] = off
		off += 4 * int64(lanesOf(r))
	}
	fr.size = (off + stackAlign - 1) &^ (stackAlign - 1)
	if fr.both {
		// The locals' base is aligned up by at most realign-8 bytes, into
		// room below the saves.
		slack := fr.realign - stackAlign
		for r := range slots {
			slots[r] += slack
		}
		fr.size += slack
	}
	f.FrameSize = fr.size
	for _, b := range f.Blocks {
		var out []*mir.Instr
		for _, in := range b.Instrs {
			pre, err := fr.resolve(in)
			if err != nil {
				return err
			}
			out = append(out, pre...)
			if in.Op == op("RET") && fr.size > 0 {
				if fr.both {
					out = append(out, newInstr("LD", mir.D(scratch2), mir.R(bw.FP), mir.I(f.Frame[fr.spSlot].Offset)),
						newInstr("MOVTA", mir.D(bw.SP), mir.R(scratch2)))
				} else if fr.fp {
					out = append(out, newInstr("AADDI", mir.D(bw.SP), mir.R(bw.FP), mir.I(0)))
				}
				for i := len(saves) - 1; i >= 0; i-- {
					out = append(out, fr.restore(saves[i], slots[saves[i]])...)
				}
				out = append(out, fr.adjustSP(fr.size)...)
			}
			out = append(out, in)
		}
		b.Instrs = out
	}
	if fr.size > 0 {
		pro := fr.adjustSP(-fr.size)
		for _, r := range saves {
			pro = append(pro, fr.save(r, slots[r])...)
		}
		switch {
		case fr.both:
			// U9 = (U8 + A-1) & -A; [U9 + slot] = U8.
			pro = append(pro,
				newInstr("MOVFA", mir.D(scratch), mir.R(bw.SP)),
				newInstr("ADDI", mir.D(scratch), mir.R(scratch), mir.I(fr.realign-1)),
				newInstr("ANDI", mir.D(scratch), mir.R(scratch), mir.I(-fr.realign)),
				newInstr("MOVTA", mir.D(bw.FP), mir.R(scratch)),
				newInstr("MOVFA", mir.D(scratch), mir.R(bw.SP)),
				newInstr("ST", mir.R(scratch), mir.R(bw.FP), mir.I(f.Frame[fr.spSlot].Offset)))
		case fr.fp:
			pro = append(pro, newInstr("AADDI", mir.D(bw.FP), mir.R(bw.SP), mir.I(0)))
		}
		if fr.realign > 0 && !fr.both {
			pro = append(pro,
				newInstr("MOVFA", mir.D(scratch), mir.R(bw.SP)),
				newInstr("ANDI", mir.D(scratch), mir.R(scratch), mir.I(-fr.realign)),
				newInstr("MOVTA", mir.D(bw.SP), mir.R(scratch)))
		}
		entry := f.Blocks[0]
		entry.Instrs = append(pro, entry.Instrs...)
	}
	c.Count("large", fr.large)
	f.Props |= mir.PropFrameLowered
	return nil
}

// savedTuples groups the saved general registers of one number into the
// tuple of their macros, in the order of the first of each (one access
// moves them: lane j of a tuple store writes the j-th word, §2.3); other
// registers stay as they are.
func savedTuples(saved []mir.Reg) []mir.Reg {
	masks := map[int]bw.Mask{}
	for _, r := range saved {
		if m, n, ok := bw.RegMaskNum(r); ok {
			masks[n] |= m
		}
	}
	var out []mir.Reg
	done := map[int]bool{}
	for _, r := range saved {
		_, n, ok := bw.RegMaskNum(r)
		switch {
		case !ok:
			out = append(out, r)
		case !done[n]:
			done[n] = true
			out = append(out, bw.TupleReg(masks[n], n))
		}
	}
	return out
}

// lanesOf is the number of macros of a general register or tuple (1 for
// the other registers).
func lanesOf(r mir.Reg) int {
	if m, _, ok := bw.RegMaskNum(r); ok {
		return len(m.Lanes())
	}
	return 1
}

// adjustSP adds d to U8.
func (fr *frame) adjustSP(d int64) []*mir.Instr {
	if isSimm16(d) {
		return []*mir.Instr{newInstr("AADDI", mir.D(bw.SP), mir.R(bw.SP), mir.I(d))}
	}
	return []*mir.Instr{
		newInstr("AMOVI", mir.D(bw.AddrScratch), mir.I(d)),
		newInstr("AADD", mir.D(bw.SP), mir.R(bw.SP), mir.R(bw.AddrScratch)),
	}
}

// address returns base and offset for [base + off], going through U7 when
// off does not fit.
func (fr *frame) address(base mir.Reg, off int64) ([]*mir.Instr, mir.Reg, int64) {
	if isSimm16(off) {
		return nil, base, off
	}
	fr.large++
	return []*mir.Instr{
		newInstr("AMOVI", mir.D(bw.AddrScratch), mir.I(off)),
		newInstr("AADD", mir.D(bw.AddrScratch), mir.R(bw.AddrScratch), mir.R(base)),
	}, bw.AddrScratch, 0
}

// save stores r at args-base + off.
func (fr *frame) save(r mir.Reg, off int64) []*mir.Instr {
	pre, base, o := fr.address(bw.SP, off)
	v := r
	switch {
	case classOf(r) == bw.ClassGPR, lanesOf(r) > 1: // a register or a tuple
	case classOf(r) == bw.ClassAddr:
		pre = append(pre, newInstr("MOVFA", mir.D(scratch2), mir.R(r)))
		v = scratch2
	default: // RA
		pre = append(pre, newInstr("MOVFRA", mir.D(scratch2), mir.R(bw.RegRA)))
		v = scratch2
	}
	return append(pre, newInstr("ST", mir.R(v), mir.R(base), mir.I(o)))
}

// restore loads r from U8 + off (the epilogue has reset U8).
func (fr *frame) restore(r mir.Reg, off int64) []*mir.Instr {
	pre, base, o := fr.address(bw.SP, off)
	switch {
	case classOf(r) == bw.ClassGPR, lanesOf(r) > 1: // a register or a tuple
		return append(pre, newInstr("LD", mir.D(r), mir.R(base), mir.I(o)))
	case classOf(r) == bw.ClassAddr:
		return append(pre, newInstr("LD", mir.D(scratch2), mir.R(base), mir.I(o)), newInstr("MOVTA", mir.D(r), mir.R(scratch2)))
	}
	return append(pre, newInstr("LD", mir.D(scratch2), mir.R(base), mir.I(o)), newInstr("MOVTRA", mir.D(bw.RegRA), mir.R(scratch2)))
}

// resolve replaces in's frame operand (followed by its offset) with a base
// register and offset, returning the instructions that must come first.
func (fr *frame) resolve(in *mir.Instr) ([]*mir.Instr, error) {
	for i := range in.Ops {
		o := &in.Ops[i]
		if o.Kind != mir.KindFrame {
			continue
		}
		if i+1 >= len(in.Ops) || in.Ops[i+1].Kind != mir.KindImm {
			return nil, fmt.Errorf("%s: bwdsp-frame-lowering: frame operand without offset in %s", fr.f.Name, mir.FormatInstr(fr.f, in))
		}
		obj := fr.f.Frame[o.Imm]
		base, off := fr.locals, obj.Offset+o.Off+in.Ops[i+1].Imm
		var pre []*mir.Instr
		if obj.Fixed {
			base, off = fr.args, fr.size+off
			if fr.both {
				// The incoming U8 - N is in the slot: through U7.
				pre = []*mir.Instr{
					newInstr("LD", mir.D(scratch2), mir.R(bw.FP), mir.I(fr.f.Frame[fr.spSlot].Offset)),
					newInstr("MOVTA", mir.D(bw.AddrScratch), mir.R(scratch2)),
				}
				if !isSimm16(off) {
					return nil, fmt.Errorf("%s: bwdsp-frame-lowering: incoming argument offset %d out of range", fr.f.Name, off)
				}
				*o = mir.R(bw.AddrScratch)
				in.Ops[i+1].Imm = off
				return pre, nil
			}
		}
		pre, b, k := fr.address(base, off)
		*o = mir.R(b)
		in.Ops[i+1].Imm = k
		return pre, nil
	}
	return nil, nil
}
