package passes

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"lltosimd/mir"
)

// Statistic keys of software-pipeline.
const (
	statSWPLoops    = "pipelined"
	statSWPStages   = "stages"
	statSWPII       = "ii"
	statSWPResMII   = "resmii"
	statSWPRecMII   = "recmii"
	statSWPShape    = "rejected-shape"
	statSWPInstr    = "rejected-instr"
	statSWPTrip     = "rejected-trip"
	statSWPOneStage = "rejected-one-stage"
	statSWPPressure = "rejected-pressure"
	statSWPNoSched  = "rejected-no-schedule"
)

// swpMaxStages bounds the stages of a pipelined loop: each stage beyond
// the first adds a prologue and an epilogue copy of part of the body and
// raises the smallest trip count the kernel serves.
const swpMaxStages = 4

// swpMaxBody bounds the instructions of a loop body the scheduler takes
// on (its resource queries grow with the square of the body): longer
// bodies have enough operations of one iteration to fill the packets.
const swpMaxBody = 160

// software-pipeline is iterative modulo scheduling (Rau's IMS, without
// eviction: an II that leaves an operation no slot is given up for the
// next) of innermost single-block hardware loops, on selected SSA MIR
// before phi elimination, so that the allocator still names the values
// of overlapped iterations. A target opts in with passes.VLIWMachine (the
// latencies and the packet resource check the scheduler asks with each
// virtual register stood in by a distinct register of its class) and
// with the pipelining hooks of passes.HWLoopInfo (CountOf,
// SetCountMinus, BranchCountBelow).
//
// The dependences are the SSA ones (through the header's phis at
// distance 1) and those between two memory accesses of which one writes
// and that mir.MayAlias cannot separate: when both go through one pointer
// phi of the loop (followed through PostModifyInfo's AddImm and
// PostModified) with known ranges (VLIWInfo.MemAccess), at the smallest
// iteration distance below swpMaxStages where the ranges overlap;
// otherwise the body order at distance 0 and the reverse order at
// distance 1, so that no access of a later iteration passes one of an
// earlier iteration it may conflict with. II starts at max(ResMII,
// RecMII); the loop is left alone when no II shorter than one iteration's
// schedule fits in swpMaxStages stages, when the schedule has one stage,
// or when a register class's modulo MaxLive exceeds its registers.
//
// The code: the preheader branches to the original loop when the trip
// count is below the stage count S (and to the pipelined code otherwise);
// the prologue sets the counter to count − (S−1) and runs stages 0..k of
// the first iterations; the kernel runs every stage, each of another
// iteration, in the order of the modulo slots, unrolled twice
// (`-pass-option=swp-unroll=N`, 1 to 4) so that a value read one stage
// later passes from one copy to the next without a copy instruction
// (modulo variable expansion; SSA phis carry what crosses the back edge);
// each copy ends in the loop end, the counter counting copies, and leaves
// to its own epilogue, which finishes the last S−1 iterations; a join
// block merges the values live out of the original loop and the
// epilogues. The post-RA packetizer then schedules each kernel copy as a
// block whose operations, from different iterations, no longer wait for
// each other.
var _ = Register(&Pass{
	Name: "software-pipeline",
	Desc: "modulo-schedule innermost single-block hardware loops (targets implementing passes.VLIWMachine and the HWLoopInfo pipelining hooks)",
	Stats: map[string]string{
		statSWPLoops:    "Number of loops software-pipelined",
		statSWPStages:   "Sum of the stage counts of the pipelined loops",
		statSWPII:       "Sum of the initiation intervals achieved",
		statSWPResMII:   "Sum of the resource-bound minimum IIs of the pipelined loops",
		statSWPRecMII:   "Sum of the recurrence-bound minimum IIs of the pipelined loops",
		statSWPShape:    "Number of innermost loops refused: not a single-block hardware loop with a preheader, or too long",
		statSWPInstr:    "Number of loops refused: a call, side effect, guard or physical register in the body",
		statSWPTrip:     "Number of loops refused: constant trip count below the stage count",
		statSWPOneStage: "Number of loops refused: the modulo schedule has one stage (nothing to overlap)",
		statSWPPressure: "Number of loops refused: a register class's MaxLive exceeds its registers",
		statSWPNoSched:  "Number of loops refused: no II shorter than one iteration's schedule (or too many stages)",
	},
	Needs:   mir.PropSSA | mir.PropSelected,
	Forbids: mir.PropNoPHIs,
	Run:     runSWP,
})

