package exec

import (
	"fmt"
	"path/filepath"
	"testing"
)

// picPrograms is the slice of the corpus TestExecPIC runs: function
// pointers called from the runtime (qsort) and from tables, static and
// global data of every size (GOT page entries, small data), jump tables,
// computed gotos, setjmp/longjmp across calls ($gp reloaded after the
// second return), the heap and printf (calls into the runtime).
var picPrograms = []string{
	"funcptr_callback", "funcptr_table", "globals_init", "static_locals",
	"switch_dense", "computed_goto", "libc_setjmp", "libc_heap", "float_globals",
	"quick_sort",
}

// TestExecPIC runs a slice of the corpus with the relocation models of
// spec §2/§6 — PIC with the runtime compiled PIC too, small data, and both
// on big-endian IR — on both CPUs at -O0 and -O2, against lli. It always
// runs (also with -short); LLTOSIMD_EXEC_VARIANTS=mipsel-pic (or
// mipsel-sdata, mips-pic) runs the whole corpus that way in TestExec.
func TestExecPIC(t *testing.T) {
	h := newHarness(t)
	t.Cleanup(h.summary)
	var vs []variant
	for _, v := range variants {
		if len(v.lflags) > 0 {
			vs = append(vs, v)
		}
	}
	for _, p := range picPrograms {
		src := filepath.Join("c", p+".c")
		for _, opt := range []string{"O0", "O2"} {
			for _, v := range vs {
				for _, cpu := range cpus {
					t.Run(fmt.Sprintf("%s/%s/%s-%s", p, opt, v.name, cpu), func(t *testing.T) {
						t.Parallel()
						err := h.runCase(src, opt, v, cpu)
						h.record(fmt.Sprintf("%s %s-%s", opt, v.name, cpu), err == nil)
						if err != nil {
							t.Error(err)
						}
					})
				}
			}
		}
	}
}
