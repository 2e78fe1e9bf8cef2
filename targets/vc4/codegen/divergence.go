package codegen

import (
	"sort"
	"strings"

	"lltosimd/mir"
)

// divergence is the result of the uniformity analysis: which virtual
// registers may differ between the lanes of a QPU, which branches are
// divergent and which blocks run under the execute mask.
type divergence struct {
	varying   map[mir.Reg]bool
	divergent map[*block]bool // blocks ending in a branch lowered with the execute mask
	uniformBr int             // conditional branches left as plain (all-lane) branches
}

// ipdoms computes immediate post-dominators on the block graph (the
// virtual exit is the root). Blocks that cannot reach the exit get nil.
func ipdoms(g *graph) map[*block]*block {
	n := len(g.blocks)
	// Postorder of the reversed graph from the exit.
	var order []*block
	seen := map[*block]bool{}
	var dfs func(b *block)
	dfs = func(b *block) {
		seen[b] = true
		for _, p := range b.preds {
			if !seen[p] {
				dfs(p)
			}
		}
		order = append(order, b)
	}
	dfs(g.exit)
	num := map[*block]int{}
	for i, b := range order {
		num[b] = i
	}
	ipd := make(map[*block]*block, n)
	ipd[g.exit] = g.exit
	intersect := func(a, b *block) *block {
		for a != b {
			for num[a] < num[b] {
				a = ipd[a]
			}
			for num[b] < num[a] {
				b = ipd[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for i := len(order) - 1; i >= 0; i-- {
			b := order[i]
			if b == g.exit {
				continue
			}
			var nd *block
			for _, s := range b.succs {
				if ipd[s] == nil {
					continue
				}
				if nd == nil {
					nd = s
				} else {
					nd = intersect(s, nd)
				}
			}
			if nd != nil && ipd[b] != nd {
				ipd[b], changed = nd, true
			}
		}
	}
	ipd[g.exit] = nil
	return ipd
}

// analyzeDivergence marks varying values, divergent branches and masked
// blocks, iterating to a fixed point: values defined in masked blocks are
// varying (their inactive lanes keep old data), and a branch on a varying
// value masks its region (the blocks reachable from the branch before its
// immediate post-dominator, where all lanes reconverge). Branches in masked
// blocks always use the mask. allMasked masks every block (partial
// work-groups, where some lanes never run).
func analyzeDivergence(g *graph, allMasked bool, dbg func(string, ...any)) *divergence {
	d := &divergence{varying: map[mir.Reg]bool{}, divergent: map[*block]bool{}}
	ipd := ipdoms(g)
	if allMasked {
		for _, b := range g.blocks {
			if !b.exit {
				b.masked = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, b := range g.blocks {
			for _, in := range b.instrs {
				if d.instrVarying(in, b) {
					for _, o := range in.Defs() {
						if !d.varying[o.Reg] {
							d.varying[o.Reg], changed = true, true
						}
					}
				}
			}
		}
		for _, b := range g.blocks {
			if b.kind != termCondBr || d.divergent[b] {
				continue
			}
			if !b.masked && !d.varying[b.cond] {
				continue
			}
			d.divergent[b], changed = true, true
			// Mask the region of b: reachable from b without passing its join.
			join := ipd[b]
			work := append([]*block{}, b.succs...)
			seen := map[*block]bool{}
			for len(work) > 0 {
				x := work[len(work)-1]
				work = work[:len(work)-1]
				if x == join || seen[x] || x.exit {
					continue
				}
				seen[x] = true
				x.masked = true
				work = append(work, x.succs...)
			}
		}
	}
	for _, b := range g.blocks {
		if b.kind == termCondBr && !d.divergent[b] {
			d.uniformBr++
		}
	}
	if dbg != nil {
		var vs []string
		for r := range d.varying {
			vs = append(vs, "%"+itoa(r.VirtIndex()))
		}
		sort.Strings(vs)
		dbg("varying values: %s", strings.Join(vs, " "))
		for _, b := range g.blocks {
			state := "top-level"
			if b.masked {
				state = "masked"
			}
			br := ""
			if b.kind == termCondBr {
				br = ", uniform branch"
				if d.divergent[b] {
					br = ", divergent branch"
				}
			}
			dbg("block %d %s: %s%s", b.pos, b.name, state, br)
		}
	}
	return d
}

// instrVarying reports whether an instruction's result may differ between
// lanes.
func (d *divergence) instrVarying(in *mir.Instr, b *block) bool {
	if b.masked {
		return true
	}
	switch in.Op {
	case mir.GCall:
		if k, _, ok := builtinCall(in); ok {
			return k == biGlobalID || k == biLocalID
		}
		return true
	case mir.GFrameAddr:
		return true // private memory is per lane
	}
	for _, o := range in.Ops {
		if o.Kind == mir.KindFrame {
			return true
		}
		if o.IsUse() && o.Kind == mir.KindReg && d.varying[o.Reg] {
			return true
		}
	}
	return false
}

func itoa(v int) string {
	const digits = "0123456789"
	if v == 0 {
		return "0"
	}
	var b []byte
	neg := v < 0
	if neg {
		v = -v
	}
	for v > 0 {
		b = append([]byte{digits[v%10]}, b...)
		v /= 10
	}
	if neg {
		b = append([]byte{'-'}, b...)
	}
	return string(b)
}
