package sim

import (
	"errors"
	"fmt"
	"io"
)

// The timing model: what a QPU waits for, how long, and the caches that
// TMU and uniform reads go through. docs/vc4.md ("Timing model") gives the
// source of every number or says that it is an assumption.

// StallCause says why a QPU did not issue an instruction in a cycle.
type StallCause int

// Stall causes, in report order.
const (
	StallTMU     StallCause = iota // ldtmu before the TMU result arrived
	StallUniform                   // uniform read missing the uniform cache
	StallVPM                       // VDW DMA busy (vw_addr) or not finished (vw_wait)
	StallSFU                       // the slice's SFU took another QPU's request this cycle
	StallSync                      // semaphore at its limit, mutex held by another QPU
	StallThread                    // thread switch (thrsw is not modelled: always 0)
	NumStallCauses
)

// StallNames are the report names of the stall causes.
var StallNames = [NumStallCauses]string{"tmu", "uniform", "vpm/dma", "sfu", "sem/mutex", "thread switch"}

// CacheModel says whether the TMU and uniform caches see VDW DMA writes.
type CacheModel int

const (
	// Coherent caches cost time only: every read sees memory as it is.
	Coherent CacheModel = iota
	// Incoherent is the real chip: TMU and uniform reads return the line
	// as it was when it entered the cache (per-slice L1 or the shared L2);
	// VDW DMA writes go to memory only and a QPU cannot flush a cache.
	Incoherent
)

// ParseCacheModel parses "coherent" or "incoherent".
func ParseCacheModel(s string) (CacheModel, error) {
	switch s {
	case "coherent":
		return Coherent, nil
	case "incoherent":
		return Incoherent, nil
	}
	return 0, fmt.Errorf("unknown cache model %q (coherent, incoherent)", s)
}

func (c CacheModel) String() string {
	if c == Incoherent {
		return "incoherent"
	}
	return "coherent"
}

// Timing holds the latencies (in QPU cycles) and cache geometries of the
// model. DefaultTiming documents where each value comes from.
type Timing struct {
	TMUL1Hit   int // request → result in the FIFO when every lane hits the slice's TMU cache
	TMUL2Hit   int // … when some lane misses the TMU cache but hits the L2
	TMUMemory  int // … when some lane misses both (Mesa's scheduler assumes 100)
	LineFill   int // extra cycles per further missing line of the same request
	TMUIssue   int // cycles one request occupies its slice's TMU (16 lanes, 4 per clock)
	UnifL2Hit  int // uniform-cache miss served by the L2
	UnifMemory int // uniform-cache miss served by memory
	VDWSetup   int // VDW DMA: cycles from vw_addr to completion for one word
	VDWWords   int // VDW DMA: words moved per cycle after the first

	LineBytes int // cache line size of every cache
	TMUBytes  int // TMU cache per slice and TMU
	TMUWays   int
	UnifBytes int // uniform cache per slice
	UnifWays  int
	L2Bytes   int // shared L2 cache
	L2Ways    int
}

// DefaultTiming is the model documented in docs/vc4.md.
var DefaultTiming = Timing{
	TMUL1Hit: 12, TMUL2Hit: 40, TMUMemory: 100, LineFill: 4, TMUIssue: 4,
	UnifL2Hit: 20, UnifMemory: 80,
	VDWSetup: 10, VDWWords: 4,
	LineBytes: 64,
	TMUBytes:  4 << 10, TMUWays: 4,
	UnifBytes: 1 << 10, UnifWays: 4,
	L2Bytes: 16 << 10, L2Ways: 8,
}

// QPUsPerSlice is the number of QPUs sharing a slice's TMUs, SFU and
// uniform cache (REF: slices of up to four QPUs; 3 slices of 4 on the Pi).
const QPUsPerSlice = 4

const maxSlices = 4 // 16 QPUs at most

// cacheLine is one valid line: its address tag and, for the incoherent
// model, the bytes it holds.
type cacheLine struct {
	tag  uint32 // line address
	data []byte
}

// cache is a set-associative cache with LRU replacement.
type cache struct {
	lineBytes uint32
	ways      int
	sets      [][]cacheLine // per set, most recently used first
}

