#!/usr/bin/env python3
"""SIMD register-pressure benchmark for BWDSP (issue 12, make bench-regalloc).

Every kernel of tests/exec/c/rp_*.c (each a noinline function whose loop
does 4-16 SIMD stores per iteration) is compiled for -march=bwdsp with each
register allocator, without and with OCC loop splitting
(-bwdsp-split-simd-stores=N), and run on bwdsprun. Per kernel it prints:

  stores   SIMD stores in the kernel's IR (clang -O, the loop body)
  maxv     the most SIMD values (virtual registers of a multi-lane class)
           live at once before allocation (MIR after two-address): the
           kernel needs no spill iff this fits the SIMD registers, 30
           caller-saved + 24 callee-saved numbers (spec bwdsp.md §2.7)
  spills   regalloc -stats "registers spilled" of the kernel alone, and
  (simd)   how many of them are SIMD values (-debug-only=regalloc's
           "spilling %N to" lines whose %N is of a multi-lane class)
  reloads  regalloc -stats "reloads inserted" of the kernel alone
  loops    loops created by split-simd-stores (0 when off), with "!" when
           it refused a loop (-debug-only=split-simd-stores says why)
  bundles  static bundles of the kernel (bwdsprun -func-stats)
  cycles   cycles of the kernel's run (calls included once: one call)
  bound    resource bound of what ran: the busiest §2.4 resource's uses
           over its per-bundle capacity (as make bench-bwdsp computes it),
           the unit in parentheses
  cyc/bnd  cycles over the bound (1.00 = resource-bound)
  ok       the program printed what lli prints for the same C at -O

The per-kernel regalloc counters come from compiling the kernel extracted
alone (llvm-extract -func); the code of a function does not depend on the
rest of its module. An allocator the compiler does not know is reported
and skipped.

Usage: bench-regalloc.py [--allocs "linear gra"] [--flag -pass-option=regalloc=]
                         [--splits "0 4"] [-O O2] [--only REGEXP]
(needs bin/lltosimd and bin/bwdsprun from make build)
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLANG = os.environ.get("CLANG", "clang-14")
LLI = os.environ.get("LLI", "lli")
EXTRACT = os.environ.get("LLVM_EXTRACT", "llvm-extract-14")
LLTOSIMD = os.path.join(ROOT, "bin", "lltosimd")
BWDSPRUN = os.path.join(ROOT, "bin", "bwdsprun")
TRIPLE = "mipsel-unknown-linux-gnu"  # the byte order BWDSP shares (tests/exec/bwdsp_test.go)
CFLAGS = ["-I", os.path.join(ROOT, "runtime", "include"), "-w"]

STAT_RE = re.compile(r"^\s*(\d+)\s+(\S+)\s+- (.*)$")
FUNC_RE = re.compile(
    r"^func (\S+): static bundles (\d+) slots (\d+) simd (\d+) bound (\d+) \((\S+)\); "
    r"ran bundles (\d+) cycles (\d+) slots (\d+) simd (\d+) bound (\d+) \((\S+)\)")


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def first_error(stderr):
    """The first line of a compiler's stderr that is not an llir warning."""
    for line in stderr.splitlines():
        if "using gep to index into vector types" in line:
            continue
        if line.strip():
            return line.strip()
    return "failed"


def stats(stderr):
    """Parse -stats output into {(group, description): value}."""
    out = {}
    for line in stderr.splitlines():
        m = STAT_RE.match(line)
        if m:
            out[(m.group(2), m.group(3))] = int(m.group(1))
    return out


def stat(st, group, word):
    """The counter of group whose description contains word (0 if absent)."""
    return sum(v for (g, d), v in st.items() if g == group and word in d)


BLOCK_RE = re.compile(r"^(bb(\d+)\S*):(?:\s+; preds: (.*))?$")
VREG_RE = re.compile(r"%(\d+)(?::(\w+))?")


def simd_class(cls):
    return bool(cls) and len(cls) > 1 and set(cls) <= set("xyzt")


def simd_vregs(mir):
    """The virtual registers of a multi-lane class in MIR text."""
    return {int(r) for r, cls in VREG_RE.findall(mir) if simd_class(cls)}


def max_live_simd(mir):
    """The most virtual registers of a multi-lane class (xyzt, xy, ...)
    live at once in MIR text without phis: per-block backward liveness
    (successors from the printed predecessor lists), then a backward walk
    over each block's instructions."""
    blocks, order, simd = {}, [], set()
    cur = None
    for line in mir.splitlines():
        if line.startswith("--- function:"):
            cur = None
            continue
        m = BLOCK_RE.match(line)
        if m:
            cur = int(m.group(2))
            preds = [int(x[2:].split(".")[0]) for x in (m.group(3) or "").replace(",", " ").split()]
            blocks[cur] = {"preds": preds, "instrs": []}
            order.append(cur)
            continue
        if cur is None or not line.startswith("  ") or not line.strip():
            continue
        text = line.split(";")[0]
        lhs, eq, rhs = text.partition(" = ")
        if not eq:
            lhs, rhs = "", text
        defs = set()
        for r, cls in VREG_RE.findall(lhs):
            defs.add(int(r))
            if simd_class(cls):
                simd.add(int(r))
        uses = {int(r) for r, _ in VREG_RE.findall(rhs)}
        blocks[cur]["instrs"].append((defs, uses))
    succs = {b: [] for b in blocks}
    for b, d in blocks.items():
        for p in d["preds"]:
            if p in succs:
                succs[p].append(b)
    live_in = {b: set() for b in blocks}
    changed = True
    while changed:
        changed = False
        for b in reversed(order):
            live = set().union(*[live_in[s] for s in succs[b]]) if succs[b] else set()
            for defs, uses in reversed(blocks[b]["instrs"]):
                live = (live - defs) | uses
            if live != live_in[b]:
                live_in[b], changed = live, True
    best = 0
    for b in order:
        live = set().union(*[live_in[s] for s in succs[b]]) if succs[b] else set()
        best = max(best, len(live & simd))
        for defs, uses in reversed(blocks[b]["instrs"]):
            best = max(best, len((live | defs) & simd))
            live = (live - defs) | uses
            best = max(best, len(live & simd))
    return best


