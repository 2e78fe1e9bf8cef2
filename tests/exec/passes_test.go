package exec

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"text/tabwriter"

	"lltosimd/tests/internal/testtools"
)

// passCombo is one setting of the optional Cpu0 code-quality passes:
// del-jmp, useful delay-slot filling, and movz/movn for selects (off =
// selects lowered to branches, -enable-cpu0-select=false).
type passCombo struct{ delJmp, useful, movcc bool }

func (c passCombo) flags() []string {
	return []string{
		"-enable-del-jmp=" + strconv.FormatBool(c.delJmp),
		"-delay-slot-filler-useful=" + strconv.FormatBool(c.useful),
		"-enable-cpu0-select=" + strconv.FormatBool(c.movcc),
	}
}

func (c passCombo) String() string {
	var on []string
	for _, p := range []struct {
		on   bool
		name string
	}{{c.delJmp, "deljmp"}, {c.useful, "fill"}, {c.movcc, "movcc"}} {
		if p.on {
			on = append(on, p.name)
		}
	}
	if len(on) == 0 {
		return "none"
	}
	return strings.Join(on, "+")
}

// allCombos lists the 8 settings.
func allCombos() []passCombo {
	var cs []passCombo
	for i := 0; i < 8; i++ {
		cs = append(cs, passCombo{i&1 != 0, i&2 != 0, i&4 != 0})
	}
	return cs
}

// passesPrograms is the slice of the corpus TestPasses runs by default
// (LLTOSIMD_PASSES_FULL=1 runs all of it): programs with many selects,
// branches over jumps, loops and calls.
var passesPrograms = []string{"ch8_select", "ch8_deluselessjmp", "ch8_ctrl", "ch8_ifctrl",
	"switch_sparse", "nqueens", "int64_arith", "bubble_sort"}

// compileWith compiles one program (IR for v) with extra flags and returns
// the assembly path and the -stats text.
func (h *harness) compileWith(ll string, v variant, cpu, opt string, flags []string, tag string) (string, string, error) {
	s := strings.TrimSuffix(ll, ".ll") + "." + v.march + "." + cpu + "." + tag + ".s"
	args := append([]string{testtools.Verify, "-march=" + v.march, "-mcpu=" + cpu, "-" + opt, "-stats", "-o", s}, flags...)
	args = append(args, ll)
	_, stderr, code, err := testtools.Run(nil, h.lltosimd, args...)
	if err != nil || code != 0 {
		return "", "", fmt.Errorf("lltosimd %s: exit %d %v\n%s", strings.Join(args, " "), code, err, stderr)
	}
	return s, stderr, nil
}

// runtimeWith is the runtime compiled with the same pass flags as the
// program, so dynamic counts measure the passes on all executed code.
func (h *harness) runtimeWith(v variant, cpu string, c passCombo) ([]string, error) {
	base, err := h.runtimeFiles(v, cpu)
	if err != nil {
		return nil, err
	}
	r, err := h.memo(fmt.Sprintf("rt/%s/%s/%s", v.march, cpu, c), func() (any, error) {
		var files []string
		for _, s := range base {
			if h.handWritten(s) {
				files = append(files, s)
				continue
			}
			out, _, err := h.compileWith(strings.TrimSuffix(s, ".s")+".ll", v, cpu, "O2", c.flags(), c.String())
			if err != nil {
				return nil, err
			}
			files = append(files, out)
		}
		return files, nil
	})
	if err != nil {
		return nil, err
	}
	return r.([]string), nil
}

// passRun is the outcome of one program under one pass setting.
type passRun struct {
	instrs, cycles int64
	stats          map[string]int64 // "pass/description" → count (program only)
}

var (
	statLine    = regexp.MustCompile(`(?m)^\s*(\d+) (\S+)\s+- (.*)$`)
	simCountRgx = regexp.MustCompile(`(?m)^(instructions|cycles): (\d+)`)
)

// runCombo compiles and runs src under c and checks the result against lli.
func (h *harness) runCombo(src, opt string, v variant, cpu string, c passCombo) (passRun, error) {
	want, err := h.reference(src, opt)
	if err != nil {
		return passRun{}, err
	}
	ll, err := h.clangIR(src, v.triple, opt)
	if err != nil {
		return passRun{}, err
	}
	rt, err := h.runtimeWith(v, cpu, c)
	if err != nil {
		return passRun{}, err
	}
	s, stats, err := h.compileWith(ll, v, cpu, opt, c.flags(), c.String())
	if err != nil {
		return passRun{}, err
	}
	simArgs := []string{"-mcpu=" + cpu, "-max-steps", maxSteps, "-stats"}
	if v.march == "cpu0el" {
		simArgs = append(simArgs, "-el")
	}
	simArgs = append(append(simArgs, s), rt...)
	stdout, stderr, code, err := testtools.Run(nil, h.cpu0sim, simArgs...)
	if err != nil {
		return passRun{}, fmt.Errorf("cpu0sim %s: %v\n%s", strings.Join(simArgs, " "), err, stderr)
	}
	counts := simCountRgx.FindAllStringSubmatch(stderr, -1)
	if stdout != want.stdout || code != want.code || len(counts) != 2 {
		return passRun{}, fmt.Errorf("passes %s: cpu0sim %s:\nexit %d, want %d (from lli)\nstderr: %s\n%s",
			c, strings.Join(simArgs, " "), code, want.code, stderr, diff(want.stdout, stdout))
	}
	r := passRun{stats: map[string]int64{}}
	r.instrs, _ = strconv.ParseInt(counts[0][2], 10, 64)
	r.cycles, _ = strconv.ParseInt(counts[1][2], 10, 64)
	for _, m := range statLine.FindAllStringSubmatch(stats, -1) {
		n, _ := strconv.ParseInt(m[1], 10, 64)
		r.stats[m[2]+"/"+m[3]] = n
	}
	return r, nil
}

