package passes

import (
	"fmt"
	"strings"

	"lltosimd/mir"
)

// VLIWMachine is implemented by the passes.Machine of a target that
// issues several instructions per cycle as one packet (BWDSP's bundles,
// VC4's add/mul pairs). Without it, packetize leaves the code alone.
type VLIWMachine interface {
	// VLIWInfo describes the packets; nil means "not VLIW".
	VLIWInfo() VLIWInfo
}

// VLIWInfo is what the generic packetizer needs to know about a VLIW
// target. The packet semantics are those of mir.Instr.Packet: every member
// reads its operands (registers and memory) before any member writes, and
// the transfer of control (mir.ControlFlags), if any, is the last member
// and takes effect after the others.
//
// The pass assumes the hardware interlocks, as BWDSP does (spec
// bwdsp.md §2.5, §2.6: a bundle that reads a result not yet ready stalls,
// and bundle i+1 always sees every result of bundle i): latencies only
// shape the schedule, which never needs nops. A target with exposed
// latencies uses the scheduler core itself (SchedModel, BuildSchedDAG)
// and turns the cycles it leaves empty into nops, as VC4's emitter does.
type VLIWInfo interface {
	// MaxPacket is the number of instructions one packet may hold.
	MaxPacket() int
	// Latency is the number of cycles after in issues at which an
	// instruction reading its result in register def can issue without a
	// stall (1: the next packet). One instruction's results may differ
	// (BWDSP's post-modify load: the loaded value after 3 cycles, the
	// address register after 1).
	Latency(f *mir.Func, in *mir.Instr, def mir.Reg) int
	// RegEffects returns every register in writes and reads, implicit
	// ones included (a call's argument and result registers, the link
	// register, status registers). Registers that overlap (pairs, SIMD
	// tuples) must be reported through the registers they share, so that
	// equal mir.Reg values are the only conflicts the pass looks for.
	RegEffects(f *mir.Func, in *mir.Instr) (defs, uses []mir.Reg)
	// MemAccess describes the memory an instruction with FlagLoad or
	// FlagStore touches, when it is a base register plus a constant
	// range; ok false means "anywhere" (the pass then keeps it in order
	// with every other access it might conflict with).
	MemAccess(f *mir.Func, in *mir.Instr) (m MemRef, ok bool)
	// CheckPacket reports why the instructions, in issue order, may not
	// issue as one packet (the target's resource rules), or nil. The pass
	// only asks about instructions free of read-after-write and
	// write-after-write dependences among themselves, at most MaxPacket
	// of them, with any control instruction last.
	CheckPacket(f *mir.Func, p []*mir.Instr) error
}

// MemRef is the memory range an access touches: Size bytes at Base + Off
// (the value Base holds when the instruction issues).
type MemRef struct {
	Base      mir.Reg
	Off, Size int64
}

// VLIWInfoFor returns the VLIW description of an architecture's Machine,
// or nil.
func VLIWInfoFor(a *mir.Arch) VLIWInfo {
	if m, ok := MachineFor(a).(VLIWMachine); ok {
		return m.VLIWInfo()
	}
	return nil
}

// OperandRegEffects lists the registers in's operands write and read
// (guards included, undef reads not), for targets whose RegEffects has
// nothing to add.
func OperandRegEffects(in *mir.Instr) (defs, uses []mir.Reg) {
	mir.ForEachReg(in, func(r mir.Reg, def bool) {
		if def {
			defs = append(defs, r)
		} else {
			uses = append(uses, r)
		}
	})
	return defs, uses
}

// Statistic keys of packetize.
const (
	statPackets = "bundles"
	statMulti   = "multi"
	statInstrs  = "instrs"
	statStalls  = "stalls"
	statMemOps  = "mem-disjoint"
)

// packetize is a post-RA list scheduler and packetizer: per basic block it
// builds the dependence DAG (registers, memory, control and side-effect
// barriers), then fills packets cycle by cycle with the ready instructions
// of the longest latency-weighted path to the block's end, as far as the
// target's resource check allows. It never moves an instruction across a
// block boundary, a call or a side effect.
var _ = Register(&Pass{
	Name: "packetize",
	Desc: "list-schedule each block into VLIW packets (targets implementing passes.VLIWMachine)",
	Stats: map[string]string{
		statPackets: "Number of bundles issued (single instructions included)",
		statMulti:   "Number of bundles with more than one instruction",
		statInstrs:  "Number of instructions placed in bundles (slots filled)",
		statStalls:  "Number of cycles the schedule waits for a latency",
		statMemOps:  "Number of memory dependences memory operands (mir.MayAlias) removed",
	},
	// Meant to run after register allocation and frame lowering (it works
	// on virtual registers too, but the allocator does not expect packets).
	Needs: mir.PropSelected | mir.PropNoPHIs,
	Sets:  mir.PropBundled,
	Run:   runPacketize,
})

