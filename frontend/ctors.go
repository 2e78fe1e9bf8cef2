package frontend

import (
	"cmp"
	"slices"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"

	"lltosimd/mir"
)

// Global constructors: the Cpu0 startup code (crt0) only calls main, and
// our objects have no .init_array section for a linker to gather, so the
// module defining main calls the constructors of llvm.global_ctors at the
// start of main, in priority order. Constructors in a module without main,
// and destructors (which would have to run on every path out of the
// program, exit included), are reported as unsupported.

// ctor is one entry of llvm.global_ctors.
type ctor struct {
	prio int64
	sym  string
}

// globalCtors reads the llvm.global_ctors or llvm.global_dtors list of m.
func (t *translator) globalCtors(g *ir.Global) ([]ctor, error) {
	arr, ok := g.Init.(*constant.Array)
	if !ok {
		if _, zero := g.Init.(*constant.ZeroInitializer); zero {
			return nil, nil
		}
		return nil, t.globalError(g.Name(), "unsupported: @"+g.Name()+" initializer")
	}
	var list []ctor
	for _, e := range arr.Elems {
		st, ok := e.(*constant.Struct)
		if !ok || len(st.Fields) < 2 {
			return nil, t.globalError(g.Name(), "unsupported: @"+g.Name()+" entry "+e.Ident())
		}
		prio, ok := t.fold(st.Fields[0])
		fnv, okf := t.fold(st.Fields[1])
		if !ok || !okf || prio.sym != "" {
			return nil, t.globalError(g.Name(), "unsupported: @"+g.Name()+" entry "+e.Ident())
		}
		if fnv.sym == "" {
			continue // a null entry
		}
		list = append(list, ctor{int64(int32(prio.off)), fnv.sym})
	}
	slices.SortStableFunc(list, func(a, b ctor) int { return cmp.Compare(a.prio, b.prio) })
	return list, nil
}

// callCtors calls the module's constructors at the start of main.
func (s *fn) callCtors() {
	if s.irf.Name() != "main" {
		return
	}
	for _, c := range s.t.ctors {
		s.t.useSym(c.sym)
		s.emit(mir.GCall, mir.S(c.sym, 0))
		s.f.HasCalls = true
	}
}
