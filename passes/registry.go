// Package passes holds the pass registry, the per-compilation options and
// statistics, and the target-independent MachineFunction passes.
//
// Every pass has a name (its -debug-only key and statistics group, like
// LLVM's DEBUG_TYPE), an enable flag (-enable-NAME), statistics, and can be
// printed around (-print-before/-print-after) or stopped after.
package passes

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"lltosimd/mir"
)

// Pass is one MachineFunction pass.
type Pass struct {
	Name string // e.g. "del-jmp"; also the -debug-only key
	Desc string // one line, shown by -list-passes
	// Required passes cannot be disabled (register allocation, frame lowering).
	Required bool
	// DefaultOff passes run only when enabled explicitly.
	DefaultOff bool
	// Needs must hold and Forbids must not hold when the pass runs; after
	// it, Sets holds and Clears does not (see Plan).
	Needs, Forbids, Sets, Clears mir.Props
	// WeakSets is the part of Sets that holds only when the function
	// held it before, apart from what the pass rewrites: the static plan
	// check counts on it, but -verify-machineinstrs does not require it
	// after a function lost it dynamically on the way (predicate-lowering's
	// SSA after VC4's inliner copied selected, non-SSA code; mir.Verify
	// still checks SSA wherever the property is set).
	WeakSets mir.Props
	// Stats declares the statistics the pass counts: key -> description.
	Stats map[string]string
	// ReadsModule marks a pass that reads other functions of the module
	// (Ctx.Module), such as an inliner: a plan with one runs the functions
	// one after the other in module order instead of in parallel, so the
	// pass never reads a function another worker is changing.
	ReadsModule bool
	// Run transforms one function. A pass without Run is the statistics
	// group (and -debug-only key) of a step that runs inside a target's
	// emission, such as vc4-emit: listed by -list-passes, but a plan
	// refuses it (NewPlan).
	Run func(c *Ctx, f *mir.Func) error
}

// Config holds the options of one compilation. Nothing here is global.
type Config struct {
	Enabled   map[string]bool // -enable-NAME=bool overrides
	DebugOnly map[string]bool // -debug-only keys
	DebugOut  io.Writer       // where -debug-only output goes (stderr)
	Verify    bool            // -verify-machineinstrs
	Options   map[string]string
	Stats     *Stats
	debugMu   sync.Mutex
}

// NewConfig returns a configuration with defaults.
func NewConfig() *Config {
	return &Config{
		Enabled:   map[string]bool{},
		DebugOnly: map[string]bool{},
		Options:   map[string]string{},
		Stats:     NewStats(),
		DebugOut:  io.Discard,
	}
}

// DefaultOnMachine is implemented by a Machine that runs some DefaultOff
// passes by default when optimizing (codegen level above 0): the passes
// whose model for it says they pay, such as VC4's if-conversion. An
// explicit -enable-NAME wins either way.
type DefaultOnMachine interface {
	DefaultOn() []string
}

// EnabledFor reports whether p runs on functions of architecture a: as
// IsEnabled, except that a DefaultOff pass the Machine of a turns on
// (DefaultOnMachine) runs unless disabled explicitly or at -O0.
func (c *Config) EnabledFor(p *Pass, a *mir.Arch) bool {
	if _, set := c.Enabled[p.Name]; !set && p.DefaultOff && a != nil && c.Options["O"] != "0" {
		if m, ok := MachineFor(a).(DefaultOnMachine); ok && slices.Contains(m.DefaultOn(), p.Name) {
			return true
		}
	}
	return c.IsEnabled(p)
}

// IsEnabled reports whether p runs under this configuration.
func (c *Config) IsEnabled(p *Pass) bool {
	if p.Required {
		return true
	}
	if v, ok := c.Enabled[p.Name]; ok {
		return v
	}
	return !p.DefaultOff
}

// Ctx is what a pass sees while it runs on one function.
type Ctx struct {
	Cfg  *Config
	Pass *Pass
	// Module is the module of the function being compiled when the pass
	// runs in a Plan (nil when a target calls a pass's helper directly):
	// module-level facts such as the linkage of the symbols a function
	// references (mir.Module.Symbol).
	Module *mir.Module
}

