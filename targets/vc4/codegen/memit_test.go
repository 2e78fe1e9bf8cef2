package codegen

// emitLIR emits allocated LIR (tests that build it by hand) through the
// machine form: lirToMIR, then the emission and finishLines as emitFunc
// does. It returns the lines, the pairs formed and the masked
// instructions.
func emitLIR(code []*lins, regs map[int]string) ([]qinst, int, int) {
	f, err := lirToMIR("test", code, 0, regs)
	if err != nil {
		panic(err)
	}
	lines, masked, err := emitMachine(f)
	if err != nil {
		panic(err)
	}
	out, n := finishLines(lines)
	return out, n, masked
}
