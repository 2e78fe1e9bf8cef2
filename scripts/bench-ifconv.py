#!/usr/bin/env python3
"""If-conversion on Cpu0 and BWDSP: dynamic counts with and without it (issue 13).

For every execution-corpus program (tests/exec/c, mipsel IR), compile the
program with lltosimd twice — without and with -enable-if-conversion
(plus any extra flags) — run both and print the cycles and conditional
branches of each, the regions if-converted in the program, and the
totals. Both runs must print what lli prints for the same program; a
mismatch is reported and fails the script.

Cpu0 (-march cpu0el, the default): the runtime is compiled the same way
as the program; cpu0sim -stats also gives the dynamic instructions.
BWDSP (-march bwdsp): the program only (the runtime is bwdsprun's, -rt);
bwdsprun -stats gives bundles for instructions, and a second table gives
the vector kernels of tests/exec/c/vk_*.c (bwdsprun -func-stats: cycles
of each kernel function).

VC4 (-march vc4): every kernel of tests/vc4 (the header line with the most
waves, -O2 spir IR, on -qpus QPUs, default 1) through the corpus harness
(go test -run TestBenchVC4, which checks every run against lli), with
vc4run -enable-if-conversion=false and =true: cycles under the timing
model and branches executed, per kernel and in total; kernels more than
5% slower with if-conversion are flagged.

Usage: bench-ifconv.py [-march cpu0el|bwdsp|vc4] [-mcpu cpu032II] [-O O2] [-j 2] [-qpus 1] [extra lltosimd flags for the "on" build...]
(make bench-ifconv; needs bin/ from make build)
"""
import argparse
import concurrent.futures
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLANG = os.environ.get("CLANG", "clang-14")
LLI = os.environ.get("LLI", "lli")
LLTOSIMD = os.path.join(ROOT, "bin", "lltosimd")
CPU0SIM = os.path.join(ROOT, "bin", "cpu0sim")
BWDSPRUN = os.path.join(ROOT, "bin", "bwdsprun")
# The vector kernels of tests/exec/c/vk_*.c (scripts/bench-bwdsp.sh's list).
KERNELS = "^(saxpy|dotf|doti|firf|firi|matmulf|matmuli|cmul|cmul2|clampi|clampf|absdiff|histogram|histogram2|prefix|prefixf|collatz4|fixneg|halve|flanes)$"
TRIPLE = "mipsel-unknown-linux-gnu"
CFLAGS = ["-ffreestanding", "-fno-builtin", "-nostdlibinc", "-I", os.path.join(ROOT, "runtime", "include"), "-w"]


def run(cmd, **kw):
    # surrogateescape: some corpus programs print bytes that are not UTF-8.
    return subprocess.run(cmd, capture_output=True, text=True, errors="surrogateescape", **kw)


def check(cmd):
    r = run(cmd)
    if r.returncode != 0:
        sys.exit(f"bench-ifconv: {' '.join(cmd)}: exit {r.returncode}\n{r.stderr}")
    return r


def lltosimd(ll, out, cpu, opt, flags, march="cpu0el"):
    r = check([LLTOSIMD, "-march=" + march, "-mcpu=" + cpu, "-" + opt, "-stats", "-o", out, ll] + flags)
    m = re.search(r"^\s*(\d+) if-convert\s+- Number of regions if-converted", r.stderr, re.M)
    return int(m.group(1)) if m else 0


def runtime(work, cpu, tag, flags):
    """Compile runtime/cpu0 (C at -O2, plus the hand-written .s) with flags."""
    d = os.path.join(work, "rt-" + tag)
    os.makedirs(d, exist_ok=True)
    files = sorted(glob.glob(os.path.join(ROOT, "runtime", "cpu0", "*.s")))
    for src in sorted(glob.glob(os.path.join(ROOT, "runtime", "cpu0", "*.c"))):
        base = os.path.join(d, os.path.basename(src)[:-2])
        check([CLANG, "--target=" + TRIPLE, "-O2", "-ffreestanding", "-fno-builtin", "-S", "-emit-llvm",
               "-o", base + ".ll", src])
        lltosimd(base + ".ll", base + ".s", cpu, "O2", flags)
        files.append(base + ".s")
    return files


