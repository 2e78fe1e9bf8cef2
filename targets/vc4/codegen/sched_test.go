package codegen

import (
	"slices"
	"strings"
	"testing"
)

// line parses one instruction line of the tests: "op[.cond][.setf] dst,
// a[, b]" (an ALU operation, with its read ports), "ldi dst, imm", a label
// ":bN", a branch, "nop" or "nop; nop; sig".
func line(text string) qinst {
	f := strings.Fields(strings.ReplaceAll(text, ",", ""))
	switch {
	case text == "nop":
		return qinst{text: text}
	case strings.HasPrefix(text, ":"):
		return qinst{text: text, label: true}
	case strings.HasPrefix(text, "brr"):
		return qinst{text: text}
	case strings.HasPrefix(text, "nop; nop; "):
		return qinst{text: text, sig: f[len(f)-1]}
	}
	name := strings.Split(f[0], ".")[0]
	p := &aluPart{op: name, sfx: strings.TrimPrefix(f[0], name), dst: f[1],
		args: strings.Join(strings.Fields(text)[2:], " "),
		mul:  name == "fmul" || name == "mul24", setf: strings.Contains(f[0], ".setf"),
		cond: strings.Contains(f[0], ".if")}
	q := qinst{text: text}
	if isRegfile(p.dst) {
		q.writes = []string{p.dst}
	}
	if name == "ldi" {
		q.ldi = p
		return q
	}
	for _, s := range f[2:] {
		p.srcs = append(p.srcs, s)
		switch {
		case isImmediate(s):
			p.bPort = "#" + s
		case isRegfile(s) && s[1] == 'a':
			p.aPort = s
		case isRegfile(s):
			p.bPort = s
		}
		if isRegfile(s) {
			q.reads = append(q.reads, s)
		}
		if !isAcc(s) && !isRegfile(s) && !isImmediate(s) && !pureIO[s] {
			p.io = true
		}
	}
	if !isAcc(p.dst) && !isRegfile(p.dst) && p.dst != "-" {
		p.io = true
	}
	q.alu = p
	return q
}

func lines(ts ...string) []qinst {
	var out []qinst
	for _, t := range ts {
		out = append(out, line(t))
	}
	return out
}