func runSWP(c *Ctx, f *mir.Func) error {
	if c.Option("O") == "0" || len(f.Blocks) == 0 {
		return nil
	}
	vi := VLIWInfoFor(f.Arch)
	hm, ok := MachineFor(f.Arch).(HardwareLoopMachine)
	if vi == nil || !ok {
		return nil
	}
	info := hm.HardwareLoops()
	if info == nil || info.CountOf == nil || info.SetCountMinus == nil || info.BranchCountBelow == nil || info.LoopEnd == nil {
		return nil
	}
	tried := map[*mir.Block]bool{}
	for {
		f.RecomputeCFG()
		li := mir.ComputeLoops(f, mir.ComputeDominators(f))
		var next *mir.Loop
		for _, l := range li.Loops {
			if len(l.Children) == 0 && !tried[l.Header] {
				next = l
				break
			}
		}
		if next == nil {
			return nil
		}
		tried[next.Header] = true
		for _, k := range pipelineLoop(c, f, vi, info, next) {
			tried[k] = true
		}
	}
}

// swpLoop is one loop being pipelined.
type swpLoop struct {
	c     *Ctx
	f     *mir.Func
	vi    VLIWInfo
	info  *HWLoopInfo
	h, ph *mir.Block
	exit  *mir.Block
	lc    mir.Reg
	count mir.Operand
	phis  map[mir.Reg]*swpPhi
	body  []*mir.Instr
	defAt map[mir.Reg]int // a vreg defined by body[i]
	edges [][]swpEdge     // successors
	preds [][]swpEdge
	alone []bool // the target's packet check refuses the instruction alone (a pseudo): it only takes a slot
	t     []int  // modulo schedule: issue time
	ii    int
	nst   int // stages
	// unroll is the number of kernel copies (modulo variable expansion).
	unroll int
}

type swpPhi struct {
	dst, init, next mir.Reg
}

type swpEdge struct {
	to, lat, dist int
}

func (s *swpLoop) debugf(format string, args ...any) {
	s.c.Debugf("software-pipeline: @%s bb%d: "+format, append([]any{s.f.Name, s.h.ID}, args...)...)
}

// pipelineLoop pipelines l when it can and pays; it returns the kernel's
// blocks.
func pipelineLoop(c *Ctx, f *mir.Func, vi VLIWInfo, info *HWLoopInfo, l *mir.Loop) []*mir.Block {
	s := &swpLoop{c: c, f: f, vi: vi, info: info, h: l.Header}
	if why := s.analyze(l); why != "" {
		key := statSWPShape
		if strings.HasPrefix(why, "instr:") {
			key = statSWPInstr
		}
		c.Count(key, 1)
		s.debugf("not pipelined: %s", why)
		return nil
	}
	s.buildDeps()
	resMII, recMII := s.resMII(), s.recMII()
	seqLen := s.seqLength()
	ok := false
	for s.ii = max(resMII, recMII); s.ii < seqLen; s.ii++ {
		if s.schedule() && s.nst <= swpMaxStages {
			ok = true
			break
		}
	}
	if !ok {
		c.Count(statSWPNoSched, 1)
		s.debugf("not pipelined: ResMII %d RecMII %d, one iteration %d cycles: no II below it with at most %d stages", resMII, recMII, seqLen, swpMaxStages)
		return nil
	}
	if s.nst == 1 {
		c.Count(statSWPOneStage, 1)
		s.debugf("not pipelined: II %d (ResMII %d RecMII %d) has one stage", s.ii, resMII, recMII)
		return nil
	}
	if s.count.Kind == mir.KindImm && uint32(s.count.Imm) != 0 && int64(uint32(s.count.Imm)) < int64(s.nst) {
		c.Count(statSWPTrip, 1)
		s.debugf("not pipelined: trip count %d below %d stages", uint32(s.count.Imm), s.nst)
		return nil
	}
	if why := s.pressure(); why != "" {
		c.Count(statSWPPressure, 1)
		s.debugf("not pipelined: %s", why)
		return nil
	}
	if c.Debugging() {
		var b strings.Builder
		for i, in := range s.body {
			fmt.Fprintf(&b, "  t=%d stage %d slot %d: %s\n", s.t[i], s.t[i]/s.ii, s.t[i]%s.ii, instrString(f, in))
		}
		s.debugf("II %d (ResMII %d, RecMII %d, one iteration %d cycles), %d stages\n%s", s.ii, resMII, recMII, seqLen, s.nst, b.String())
	}
	s.unroll = 2
	if u, err := strconv.Atoi(c.Option("swp-unroll")); err == nil && u >= 1 && u <= 4 {
		s.unroll = u
	}
	c.Count(statSWPLoops, 1)
	c.Count(statSWPStages, int64(s.nst))
	c.Count(statSWPII, int64(s.ii))
	c.Count(statSWPResMII, int64(resMII))
	c.Count(statSWPRecMII, int64(recMII))
	return s.generate()
}

