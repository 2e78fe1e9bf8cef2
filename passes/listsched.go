package passes

import (
	"fmt"
	"slices"
	"strings"
)

// SchedModel describes the instructions of a target to the generic
// dependence-DAG builder and list scheduler (BuildSchedDAG,
// SchedDAG.Schedule): I is an instruction, K names a register-like
// resource (registers, flags, or any state the target wants ordered, such
// as an I/O stream). packetize drives it over MIR instructions through
// VLIWInfo (mirSchedModel, BWDSP's bundles); VC4's emitter drives it over
// its post-allocation instructions (add/mul pairs, exposed latencies).
//
// Packet semantics are those of mir.Instr.Packet: every member reads
// before any member writes, a control instruction is the last member.
type SchedModel[I comparable, K comparable] interface {
	// MaxPacket is the number of instructions one packet may hold.
	MaxPacket() int
	// Effects returns every resource in writes and reads.
	Effects(in I) (defs, uses []K)
	// Latency is the number of cycles after def issues at which use,
	// which reads r, can issue (1: the next packet). use is the zero I
	// when the scheduler asks for def's own result latency (priorities).
	// On a machine without interlocks (VC4) the latency is a hard rule:
	// the cycles the schedule leaves empty become nops.
	Latency(def I, r K, use I) int
	// Node classifies in: a control instruction closes its packet and
	// stays after everything before it; a solo one issues alone and
	// orders everything around it (a full barrier).
	Node(in I) (control, solo bool)
	// Mem describes the memory in accesses (Load and Store false: none).
	Mem(in I) SchedMem[K]
	// MemOrder says, for two accesses a before b (not both loads), whether
	// they must stay in order in distinct packets (volatile), and whether
	// they may touch the same memory at all (their memory operands).
	MemOrder(a, b I) (mustOrder, mayAlias bool)
	// CheckPacket reports why the instructions, in issue order, may not
	// issue as one packet, or nil. It is only asked about instructions
	// free of read-after-write and write-after-write dependences among
	// themselves, at most MaxPacket of them, a control instruction last.
	CheckPacket(p []I) error
	// String renders in for -debug-only output.
	String(in I) string
}

// SchedFencer is implemented by a SchedModel with one-way barriers: an
// acquire issues after (or with) every instruction before it, a release
// before every instruction after it, while work may still move across
// them the other way (out of what they enclose). VC4: the VPM mutex, so
// that no work moves into a critical section other QPUs wait for.
type SchedFencer[I comparable] interface {
	Fence(in I) (acquire, release bool)
}

// SchedUrgency is implemented by a SchedModel with urgent instructions:
// an urgent instruction, and every instruction it depends on, ranks
// before all other ready work (then by height), so it issues as early as
// its own dependences allow while other work only fills the room and the
// latency gaps they leave. Between urgent work, what the earliest urgent
// instruction (in sequence order) depends on comes first: otherwise work
// that only a later urgent instruction depends on, of greater height,
// would delay the earlier one. VC4: the VPM mutex release, so that work after
// a critical section with a greater height (a long division) does not
// keep the mutex held while other QPUs wait for it.
type SchedUrgency[I comparable] interface {
	Urgent(in I) bool
}

// SchedMem is the memory an instruction touches: Size bytes at Base + Off
// (the value Base holds when the instruction issues) when Known.
type SchedMem[K comparable] struct {
	Load, Store bool
	Known       bool
	Base        K
	Off, Size   int64
}

// DepKind says why one instruction must issue after another.
type DepKind uint8

// Dependence kinds.
const (
	DepRAW   DepKind = iota // reads a resource the other writes: a later packet, after its latency
	DepWAR                  // writes a resource the other reads: the same packet or a later one
	DepWAW                  // writes a resource the other writes: a later packet
	DepMem                  // memory: a store and another access that may overlap
	DepOrder                // a control instruction, call or side effect keeps its place
)

var depNames = [...]string{"RAW", "WAR", "WAW", "mem", "order"}

func (k DepKind) String() string { return depNames[k] }

// SchedEdge says that node To issues at least Lat cycles after the node
// that holds the edge (0: possibly in the same packet).
type SchedEdge[K comparable] struct {
	To   int
	Kind DepKind
	Lat  int
	Reg  K // the resource of RAW, WAR and WAW edges
}

// SchedNode is one instruction of the DAG.
type SchedNode[I comparable, K comparable] struct {
	In      I
	Succs   []SchedEdge[K]
	NPreds  int
	Lat     int // the instruction's longest result latency
	Height  int // longest latency-weighted path to the end of the block
	Control bool
	Solo    bool // issues alone and orders everything around it
	Urgent  bool // SchedUrgency: urgent, or an urgent node depends on it
	// UrgentBy is the sequence index of the earliest urgent node that is
	// this one or depends on it (when Urgent).
	UrgentBy int
}