SIM = re.compile(r"^instructions: (\d+)\ncycles: (\d+).*?^conditional branches: (\d+) \((\d+) taken\)", re.M | re.S)


def measure(src, work, cpu, opt, rts, flags_on):
    name = os.path.basename(src)[:-2]
    ll = os.path.join(work, name + ".ll")
    check([CLANG, "--target=" + TRIPLE, "-" + opt, "-S", "-emit-llvm", "-o", ll, src] + CFLAGS)
    host = os.path.join(work, name + ".host.ll")
    check([CLANG, "-" + opt, "-S", "-emit-llvm", "-o", host, src] + CFLAGS)
    ref = run([LLI, host])
    row = {"name": name}
    for tag, flags in (("off", []), ("on", flags_on)):
        s = os.path.join(work, f"{name}.{tag}.s")
        regions = lltosimd(ll, s, cpu, opt, flags)
        r = run([CPU0SIM, "-mcpu=" + cpu, "-el", "-stats", s] + rts[tag])
        m = SIM.search(r.stderr)
        if r.stdout != ref.stdout or r.returncode != ref.returncode or not m:
            row["error"] = f"{tag}: output or exit code differs from lli (exit {r.returncode}, lli {ref.returncode})"
            return row
        row[tag] = [int(x) for x in m.groups()] + [regions]
    return row


BWSIM = re.compile(r"^bundles: (\d+)\ncycles: (\d+)\n.*?^conditional branches: (\d+) \((\d+) taken\)", re.M | re.S)
FUNC = re.compile(r"^func (\S+): .*; ran bundles \d+ cycles (\d+)", re.M)


def measure_bwdsp(src, work, cpu, opt, rts, flags_on):
    """One program on bwdsprun: [bundles, cycles, branches, taken, regions]
    per build, and the cycles of the vector kernel functions it has."""
    name = os.path.basename(src)[:-2]
    ll = os.path.join(work, name + ".ll")
    check([CLANG, "--target=" + TRIPLE, "-" + opt, "-S", "-emit-llvm", "-o", ll, src] + CFLAGS)
    host = os.path.join(work, name + ".host.ll")
    check([CLANG, "-" + opt, "-S", "-emit-llvm", "-o", host, src] + CFLAGS)
    ref = run([LLI, host])
    row = {"name": name, "kernels": {}}
    for tag, flags in (("off", []), ("on", flags_on)):
        s = os.path.join(work, f"{name}.{tag}.s")
        regions = lltosimd(ll, s, "bwl", opt, flags, "bwdsp")
        r = run([BWDSPRUN, "-crt0", "-rt", "-stats", "-func-stats", KERNELS, s])
        m = BWSIM.search(r.stderr)
        if r.stdout != ref.stdout or r.returncode != ref.returncode & 0xff or not m:
            row["error"] = f"{tag}: output or exit code differs from lli (exit {r.returncode}, lli {ref.returncode})"
            return row
        row[tag] = [int(x) for x in m.groups()] + [regions]
        for k, cyc in FUNC.findall(r.stderr):
            row["kernels"].setdefault(k, {})[tag] = int(cyc)
    return row


