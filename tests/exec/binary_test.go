package exec

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"lltosimd/tests/internal/testtools"
)

// binaryPrograms is the slice of the corpus the binary-output test runs:
// calls into the runtime, globals and pointers in data, rodata tables,
// function pointers, i64 helpers and a switch.
var binaryPrograms = []string{"hello", "globals_init", "global_pointers", "const_tables",
	"funcptr_table", "int64_divmod", "switch_dense", "strings_basic", "ch8_select",
	"computed_goto", "constructors"} // block symbols in data, .set aliases

// simRun is one cpu0sim run: output, exit code and -stats counts.
type simRun struct {
	stdout, stats string
	code          int
}

func (h *harness) sim(args ...string) (simRun, error) {
	stdout, stderr, code, err := testtools.Run(nil, h.cpu0sim, append([]string{"-stats", "-max-steps", maxSteps}, args...)...)
	if err != nil {
		return simRun{}, fmt.Errorf("cpu0sim %s: %v\n%s", strings.Join(args, " "), err, stderr)
	}
	if !strings.HasPrefix(stderr, "instructions:") {
		return simRun{}, fmt.Errorf("cpu0sim %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
	}
	return simRun{stdout, stderr, code}, nil
}

// lltosimd runs the compiler and fails on a non-zero exit.
func (h *harness) lltosimdRun(args ...string) (string, error) {
	stdout, stderr, code, err := testtools.Run(nil, h.lltosimd, append([]string{testtools.Verify}, args...)...)
	if err != nil || code != 0 {
		return "", fmt.Errorf("lltosimd %s: exit %d %v\n%s", strings.Join(args, " "), code, err, stderr)
	}
	return stdout, nil
}

// objects compiles .ll files to .o files next to them (the hand-written
// runtime assembly stays assembly: cpu0sim takes both).
func (h *harness) objects(v variant, cpu string, files []string) ([]string, error) {
	var out []string
	for _, f := range files {
		if !strings.HasSuffix(f, ".s") || h.handWritten(f) {
			out = append(out, f)
			continue
		}
		ll, o := strings.TrimSuffix(f, ".s")+".ll", strings.TrimSuffix(f, ".s")+".o"
		if _, err := os.Stat(ll); err != nil {
			return nil, fmt.Errorf("no IR next to %s", f)
		}
		if _, err := h.lltosimdRun(append([]string{"-march=" + v.march, "-mcpu=" + cpu, "-O2", "-filetype=obj", "-o", o, ll}, v.lflags...)...); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

// TestBinaryOutputs runs programs three ways — from assembly text, from
// ELF objects (-filetype=obj, runtime included) and from the linked hex
// image with its cpu0.config — and requires identical output, exit code
// and instruction and cycle counts, equal to lli's. Every object must be
// read by llvm-readelf without complaint, and its disassembly must list
// the instructions of the assembly. It runs a slice of the corpus;
// LLTOSIMD_BINARY_FULL=1 runs all of it.
func TestBinaryOutputs(t *testing.T) {
	h := newHarness(t)
	readelf := testtools.Tool(t, "LLVM_READELF", "llvm-readelf")
	names := binaryPrograms
	if os.Getenv("LLTOSIMD_BINARY_FULL") != "" {
		names = nil
		for _, src := range mipsPrograms(t) {
			names = append(names, strings.TrimSuffix(filepath.Base(src), ".c"))
		}
	}
	for _, name := range names {
		src := filepath.Join("c", name+".c")
		if _, err := os.Stat(src); err != nil {
			t.Errorf("corpus program %s is missing", name)
			continue
		}
		// mipsel → cpu0el, mips → cpu0, and PIC with small data.
		for _, v := range append(variants[:2:2], variantNamed(t, "mips-pic")) {
			for _, cpu := range cpus {
				t.Run(fmt.Sprintf("%s/%s-%s", name, v.name, cpu), func(t *testing.T) {
					t.Parallel()
					if err := h.binaryCase(src, v, cpu, readelf); err != nil {
						t.Error(err)
					}
				})
			}
		}
	}
}

func (h *harness) binaryCase(src string, v variant, cpu, readelf string) error {
	const opt = "O2"
	want, err := h.reference(src, opt)
	if err != nil {
		return err
	}
	ll, err := h.clangIR(src, v.triple, opt)
	if err != nil {
		return err
	}
	rt, err := h.runtimeFiles(v, cpu)
	if err != nil {
		return err
	}
	base := strings.TrimSuffix(ll, ".ll") + "." + v.name + "." + v.march + "." + cpu
	s, o, hex := base+".s", base+".o", base+".hex"
	common := append([]string{"-march=" + v.march, "-mcpu=" + cpu, "-" + opt}, v.lflags...)
	if _, err := h.lltosimdRun(append(common, "-o", s, ll)...); err != nil {
		return err
	}
	if _, err := h.lltosimdRun(append(common, "-filetype=obj", "-o", o, ll)...); err != nil {
		return err
	}
	if _, stderr, code, err := testtools.Run(nil, readelf, "-h", "-S", "-r", "-s", o); err != nil || code != 0 || stderr != "" {
		return fmt.Errorf("llvm-readelf %s: exit %d %v\n%s", o, code, err, stderr)
	}
	if err := h.checkDisassembly(v, s, o); err != nil {
		return err
	}
	rtObjs, err := h.objects(v, cpu, rt)
	if err != nil {
		return err
	}
	simArgs := []string{"-mcpu=" + cpu}
	if v.march == "cpu0el" {
		simArgs = append(simArgs, "-el")
	}
	fromAsm, err := h.sim(append(append(append(simArgs, "-hex", hex), s), rt...)...)
	if err != nil {
		return err
	}
	fromObj, err := h.sim(append(append(simArgs, o), rtObjs...)...)
	if err != nil {
		return err
	}
	fromHex, err := h.sim("-mcpu="+cpu, "-image", hex, "-config", base+".config")
	if err != nil {
		return err
	}
	if fromAsm.stdout != want.stdout || fromAsm.code != want.code {
		return fmt.Errorf("from assembly: exit %d, want %d (lli)\n%s", fromAsm.code, want.code, diff(want.stdout, fromAsm.stdout))
	}
	for what, r := range map[string]simRun{"ELF objects": fromObj, "the hex image": fromHex} {
		if r != fromAsm {
			return fmt.Errorf("running from %s differs from running the assembly:\nexit %d vs %d\nstats %q vs %q\n%s",
				what, r.code, fromAsm.code, r.stats, fromAsm.stats, diff(fromAsm.stdout, r.stdout))
		}
	}
	return nil
}

var (
	asmInstr = regexp.MustCompile(`^\t([a-z][a-z0-9]*)(\t|$)`)
	disInstr = regexp.MustCompile(`^ *[0-9a-f]+:\t(?:[0-9a-f]{2} ){3}[0-9a-f]{2}\t([a-z][a-z0-9]*)(\t|$)`)
)

// directiveInstrs are the instructions the assembler expands directives to
// (PIC, docs/cpu0-pic.md).
var directiveInstrs = map[string][]string{".cpload": {"lui", "ori", "addu"}, ".cprestore": {"st"}}

// variantNamed returns the variant called name.
func variantNamed(t *testing.T, name string) variant {
	for _, v := range variants {
		if v.name == name {
			return v
		}
	}
	t.Fatalf("no variant %s", name)
	return variant{}
}

// checkDisassembly compares the instruction mnemonics of the assembly
// file with those lltosimd -disassemble finds in the object's .text.
func (h *harness) checkDisassembly(v variant, s, o string) error {
	text, err := os.ReadFile(s)
	if err != nil {
		return err
	}
	var want []string
	for _, line := range strings.Split(string(text), "\n") {
		if m := asmInstr.FindStringSubmatch(line); m != nil {
			want = append(want, m[1])
		}
		if d := strings.Fields(line); len(d) > 0 {
			want = append(want, directiveInstrs[d[0]]...)
		}
	}
	dis, err := h.lltosimdRun("-march="+v.march, "-disassemble", o)
	if err != nil {
		return err
	}
	var got []string
	for _, line := range strings.Split(dis, "\n") {
		if strings.HasPrefix(line, "Disassembly of section") && !strings.HasSuffix(line, ".text:") {
			break
		}
		if m := disInstr.FindStringSubmatch(line); m != nil {
			got = append(got, m[1])
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		return fmt.Errorf("lltosimd -disassemble %s: instructions differ from %s:\n got %v\nwant %v", o, s, got, want)
	}
	return nil
}