// TestFinishLines: the shared list scheduler packs the lowered lines (add
// and mul ALU pairs, regfile read-after-write gaps filled by independent
// work, the lowering's timing nops used for other work while the distance
// stays), and the delay slots of branches are filled.
func TestFinishLines(t *testing.T) {
	for _, c := range []struct {
		name string
		in   []qinst
		want string
	}{
		{"a DMA wait read into a dead scratch register writes nothing, so the register's next writer pairs with it",
			lines("mov r1, vw_wait", "mov r1, ra5", "add r2, r1, r1"),
			"mov -, vw_wait; mov r1, ra5 | add r2, r1, r1"},
		{"an I/O write pairs with independent ALU work (either ALU may write a peripheral, §5)",
			lines("mov vpm, ra1", "add r2, rb3, r0"),
			"add r2, rb3, r0; mov vpm, ra1"},
		{"a VPM read takes the read port the other operation leaves free",
			lines("mov r1, vpm", "add r2, ra3, r0", "add r3, r1, r2"),
			"add r2, ra3, r0; mov r1, vpm | add r3, r1, r2"},
		{"no pair: a VPM read and an operation that reads both register files",
			lines("mov r1, vpm", "add r2, ra3, rb4", "add r3, r1, r2"),
			"mov r1, vpm | add r2, ra3, rb4 | add r3, r1, r2"},
		{"no pair: vr_setup is written through file A, like ra2 (§5, ws)",
			lines("mov vr_setup, r1", "add ra2, rb3, r0"),
			"add ra2, rb3, r0 | mov vr_setup, r1"},
		{"but vw_setup (file B) pairs with a regfile-A write",
			lines("mov vw_setup, r1", "add ra2, rb3, r0"),
			"add ra2, rb3, r0; mov vw_setup, r1"},
		{"a mutex release pairs with the work after it",
			lines("mov mutex, 0", "add r1, ra2, r0"),
			"add r1, ra2, r0; mov mutex, 0"},
		{"work moves across a label no branch names (only the fall-through reaches it)",
			lines("add ra1, ra2, r0", "nop", "shl rb1, ra1, 2", ":b1", "add ra3, ra4, r0"),
			"add ra1, ra2, r0 | :b1 | add ra3, ra4, r0 | shl rb1, ra1, 2"},
		{"but not across a branch target",
			lines("brr -, :b1", "nop", "nop", "nop", "add ra1, ra2, r0", "nop", "shl rb1, ra1, 2", ":b1", "add ra3, ra4, r0"),
			"brr -, :b1_1 | add ra3, ra4, r0 | nop | nop | add ra1, ra2, r0 | nop | shl rb1, ra1, 2 | :b1 | add ra3, ra4, r0 | :b1_1"},
		{"a conditional branch takes copies of its target's first instructions that are dead on the fall-through path",
			lines("mov.setf -, ra1", "brr.anyz -, :b1", "nop", "nop", "nop", "mov vw_addr, r2", ":b1", "mov r1, ra5", "add r0, r1, 3"),
			"mov.setf -, ra1 | brr.anyz -, :b1_2 | mov r1, ra5 | add r0, r1, 3 | nop | mov vw_addr, r2 | :b1 | mov r1, ra5 | add r0, r1, 3 | :b1_2"},
		{"but not one the fall-through path reads",
			lines("mov.setf -, ra1", "brr.anyz -, :b1", "nop", "nop", "nop", "mov vw_addr, r1", ":b1", "mov r1, ra5", "add r2, r1, 3"),
			"mov.setf -, ra1 | brr.anyz -, :b1 | nop | nop | nop | mov vw_addr, r1 | :b1 | mov r1, ra5 | add r2, r1, 3"},
		{"an unconditional and a conditional branch to one target share the label after the copies",
			lines("mov.setf -, ra1", "brr.anyz -, :b1", "nop", "nop", "nop", "mov vw_addr, r2", "brr -, :b1", "nop", "nop", "nop",
				":b1", "mov r1, ra5", "add r0, r1, 3"),
			"mov.setf -, ra1 | brr.anyz -, :b1_2 | mov r1, ra5 | add r0, r1, 3 | nop | mov vw_addr, r2 | brr -, :b1_2 | mov r1, ra5 | add r0, r1, 3 | nop | :b1 | mov r1, ra5 | add r0, r1, 3 | :b1_2"},
		{"two chains interleave: no hazard nop",
			lines("add ra1, ra2, r0", "nop", "shl rb1, ra1, 2", "add ra3, ra4, r0", "nop", "shl rb3, ra3, 2"),
			"add ra1, ra2, r0 | add ra3, ra4, r0 | shl rb1, ra1, 2 | shl rb3, ra3, 2"},
		{"a mul-ALU op pairs with an add-ALU op that is not its neighbour",
			lines("add ra1, ra2, r0", "shl rb3, ra1, 2", "fmul rb5, rb6, r1", "fmul r2, rb7, r1"),
			"add ra1, ra2, r0; fmul rb5, rb6, r1 | fmul r2, rb7, r1 | shl rb3, ra1, 2"},
		{"no pair: two regfile-A reads",
			lines("add ra1, ra2, r0", "fmul rb5, ra6, r1"),
			"add ra1, ra2, r0 | fmul rb5, ra6, r1"},
		{"no pair: two writes to regfile B",
			lines("add rb1, rb2, r0", "fmul rb3, r1, r1"),
			"add rb1, rb2, r0 | fmul rb3, r1, r1"},
		{"the VPM read stays the 3rd instruction after its setup; other work fills the distance",
			lines("ldi vr_setup, 0x101a00", "nop", "nop", "mov r1, vpm", "add ra1, ra2, r0", "add rb3, rb4, r0"),
			"ldi vr_setup, 0x101a00 | add ra1, ra2, r0 | add rb3, rb4, r0 | mov -, vpm"},
		{"flags are a register: a guarded write stays between its flag test and the next one",
			lines("sub.setf -, ra1, 2", "mov.ifz rb2, 1", "mov.setf -, r3", "mov.ifz r3, 5", "add ra4, ra5, r0"),
			"sub.setf -, ra1, 2 | mov.setf -, r3; mov.ifz rb2, 1 | add ra4, ra5, r0; mov.ifz r3, 5"},
		{"an unconditional branch takes its target's first instructions into its slots",
			lines("mov.setf -, ra1", "brr -, :b2", "nop", "nop", "nop", ":b1", "add r1, r1, 1", ":b2",
				"mov r1, ra3", "shl r2, ra4, 1", "mov.setf -, r3", "sub.setf -, r3, 4", "mov.ifz r3, 0"),
			"mov.setf -, ra1 | brr -, :b2_3 | mov.setf -, r3; mov r1, ra3 | sub.setf -, r3, 4 | shl r2, ra4, 1 | :b1 | add r1, r1, 1 | :b2 | mov.setf -, r3; mov r1, ra3 | sub.setf -, r3, 4 | shl r2, ra4, 1 | :b2_3 | mov.ifz r3, 0"},
		{"a conditional branch takes fall-through work that is dead at its target (not a pair with an I/O write)",
			lines("mov.setf -, ra1", "brr.allz -, :b2", "nop", "nop", "nop", "ldi r1, 0x80814000", "mov r2, 15",
				"add ra5, r1, r2", "mov vw_setup, r1", ":b2", "mov vw_addr, r0", "mov r1, 0"),
			"mov.setf -, ra1 | brr.allz -, :b2 | ldi r1, 0x80814000 | nop | nop | mov r2, 15; mov vw_setup, r1 | add ra5, r1, r2 | :b2 | mov vw_addr, r0; mov r1, 0"},
		{"but not what the target reads",
			lines("mov.setf -, ra1", "brr.allz -, :b2", "nop", "nop", "nop", "ldi r1, 0x80814000", "mov r2, 15",
				"mov vw_setup, r1", ":b2", "mov vw_addr, r1"),
			"mov.setf -, ra1 | brr.allz -, :b2 | nop | nop | nop | ldi r1, 0x80814000 | mov r2, 15; mov vw_setup, r1 | :b2 | mov vw_addr, r1"},
	} {
		out, _ := finishLines(c.in)
		var got []string
		for _, q := range out {
			got = append(got, q.text)
		}
		if g := strings.Join(got, " | "); g != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, g, c.want)
		}
	}
}