// analyze checks the loop's shape and collects its parts; it returns why
// the loop does not qualify ("instr: ..." for the body's instructions).
func (s *swpLoop) analyze(l *mir.Loop) string {
	f, h := s.f, s.h
	if len(l.Blocks) != 1 {
		return "more than one block"
	}
	s.ph = l.Preheader()
	if s.ph == nil {
		return "no preheader"
	}
	jump, ok := mir.JumpOp(f)
	if !ok {
		return "no jump instruction"
	}
	// The preheader ends in a jump to the header.
	if n := len(s.ph.Instrs); n == 0 || s.ph.Instrs[n-1].Op != jump || s.ph.Instrs[n-1].Ops[0].Block != h {
		return "the preheader does not end in a jump to the loop"
	}
	// The header ends in the loop end and a jump to the exit.
	n := len(h.Instrs)
	if n < 2 || h.Instrs[n-1].Op != jump || h.Instrs[n-1].Ops[0].Block == h {
		return "the loop does not end in its loop end and a jump out"
	}
	s.exit = h.Instrs[n-1].Ops[0].Block
	end := h.Instrs[n-2]
	if defs := end.Defs(); len(defs) == 0 || !defs[0].Reg.IsPhys() {
		return "not a hardware loop"
	}
	s.lc = end.Defs()[0].Reg
	want := s.info.LoopEnd(s.lc, h)
	if end.Op != want.Op || !slices.ContainsFunc(end.Ops, func(o mir.Operand) bool { return o.Kind == mir.KindBlock && o.Block == h }) {
		return "not a hardware loop"
	}
	for i := len(s.ph.Instrs) - 1; i >= 0 && s.count.Kind == 0; i-- {
		in := s.ph.Instrs[i]
		if lc, cnt, ok := s.info.CountOf(in); ok && lc == s.lc {
			s.count = cnt
		} else if slices.ContainsFunc(in.Defs(), func(o mir.Operand) bool { return o.Reg == s.lc }) {
			break
		}
	}
	if s.count.Kind != mir.KindImm && s.count.Kind != mir.KindReg {
		return "the preheader does not set the counter"
	}
	s.phis = map[mir.Reg]*swpPhi{}
	s.defAt = map[mir.Reg]int{}
	for _, in := range h.Instrs[:n-2] {
		if in.Op == mir.GPhi {
			if len(in.Ops) != 5 {
				return "instr: a phi with other than two incomings"
			}
			p := &swpPhi{dst: in.Ops[0].Reg}
			for k := 1; k+1 < len(in.Ops); k += 2 {
				if in.Ops[k].Kind != mir.KindReg || !in.Ops[k].Reg.IsVirtual() {
					return "instr: a phi of a non-register"
				}
				if in.Ops[k+1].Block == h {
					p.next = in.Ops[k].Reg
				} else {
					p.init = in.Ops[k].Reg
				}
			}
			s.phis[p.dst] = p
			continue
		}
		d := f.Arch.Desc(in.Op)
		if d.Flags&(mir.ControlFlags|mir.FlagSideEffect|mir.FlagBarrier) != 0 || len(in.Bundle) > 0 || in.Pred() != nil ||
			(in.Mem != nil && in.Mem.Volatile) {
			return "instr: " + instrString(f, in)
		}
		for _, o := range in.Ops {
			if o.Kind == mir.KindReg && !o.Reg.IsVirtual() || o.Kind == mir.KindPred {
				return "instr: physical register in " + instrString(f, in)
			}
		}
		for _, o := range in.Defs() {
			s.defAt[o.Reg] = len(s.body)
		}
		s.body = append(s.body, in)
	}
	if len(s.body) == 0 || len(s.body) > swpMaxBody {
		return fmt.Sprintf("%d instructions (at most %d)", len(s.body), swpMaxBody)
	}
	return ""
}

// proxy returns copies of p with every virtual register replaced by a
// distinct physical register of its class (no two sharing a unit), the
// form the target's latency and packet queries understand; ok false when
// a class runs out.
func (s *swpLoop) proxy(p []*mir.Instr) (out []*mir.Instr, regs map[mir.Reg]mir.Reg, ok bool) {
	a := s.f.Arch
	regs = map[mir.Reg]mir.Reg{}
	used := map[mir.Reg]bool{}
	pick := func(v mir.Reg) bool {
		if _, seen := regs[v]; seen {
			return true
		}
		for _, cand := range a.Classes[s.f.ClassOf(v)].Alloc {
			if !slices.ContainsFunc(a.Units(cand), func(u mir.Reg) bool { return used[u] }) {
				for _, u := range a.Units(cand) {
					used[u] = true
				}
				regs[v] = cand
				return true
			}
		}
		return false
	}
	for _, in := range p {
		cp := *in
		cp.Ops = slices.Clone(in.Ops)
		// A tied def (a post-modified address, before two-address)
		// stands in with its use's register, as the allocator will
		// give it: the target cannot encode the instruction otherwise.
		tied, _ := mir.TiedOperands(a, in)
		for _, du := range tied {
			d, u := in.Ops[du[0]].Reg, in.Ops[du[1]].Reg
			if !d.IsVirtual() || !u.IsVirtual() || !pick(u) {
				continue
			}
			if _, seen := regs[d]; !seen {
				regs[d] = regs[u]
			}
		}
		for k, o := range cp.Ops {
			if (o.Kind != mir.KindReg && o.Kind != mir.KindPred) || !o.Reg.IsVirtual() {
				continue
			}
			if !pick(o.Reg) {
				return nil, nil, false
			}
			cp.Ops[k].Reg = regs[o.Reg]
		}
		out = append(out, &cp)
	}
	return out, regs, true
}

