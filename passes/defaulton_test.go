package passes

import (
	"testing"

	"lltosimd/mir"
)

// onArch's Machine turns the DefaultOff pass "if-convert" on by default.
var onArch = &mir.Arch{Name: "default-on", Classes: []mir.RegClassDesc{{Name: "gpr", Size: 4}}}

type onMachine struct{ mockMachine }

func (onMachine) DefaultOn() []string { return []string{"if-convert"} }

func init() { RegisterMachine(onArch, onMachine{}) }

// TestEnabledFor: a Machine's DefaultOn passes run unless disabled
// explicitly or at -O0; other architectures keep the pass's default.
func TestEnabledFor(t *testing.T) {
	p, ok := Lookup("if-convert")
	if !ok || !p.DefaultOff {
		t.Fatal("if-convert must be registered and off by default")
	}
	for _, c := range []struct {
		arch    *mir.Arch
		opt     string
		enabled map[string]bool
		want    bool
	}{
		{onArch, "2", nil, true},
		{onArch, "", nil, true},
		{onArch, "0", nil, false},
		{onArch, "2", map[string]bool{"if-convert": false}, false},
		{onArch, "0", map[string]bool{"if-convert": true}, true},
		{tArch, "2", nil, false},
		{tArch, "2", map[string]bool{"if-convert": true}, true},
		{nil, "2", nil, false},
	} {
		cfg := NewConfig()
		cfg.Options["O"] = c.opt
		for k, v := range c.enabled {
			cfg.Enabled[k] = v
		}
		name := "nil"
		if c.arch != nil {
			name = c.arch.Name
		}
		if got := cfg.EnabledFor(p, c.arch); got != c.want {
			t.Errorf("%s -O%s %v: EnabledFor = %v, want %v", name, c.opt, c.enabled, got, c.want)
		}
	}
}
