package passes

import (
	"fmt"
	"slices"
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
// The scheduler assumes the hardware interlocks, as BWDSP does (spec
// bwdsp.md §2.5, §2.6: a bundle that reads a result not yet ready stalls,
// and bundle i+1 always sees every result of bundle i): latencies only
// shape the schedule, which never needs nops. A target with exposed
// latencies (VC4's register-file read-after-write, its SFU results) would
// need the pass to pad with empty packets, which it does not do yet.
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
			c.Debugf("packetize: @%s %s: dependence DAG\n%s", f.Name, blockLabel(b), g.String(f))
		}
		packets, cycles, stalls := g.Schedule(f, vi)
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
					fmt.Fprintf(&sched, " #%d %s", g.index[in], instrString(f, in))
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

// DepKind says why one instruction must issue after another.
type DepKind uint8

// Dependence kinds.
const (
	DepRAW   DepKind = iota // reads a register the other writes: a later packet, after its latency
	DepWAR                  // writes a register the other reads: the same packet or a later one
	DepWAW                  // writes a register the other writes: a later packet
	DepMem                  // memory: a store and another access that may overlap
	DepOrder                // a control instruction, call or side effect keeps its place
)

var depNames = [...]string{"RAW", "WAR", "WAW", "mem", "order"}

func (k DepKind) String() string { return depNames[k] }

// DepEdge says that node To issues at least Lat cycles after the node that
// holds the edge (0: possibly in the same packet).
type DepEdge struct {
	To   int
	Kind DepKind
	Lat  int
	Reg  mir.Reg // the register of RAW, WAR and WAW edges
}

// DepNode is one instruction of the DAG.
type DepNode struct {
	In      *mir.Instr
	Succs   []DepEdge
	NPreds  int
	Lat     int // the instruction's longest result latency
	Height  int // longest latency-weighted path to the end of the block
	Control bool
	Solo    bool // issues alone: generic ops, pseudos, side effects, existing bundles
}

// DepGraph is the dependence DAG of one block's instructions; nodes are
// in block order, and every edge goes forward.
type DepGraph struct {
	Nodes []DepNode
	// MemDisjoint counts the pairs of accesses that only their memory
	// operands proved disjoint (the dependences mir.MayAlias removed).
	MemDisjoint int
	index       map[*mir.Instr]int
}

