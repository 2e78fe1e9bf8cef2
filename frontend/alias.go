package frontend

import (
	"github.com/llir/llvm/ir"

	"lltosimd/mir"
)

// aliases records the module's IR aliases as mir.Alias symbols (uses
// inside the module already fold to the aliasee; the symbol serves other
// modules).
func (t *translator) aliases(m *ir.Module) error {
	for _, a := range m.Aliases {
		cv, ok := t.fold(a.Aliasee)
		if !ok || cv.sym == "" || !t.defined[cv.sym] {
			return t.globalError(a.Name(), "unsupported: alias @"+a.Name()+" of "+a.Aliasee.Ident()+" (only of symbols defined in the module)")
		}
		t.defined[a.Name()] = true
		t.mod.Aliases = append(t.mod.Aliases, mir.Alias{
			Name: a.Name(), Target: cv.sym, Offset: int64(int32(cv.off)), Exported: isExported(a.Linkage),
		})
	}
	return nil
}
