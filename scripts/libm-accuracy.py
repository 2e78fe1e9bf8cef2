#!/usr/bin/env python3
"""Measures the error of the runtime's transcendental functions
(runtime/cpu0/libm.c, compiled for the host) against mpmath in ulps of the
exact result, on random arguments over each function's range; prints the
largest error per function (the figures libm.c's header states).

    python3 scripts/libm-accuracy.py
"""
import ctypes, os, random, subprocess, tempfile
import mpmath as mp

mp.mp.prec = 200
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
so = os.path.join(tempfile.mkdtemp(), "libm.so")
subprocess.check_call(["clang-14", "-O2", "-w", "-fPIC", "-shared", "-fno-builtin", "-include",
                       os.path.join(root, "tests/rtcheck/testdata/rename-libm.h"),
                       os.path.join(root, "runtime/cpu0/libm.c"), "-o", so, "-lm"])
L = ctypes.CDLL(so)
def f(name, n=1):
    fn = getattr(L, 'rt_'+name); fn.restype = ctypes.c_double; fn.argtypes = [ctypes.c_double]*n; return fn
def ulp_err(got, exact):
    exact = mp.mpf(exact)
    if exact == 0: return 0 if got == 0 else 1e30
    m, e = mp.frexp(exact)
    u = mp.ldexp(1, e - 53)
    if abs(exact) < mp.ldexp(1, -1022): u = mp.ldexp(1, -1074)
    return float(abs(mp.mpf(got) - exact) / u)
random.seed(1)
def rnd(lo, hi):
    return random.uniform(lo, hi)
tests = {
 'sin': (mp.sin, lambda: random.choice([rnd(-10,10), rnd(-1e6,1e6), random.uniform(-1,1)*2.0**random.randint(20,1000)])),
 'cos': (mp.cos, lambda: random.choice([rnd(-10,10), rnd(-1e6,1e6), random.uniform(-1,1)*2.0**random.randint(20,1000)])),
 'tan': (mp.tan, lambda: random.choice([rnd(-10,10), rnd(-1e6,1e6)])),
 'asin': (mp.asin, lambda: rnd(-1,1)), 'acos': (mp.acos, lambda: rnd(-1,1)),
 'atan': (mp.atan, lambda: random.choice([rnd(-3,3), rnd(-100,100)])),
 'exp': (mp.exp, lambda: rnd(-745,709)), 'exp2': (lambda x: mp.power(2,x), lambda: rnd(-1074,1023)),
 'expm1': (mp.expm1, lambda: random.choice([rnd(-1,1), rnd(-40,700)])),
 'log': (mp.log, lambda: 2.0**rnd(-1070,1023)), 'log2': (lambda x: mp.log(x, 2), lambda: 2.0**rnd(-1070,1023)),
 'log10': (mp.log10, lambda: random.choice([2.0**rnd(-1070,1023), rnd(0.5,2)])), 'log1p': (mp.log1p, lambda: random.choice([rnd(-1,1), 2.0**rnd(-60,1000)])),
 'sinh': (mp.sinh, lambda: rnd(-30,30)), 'cosh': (mp.cosh, lambda: rnd(-30,30)), 'tanh': (mp.tanh, lambda: rnd(-5,5)),
 'cbrt': (lambda x: mp.sign(x)*mp.cbrt(abs(x)), lambda: random.uniform(-1,1)*2.0**random.randint(-1070,1020)),
}
for name, (ref, gen) in tests.items():
    fn = f(name); worst = 0; wx = None
    for i in range(3000):
        x = gen(); g = fn(x); e = ulp_err(g, ref(mp.mpf(x)))
        if e > worst: worst, wx = e, x
    print(f"{name:6s} max {worst:.3f} ulp at {wx!r}")
for name, ref, gen in (('pow', mp.power, lambda: random.choice([(rnd(0,10), rnd(-300,300)), (rnd(0.5,2), rnd(-1000,1000)), (float(random.randint(0,30)), float(random.randint(-20,20)))])), ('atan2', mp.atan2, lambda: (rnd(-10,10), rnd(-10,10))), ('hypot', lambda a,b: mp.sqrt(a*a+b*b), lambda: (rnd(-1e10,1e10), rnd(-1e5,1e5)))):
    fn = f(name, 2); worst = 0; wx = None
    for i in range(3000):
        x, y = gen(); g = fn(x, y)
        try: e = ulp_err(g, ref(mp.mpf(x), mp.mpf(y)))
        except Exception: continue
        if abs(g) > 1e308 or (g != 0 and abs(g) < 1e-300): continue
        if e > worst: worst, wx = e, (x, y)
    print(f"{name:6s} max {worst:.3f} ulp at {wx!r}")
