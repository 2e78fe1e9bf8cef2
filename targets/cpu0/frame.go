package cpu0

import (
	"fmt"
	"sort"

	"lltosimd/mir"
	"lltosimd/passes"
)

// FrameLowering lays out the stack frame (spec cpu0.md §2), inserts the
// prologue and the epilogues, and replaces every frame-index operand with
// a register base plus a resolved offset. Frame layout, from the new $sp
// upwards:
//
//	[0, MaxCallArgs)      outgoing arguments (including the 8-byte home area)
//	locals, spill slots   smallest first (short offsets for scalars)
//	padding               N is a multiple of 8 (the stack alignment)
//	callee-saved saves    $lr at N-4, then $fp, then $10, $9 (CSR_O32 order)
//
// Incoming stack arguments (fixed objects) are at N + Offset. A function
// that writes $sp itself (dynamic allocas) gets a frame pointer: $fp is
// saved and set to the new $sp after the saves, frame objects are
// addressed from $fp, and the epilogue restores $sp from $fp (isel sets
// f.FramePointer for those; a def of $sp is also recognized). A function
// with N = 0 gets no prologue at all. Offsets that do not fit a signed
// 16-bit field go through $1 ($at, reserved for this).
//
// An object aligned beyond the stack alignment (an alloca or local with
// align 16, 32, ...) needs a realigned frame, as LLVM makes one: $fp keeps
// the unaligned $sp of after the saves and the prologue aligns $sp down
// ("and $sp, $sp, -A"); locals are addressed from the aligned $sp, incoming
// arguments from $fp, and the epilogue restores $sp from $fp. When $sp
// also moves in the body (dynamic allocas), the locals are addressed from
// $fp instead, set to the aligned base, and two save slots there hold the
// unaligned $sp (restored by the epilogue) and the incoming $sp (the base
// of the incoming arguments, loaded into $1 for each access).
//
// It runs after cpu0-expand-pseudo, so spill code is already LD/ST.
var FrameLowering = passes.Register(&passes.Pass{
	Name:     "cpu0-frame-lowering",
	Desc:     "Lay out the Cpu0 stack frame, insert prologue and epilogue",
	Required: true,
	Stats: map[string]string{
		"large": "Number of frame offsets out of 16-bit range",
	},
	Needs: mir.PropNoVRegs, Sets: mir.PropFrameLowered,
	Run: runFrameLowering,
})

// csrOrder is the order of the callee-saved save slots from the top of the
// frame down (CSR_O32: LR, FP, S1, S0).
var csrOrder = []mir.Reg{LR, FP, S1, S0}

// stackAlign is the ABI stack alignment in bytes.
const stackAlign = 8

func alignTo(v, a int64) int64 {
	if a <= 1 {
		return v
	}
	return (v + a - 1) / a * a
}

func fitsS16(v int64) bool { return v >= -32768 && v <= 32767 }

func runFrameLowering(c *passes.Ctx, f *mir.Func) error {
	fl := &frameLowering{f: f, c: c}
	return fl.run()
}

type frameLowering struct {
	f     *mir.Func
	c     *passes.Ctx
	size  int64   // N
	base  mir.Reg // the base of the locals: $sp or $fp
	saves []mir.Reg
	slot  map[mir.Reg]int64 // save slot offsets
	large int64
	// realign is the alignment the prologue gives the locals' base when
	// it exceeds the stack alignment (0 otherwise).
	realign int64
	// With realign and a moving $sp, spSlot and argSlot are the frame
	// objects holding the unaligned $sp and the incoming $sp.
	spSlot, argSlot int
}

