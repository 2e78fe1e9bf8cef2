package passes

import (
	"errors"
	"strings"
	"testing"

	"lltosimd/mir"
)

// Mock passes with the contracts of a typical backend, registered once.
var (
	mockSel = Register(&Pass{Name: "test-order-isel", Forbids: mir.PropSelected, Sets: mir.PropSelected,
		Run: func(c *Ctx, f *mir.Func) error { f.Props |= mir.PropSelected; return nil }})
	mockPhi = Register(&Pass{Name: "test-order-phis", Sets: mir.PropNoPHIs, Clears: mir.PropSSA,
		Run: func(c *Ctx, f *mir.Func) error { f.Props = f.Props&^mir.PropSSA | mir.PropNoPHIs; return nil }})
	mockRA = Register(&Pass{Name: "test-order-ra", Needs: mir.PropNoPHIs | mir.PropSelected, Sets: mir.PropNoVRegs,
		Run: func(c *Ctx, f *mir.Func) error { return nil }}) // forgets to set its property
	mockOpt = Register(&Pass{Name: "test-order-opt", Needs: mir.PropNoVRegs,
		Run: func(c *Ctx, f *mir.Func) error { return nil }})
	// A statistics group of an emitter: no Run.
	mockEmit = Register(&Pass{Name: "test-order-emit", Stats: map[string]string{"n": "Number of things emitted"}})
)

func TestPlanOrder(t *testing.T) {
	for _, tc := range []struct {
		names   string
		disable string
		want    string // "" = accepted; else a substring of the error
	}{
		{"test-order-isel,test-order-phis,test-order-ra,test-order-opt", "", ""},
		{"test-order-isel,test-order-ra", "", "pass 'test-order-ra' needs 'nophis', which does not hold at that point (run 'phi-elim' or 'test-order-phis' first)"},
		{"test-order-ra", "", "needs 'nophis', 'selected'"},
		{"test-order-isel,test-order-isel", "", "pass 'test-order-isel' must run before 'selected' holds"},
		{"test-order-opt", "", "run 'test-order-ra'"},
		// A disabled pass does not run, so its needs are not checked.
		{"test-order-opt", "test-order-opt", ""},
		{"test-order-nosuch", "", "unknown pass 'test-order-nosuch'"},
		{"test-order-emit", "", "'test-order-emit' runs inside its target's emission"},
	} {
		cfg := NewConfig()
		if tc.disable != "" {
			cfg.Enabled[tc.disable] = false
		}
		_, err := NewPlan(strings.Split(tc.names, ","), cfg, mir.PropSSA)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: refused: %v", tc.names, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: error %v, want %q", tc.names, err, tc.want)
		}
	}
}

// TestPlanChecksEachFunction: MIR input carries per-function properties,
// and with verification on a pass must leave what it declares.
func TestPlanChecksEachFunction(t *testing.T) {
	cfg := NewConfig()
	plan, err := NewPlan([]string{"test-order-ra"}, cfg, mir.PropNoPHIs|mir.PropSelected)
	if err != nil {
		t.Fatal(err)
	}
	ssa := &mir.Func{Name: "ssa", Arch: mir.GenericArch, Props: mir.PropSSA}
	if _, err := plan.Run(&mir.Module{Source: "m", Funcs: []*mir.Func{ssa}}, Dump{}); err == nil ||
		!strings.Contains(err.Error(), "in function @ssa: pass 'test-order-ra' needs") {
		t.Errorf("SSA function accepted by a pass that needs nophis: %v", err)
	}
	cfg.Verify = true
	done := &mir.Func{Name: "g", Arch: mir.GenericArch, Props: mir.PropNoPHIs | mir.PropSelected}
	if _, err := plan.Run(&mir.Module{Source: "m", Funcs: []*mir.Func{done}}, Dump{}); err == nil ||
		!strings.Contains(err.Error(), "declares that it sets 'novregs'") {
		t.Errorf("a pass that does not establish its declared property passed verification: %v", err)
	}
}

