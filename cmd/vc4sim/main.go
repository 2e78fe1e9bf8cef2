// Command vc4sim assembles a VideoCore IV QPU program (vc4asm syntax) or
// loads raw instruction words, sets up memory buffers and uniform streams,
// runs it on N simulated QPUs and prints the buffers and statistics.
//
//	vc4sim [flags] kernel.s
//	vc4sim -raw [flags] kernel.bin       (little-endian 64-bit words)
//	vc4sim -d kernel.s                   (print the disassembly)
//	vc4sim -trace ...                    (trace executed instructions to stderr)
//
// Buffers are 32-bit word arrays: -buffer name=words[:init] where init is
// "zero" (default), "seq" (0, 1, 2, ...), or a comma list of integers or
// floats repeated cyclically ("1,2,3", "0.5"). Uniforms are a comma list of
// numbers and buffer names (a name stands for the buffer's address, name+N
// for an address N bytes into it): -uniforms a,b,out,16. Give -uniforms
// once for all QPUs or once per QPU. The exit status is 0 on success, 1 on
// a simulation error and 2 on bad input.
package main

import (
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"lltosimd/targets/vc4/asm"
	"lltosimd/targets/vc4/sim"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// listFlag is a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, " ") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

// Buffer is one named memory region.
type Buffer struct {
	Name  string
	Addr  uint32
	Words int
	Init  []uint32
}

// Options configure one simulation.
type Options struct {
	QPUs      int
	Uniforms  []string // one list for all QPUs or one per QPU
	Buffers   []string // name=words[:init]
	MemSize   int
	MaxCycles int64
	Trace     io.Writer // per-instruction trace, or nil
	// CacheModel: coherent (default) or incoherent TMU/uniform caches.
	CacheModel sim.CacheModel
}

// Result is the outcome of a run.
type Result struct {
	Machine *sim.Machine
	Buffers []*Buffer
	Stats   sim.Stats
}

// Read returns the current contents of a buffer.
func (r *Result) Read(name string) ([]uint32, error) {
	for _, b := range r.Buffers {
		if b.Name == name {
			out := make([]uint32, b.Words)
			for i := range out {
				v, err := r.Machine.Read32(b.Addr + 4*uint32(i))
				if err != nil {
					return nil, err
				}
				out[i] = v
			}
			return out, nil
		}
	}
	return nil, fmt.Errorf("no buffer %q", name)
}

const (
	unifBase = 0x1000  // uniform streams, 1 KiB per QPU
	bufBase  = 0x10000 // buffers, 256-byte aligned
)

// Simulate runs words on a fresh machine configured by opts.
func Simulate(words []uint64, opts Options) (*Result, error) {
	if opts.QPUs < 1 || opts.QPUs > 16 {
		return nil, fmt.Errorf("-qpus must be 1..16")
	}
	if opts.MemSize == 0 {
		opts.MemSize = 16 << 20
	}
	m := sim.New(sim.Config{MemSize: opts.MemSize, MaxCycles: opts.MaxCycles, CacheModel: opts.CacheModel})
	m.Trace = opts.Trace
	res := &Result{Machine: m}
	addr := uint32(bufBase)
	for _, spec := range opts.Buffers {
		b, err := parseBuffer(spec)
		if err != nil {
			return nil, err
		}
		for _, o := range res.Buffers {
			if o.Name == b.Name {
				return nil, fmt.Errorf("buffer %q defined twice", b.Name)
			}
		}
		b.Addr = addr
		addr += (uint32(b.Words)*4 + 255) &^ 255
		if int(addr) > opts.MemSize {
			return nil, fmt.Errorf("buffers exceed the %d-byte memory", opts.MemSize)
		}
		for i := 0; i < b.Words; i++ {
			var v uint32
			if len(b.Init) > 0 {
				v = b.Init[i%len(b.Init)]
			}
			if err := m.Write32(b.Addr+4*uint32(i), v); err != nil {
				return nil, err
			}
		}
		res.Buffers = append(res.Buffers, b)
	}
	lists := opts.Uniforms
	if len(lists) > 1 && len(lists) != opts.QPUs {
		return nil, fmt.Errorf("give -uniforms once or once per QPU (%d), not %d times", opts.QPUs, len(lists))
	}
	if err := m.Load(words); err != nil {
		return nil, err
	}
	for q := 0; q < opts.QPUs; q++ {
		base := uint32(unifBase + 1024*q)
		var list string
		if len(lists) == 1 {
			list = lists[0]
		} else if len(lists) > 1 {
			list = lists[q]
		}
		vals, err := parseUniforms(list, res.Buffers)
		if err != nil {
			return nil, err
		}
		if len(vals) > 256 {
			return nil, fmt.Errorf("at most 256 uniforms per QPU")
		}
		for i, v := range vals {
			if err := m.Write32(base+4*uint32(i), v); err != nil {
				return nil, err
			}
		}
		m.AddQPU(base)
	}
	stats, err := m.Run()
	res.Stats = stats
	return res, err
}

func parseBuffer(spec string) (*Buffer, error) {
	name, rest, ok := strings.Cut(spec, "=")
	if !ok || name == "" {
		return nil, fmt.Errorf("bad -buffer %q: want name=words[:init]", spec)
	}
	size, init, _ := strings.Cut(rest, ":")
	n, err := strconv.Atoi(size)
	if err != nil || n <= 0 {
		return nil, fmt.Errorf("bad -buffer %q: size must be a positive number of 32-bit words", spec)
	}
	b := &Buffer{Name: name, Words: n}
	switch init {
	case "", "zero":
	case "seq":
		for i := 0; i < n; i++ {
			b.Init = append(b.Init, uint32(i))
		}
	default:
		for _, f := range strings.Split(init, ",") {
			v, err := parseValue(f)
			if err != nil {
				return nil, fmt.Errorf("bad -buffer %q: %v", spec, err)
			}
			b.Init = append(b.Init, v)
		}
	}
	return b, nil
}

// parseValue parses an integer (any base, may be negative) or a float
// (stored as its float32 bits).
func parseValue(s string) (uint32, error) {
	s = strings.TrimSpace(s)
	if i, err := strconv.ParseInt(s, 0, 64); err == nil {
		if i < math.MinInt32 || i > math.MaxUint32 {
			return 0, fmt.Errorf("%s does not fit 32 bits", s)
		}
		return uint32(i), nil
	}
	f, err := strconv.ParseFloat(s, 32)
	if err != nil {
		return 0, fmt.Errorf("bad value %q", s)
	}
	return math.Float32bits(float32(f)), nil
}

func parseUniforms(list string, bufs []*Buffer) ([]uint32, error) {
	var out []uint32
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		name, off, hasOff := strings.Cut(f, "+")
		var found *Buffer
		for _, b := range bufs {
			if b.Name == name {
				found = b
			}
		}
		if found == nil {
			v, err := parseValue(f)
			if err != nil {
				return nil, fmt.Errorf("uniform %q is neither a number nor a buffer name", f)
			}
			out = append(out, v)
			continue
		}
		addr := found.Addr
		if hasOff {
			o, err := strconv.ParseInt(off, 0, 32)
			if err != nil {
				return nil, fmt.Errorf("bad offset in uniform %q", f)
			}
			addr += uint32(o)
		}
		out = append(out, addr)
	}
	return out, nil
}

