// Command cpu0sim assembles Cpu0 assembly files (or reads ELF objects made
// by lltosimd -filetype=obj) together with the startup
// code, links them and runs the program on the Cpu0 simulator, like lli
// does for LLVM IR: the program's output goes to stdout and the exit status
// is main's return value & 0xff (2 with a message on an assembler, linker
// or simulator error). Standard input feeds the console input port
// (0xFF000004); the program reaches the host's files through the host-call
// port (0xFF000008, docs/cpu0-run.md) unless -no-host-files. cpu0run compiles and runs a .ll or .c
// file with the runtime in one step.
//
//	cpu0sim [-mcpu=cpu032I|cpu032II] [-el] [-max-steps N] [-stats] [-no-host-files] [-hex out.hex] file.s|file.o...
//	cpu0sim -image cpu0.hex -config cpu0.config [-mcpu=...]
//	cpu0sim -d file.s...        (print address, word and disassembly)
//
// -trace prints every executed instruction with the values of its register
// fields to stderr; simulator errors name the function they happened in.
package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"lltosimd/targets/cpu0"
	"lltosimd/targets/cpu0/asm"
	"lltosimd/targets/cpu0/elf"
	"lltosimd/targets/cpu0/sim"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cpu0sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mcpu := fs.String("mcpu", "cpu032II", "CPU variant: cpu032I or cpu032II")
	el := fs.Bool("el", false, "little-endian (cpu0el)")
	maxSteps := fs.Uint64("max-steps", 100_000_000, "stop after this many instructions")
	noHost := fs.Bool("no-host-files", false, "sandbox: the program cannot open, remove or rename host files (fopen fails with EACCES)")
	stats := fs.Bool("stats", false, "print instruction and cycle counts to stderr")
	hexOut := fs.String("hex", "", "also write the linked image in hex format to this file (and its .config next to it)")
	image := fs.String("image", "", "run a hex image instead of assembly files")
	config := fs.String("config", "", "endianness configuration file for -image")
	dis := fs.Bool("d", false, "disassemble the linked program instead of running it")
	trace := fs.Bool("trace", false, "print every executed instruction to stderr")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: cpu0sim [flags] file.s...   |   cpu0sim -image cpu0.hex -config cpu0.config")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "cpu0sim: %v\n", err)
		return 2
	}
	var level cpu0.Level
	switch strings.ToLower(*mcpu) {
	case "cpu032i":
		level = cpu0.Cpu032I
	case "cpu032ii", "", "generic":
		level = cpu0.Cpu032II
	default:
		return fail(fmt.Errorf("unknown -mcpu %q (cpu032I or cpu032II)", *mcpu))
	}

	var m *sim.Machine
	var img *asm.Image // nil for -image runs, which have no symbols
	if *image != "" {
		if fs.NArg() > 0 || *dis {
			return fail(fmt.Errorf("-image takes no assembly files and no -d"))
		}
		var err error
		if m, err = imageMachine(*image, *config, level, *maxSteps); err != nil {
			return fail(err)
		}
	} else {
		if fs.NArg() == 0 {
			fs.Usage()
			return 2
		}
		var err error
		if img, err = build(fs.Args(), asm.Options{Level: level, LittleEndian: *el}); err != nil {
			return fail(err)
		}
		if *hexOut != "" {
			if err := writeHex(*hexOut, img); err != nil {
				return fail(err)
			}
		}
		if *dis {
			disassemble(stdout, img)
			return 0
		}
		m = sim.New(sim.Config{Level: level, LittleEndian: *el, MaxSteps: *maxSteps})
		if err := m.Load(0, img.Mem); err != nil {
			return fail(err)
		}
	}
	m.Input = stdin
	if !*noHost {
		m.Host = sim.NewHostFiles(stdin, stdout, stderr)
		defer m.Host.Close()
	}
	if *trace {
		m.Trace = tracer(stderr, img)
	}
	res, err := m.Run()
	stdout.Write(m.Output)
	if *stats {
		res.WriteStats(stderr)
	}
	if err != nil {
		if se, ok := err.(*sim.Error); ok && img != nil {
			return fail(fmt.Errorf("%v (in %s)", err, img.Where(se.PC)))
		}
		return fail(err)
	}
	return int(res.Ret & 0xff)
}

