// Package mock is a tiny made-up target for testing the target-independent
// passes (phi elimination, two-address, register allocation): a mir.Arch
// with a configurable number of registers, an interpreter that runs MIR
// before and after allocation, and a generator of random SSA programs.
//
// Conventions: r0 carries the first argument and the result, r1 the second
// argument. The last CalleeSaved registers are callee-saved; a call
// clobbers every other allocatable register with garbage.
package mock

import (
	"fmt"

	"lltosimd/mir"
	"lltosimd/passes"
)

// Opcode names of the mock target, in table order.
const (
	LI   = mir.FirstTargetOp + iota // d = imm
	ADD                             // d = a + b
	SUB                             // d = a - b
	MUL                             // d = a * b
	ADDI                            // d = a + imm
	MOVN                            // d = c != 0 ? t : d   (uses t, c, old d; def tied to use 2)
	BNZ                             // if a != 0 goto bb
	JMP                             // goto bb
	CALL                            // call sym; implicit uses r0 r1, implicit def r0
	RET                             // return r0
	OUT                             // append a to the output
	// Ops of the tuple target (NewTupleArch): a pair value has two lanes.
	PACK  // d:pair = {a, b}
	VADD  // d:pair = a + b, lane by lane
	VSWAP // d:pair = {a[1], a[0]}
	LANE  // d = a[imm]
	// Ops of the spill target (NewSpillArch): a row file and scratch
	// memory, as VC4's VPM rows and per-lane memory.
	ROWW // row[imm] = a
	ROWR // d = row[imm]
	STS  // scratch[base + imm] = a   (uses a, base, imm)
	LDS  // d = scratch[base + imm]   (uses base, imm)
	// A stream of argument words, as VC4's uniforms: UNIF reads the next
	// word (a side effect), ULOAD reads word imm again.
	UNIF  // d = next stream word
	ULOAD // d = stream word imm
	// The copy of the staging target (NewStagingArch).
	MOV // d = a
)

var ops = []mir.OpDesc{
	{Name: "LI", NumDefs: 1, NumUses: 1},
	{Name: "ADD", NumDefs: 1, NumUses: 2, Flags: mir.FlagCommutable},
	{Name: "SUB", NumDefs: 1, NumUses: 2},
	{Name: "MUL", NumDefs: 1, NumUses: 2, Flags: mir.FlagCommutable},
	{Name: "ADDI", NumDefs: 1, NumUses: 2},
	{Name: "MOVN", NumDefs: 1, NumUses: 3, Tied: map[int]int{0: 2}},
	{Name: "BNZ", NumUses: 2, Flags: mir.FlagBranch | mir.FlagTerminator},
	{Name: "JMP", NumUses: 1, Flags: mir.FlagBranch | mir.FlagTerminator | mir.FlagBarrier},
	{Name: "CALL", NumUses: 1, Flags: mir.FlagCall | mir.FlagSideEffect},
	{Name: "RET", Flags: mir.FlagReturn | mir.FlagTerminator | mir.FlagBarrier},
	{Name: "OUT", NumUses: 1, Flags: mir.FlagSideEffect},
	{Name: "PACK", NumDefs: 1, NumUses: 2},
	{Name: "VADD", NumDefs: 1, NumUses: 2, Flags: mir.FlagCommutable},
	{Name: "VSWAP", NumDefs: 1, NumUses: 1},
	{Name: "LANE", NumDefs: 1, NumUses: 2},
	{Name: "ROWW", NumUses: 2, Flags: mir.FlagStore | mir.FlagSideEffect},
	{Name: "ROWR", NumDefs: 1, NumUses: 1, Flags: mir.FlagLoad},
	{Name: "STS", NumUses: 3, Flags: mir.FlagStore | mir.FlagSideEffect},
	{Name: "LDS", NumDefs: 1, NumUses: 2, Flags: mir.FlagLoad},
	{Name: "UNIF", NumDefs: 1, Flags: mir.FlagSideEffect},
	{Name: "ULOAD", NumDefs: 1, NumUses: 1, Flags: mir.FlagLoad},
	{Name: "MOV", NumDefs: 1, NumUses: 1},
}

