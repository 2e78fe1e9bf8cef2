#!/usr/bin/env python3
"""Generate a large, deterministic C program for the compile-speed benchmark.

Each function mixes loops, branches, switches, arrays, calls and 64-bit
arithmetic, so the IR exercises every stage of the backend. Usage:
    genbig.py N > big.c        (N functions; 600 gives > 50k IR instructions at -O0)
"""
import random
import sys

def func(i, rng):
    k = [rng.randint(1, 97) for _ in range(8)]
    callee = f"f{rng.randrange(i)}" if i > 0 else None
    call = f"acc += {callee}(a ^ {k[0]}, b + {k[1]});" if callee else "acc += a;"
    return f"""
int f{i}(int a, int b) {{
    int acc = {k[2]}, t[8];
    long long w = (long long)a * {k[3]};
    for (int j = 0; j < 8; j++) t[j] = (a + j * {k[4]}) ^ (b >> (j & 3));
    for (int j = 0; j < (b & 15); j++) {{
        if (t[j & 7] & 1) acc += t[(j + 3) & 7] * {k[5]};
        else if (acc > {k[6]} * 100) acc -= j;
        else acc ^= (acc << 3) | (unsigned)acc >> 29;
        if (acc == {k[7]}) break;
    }}
    switch (a & 7) {{
    case 0: acc += 11; break;
    case 1: acc -= b; break;
    case 2: acc = acc * 3 + 1; break;
    case 5: acc ^= 0x5a5a; break;
    case 6: acc = (acc < b) ? b : acc; break;
    default: acc += (int)(w >> 7);
    }}
    {call}
    return acc + (int)(w % {k[0] + 1});
}}
"""

def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    rng = random.Random(12345)
    out = [func(i, rng) for i in range(n)]
    out.append(f"int main(void) {{ return f{n - 1}(3, 5) & 0x7f; }}\n")
    sys.stdout.write("".join(out))

main()