// tracer prints each executed instruction: address, word, disassembly and
// the registers it reads. img (may be nil) supplies function labels.
func tracer(w io.Writer, img *asm.Image) func(m *sim.Machine, pc, word uint32) {
	bw := bufio.NewWriter(w)
	return func(m *sim.Machine, pc, word uint32) {
		if img != nil {
			if name := img.SymbolAt(pc); name != "" {
				fmt.Fprintf(bw, "%s:\n", name)
			}
		}
		a, b, c := word>>20&15, word>>16&15, word>>12&15
		fmt.Fprintf(bw, "%8x: %08x  %-40s ra=%x rb=%x rc=%x\n", pc, word,
			strings.ReplaceAll(disasm(img, word, pc), "\t", " "), m.R[a], m.R[b], m.R[c])
		bw.Flush()
	}
}

// build assembles the startup code and the files and links them.
func build(files []string, opt asm.Options) (*asm.Image, error) {
	objs := []*asm.Object{nil} // the startup code goes first
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		o, err := load(f, src, opt)
		if err != nil {
			return nil, err
		}
		objs = append(objs, o)
	}
	opt.GP = asm.UsesGP(objs[1:])
	crt, err := asm.Startup(opt)
	if err != nil {
		return nil, err
	}
	objs[0] = crt
	return asm.Link(objs, asm.LinkOptions{Entry: "main"})
}

// load assembles a source file or reads an ELF object (.o).
func load(name string, src []byte, opt asm.Options) (*asm.Object, error) {
	if !elf.IsELF(src) {
		return asm.Assemble(name, src, opt)
	}
	o, err := elf.Read(name, src, opt.Level)
	if err == nil && o.LittleEndian != opt.LittleEndian {
		err = fmt.Errorf("%s: object byte order does not match (use -el for cpu0el objects)", name)
	}
	return o, err
}

func writeHex(path string, img *asm.Image) error {
	var buf bytes.Buffer
	if err := asm.WriteHex(&buf, img); err != nil {
		return err
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return err
	}
	buf.Reset()
	if err := asm.WriteConfig(&buf, img.LittleEndian); err != nil {
		return err
	}
	cfg := filepath.Join(filepath.Dir(path), "cpu0.config")
	if strings.HasSuffix(path, ".hex") && filepath.Base(path) != "cpu0.hex" {
		cfg = strings.TrimSuffix(path, ".hex") + ".config"
	}
	return os.WriteFile(cfg, buf.Bytes(), 0o644)
}

// imageMachine loads a hex image into a machine whose byte order comes
// from the configuration word.
func imageMachine(image, config string, level cpu0.Level, maxSteps uint64) (*sim.Machine, error) {
	if config == "" {
		return nil, fmt.Errorf("-image needs -config (the endianness word; the reference model requires it)")
	}
	cf, err := os.Open(config)
	if err != nil {
		return nil, err
	}
	defer cf.Close()
	le, err := asm.ReadConfig(cf)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", config, err)
	}
	m := sim.New(sim.Config{Level: level, LittleEndian: le, MaxSteps: maxSteps})
	f, err := os.Open(image)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	chunks, err := asm.ReadHex(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", image, err)
	}
	for _, c := range chunks {
		if err := m.Load(c.Addr, c.Data); err != nil {
			return nil, fmt.Errorf("%s: %v", image, err)
		}
	}
	return m, nil
}

// disassemble prints every .text word with its address and symbols.
func disassemble(w io.Writer, img *asm.Image) {
	var order binary.ByteOrder = binary.BigEndian
	if img.LittleEndian {
		order = binary.LittleEndian
	}
	for a := uint32(0); a+4 <= img.TextEnd; a += 4 {
		if name := img.SymbolAt(a); name != "" {
			fmt.Fprintf(w, "%s:\n", name)
		}
		word := order.Uint32(img.Mem[a:])
		fmt.Fprintf(w, "%8x:\t%08x\t%s\n", a, word, disasm(img, word, a))
	}
}

// disasm disassembles word at addr and names a branch target's symbol.
func disasm(img *asm.Image, word, addr uint32) string {
	text := asm.Disassemble(word, addr)
	if i := strings.Index(text, "\t# 0x"); i >= 0 && img != nil {
		var t uint32
		fmt.Sscanf(text[i+5:], "%x", &t)
		if name := img.SymbolAt(t); name != "" {
			text += " <" + name + ">"
		}
	}
	return text
}