def vc4_report(flags, qpus):
    """Runs TestBenchVC4 with vc4run flags; returns {kernel: {column: value}}."""
    with tempfile.NamedTemporaryFile("r", suffix=".txt") as out:
        env = dict(os.environ, LLTOSIMD_VC4_FLAGS=" ".join(flags), LLTOSIMD_VC4_QPUS=str(qpus))
        r = subprocess.run(["go", "test", "-count=1", "-timeout", "60m", "-run", "^TestBenchVC4$", "./tests/vc4",
                            "-args", "-vc4report=" + out.name], cwd=ROOT, env=env, capture_output=True, text=True)
        lines = out.read().splitlines()
    if r.returncode != 0 or not lines:
        sys.exit(f"bench-ifconv: vc4 corpus with {' '.join(flags)} failed (a run differs from lli or does not run):\n"
                 + r.stdout[-4000:] + r.stderr[-2000:])
    # tabwriter columns are 2+ spaces apart (the opt column has single spaces).
    head = re.split(r"\s{2,}", lines[0].strip())
    rows = {}
    for line in lines[1:]:
        cells = dict(zip(head, re.split(r"\s{2,}", line.strip())))
        if cells.get("result") != "ok":
            sys.exit(f"bench-ifconv: vc4 {cells.get('kernel')} with {' '.join(flags)}: {cells.get('result')}")
        rows[cells["kernel"]] = cells
    return rows


def main_vc4(a):
    flags_on = ["-enable-if-conversion"] + a.flags
    off = vc4_report(["-enable-if-conversion=false"], a.qpus)
    on = vc4_report(flags_on, a.qpus)
    print(f"bench-ifconv: vc4, tests/vc4 kernels (header line with the most waves), spir IR -O2, {a.qpus} QPU(s); "
          f"off = vc4run -enable-if-conversion=false, on = {' '.join(flags_on)}; every run checked against lli")
    hdr = ("kernel", "cycles off", "cycles on", "Δ%", "instrs off", "instrs on", "Δ%", "branches off", "branches on", "Δ%",
           "div br off", "div br on")
    fmt = "{:<30}" + "{:>13}" * (len(hdr) - 1)
    print(fmt.format(*hdr))
    cols = ("cycles", "instrs", "br exec", "divergent br")
    tot = {"off": [0] * 4, "on": [0] * 4}
    worse, losers = [], []
    for k in sorted(off):
        o = [int(off[k][c]) for c in cols]
        n = [int(on[k][c]) for c in cols]
        for i in range(4):
            tot["off"][i] += o[i]
            tot["on"][i] += n[i]
        flag = ""
        if n[0] > o[0] * 1.05:
            worse.append(k)
            flag = "  > 5% slower"
        if n[0] > o[0]:
            losers.append((100.0 * (n[0] - o[0]) / o[0], k))
        print(fmt.format(k, o[0], n[0], pct(o[0], n[0]), o[1], n[1], pct(o[1], n[1]), o[2], n[2], pct(o[2], n[2]),
                         o[3], n[3]) + flag)
    o, n = tot["off"], tot["on"]
    print(fmt.format("total", o[0], n[0], pct(o[0], n[0]), o[1], n[1], pct(o[1], n[1]), o[2], n[2], pct(o[2], n[2]),
                     o[3], n[3]))
    changed = sum(1 for k in off if off[k]["cycles"] != on[k]["cycles"])
    print(f"{changed} kernels changed; more cycles with if-conversion: " +
          (", ".join(f"{k} ({p:+.2f}%)" for p, k in sorted(losers, reverse=True)) or "none"))
    print("kernels more than 5% slower with if-conversion: " + (", ".join(worse) or "none"))


