package mir

import (
	"strings"
	"testing"
)

func TestBlockSymsRoundTrip(t *testing.T) {
	f := NewFunc("f", GenericArch)
	f.Props = PropSSA
	b0 := f.NewBlock("entry")
	b1 := f.NewBlock("target")
	b0.Instrs = append(b0.Instrs, NewInstr(GBr, B(b1)))
	b1.Instrs = append(b1.Instrs, NewInstr(GRet))
	f.RecomputeCFG()
	f.BlockSyms = map[*Block]string{b1: "$BA.f.1"}
	var sb strings.Builder
	if err := PrintModule(&sb, &Module{Source: "x.ll", Funcs: []*Func{f}}); err != nil {
		t.Fatal(err)
	}
	got := roundTrip(t, sb.String(), true)
	g := got.Funcs[0]
	if len(g.BlockSyms) != 1 || g.BlockSyms[g.Blocks[1]] != "$BA.f.1" {
		t.Errorf("block symbols lost: %v\n%s", g.BlockSyms, sb.String())
	}
}
