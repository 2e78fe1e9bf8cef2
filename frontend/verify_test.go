package frontend

import (
	"fmt"
	"strings"

	"lltosimd/mir"
)

// verifyGeneric checks the structural rules of legal generic MIR that the
// backends rely on (docs/generic-mir.md).
func verifyGeneric(f *mir.Func) error {
	var errs []string
	bad := func(b *mir.Block, format string, args ...any) {
		errs = append(errs, fmt.Sprintf("%s: bb%d(%s): %s", f.Name, b.ID, b.Name, fmt.Sprintf(format, args...)))
	}
	if f.Props&mir.PropSSA == 0 {
		errs = append(errs, f.Name+": not marked SSA")
	}
	inFunc := make(map[*mir.Block]bool)
	for _, b := range f.Blocks {
		inFunc[b] = true
	}
	defs := make(map[mir.Reg]int)
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, o := range in.Ops {
				if o.IsDef() {
					defs[o.Reg]++
				}
			}
		}
	}
	for r, n := range defs {
		if n != 1 {
			errs = append(errs, fmt.Sprintf("%s: %%%d defined %d times", f.Name, r.VirtIndex(), n))
		}
		if !r.IsVirtual() || f.ClassOf(r) != 0 {
			errs = append(errs, fmt.Sprintf("%s: def of non-class-0 register %d", f.Name, r))
		}
	}
	for bi, b := range f.Blocks {
		if len(b.Instrs) == 0 {
			bad(b, "empty block")
			continue
		}
		seenNonPhi := false
		for i, in := range b.Instrs {
			if !in.Op.IsGeneric() || in.Op == mir.GInvalid {
				bad(b, "non-generic op %d", in.Op)
				continue
			}
			d := mir.GenericDesc(in.Op)
			nd, nu := in.NumDefs(), len(in.Uses())
			if d.NumDefs >= 0 && nd != d.NumDefs || d.NumUses >= 0 && nu != d.NumUses {
				bad(b, "%s has %d defs %d uses, want %d %d", d.Name, nd, nu, d.NumDefs, d.NumUses)
			}
			if in.Op == mir.GPhi {
				if seenNonPhi {
					bad(b, "PHI after non-PHI")
				}
				if nu%2 != 0 || nu == 0 {
					bad(b, "PHI with %d operands", nu)
				}
			} else {
				seenNonPhi = true
			}
			if in.Op == mir.GArgs && (bi != 0 || i != 0) {
				bad(b, "G_ARGS not first in entry")
			}
			for _, o := range in.Uses() {
				switch o.Kind {
				case mir.KindReg:
					if defs[o.Reg] == 0 {
						bad(b, "%s uses undefined %%%d", d.Name, o.Reg.VirtIndex())
					}
				case mir.KindBlock:
					if !inFunc[o.Block] {
						bad(b, "%s refers to a block outside the function", d.Name)
					}
				case mir.KindFrame:
					if o.Imm < 0 || int(o.Imm) >= len(f.Frame) {
						bad(b, "bad frame index %d", o.Imm)
					}
				case mir.KindJT:
					if o.Imm < 0 || int(o.Imm) >= len(f.JumpTables) {
						bad(b, "bad jump table %d", o.Imm)
					}
				}
			}
			term := d.Flags&mir.FlagTerminator != 0
			last := i == len(b.Instrs)-1
			switch {
			case term && !last && !(in.Op == mir.GBrCond && i == len(b.Instrs)-2 && b.Instrs[i+1].Op == mir.GBr):
				bad(b, "terminator %s in the middle of the block", d.Name)
			case last && !term:
				bad(b, "block does not end with a terminator (%s)", d.Name)
			case last && in.Op == mir.GBrCond && bi == len(f.Blocks)-1:
				bad(b, "last block falls off the end")
			}
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return nil
}