// NewArch returns a mock architecture with n allocatable registers r0..r(n-1)
// (n >= 2), the last calleeSaved of them callee-saved, plus a reserved sp.
func NewArch(n, calleeSaved int) *mir.Arch {
	regs := []mir.RegDesc{{}}
	var alloc []mir.Reg
	for i := 0; i < n; i++ {
		regs = append(regs, mir.RegDesc{Name: fmt.Sprintf("r%d", i), Enc: i, CalleeSaved: i >= n-calleeSaved})
		alloc = append(alloc, mir.Reg(i+1))
	}
	regs = append(regs, mir.RegDesc{Name: "sp", Enc: n, Reserved: true})
	return &mir.Arch{
		Name:      fmt.Sprintf("mock%d", n),
		Ops:       ops,
		Regs:      regs,
		Classes:   []mir.RegClassDesc{{Name: "gpr", Alloc: alloc, Size: 4}},
		RegPrefix: "$",
	}
}

// Classes of the tuple target.
const (
	ClassA    mir.RegClass = iota // gpr: the registers r0..r(n-1) of lane a
	ClassB                        // gprb: the registers b0..b(n-1) of lane b
	ClassPair                     // pair: the tuples ab0..ab(n-1) = {rk, bk}
)

// NewTupleArch returns a toy two-lane machine in the style of BWDSP (spec
// bwdsp.md §3.3) with n registers per lane: class gpr holds r0..r(n-1)
// (lane a, the calling convention's registers as in NewArch), class gprb
// holds b0..b(n-1) (lane b) and class pair the tuples abk = {rk, bk}:
// a pair value takes the same number in both lanes and excludes the
// scalars in rk and bk. The last calleeSaved numbers are callee-saved in
// both lanes.
func NewTupleArch(n, calleeSaved int) *mir.Arch {
	a := NewArch(n, calleeSaved)
	a.Name = fmt.Sprintf("mocktuple%d", n)
	var bAlloc, pAlloc []mir.Reg
	for i := 0; i < n; i++ {
		bAlloc = append(bAlloc, mir.Reg(len(a.Regs)))
		a.Regs = append(a.Regs, mir.RegDesc{Name: fmt.Sprintf("b%d", i), Enc: i, CalleeSaved: i >= n-calleeSaved})
	}
	for i := 0; i < n; i++ {
		pAlloc = append(pAlloc, mir.Reg(len(a.Regs)))
		a.Regs = append(a.Regs, mir.RegDesc{Name: fmt.Sprintf("ab%d", i), Enc: i, CalleeSaved: i >= n-calleeSaved,
			Sub: []mir.Reg{R(i), bAlloc[i]}})
	}
	a.Classes = append(a.Classes,
		mir.RegClassDesc{Name: "gprb", Alloc: bAlloc, Size: 4},
		mir.RegClassDesc{Name: "pair", Alloc: pAlloc, Size: 8})
	return a
}

// NewLocalTupleArch returns NewTupleArch(n, calleeSaved) with a local
// block (passes.LocalBlock, spec bwdsp.md §3.2): the local caller-saved
// numbers just below the callee-saved ones, in both lanes, are reserved
// for the local allocator of -regalloc=gra-lra (the linear scan leaves
// them alone, tuple uses them). Keep at least 3 numbers outside the
// block (r0 and r1 carry the arguments).
func NewLocalTupleArch(n, calleeSaved, local int) *mir.Arch {
	a := NewTupleArch(n, calleeSaved)
	a.Name = fmt.Sprintf("mocklocal%d", n)
	var units []mir.Reg
	lo := n - calleeSaved - local
	for i := lo; i < n-calleeSaved; i++ {
		for _, r := range []mir.Reg{R(i), R(n + 1 + i), R(2*n + 1 + i)} { // ri, bi, abi
			a.Regs[r].Reserved = true
		}
		units = append(units, R(i), R(n+1+i))
	}
	passes.RegisterMachine(a, localMachine{units})
	return a
}

