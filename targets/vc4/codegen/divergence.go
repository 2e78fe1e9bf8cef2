package codegen

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"lltosimd/mir"
	"lltosimd/passes"
)

// passDiv is the divergence analysis as a MIR pass: it marks the
// conditional branches every active lane takes the same way with
// mir.FlagUniform on their condition operand, and clears the flag on the
// others. The code generator (buildFlow) lowers unmarked branches with
// the execute mask, so MIR without marks (e.g. written by hand) is still
// compiled correctly, only slower.
var passDiv = passes.Register(&passes.Pass{
	Name:     "vc4-divergence",
	Desc:     "VC4: uniform/varying analysis; marks uniform conditional branches",
	Required: true, // the marks are what makes uniform branches cheap
	Forbids:  mir.PropSelected,
	Stats:    map[string]string{"uniform": "Number of uniform branches", "divergent": "Number of divergent branches"},
	Run:      markDivergence,
})

// lanesOption returns the active lanes per wave (-pass-option
// vc4-lanes=N, 1..16; default 16).
func lanesOption(cfg *passes.Config) (int, error) {
	if cfg == nil || cfg.Options["vc4-lanes"] == "" {
		return 16, nil
	}
	n, err := strconv.Atoi(cfg.Options["vc4-lanes"])
	if err != nil || n < 1 || n > 16 {
		return 0, fmt.Errorf("bad vc4-lanes option %q (1..16)", cfg.Options["vc4-lanes"])
	}
	return n, nil
}

func markDivergence(c *passes.Ctx, f *mir.Func) error {
	if _, err := lanesOption(c.Cfg); err != nil {
		return err
	}
	f.RecomputeCFG()
	pdt := mir.ComputePostDominators(f)
	varying, divergent, masked := analyzeDivergence(f, pdt)
	reach := mir.Reachable(f)
	for _, b := range f.Blocks {
		br := condBranch(b)
		if br == nil {
			continue
		}
		if divergent[b] {
			br.Ops[0].Flags &^= mir.FlagUniform
		} else {
			br.Ops[0].Flags |= mir.FlagUniform
		}
		if reach[b] {
			if divergent[b] {
				c.Count("divergent", 1)
			} else {
				c.Count("uniform", 1)
			}
		}
	}
	if c.Debugging() {
		var vs []string
		for r := range varying {
			vs = append(vs, "%"+itoa(r.VirtIndex()))
		}
		sort.Strings(vs)
		c.Debugf("%s: varying values: %s", f.Name, strings.Join(vs, " "))
		for i, b := range f.Blocks {
			state := "top-level"
			if masked[b] {
				state = "masked"
			}
			br := ""
			if condBranch(b) != nil {
				br = ", uniform branch"
				if divergent[b] {
					br = ", divergent branch"
				}
			}
			c.Debugf("%s: block %d %s: %s%s", f.Name, i, b.Name, state, br)
		}
	}
	return nil
}

// condBranch returns the G_BRCOND that ends b with two distinct
// successors (Succs must be up to date), or nil.
func condBranch(b *mir.Block) *mir.Instr {
	if len(b.Succs) != 2 {
		return nil
	}
	for _, in := range b.Instrs {
		if in.Op == mir.GBrCond {
			return in
		}
	}
	return nil
}

// maskRegion marks the blocks of b's divergent region: those reachable
// from b before its immediate post-dominator, where every lane
// reconverges (reaching the end of the kernel when that is the virtual
// exit).
func maskRegion(b *mir.Block, pdt *mir.DomTree, masked map[*mir.Block]bool) {
	join := pdt.IDom(b)
	work := append([]*mir.Block{}, b.Succs...)
	seen := map[*mir.Block]bool{}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == join || seen[x] {
			continue
		}
		seen[x] = true
		masked[x] = true
		work = append(work, x.Succs...)
	}
}

// analyzeDivergence finds the varying values, the divergent branches and
// the masked blocks, iterating to a fixed point: values defined in masked
// blocks are varying (their inactive lanes keep old data), and a branch
// on a varying value masks its region. Branches in masked blocks always
// use the mask. Partial waves (vc4-lanes < 16) need nothing more: the
// lanes beyond the work-group compute every uniform value like lane 0
// (the code generator makes their loads read lane 0's address) and never
// store.
func analyzeDivergence(f *mir.Func, pdt *mir.DomTree) (varying map[mir.Reg]bool, divergent, masked map[*mir.Block]bool) {
	varying, divergent, masked = map[mir.Reg]bool{}, map[*mir.Block]bool{}, map[*mir.Block]bool{}
	for changed := true; changed; {
		changed = false
		for _, b := range f.Blocks {
			// The flags of vc4-isel's compares live within a block, from
			// the setf to the guards after it (unknown at the top).
			flagsVarying := true
			for _, in := range b.Instrs {
				v := instrVarying(in, masked[b], masked, varying, flagsVarying)
				if setsFlags(in) {
					flagsVarying = v
				}
				if v {
					for _, o := range in.Defs() {
						if !varying[o.Reg] {
							varying[o.Reg], changed = true, true
						}
					}
				}
			}
		}
		for _, b := range f.Blocks {
			br := condBranch(b)
			if br == nil || divergent[b] || !masked[b] && !varying[br.Ops[0].Reg] {
				continue
			}
			divergent[b], changed = true, true
			maskRegion(b, pdt, masked)
		}
	}
	return varying, divergent, masked
}

// instrVarying reports whether an instruction's result may differ between
// lanes. A phi is varying when an incoming value is, or when it comes
// from a masked block (phi elimination copies it there, under the mask).
// A guard on the flags (code vc4-isel selected, such as an inlined
// helper's) is varying when the flags are.
func instrVarying(in *mir.Instr, inMasked bool, masked map[*mir.Block]bool, varying map[mir.Reg]bool, flagsVarying bool) bool {
	if inMasked {
		return true
	}
	switch in.Op {
	case mir.GPhi:
		for k := 1; k+1 < len(in.Ops); k += 2 {
			if masked[in.Ops[k+1].Block] || in.Ops[k].Kind == mir.KindReg && varying[in.Ops[k].Reg] {
				return true
			}
		}
		return false
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
		if o.IsUse() && o.Kind == mir.KindReg && varying[o.Reg] || o.Kind == mir.KindPred && flagsVarying {
			return true
		}
	}
	return false
}

func itoa(v int) string { return strconv.Itoa(v) }
