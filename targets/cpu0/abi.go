package cpu0

import (
	"fmt"
	"strings"

	"lltosimd/mir"
	"lltosimd/passes"
)

// O32 calling convention (spec §2): the first two argument words travel in
// $a0/$a1, further words at 8($sp), 12($sp), … of the caller's outgoing
// area, whose first 8 bytes (the home area) are always reserved. Results
// come back in $2/$3.
const (
	homeArea   = 8
	numArgRegs = 2
)

var (
	argRegs = [numArgRegs]mir.Reg{A0, A1}
	retRegs = [2]mir.Reg{V0, V1}
)

// CallLoweringPass is cpu0-call-lowering: it rewrites G_ARGS, G_CALL, G_RET,
// G_VASTART and G_RETURNADDR into copies from and to the ABI registers (and
// $lr), stack accesses and jsub/jalr/ret.
var CallLoweringPass = passes.Register(&passes.Pass{
	Name:     "cpu0-call-lowering",
	Forbids:  mir.PropSelected,
	Desc:     "Cpu0 O32 argument, call and return lowering",
	Required: true,
	Stats: map[string]string{
		"calls": "Number of calls lowered",
	},
	Run: func(c *passes.Ctx, f *mir.Func) error {
		var debugf func(string, ...any)
		if c.Debugging() {
			debugf = c.Debugf
		}
		m, err := modelOf(c)
		if err != nil {
			return err
		}
		n, err := lowerCalls(f, m, debugf)
		c.Count("calls", int64(n))
		f.RecomputeCFG()
		return err
	},
})

// argGroup is one argument of G_ARGS or G_CALL (mir.ArgGroup).
type argGroup = mir.ArgGroup

// assignSlots returns each group's byte offset in the argument area and the
// area's total size.
func assignSlots(groups []argGroup) ([]int64, int64) {
	offs := make([]int64, len(groups))
	var off int64
	for i, g := range groups {
		if g.Align8() && off%8 != 0 {
			off += 4
		}
		offs[i] = off
		off += g.SlotBytes()
	}
	return offs, off
}

// lowerer rewrites one function.
type lowerer struct {
	f     *mir.Func
	out   []*mir.Instr
	fixed map[int64]int // fixed frame objects by incoming-$sp offset
	// vaStart is the frame object at the first variadic word.
	vaStart int
	// bounce is the stack slot byval copies assemble partial words in.
	bounce int
	// debugf prints -debug-only=cpu0-call-lowering lines (nil: quiet).
	debugf func(format string, args ...any)
	// model is the relocation model (nil: static).
	model *addrModel
	// gpSlot is the frame object .cprestore saves $gp in (PIC callers).
	gpSlot int
}

// debugPlacement prints where each argument group of what (the incoming
// arguments or a call) goes: $a0/$a1 or a stack offset (spec §2).
func (l *lowerer) debugPlacement(what string, gs []argGroup, offs []int64, total int64) {
	if l.debugf == nil {
		return
	}
	var parts []string
	for i, g := range gs {
		var where []string
		for o := offs[i]; o < offs[i]+g.SlotBytes(); o += 4 {
			if o < homeArea {
				where = append(where, "$"+Regs[argRegs[o/4]].Name)
			} else {
				where = append(where, fmt.Sprintf("%d($sp)", o))
			}
		}
		kind := fmt.Sprintf("%d word(s)", len(g.Words))
		if g.Desc.Has(mir.ArgByVal) {
			kind = fmt.Sprintf("byval %d bytes", g.Desc.Size())
		}
		parts = append(parts, fmt.Sprintf("#%d %s -> %s", i, kind, strings.Join(where, " ")))
	}
	l.debugf("cpu0-call-lowering: %s: %s: argument area %d bytes: %s", l.f.Name, what, total, strings.Join(parts, ", "))
}

func (l *lowerer) add(in *mir.Instr) { l.out = append(l.out, in) }

