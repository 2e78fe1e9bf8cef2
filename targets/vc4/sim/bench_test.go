package sim

import (
	"testing"

	"lltosimd/targets/vc4/asm"
)

// benchSrc loops 'count' times over a mix of ALU ops, flags, a conditional
// write, a regfile round trip and a branch.
const benchSrc = `
ldi r0, 100000
mov r1, 0
:loop
sub.setf r0, r0, 1; fmul r2, r1, r1
add.ifnz r1, r1, 3; mul24 r3, r1, r0
mov ra1, r1; v8adds r2, r2, r3
brr.anynz -, :loop
xor r2, r2, r3
nop
shl r3, ra1, 1
nop; thrend
nop
nop
`

func BenchmarkStep(b *testing.B) {
	p, err := asm.Assemble(benchSrc)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var instrs int64
	for i := 0; i < b.N; i++ {
		m := New(Config{MemSize: 4096})
		if err := m.Load(p.Words); err != nil {
			b.Fatal(err)
		}
		m.AddQPU(0)
		s, err := m.Run()
		if err != nil {
			b.Fatal(err)
		}
		instrs += s.Instructions
	}
	b.ReportMetric(float64(instrs)/b.Elapsed().Seconds()/1e6, "Minstr/s")
}

// TestNoAllocPerStep checks that executing instructions does not allocate.
func TestNoAllocPerStep(t *testing.T) {
	p, err := asm.Assemble(benchSrc)
	if err != nil {
		t.Fatal(err)
	}
	m := New(Config{MemSize: 4096})
	if err := m.Load(p.Words); err != nil {
		t.Fatal(err)
	}
	q := m.AddQPU(0)
	allocs := testing.AllocsPerRun(1, func() {
		for i := 0; i < 10000; i++ {
			if _, _, err := m.step(q); err != nil {
				t.Fatal(err)
			}
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per 10000 steps", allocs)
	}
}