func (fl *frameLowering) run() error {
	f := fl.f
	// MIR text that is already frame-lowered (-x mir on -stop-after output)
	// must not get a second prologue.
	if f.Props&mir.PropFrameLowered != 0 {
		return nil
	}
	moving := f.FramePointer || writesSP(f)
	fl.realign = realignment(f)
	if fl.realign > 1<<15 {
		return fmt.Errorf("%s: frame lowering: stack object alignment %d is too large", f.Name, fl.realign)
	}
	needFP := moving || fl.realign > 0
	fl.base = SP
	if moving {
		fl.base = FP
	}
	fl.spSlot, fl.argSlot = -1, -1
	if fl.realign > 0 && moving {
		fl.spSlot = f.NewFrameObject(mir.FrameObject{Size: 4, Align: 4, Name: "realign.sp"})
		fl.argSlot = f.NewFrameObject(mir.FrameObject{Size: 4, Align: 4, Name: "realign.args"})
	}
	// The printer's .frame names $fp and the later passes know $sp is
	// not the only base.
	f.FramePointer = f.FramePointer || needFP

	// Which registers to save, in slot order.
	want := map[mir.Reg]bool{}
	// Inline asm that clobbers $lr (a jsub in its text) needs it saved
	// like a call does.
	if f.HasCalls || writesReg(f, LR) {
		want[LR] = true
	}
	if needFP {
		want[FP] = true
	}
	for _, r := range f.SavedRegs {
		if r == FP && needFP {
			// FreeReserved gave $fp to the allocator: it must have
			// seen the same need.
			return fmt.Errorf("%s: frame lowering: $fp holds values but the function needs a frame pointer", f.Name)
		}
		if r != ZERO && r != SP && Regs[r].CalleeSaved {
			want[r] = true
		}
	}
	for _, r := range csrOrder {
		if want[r] {
			fl.saves = append(fl.saves, r)
			delete(want, r)
		}
	}
	if len(want) > 0 {
		return fmt.Errorf("%s: frame lowering: unexpected callee-saved registers %v", f.Name, want)
	}

	// Lay out the local objects above the outgoing argument area.
	var locals []int
	for i := range f.Frame {
		if !f.Frame[i].Fixed {
			locals = append(locals, i)
		}
	}
	// Small objects first, so that scalars and spill slots stay within
	// reach of a 16-bit offset even when a big array shares the frame.
	sort.SliceStable(locals, func(i, j int) bool {
		a, b := &f.Frame[locals[i]], &f.Frame[locals[j]]
		if sa, sb := fl.isSlot(locals[i]), fl.isSlot(locals[j]); sa != sb {
			return sa // the realignment slots first: they must be in reach
		}
		if a.Size != b.Size {
			return a.Size < b.Size
		}
		return objAlign(a) > objAlign(b)
	})
	off := alignTo(f.MaxCallArgs, 4)
	for _, i := range locals {
		o := &f.Frame[i]
		off = alignTo(off, objAlign(o))
		o.Offset = off
		off += o.Size
	}
	fl.size = alignTo(off+4*int64(len(fl.saves)), stackAlign)
	fl.slot = map[mir.Reg]int64{}
	for k, r := range fl.saves {
		fl.slot[r] = fl.size - 4*int64(k+1)
	}
	f.SavedRegs = append(f.SavedRegs[:0], fl.saves...)
	f.FrameSize = fl.size
	if fl.c != nil && fl.c.Debugging() {
		fl.debugLayout()
	}

	if err := fl.resolveFrameIndices(); err != nil {
		return err
	}
	if fl.size > 0 && len(f.Blocks) > 0 {
		fl.insertPrologue(needFP)
		fl.insertEpilogues(needFP)
	}
	if fl.c != nil && fl.large > 0 {
		fl.c.Count("large", fl.large)
	}
	f.Props |= mir.PropFrameLowered
	return nil
}

// debugLayout prints the frame layout for -debug-only=cpu0-frame-lowering:
// size, base register, outgoing-argument area, save slots and objects.
func (fl *frameLowering) debugLayout() {
	f, c := fl.f, fl.c
	c.Debugf("cpu0-frame-lowering: %s: frame %d bytes, base $%s, outgoing args %d bytes, realigned to %d", f.Name, fl.size, Regs[fl.base].Name, f.MaxCallArgs, fl.realign)
	for _, r := range fl.saves {
		c.Debugf("cpu0-frame-lowering: %s:   save $%s at %d($sp)", f.Name, Regs[r].Name, fl.slot[r])
	}
	for i := range f.Frame {
		o := &f.Frame[i]
		if o.Fixed {
			c.Debugf("cpu0-frame-lowering: %s:   fi#%d: %d bytes, incoming at %d($sp)", f.Name, i, o.Size, fl.size+o.Offset)
		} else {
			c.Debugf("cpu0-frame-lowering: %s:   fi#%d: %d bytes at %d($sp)", f.Name, i, o.Size, o.Offset)
		}
	}
}

func objAlign(o *mir.FrameObject) int64 { return max(o.Align, 1) }

// realignment returns the alignment beyond the stack alignment that the
// frame's locals need (0 if none).
func realignment(f *mir.Func) int64 {
	var r int64
	for i := range f.Frame {
		if a := objAlign(&f.Frame[i]); !f.Frame[i].Fixed && a > stackAlign && a > r {
			r = a
		}
	}
	return r
}

