#!/usr/bin/env python3
"""Code-size benchmark: static instruction counts of lltosimd vs llc.

For every C program given (default: tests/exec/c/*.c), compiles it with
clang-14 for mipsel at -O2 (freestanding, the runtime headers) and counts
the instructions of the text sections, nops excluded, in
  llc -march=mipsel -mattr=+soft-float -O2 -relocation-model=static
      (the reference; soft float like Cpu0, which has no FPU)
  lltosimd -march=cpu0el -mcpu=cpu032I -O2
  lltosimd -march=cpu0el -mcpu=cpu032II -O2
on the same IR. Prints one row per program and the totals with the ratios.
Usage: bench-size.py LLTOSIMD INCLUDE_DIR [prog.c...]
"""
import glob
import os
import subprocess
import sys
import tempfile

CLANG = "clang-14"
LLC = "/usr/lib/llvm-14/bin/llc"


def count(asm):
    """Instructions in the text sections of an assembly listing, no nops."""
    n, text = 0, True
    for line in asm.splitlines():
        s = line.strip()
        if not s or s.startswith("#") or s.startswith("$") and s.endswith(":"):
            continue
        if s.startswith("."):
            word = s.split()[0]
            if word in (".text",):
                text = True
            elif word in (".data", ".bss", ".rodata", ".sdata", ".sbss") or \
                    word == ".section" and ".text" not in s and ".mdebug" not in s:
                text = False
            continue
        if s.endswith(":"):
            continue
        if text and line[:1] in ("\t", " ") and s.split()[0] not in ("nop",):
            n += 1
    return n


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: {r.stderr.strip()}")
    return r.stdout


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    tool, inc = sys.argv[1], sys.argv[2]
    progs = sys.argv[3:] or sorted(glob.glob("tests/exec/c/*.c"))
    cols = ["llc mipsel", "cpu032I", "cpu032II"]
    print(f"{'program':<28}" + "".join(f"{c:>12}" for c in cols) + f"{'I/llc':>8}{'II/llc':>8}")
    tot = [0, 0, 0]
    skipped = []
    with tempfile.TemporaryDirectory() as d:
        for p in progs:
            ll = os.path.join(d, "p.ll")
            try:
                run([CLANG, "--target=mipsel-unknown-linux-gnu", "-O2", "-ffreestanding", "-fno-builtin",
                     "-nostdlibinc", "-I", inc, "-S", "-emit-llvm", p, "-o", ll])
                row = [count(run([LLC, "-march=mipsel", "-mattr=+soft-float", "-O2", "-relocation-model=static", ll, "-o", "-"]))]
                for cpu in ("cpu032I", "cpu032II"):
                    row.append(count(run([tool, "-march=cpu0el", f"-mcpu={cpu}", "-O2", ll, "-o", "-"])))
            except RuntimeError as e:
                skipped.append(f"{os.path.basename(p)}: {e}")
                continue
            tot = [a + b for a, b in zip(tot, row)]
            print(f"{os.path.basename(p):<28}" + "".join(f"{v:>12}" for v in row) +
                  f"{row[1] / max(row[0], 1):>8.2f}{row[2] / max(row[0], 1):>8.2f}")
    print(f"{'total':<28}" + "".join(f"{v:>12}" for v in tot) +
          f"{tot[1] / max(tot[0], 1):>8.2f}{tot[2] / max(tot[0], 1):>8.2f}")
    for s in skipped:
        print("skipped:", s)


if __name__ == "__main__":
    main()
