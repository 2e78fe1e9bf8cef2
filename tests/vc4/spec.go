// Package vc4test is the VC4 execution-test corpus: OpenCL C kernels in
// kernels/ run on bin/vc4run (compiled from the spir IR of each kernel) and
// on lli (the same kernel compiled for the host, linked with the reference
// driver in ref/). Their printed buffers must agree bit for bit, or within
// the ulp tolerance a kernel declares for its float buffers.
//
// Every kernel file carries one or more run headers:
//
//	// VC4: kind=divergent global=64 local=16 qpus=1,4 ulp=3 args=int:64:seq,i32:5
//
// global, local (default 16) and qpus (default 1) give the launch shape;
// args lists one vc4run -arg SPEC per kernel parameter in order; kind
// (uniform or divergent, for the report) says whether the inputs make the
// lanes' control flow diverge; ulp (default 0) is the tolerance for float
// buffers; kernel= names the kernel when the file defines several;
// round=rtz runs the reference with floats rounded toward zero, as the
// QPU's float adder and multiplier round (the default is round=nearest, the
// IEEE default that LLVM IR assumes); triple=host gives vc4run the kernel
// compiled for the host triple (x86_64: size_t and the work-item functions
// are i64, pointers 64-bit in memory), the very IR the lli reference runs,
// instead of the default triple=spir. strict=1 runs the line only on its
// own qpus= counts (LLTOSIMD_VC4_QPUS and the benchmark skip the others):
// for outputs that depend on the order in which waves run (the values
// atomics return, compared on one QPU) and for launches that need that
// many QPUs (work-groups of several waves synchronizing at barriers).
//
// The lli reference runs the work-items one after another in global id
// order while the QPUs run 16 lanes at once, so a corpus kernel must be
// race-free (a work-item writes only elements no other work-item reads or
// writes) and free of undefined behaviour (signed overflow, division by
// zero, INT_MIN / -1, out-of-range float to int conversion, out-of-bounds
// accesses: the driver's guard words catch the latter). Float kernels avoid
// denormals, NaNs and infinities, whose QPU behaviour §10 of the VC4 spec
// leaves open. Buffers are int/uint/float only (vc4run's -arg kinds).
//
// Tests: TestCorpus (headers, spir compilation), TestDriverInit (the C
// driver's -arg handling against InitWords), TestReference (lli alone:
// well-formed, deterministic, -O0 = -O2) and TestVC4 (vc4run against lli
// for every kernel × -O0/-O2 × header line × QPU count). Environment:
// CLANG, LLVM_LINK and LLI override tool paths, LLTOSIMD_VC4_QPUS (e.g.
// 1,3,12) replaces every header's QPU counts in TestVC4, LLTOSIMD_BIN_DIR names a
// directory holding a prebuilt vc4run, LLTOSIMD_VC4_TIMEOUT bounds one
// vc4run (default 20s). go test ./tests/vc4 -args -vc4report=FILE writes
// the statistics table of scripts/vc4-report.sh.
package vc4test

import (
	"fmt"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// ArgKind is the kind of one kernel argument spec.
type ArgKind int

// The argument kinds of vc4run's -arg specs.
const (
	IntBuf   ArgKind = iota // int:COUNT:INIT
	FloatBuf                // float:COUNT:INIT
	I32                     // i32:VALUE
	F32                     // f32:VALUE
)

// argPrefixes maps each spec prefix to its kind; a comma-separated token of
// a header's args= that starts with none of them continues a list: init.
var argPrefixes = []struct {
	prefix string
	kind   ArgKind
}{
	{"int:", IntBuf}, {"float:", FloatBuf}, {"i32:", I32}, {"f32:", F32},
}

// Arg is one kernel argument: its vc4run spec and what it denotes.
type Arg struct {
	Spec  string
	Kind  ArgKind
	Count int    // buffer length in 32-bit words (buffers only)
	Init  string // buffer INIT part (buffers only)
}

// IsBuffer reports whether the argument is a buffer (printed by vc4run).
func (a Arg) IsBuffer() bool { return a.Kind == IntBuf || a.Kind == FloatBuf }

// Run is one header line of a kernel file: one launch to compare.
type Run struct {
	File   string // kernel file path
	Line   int    // 1-based line of the header
	Kernel string // kernel function name
	Kind   string // "uniform" or "divergent"
	Global int
	Local  int
	QPUs   []int
	ULP    int
	RTZ    bool // reference rounds floats toward zero (round=rtz)
	Host   bool // vc4run runs the host-triple IR of the reference (triple=host)
	Strict bool // run only on the header's QPU counts (strict=1)
	Args   []Arg
}

// Label names the run in test names and the report: "L3" for line 3.
func (r *Run) Label() string { return fmt.Sprintf("L%d", r.Line) }

// ArgStrings returns the -arg specs in parameter order.
func (r *Run) ArgStrings() []string {
	s := make([]string, len(r.Args))
	for i, a := range r.Args {
		s[i] = a.Spec
	}
	return s
}

var kernelDecl = regexp.MustCompile(`(?m)^\s*(?:__kernel|kernel)\s+void\s+(\w+)\s*\(`)

// ParseKernelFile reads the run headers of one kernel file.
func ParseKernelFile(path string) ([]*Run, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, m := range kernelDecl.FindAllStringSubmatch(string(src), -1) {
		names = append(names, m[1])
	}
	var runs []*Run
	for i, line := range strings.Split(string(src), "\n") {
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), "// VC4:")
		if !ok {
			continue
		}
		r, err := parseHeader(rest, names)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
		}
		r.File, r.Line = path, i+1
		runs = append(runs, r)
	}
	if len(runs) == 0 {
		return nil, fmt.Errorf("%s: no `// VC4:` run header", path)
	}
	return runs, nil
}