// localMachine is the passes.Machine of NewLocalTupleArch: generic phi
// elimination, no branch facts, the local block.
type localMachine struct{ units []mir.Reg }

func (localMachine) BranchInfo() passes.BranchInfo     { return nil }
func (localMachine) PhiElimHooks() passes.PhiElimHooks { return passes.PhiElimHooks{} }
func (m localMachine) LocalRegs() []mir.Reg            { return m.units }

// usable reports whether physical register r holds values in the
// interpreter: an allocatable plain register (units of tuples), the local
// block included.
func usable(f *mir.Func, r int, local map[mir.Reg]bool) bool {
	d := f.Arch.Regs[r]
	return (!d.Reserved || local[mir.Reg(r)]) && len(d.Sub) == 0
}

// R returns physical register ri.
func R(i int) mir.Reg { return mir.Reg(i + 1) }

// Result is what a run observed.
type Result struct {
	Out []int32 // values passed to OUT, in order
	Ret int32   // r0 at RET
}

// Run interprets f with arguments a0, a1 in r0, r1. Calls compute
// r0 = 3*r0 + r1 and clobber every caller-saved register; the callee-saved
// registers must hold the same values at RET as on entry (checked).
func Run(f *mir.Func, a0, a1 int32) (Result, error) {
	var res Result
	regs := map[mir.Reg]int32{}
	mem := map[[2]int64]int32{}
	rows, scratch := map[int64]int32{}, map[int64]int32{}
	unif := int32(0) // the next stream word: word k is 1000 + 7k
	nphys := 0
	local := map[mir.Reg]bool{}
	if m, ok := passes.MachineFor(f.Arch).(passes.LocalBlock); ok {
		for _, u := range m.LocalRegs() {
			local[u] = true
		}
	}
	for r := 1; r < len(f.Arch.Regs); r++ {
		if usable(f, r, local) { // values live in the units
			nphys++
			regs[mir.Reg(r)] = int32(0x5000 + r) // recognizable entry values
		}
	}
	entry := map[mir.Reg]int32{}
	for r, v := range regs {
		entry[r] = v
	}
	regs[R(0)], regs[R(1)] = a0, a1
	garbage := int32(-1000)
	// Registers of the pair class hold two lanes: a physical tuple reads
	// and writes its units, a virtual one is kept in lanes.
	lanes := map[mir.Reg][]int32{}
	wide := func(r mir.Reg) bool {
		return r.IsVirtual() && f.Arch.Classes[f.ClassOf(r)].Size > 4
	}
	get := func(r mir.Reg) ([]int32, error) {
		if wide(r) {
			v, ok := lanes[r]
			if !ok {
				return nil, fmt.Errorf("read of undefined register %v", r)
			}
			return v, nil
		}
		units := []mir.Reg{r}
		if r.IsPhys() {
			units = f.Arch.Units(r)
		}
		var out []int32
		for _, u := range units {
			v, ok := regs[u]
			if !ok {
				return nil, fmt.Errorf("read of undefined register %v", u)
			}
			out = append(out, v)
		}
		return out, nil
	}
	set := func(r mir.Reg, v []int32) {
		switch {
		case wide(r):
			lanes[r] = v
		case r.IsPhys():
			for k, u := range f.Arch.Units(r) {
				regs[u] = v[k]
			}
		default:
			regs[r] = v[0]
		}
	}
	read := func(o mir.Operand) (int32, error) {
		switch o.Kind {
		case mir.KindImm:
			return int32(o.Imm), nil
		case mir.KindReg:
			v, ok := regs[o.Reg]
			if !ok {
				return 0, fmt.Errorf("read of undefined register %v", o.Reg)
			}
			return v, nil
		}
		return 0, fmt.Errorf("bad operand kind %d", o.Kind)
	}
	b, prev := f.Blocks[0], (*mir.Block)(nil)
	steps := 0
	for {
		// PHIs read in parallel on entry.
		var phiDst []mir.Reg
		var phiVal [][]int32
		i := 0
		for ; i < len(b.Instrs) && b.Instrs[i].Op == mir.GPhi; i++ {
			in := b.Instrs[i]
			found := false
			for k := 1; k+1 < len(in.Ops); k += 2 {
				if in.Ops[k+1].Block == prev {
					v := []int32{int32(in.Ops[k].Imm)}
					if in.Ops[k].Kind == mir.KindReg {
						var err error
						if v, err = get(in.Ops[k].Reg); err != nil {
							return res, err
						}
					}
					phiDst, phiVal, found = append(phiDst, in.Ops[0].Reg), append(phiVal, v), true
				}
			}
			if !found {
				return res, fmt.Errorf("bb%d: PHI without value for bb%v", b.ID, prev)
			}
		}
		for k, d := range phiDst {
			set(d, phiVal[k])
		}
		var next *mir.Block
	instrs:
		for ; i < len(b.Instrs); i++ {
			if steps++; steps > 1_000_000 {
				return res, fmt.Errorf("step limit")
			}
			in := b.Instrs[i]
			u := in.Ops[in.NumDefs():]
			arg := func(k int) int32 {
				v, err := read(u[k])
				if err != nil {
					panic(err)
				}
				return v
			}
			var val int32
			var vec []int32 // the result, when it is not the one word val
			vecArg := func(k int) []int32 {
				v, err := get(u[k].Reg)
				if err != nil {
					panic(err)
				}
				return v
			}
			def := true
			err := func() (err error) {
				defer func() {
					if r := recover(); r != nil {
						err = r.(error)
					}
				}()
				switch in.Op {
				case mir.GCopy:
					vec = vecArg(0)
				case LI, MOV, mir.GConst:
					val = arg(0)
				case PACK:
					vec = []int32{arg(0), arg(1)}
				case VADD:
					x, y := vecArg(0), vecArg(1)
					vec = []int32{x[0] + y[0], x[1] + y[1]}
				case VSWAP:
					x := vecArg(0)
					vec = []int32{x[1], x[0]}
				case LANE:
					val = vecArg(0)[u[1].Imm]
				case mir.GSpill:
					for k, v := range vecArg(0) {
						mem[[2]int64{u[1].Imm, u[1].Off + int64(4*k)}] = v
					}
					def = false
				case mir.GReload:
					for k := 0; k < f.Arch.Classes[u[1].Imm].Size/4; k++ {
						v, ok := mem[[2]int64{u[0].Imm, u[0].Off + int64(4*k)}]
						if !ok {
							return fmt.Errorf("reload from unwritten slot fi#%d", u[0].Imm)
						}
						vec = append(vec, v)
					}
				case mir.GImplicitDef:
					val = 0x7777
				case ADD:
					val = arg(0) + arg(1)
				case SUB:
					val = arg(0) - arg(1)
				case MUL:
					val = arg(0) * arg(1)
				case ADDI:
					val = arg(0) + arg(1)
				case MOVN:
					val = arg(2)
					if arg(1) != 0 {
						val = arg(0)
					}
				case mir.GLoad32:
					v, ok := mem[[2]int64{u[0].Imm, u[0].Off + u[1].Imm}]
					if !ok {
						return fmt.Errorf("load from unwritten slot fi#%d", u[0].Imm)
					}
					val = v
				case mir.GStore32:
					mem[[2]int64{u[1].Imm, u[1].Off + u[2].Imm}] = arg(0)
					def = false
				case OUT:
					res.Out = append(res.Out, arg(0))
					def = false
				case UNIF:
					val = 1000 + 7*unif
					unif++
				case ULOAD:
					val = 1000 + 7*int32(u[0].Imm)
				case ROWW:
					rows[u[1].Imm] = arg(0)
					def = false
				case ROWR:
					v, ok := rows[u[0].Imm]
					if !ok {
						return fmt.Errorf("read of unwritten row %d", u[0].Imm)
					}
					val = v
				case STS:
					scratch[int64(arg(1))+u[2].Imm] = arg(0)
					def = false
				case LDS:
					v, ok := scratch[int64(arg(0))+u[1].Imm]
					if !ok {
						return fmt.Errorf("load of unwritten scratch word %d", int64(arg(0))+u[1].Imm)
					}
					val = v
				case CALL:
					r := 3*regs[R(0)] + regs[R(1)]
					for x := 1; x < len(f.Arch.Regs); x++ {
						if usable(f, x, local) && !f.Arch.Regs[x].CalleeSaved {
							garbage--
							regs[mir.Reg(x)] = garbage
						}
					}
					regs[R(0)] = r
					def = false
				case BNZ:
					def = false
					if arg(0) != 0 {
						next = u[1].Block
					}
				case JMP, mir.GBr:
					def = false
					next = u[0].Block
				case RET:
					def = false
				default:
					return fmt.Errorf("cannot interpret %s", f.Arch.OpName(in.Op))
				}
				return nil
			}()
			if err != nil {
				return res, fmt.Errorf("bb%d: %s: %w", b.ID, mir.FormatInstr(f, in), err)
			}
			if def {
				if vec == nil {
					vec = []int32{val}
				}
				set(in.Ops[0].Reg, vec)
			}
			if in.Op == RET {
				res.Ret = regs[R(0)]
				for r, v := range entry {
					if f.Arch.Regs[r].CalleeSaved && regs[r] != v && !saved(f, r) {
						return res, fmt.Errorf("callee-saved %s clobbered but not in SavedRegs", f.Arch.RegName(r))
					}
				}
				return res, nil
			}
			if next != nil {
				break instrs
			}
		}
		if next == nil {
			// Fall through to the next block in layout.
			for k, x := range f.Blocks {
				if x == b && k+1 < len(f.Blocks) {
					next = f.Blocks[k+1]
				}
			}
			if next == nil {
				return res, fmt.Errorf("fell off the end of bb%d", b.ID)
			}
		}
		prev, b = b, next
	}
}