// needsFramePointer reports whether frame lowering will give f a frame
// pointer: $sp moves in the body, or the locals need realigning.
func needsFramePointer(f *mir.Func) bool {
	return f.FramePointer || writesSP(f) || realignment(f) > 0
}

// FreeReserved gives the register allocator $fp (callee-saved, last in
// allocOrder) in functions without a frame pointer, as LLVM's Mips backend
// allocates $fp there (spec cpu0.md §1: reserved only when the function
// has a frame pointer).
func (machine) FreeReserved(f *mir.Func) []mir.Reg {
	if needsFramePointer(f) {
		return nil
	}
	return []mir.Reg{FP}
}

// isSlot reports whether frame object i is one of the realignment slots.
func (fl *frameLowering) isSlot(i int) bool { return i == fl.spSlot || i == fl.argSlot }

// writesSP reports whether any instruction of f sets $sp: then $sp moves
// during the function and the frame needs a frame pointer.
func writesSP(f *mir.Func) bool { return writesReg(f, SP) }

// writesReg reports whether any instruction of f writes reg.
func writesReg(f *mir.Func, reg mir.Reg) bool {
	found := false
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			mir.ForEachReg(in, func(r mir.Reg, def bool) { found = found || (def && r == reg) })
		}
	}
	return found
}

// locate returns the base register of frame object idx and its offset
// from it, with the instructions that must set the base up first.
func (fl *frameLowering) locate(idx int64) (mir.Reg, int64, []*mir.Instr, error) {
	if idx < 0 || idx >= int64(len(fl.f.Frame)) {
		return 0, 0, nil, fmt.Errorf("%s: frame index fi#%d out of range", fl.f.Name, idx)
	}
	o := &fl.f.Frame[idx]
	switch {
	case !o.Fixed:
		return fl.base, o.Offset, nil, nil
	case fl.argSlot >= 0:
		// The incoming $sp is kept in a slot of the realigned frame.
		ld := mir.NewInstr(Op["LD"], mir.D(AT), mir.R(FP), mir.I(fl.f.Frame[fl.argSlot].Offset))
		return AT, o.Offset, []*mir.Instr{ld}, nil
	case fl.realign > 0:
		return FP, fl.size + o.Offset, nil, nil // $fp is the unaligned $sp
	}
	return fl.base, fl.size + o.Offset, nil, nil
}

// resolveFrameIndices rewrites every `fi#N, imm` operand pair into
// `base, offset`, going through $1 when the offset does not fit.
func (fl *frameLowering) resolveFrameIndices() error {
	f := fl.f
	for _, b := range f.Blocks {
		out := make([]*mir.Instr, 0, len(b.Instrs))
		for _, in := range b.Instrs {
			for k := range in.Ops {
				o := &in.Ops[k]
				if o.Kind != mir.KindFrame {
					continue
				}
				if k+1 >= len(in.Ops) || in.Ops[k+1].Kind != mir.KindImm {
					return fmt.Errorf("%s: bb%d: %s: frame index without an offset operand", f.Name, b.ID, mir.FormatInstr(f, in))
				}
				base, objOff, setup, err := fl.locate(o.Imm)
				if err != nil {
					return err
				}
				if len(setup) > 0 && in.Op == mir.GInlineAsm {
					// The base would be $at, which the asm text may use.
					return fmt.Errorf("%s: bb%d: inline asm memory operand on an incoming argument of a realigned frame with a moving $sp", f.Name, b.ID)
				}
				out = append(out, setup...)
				total := objOff + o.Off + in.Ops[k+1].Imm
				if fitsS16(total) {
					in.Ops[k] = mir.R(base)
					in.Ops[k+1].Imm = total
					continue
				}
				if in.Op == mir.GInlineAsm {
					// The asm text may use $at itself (clang lists it as
					// clobbered by every asm statement).
					return fmt.Errorf("%s: bb%d: inline asm memory operand at frame offset %d beyond 16 bits", f.Name, b.ID, total)
				}
				if base == AT {
					return fmt.Errorf("%s: frame lowering: incoming argument offset %d out of range in a realigned frame", f.Name, total)
				}
				fl.large++
				out = append(out, fl.addrInAT(base, total)...)
				in.Ops[k] = mir.R(AT)
				in.Ops[k+1].Imm = 0
			}
			out = append(out, in)
		}
		b.Instrs = out
	}
	return nil
}

// addrInAT computes base + off into $1.
func (fl *frameLowering) addrInAT(base mir.Reg, off int64) []*mir.Instr {
	return append(constInstrs(AT, off), mir.NewInstr(Op["ADDu"], mir.D(AT), mir.R(AT), mir.R(base)))
}