def pct(a, b):
    return f"{100.0 * (b - a) / a:+.1f}" if a else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-march", default="cpu0el", choices=["cpu0el", "bwdsp", "vc4"])
    ap.add_argument("-mcpu", default="cpu032II")
    ap.add_argument("-O", dest="opt", default="O2")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("-qpus", type=int, default=1, help="vc4: QPUs of every run")
    ap.add_argument("flags", nargs="*", help="extra lltosimd (vc4: vc4run) flags of the 'on' build")
    a = ap.parse_args()
    if a.march == "vc4":
        return main_vc4(a)
    flags_on = ["-enable-if-conversion"] + a.flags
    skip = ["exec: host-only"] + (["exec: cpu0-only"] if a.march == "bwdsp" else [])
    srcs = [s for s in sorted(glob.glob(os.path.join(ROOT, "tests", "exec", "c", "*.c")))
            if not any(d in open(s).read() for d in skip)]
    bwdsp = a.march == "bwdsp"
    with tempfile.TemporaryDirectory() as work:
        if bwdsp:
            rts, fn = None, measure_bwdsp
        else:
            rts, fn = {"off": runtime(work, a.mcpu, "off", []), "on": runtime(work, a.mcpu, "on", flags_on)}, measure
        with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
            rows = list(ex.map(lambda s: fn(s, work, a.mcpu, a.opt, rts, flags_on), srcs))
    if bwdsp:
        print(f"bench-ifconv: bwdsp, mipsel IR, -{a.opt}; off = default, on = {' '.join(flags_on)} "
              "(program; runtime as bwdsprun -rt); instrs = bundles; regions: if-converted in the program")
    else:
        print(f"bench-ifconv: {a.mcpu}, mipsel IR, -{a.opt}; off = default, on = {' '.join(flags_on)} "
              "(program and runtime); regions: if-converted in the program")
    kind = "bundles" if bwdsp else "instrs"
    hdr = ("program", kind + " off", kind + " on", "Δ%", "cycles off", "cycles on", "Δ%", "branches off", "branches on", "Δ%", "regions")
    fmt = "{:<24}" + "{:>13}" * (len(hdr) - 1)
    print(fmt.format(*hdr))
    tot = {"off": [0] * 5, "on": [0] * 5}
    failed, losers = [], []
    for r in rows:
        if "error" in r:
            failed.append(r)
            print(f"{r['name']:<24} FAILED: {r['error']}")
            continue
        off, on = r["off"], r["on"]
        for k in range(5):
            tot["off"][k] += off[k]
            tot["on"][k] += on[k]
        print(fmt.format(r["name"], off[0], on[0], pct(off[0], on[0]), off[1], on[1], pct(off[1], on[1]),
                         off[2], on[2], pct(off[2], on[2]), on[4]))
        if on[1] > off[1]:
            losers.append((100.0 * (on[1] - off[1]) / off[1], r["name"]))
    off, on = tot["off"], tot["on"]
    print(fmt.format("total", off[0], on[0], pct(off[0], on[0]), off[1], on[1], pct(off[1], on[1]),
                     off[2], on[2], pct(off[2], on[2]), on[4]))
    changed = sum(1 for r in rows if "error" not in r and r["off"][:3] != r["on"][:3])
    print(f"{changed} programs changed; more cycles with if-conversion: " +
          (", ".join(f"{n} ({p:+.2f}%)" for p, n in sorted(losers, reverse=True)) or "none"))
    if bwdsp:
        kernels(rows)
    if failed:
        sys.exit(f"bench-ifconv: {len(failed)} programs disagree with lli")


def kernels(rows):
    """The vector kernel table: cycles of each kernel function off and on."""
    print()
    hdr = ("kernel", "program", "cycles off", "cycles on", "Δ%")
    fmt = "{:<14}{:<14}" + "{:>13}" * 3
    print(fmt.format(*hdr))
    tot = [0, 0]
    worst = []
    for r in rows:
        if "error" in r:
            continue
        for k, c in sorted(r["kernels"].items()):
            off, on = c.get("off", 0), c.get("on", 0)
            tot[0] += off
            tot[1] += on
            print(fmt.format(k, r["name"], off, on, pct(off, on)))
            if off and on > off * 1.05:
                worst.append(k)
    print(fmt.format("total", "", tot[0], tot[1], pct(tot[0], tot[1])))
    print("kernels more than 5% slower with if-conversion: " + (", ".join(worst) or "none"))


if __name__ == "__main__":
    main()