// TestPasses checks that every combination of the optional passes keeps
// the behaviour of lli, on both CPUs, at -O0 and -O2 (mipsel IR). By default
// it runs a fixed slice of the corpus; LLTOSIMD_PASSES_FULL=1 runs all.
func TestPasses(t *testing.T) {
	h := newHarness(t)
	srcs := mipsPrograms(t)
	if os.Getenv("LLTOSIMD_PASSES_FULL") == "" {
		srcs = nil
		for _, p := range passesPrograms {
			srcs = append(srcs, filepath.Join("c", p+".c"))
		}
	}
	v := variants[0] // mipsel
	for _, src := range srcs {
		name := strings.TrimSuffix(filepath.Base(src), ".c")
		for _, opt := range opts {
			for _, cpu := range cpus {
				for _, c := range allCombos() {
					t.Run(fmt.Sprintf("%s/%s/%s/%s", name, opt, cpu, c), func(t *testing.T) {
						t.Parallel()
						r, err := h.runCombo(src, opt, v, cpu, c)
						if err != nil {
							t.Error(err)
							return
						}
						// A pass that is off must not have run: the flags work.
						for _, s := range []struct {
							on   bool
							stat string
						}{{c.delJmp, statJmpDeleted}, {c.useful, statSlotUseful}, {c.movcc, statMovcc}, {!c.movcc, statSelBranch}} {
							if !s.on && r.stats[s.stat] != 0 {
								t.Errorf("passes %s: statistic %q = %d", c, s.stat, r.stats[s.stat])
							}
						}
					})
				}
			}
		}
	}
}

// Statistics read from lltosimd -stats for the bench table.
const (
	statJmpDeleted = "del-jmp/Number of useless jmp deleted"
	statSlotUseful = "delay-slot-filler/Number of delay slots filled with useful instructions"
	statMovcc      = "cpu0-select/Number of selects lowered to movz/movn"
	statSelBranch  = "cpu0-select/Number of selects lowered to branches (-enable-cpu0-select=false)"
)

// TestBenchPasses prints, for every corpus program (mipsel, -O2, each CPU),
// the dynamic instruction and cycle counts with the optional passes all off
// and all on, and the static counts of the "on" compilation. It is the
// body of `make bench-passes` and runs only with LLTOSIMD_BENCH_PASSES=1.
func TestBenchPasses(t *testing.T) {
	if os.Getenv("LLTOSIMD_BENCH_PASSES") == "" {
		t.Skip("set LLTOSIMD_BENCH_PASSES=1 (make bench-passes)")
	}
	h := newHarness(t)
	srcs := mipsPrograms(t)
	v := variants[0]
	off, on := passCombo{}, passCombo{true, true, true}
	type row struct {
		name    string
		off, on passRun
		err     error
	}
	for _, cpu := range cpus {
		rows := make([]row, len(srcs))
		t.Run(cpu, func(t *testing.T) {
			for i, src := range srcs {
				t.Run(strings.TrimSuffix(filepath.Base(src), ".c"), func(t *testing.T) {
					t.Parallel()
					r := &rows[i]
					r.name = strings.TrimSuffix(filepath.Base(src), ".c")
					if r.off, r.err = h.runCombo(src, "O2", v, cpu, off); r.err == nil {
						r.on, r.err = h.runCombo(src, "O2", v, cpu, on)
					}
					if r.err != nil {
						t.Error(r.err)
					}
				})
			}
		})
		var b strings.Builder
		fmt.Fprintf(&b, "\nbench-passes: %s, mipsel IR, -O2; off = -enable-del-jmp=false -delay-slot-filler-useful=false -enable-cpu0-select=false (program and runtime);\nstatic counts: the program's module, passes on\n", cpu)
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "program\tinstrs off\tinstrs on\tΔ%\tcycles off\tcycles on\tΔ%\tjmp deleted\tslots useful\tmovz/movn\t")
		var tot row
		pct := func(a, b int64) string {
			if a == 0 {
				return "-"
			}
			return fmt.Sprintf("%+.1f", 100*float64(b-a)/float64(a))
		}
		line := func(r row) {
			fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%d\t%d\t%s\t%d\t%d\t%d\t\n", r.name, r.off.instrs, r.on.instrs, pct(r.off.instrs, r.on.instrs),
				r.off.cycles, r.on.cycles, pct(r.off.cycles, r.on.cycles), r.on.stats[statJmpDeleted], r.on.stats[statSlotUseful], r.on.stats[statMovcc])
		}
		tot.name, tot.on.stats = "total", map[string]int64{}
		for _, r := range rows {
			if r.err != nil {
				fmt.Fprintf(tw, "%s\tFAILED\t\t\t\t\t\t\t\t\t\n", r.name)
				continue
			}
			line(r)
			tot.off.instrs += r.off.instrs
			tot.on.instrs += r.on.instrs
			tot.off.cycles += r.off.cycles
			tot.on.cycles += r.on.cycles
			for _, k := range []string{statJmpDeleted, statSlotUseful, statMovcc} {
				tot.on.stats[k] += r.on.stats[k]
			}
		}
		line(tot)
		tw.Flush()
		// Printed directly so that the table shows without -v.
		fmt.Fprint(os.Stdout, b.String())
	}
}
