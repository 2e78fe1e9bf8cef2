package campaign

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// CsmithProfile is one csmith configuration.
type CsmithProfile struct {
	Name  string
	Flags []string
}

// CsmithBaseFlags are always passed to csmith: no packed structs unless a
// profile asks for them (csmith's last flag wins), no floats (the Cpu0
// runtime has no soft-float), and main(void) so that lli and cpu0sim run
// the same code path without arguments.
var CsmithBaseFlags = []string{"--no-packed-struct", "--no-float", "--no-argc"}

// CsmithProfiles are the generator configurations; program i of a campaign
// uses profile i mod len. Packed structs with bit-fields make clang access
// bit-field storage as odd-width integers (i72, i120 …) with byte
// alignment: the frontend's wide integers and split unaligned accesses.
var CsmithProfiles = []CsmithProfile{
	{"default", nil},
	{"no-longlong", []string{"--no-longlong"}},
	{"packed-bitfields", []string{"--packed-struct", "--bitfields"}},
}

// ClangFlags are the flags every clang-14 compilation of a test program gets
// (those of tests/exec): freestanding, the repository's minimal libc headers,
// no vectorizers (x86-64 host IR would become SSE vector IR).
var ClangFlags = []string{"-ffreestanding", "-fno-builtin", "-fno-vectorize",
	"-fno-slp-vectorize", "-nostdlibinc", "-w", "-S", "-emit-llvm"}

// Triples of the compiled variants; the reference is always lli on the
// host-triple IR. csmith writes programs for the host's data model (LP64:
// 64-bit long and pointers); under the mipsel triple (ILP32) some of them
// legitimately compute something else, e.g. `int64_t g = ~(x & 1UL)` is
// 0xFFFFFFFE there. RunCsmith detects those programs (see dataModel) and
// runs their host-triple IR instead, which is exactly the IR lli runs.
const (
	TripleMipsel = "mipsel-unknown-linux-gnu"
	TripleHost   = "" // clang's default
)

// CsmithConfig selects the matrix of one csmith program.
type CsmithConfig struct {
	Opts []string // "O0", "O2"
	CPUs []string // "cpu032I", "cpu032II"
	// BWDSP also runs the mipsel IR (and the host IR, with Host) compiled
	// with -march=bwdsp on bwdsprun (Tools.BWDSPRun).
	BWDSP bool
	Host  bool // also compile the host-triple IR for cpu0el
	Keep  bool // keep the files of matched programs
}

// csmithInclude returns the -I flags for csmith programs: the Cpu0 C
// library's headers (runtime/include), then csmith.h.
func (t *Tools) csmithInclude() []string {
	return []string{"-I", filepath.Join(t.Root, "runtime", "include"),
		"-I", t.CsmithInclude}
}

// GenerateCsmith writes csmith program seed under profile p to dir and
// returns its path.
func (t *Tools) GenerateCsmith(dir string, seed int, p CsmithProfile) (string, error) {
	src := filepath.Join(dir, fmt.Sprintf("csmith-%d-%s.c", seed, p.Name))
	args := append([]string{"--seed", strconv.Itoa(seed), "-o", src}, CsmithBaseFlags...)
	args = append(args, p.Flags...)
	_, stderr, code, to, err := run(t.CompileTimeout, dir, t.Csmith, args...)
	switch {
	case err != nil:
		return "", err
	case to:
		return "", fmt.Errorf("csmith timeout")
	case code != 0:
		return "", fmt.Errorf("csmith exit %d: %s", code, firstLine(stderr))
	}
	return src, nil
}

// clangIR compiles a C file for triple at opt with extra flags.
func (t *Tools) clangIR(src, out, triple, opt string, extra ...string) error {
	args := append([]string{"-" + opt}, ClangFlags...)
	if triple != "" {
		args = append(args, "--target="+triple)
	}
	args = append(append(args, extra...), "-o", out, src)
	_, stderr, code, to, err := run(t.CompileTimeout, filepath.Dir(out), t.Clang, args...)
	switch {
	case err != nil:
		return err
	case to:
		return fmt.Errorf("clang timeout")
	case code != 0:
		return fmt.Errorf("clang exit %d: %s", code, firstLine(stderr))
	}
	return nil
}

// misalignedUB reports whether a program makes a misaligned access, as a
// native build with UBSan's alignment check sees it. csmith takes the
// addresses of packed-struct members freely; dereferencing them is UB that
// x86 (lli) forgives and a strict-alignment target does not (clang even
// claims the member type's natural alignment for such accesses).
func (t *Tools) misalignedUB(dir, src string) bool {
	exe := filepath.Join(dir, "native-ubsan")
	defer os.Remove(exe)
	_, _, code, to, err := run(t.CompileTimeout, dir, t.Clang, "-m32", "-O0", "-w", "-fsanitize=alignment",
		"-fno-sanitize-recover=alignment", "-I", t.CsmithInclude, "-o", exe, src)
	if err != nil || to || code != 0 {
		return false
	}
	_, stderr, _, _, _ := run(t.LLITimeout, dir, exe)
	return strings.Contains(stderr, "misaligned address")
}