// loadProgram assembles a .s file or reads raw little-endian words.
func loadProgram(path string, raw bool) ([]uint64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if raw {
		if len(data)%8 != 0 {
			return nil, fmt.Errorf("%s: size %d is not a multiple of 8 bytes", path, len(data))
		}
		words := make([]uint64, len(data)/8)
		for i := range words {
			words[i] = binary.LittleEndian.Uint64(data[8*i:])
		}
		return words, nil
	}
	p, err := asm.Assemble(string(data))
	if err != nil {
		return nil, fmt.Errorf("%s:%v", path, err)
	}
	return p.Words, nil
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("vc4sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var opts Options
	var unifs, bufs listFlag
	fs.IntVar(&opts.QPUs, "qpus", 1, "number of QPUs running the program (1..16)")
	fs.Var(&unifs, "uniforms", "comma-separated uniforms: numbers, buffer names, name+offset (once, or once per QPU)")
	fs.Var(&bufs, "buffer", "memory buffer name=words[:zero|seq|v1,v2,...] (repeatable)")
	fs.IntVar(&opts.MemSize, "mem", 16<<20, "memory size in bytes")
	fs.Int64Var(&opts.MaxCycles, "max-cycles", 100_000_000, "stop after this many cycles")
	raw := fs.Bool("raw", false, "the input holds raw little-endian 64-bit instruction words")
	dis := fs.Bool("d", false, "print the disassembly instead of running")
	format := fs.String("format", "int", "buffer print format: int, hex or float")
	trace := fs.Bool("trace", false, "print every executed instruction to stderr")
	cacheModel := fs.String("cache-model", "incoherent", "TMU/uniform caches: incoherent (the real chip: VDW writes do not update them) or coherent (caches cost time only)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: vc4sim [flags] kernel.s")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	opts.Uniforms, opts.Buffers = unifs, bufs
	var err error
	if opts.CacheModel, err = sim.ParseCacheModel(*cacheModel); err != nil {
		fmt.Fprintf(stderr, "vc4sim: -cache-model: %v\n", err)
		return 2
	}
	words, err := loadProgram(fs.Arg(0), *raw)
	if err != nil {
		fmt.Fprintf(stderr, "vc4sim: %v\n", err)
		return 2
	}
	if *dis {
		fmt.Fprint(stdout, asm.DisassembleProgram(words))
		return 0
	}
	if *format != "int" && *format != "hex" && *format != "float" {
		fmt.Fprintf(stderr, "vc4sim: unknown -format %q\n", *format)
		return 2
	}
	if *trace {
		opts.Trace = stderr
	}
	res, err := Simulate(words, opts)
	if res == nil {
		fmt.Fprintf(stderr, "vc4sim: %v\n", err)
		return 2
	}
	printResult(stdout, res, *format)
	if err != nil {
		fmt.Fprintf(stderr, "vc4sim: %v\n", err)
		return 1
	}
	return 0
}

func printResult(w io.Writer, res *Result, format string) {
	for _, b := range res.Buffers {
		vals, _ := res.Read(b.Name)
		fmt.Fprintf(w, "%s @0x%x (%d words):\n", b.Name, b.Addr, b.Words)
		for i := 0; i < len(vals); i += 16 {
			fmt.Fprintf(w, "  [%4d]", i)
			for _, v := range vals[i:min(i+16, len(vals))] {
				switch format {
				case "hex":
					fmt.Fprintf(w, " %08x", v)
				case "float":
					fmt.Fprintf(w, " %g", math.Float32frombits(v))
				default:
					fmt.Fprintf(w, " %d", int32(v))
				}
			}
			fmt.Fprintln(w)
		}
	}
	s := res.Stats
	fmt.Fprintf(w, "cycles: %d\ninstructions: %d\nlane utilisation: %.4f\nhost interrupts: %d\n",
		s.Cycles, s.Instructions, s.Utilisation(), s.HostInterrupts)
	sim.PrintStalls(w, &s)
	if len(res.Machine.QPUs) > 1 {
		for _, q := range res.Machine.QPUs {
			fmt.Fprintf(w, "qpu %d: instructions %d, stalls %d, host interrupts %d\n", q.Num, q.Instructions(), q.StallCycles(), q.HostInts)
		}
	}
}
