package sim

import (
	"math/rand"
	"testing"

	"lltosimd/targets/vc4/asm"
)

// TestRandomProgramsDoNotPanic runs random instruction words: every
// outcome must be a clean error or a clean end, never a panic.
func TestRandomProgramsDoNotPanic(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for n := 0; n < 2000; n++ {
		words := make([]uint64, 1+rng.Intn(12))
		for i := range words {
			words[i] = rng.Uint64()
			if rng.Intn(3) == 0 { // bias towards plausible ALU words
				words[i] = words[i]&^(0xF<<60) | 1<<60
			}
			// The disassembly must not panic and, if it assembles, must
			// assemble without panicking too.
			_, _ = asm.Assemble(asm.Disassemble(words[i]))
		}
		m := New(Config{MemSize: 4096, MaxCycles: 1000})
		if err := m.Load(words); err != nil {
			continue
		}
		m.AddQPU(0)
		m.AddQPU(64)
		_, _ = m.Run()
	}
}