// seenFuncs records, for TestPlanReadsModule, the functions a module
// reading pass saw finished when it ran on each function.
var seenFuncs []string

var mockInline = Register(&Pass{Name: "test-reads-module", ReadsModule: true,
	Run: func(c *Ctx, f *mir.Func) error {
		if c.Module == nil {
			seenFuncs = append(seenFuncs, "nil module")
			return nil
		}
		for _, g := range c.Module.Funcs {
			if g.Props&mir.PropFrameLowered != 0 {
				seenFuncs = append(seenFuncs, f.Name+":"+g.Name)
			}
		}
		f.Props |= mir.PropFrameLowered // marks f as done
		return nil
	}})

// TestPlanReadsModule: a pass that reads other functions gets the module
// and runs on the functions one after the other, in module order (without
// the flag, several functions compile at once; the data race detector
// would see the reads).
func TestPlanReadsModule(t *testing.T) {
	plan, err := NewPlan([]string{"test-reads-module"}, NewConfig(), mir.PropSSA)
	if err != nil {
		t.Fatal(err)
	}
	mod := &mir.Module{Source: "m"}
	for _, n := range []string{"a", "b", "c"} {
		mod.Funcs = append(mod.Funcs, &mir.Func{Name: n, Arch: mir.GenericArch, Props: mir.PropSSA})
	}
	seenFuncs = nil
	if _, err := plan.Run(mod, Dump{}); err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(seenFuncs, " "), "b:a c:a c:b"; got != want {
		t.Errorf("functions done when the pass ran: %q, want %q", got, want)
	}
}

// preparedMark is the property a test's prepare callback gives a function
// (its "body"), which test-prepared requires.
const preparedMark = mir.PropBundled

var mockPrepared = Register(&Pass{Name: "test-prepared",
	Run: func(c *Ctx, f *mir.Func) error {
		if f.Props&preparedMark == 0 {
			return errors.New("compiled before it was prepared")
		}
		if strings.HasPrefix(f.Name, "passfail") {
			return errors.New("pass failure")
		}
		return nil
	}})

// TestRunWith: prepare runs for the functions in order, each before the
// function is compiled, in parallel compilation and in the fixed order of
// dumps alike; its first error wins over the passes' errors (as when the
// whole module was made first), and the preparation stops there.
func TestRunWith(t *testing.T) {
	plan, err := NewPlan([]string{"test-prepared"}, NewConfig(), mir.PropSSA)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		funcs    string // "prepfail" fails in prepare, "passfail" in the pass
		dump     Dump
		wantErr  string
		prepared int // how many prepare calls
	}{
		{funcs: "a b c d e f g h", prepared: 8},
		{funcs: "a b c d", dump: Dump{AtEnd: true}, prepared: 4},
		{funcs: "a passfail1 c prepfail d e", wantErr: "prepfail: bad body", prepared: 4},
		{funcs: "a passfail1 c prepfail d", dump: Dump{AtEnd: true}, wantErr: "prepfail: bad body", prepared: 4},
		{funcs: "a passfail1 passfail2 d", wantErr: "@passfail1: pass failure", prepared: 4},
	} {
		mod := &mir.Module{Source: "m"}
		for _, n := range strings.Fields(tc.funcs) {
			mod.Funcs = append(mod.Funcs, &mir.Func{Name: n, Arch: mir.GenericArch})
		}
		var order []int
		prepare := func(i int) error {
			order = append(order, i)
			f := mod.Funcs[i]
			if f.Name == "prepfail" {
				return errors.New("prepfail: bad body")
			}
			f.Props = mir.PropSSA | preparedMark
			return nil
		}
		_, err := plan.RunWith(mod, tc.dump, prepare, nil)
		if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
			t.Errorf("%s: error %v, want %q", tc.funcs, err, tc.wantErr)
		}
		if len(order) != tc.prepared {
			t.Errorf("%s: %d functions prepared, want %d", tc.funcs, len(order), tc.prepared)
		}
		for i, j := range order {
			if i != j {
				t.Errorf("%s: prepare order %v", tc.funcs, order)
				break
			}
		}
	}
}