func saved(f *mir.Func, r mir.Reg) bool {
	for _, s := range f.SavedRegs {
		if s == r {
			return true
		}
	}
	return false
}

// NewBankedArch returns a mock architecture with register banks in the
// style of VC4 (spec vc4.md §4.1; mir.Arch.ReadPorts): a0..a(n-1) in
// bank A, b0..b(n-1) in bank B, and acc0..acc(acc-1), which take no read
// port; an instruction reads at most one register of each bank, and an
// immediate of a target op takes bank B's port. One class, gpr, holds
// them all in that order (A first: without the read-port rule the values
// read together would share bank A). a0 and a1 carry the arguments (R(0)
// and R(1)); nothing is callee-saved. Its Machine hands the conflicts
// the allocator cannot stage to Resolver (passes.ReadPortResolver),
// when set.
func NewBankedArch(n, acc int) (*mir.Arch, *BankedMachine) {
	a := newBankedArch(n, acc)
	m := &BankedMachine{}
	passes.RegisterMachine(a, m)
	return a, m
}

// newBankedArch is the architecture of NewBankedArch, without a Machine.
func newBankedArch(n, acc int) *mir.Arch {
	a := NewArch(2*n+acc, 0)
	a.Name = fmt.Sprintf("mockbanked%d", n)
	const bankA, bankB = mir.BankMask(1), mir.BankMask(2)
	for i := 0; i < 2*n+acc; i++ {
		d := &a.Regs[R(i)]
		switch {
		case i < n:
			d.Name, d.Banks = fmt.Sprintf("a%d", i), bankA
		case i < 2*n:
			d.Name, d.Banks = fmt.Sprintf("b%d", i-n), bankB
		default:
			d.Name = fmt.Sprintf("acc%d", i-2*n)
		}
	}
	a.ReadPorts = &mir.ReadPorts{Banks: []string{"A", "B"}, Imm: bankB}
	return a
}