// latency is the target's latency of body[i]'s write of v.
func (s *swpLoop) latency(i int, v mir.Reg) int {
	p, regs, ok := s.proxy([]*mir.Instr{s.body[i]})
	if !ok {
		return 1
	}
	return max(1, s.vi.Latency(s.f, p[0], regs[v]))
}

func (s *swpLoop) addEdge(from, to, lat, dist int) {
	s.edges[from] = append(s.edges[from], swpEdge{to, lat, dist})
	s.preds[to] = append(s.preds[to], swpEdge{from, lat, dist})
}

// buildDeps makes the dependence graph of the body.
func (s *swpLoop) buildDeps() {
	n := len(s.body)
	s.edges, s.preds = make([][]swpEdge, n), make([][]swpEdge, n)
	s.alone = make([]bool, n)
	for j, in := range s.body {
		if p, _, ok := s.proxy([]*mir.Instr{in}); !ok || s.vi.CheckPacket(s.f, p) != nil {
			s.alone[j] = true
		}
		for _, o := range in.Ops {
			if !o.IsUse() || !o.Reg.IsVirtual() {
				continue
			}
			v, d := o.Reg, 0
			for seen := 0; seen <= len(s.phis); seen++ {
				p, ok := s.phis[v]
				if !ok {
					break
				}
				v, d = p.next, d+1
			}
			if i, ok := s.defAt[v]; ok {
				s.addEdge(i, j, s.latency(i, v), d)
			}
		}
	}
	isMem := func(in *mir.Instr) (load, store bool) {
		fl := s.f.Arch.Desc(in.Op).Flags
		return fl&mir.FlagLoad != 0, fl&mir.FlagStore != 0
	}
	for i, a := range s.body {
		la, sa := isMem(a)
		if !la && !sa {
			continue
		}
		for j := i + 1; j < n; j++ {
			b := s.body[j]
			lb, sb := isMem(b)
			if (!lb && !sb) || (!sa && !sb) || !mir.MayAlias(a.Mem, b.Mem) {
				continue
			}
			ra, oka := s.memRange(i)
			rb, okb := s.memRange(j)
			if !oka || !okb || ra.phi != rb.phi || mir.MustOrder(a.Mem, b.Mem) {
				s.addEdge(i, j, 1, 0) // this iteration's order
				s.addEdge(j, i, 1, 1) // and no later iteration's access before it
				continue
			}
			// One pointer phi stepping by step: the accesses of
			// iterations d apart overlap or not. Iterations more
			// than swpMaxStages-1 apart never run at once.
			for d := 0; d < swpMaxStages; d++ {
				if ra.overlaps(rb, int64(d)*ra.step) {
					s.addEdge(i, j, 1, d)
					break
				}
			}
			for d := 1; d < swpMaxStages; d++ {
				if rb.overlaps(ra, int64(d)*ra.step) {
					s.addEdge(j, i, 1, d)
					break
				}
			}
		}
	}
}

// swpRange is the memory an access touches: Size bytes at Off from the
// value pointer phi phi has at the start of the iteration, the phi
// stepping by step bytes per iteration.
type swpRange struct {
	phi             mir.Reg
	off, size, step int64
}

// overlaps reports whether r and o, moved by delta bytes, overlap.
func (r swpRange) overlaps(o swpRange, delta int64) bool {
	lo := o.off + delta
	return r.off < lo+o.size && lo < r.off+r.size
}

// memRange returns the range body[i] accesses (through the target's
// VLIWInfo.MemAccess, with its base followed back to a pointer phi
// through the additions PostModifyInfo recognizes), ok false when it
// cannot tell.
func (s *swpLoop) memRange(i int) (swpRange, bool) {
	p, regs, ok := s.proxy([]*mir.Instr{s.body[i]})
	if !ok {
		return swpRange{}, false
	}
	m, ok := s.vi.MemAccess(s.f, p[0])
	if !ok || m.Size <= 0 {
		return swpRange{}, false
	}
	base := mir.NoReg
	for v, r := range regs {
		if r == m.Base {
			base = v
		}
	}
	phi, off, ok := s.pointer(base, 0)
	if !ok {
		return swpRange{}, false
	}
	nphi, step, ok := s.pointer(s.phis[phi].next, 0)
	if !ok || nphi != phi || step == 0 {
		return swpRange{}, false
	}
	return swpRange{phi: phi, off: off + m.Off, size: m.Size, step: step}, true
}