// reg returns a register holding operand o (immediates become G_CONSTs,
// selected later).
func (l *lowerer) reg(o mir.Operand) (mir.Operand, error) {
	return l.f.ArgWordReg(o, ClassGPR, l.add)
}

// fixedObject returns the fixed frame object of size bytes at incoming-$sp
// offset off.
func (l *lowerer) fixedObject(off, size int64) int { return l.f.FixedArgObject(l.fixed, off, size) }

// LowerCalls applies the O32 convention to f and returns the number of
// calls lowered.
func LowerCalls(f *mir.Func) (int, error) { return lowerCalls(f, nil, nil) }

func lowerCalls(f *mir.Func, m *addrModel, debugf func(string, ...any)) (int, error) {
	l := &lowerer{f: f, fixed: map[int64]int{}, vaStart: -1, bounce: -1, debugf: debugf, model: m, gpSlot: -1}
	calls, err := mir.ABILowering{
		Out: &l.out, Args: l.args, Call: l.call, Ret: l.ret,
		VAStart: func() int {
			if l.vaStart < 0 {
				l.varargs(0)
			}
			return l.vaStart
		},
		// The return address is $lr as it was at entry: calls clobber it.
		LinkCopy: func(dst mir.Reg) *mir.Instr { return mir.NewInstr(mir.GCopy, mir.D(dst), mir.R(LR)) },
		RAClass:  ClassGPR,
	}.Run(f)
	if err != nil {
		return calls, err
	}
	if f.Vararg && l.vaStart < 0 && len(f.Blocks) > 0 {
		// A variadic function without G_ARGS still spills $a0/$a1.
		l.out = nil
		l.varargs(0)
		f.Blocks[0].Instrs = append(l.out, f.Blocks[0].Instrs...)
	}
	if l.gpSlot >= 0 {
		// .cprestore: $gp, set by .cpload before the prologue, is saved
		// at entry for the reloads after each call (spec §2).
		f.Blocks[0].Instrs = append([]*mir.Instr{newInstr("CPRESTORE", mir.R(GP), mir.FI(l.gpSlot, 0), mir.I(0))}, f.Blocks[0].Instrs...)
	}
	return calls, nil
}

// args lowers the incoming arguments.
func (l *lowerer) args(in *mir.Instr) error {
	gs, err := mir.IncomingArgGroups(in)
	if err != nil {
		return err
	}
	offs, total := assignSlots(gs)
	l.debugPlacement("incoming", gs, offs, total)
	for i, g := range gs {
		if g.Desc.Has(mir.ArgByVal) {
			if len(g.Words) != 1 {
				return fmt.Errorf("G_ARGS: a byval argument has one word")
			}
			// The words that came in registers go to the home area so
			// that the object is contiguous in the caller's frame.
			size := g.SlotBytes()
			obj := l.fixedObject(offs[i], size)
			for o := offs[i]; o < offs[i]+size && o < homeArea; o += 4 {
				t := l.f.NewVReg(ClassGPR)
				l.add(mir.NewInstr(mir.GCopy, mir.D(t), mir.R(argRegs[o/4])))
				l.add(newInstr("ST", mir.R(t), mir.FI(obj, 0), mir.I(o-offs[i])))
			}
			l.f.ByValParam(g, obj, stackAlign, ClassGPR, l.add)
			continue
		}
		for j, w := range g.Words {
			o := offs[i] + 4*int64(j)
			if o < homeArea {
				l.add(mir.NewInstr(mir.GCopy, mir.D(w.Reg), mir.R(argRegs[o/4])))
				continue
			}
			obj := l.fixedObject(o, 4)
			l.add(newInstr("LD", mir.D(w.Reg), mir.FI(obj, 0), mir.I(0)))
		}
	}
	if l.f.Vararg {
		l.varargs(total)
	}
	return nil
}