// SchedDAG is the dependence DAG of a straight-line sequence; nodes are in
// sequence order, and every edge goes forward.
type SchedDAG[I comparable, K comparable] struct {
	Nodes []SchedNode[I, K]
	// MemDisjoint counts the pairs of accesses that only MemOrder proved
	// disjoint.
	MemDisjoint int
	index       map[I]int
	m           SchedModel[I, K]
}

// memWindow bounds the memory accesses BuildSchedDAG compares pairwise:
// a block copying a large struct by value has thousands of accesses, and
// ordering every pair took minutes and gigabytes. Past the window, the next
// access is ordered after all of it and the comparison starts again,
// which keeps blocks of ordinary size exactly as before.
const memWindow = 256

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// BuildSchedDAG builds the dependence DAG of instrs (one block, in order)
// under the packet semantics: a RAW edge carries the writer's latency for
// that reader and a WAW edge 1, so neither pair can share a packet, while
// a WAR edge has latency 0, since a packet reads before it writes. Memory
// accesses are ordered like registers (a store after a load may share its
// packet; a load or store after a store may not) unless they are proved
// disjoint: by Mem (the same base holding the same value and
// non-overlapping ranges) or by MemOrder; volatile accesses keep their
// order in distinct packets. Control instructions come after everything
// before them (in their packet or later) and before everything after
// them; solo instructions are full barriers; the fences of a SchedFencer
// are one-way barriers.
func BuildSchedDAG[I comparable, K comparable](instrs []I, m SchedModel[I, K]) *SchedDAG[I, K] {
	g := &SchedDAG[I, K]{Nodes: make([]SchedNode[I, K], len(instrs)), index: make(map[I]int, len(instrs)), m: m}
	type memAcc struct {
		node    int
		mem     SchedMem[K]
		baseDef int // the node that last wrote mem.Base before the access (-1: none)
	}
	var zero I
	var noReg K
	lastDef := map[K]int{}
	readers := map[K][]int{} // readers since the last def
	var mems []memAcc
	barrier := -1 // the last control or solo node
	fencer, _ := m.(SchedFencer[I])
	lastAcq, lastRel := -1, -1 // the last acquire and release fences
	// memBar is the access that last closed a window of memWindow
	// accesses (-1: none since the last barrier): it is ordered after
	// every access before it, so later ones need only order after it.
	memBar, memBarStore := -1, false
	edge := map[[2]int]int{} // (from, to) -> index in Succs
	add := func(from, to int, k DepKind, lat int, r K) {
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
		g.Nodes[from].Succs = append(g.Nodes[from].Succs, SchedEdge[K]{To: to, Kind: k, Lat: lat, Reg: r})
		g.Nodes[to].NPreds++
	}
	for i, in := range instrs {
		g.index[in] = i
		n := &g.Nodes[i]
		n.In = in
		defs, uses := m.Effects(in)
		n.Lat = 1
		for _, r := range defs {
			n.Lat = max(n.Lat, m.Latency(in, r, zero))
		}
		n.Control, n.Solo = m.Node(in)
		// The value of an access's base register is the one it reads,
		// before its own defs (post-modify).
		acc := memAcc{node: i, mem: m.Mem(in), baseDef: -1}
		if acc.mem.Known {
			if d, ok := lastDef[acc.mem.Base]; ok {
				acc.baseDef = d
			}
		}

		for _, r := range uses {
			if d, ok := lastDef[r]; ok {
				add(d, i, DepRAW, max(1, m.Latency(instrs[d], r, in)), r)
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

		if fencer != nil {
			acq, rel := fencer.Fence(in)
			if lastRel >= 0 {
				add(lastRel, i, DepOrder, 1, noReg)
			}
			if acq {
				for j := max(lastAcq, 0); j < i; j++ {
					add(j, i, DepOrder, 0, noReg)
				}
				lastAcq = i
			}
			if rel {
				lastRel = i
			}
		}

		// Barriers: everything since the previous barrier, and that
		// barrier itself, comes first; everything later waits for it.
		if barrier >= 0 {
			add(barrier, i, DepOrder, 1, noReg)
		}
		if n.Control || n.Solo {
			lat := 1
			if n.Control && !n.Solo {
				lat = 0 // issues last in the packet of what precedes it
			}
			for j := max(barrier, 0); j < i; j++ {
				add(j, i, DepOrder, lat, noReg)
			}
			barrier = i
			mems = mems[:0] // the barrier orders every access around it
			memBar = -1
			continue
		}

		if a := &acc; a.mem.Load || a.mem.Store {
			if memBar >= 0 {
				must, _ := m.MemOrder(instrs[memBar], in)
				add(memBar, i, DepMem, b2i(memBarStore || must), noReg)
			}
			if len(mems) >= memWindow {
				// Close the window: order i after every access of it
				// (a store or a volatile pair apart, as below), so that
				// the pairs compared stay linear in the block's size.
				for _, p := range mems {
					must, _ := m.MemOrder(instrs[p.node], in)
					add(p.node, i, DepMem, b2i(p.mem.Store || must), noReg)
				}
				memBar, memBarStore, mems = i, a.mem.Store, mems[:0]
				continue
			}
			for _, p := range mems {
				if !p.mem.Store && !a.mem.Store {
					if must, _ := m.MemOrder(instrs[p.node], in); must {
						add(p.node, i, DepMem, 1, noReg) // volatile loads too: in order
					}
					continue
				}
				must, may := m.MemOrder(instrs[p.node], in)
				if must {
					add(p.node, i, DepMem, 1, noReg)
					continue
				}
				if p.mem.Known && a.mem.Known && p.mem.Base == a.mem.Base && p.baseDef == a.baseDef &&
					(p.mem.Off+p.mem.Size <= a.mem.Off || a.mem.Off+a.mem.Size <= p.mem.Off) {
					continue // provably disjoint
				}
				if !may {
					g.MemDisjoint++
					continue
				}
				lat := 1
				if !p.mem.Store {
					lat = 0 // a store after a load: the packet reads memory first
				}
				add(p.node, i, DepMem, lat, noReg)
			}
			mems = append(mems, acc)
		}
	}
	// Heights and urgency, from the end: every edge goes forward.
	urgency, _ := m.(SchedUrgency[I])
	for i := len(g.Nodes) - 1; i >= 0; i-- {
		n := &g.Nodes[i]
		n.Height = n.Lat
		n.Urgent = urgency != nil && urgency.Urgent(n.In)
		n.UrgentBy = i
		for _, e := range n.Succs {
			n.Height = max(n.Height, e.Lat+g.Nodes[e.To].Height)
			if s := &g.Nodes[e.To]; s.Urgent && (!n.Urgent || s.UrgentBy < n.UrgentBy) {
				n.Urgent, n.UrgentBy = true, s.UrgentBy
			}
		}
	}
	return g
}

// Index returns the position of in in the sequence the DAG was built from.
func (g *SchedDAG[I, K]) Index(in I) int { return g.index[in] }

// Schedule list-schedules the DAG cycle by cycle: in each cycle it adds,
// while the packet has room and the target accepts it, the ready node
// that ranks first (urgent, then greatest height, then the earliest in
// the sequence), where a node is
// ready once every predecessor has issued and its edge latency has
// elapsed. A control node closes its packet; a solo node issues alone. It
// returns the packets in issue order (members in sequence order) with
// their cycles, and the number of cycles in which nothing could issue
// (stalls on an interlocked machine, nops on one without interlocks).
func (g *SchedDAG[I, K]) Schedule() (packets [][]I, cycles []int, stalls int) {
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
	limit := max(1, g.m.MaxPacket())
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
				if best >= 0 && !g.before(i, best) {
					continue
				}
				if len(cur) > 0 && g.m.CheckPacket(g.packetWith(cur, i)) != nil {
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
		p := make([]I, len(cur))
		for k, i := range cur {
			p[k] = g.Nodes[i].In
		}
		packets = append(packets, p)
		cycles = append(cycles, cycle)
	}
	return packets, cycles, stalls
}

// before reports whether ready node i ranks before node j: urgent first
// (SchedUrgency; among urgent nodes, those of the earliest urgent node),
// then greater height, then earlier in the sequence.
func (g *SchedDAG[I, K]) before(i, j int) bool {
	a, b := &g.Nodes[i], &g.Nodes[j]
	switch {
	case a.Urgent != b.Urgent:
		return a.Urgent
	case a.Urgent && a.UrgentBy != b.UrgentBy:
		return a.UrgentBy < b.UrgentBy
	case a.Height != b.Height:
		return a.Height > b.Height
	}
	return i < j
}

// packetWith returns the instructions of cur plus node i in issue order
// (sequence order, which puts a control instruction last).
func (g *SchedDAG[I, K]) packetWith(cur []int, i int) []I {
	idx := append(slices.Clone(cur), i)
	slices.Sort(idx)
	p := make([]I, len(idx))
	for k, j := range idx {
		p[k] = g.Nodes[j].In
	}
	return p
}

// String prints the DAG for -debug-only output: each node with its
// latency and height, then its outgoing edges.
func (g *SchedDAG[I, K]) String(reg func(K) string) string {
	var sb strings.Builder
	var noReg K
	for i, n := range g.Nodes {
		fmt.Fprintf(&sb, "  #%d %s  [lat %d, height %d", i, g.m.String(n.In), n.Lat, n.Height)
		if n.Control {
			sb.WriteString(", control")
		}
		if n.Solo {
			sb.WriteString(", solo")
		}
		if n.Urgent {
			sb.WriteString(", urgent")
		}
		sb.WriteString("]\n")
		for _, e := range n.Succs {
			fmt.Fprintf(&sb, "      -> #%d %s", e.To, e.Kind)
			if e.Reg != noReg {
				fmt.Fprintf(&sb, " %s", reg(e.Reg))
			}
			fmt.Fprintf(&sb, " lat %d\n", e.Lat)
		}
	}
	return sb.String()
}