// TestFallthroughNoSideEffect: a mutex acquire on the fall-through path
// must not run on the taken path too (it would be acquired twice: the
// barrier's polling loop, kernel local_barrier).
func TestFallthroughNoSideEffect(t *testing.T) {
	in := lines("mov.setf -, ra1", "brr.allz -, :b2", "nop", "nop", "nop", "mov r1, mutex", "mov mutex, 0", ":b2", "mov r2, 1")
	wantFinish(t, in, "mov.setf -, ra1 | brr.allz -, :b2_1 | mov r2, 1 | nop | nop | mov -, mutex | mov mutex, 0 | :b2 | mov r2, 1 | :b2_1")
}

// TestDropNops: the hazard gap between a write and its reader has no
// purpose once the write moved into a delay slot (two slots apart).
func TestDropNops(t *testing.T) {
	in := lines("mov.setf -, ra1", "brr.allz -, :b5", "nop", "nop", "nop", ":b2", "mov ra4, ra2", "nop",
		"shr ra3, ra4, 8", ":b5", "mov r1, 0")
	wantFinish(t, in, "mov.setf -, ra1 | brr.allz -, :b5_1 | mov ra4, ra2 | mov r1, 0 | nop | :b2 | shr ra3, ra4, 8 | :b5 | mov r1, 0 | :b5_1")
}

// TestMutexFence: work before the VPM mutex acquire stays before it (or
// issues with it), so the critical section, which other QPUs wait for,
// does not grow.
func TestMutexFence(t *testing.T) {
	in := lines("add ra1, ra2, r0", "add rb1, rb2, r0", "mov r1, mutex", "ldi vw_setup, 0x1a00", "mov vpm, ra3", "mov mutex, 0")
	wantFinish(t, in, "add ra1, ra2, r0 | add rb1, rb2, r0; mov -, mutex | ldi vw_setup, 0x1a00 | mov vpm, ra3 | mov mutex, 0")
}

// TestMutexReleaseUrgent: the mutex release and the DMA wait it needs
// issue first, before later work of greater height (a dependence chain),
// so the critical section ends as early as its own work allows.
func TestMutexReleaseUrgent(t *testing.T) {
	in := lines("mov -, vw_wait", "mov mutex, 0", "add ra1, ra2, r0", "add ra3, ra1, r0", "add ra5, ra3, r0", "add ra7, ra5, r0")
	got := finishTexts(in)
	g := strings.Join(got, " | ")
	if i := slices.Index(got, "mov mutex, 0"); i < 0 || i > 1 {
		t.Errorf("the release is not in the first two instructions:\n got %s", g)
	}
}

// TestSFUDistanceAcrossLabel: an SFU write keeps its distance to the end
// of its stretch, since the r4 read may follow the label (§7.8: r4 from the
// 3rd instruction after the write).
func TestSFUDistanceAcrossLabel(t *testing.T) {
	in := lines("mov.setf -, ra9", "brr.allz -, :b1", "nop", "nop", "nop", "mov recip, rb2", "nop", "nop",
		"add ra1, ra2, r0", ":b1", "mov ra6, r4")
	got := finishTexts(in)
	w := slices.IndexFunc(got, func(s string) bool { return strings.Contains(s, "mov recip, rb2") })
	r := slices.Index(got, "mov ra6, r4")
	if n := r - w - 1; w < 0 || n < 3 { // the label is one of them
		t.Errorf("the r4 read is %d lines after the SFU write:\n got %s", n, strings.Join(got, " | "))
	}
}

// finishTexts runs finishLines on in and returns the text of every line.
func finishTexts(in []qinst) []string {
	out, _ := finishLines(in)
	var got []string
	for _, q := range out {
		got = append(got, q.text)
	}
	return got
}

// wantFinish requires finishLines on in to give the lines of want
// (texts joined by " | ").
func wantFinish(t *testing.T, in []qinst, want string) {
	t.Helper()
	if g := strings.Join(finishTexts(in), " | "); g != want {
		t.Errorf("got %s\nwant %s", g, want)
	}
}

// TestReadSpace: the one-space I/O reads of spec §5 take the port of their
// file; names in both spaces (unif, vpm) and accumulators take none here.
func TestReadSpace(t *testing.T) {
	for n, want := range map[string]byte{"elem_num": 'a', "vr_wait": 'a', "qpu_num": 'b', "vw_wait": 'b', "unif": 0, "vpm": 0, "r0": 0} {
		if got := readSpace[n]; got != want {
			t.Errorf("readSpace[%s] = %q, want %q", n, got, want)
		}
	}
}