// varargs spills the argument registers not taken by named arguments to the
// home area and records the first variadic word's frame object.
func (l *lowerer) varargs(named int64) {
	named = (named + 3) &^ 3
	for o := named; o < homeArea; o += 4 {
		t := l.f.NewVReg(ClassGPR)
		l.add(mir.NewInstr(mir.GCopy, mir.D(t), mir.R(argRegs[o/4])))
		l.add(newInstr("ST", mir.R(t), mir.FI(l.fixedObject(o, 4), 0), mir.I(0)))
	}
	l.vaStart = l.fixedObject(named, 4)
}

// call lowers one G_CALL.
func (l *lowerer) call(in *mir.Instr) error {
	uses := in.Uses()
	if len(uses) == 0 {
		return fmt.Errorf("G_CALL without callee")
	}
	gs, err := mir.CallArgGroups(uses[1:])
	if err != nil {
		return fmt.Errorf("G_CALL: %w", err)
	}
	offs, total := assignSlots(gs)
	if l.debugf != nil {
		callee := "indirect"
		if uses[0].Kind == mir.KindSym {
			callee = uses[0].Sym
		}
		l.debugPlacement("call "+callee, gs, offs, total)
	}
	var regWords [numArgRegs]mir.Operand
	var inReg [numArgRegs]bool
	sp := mir.R(SP)
	put := func(o int64, w mir.Operand) {
		if o < homeArea {
			regWords[o/4], inReg[o/4] = w, true
			return
		}
		if !isSimm16(o) {
			// Beyond ST's 16-bit offset (a byval object of more than
			// 32 KiB): store through $sp + o computed in a register.
			hi, k, a := mir.Reg(ZERO), l.f.NewVReg(ClassGPR), l.f.NewVReg(ClassGPR)
			if o > 0xffff {
				hi = l.f.NewVReg(ClassGPR)
				l.add(newInstr("LUi", mir.D(hi), mir.I(o>>16)))
			}
			l.add(newInstr("ORi", mir.D(k), mir.R(hi), mir.I(o&0xffff)))
			l.add(newInstr("ADDu", mir.D(a), mir.R(k), sp))
			l.add(newInstr("ST", w, mir.R(a), mir.I(0)))
			return
		}
		l.add(newInstr("ST", w, sp, mir.I(o)))
	}
	for i, g := range gs {
		if g.Desc.Has(mir.ArgByVal) {
			if len(g.Words) != 1 {
				return fmt.Errorf("G_CALL: a byval argument has one word")
			}
			addr, err := l.reg(g.Words[0])
			if err != nil {
				return err
			}
			size, aligned := g.Desc.Size(), l.wordAligned(addr)
			for k := int64(0); k < size; k += 4 {
				put(offs[i]+k, l.loadWord(addr, k, min(4, size-k), aligned))
			}
			continue
		}
		for j, w := range g.Words {
			r, err := l.reg(w)
			if err != nil {
				return err
			}
			put(offs[i]+4*int64(j), r)
		}
	}
	var implicit []mir.Operand
	for i, w := range regWords {
		if inReg[i] {
			l.add(mir.NewInstr(mir.GCopy, mir.D(argRegs[i]), w))
			implicit = append(implicit, mir.Operand{Kind: mir.KindReg, Reg: argRegs[i], Flags: mir.FlagImplicit})
		}
	}
	var c *mir.Instr
	pic := l.model != nil && l.model.pic
	switch callee := uses[0]; {
	case callee.Kind == mir.KindSym && pic:
		r := l.model.picCallee(l.f, callee, l.add)
		c = l.jalrT9(mir.R(r))
	case callee.Kind == mir.KindSym:
		c = newInstr("JSUB", callee)
	case callee.Kind == mir.KindReg && pic:
		callee.Flags &^= mir.FlagKill
		c = l.jalrT9(callee)
	case callee.Kind == mir.KindReg:
		callee.Flags &^= mir.FlagKill
		c = newInstr("JALR", callee)
	default:
		return fmt.Errorf("G_CALL: callee of kind %d", callee.Kind)
	}
	c.Ops = append(c.Ops, implicit...)
	for _, r := range retRegs {
		c.Ops = append(c.Ops, mir.Operand{Kind: mir.KindReg, Reg: r, Flags: mir.FlagDef | mir.FlagImplicit})
	}
	l.add(c)
	if pic {
		// $gp is caller-saved: reload it from the .cprestore slot.
		if l.gpSlot < 0 {
			l.gpSlot = l.f.NewFrameObject(mir.FrameObject{Size: 4, Align: 4, Name: "gp"})
		}
		l.add(newInstr("LD", mir.D(GP), mir.FI(l.gpSlot, 0), mir.I(0)))
	}
	defs := in.Defs()
	if len(defs) > len(retRegs) {
		return fmt.Errorf("G_CALL: %d result words (at most %d)", len(defs), len(retRegs))
	}
	for i, d := range defs {
		l.add(mir.NewInstr(mir.GCopy, mir.D(d.Reg), mir.R(retRegs[i])))
	}
	l.f.HasCalls = true
	l.f.MaxCallArgs = max(l.f.MaxCallArgs, homeArea, (total+7)&^7)
	return nil
}

