package passes

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"

	"lltosimd/mir"
)

// A pass's contract with the pipeline is stated in function properties
// (mir.Props), like the needs and effects of Go's SSA passes or LLVM's
// MachineFunctionProperties: Pass.Needs must hold before it runs,
// Pass.Forbids must not, and afterwards Pass.Sets holds and Pass.Clears
// does not. A Plan checks a whole pass list against these before any
// function is compiled, and again per function for MIR input, whose
// functions carry their own properties.

// Plan is an ordered, checked list of passes.
type Plan struct {
	Passes []*Pass
	cfg    *Config
}

// NewPlan resolves pass names and checks their order for functions that
// start with the properties start (the frontend's output is mir.PropSSA).
// Passes the configuration disables are left out of the check, since they
// will not run.
func NewPlan(names []string, cfg *Config, start mir.Props) (*Plan, error) {
	p := &Plan{cfg: cfg}
	for _, n := range names {
		n = strings.TrimSpace(n)
		pass, ok := Lookup(n)
		if !ok {
			return nil, fmt.Errorf("unknown pass '%s' (see -list-passes)", n)
		}
		if pass.Run == nil {
			return nil, fmt.Errorf("'%s' runs inside its target's emission, not as a pass on MIR (it names statistics and -debug-only output)", n)
		}
		p.Passes = append(p.Passes, pass)
	}
	if _, err := p.Check(start); err != nil {
		return nil, err
	}
	return p, nil
}

// Check walks the plan from the properties start and returns the
// properties at its end, or an error naming the first pass whose needs are
// not met and the pass that would meet them.
func (p *Plan) Check(start mir.Props) (mir.Props, error) { return p.check(start, nil) }

// check is Check for functions of architecture a (nil: any), whose
// Machine may turn on passes that are off by default (Config.EnabledFor).
func (p *Plan) check(start mir.Props, a *mir.Arch) (mir.Props, error) {
	props := start
	for _, pass := range p.Passes {
		if p.cfg != nil && !p.cfg.EnabledFor(pass, a) {
			continue
		}
		if missing := pass.Needs &^ props; missing != 0 {
			return props, fmt.Errorf("pass '%s' needs %s, which does not hold at that point%s",
				pass.Name, propList(missing), establishedBy(missing))
		}
		if bad := pass.Forbids & props; bad != 0 {
			return props, fmt.Errorf("pass '%s' must run before %s holds (it already does at that point)",
				pass.Name, propList(bad))
		}
		props = props&^pass.Clears | pass.Sets
	}
	return props, nil
}

// propNamesOf names properties as the MIR header prints them.
func propNamesOf(ps mir.Props) []string {
	var names []string
	for i, n := range mir.PropNames() {
		if ps&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return names
}

// propList quotes the names of properties for a message.
func propList(ps mir.Props) string {
	names := propNamesOf(ps)
	if len(names) == 0 {
		return "nothing"
	}
	return "'" + strings.Join(names, "', '") + "'"
}

// establishedBy suggests the registered passes that set some of ps.
func establishedBy(ps mir.Props) string {
	var names []string
	for _, pass := range All() {
		if pass.Sets&ps != 0 {
			names = append(names, "'"+pass.Name+"'")
		}
	}
	if len(names) == 0 {
		return ""
	}
	return " (run " + strings.Join(names, " or ") + " first)"
}

// Dump says which MIR the runner prints around passes (llc's -print-*,
// -stop-after and -run-pass output).
type Dump struct {
	Before, After map[string]bool
	AfterAll      bool
	StopAfter     string // print the function after this pass and stop
	StopBefore    string // print the function before this pass and stop
	AtEnd         bool   // print each function after the last pass (-run-pass)
}

// Any reports whether anything is printed, which fixes the function order.
func (d Dump) Any() bool {
	return d.AfterAll || len(d.Before) > 0 || len(d.After) > 0 || d.StopAfter != "" || d.StopBefore != "" || d.AtEnd
}

// Run compiles every function of mod through the plan and returns the MIR
// dumps d asks for, in function order. Independent functions compile in
// parallel unless output must come in a fixed order (dumps, -debug-only) or
// a pass reads other functions (Pass.ReadsModule).
// A panic inside a pass becomes an internal-compiler-error message
// (LLTOSIMD_TRACE=1 adds the stack).
func (p *Plan) Run(mod *mir.Module, d Dump) ([]byte, error) {
	return p.RunWith(mod, d, nil, nil)
}

// RunWith is Run for a module whose function bodies prepare makes
// (frontend.Translation.Func): prepare(i) is called for every function in
// order, on one goroutine, before function i is compiled; when functions
// compile in parallel, the first ones compile while the next ones are
// prepared, else every function is prepared before any is compiled (as
// when the module was made first). prepare must then leave function i
// alone once it has returned. The first error of prepare, in function
// order, stops the preparation and is the error returned; else the first
// error of the passes is. done, if not nil, is called for every function
// compiled without error, on the goroutine that compiled it (in parallel
// with other functions: it may only touch function i), e.g. to print it
// at once (targets.FuncEmitter).
func (p *Plan) RunWith(mod *mir.Module, d Dump, prepare func(i int) error, done func(i int)) ([]byte, error) {
	outs := make([]bytes.Buffer, len(mod.Funcs))
	errs := make([]error, len(mod.Funcs))
	compileFunc := func(i int) {
		f := mod.Funcs[i]
		defer func() {
			if r := recover(); r != nil {
				msg := fmt.Sprintf("%s: internal compiler error in function @%s: %v", mod.Source, f.Name, r)
				if os.Getenv("LLTOSIMD_TRACE") != "" {
					msg += "\n" + string(debug.Stack())
				}
				errs[i] = errors.New(msg)
			}
		}()
		errs[i] = p.runFunc(mod, f, d, &outs[i])
		if errs[i] == nil && done != nil {
			done(i)
		}
	}
	if d.Any() || len(p.cfg.DebugOnly) > 0 || len(mod.Funcs) < 2 || p.readsModule() {
		if prepare != nil {
			for i := range mod.Funcs {
				if err := prepare(i); err != nil {
					return nil, err
				}
			}
		}
		for i := range mod.Funcs {
			compileFunc(i)
		}
	} else {
		var wg sync.WaitGroup
		next := make(chan int)
		for w := 0; w < runtime.GOMAXPROCS(0); w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					compileFunc(i)
				}
			}()
		}
		var perr error
		for i := range mod.Funcs {
			if prepare != nil {
				if perr = prepare(i); perr != nil {
					break
				}
			}
			next <- i
		}
		close(next)
		wg.Wait()
		if perr != nil {
			return nil, perr
		}
	}
	var dumps bytes.Buffer
	for i := range mod.Funcs {
		if errs[i] != nil {
			return nil, errs[i]
		}
		dumps.Write(outs[i].Bytes())
	}
	return dumps.Bytes(), nil
}