// BuildDepGraph builds the dependence DAG of instrs (one block, in order)
// under the packet semantics of mir.Instr.Packet: a RAW edge carries the
// writer's latency and a WAW edge 1, so neither pair can share a packet,
// while a WAR edge has latency 0, since a packet reads before it writes.
// Memory accesses are ordered like registers (a store after a load may
// share its packet; a load or store after a store may not) unless
// they are proved disjoint: by MemAccess (the same base register holding
// the same value and non-overlapping ranges) or by their memory operands
// (mir.MayAlias: distinct underlying objects, or known disjoint ranges of
// one object; an instruction without one may alias anything); volatile
// accesses (mir.MustOrder), loads included, keep their order in distinct
// packets. Control
// instructions (mir.ControlFlags) come after everything before them (in
// their packet or later) and before everything after them; solo
// instructions are full barriers.
func BuildDepGraph(f *mir.Func, instrs []*mir.Instr, vi VLIWInfo) *DepGraph {
	g := &DepGraph{Nodes: make([]DepNode, len(instrs)), index: make(map[*mir.Instr]int, len(instrs))}
	type memAcc struct {
		node    int
		store   bool
		ref     MemRef
		known   bool
		baseDef int // the node that last wrote ref.Base before the access (-1: none)
	}
	lastDef := map[mir.Reg]int{}
	readers := map[mir.Reg][]int{} // readers since the last def
	var mems []memAcc
	barrier := -1            // the last control or solo node
	edge := map[[2]int]int{} // (from, to) -> index in Succs
	add := func(from, to int, k DepKind, lat int, r mir.Reg) {
		if from == to {
			return
		}
		if i, ok := edge[[2]int{from, to}]; ok {
			if e := &g.Nodes[from].Succs[i]; lat > e.Lat {
				e.Kind, e.Lat, e.Reg = k, lat, r
			}
			return
		}
		edge[[2]int{from, to}] = len(g.Nodes[from].Succs)
		g.Nodes[from].Succs = append(g.Nodes[from].Succs, DepEdge{To: to, Kind: k, Lat: lat, Reg: r})
		g.Nodes[to].NPreds++
	}
	for i, in := range instrs {
		g.index[in] = i
		n := &g.Nodes[i]
		n.In = in
		var flags mir.OpFlags
		var defs, uses []mir.Reg
		n.Lat = 1
		for _, m := range in.Flatten() {
			flags |= f.Arch.Desc(m.Op).Flags
			d, u := vi.RegEffects(f, m)
			defs, uses = append(defs, d...), append(uses, u...)
			for _, r := range d {
				n.Lat = max(n.Lat, vi.Latency(f, m, r))
			}
		}
		n.Control = flags&mir.ControlFlags != 0
		n.Solo = len(in.Bundle) > 0 || in.Op.IsGeneric() || flags&(mir.FlagPseudo|mir.FlagSideEffect) != 0 && !n.Control
		// The value of an access's base register is the one it reads,
		// before its own defs (post-modify).
		acc := memAcc{node: i, store: flags&mir.FlagStore != 0, baseDef: -1}
		if flags&(mir.FlagLoad|mir.FlagStore) != 0 {
			if acc.ref, acc.known = vi.MemAccess(f, in); acc.known {
				if d, ok := lastDef[acc.ref.Base]; ok {
					acc.baseDef = d
				}
			}
		}

		for _, r := range uses {
			if d, ok := lastDef[r]; ok {
				add(d, i, DepRAW, g.latency(f, d, r, vi), r)
			}
			readers[r] = append(readers[r], i)
		}
		for _, r := range defs {
			if d, ok := lastDef[r]; ok {
				add(d, i, DepWAW, 1, r)
			}
			for _, u := range readers[r] {
				add(u, i, DepWAR, 0, r)
			}
		}
		for _, r := range defs {
			lastDef[r], readers[r] = i, nil
		}

		// Barriers: everything since the previous barrier, and that
		// barrier itself, comes first; everything later waits for it.
		if barrier >= 0 {
			add(barrier, i, DepOrder, 1, mir.NoReg)
		}
		if n.Control || n.Solo {
			lat := 1
			if n.Control && !n.Solo {
				lat = 0 // issues last in the packet of what precedes it
			}
			for j := max(barrier, 0); j < i; j++ {
				add(j, i, DepOrder, lat, mir.NoReg)
			}
			barrier = i
			mems = mems[:0] // the barrier orders every access around it
			continue
		}

		if flags&(mir.FlagLoad|mir.FlagStore) != 0 {
			a := &acc
			for _, p := range mems {
				if mir.MustOrder(instrs[p.node].Mem, in.Mem) {
					// Volatile accesses, loads too: in order, one
					// packet after the other.
					add(p.node, i, DepMem, 1, mir.NoReg)
					continue
				}
				if !p.store && !a.store {
					continue
				}
				if p.known && a.known && p.ref.Base == a.ref.Base && p.baseDef == a.baseDef &&
					(p.ref.Off+p.ref.Size <= a.ref.Off || a.ref.Off+a.ref.Size <= p.ref.Off) {
					continue // provably disjoint
				}
				if !mir.MayAlias(instrs[p.node].Mem, in.Mem) {
					g.MemDisjoint++
					continue // the frontend's objects prove them disjoint
				}
				lat := 1
				if !p.store {
					lat = 0 // a store after a load: the packet reads memory first
				}
				add(p.node, i, DepMem, lat, mir.NoReg)
			}
			mems = append(mems, acc)
		}
	}
	// Heights, from the end: every edge goes forward.
	for i := len(g.Nodes) - 1; i >= 0; i-- {
		n := &g.Nodes[i]
		n.Height = n.Lat
		for _, e := range n.Succs {
			n.Height = max(n.Height, e.Lat+g.Nodes[e.To].Height)
		}
	}
	return g
}