// Debugf prints a line of debug output when -debug-only names this pass.
// Its arguments are evaluated in any case: a call in a loop whose
// arguments format instructions or labels goes under if c.Debugging().
func (c *Ctx) Debugf(format string, args ...any) {
	if c.Cfg == nil || !c.Cfg.DebugOnly[c.Pass.Name] {
		return
	}
	c.Cfg.debugMu.Lock()
	defer c.Cfg.debugMu.Unlock()
	fmt.Fprintf(c.Cfg.DebugOut, format, args...)
	if !strings.HasSuffix(format, "\n") {
		fmt.Fprintln(c.Cfg.DebugOut)
	}
}

// Debugging reports whether -debug-only names this pass.
func (c *Ctx) Debugging() bool { return c.Cfg != nil && c.Cfg.DebugOnly[c.Pass.Name] }

// Count adds n to the statistic key declared by the pass.
func (c *Ctx) Count(key string, n int64) {
	if c.Cfg == nil {
		return
	}
	desc, ok := c.Pass.Stats[key]
	if !ok {
		panic(fmt.Sprintf("pass %s counts undeclared statistic %q", c.Pass.Name, key))
	}
	c.Cfg.Stats.Add(c.Pass.Name, desc, n)
}

// Option returns a per-compilation option value ("" if unset).
func (c *Ctx) Option(name string) string {
	if c.Cfg == nil {
		return ""
	}
	return c.Cfg.Options[name]
}

// Stats collects statistics; safe for concurrent use.
type Stats struct {
	mu sync.Mutex
	m  map[[2]string]*atomic.Int64
}

// NewStats returns an empty collection.
func NewStats() *Stats { return &Stats{m: map[[2]string]*atomic.Int64{}} }

// Add adds n to the statistic (group, desc).
func (s *Stats) Add(group, desc string, n int64) {
	s.mu.Lock()
	v := s.m[[2]string{group, desc}]
	if v == nil {
		v = new(atomic.Int64)
		s.m[[2]string{group, desc}] = v
	}
	s.mu.Unlock()
	v.Add(n)
}

// Get returns the value of a statistic.
func (s *Stats) Get(group, desc string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if v := s.m[[2]string{group, desc}]; v != nil {
		return v.Load()
	}
	return 0
}

// Print writes the statistics in LLVM's -stats format.
func (s *Stats) Print(w io.Writer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	type row struct {
		group, desc string
		v           int64
	}
	var rows []row
	wv, wg := 0, 0
	for k, v := range s.m {
		if v.Load() == 0 {
			continue
		}
		rows = append(rows, row{k[0], k[1], v.Load()})
	}
	if len(rows) == 0 {
		return
	}
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].group != rows[j].group {
			return rows[i].group < rows[j].group
		}
		return rows[i].desc < rows[j].desc
	})
	for _, r := range rows {
		wv = max(wv, len(fmt.Sprint(r.v)))
		wg = max(wg, len(r.group))
	}
	fmt.Fprintln(w, "===-------------------------------------------------------------------------===")
	fmt.Fprintln(w, "                          ... Statistics Collected ...")
	fmt.Fprintln(w, "===-------------------------------------------------------------------------===")
	fmt.Fprintln(w)
	for _, r := range rows {
		fmt.Fprintf(w, "%*d %-*s - %s\n", wv, r.v, wg, r.group, r.desc)
	}
	fmt.Fprintln(w)
}

var (
	registryMu sync.Mutex
	registry   = map[string]*Pass{}
)

// Register adds a pass to the global registry (called from init functions
// of the packages that define passes). Names must be unique.
func Register(p *Pass) *Pass {
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[p.Name]; dup {
		panic("passes: duplicate pass " + p.Name)
	}
	registry[p.Name] = p
	return p
}

// Lookup finds a registered pass by name.
func Lookup(name string) (*Pass, bool) {
	registryMu.Lock()
	defer registryMu.Unlock()
	p, ok := registry[name]
	return p, ok
}

// All returns every registered pass sorted by name.
func All() []*Pass {
	registryMu.Lock()
	defer registryMu.Unlock()
	out := make([]*Pass, 0, len(registry))
	for _, p := range registry {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