func runPacketize(c *Ctx, f *mir.Func) error {
	f.Props |= mir.PropBundled // bundles may appear
	vi := VLIWInfoFor(f.Arch)
	if vi == nil {
		return nil
	}
	for _, b := range f.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		g := BuildDepGraph(f, b.Instrs, vi)
		c.Count(statMemOps, int64(g.MemDisjoint))
		if c.Debugging() {
			c.Debugf("packetize: @%s %s: dependence DAG\n%s", f.Name, blockLabel(b), g.String(func(r mir.Reg) string { return mir.FormatReg(f, r) }))
		}
		packets, cycles, stalls := g.Schedule()
		out := make([]*mir.Instr, 0, len(packets))
		var sched strings.Builder
		n := 0
		for k, p := range packets {
			members := 0 // an existing bundle, kept whole, counts its members
			for _, in := range p {
				members += len(in.Flatten())
			}
			c.Count(statPackets, 1)
			c.Count(statInstrs, int64(members))
			n += members
			if members > 1 {
				c.Count(statMulti, 1)
			}
			if c.Debugging() {
				fmt.Fprintf(&sched, "  cycle %d:", cycles[k])
				for i, in := range p {
					if i > 0 {
						sched.WriteString(" ||")
					}
					fmt.Fprintf(&sched, " #%d %s", g.Index(in), instrString(f, in))
				}
				sched.WriteByte('\n')
			}
			out = append(out, makePacket(p))
		}
		c.Count(statStalls, int64(stalls))
		if c.Debugging() {
			c.Debugf("packetize: @%s %s: schedule: %d instructions in %d bundles (%.2f per bundle), %d stall cycles\n%s",
				f.Name, blockLabel(b), n, len(packets), float64(n)/float64(len(packets)), stalls, sched.String())
		}
		b.Instrs = out
	}
	return nil
}

// makePacket turns the instructions of one cycle, in issue order, into one
// mir.Instr: the instruction itself, or a packet headed by the first.
func makePacket(p []*mir.Instr) *mir.Instr {
	if len(p) == 1 {
		return p[0]
	}
	head := p[0]
	head.Bundle = append([]*mir.Instr(nil), p[1:]...)
	head.Packet = true
	return head
}

// DepGraph, DepNode and DepEdge are the generic scheduler's DAG over MIR
// instructions (mirSchedModel).
type (
	DepGraph = SchedDAG[*mir.Instr, mir.Reg]
	DepNode  = SchedNode[*mir.Instr, mir.Reg]
	DepEdge  = SchedEdge[mir.Reg]
)

// BuildDepGraph builds the dependence DAG of instrs (one block, in order)
// through the target's VLIWInfo (BuildSchedDAG). Memory operands prove
// accesses disjoint (mir.MayAlias: distinct underlying objects, or known
// disjoint ranges of one object; an instruction without one may alias
// anything); volatile accesses (mir.MustOrder), loads included, keep
// their order. Generic ops, pseudos, side effects and existing bundles
// are solo; calls, branches and returns (mir.ControlFlags) are control.
func BuildDepGraph(f *mir.Func, instrs []*mir.Instr, vi VLIWInfo) *DepGraph {
	return BuildSchedDAG[*mir.Instr, mir.Reg](instrs, mirSchedModel{f, vi})
}

// mirSchedModel is the SchedModel of MIR instructions: a VLIWInfo plus the
// generic facts of the op table (flags) and the memory operands.
type mirSchedModel struct {
	f  *mir.Func
	vi VLIWInfo
}

func (m mirSchedModel) MaxPacket() int { return m.vi.MaxPacket() }

func (m mirSchedModel) flags(in *mir.Instr) mir.OpFlags {
	var fl mir.OpFlags
	for _, x := range in.Flatten() {
		fl |= m.f.Arch.Desc(x.Op).Flags
	}
	return fl
}

func (m mirSchedModel) Effects(in *mir.Instr) (defs, uses []mir.Reg) {
	for _, x := range in.Flatten() {
		d, u := m.vi.RegEffects(m.f, x)
		defs, uses = append(defs, d...), append(uses, u...)
	}
	return defs, uses
}

// Latency is the instruction's own latency for r, or for an existing
// bundle the longest of its members' results.
func (m mirSchedModel) Latency(def *mir.Instr, r mir.Reg, _ *mir.Instr) int {
	if len(def.Bundle) == 0 {
		return max(1, m.vi.Latency(m.f, def, r))
	}
	lat := 1
	for _, x := range def.Flatten() {
		d, _ := m.vi.RegEffects(m.f, x)
		for _, y := range d {
			lat = max(lat, m.vi.Latency(m.f, x, y))
		}
	}
	return lat
}

func (m mirSchedModel) Node(in *mir.Instr) (control, solo bool) {
	fl := m.flags(in)
	control = fl&mir.ControlFlags != 0
	solo = len(in.Bundle) > 0 || in.Op.IsGeneric() || fl&(mir.FlagPseudo|mir.FlagSideEffect) != 0 && !control
	return control, solo
}

func (m mirSchedModel) Mem(in *mir.Instr) SchedMem[mir.Reg] {
	fl := m.flags(in)
	s := SchedMem[mir.Reg]{Load: fl&mir.FlagLoad != 0, Store: fl&mir.FlagStore != 0}
	if s.Load || s.Store {
		if ref, ok := m.vi.MemAccess(m.f, in); ok {
			s.Known, s.Base, s.Off, s.Size = true, ref.Base, ref.Off, ref.Size
		}
	}
	return s
}

func (m mirSchedModel) MemOrder(a, b *mir.Instr) (mustOrder, mayAlias bool) {
	return mir.MustOrder(a.Mem, b.Mem), mir.MayAlias(a.Mem, b.Mem)
}

func (m mirSchedModel) CheckPacket(p []*mir.Instr) error { return m.vi.CheckPacket(m.f, p) }
func (m mirSchedModel) String(in *mir.Instr) string      { return instrString(m.f, in) }