// reference runs lli on ll. skip is non-empty when no reference exists.
func (t *Tools) reference(ll string, timeout time.Duration) (stdout string, code int, skip string) {
	stdout, stderr, code, to, err := run(timeout, filepath.Dir(ll), t.LLI, ll)
	switch {
	case err != nil:
		return "", 0, "lli: " + err.Error()
	case to:
		return "", 0, fmt.Sprintf("lli timeout (%v)", timeout)
	case code != 0 && stderr != "":
		return "", 0, "lli error: " + firstLine(stderr)
	}
	return stdout, code, ""
}

// RunCsmith generates csmith program seed and runs its whole matrix. All
// files live in a per-program directory under t.Work, removed when every
// case matched (unless cfg.Keep).
func (t *Tools) RunCsmith(seed int, p CsmithProfile, cfg CsmithConfig) (results []Result) {
	name := fmt.Sprintf("csmith seed=%d %s", seed, p.Name)
	dir := filepath.Join(t.Work, fmt.Sprintf("csmith-%d-%s", seed, p.Name))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return []Result{{Case: name, Outcome: Crashed, Reason: "work dir: " + err.Error()}}
	}
	type variant struct{ name, triple, note string }
	variants := []variant{{"mipsel", TripleMipsel, ""}}
	if cfg.Host {
		variants = append(variants, variant{"host", TripleHost, ""})
	}
	// machines are the (march, cpu) pairs every IR variant runs on.
	type machine struct{ march, cpu string }
	var machines []machine
	for _, cpu := range cfg.CPUs {
		machines = append(machines, machine{"cpu0el", cpu})
	}
	if cfg.BWDSP {
		machines = append(machines, machine{"bwdsp", ""})
	}
	label := func(m machine) string {
		if m.march == "bwdsp" {
			return "bwdsp"
		}
		return m.cpu
	}
	ncases := len(cfg.Opts) * len(machines) * len(variants)
	all := func(o Outcome, reason, detail string) []Result {
		rs := make([]Result, ncases)
		for i := range rs {
			rs[i] = Result{Case: name, Outcome: o, Reason: reason, Detail: detail}
		}
		return rs
	}
	src, err := t.GenerateCsmith(dir, seed, p)
	if err != nil {
		os.RemoveAll(dir)
		return all(Skipped, "generator failed: "+err.Error(), "")
	}
	if slices.Contains(p.Flags, "--packed-struct") && t.misalignedUB(dir, src) {
		return all(Skipped, "UB: misaligned access (UBSan -fsanitize=alignment)", "")
	}
	// The data-model check runs once, lazily: only programs with an lli
	// reference pay for the two native builds.
	dmChecked, dmDep, dmWhy := false, false, ""
	for _, opt := range cfg.Opts {
		per := len(machines) * len(variants)
		hostLL := filepath.Join(dir, "host."+opt+".ll")
		if err := t.clangIR(src, hostLL, TripleHost, opt, t.csmithInclude()...); err != nil {
			results = append(results, all(Skipped, "clang failed", err.Error())[:per]...)
			continue
		}
		want, wantCode, skip := t.reference(hostLL, t.LLITimeout)
		if skip == "" && !strings.Contains(want, "checksum = ") {
			skip = "lli printed no checksum"
		}
		if skip != "" {
			rs := all(Skipped, skip, "")[:per]
			for i := range rs {
				rs[i].Case = name + " " + opt
			}
			results = append(results, rs...)
			continue
		}
		for _, v := range variants {
			if v.triple == TripleMipsel {
				if !dmChecked {
					dmChecked = true
					dmDep, dmWhy = t.dataModel(dir, src)
				}
				if dmDep && cfg.Host {
					// The host cases of this program exist already.
					for _, mc := range machines {
						results = append(results, Result{Case: fmt.Sprintf("%s %s %s %s", name, opt, v.name, label(mc)),
							Outcome: Skipped, Reason: "data model: ILP32 output differs from LP64", Detail: dmWhy})
					}
					continue
				}
				if dmDep {
					v = variant{"host", TripleHost, "data model: ran host IR (ILP32 output differs from LP64)"}
				}
			}
			ll := hostLL
			if v.triple != TripleHost {
				ll = filepath.Join(dir, v.name+"."+opt+".ll")
				if err := t.clangIR(src, ll, v.triple, opt, t.csmithInclude()...); err != nil {
					for range machines {
						results = append(results, Result{Case: name + " " + opt + " " + v.name, Outcome: Skipped, Reason: "clang failed", Detail: err.Error()})
					}
					continue
				}
			}
			for _, mc := range machines {
				c := fmt.Sprintf("%s %s %s %s", name, opt, v.name, label(mc))
				r := t.compileAndRun(c, ll, mc.march, mc.cpu, opt, want, wantCode, src)
				r.Note = v.note
				results = append(results, r)
			}
		}
	}
	clean := !cfg.Keep
	for _, r := range results {
		if r.Outcome == Mismatched || r.Outcome == Crashed {
			clean = false
		}
	}
	if clean {
		os.RemoveAll(dir)
	}
	return results
}