func newCache(bytes, ways, lineBytes int) *cache {
	n := bytes / lineBytes / ways
	if n < 1 {
		n = 1
	}
	return &cache{lineBytes: uint32(lineBytes), ways: ways, sets: make([][]cacheLine, n)}
}

func (c *cache) set(line uint32) *[]cacheLine {
	return &c.sets[(line/c.lineBytes)%uint32(len(c.sets))]
}

// lookup returns the line holding addr (making it most recently used) or nil.
func (c *cache) lookup(addr uint32) *cacheLine {
	line := addr &^ (c.lineBytes - 1)
	s := c.set(line)
	for i, l := range *s {
		if l.tag == line {
			copy((*s)[1:i+1], (*s)[:i])
			(*s)[0] = l
			return &(*s)[0]
		}
	}
	return nil
}

// fill inserts the line of addr with data, evicting the least recently used.
func (c *cache) fill(addr uint32, data []byte) *cacheLine {
	line := addr &^ (c.lineBytes - 1)
	s := c.set(line)
	if len(*s) < c.ways {
		*s = append(*s, cacheLine{})
	}
	copy((*s)[1:], (*s)[:len(*s)-1])
	(*s)[0] = cacheLine{tag: line, data: append([]byte(nil), data...)}
	return &(*s)[0]
}

// Caches is the memory hierarchy of one launch: per slice a TMU0, a TMU1
// and a uniform cache, and the shared L2. The host clears all of them
// before a launch (Linux vc4_flush_caches: V3D_L2CACTL, V3D_SLCACTL).
type Caches struct {
	model CacheModel
	t     Timing
	l2    *cache
	tmu   [maxSlices][2]*cache
	unif  [maxSlices]*cache
}

// NewCaches returns empty caches.
func NewCaches(model CacheModel, t Timing) *Caches {
	c := &Caches{model: model, t: t, l2: newCache(t.L2Bytes, t.L2Ways, t.LineBytes)}
	for s := range c.tmu {
		c.tmu[s] = [2]*cache{newCache(t.TMUBytes, t.TMUWays, t.LineBytes), newCache(t.TMUBytes, t.TMUWays, t.LineBytes)}
		c.unif[s] = newCache(t.UnifBytes, t.UnifWays, t.LineBytes)
	}
	return c
}

// cacheLevel is where a read was served from.
type cacheLevel int

const (
	levelL1 cacheLevel = iota
	levelL2
	levelMemory
)

// memLine returns a copy of the memory line holding addr (zero past the
// end of memory).
func (m *Machine) memLine(addr uint32) []byte {
	lb := uint32(m.caches.t.LineBytes)
	base := addr &^ (lb - 1)
	out := make([]byte, lb)
	if uint64(base) < uint64(len(m.Mem)) {
		copy(out, m.Mem[base:])
	}
	return out
}

// readThrough reads the word at addr through l1 and the L2, filling both
// on a miss, and returns the word the reader sees and where it came from.
// Under the coherent model the word is memory's; under the incoherent
// model it is the cached copy (a stale read is counted).
func (m *Machine) readThrough(l1 *cache, addr uint32) (uint32, cacheLevel, error) {
	cur, err := m.Read32(addr)
	if err != nil {
		return 0, 0, err
	}
	lvl := levelL1
	l := l1.lookup(addr)
	if l == nil {
		lvl = levelL2
		l2 := m.caches.l2.lookup(addr)
		if l2 == nil {
			lvl = levelMemory
			l2 = m.caches.l2.fill(addr, m.memLine(addr))
		}
		l = l1.fill(addr, l2.data)
	}
	if m.caches.model == Coherent {
		return cur, lvl, nil
	}
	off := addr & (uint32(m.caches.t.LineBytes) - 1)
	v := uint32(l.data[off]) | uint32(l.data[off+1])<<8 | uint32(l.data[off+2])<<16 | uint32(l.data[off+3])<<24
	if v != cur {
		m.Stats.StaleReads++
	}
	return v, lvl, nil
}

func (q *QPU) slice() int { return q.Num / QPUsPerSlice }