// BankedMachine is the passes.Machine of NewBankedArch.
type BankedMachine struct {
	// Resolver, if set, receives the read-port conflicts the allocator
	// leaves (passes.ReadPortResolver); nil makes them an error.
	Resolver func(f *mir.Func, conflicts []*mir.Instr) error
}

func (*BankedMachine) BranchInfo() passes.BranchInfo     { return nil }
func (*BankedMachine) PhiElimHooks() passes.PhiElimHooks { return passes.PhiElimHooks{} }

// ResolveReadPorts passes the conflicts to m.Resolver, or fails.
func (m *BankedMachine) ResolveReadPorts(f *mir.Func, conflicts []*mir.Instr) error {
	if m.Resolver == nil {
		return fmt.Errorf("%s: %d read-port conflicts left", f.Name, len(conflicts))
	}
	return m.Resolver(f, conflicts)
}

// NewStagingArch returns NewBankedArch(n, acc) whose Machine also copies
// registers with MOV (passes.RegCopier) and stages immediates with LI
// into any register of gpr (passes.ImmStager), as VC4's V4_MOV and
// V4_LDI.
func NewStagingArch(n, acc int) (*mir.Arch, *StagingMachine) {
	a := newBankedArch(n, acc)
	a.Name = fmt.Sprintf("mockstaging%d", n)
	m := &StagingMachine{BankedMachine: &BankedMachine{}}
	passes.RegisterMachine(a, m)
	return a, m
}