// jalrT9 returns a PIC call: the callee's address goes in $t9, from which
// the callee's .cpload computes its $gp (spec §2).
func (l *lowerer) jalrT9(callee mir.Operand) *mir.Instr {
	l.add(mir.NewInstr(mir.GCopy, mir.D(T9), callee))
	return newInstr("JALR", mir.R(T9))
}

// loadWord returns the n (1..4) bytes at addr+off as the word a word load
// of them would give, so that storing it reproduces them in either byte
// order. Word loads need a 4-aligned object; otherwise (and for the last,
// partial word) the bytes go through a 4-byte stack slot.
func (l *lowerer) loadWord(addr mir.Operand, off, n int64, aligned bool) mir.Operand {
	if n == 4 && aligned {
		w := l.f.NewVReg(ClassGPR)
		l.add(mir.NewInstr(mir.GLoad32, mir.D(w), addr, mir.I(off)))
		return mir.R(w)
	}
	if l.bounce < 0 {
		l.bounce = l.f.NewFrameObject(mir.FrameObject{Size: 4, Align: 4, Name: "byval.word"})
	}
	for j := int64(0); j < n; j++ {
		b := l.f.NewVReg(ClassGPR)
		l.add(mir.NewInstr(mir.GLoad8U, mir.D(b), addr, mir.I(off+j)))
		l.add(mir.NewInstr(mir.GStore8, mir.R(b), mir.FI(l.bounce, 0), mir.I(j)))
	}
	w := l.f.NewVReg(ClassGPR)
	l.add(mir.NewInstr(mir.GLoad32, mir.D(w), mir.FI(l.bounce, 0), mir.I(0)))
	return mir.R(w)
}

// wordAligned reports whether addr is known to be 4-aligned: the address of
// a frame object aligned to 4 or more.
func (l *lowerer) wordAligned(addr mir.Operand) bool {
	if addr.Kind != mir.KindReg || !addr.Reg.IsVirtual() {
		return false
	}
	for _, b := range l.f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == mir.GFrameAddr && len(in.Ops) == 2 && in.Ops[0].Reg == addr.Reg && in.Ops[1].Kind == mir.KindFrame {
				o := in.Ops[1]
				return l.f.Frame[o.Imm].Align >= 4 && o.Off%4 == 0
			}
		}
	}
	return false
}

// ret lowers G_RET.
func (l *lowerer) ret(in *mir.Instr) error {
	uses := in.Uses()
	if len(uses) > len(retRegs) {
		return fmt.Errorf("G_RET: %d words (at most %d)", len(uses), len(retRegs))
	}
	r := newInstr("RET", mir.R(LR))
	for i, w := range uses {
		v, err := l.reg(w)
		if err != nil {
			return err
		}
		l.add(mir.NewInstr(mir.GCopy, mir.D(retRegs[i]), v))
		r.Ops = append(r.Ops, mir.Operand{Kind: mir.KindReg, Reg: retRegs[i], Flags: mir.FlagImplicit})
	}
	l.add(r)
	return nil
}