// pointer returns v as a pointer phi of the loop plus a constant, when
// the additions that make it from the phi within the body are known.
func (s *swpLoop) pointer(v mir.Reg, depth int) (phi mir.Reg, off int64, ok bool) {
	if _, isPhi := s.phis[v]; isPhi {
		return v, 0, true
	}
	i, in := s.defAt[v]
	pm, has := MachineFor(s.f.Arch).(PostModifyMachine)
	if !in || !has || pm.PostModify() == nil || depth > len(s.body) {
		return mir.NoReg, 0, false
	}
	info := pm.PostModify()
	d := s.body[i]
	if info.AddImm != nil {
		if dst, src, imm, ok := info.AddImm(d); ok && dst == v {
			p, o, ok := s.pointer(src, depth+1)
			return p, o + imm, ok
		}
	}
	if info.PostModified != nil {
		if dst, src, imm, ok := info.PostModified(d); ok && dst == v {
			p, o, ok := s.pointer(src, depth+1)
			return p, o + imm, ok
		}
	}
	return mir.NoReg, 0, false
}

// longest returns the longest-path times of the nodes under the edge
// weights lat − ii·dist (from 0, or to the end when reverse), or ok false
// when a cycle has positive weight (ii is below RecMII).
func (s *swpLoop) longest(ii int, reverse bool) (t []int, ok bool) {
	n := len(s.body)
	t = make([]int, n)
	adj := s.edges
	if reverse {
		adj = s.preds
	}
	for round := 0; round <= n; round++ {
		changed := false
		for i := range n {
			for _, e := range adj[i] {
				if w := t[i] + e.lat - ii*e.dist; w > t[e.to] {
					t[e.to], changed = w, true
				}
			}
		}
		if !changed {
			return t, true
		}
	}
	return t, false
}