def kernels(ll):
    """Kernel functions of an IR file (defined, not main) and their SIMD
    stores (vector stores in the function)."""
    ks, cur = {}, None
    for line in open(ll):
        m = re.match(r"define .*@(\w+)\(", line)
        if m:
            cur = m.group(1) if m.group(1) != "main" else None
            if cur:
                ks[cur] = 0
        elif line.startswith("}"):
            cur = None
        elif cur and re.search(r"\bstore <\d+ x ", line):
            ks[cur] += 1
    return ks


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--allocs", default="linear gra", help="allocator names (space separated)")
    ap.add_argument("--flag", default="-pass-option=regalloc=", help="flag prefix selecting an allocator")
    ap.add_argument("--splits", default="0 4", help="values of -bwdsp-split-simd-stores (0: off)")
    ap.add_argument("-O", dest="opt", default="O2")
    ap.add_argument("--only", default="", help="regexp: kernels to run")
    a = ap.parse_args()
    allocs, splits = a.allocs.split(), [int(s) for s in a.splits.split()]
    only = re.compile(a.only) if a.only else None
    tmp = tempfile.mkdtemp(prefix="bench-regalloc-")
    unknown = set()
    hdr = "%-9s %-8s %-5s %6s %4s | %6s %6s %7s %6s | %7s %7s %-14s %7s | %s"
    print(hdr % ("kernel", "alloc", "split", "stores", "maxv", "spills", "(simd)", "reloads", "+loops",
                 "bundles", "cycles", "bound", "cyc/bnd", "ok"))
    failed = False
    for src in sorted(glob.glob(os.path.join(ROOT, "tests", "exec", "c", "rp_*.c"))):
        base = os.path.join(tmp, os.path.basename(src)[:-2])
        ll, host = base + ".ll", base + ".host.ll"
        for cmd in ([CLANG, "--target=" + TRIPLE, "-" + a.opt, "-S", "-emit-llvm", src, "-o", ll] + CFLAGS,
                    [CLANG, "-" + a.opt, "-S", "-emit-llvm", src, "-o", host] + CFLAGS):
            r = run(cmd)
            if r.returncode:
                sys.exit("bench-regalloc: %s: %s" % (" ".join(cmd), r.stderr))
        want = run([LLI, host])
        ks = {k: v for k, v in kernels(ll).items() if not only or only.search(k)}
        if not ks:
            continue
        for alloc in allocs:
            if alloc in unknown:
                continue
            for split in splits:
                flags = ["-march=bwdsp", "-" + a.opt, a.flag + alloc]
                if split:
                    flags.append("-bwdsp-split-simd-stores=%d" % split)
                asm = "%s.%s.%d.s" % (base, alloc, split)
                r = run([LLTOSIMD] + flags + ["-o", asm, ll])
                if r.returncode:
                    msg = first_error(r.stderr)
                    print("%-9s %-8s %-5s error: %s" % ("*", alloc, split or "off", msg))
                    if "unknown" in msg:  # allocator (or its flag) not known
                        unknown.add(alloc)
                        break
                    failed = True
                    continue
                r = run([BWDSPRUN, "-crt0", "-rt", "-func-stats", "^(%s)$" % "|".join(ks), asm])
                ok = r.stdout == want.stdout and r.returncode == want.returncode
                failed |= not ok
                fs = {}
                for line in r.stderr.splitlines():
                    m = FUNC_RE.match(line)
                    if m:
                        fs[m.group(1)] = m
                for k in ks:
                    one = "%s.%s.ll" % (base, k)
                    e = run([EXTRACT, "-S", "-func=" + k, ll, "-o", one])
                    c = run([LLTOSIMD] + flags + ["-stats", "-debug-only=regalloc", "-o", "/dev/null", one]) if e.returncode == 0 else e
                    pre = run([LLTOSIMD] + flags + ["-stop-after=two-address", "-o", "-", one])
                    maxv = max_live_simd(pre.stdout) if pre.returncode == 0 else -1
                    vs = simd_vregs(pre.stdout)
                    vspills = sum(1 for r in re.findall(r": spilling %(\d+) to fi#", c.stderr) if int(r) in vs)
                    st = stats(c.stderr)
                    spills = stat(st, "regalloc", "spilled")
                    reloads = stat(st, "regalloc", "reloads inserted")
                    nsplit = "%d%s" % (stat(st, "split-simd-stores", "created by splitting"),
                                       "!" if stat(st, "split-simd-stores", "not split") else "")
                    m = fs.get(k)
                    if c.returncode or not m:
                        print("%-9s %-8s %-5s %6d | error: %s" % (k, alloc, split or "off", ks[k],
                                                                   first_error(c.stderr) if c.returncode else "no -func-stats"))
                        failed = True
                        continue
                    cycles, bound = int(m.group(8)), int(m.group(11))
                    print(hdr % (k, alloc, split or "off", ks[k], maxv, spills, "(%d)" % vspills, reloads, nsplit,
                                 m.group(2), cycles, "%d (%s)" % (bound, m.group(12)),
                                 "%.2f" % (cycles / bound if bound else 0), "ok" if ok else "MISMATCH"))
    if unknown:
        print("unknown allocators (skipped): %s" % " ".join(sorted(unknown)))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
