// Register units: the model of overlapping physical registers (tuples).

package mir

// Units returns the register units of physical register r: the plain
// registers it is made of (RegDesc.Sub, recursively), or r itself for a
// plain register. A unit is numbered by its plain register, so on a target
// without tuples every register is its own single unit. Two registers
// interfere iff they share a unit: a BWDSP SIMD value in xyztR5 and a
// scalar in yR5 cannot both be live, as with LLVM's register units.
func (a *Arch) Units(r Reg) []Reg {
	if !r.IsPhys() || int(r) >= len(a.Regs) || len(a.Regs[r].Sub) == 0 {
		return []Reg{r}
	}
	var out []Reg
	for _, s := range a.Regs[r].Sub {
		out = append(out, a.Units(s)...)
	}
	return out
}

// RegsOverlap reports whether physical registers r and s share a unit.
func (a *Arch) RegsOverlap(r, s Reg) bool {
	if r == s {
		return true
	}
	if (int(r) >= len(a.Regs) || len(a.Regs[r].Sub) == 0) && (int(s) >= len(a.Regs) || len(a.Regs[s].Sub) == 0) {
		return false
	}
	for _, u := range a.Units(r) {
		for _, v := range a.Units(s) {
			if u == v {
				return true
			}
		}
	}
	return false
}
