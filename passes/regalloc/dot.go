// -dot-interference: a function's interference graph in Graphviz.

package regalloc

import (
	"bytes"
	"fmt"
	"os"
	"strings"
)

// writeDot writes the interference graph coloured last (the final round's)
// to interference.<function>.dot when the dot-interference option is set:
// one node per (coalesced) live range, labelled with its virtual
// registers, class and register, one edge per interference. Nodes of
// classes with tuples are boxes.
func (a *alloc) writeDot(nodes []*interval, members [][]*interval, adj [][]int) {
	if a.c == nil || a.c.Option("dot-interference") != "true" {
		return
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "graph \"interference.%s\" {\n\tlabel=\"interference graph of %s\";\n", a.f.Name, a.f.Name)
	for i := range nodes {
		shape := "ellipse"
		if a.width(nodes[i].v) > 1 {
			shape = "box"
		}
		style := ""
		if nodes[i].reg == 0 {
			style = ",style=dashed" // spilled
		}
		label := strings.ReplaceAll(a.nodeName(members[i])+"\\n"+a.regName(nodes[i].reg), "\"", "\\\"")
		fmt.Fprintf(&b, "\tn%d [label=\"%s\",shape=%s%s];\n", i, label, shape, style)
	}
	for i := range nodes {
		for _, j := range adj[i] {
			if i < j {
				fmt.Fprintf(&b, "\tn%d -- n%d;\n", i, j)
			}
		}
	}
	b.WriteString("}\n")
	file := "interference." + a.f.Name + ".dot"
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		a.debugf("%s: %v", a.f.Name, err)
	}
}