// parseHeader parses the key=value fields after "// VC4:".
func parseHeader(s string, kernels []string) (*Run, error) {
	r := &Run{Local: 16, QPUs: []int{1}}
	seen := map[string]bool{}
	for _, field := range strings.Fields(s) {
		key, val, ok := strings.Cut(field, "=")
		if !ok || val == "" {
			return nil, fmt.Errorf("field %q is not key=value", field)
		}
		if seen[key] {
			return nil, fmt.Errorf("duplicate field %q", key)
		}
		seen[key] = true
		var err error
		switch key {
		case "kind":
			if val != "uniform" && val != "divergent" {
				return nil, fmt.Errorf("kind must be uniform or divergent, not %q", val)
			}
			r.Kind = val
		case "kernel":
			r.Kernel = val
		case "round":
			if val != "nearest" && val != "rtz" {
				return nil, fmt.Errorf("round must be nearest or rtz, not %q", val)
			}
			r.RTZ = val == "rtz"
		case "triple":
			if val != "spir" && val != "host" {
				return nil, fmt.Errorf("triple must be spir or host, not %q", val)
			}
			r.Host = val == "host"
		case "strict":
			if val != "1" {
				return nil, fmt.Errorf("strict must be 1, not %q", val)
			}
			r.Strict = true
		case "global":
			r.Global, err = positive(key, val)
		case "local":
			r.Local, err = positive(key, val)
		case "ulp":
			r.ULP, err = strconv.Atoi(val)
			if err == nil && r.ULP < 0 {
				err = fmt.Errorf("ulp must not be negative")
			}
		case "qpus":
			r.QPUs = nil
			for _, q := range strings.Split(val, ",") {
				n, err := positive(key, q)
				if err != nil {
					return nil, err
				}
				r.QPUs = append(r.QPUs, n)
			}
		case "args":
			r.Args, err = parseArgs(val)
		default:
			return nil, fmt.Errorf("unknown field %q", key)
		}
		if err != nil {
			return nil, err
		}
	}
	switch {
	case r.Kind == "":
		return nil, fmt.Errorf("missing kind=uniform|divergent")
	case r.Global == 0:
		return nil, fmt.Errorf("missing global=")
	case r.Global%r.Local != 0:
		return nil, fmt.Errorf("global=%d is not a multiple of local=%d", r.Global, r.Local)
	case len(r.Args) == 0:
		return nil, fmt.Errorf("missing args=")
	}
	if r.Kernel == "" {
		if len(kernels) != 1 {
			return nil, fmt.Errorf("file defines %d kernels %v: say kernel=NAME", len(kernels), kernels)
		}
		r.Kernel = kernels[0]
	}
	return r, nil
}

func positive(key, val string) (int, error) {
	n, err := strconv.Atoi(val)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%s=%q: want a positive integer", key, val)
	}
	return n, nil
}

