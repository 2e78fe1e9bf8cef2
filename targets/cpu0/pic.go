package cpu0

import (
	"fmt"

	"lltosimd/isel"
	"lltosimd/mir"
	"lltosimd/passes"
)

// Relocation model and small data (spec §2, §6, §7; lbd's option names).
const (
	// OptRelocModel is -relocation-model=static|pic (llc's flag).
	OptRelocModel = "relocation-model"
	// OptSmallSection is -cpu0-use-small-section: small data defined in
	// the module goes to .sdata/.sbss and is addressed off $gp.
	OptSmallSection = "cpu0-use-small-section"
	// smallDataMax is the size limit of small data (lbd's
	// -cpu0-ssection-threshold default, 8 bytes).
	smallDataMax = 8
)

// addrModel is how a function addresses symbols: static (%hi/%lo, jsub),
// static with small data (%gp_rel for the module's small data), or PIC
// (through the GOT off $gp, calls through $t9).
type addrModel struct {
	pic, small bool
	mod        *mir.Module // nil: every symbol counts as external
}

// modelOf reads the relocation model of a pass's configuration.
func modelOf(c *passes.Ctx) (*addrModel, error) {
	m := &addrModel{mod: c.Module, small: c.Option(OptSmallSection) == "true"}
	switch rm := c.Option(OptRelocModel); rm {
	case "", "static":
	case "pic":
		m.pic = true
	default:
		return nil, fmt.Errorf("unknown relocation model '%s' (static or pic)", rm)
	}
	return m, nil
}

// IsSmallData reports whether -cpu0-use-small-section places g in
// .sdata/.sbss: writable data of 1 to 8 bytes (lbd's threshold). Only data
// the module defines is small: a reference to an external symbol uses
// the ordinary addressing whatever the defining file's options, so
// objects built with and without the option link together.
func IsSmallData(g *mir.Global) bool {
	return g.Section != mir.SecRodata && g.Size > 0 && g.Size <= smallDataMax
}

// local reports whether sym is bound in this module only (local labels,
// internal and private symbols): PIC reaches it through a GOT page entry
// plus %lo, as MIPS does (spec §6).
func (m *addrModel) local(sym string) bool {
	if m.mod == nil {
		return false
	}
	s, ok := m.mod.Symbol(sym)
	return ok && !s.Exported
}

// smallData reports whether sym is small data of this module.
func (m *addrModel) smallData(sym string) bool {
	if !m.small || m.mod == nil {
		return false
	}
	s, ok := m.mod.Symbol(sym)
	return ok && s.Global != nil && IsSmallData(s.Global)
}

// emitSymAddr selects G_GLOBALADDR, G_BLOCKADDR and G_JTADDR (spec §6):
//
//	static:        lui t,%hi(s); ori d,t,%lo(s)
//	small data:    ori d,$gp,%gp_rel(s)
//	PIC, local:    ld t,%got(s)($gp); ori d,t,%lo(s)
//	PIC, small:    ld d,%got(s)($gp)
//	PIC, global:   lui t,%got_hi(s); addu t,t,$gp; ld d,%got_lo(s)(t)
//
// A GOT entry holds a global symbol's address, so an offset from it is
// added afterwards; a local's page entry and %lo both take the offset.
func emitSymAddr(e *isel.Emitter) error {
	m, _ := e.Context().(*addrModel)
	s := e.Cap(0)
	global := s.Kind == mir.KindSym && !(m != nil && m.local(s.Sym))
	switch {
	case m == nil || !m.pic && !(s.Kind == mir.KindSym && m.smallData(s.Sym)):
		t := e.Tmp()
		e.Emit("LUi", mir.D(t), s)
		e.Emit("ORi", e.Def(0), mir.R(t), s)
	case !m.pic:
		e.Emit("ORiGPREL", e.Def(0), mir.R(GP), s)
	case !global:
		t := e.Tmp()
		e.Emit("LDGOT", mir.D(t), mir.R(GP), s)
		e.Emit("ORi", e.Def(0), mir.R(t), s)
	default:
		off := s.Imm
		s.Imm = 0
		d := e.Def(0)
		if off != 0 {
			d = mir.D(e.Tmp())
		}
		if m.smallData(s.Sym) {
			e.Emit("LDGOT", d, mir.R(GP), s)
		} else {
			hi, a := e.Tmp(), e.Tmp()
			e.Emit("LUiGOTHI", mir.D(hi), s)
			e.Emit("ADDu", mir.D(a), mir.R(hi), mir.R(GP))
			e.Emit("LDGOTLO", d, mir.R(a), s)
		}
		if off != 0 {
			e.EmitOp(mir.GAdd, e.Def(0), mir.R(d.Reg), e.Const(off))
		}
	}
	return nil
}

// picCallee loads the address of a called symbol into a new register for
// jalr $t9 (spec §2): %call16 for global functions, the local form of
// emitSymAddr for functions of this module only.
func (m *addrModel) picCallee(f *mir.Func, sym mir.Operand, add func(*mir.Instr)) mir.Reg {
	d := f.NewVReg(ClassGPR)
	if m.local(sym.Sym) {
		t := f.NewVReg(ClassGPR)
		add(newInstr("LDGOT", mir.D(t), mir.R(GP), sym))
		add(newInstr("ORi", mir.D(d), mir.R(t), sym))
		return d
	}
	add(newInstr("LDCALL16", mir.D(d), mir.R(GP), sym))
	return d
}

// usesGOT reports whether f addresses anything through the GOT or saves
// $gp: such a function computes $gp from $t9 at entry (.cpload $t9).
func usesGOT(f *mir.Func) bool {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, x := range in.Flatten() {
				if x.Op.IsGeneric() {
					continue
				}
				switch DefOf(x.Op).Name {
				case "LDGOT", "LDCALL16", "LUiGOTHI", "CPRESTORE":
					return true
				}
			}
		}
	}
	return false
}
