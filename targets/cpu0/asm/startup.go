package asm

import (
	"bytes"
	"fmt"
	"strings"
)

// StartupArgs is Startup for a program that receives command-line
// arguments: main(argc, argv) gets argc = len(args) and argv pointing to a
// NULL-terminated array of the NUL-terminated strings args (args[0] is by
// convention the program's name). The array and the strings are the
// startup object's .data, so they are part of the linked image: a program
// run from assembly, objects or a hex image sees the same arguments, and
// no loader has to write memory before the run. With no args it is
// Startup (argc = 0, argv = NULL).
//
// ptrSize is the size of a pointer in the program's memory: 4, or 8 for
// IR with 64-bit pointers (x86-64), whose argv slots hold the address in
// the word the frontend reads (the first in little-endian order, the
// second in big-endian) and zero in the other.
func StartupArgs(opt Options, args []string, ptrSize int) (*Object, error) {
	if len(args) == 0 {
		return Startup(opt)
	}
	src, err := startupSource(opt)
	if err != nil {
		return nil, err
	}
	if len(args) > 0x7fff {
		return nil, fmt.Errorf("startup: %d arguments (at most 32767)", len(args))
	}
	if ptrSize != 4 && ptrSize != 8 {
		return nil, fmt.Errorf("startup: unsupported pointer size %d", ptrSize)
	}
	slot := func(v string) string {
		switch {
		case ptrSize == 4:
			return "\t.4byte\t" + v + "\n"
		case opt.LittleEndian:
			return "\t.4byte\t" + v + "\n\t.4byte\t0\n"
		}
		return "\t.4byte\t0\n\t.4byte\t" + v + "\n"
	}
	var data strings.Builder
	data.WriteString("\t.data\n\t.align\t3\n$argv:\n")
	for i := range args {
		data.WriteString(slot(fmt.Sprintf("$arg%d", i)))
	}
	data.WriteString(slot("0"))
	for i, a := range args {
		if strings.IndexByte(a, 0) >= 0 {
			return nil, fmt.Errorf("startup: argument %d contains a NUL byte", i)
		}
		fmt.Fprintf(&data, "$arg%d:\n\t.byte\t", i)
		for _, c := range []byte(a) {
			fmt.Fprintf(&data, "%d,", c)
		}
		data.WriteString("0\n")
	}
	for _, r := range [][2]string{
		{"addiu\t$4, $zero, 0\t\t# argc = 0", fmt.Sprintf("addiu\t$4, $zero, %d\t\t# argc", len(args))},
		{"addiu\t$5, $zero, 0\t\t# argv = NULL", "lui\t$5, %hi($argv)\t\t# argv\n\tori\t$5, $5, %lo($argv)"},
	} {
		if !bytes.Contains(src, []byte(r[0])) {
			return nil, fmt.Errorf("startup: crt0.asm has no line %q to set argc/argv", r[0])
		}
		src = bytes.Replace(src, []byte(r[0]), []byte(r[1]), 1)
	}
	src = append(append([]byte(nil), src...), data.String()...)
	return Assemble("crt0.asm", src, opt)
}

// gpStartup are the crt0.asm lines Options.GP replaces.
var gpStartup = [][2]string{
	{"addiu\t$gp, $zero, 0", "lui\t$gp, %hi(_gp)\t\t# _gp is 64 KiB-aligned"},
	{"jsub\tmain", "lui\t$t9, %hi(main)\t\t# a PIC main computes $gp from $t9\n\tori\t$t9, $t9, %lo(main)\n\tjsub\tmain"},
}

// startupSource returns crt0.asm, adapted to opt.GP.
func startupSource(opt Options) ([]byte, error) {
	if !opt.GP {
		return crt0Source, nil
	}
	src := crt0Source
	for _, r := range gpStartup {
		if !bytes.Contains(src, []byte(r[0])) {
			return nil, fmt.Errorf("startup: crt0.asm has no line %q to set $gp", r[0])
		}
		src = bytes.Replace(src, []byte(r[0]), []byte(r[1]), 1)
	}
	return src, nil
}

// UsesGP reports whether any of objs addresses through $gp (PIC or small
// data): the program then needs the startup code of Options.GP.
func UsesGP(objs []*Object) bool {
	_, gp, _ := gotEntries(objs)
	return gp
}