// StagingMachine is the passes.Machine of NewStagingArch.
type StagingMachine struct {
	*BankedMachine
	// Staging are the reserved registers that may stage reads
	// (passes.StagingRegs).
	Staging []mir.Reg
}

// StagingRegs returns m.Staging.
func (m *StagingMachine) StagingRegs(f *mir.Func) []mir.Reg { return m.Staging }

// CopyReg is MOV dst, src.
func (*StagingMachine) CopyReg(f *mir.Func, dst, src mir.Reg) *mir.Instr {
	return mir.NewInstr(MOV, mir.D(dst), mir.R(src))
}

// ImmClass allows every immediate of an ADD, SUB or MUL (not ADDI's,
// LI's or LANE's, which are fields of their own) to be a register of
// class 0.
func (*StagingMachine) ImmClass(f *mir.Func, in *mir.Instr, op int) (int, bool) {
	return 0, in.Op == ADD || in.Op == SUB || in.Op == MUL
}

// LoadImm is LI t, imm.
func (*StagingMachine) LoadImm(f *mir.Func, t mir.Reg, imm int64) *mir.Instr {
	return mir.NewInstr(LI, mir.D(t), mir.I(imm))
}

// NewSpillArch returns NewArch(n, calleeSaved) whose Machine spills with
// its own code (passes.SpillExpander), in the style of VC4 (docs/vc4.md
// "Spilling and rematerialization"): the first rows spilled values (the
// dearest first) get a row of a row file, `ROWW t, k` / `t = ROWR k`;
// the others a word of scratch memory addressed from a base register
// that the entry block computes once, `p = ADDI base, 4k ; STS t, p, 0` /
// `p = ADDI base, 4k ; t = LDS p, 0` (p: a temporary of the sequence).
func NewSpillArch(n, calleeSaved, rows int) (*mir.Arch, *SpillMachine) {
	a := NewArch(n, calleeSaved)
	a.Name = fmt.Sprintf("mockspill%d", n)
	m := &SpillMachine{Rows: rows}
	passes.RegisterMachine(a, m)
	return a, m
}