// tmuRequest performs a t0s/t1s lookup of 16 lane addresses through the
// slice's TMU cache and returns the results and the cycle they are ready.
func (m *Machine) tmuRequest(q *QPU, tmu int, addrs *Vec, out *Vec) (int64, string) {
	t := &m.caches.t
	l1 := m.caches.tmu[q.slice()][tmu]
	worst := levelL1
	var missLines [16]uint32 // distinct lines that missed the TMU cache
	nmiss := 0
	for i, a := range addrs {
		if msg := m.checkAccess("TMU read", a&^3, 4, i); msg != "" {
			return 0, msg
		}
		v, lvl, err := m.readThrough(l1, a&^3)
		if err != nil {
			return 0, fmt.Sprintf("TMU lookup in lane %d: %v", i, err)
		}
		out[i] = v
		if lvl != levelL1 {
			line := a &^ uint32(t.LineBytes-1)
			seen := false
			for _, x := range missLines[:nmiss] {
				seen = seen || x == line
			}
			if !seen {
				missLines[nmiss] = line
				nmiss++
			}
		}
		worst = max(worst, lvl)
		switch lvl {
		case levelL1:
			m.Stats.TMUL1Hits++
		case levelL2:
			m.Stats.TMUL2Hits++
		default:
			m.Stats.TMUMisses++
		}
	}
	lat := [...]int{t.TMUL1Hit, t.TMUL2Hit, t.TMUMemory}[worst]
	if nmiss > 1 {
		lat += (nmiss - 1) * t.LineFill
	}
	start := max(m.now, m.tmuFree[q.slice()][tmu])
	m.tmuFree[q.slice()][tmu] = start + int64(t.TMUIssue)
	return start + int64(lat), ""
}

// uniformWait returns how long q must wait before it can pop n uniforms:
// 0 when their lines are in the slice's uniform cache, else the fill
// latency of the first missing line (which is filled now).
func (m *Machine) uniformWait(q *QPU, n int) int64 {
	uc := m.caches.unif[q.slice()]
	for k := 0; k < n; k++ {
		addr := q.Unif + uint32(4*k)
		if uc.lookup(addr) != nil {
			continue
		}
		if _, err := m.Read32(addr); err != nil {
			return 0 // the read reports the error
		}
		m.Stats.UniformMisses++
		lat := m.caches.t.UnifL2Hit
		l2 := m.caches.l2.lookup(addr)
		if l2 == nil {
			lat = m.caches.t.UnifMemory
			l2 = m.caches.l2.fill(addr, m.memLine(addr))
		}
		uc.fill(addr, l2.data)
		return int64(lat)
	}
	return 0
}

// readUniform pops the next uniform through the slice's uniform cache.
func (m *Machine) readUniform(q *QPU) (uint32, error) {
	if msg := m.checkAccess("uniform read", q.Unif, 4, -1); msg != "" {
		return 0, errors.New(msg)
	}
	v, _, err := m.readThrough(m.caches.unif[q.slice()], q.Unif)
	return v, err
}

// vdwCycles is the duration of a VDW DMA of units rows of depth words.
func (m *Machine) vdwCycles(units, depth uint32) int64 {
	t := &m.caches.t
	words := int64(units * depth)
	return int64(t.VDWSetup) + (words-1+int64(t.VDWWords)-1)/int64(t.VDWWords)
}

// PrintStalls writes the stall and cache counters of s, one "name: value"
// per line (the -stats format of vc4run and vc4sim).
func PrintStalls(w io.Writer, s *Stats) {
	fmt.Fprintf(w, "stalls: %d\n", s.Stalls)
	for c := StallCause(0); c < NumStallCauses; c++ {
		fmt.Fprintf(w, "stalls %s: %d\n", StallNames[c], s.StallBy[c])
	}
	fmt.Fprintf(w, "tmu lane hits l1: %d\ntmu lane hits l2: %d\ntmu lane misses: %d\nuniform cache misses: %d\nstale reads: %d\n",
		s.TMUL1Hits, s.TMUL2Hits, s.TMUMisses, s.UniformMisses, s.StaleReads)
}
