package mir

import "testing"

func TestModuleSymbol(t *testing.T) {
	m := &Module{
		Funcs:   []*Func{{Name: "f", Exported: true}, {Name: "local"}},
		Globals: []*Global{{Name: "g", Size: 4, Exported: true}, {Name: "s", Size: 16}},
		Aliases: []Alias{{Name: "af", Target: "f", Exported: true}, {Name: "as", Target: "s"}},
	}
	for _, tc := range []struct {
		name         string
		ok, fn, expt bool
		size         int64
	}{
		{"f", true, true, true, 0}, {"local", true, true, false, 0},
		{"g", true, false, true, 4}, {"s", true, false, false, 16},
		{"af", true, true, true, 0}, {"as", true, false, false, 0},
		{"ext", false, false, false, 0},
	} {
		s, ok := m.Symbol(tc.name)
		if ok != tc.ok || s.Func != tc.fn || s.Exported != tc.expt || s.Size != tc.size {
			t.Errorf("Symbol(%q) = %+v, %v", tc.name, s, ok)
		}
	}
}
