// Command campaign runs the csmith, llvm-stress, random-CFG and VC4
// differential-testing campaigns of package lltosimd/tests/campaign and
// prints summary tables.
//
//	campaign csmith [-n 1000] [-start 1] [-opts O0,O2] [-cpus cpu032I,cpu032II] [-targets cpu0el,bwdsp] [-host-every 10]
//	campaign stress [-n 10000] [-start 1] [-exec]
//	campaign cfg [-n 10000] [-start 1]
//	campaign vc4 [-n 300] [-start 1] [-profile classic|stress]
//	campaign vc4 -files k1.cl,k2.cl   (rerun kept or reduced kernels)
//
// It uses the prebuilt bin/lltosimd, bin/cpu0sim, bin/bwdsprun and bin/vc4run
// (make build) and keeps the files of failing cases under -work. The exit status is 1 when a case
// mismatched or crashed.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"lltosimd/tests/campaign"
)

func main() {
	if len(os.Args) < 2 || (os.Args[1] != "csmith" && os.Args[1] != "stress" && os.Args[1] != "cfg" && os.Args[1] != "vc4") {
		fmt.Fprintln(os.Stderr, "usage: campaign csmith|stress|cfg|vc4 [flags] (-h for flags)")
		os.Exit(2)
	}
	mode := os.Args[1]
	fs := flag.NewFlagSet(mode, flag.ExitOnError)
	n := fs.Int("n", 100, "number of programs (seeds)")
	start := fs.Int("start", 1, "first seed (a seed's profile, size and CPU depend on the seed alone, so one seed reruns exactly)")
	jobs := fs.Int("j", 2, "parallel programs")
	opts := fs.String("opts", "O0,O2", "csmith, vc4: optimisation levels (clang and lltosimd)")
	cpus := fs.String("cpus", "cpu032I,cpu032II", "csmith: CPUs to run on; stress: CPUs to alternate")
	targetList := fs.String("targets", "cpu0el,bwdsp", "csmith: targets to run on: cpu0el (each of -cpus) and/or bwdsp (bwdsprun)")
	hostEvery := fs.Int("host-every", 10, "csmith: also compile the host-triple IR of every k-th program (0 = never)")
	sizes := fs.String("sizes", "20,60,150", "stress: llvm-stress -size values to cycle through")
	execute := fs.Bool("exec", true, "stress: also run the opt -O2 version of each module against lli")
	work := fs.String("work", "build/campaign", "directory for generated files (failing cases are kept)")
	bin := fs.String("bin", "bin", "directory holding lltosimd and cpu0sim")
	keep := fs.Bool("keep", false, "keep the files of passing cases too")
	lliTimeout := fs.Duration("lli-timeout", 20*time.Second, "csmith: lli time limit per run (slower programs are skipped)")
	maxSteps := fs.Int("max-steps", 200_000_000, "csmith: simulator step limit (longer runs are skipped)")
	verbose := fs.Bool("v", false, "print every case")
	files := fs.String("files", "", "vc4: run these kernel files (comma-separated, with their own headers) instead of generated seeds")
	profile := fs.String("profile", "classic", "vc4: generator profile: classic (GenVC4Kernel) or stress (GenVC4Stress: scheduler, if-conversion, spilling, __local + barrier)")
	fs.Parse(os.Args[2:])
	if *start < 1 || *n < 0 || *jobs < 1 {
		fmt.Fprintln(os.Stderr, "campaign: -start must be ≥ 1, -n ≥ 0 and -j ≥ 1")
		os.Exit(2)
	}

	root, err := os.Getwd()
	check(err)
	w, err := filepath.Abs(*work)
	check(err)
	check(os.MkdirAll(w, 0o755))
	binDir, err := filepath.Abs(*bin)
	check(err)
	var t *campaign.Tools
	var vt *campaign.VC4Tools
	if mode == "vc4" {
		campaign.VC4FuzzOpts = strings.Split(*opts, ",")
		vt, err = campaign.NewVC4Tools(root, w, filepath.Join(binDir, "vc4run"))
		check(err)
		vt.Keep = *keep
		switch *profile {
		case "classic":
		case "stress":
			vt.Stress = true
		default:
			check(fmt.Errorf("-profile: unknown profile %q (classic, stress)", *profile))
		}
	} else {
		t, err = campaign.NewTools(root, w, filepath.Join(binDir, "lltosimd"), filepath.Join(binDir, "cpu0sim"))
		check(err)
		t.LLITimeout, t.MaxSteps = *lliTimeout, *maxSteps
		t.BWDSPRun = filepath.Join(binDir, "bwdsprun")
	}
	cpuList := strings.Split(*cpus, ",")
	var csmithCPUs []string // the cpu0el CPUs of the csmith matrix
	runBWDSP := false
	for _, tg := range strings.Split(*targetList, ",") {
		switch tg {
		case "cpu0el":
			csmithCPUs = cpuList
		case "bwdsp":
			runBWDSP = true
		default:
			check(fmt.Errorf("-targets: unknown target %q (cpu0el, bwdsp)", tg))
		}
	}
	columns := slices.Clone(csmithCPUs) // the machines of the csmith table's title
	if runBWDSP {
		columns = append(columns, "bwdsp")
	}

	var mu sync.Mutex
	report := func(r campaign.Result) {
		if *verbose || r.Outcome == campaign.Mismatched || r.Outcome == campaign.Crashed {
			fmt.Fprintf(os.Stderr, "%-11s %s  %s\n", r.Outcome, r.Case, r.Reason)
			if r.Detail != "" && r.Outcome != campaign.Matched {
				fmt.Fprintf(os.Stderr, "    %s\n", strings.ReplaceAll(strings.TrimSpace(r.Detail), "\n", "\n    "))
			}
		}
	}
	began := time.Now()
	progress := func(tl *campaign.Tally) {
		if tl.Programs%25 == 0 {
			fmt.Fprintf(os.Stderr, "progress: %d/%d programs, %v\n", tl.Programs, *n, time.Since(began).Round(time.Second))
		}
	}
	var tallies []*campaign.Tally
	print := func() {}
	// An interrupted campaign still prints the table of the finished
	// programs (each program's cases are counted atomically under mu).
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		mu.Lock()
		print()
		fmt.Printf("\n%s campaign INTERRUPTED after %v (work dir %s)\n", mode, time.Since(began).Round(time.Second), w)
		os.Exit(3)
	}()
	switch mode {
	case "csmith":
		tl := campaign.NewTally(fmt.Sprintf("csmith seeds %d..%d × {%s} × {%s}", *start, *start+*n-1, *opts, strings.Join(columns, ",")))
		tallies = append(tallies, tl)
		mu.Lock()
		print = func() {
			tl.Print(os.Stdout, campaign.Matched, campaign.Mismatched, campaign.Crashed, campaign.Skipped, campaign.Unsupported)
		}
		mu.Unlock()
		campaign.Parallel(*n, *jobs, func(i int) {
			seed := *start + i
			cfg := campaign.CsmithConfig{Opts: strings.Split(*opts, ","), CPUs: csmithCPUs, BWDSP: runBWDSP, Keep: *keep,
				Host: *hostEvery > 0 && seed%*hostEvery == 0}
			rs := t.RunCsmith(seed, campaign.CsmithProfiles[(seed-1)%len(campaign.CsmithProfiles)], cfg)
			mu.Lock()
			defer mu.Unlock()
			tl.Programs++
			progress(tl)
			for _, r := range rs {
				tl.Add(r)
				report(r)
			}
		})
	case "stress":
		raw := campaign.NewTally(fmt.Sprintf("llvm-stress seeds %d..%d, raw modules", *start, *start+*n-1))
		ex := campaign.NewTally("llvm-stress, opt -O2 modules run against lli")
		rex := campaign.NewTally("llvm-stress, raw modules that compiled, run against lli")
		// rex does not decide the exit status: unmodified llvm-stress
		// modules are not UB-free (an 8-byte store into a 2-byte alloca,
		// say), so its differences are leads, printed for inspection.
		tallies = append(tallies, raw, ex)
		sz := strings.Split(*sizes, ",")
		mu.Lock()
		print = func() {
			raw.Print(os.Stdout, campaign.Unsupported, campaign.Crashed, campaign.Skipped)
			if *execute {
				ex.Print(os.Stdout, campaign.Matched, campaign.Mismatched, campaign.Crashed, campaign.Skipped, campaign.Unsupported)
				rex.Print(os.Stdout, campaign.Matched, campaign.Mismatched, campaign.Crashed, campaign.Skipped, campaign.Unsupported)
			}
		}
		mu.Unlock()
		campaign.Parallel(*n, *jobs, func(i int) {
			seed := *start + i
			var size int
			fmt.Sscan(sz[(seed-1)%len(sz)], &size)
			res := t.RunStress(seed, campaign.StressConfig{Size: size, CPU: cpuList[(seed-1)%len(cpuList)],
				Exec: *execute, ExecRaw: *execute, StepLimit: 2_000_000, Keep: *keep})
			mu.Lock()
			defer mu.Unlock()
			raw.Programs++
			progress(raw)
			raw.Add(res.Raw)
			report(res.Raw)
			if res.Exec != nil {
				ex.Programs++
				ex.Add(*res.Exec)
				report(*res.Exec)
			}
			if res.RawExec != nil {
				rex.Programs++
				rex.Add(*res.RawExec)
				report(*res.RawExec)
			}
		})
	case "cfg":
		tl := campaign.NewTally(fmt.Sprintf("random CFG seeds %d..%d × %d configurations", *start, *start+*n-1, len(campaign.CFGConfigs)))
		tallies = append(tallies, tl)
		mu.Lock()
		print = func() { tl.Print(os.Stdout, campaign.Matched, campaign.Mismatched, campaign.Crashed) }
		mu.Unlock()
		campaign.Parallel(*n, *jobs, func(i int) {
			rs := t.RunCFG(int64(*start+i), campaign.CFGConfigs)
			mu.Lock()
			defer mu.Unlock()
			tl.Programs++
			progress(tl)
			for _, r := range rs {
				tl.Add(r)
				report(r)
			}
		})
	case "vc4":
		tl := campaign.NewTally(fmt.Sprintf("VC4 kernels seeds %d..%d × {%s} × QPUs %v × 2 shapes (every %dth seed: + __local variant)",
			*start, *start+*n-1, strings.Join(campaign.VC4FuzzOpts, ","), campaign.VC4FuzzQPUs, campaign.VC4LocalEvery))
		if vt.Stress {
			tl.Title = fmt.Sprintf("VC4 stress kernels seeds %d..%d × {%s} × QPUs %v × 2 shapes (even seeds: __local + barrier)",
				*start, *start+*n-1, strings.Join(campaign.VC4FuzzOpts, ","), campaign.VC4FuzzQPUs)
		}
		tallies = append(tallies, tl)
		mu.Lock()
		print = func() {
			tl.Print(os.Stdout, campaign.Matched, campaign.Mismatched, campaign.Crashed, campaign.Unsupported, campaign.Skipped)
		}
		mu.Unlock()
		var fileList []string
		if *files != "" {
			fileList = strings.Split(*files, ",")
			*n = len(fileList)
			tl.Title = fmt.Sprintf("VC4 kernel files × {%s} × their headers' QPU counts", strings.Join(campaign.VC4FuzzOpts, ","))
		}
		campaign.Parallel(*n, *jobs, func(i int) {
			var rs []campaign.Result
			if fileList != nil {
				rs = vt.RunFile(filepath.Base(fileList[i]), fileList[i])
			} else {
				rs = vt.RunVC4(int64(*start + i))
			}
			mu.Lock()
			defer mu.Unlock()
			tl.Programs++
			progress(tl)
			for _, r := range rs {
				tl.Add(r)
				report(r)
			}
		})
	}
	mu.Lock()
	print()
	fmt.Printf("\n%s campaign: %d seeds in %v (work dir %s)\n", mode, *n, time.Since(began).Round(time.Second), w)
	for _, tl := range tallies {
		if tl.By[campaign.Mismatched]+tl.By[campaign.Crashed] > 0 {
			os.Exit(1)
		}
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "campaign:", err)
		os.Exit(2)
	}
}
