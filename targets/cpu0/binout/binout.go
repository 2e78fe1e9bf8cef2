// Package binout gives the cpu0 and cpu0el targets their binary outputs:
// -filetype=obj (an ELF32 relocatable object, package elf) and
// -filetype=hex (the reference model's hex image, spec cpu0.md §8.1).
// Both are made by printing the assembly and assembling it, so the binary
// and the text output can never disagree.
//
// The hex image of a module is the module alone, linked at address 0:
// .text, then .rodata, .data and .bss, with references between its own
// symbols resolved. It has no startup code and references to symbols the
// module does not define are an error; a runnable image of a program with
// its startup code and runtime is made by `cpu0sim -hex out.hex file.s|.o...`.
package binout

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"lltosimd/mir"
	"lltosimd/passes"
	"lltosimd/targets"
	"lltosimd/targets/cpu0"
	"lltosimd/targets/cpu0/asm"
	"lltosimd/targets/cpu0/elf"
)

// Level returns the instruction-set level of an -mcpu value ("" and
// unknown names are cpu032II, as in the compiler).
func Level(mcpu string) cpu0.Level {
	if strings.EqualFold(mcpu, "cpu032I") {
		return cpu0.Cpu032I
	}
	return cpu0.Cpu032II
}

// Emit writes a compiled module as ft: assembly as printed, objects and
// hex images by assembling that text.
func Emit(w io.Writer, m *mir.Module, ft targets.FileType, cfg *passes.Config) error {
	po := cpu0.PrintOptions{SmallSection: cfg != nil && cfg.Options[cpu0.OptSmallSection] == "true"}
	if ft == targets.FileAsm {
		return cpu0.PrintModule(w, m, po)
	}
	var text bytes.Buffer
	if err := cpu0.PrintModule(&text, m, po); err != nil {
		return err
	}
	obj, err := asm.Assemble("<generated assembly>", text.Bytes(), asm.Options{Level: Level(cfg.Options["mcpu"]), LittleEndian: !m.BigEndian})
	if err != nil {
		if e, ok := inlineAsmError(text.Bytes(), err); ok {
			return e
		}
		return fmt.Errorf("internal error: the printed assembly does not assemble: %w", err)
	}
	obj.Name = m.Source
	switch ft {
	case targets.FileObj:
		return elf.Write(w, obj)
	case targets.FileHex:
		if undef := undefined(obj); len(undef) > 0 {
			return fmt.Errorf("-filetype=hex: undefined symbol(s) %s: a hex image holds the module alone at address 0 (link a program with its runtime with cpu0sim -hex)", strings.Join(undef, ", "))
		}
		img, err := asm.Link([]*asm.Object{obj}, asm.LinkOptions{})
		if err != nil {
			return err
		}
		return asm.WriteHex(w, img)
	}
	return fmt.Errorf("-filetype=%s is not supported for Cpu0", ft)
}

// undefined lists the symbols obj references but does not define, sorted.
func undefined(obj *asm.Object) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range obj.Sections {
		for _, r := range s.Relocs {
			if sym := obj.Symbols[r.Sym]; (sym == nil || !sym.Defined) && !seen[r.Sym] {
				seen[r.Sym] = true
				out = append(out, r.Sym)
			}
		}
	}
	sort.Strings(out)
	return out
}

// inlineAsmError reports assembler errors in inline asm text at the asm
// statements' source positions (they are the program's errors, not ours).
func inlineAsmError(text []byte, err error) (error, bool) {
	var errs []error
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	} else {
		errs = []error{err}
	}
	return cpu0.InlineAsmError(text, errs, func(e error) (int, string) {
		var ae *asm.Error
		if errors.As(e, &ae) {
			return ae.Line, ae.Msg
		}
		return 0, ""
	})
}
