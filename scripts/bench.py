#!/usr/bin/env python3
"""Compile-speed benchmark: lltosimd vs llc on the same large .ll file.

Runs the two commands alternately (so machine noise hits both alike), and
reports the median wall time, CPU time (user+system, which a loaded
machine disturbs less than wall time) and peak resident memory of each,
and the ratios. Usage: bench.py LLTOSIMD BIG.ll [RUNS]
"""
import os
import resource
import statistics
import subprocess
import sys
import time

LLC = "/usr/lib/llvm-14/bin/llc"


def measure(cmd):
    """Run cmd in a fresh child and return (wall s, CPU s, peak RSS in MiB)."""
    r, w = os.pipe()
    t0 = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.execv(cmd[0], cmd)
    os.close(w)
    os.close(r)
    _, status, usage = os.wait4(pid, 0)
    dt = time.perf_counter() - t0
    if status != 0:
        sys.exit(f"bench: {' '.join(cmd)} failed with status {status}")
    return dt, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    tool, ll = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    ninstr = sum(1 for line in open(ll) if line.startswith("  ") and not line.startswith("  ;"))
    cmds = {
        "llc -march=mipsel -O0": [LLC, "-march=mipsel", "-O0", ll, "-o", "/dev/null"],
        "lltosimd -march=cpu0el": [tool, "-march=cpu0el", ll, "-o", "/dev/null"],
    }
    res = {k: ([], [], []) for k in cmds}
    for _ in range(runs):
        for k, c in cmds.items():
            for series, v in zip(res[k], measure(c)):
                series.append(v)
    print(f"input: {ll} ({os.path.getsize(ll) / 1e6:.1f} MB, ~{ninstr} IR instructions), {runs} alternating runs each")
    print(f"{'command':<26} {'median s':>9} {'min s':>7} {'cpu s':>7} {'peak MiB':>9}")
    med = {}
    for k, (ts, cs, ms) in res.items():
        med[k] = (statistics.median(ts), statistics.median(cs), statistics.median(ms))
        print(f"{k:<26} {med[k][0]:9.3f} {min(ts):7.3f} {med[k][1]:7.3f} {med[k][2]:9.1f}")
    (lt, lc, lm), (ot, oc, om) = med["llc -march=mipsel -O0"], med["lltosimd -march=cpu0el"]
    print(f"ratio lltosimd/llc: time {ot / lt:.2f}x, cpu {oc / lc:.2f}x, memory {om / lm:.2f}x")


main()