// SpillMachine is the passes.Machine of NewSpillArch. Slots below Rows
// are rows; slot Rows+k is scratch word k. It recomputes the values of
// UNIF by ULOAD (passes.Rematerializer), and constants (LI) unless
// NoConstRemat.
type SpillMachine struct {
	Rows         int
	NoConstRemat bool
	// Weights records the weight of each value given a slot, in order.
	Weights []float64
	base    map[*mir.Func]mir.Reg
	next    map[*mir.Func]int
	words   map[*mir.Func]int
}

func (*SpillMachine) BranchInfo() passes.BranchInfo     { return nil }
func (*SpillMachine) PhiElimHooks() passes.PhiElimHooks { return passes.PhiElimHooks{} }

// SpillSlot gives v the next row, else the next scratch word, whose base
// register it then computes at the entry (once per function).
func (m *SpillMachine) SpillSlot(f *mir.Func, v mir.Reg, weight float64) (int, error) {
	if m.next == nil {
		m.base, m.next, m.words = map[*mir.Func]mir.Reg{}, map[*mir.Func]int{}, map[*mir.Func]int{}
	}
	m.Weights = append(m.Weights, weight)
	if k := m.next[f]; k < m.Rows {
		m.next[f]++
		return k, nil
	}
	if _, ok := m.base[f]; !ok {
		b := f.NewVReg(0)
		m.base[f] = b
		entry := f.Blocks[0]
		entry.Instrs = append([]*mir.Instr{mir.NewInstr(LI, mir.D(b), mir.I(4096))}, entry.Instrs...)
	}
	m.words[f]++
	return m.Rows + m.words[f] - 1, nil
}

// SpillStore stores t to its row or scratch word.
func (m *SpillMachine) SpillStore(f *mir.Func, t mir.Reg, slot int) []*mir.Instr {
	if slot < m.Rows {
		return []*mir.Instr{mir.NewInstr(ROWW, mir.R(t), mir.I(int64(slot)))}
	}
	p := f.NewVReg(0)
	return []*mir.Instr{mir.NewInstr(ADDI, mir.D(p), mir.R(m.base[f]), mir.I(int64(4*(slot-m.Rows)))), mir.NewInstr(STS, mir.R(t), mir.R(p), mir.I(0))}
}

// SpillReload loads t from its row or scratch word.
func (m *SpillMachine) SpillReload(f *mir.Func, t mir.Reg, slot int) []*mir.Instr {
	if slot < m.Rows {
		return []*mir.Instr{mir.NewInstr(ROWR, mir.D(t), mir.I(int64(slot)))}
	}
	p := f.NewVReg(0)
	return []*mir.Instr{mir.NewInstr(ADDI, mir.D(p), mir.R(m.base[f]), mir.I(int64(4*(slot-m.Rows)))), mir.NewInstr(LDS, mir.D(t), mir.R(p), mir.I(0))}
}

// Remat recomputes a stream word by ULOAD of its index (UNIF stays: it
// advances the stream), refuses LI when m.NoConstRemat, and otherwise
// follows the allocator's rule.
func (m *SpillMachine) Remat(f *mir.Func, def *mir.Instr, generic bool) (func(mir.Reg) []*mir.Instr, bool) {
	switch def.Op {
	case UNIF:
		k := 0
		for _, in := range f.Blocks[0].Instrs {
			if in == def {
				return func(t mir.Reg) []*mir.Instr { return []*mir.Instr{mir.NewInstr(ULOAD, mir.D(t), mir.I(int64(k)))} }, true
			}
			if in.Op == UNIF {
				k++
			}
		}
		return nil, false // not in the entry block: its index is not known
	case LI:
		return nil, generic && !m.NoConstRemat
	}
	return nil, generic
}