// latency is the latency of node d's write of r: the instruction's own, or
// for an existing bundle the longest of its members'.
func (g *DepGraph) latency(f *mir.Func, d int, r mir.Reg, vi VLIWInfo) int {
	if in := g.Nodes[d].In; len(in.Bundle) == 0 {
		return max(1, vi.Latency(f, in, r))
	}
	return g.Nodes[d].Lat
}

// Schedule list-schedules the DAG cycle by cycle: in each cycle it adds,
// while the packet has room and the target accepts it, the ready node of
// greatest height (then the earliest in the block), where a node is ready
// once every predecessor has issued and its edge latency has elapsed. A
// control node closes its packet; a solo node issues alone. It returns the
// packets in issue order with their cycles, and the number of cycles in
// which nothing could issue (stalls on an interlocked machine).
func (g *DepGraph) Schedule(f *mir.Func, vi VLIWInfo) (packets [][]*mir.Instr, cycles []int, stalls int) {
	n := len(g.Nodes)
	npreds := make([]int, n)
	earliest := make([]int, n)
	var ready []int
	for i := range g.Nodes {
		npreds[i] = g.Nodes[i].NPreds
		if npreds[i] == 0 {
			ready = append(ready, i)
		}
	}
	limit := max(1, vi.MaxPacket())
	done := 0
	for cycle := 0; done < n; cycle++ {
		var cur []int
		closed := false
		for !closed && len(cur) < limit {
			best := -1
			for _, i := range ready {
				nd := &g.Nodes[i]
				if earliest[i] > cycle || nd.Solo && len(cur) > 0 {
					continue
				}
				if best >= 0 && (g.Nodes[best].Height > nd.Height || g.Nodes[best].Height == nd.Height && best < i) {
					continue
				}
				if len(cur) > 0 && vi.CheckPacket(f, g.packetWith(cur, i)) != nil {
					continue
				}
				best = i
			}
			if best < 0 {
				break
			}
			cur = append(cur, best)
			ready = slices.DeleteFunc(ready, func(i int) bool { return i == best })
			done++
			nd := &g.Nodes[best]
			closed = nd.Control || nd.Solo
			for _, e := range nd.Succs {
				earliest[e.To] = max(earliest[e.To], cycle+e.Lat)
				if npreds[e.To]--; npreds[e.To] == 0 {
					ready = append(ready, e.To)
				}
			}
		}
		if len(cur) == 0 {
			stalls++
			continue
		}
		slices.Sort(cur)
		p := make([]*mir.Instr, len(cur))
		for k, i := range cur {
			p[k] = g.Nodes[i].In
		}
		packets = append(packets, p)
		cycles = append(cycles, cycle)
	}
	return packets, cycles, stalls
}

// packetWith returns the instructions of cur plus node i in issue order
// (block order, which puts a control instruction last).
func (g *DepGraph) packetWith(cur []int, i int) []*mir.Instr {
	idx := append(slices.Clone(cur), i)
	slices.Sort(idx)
	p := make([]*mir.Instr, len(idx))
	for k, j := range idx {
		p[k] = g.Nodes[j].In
	}
	return p
}

// String prints the DAG for -debug-only=packetize: each node with its
// latency and height, then its outgoing edges.
func (g *DepGraph) String(f *mir.Func) string {
	var sb strings.Builder
	for i, n := range g.Nodes {
		fmt.Fprintf(&sb, "  #%d %s  [lat %d, height %d", i, instrString(f, n.In), n.Lat, n.Height)
		if n.Control {
			sb.WriteString(", control")
		}
		if n.Solo {
			sb.WriteString(", solo")
		}
		sb.WriteString("]\n")
		for _, e := range n.Succs {
			fmt.Fprintf(&sb, "      -> #%d %s", e.To, e.Kind)
			if e.Reg != mir.NoReg {
				fmt.Fprintf(&sb, " %s", mir.FormatReg(f, e.Reg))
			}
			fmt.Fprintf(&sb, " lat %d\n", e.Lat)
		}
	}
	return sb.String()
}