// recMII is the smallest II every recurrence allows.
func (s *swpLoop) recMII() int {
	lo, hi := 1, 1
	for _, es := range s.edges {
		for _, e := range es {
			hi += e.lat
		}
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if _, ok := s.longest(mid, false); ok {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// resMII is the number of packets a first-fit packing of the body
// takes, without regard to dependences: the modulo reservation table
// needs at least that many rows.
func (s *swpLoop) resMII() int {
	var rows [][]int
	for i := range s.body {
		r := slices.IndexFunc(rows, func(row []int) bool { return s.fits(row, i) })
		if r < 0 {
			rows = append(rows, nil)
			r = len(rows) - 1
		}
		rows[r] = append(rows[r], i)
	}
	return len(rows)
}

// fits reports whether instruction i may join the packet row.
func (s *swpLoop) fits(row []int, i int) bool {
	if len(row) >= s.vi.MaxPacket() {
		return false
	}
	if s.alone[i] {
		return true
	}
	var p []*mir.Instr
	for _, k := range row {
		if !s.alone[k] {
			p = append(p, s.body[k])
		}
	}
	p = append(p, s.body[i])
	pp, _, ok := s.proxy(p)
	return ok && s.vi.CheckPacket(s.f, pp) == nil
}

// seqLength is the length of one iteration's schedule without overlap
// (the same scheduler with an II no dependence or resource wraps around):
// pipelining must beat it.
func (s *swpLoop) seqLength() int {
	s.ii = len(s.body)
	for _, es := range s.edges {
		for _, e := range es {
			s.ii += e.lat
		}
	}
	l := s.ii
	if s.schedule() {
		l = 0
		for i := range s.body {
			end := s.t[i] + 1
			for _, e := range s.edges[i] {
				if e.dist == 0 {
					end = max(end, s.t[i]+e.lat)
				}
			}
			l = max(l, end)
		}
	}
	s.nst = 0
	return l
}

// schedule places every instruction at a time whose modulo slot has room
// and that respects the dependences with those already placed, in order
// of earliest start (then of longest path to the end); false when one
// finds no slot within II cycles of its earliest start.
func (s *swpLoop) schedule() bool {
	n := len(s.body)
	asap, ok := s.longest(s.ii, false)
	if !ok {
		return false
	}
	height, _ := s.longest(s.ii, true)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		i, j := order[a], order[b]
		if asap[i] != asap[j] {
			return asap[i] < asap[j]
		}
		return height[i] > height[j]
	})
	rows := make([][]int, s.ii)
	s.t = make([]int, n)
	placed := make([]bool, n)
	for _, i := range order {
		est, lst := asap[i], 1<<30
		for _, e := range s.preds[i] {
			if placed[e.to] {
				est = max(est, s.t[e.to]+e.lat-s.ii*e.dist)
			}
		}
		for _, e := range s.edges[i] {
			if placed[e.to] {
				lst = min(lst, s.t[e.to]-e.lat+s.ii*e.dist)
			}
		}
		done := false
		for t := est; t < est+s.ii && t <= lst; t++ {
			if r := t % s.ii; s.fits(rows[r], i) {
				rows[r] = append(rows[r], i)
				s.t[i], placed[i], done = t, true, true
				break
			}
		}
		if !done {
			return false
		}
	}
	tmin := slices.Min(s.t)
	tmin -= ((tmin % s.ii) + s.ii) % s.ii // keep the slots
	for i := range s.t {
		s.t[i] -= tmin
	}
	for i := range n {
		for _, e := range s.edges[i] {
			if s.t[e.to]+s.ii*e.dist < s.t[i]+e.lat {
				return false
			}
		}
	}
	s.nst = slices.Max(s.t)/s.ii + 1
	return true
}

// pressure compares each register class's modulo MaxLive in the kernel
// (every value counted in each slot its lifetime covers, the values live
// through the loop in every slot) with the class's registers.
func (s *swpLoop) pressure() string {
	live := map[mir.RegClass][]int{}
	add := func(rc mir.RegClass, from, to int) {
		if live[rc] == nil {
			live[rc] = make([]int, s.ii)
		}
		for t := from; t < to; t++ {
			live[rc][t%s.ii]++
		}
	}
	outside := s.usedOutside()
	invariant := map[mir.Reg]bool{}
	for i, in := range s.body {
		for _, o := range in.Ops {
			if !o.IsUse() || !o.Reg.IsVirtual() {
				continue
			}
			if _, ok := s.defAt[o.Reg]; !ok {
				if _, ok := s.phis[o.Reg]; !ok {
					invariant[o.Reg] = true
				}
			}
		}
		for _, d := range in.Defs() {
			end := s.t[i] + 1
			for j, u := range s.body {
				for _, o := range u.Ops {
					if !o.IsUse() {
						continue
					}
					v, dist := o.Reg, 0
					for seen := 0; seen <= len(s.phis); seen++ {
						if v == d.Reg {
							end = max(end, s.t[j]+dist*s.ii)
							break
						}
						p, ok := s.phis[v]
						if !ok {
							break
						}
						v, dist = p.next, dist+1
					}
				}
			}
			if outside[d.Reg] {
				end = max(end, s.nst*s.ii)
			}
			add(s.f.ClassOf(d.Reg), s.t[i], end)
		}
	}
	for r := range invariant {
		add(s.f.ClassOf(r), 0, s.ii)
	}
	for rc, l := range live {
		if m, capacity := slices.Max(l), len(s.f.Arch.Classes[rc].Alloc); m > capacity {
			return fmt.Sprintf("class %s: MaxLive %d > %d registers", s.f.Arch.Classes[rc].Name, m, capacity)
		}
	}
	return ""
}

// usedOutside returns the values of the loop read outside it.
func (s *swpLoop) usedOutside() map[mir.Reg]bool {
	out := map[mir.Reg]bool{}
	for _, b := range s.f.Blocks {
		if b == s.h {
			continue
		}
		for _, in := range b.Instrs {
			for _, o := range in.Ops {
				if o.IsUse() && o.Reg.IsVirtual() {
					if _, ok := s.defAt[o.Reg]; ok {
						out[o.Reg] = true
					} else if _, ok := s.phis[o.Reg]; ok {
						out[o.Reg] = true
					}
				}
			}
		}
	}
	return out
}

func (s *swpLoop) stage(i int) int { return s.t[i] / s.ii }

// clone copies in with fresh virtual registers for its definitions
// (recorded in defs) and its uses mapped by use.
func (s *swpLoop) clone(in *mir.Instr, defs map[mir.Reg]mir.Reg, use func(mir.Reg) mir.Reg) *mir.Instr {
	f := s.f
	cp := *in
	cp.Ops = slices.Clone(in.Ops)
	for k, o := range cp.Ops {
		switch {
		case o.IsDef() && o.Reg.IsVirtual():
			r := f.NewVReg(f.ClassOf(o.Reg))
			if vt, ok := f.VRegVec[o.Reg]; ok {
				f.VRegVec[r] = vt
			}
			defs[o.Reg] = r
			cp.Ops[k].Reg = r
		case o.IsUse() && o.Reg.IsVirtual():
			cp.Ops[k].Reg = use(o.Reg)
		}
	}
	return &cp
}

// generate builds the prologue, kernel, epilogues and join, and returns
// the kernel's blocks.
func (s *swpLoop) generate() []*mir.Block {
	f, h, S := s.f, s.h, s.nst
	jump, _ := mir.JumpOp(f)
	name := func(what string) string { return fmt.Sprintf("%s.swp.%s", blockLabel(h)[2:], what) }
	pro, kern, epi, join := f.NewBlockDetached(name("prologue")), f.NewBlockDetached(name("kernel")),
		f.NewBlockDetached(name("epilogue")), f.NewBlockDetached(name("join"))
	byTime := func(ids []int, at func(int) int) {
		sort.SliceStable(ids, func(a, b int) bool { return at(ids[a]) < at(ids[b]) })
	}

	// Prologue: stage-steps 0..S-2; iteration k runs stage p-k.
	type key struct{ node, it int }
	// place appends clones of items to b in the order of their times in
	// the flat schedule (iteration it starts it·II later), renaming
	// sources by ren and recording each clone's new definitions in defs.
	place := func(b *mir.Block, items []key, defs map[key]map[mir.Reg]mir.Reg, ren func(v mir.Reg, it int) mir.Reg) {
		sort.SliceStable(items, func(a, b int) bool {
			x, y := items[a], items[b]
			return x.it*s.ii+s.t[x.node] < y.it*s.ii+s.t[y.node]
		})
		for _, it := range items {
			d := map[mir.Reg]mir.Reg{}
			defs[it] = d
			k := it.it
			b.Instrs = append(b.Instrs, s.clone(s.body[it.node], d, func(v mir.Reg) mir.Reg { return ren(v, k) }))
		}
	}
	proDefs := map[key]map[mir.Reg]mir.Reg{}
	var pv func(v mir.Reg, k int) mir.Reg
	pv = func(v mir.Reg, k int) mir.Reg {
		if i, ok := s.defAt[v]; ok {
			return proDefs[key{i, k}][v]
		}
		if p, ok := s.phis[v]; ok {
			if k == 0 {
				return p.init
			}
			return pv(p.next, k-1)
		}
		return v
	}
	pro.Instrs = append(pro.Instrs, s.info.SetCountMinus(f, s.lc, s.count, int64(S-1))...)
	var items []key
	for k := 0; k < S-1; k++ {
		for i := range s.body {
			if k+s.stage(i) <= S-2 {
				items = append(items, key{i, k})
			}
		}
	}
	place(pro, items, proDefs, pv)
	pro.Instrs = append(pro.Instrs, mir.NewInstr(jump, mir.B(kern)))

	// Kernel: every stage; relative iteration r = -stage (0: the newest).
	// It is unrolled U times (modulo variable expansion): copy u reads
	// what copy u-1 made directly, so a value living into the next stage
	// needs a phi, and its copy, only around the back edge. Each copy
	// ends in the loop end (the counter counts copies), its exit leading
	// to its own epilogue.
	U := s.unroll
	ks, epis := make([]*mir.Block, U), make([]*mir.Block, U)
	for u := range U {
		ks[u], epis[u] = kern, epi
		if u > 0 {
			ks[u] = f.NewBlockDetached(name(fmt.Sprintf("kernel.%d", u)))
			epis[u] = f.NewBlockDetached(name(fmt.Sprintf("epilogue.%d", u)))
		}
	}
	kernDefs := make([]map[mir.Reg]mir.Reg, U)
	type carry struct {
		v mir.Reg
		r int
	}
	kphis := map[carry]*mir.Instr{}
	var kpending []carry
	var isCurrent func(v mir.Reg, r int) bool
	isCurrent = func(v mir.Reg, r int) bool {
		if i, ok := s.defAt[v]; ok {
			return r == -s.stage(i)
		}
		if p, ok := s.phis[v]; ok {
			return isCurrent(p.next, r-1)
		}
		return true
	}
	// kv is the value of v for iteration r (relative to copy u's newest)
	// in copy u: made there, by an earlier copy, or by a kernel phi.
	var kv func(u int, v mir.Reg, r int) mir.Reg
	kv = func(u int, v mir.Reg, r int) mir.Reg {
		if isCurrent(v, r) {
			if _, ok := s.defAt[v]; ok {
				return kernDefs[u][v]
			}
			if p, ok := s.phis[v]; ok {
				return kv(u, p.next, r-1)
			}
			return v
		}
		if u > 0 {
			return kv(u-1, v, r+1)
		}
		// A loop phi at iteration r is its next value at r-1: one
		// carry (one kernel phi) for both, unless the prologue's value
		// is the phi's initial one. Two phis with the same inputs would
		// cost a copy around the back edge.
		for p, ok := s.phis[v]; ok && r+S-1 >= 1; p, ok = s.phis[v] {
			v, r = p.next, r-1
		}
		c := carry{v, r}
		if phi, ok := kphis[c]; ok {
			return phi.Ops[0].Reg
		}
		dst := f.NewVReg(f.ClassOf(v))
		if vt, ok := f.VRegVec[v]; ok {
			f.VRegVec[dst] = vt
		}
		kphis[c] = mir.NewInstr(mir.GPhi, mir.D(dst))
		kpending = append(kpending, c)
		return dst
	}
	order := make([]int, len(s.body))
	for i := range order {
		order[i] = i
	}
	byTime(order, func(i int) int { return s.t[i] % s.ii })
	kbodies := make([][]*mir.Instr, U)
	for u := range U {
		kernDefs[u] = map[mir.Reg]mir.Reg{}
		for _, i := range order {
			r := -s.stage(i)
			kbodies[u] = append(kbodies[u], s.clone(s.body[i], kernDefs[u], func(v mir.Reg) mir.Reg { return kv(u, v, r) }))
		}
		kbodies[u] = append(kbodies[u], s.info.LoopEnd(s.lc, ks[(u+1)%U]), mir.NewInstr(jump, mir.B(epis[u])))
	}

	// Epilogues: steps e = 1..S-1 finish stages e..S-1 of the last
	// iterations; r relative to the last iteration.
	epiOut := make([]func(mir.Reg, int) mir.Reg, U)
	for u := range U {
		epiDefs := map[key]map[mir.Reg]mir.Reg{}
		var ev func(v mir.Reg, r int) mir.Reg
		ev = func(v mir.Reg, r int) mir.Reg {
			if i, ok := s.defAt[v]; ok {
				if d, ok := epiDefs[key{i, r}]; ok {
					return d[v]
				}
				return kv(u, v, r)
			}
			if p, ok := s.phis[v]; ok {
				return ev(p.next, r-1)
			}
			return v
		}
		epiOut[u] = ev
		items = items[:0]
		for e := 1; e < S; e++ {
			for i := range s.body {
				if s.stage(i) >= e {
					items = append(items, key{i, e - s.stage(i)})
				}
			}
		}
		place(epis[u], items, epiDefs, ev)
		epis[u].Instrs = append(epis[u].Instrs, mir.NewInstr(jump, mir.B(join)))
	}

	// Join: the values live out of the original loop and of the epilogues.
	keepOld := s.count.Kind == mir.KindReg
	outside := s.usedOutside()
	outs := make([]mir.Reg, 0, len(outside))
	for v := range outside {
		outs = append(outs, v)
	}
	slices.Sort(outs)
	repl := map[mir.Reg]mir.Reg{}
	for _, v := range outs {
		dst := f.NewVReg(f.ClassOf(v))
		if vt, ok := f.VRegVec[v]; ok {
			f.VRegVec[dst] = vt
		}
		ops := []mir.Operand{mir.D(dst)}
		if keepOld {
			ops = append(ops, mir.R(v), mir.B(h))
		}
		for u := range U {
			ops = append(ops, mir.R(epiOut[u](v, 0)), mir.B(epis[u]))
		}
		join.Instrs = append(join.Instrs, mir.NewInstr(mir.GPhi, ops...))
		repl[v] = dst
	}
	join.Instrs = append(join.Instrs, mir.NewInstr(jump, mir.B(s.exit)))

	// Kernel phis: from the prologue, and around the back edge (which may
	// ask for more).
	var kphiList []*mir.Instr
	for len(kpending) > 0 {
		c := kpending[0]
		kpending = kpending[1:]
		phi := kphis[c]
		phi.Ops = append(phi.Ops, mir.R(pv(c.v, c.r+S-1)), mir.B(pro), mir.R(kv(U-1, c.v, c.r+1)), mir.B(ks[U-1]))
		kphiList = append(kphiList, phi)
	}
	ks[0].Instrs = append(kphiList, kbodies[0]...)
	for u := 1; u < U; u++ {
		ks[u].Instrs = kbodies[u]
	}

	// Rewire: uses after the loop read the join's phis, the exit's phis
	// come from the join, and the preheader picks a loop.
	for _, b := range f.Blocks {
		if b == h {
			continue
		}
		for _, in := range b.Instrs {
			for k, o := range in.Ops {
				if o.IsUse() {
					if r, ok := repl[o.Reg]; ok {
						in.Ops[k].Reg = r
					}
				}
			}
		}
	}
	for _, in := range s.exit.Instrs {
		if in.Op == mir.GPhi {
			in.ReplaceBlockOperand(h, join)
		}
	}
	h.Instrs[len(h.Instrs)-1].Ops[0].Block = join
	last := len(s.ph.Instrs) - 1
	s.ph.Instrs = s.ph.Instrs[:last]
	if keepOld {
		s.ph.Instrs = append(s.ph.Instrs, s.info.BranchCountBelow(f, s.count, int64(S), h)...)
	}
	s.ph.Instrs = append(s.ph.Instrs, mir.NewInstr(jump, mir.B(pro)))

	// Layout: the pipelined blocks in place of the loop; the original
	// loop (the short-trip-count path) after them, or gone.
	at := slices.Index(f.Blocks, h)
	nb := slices.Concat([]*mir.Block{pro}, ks, epis, []*mir.Block{join})
	if keepOld {
		nb = append(nb, h)
	}
	f.Blocks = slices.Concat(f.Blocks[:at], nb, f.Blocks[at+1:])
	f.RecomputeCFG()
	return ks
}