// readsModule reports whether a pass of the plan reads other functions.
func (p *Plan) readsModule() bool {
	for _, pass := range p.Passes {
		if pass.ReadsModule {
			return true
		}
	}
	return false
}

// runFunc runs the plan on one function, checking each pass's needs
// against the function's own properties (MIR input may start anywhere)
// and, with -verify-machineinstrs, verifying after every pass.
func (p *Plan) runFunc(mod *mir.Module, f *mir.Func, d Dump, w *bytes.Buffer) error {
	full := Compiled(mod, f)
	if _, err := p.check(f.Props, f.Arch); err != nil && full {
		return fmt.Errorf("%s: in function @%s: %w", mod.Source, f.Name, err)
	}
	for _, pass := range p.Passes {
		if pass.Name == d.StopBefore {
			mir.Print(w, f)
			return nil
		}
		if !p.cfg.EnabledFor(pass, f.Arch) { // as in lbd, the enable flag wins even with -run-pass
			if pass.Name == d.StopAfter { // stop where the pass would have run
				mir.Print(w, f)
				return nil
			}
			continue
		}
		if d.Before[pass.Name] {
			fmt.Fprintf(w, "# *** IR Dump Before %s (%s) ***:\n", pass.Desc, pass.Name)
			mir.Print(w, f)
		}
		if err := pass.Run(&Ctx{Cfg: p.cfg, Pass: pass, Module: mod}, f); err != nil {
			return fmt.Errorf("%s: in function @%s: %w", mod.Source, f.Name, err)
		}
		if p.cfg.Verify {
			if sets := pass.Sets &^ pass.WeakSets; full && f.Props&sets != sets || f.Props&pass.Clears != 0 {
				return fmt.Errorf("%s: pass %s in function @%s left properties '%s', but declares that it sets %s and clears %s",
					mod.Source, pass.Name, f.Name, strings.Join(propNamesOf(f.Props), " "), propList(pass.Sets), propList(pass.Clears))
			}
			if verrs := mir.Verify(f); len(verrs) > 0 {
				return fmt.Errorf("%s: MIR verifier failed after pass %s in function @%s: %v", mod.Source, pass.Name, f.Name, errors.Join(verrs...))
			}
		}
		if d.AfterAll || d.After[pass.Name] {
			fmt.Fprintf(w, "# *** IR Dump After %s (%s) ***:\n", pass.Desc, pass.Name)
			mir.Print(w, f)
		}
		if pass.Name == d.StopAfter {
			mir.Print(w, f)
			return nil
		}
	}
	if d.AtEnd {
		mir.Print(w, f)
	}
	return nil
}