// memOp returns `op r, off($sp)`, going through $1 when off is large.
func (fl *frameLowering) memOp(op string, r mir.Reg, off int64) []*mir.Instr {
	first := mir.R(r)
	if op == "LD" {
		first = mir.D(r)
	}
	if fitsS16(off) {
		return []*mir.Instr{mir.NewInstr(Op[op], first, mir.R(SP), mir.I(off))}
	}
	fl.large++
	return append(fl.addrInAT(SP, off), mir.NewInstr(Op[op], first, mir.R(AT), mir.I(0)))
}

// adjustSP returns the instructions that add delta to $sp.
func adjustSP(delta int64) []*mir.Instr {
	if fitsS16(delta) {
		return []*mir.Instr{mir.NewInstr(Op["ADDiu"], mir.D(SP), mir.R(SP), mir.I(delta))}
	}
	op, mag := "ADDu", delta
	if delta < 0 {
		op, mag = "SUBu", -delta
	}
	return append(constInstrs(AT, mag), mir.NewInstr(Op[op], mir.D(SP), mir.R(SP), mir.R(AT)))
}

func (fl *frameLowering) insertPrologue(needFP bool) {
	f := fl.f
	entry := f.Blocks[0]
	f.RecomputeCFG()
	if len(entry.Preds) > 0 {
		// The entry is a branch target: the prologue needs its own block.
		nb := f.NewBlockDetached("")
		f.Blocks = append([]*mir.Block{nb}, f.Blocks...)
		entry = nb
		f.RecomputeCFG()
	}
	pro := adjustSP(-fl.size)
	for _, r := range fl.saves {
		pro = append(pro, fl.memOp("ST", r, fl.slot[r])...)
	}
	switch {
	case fl.realign > 0 && fl.spSlot >= 0:
		// $fp = incoming $sp, $1 = aligned base; keep both unaligned
		// values in the slots, then base $fp and $sp on $1.
		if fitsS16(fl.size) {
			pro = append(pro, mir.NewInstr(Op["ADDiu"], mir.D(FP), mir.R(SP), mir.I(fl.size)))
		} else {
			pro = append(pro, constInstrs(AT, fl.size)...)
			pro = append(pro, mir.NewInstr(Op["ADDu"], mir.D(FP), mir.R(SP), mir.R(AT)))
		}
		pro = append(pro, fl.alignDown(AT, SP)...)
		pro = append(pro,
			newInstr("ST", mir.R(SP), mir.R(AT), mir.I(fl.f.Frame[fl.spSlot].Offset)),
			newInstr("ST", mir.R(FP), mir.R(AT), mir.I(fl.f.Frame[fl.argSlot].Offset)),
			moveInstr(FP, AT), moveInstr(SP, AT))
	case fl.realign > 0:
		pro = append(pro, moveInstr(FP, SP))
		pro = append(pro, fl.alignDown(SP, SP)...)
	case needFP:
		pro = append(pro, moveInstr(FP, SP))
	}
	entry.Instrs = append(pro, entry.Instrs...)
}

// alignDown returns the instructions that set d to s rounded down to the
// realignment (through $1, which d may be).
func (fl *frameLowering) alignDown(d, s mir.Reg) []*mir.Instr {
	return []*mir.Instr{
		mir.NewInstr(Op["ADDiu"], mir.D(AT), mir.R(ZERO), mir.I(-fl.realign)),
		mir.NewInstr(Op["AND"], mir.D(d), mir.R(s), mir.R(AT)),
	}
}

func (fl *frameLowering) insertEpilogues(needFP bool) {
	f := fl.f
	for _, b := range f.Blocks {
		var out []*mir.Instr
		for _, in := range b.Instrs {
			if f.Arch.Desc(in.Op).Flags&mir.FlagReturn != 0 {
				var epi []*mir.Instr
				switch {
				case fl.spSlot >= 0:
					epi = append(epi, newInstr("LD", mir.D(SP), mir.R(FP), mir.I(f.Frame[fl.spSlot].Offset)))
				case needFP:
					epi = append(epi, moveInstr(SP, FP))
				}
				for k := len(fl.saves) - 1; k >= 0; k-- {
					r := fl.saves[k]
					epi = append(epi, fl.memOp("LD", r, fl.slot[r])...)
				}
				epi = append(epi, adjustSP(fl.size)...)
				out = append(out, epi...)
			}
			out = append(out, in)
		}
		b.Instrs = out
	}
}
