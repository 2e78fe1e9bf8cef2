package vc4test

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
)

// statRow is one vc4run -stats result of the report.
type statRow struct {
	kernel, kind, opt, run string
	qpus                   int
	status                 string            // ok, WRONG (differs from lli), error, timeout, not run
	stats                  map[string]string // column → value
	raw                    string
}

var (
	statsMu sync.Mutex
	rows    []statRow
)

// statColumns are the report's statistics columns and the names of the
// "name: value" pairs of vc4run's -stats output they show (matched
// case-insensitively): cycles under the timing model, stall cycles by
// cause (summed over QPUs), lane reads that returned stale data (only
// under -cache-model=incoherent), the static code size, and the values
// the register allocator spilled or rematerialized, and the nops and
// add/mul paired instructions of the code (static counts; writeReport adds
// their percentages of the code size, and a line of totals).
var statColumns = []struct{ title, match string }{
	{"cycles", "cycles"},
	{"instrs", "instructions"},
	{"util", "utilisation"},
	{"st.tmu", "stalls tmu"},
	{"st.unif", "stalls uniform"},
	{"st.dma", "stalls vpm/dma"},
	{"st.sfu", "stalls sfu"},
	{"st.sync", "stalls sem/mutex"},
	{"st.thrsw", "stalls thread switch"},
	{"stale", "stale reads"},
	{"size", "code size"},
	{"nops", "nop instructions"},
	{"pairs", "paired instructions"},
	{"uniform br", "uniform branches"},
	{"divergent br", "divergent branches"},
	{"br exec", "branches executed"},
	{"br taken", "branches taken"},
	{"spills", "spilled values"},
	{"remat", "rematerialized values"},
}

var statPair = regexp.MustCompile(`(?i)([a-z][a-z0-9 _./-]*?)\s*[:=]\s*(-?[0-9][0-9.]*%?)`)

// parseStats extracts the report columns from vc4run's stderr.
func parseStats(stderr string) map[string]string {
	m := map[string]string{}
	for _, p := range statPair.FindAllStringSubmatch(stderr, -1) {
		key := strings.ToLower(p[1])
		for _, c := range statColumns {
			if _, done := m[c.title]; !done && key == c.match {
				m[c.title] = p[2]
				break
			}
		}
	}
	return m
}

// recordStats notes one vc4run result for the report (when one is wanted).
func recordStats(r *Run, opt string, qpus int, status, stderr string) {
	if *reportFile == "" {
		return
	}
	if extra := extraFlags(); len(extra) > 0 {
		opt += " " + strings.Join(extra, " ")
	}
	statsMu.Lock()
	defer statsMu.Unlock()
	rows = append(rows, statRow{
		kernel: kernelName(r.File), kind: r.Kind, opt: opt, run: r.Label(),
		qpus: qpus, status: status, stats: parseStats(stderr), raw: strings.TrimSpace(stderr),
	})
}

// writeReport prints the table of all recorded runs, sorted by kernel.
func writeReport(path string) error {
	var w io.Writer = os.Stdout
	if path != "-" {
		f, err := os.Create(path)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	statsMu.Lock()
	defer statsMu.Unlock()
	if len(rows) == 0 {
		return fmt.Errorf("no vc4run runs recorded (did TestVC4 run?)")
	}
	sort.Slice(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.kernel != b.kernel {
			return a.kernel < b.kernel
		}
		if a.opt != b.opt {
			return a.opt < b.opt
		}
		if a.run != b.run {
			return len(a.run) < len(b.run) || len(a.run) == len(b.run) && a.run < b.run
		}
		return a.qpus < b.qpus
	})
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := []string{"kernel", "opt", "run", "qpus", "input", "result"}
	for _, c := range statColumns {
		head = append(head, c.title)
	}
	head = append(head, "nop%", "pair%")
	fmt.Fprintln(tw, strings.Join(head, "\t")+"\t")
	var unparsed []string
	var sum struct{ runs, cycles, size, nops, pairs int }
	num := func(r statRow, col string) (int, bool) {
		n, err := strconv.Atoi(r.stats[col])
		return n, err == nil
	}
	pct := func(a, b int) string {
		if b == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f", 100*float64(a)/float64(b))
	}
	for _, r := range rows {
		cells := []string{r.kernel, r.opt, r.run, fmt.Sprint(r.qpus), r.kind, r.status}
		for _, c := range statColumns {
			v, ok := r.stats[c.title]
			if !ok {
				v = "-"
			}
			cells = append(cells, v)
		}
		size, okS := num(r, "size")
		nops, okN := num(r, "nops")
		pairs, okP := num(r, "pairs")
		if okS && okN && okP {
			cells = append(cells, pct(nops, size), pct(pairs, size))
		} else {
			cells = append(cells, "-", "-")
		}
		if cycles, ok := num(r, "cycles"); ok && r.status == "ok" {
			sum.runs++
			sum.cycles += cycles
			sum.size, sum.nops, sum.pairs = sum.size+size, sum.nops+nops, sum.pairs+pairs
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t")+"\t")
		if r.status == "ok" && len(r.stats) == 0 && len(unparsed) == 0 {
			unparsed = append(unparsed, r.raw)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\ntotal over %d ok runs: cycles %d, code size %d, nops %s%%, paired %s%%\n",
		sum.runs, sum.cycles, sum.size, pct(sum.nops, sum.size), pct(sum.pairs, sum.size))
	if len(unparsed) > 0 {
		fmt.Fprintf(w, "\nvc4run -stats output not understood, e.g.:\n%s\n", unparsed[0])
	}
	return nil
}