// parseArgs splits args=SPEC,SPEC,... where list: inits contain commas too:
// a token that starts no spec continues the previous one.
func parseArgs(s string) ([]Arg, error) {
	var args []Arg
	for _, tok := range strings.Split(s, ",") {
		kind, ok := ArgKind(-1), false
		for _, p := range argPrefixes {
			if strings.HasPrefix(tok, p.prefix) {
				kind, ok = p.kind, true
				break
			}
		}
		if !ok {
			if len(args) == 0 || !strings.Contains(args[len(args)-1].Init, "list:") {
				return nil, fmt.Errorf("argument %q: want int:, float:, i32: or f32:", tok)
			}
			args[len(args)-1].Spec += "," + tok
			args[len(args)-1].Init += "," + tok
			continue
		}
		a := Arg{Spec: tok, Kind: kind}
		if a.IsBuffer() {
			_, rest, _ := strings.Cut(tok, ":")
			count, init, ok := strings.Cut(rest, ":")
			n, err := strconv.Atoi(count)
			if !ok || err != nil || n <= 0 {
				return nil, fmt.Errorf("buffer %q: want TYPE:COUNT:INIT", tok)
			}
			a.Count, a.Init = n, init
		}
		args = append(args, a)
	}
	for i, a := range args {
		if a.IsBuffer() {
			if _, err := InitWords(a); err != nil {
				return nil, fmt.Errorf("arg %d: %v", i, err)
			}
		} else if _, err := ScalarBits(a); err != nil {
			return nil, fmt.Errorf("arg %d: %v", i, err)
		}
	}
	return args, nil
}

// InitWords computes a buffer's initial contents per the vc4run contract.
// It is an independent second implementation of what ref/vc4ref.c does;
// TestDriverInit checks that the two agree.
func InitWords(a Arg) ([]uint32, error) {
	w := make([]uint32, a.Count)
	isFloat := a.Kind == FloatBuf
	num := func(s string) (uint32, error) {
		if isFloat {
			f, err := strconv.ParseFloat(s, 32)
			return math.Float32bits(float32(f)), err
		}
		return parseInt32(s)
	}
	switch {
	case a.Init == "zero":
	case a.Init == "seq" || strings.HasPrefix(a.Init, "seq:"):
		start, step := "0", "1"
		if a.Init != "seq" {
			var ok bool
			start, step, ok = strings.Cut(strings.TrimPrefix(a.Init, "seq:"), ":")
			if !ok {
				return nil, fmt.Errorf("%q: want seq:A:B", a.Spec)
			}
		}
		if isFloat {
			// A + i*B in float64, rounded once to float32.
			s, err1 := strconv.ParseFloat(start, 64)
			d, err2 := strconv.ParseFloat(step, 64)
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("%q: bad seq bounds", a.Spec)
			}
			for i := range w {
				prod := float64(float64(i) * d) // explicit: no fused multiply-add
				w[i] = math.Float32bits(float32(s + prod))
			}
			break
		}
		s, err1 := num(start)
		d, err2 := num(step)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%q: bad seq bounds", a.Spec)
		}
		for i := range w {
			w[i] = s + uint32(i)*d
		}
	case strings.HasPrefix(a.Init, "rand:"):
		x, err := parseInt32(strings.TrimPrefix(a.Init, "rand:"))
		if err != nil {
			return nil, fmt.Errorf("%q: bad seed", a.Spec)
		}
		for i := range w {
			x = (x*1103515245 + 12345) & 0x7fffffff
			if isFloat {
				w[i] = math.Float32bits(float32(x>>8) / 65536)
			} else {
				w[i] = x >> 8
			}
		}
	case strings.HasPrefix(a.Init, "list:"):
		vals := strings.Split(strings.TrimPrefix(a.Init, "list:"), ",")
		if len(vals) != a.Count {
			return nil, fmt.Errorf("%q: list has %d values, COUNT is %d", a.Spec, len(vals), a.Count)
		}
		for i, v := range vals {
			n, err := num(v)
			if err != nil {
				return nil, fmt.Errorf("%q: bad value %q", a.Spec, v)
			}
			w[i] = n
		}
	default:
		return nil, fmt.Errorf("%q: unknown INIT (want zero, seq, seq:A:B, rand:SEED or list:...)", a.Spec)
	}
	return w, nil
}

// ScalarBits returns the 32-bit pattern of an i32: or f32: argument.
func ScalarBits(a Arg) (uint32, error) {
	_, val, _ := strings.Cut(a.Spec, ":")
	if a.Kind == F32 {
		f, err := strconv.ParseFloat(val, 32)
		if err != nil {
			return 0, fmt.Errorf("%q: bad float", a.Spec)
		}
		return math.Float32bits(float32(f)), nil
	}
	v, err := parseInt32(val)
	if err != nil {
		return 0, fmt.Errorf("%q: bad integer", a.Spec)
	}
	return v, nil
}

// parseInt32 accepts decimal values from -2^31 to 2^32-1 (two's complement).
func parseInt32(s string) (uint32, error) {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v < math.MinInt32 || v > math.MaxUint32 {
		return 0, fmt.Errorf("integer %q out of range", s)
	}
	return uint32(v), nil
}