// compileAndRun compiles ll for march/cpu, runs it with extra assembly files
// and compares with the reference.
func (t *Tools) compileAndRun(name, ll, march, cpu, opt, want string, wantCode int, src string, extra ...string) Result {
	r := Result{Case: name, Files: []string{src, ll}}
	asm := strings.TrimSuffix(ll, ".ll") + "." + cmp.Or(cpu, march) + ".s"
	if kind, msg := t.lltosimd(ll, asm, march, cpu, llcOpt(opt)); kind != "" {
		r.Outcome, r.Detail = Crashed, msg
		switch kind {
		case "unsupported":
			r.Outcome, r.Reason = Unsupported, "unsupported: "+unsupportedConstruct(msg)
		case "ice":
			r.Reason = "lltosimd ICE: " + iceKind(msg)
		default:
			r.Reason = "lltosimd error: " + firstLine(msg)
		}
		return r
	}
	r.Compiled = true
	r.Files = append(r.Files, asm)
	got, code, skip, crash, detail := t.simulate(march, cpu, t.MaxSteps, append([]string{asm}, extra...)...)
	switch {
	case skip != "":
		r.Outcome, r.Reason, r.Detail = Skipped, skip, detail
		return r
	case crash != "":
		r.Outcome, r.Reason, r.Detail = Crashed, crash, detail
		return r
	}
	r.Ran = true
	if got == want && code == wantCode {
		r.Outcome = Matched
		return r
	}
	r.Outcome = Mismatched
	r.Reason = "output differs"
	if got == want {
		r.Reason = fmt.Sprintf("exit code %d, want %d", code, wantCode)
	}
	r.Detail = fmt.Sprintf("want (lli):\n%s(exit %d)\ngot (%s):\n%s(exit %d)", tail(want), wantCode, simName(march), tail(got), code)
	return r
}

// iceKind shortens an internal-compiler-error message to its panic value.
func iceKind(msg string) string {
	l := firstLine(msg)
	if i := strings.Index(l, "internal compiler error"); i >= 0 {
		l = l[i:]
		if j := strings.Index(l, ": "); j >= 0 {
			if k := strings.Index(l[j+2:], ": "); k >= 0 {
				return l[j+2+k+2:]
			}
		}
	}
	return l
}

// tail returns the last lines of s (checksum output is at the end).
func tail(s string) string {
	lines := strings.SplitAfter(s, "\n")
	if len(lines) > 6 {
		lines = lines[len(lines)-6:]
	}
	return strings.Join(lines, "")
}

// llcOpt maps a clang optimisation level to lltosimd's (llc's) -O0..3.
func llcOpt(opt string) string {
	if opt == "Os" || opt == "Oz" {
		return "O2"
	}
	return opt
}

// dataModel reports whether csmith program src prints something else when
// built for ILP32 than for LP64, by building and running it natively with
// clang -m32 and -m64 (system headers, -O0). why describes the difference.
// A program whose native runs fail or time out counts as independent: the
// lli reference then decides, as for every other program.
func (t *Tools) dataModel(dir, src string) (dependent bool, why string) {
	var outs [2]string
	for i, m := range []string{"-m32", "-m64"} {
		exe := filepath.Join(dir, "native"+m)
		_, _, code, to, err := run(t.CompileTimeout, dir, t.Clang, m, "-O0", "-w", "-I", t.CsmithInclude, "-o", exe, src)
		if err != nil || to || code != 0 {
			return false, ""
		}
		out, _, code, to, err := run(t.LLITimeout, dir, exe)
		os.Remove(exe)
		if err != nil || to || code != 0 {
			return false, ""
		}
		outs[i] = out
	}
	if outs[0] == outs[1] {
		return false, ""
	}
	return true, fmt.Sprintf("clang -m32 prints:\n%sclang -m64 prints:\n%s", tail(outs[0]), tail(outs[1]))
}

// simName names the simulator that runs march's programs.
func simName(march string) string {
	if march == "bwdsp" {
		return "bwdsprun"
	}
	return "cpu0sim"
}
