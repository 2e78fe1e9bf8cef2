import random, sys
random.seed(7)
W = [72, 88, 120, 128, 176, 256]
out = []
P = out.append
P('target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"')
P('target triple = "mipsel-unknown-linux-gnu"')
P('')
P('@fmt = private constant [5 x i8] c"%08x\\00"')
P('@nl = private constant [5 x i8] c" %s\\0A\\00"')
P('declare i32 @printf(i8*, ...)')
P('')
# pr: print an i256 as 8 words, then a tag
P('define void @pr(i256 %v, i8* %tag) noinline {')
for k in range(7, -1, -1):
    P(f'  %s{k} = lshr i256 %v, {32*k}')
    P(f'  %w{k} = trunc i256 %s{k} to i32')
    P(f'  call i32 (i8*, ...) @printf(i8* getelementptr ([5 x i8], [5 x i8]* @fmt, i32 0, i32 0), i32 %w{k})')
P('  call i32 (i8*, ...) @printf(i8* getelementptr ([5 x i8], [5 x i8]* @nl, i32 0, i32 0), i8* %tag)')
P('  ret void')
P('}')
tags = {}
def tag(name):
    if name not in tags:
        b = name.encode() + b'\0'
        tags[name] = (f'@t.{len(tags)}', len(b))
        P_tags.append(f'{tags[name][0]} = private constant [{len(b)} x i8] c"{name}\\00"')
    g, n = tags[name]
    return f'i8* getelementptr ([{n} x i8], [{n} x i8]* {g}, i32 0, i32 0)'
P_tags = []
def rnd(w):
    k = random.choice(['full', 'small', 'neg', 'pow', 'full'])
    m = (1 << w) - 1
    if k == 'full': return random.getrandbits(w)
    if k == 'small': return random.getrandbits(random.randint(1, 40))
    if k == 'neg': return (-random.getrandbits(random.randint(1, w - 2))) & m
    return (1 << random.randint(0, w - 1)) & m
def signed(v, w):
    return v - (1 << w) if v >> (w - 1) else v
N = 3
mains = []
for w in W:
    t = f'i{w}'
    A = [rnd(w) for _ in range(N)]
    B = [rnd(w) or 3 for _ in range(N)]
    A[1] = B[1]  # equal operands
    A[2] = (1 << w) - 1
    P(f'@a{w} = global [{N} x {t}] [' + ', '.join(f'{t} {signed(v,w)}' for v in A) + '], align 8')
    P(f'@b{w} = global [{N} x {t}] [' + ', '.join(f'{t} {signed(v,w)}' for v in B) + '], align 4')
    # call ABI: args and returns
    P(f'define {t} @mad{w}(i32 %k, {t} %x, i8 %c, {t} %y, {t} %z) noinline {{')
    P(f'  %kk = zext i32 %k to {t}')
    P(f'  %cc = sext i8 %c to {t}')
    P(f'  %m = mul {t} %x, %kk')
    P(f'  %s = sub {t} %m, %y')
    P(f'  %r = xor {t} %s, %z')
    P(f'  %q = add {t} %r, %cc')
    P(f'  ret {t} %q')
    P('}')
    P(f'define void @test{w}() {{')
    P('entry:')
    P(f'  %slot = alloca [2 x {t}], align 1')
    P('  br label %loop')
    P('loop:')
    P(f'  %i = phi i32 [0, %entry], [%i.next, %next]')
    P(f'  %acc = phi {t} [{signed(random.getrandbits(w), w)}, %entry], [%acc.next, %next]')
    P(f'  %pa = getelementptr [{N} x {t}], [{N} x {t}]* @a{w}, i32 0, i32 %i')
    P(f'  %pb = getelementptr [{N} x {t}], [{N} x {t}]* @b{w}, i32 0, i32 %i')
    P(f'  %a = load {t}, {t}* %pa, align 8')
    P(f'  %b0 = load {t}, {t}* %pb, align 4')
    P(f'  %bz = icmp eq {t} %b0, 0')
    P(f'  %b = select i1 %bz, {t} 5, {t} %b0')
    vals = []
    def pr(name, v, vt=t, ext='zext'):
        P(f'  %p.{name} = {ext} {vt} {v} to i256' if vt != 'i256' else f'  %p.{name} = or i256 {v}, 0')
        P(f'  call void @pr(i256 %p.{name}, {tag(f"i{w}.{name}")})')
    # LLVM 14 (lli, the reference) has no division beyond 128 bits.
    for op in ['add', 'sub', 'mul', 'and', 'or', 'xor'] + (['udiv', 'sdiv', 'urem', 'srem'] if w <= 128 else []):
        P(f'  %{op} = {op} {t} %a, %b')
        pr(op, f'%{op}')
    # constant shifts
    for c in [1, 31, 32, 33, w // 2, w - 1]:
        for op in ['shl', 'lshr', 'ashr']:
            P(f'  %{op}k{c} = {op} {t} %a, {c}')
            pr(f'{op}k{c}', f'%{op}k{c}')
    # variable shifts: amount = b mod w
    P(f'  %amt = and {t} %b, {(1 << (w.bit_length() - 1)) - 1}')
    for op in ['shl', 'lshr', 'ashr']:
        P(f'  %{op}v = {op} {t} %a, %amt')
        pr(f'{op}v', f'%{op}v')
    # compares
    bits = []
    for j, pr_ in enumerate(['eq', 'ne', 'ult', 'ule', 'ugt', 'uge', 'slt', 'sle', 'sgt', 'sge']):
        P(f'  %c{j} = icmp {pr_} {t} %a, %b')
        P(f'  %z{j} = zext i1 %c{j} to i32')
        P(f'  %sh{j} = shl i32 %z{j}, {j}')
        bits.append(f'%sh{j}')
    cur = bits[0]
    for j, b in enumerate(bits[1:]):
        P(f'  %or{j} = or i32 {cur}, {b}')
        cur = f'%or{j}'
    pr('cmp', cur, 'i32')
    P(f'  %sel = select i1 %c6, {t} %a, {t} %b')
    pr('sel', '%sel')
    # casts
    for tw in [33, 40, 64, 65]:
        P(f'  %tr{tw} = trunc {t} %a to i{tw}')
        pr(f'tr{tw}', f'%tr{tw}', f'i{tw}', 'zext')
        pr(f'trs{tw}', f'%tr{tw}', f'i{tw}', 'sext')
    if w < 256:
        pr('sext', '%a', t, 'sext')
        P(f'  %sx300 = sext {t} %a to i300')
        P(f'  %sx300b = lshr i300 %sx300, 44')
        P(f'  %sx300c = trunc i300 %sx300b to i256')
        pr('sx300', '%sx300c', 'i256')
    P(f'  %t20 = trunc {t} %b to i20')
    P(f'  %s20 = sext i20 %t20 to {t}')
    pr('s20', '%s20')
    # memory at odd alignment
    P(f'  %pz = bitcast [2 x {t}]* %slot to i8*')
    P(f'  call void @llvm.memset.p0i8.i32(i8* %pz, i8 0, i32 {2 * ((w + 63) // 64 * 8)}, i1 false)')
    P(f'  %q1 = getelementptr [2 x {t}], [2 x {t}]* %slot, i32 0, i32 1')
    P(f'  store {t} %mul, {t}* %q1, align 1')
    P(f'  %q0 = getelementptr [2 x {t}], [2 x {t}]* %slot, i32 0, i32 0')
    P(f'  store {t} %a, {t}* %q0, align 1')
    P(f'  %pq = bitcast [2 x {t}]* %slot to i8*')
    P(f'  %pq3 = getelementptr i8, i8* %pq, i32 3')
    P(f'  %pq3w = bitcast i8* %pq3 to {t}*')
    P(f'  %ld3 = load {t}, {t}* %pq3w, align 1')
    pr('ld3', '%ld3')
    P(f'  %ld1 = load {t}, {t}* %q1, align 1')
    pr('ld1', '%ld1')
    # intrinsics
    for intr in ['ctpop', 'bitreverse']:
        P(f'  %{intr} = call {t} @llvm.{intr}.{t}({t} %a)')
        pr(intr, f'%{intr}')
    for intr in ['ctlz', 'cttz']:
        P(f'  %{intr} = call {t} @llvm.{intr}.{t}({t} %amt, i1 false)')
        pr(intr, f'%{intr}')
    if w % 16 == 0:
        P(f'  %bswap = call {t} @llvm.bswap.{t}({t} %a)')
        pr('bswap', '%bswap')
    for intr in ['smax', 'umin']:
        P(f'  %{intr} = call {t} @llvm.{intr}.{t}({t} %a, {t} %b)')
        pr(intr, f'%{intr}')
    P(f'  %abs = call {t} @llvm.abs.{t}({t} %a, i1 false)')
    pr('abs', '%abs')
    for intr in ['uadd', 'sadd', 'usub', 'ssub', 'umul', 'smul']:
        P(f'  %{intr}o = call {{{t}, i1}} @llvm.{intr}.with.overflow.{t}({t} %a, {t} %b)')
        P(f'  %{intr}v = extractvalue {{{t}, i1}} %{intr}o, 0')
        P(f'  %{intr}f = extractvalue {{{t}, i1}} %{intr}o, 1')
        pr(intr + 'v', f'%{intr}v')
        pr(intr + 'f', f'%{intr}f', 'i1')
    # call with wide args and result
    P(f'  %call = call {t} @mad{w}(i32 %i, {t} %a, i8 -3, {t} %b, {t} %acc)')
    pr('call', '%call')
    # switch on the wide value
    cv = [signed(A[0], w), -1, signed(A[N - 1] ^ 1, w)]
    P(f'  switch {t} %a, label %sd [ {t} {cv[0]}, label %s0 {t} {cv[1]}, label %s1 {t} {cv[2]}, label %s2 ]')
    for k in range(3):
        P(f's{k}:')
        P('  br label %next')
    P('sd:')
    P('  br label %next')
    P('next:')
    P(f'  %sw = phi i32 [ 10, %s0 ], [ 11, %s1 ], [ 12, %s2 ], [ 13, %sd ]')
    pr('switch', '%sw', 'i32')
    P(f'  %acc.next = add {t} %acc, %call')
    P('  %i.next = add i32 %i, 1')
    P(f'  %done = icmp eq i32 %i.next, {N}')
    P('  br i1 %done, label %exit, label %loop')
    P('exit:')
    pr('acc', '%acc.next')
    P('  ret void')
    P('}')
    for intr in ['ctpop', 'bitreverse', 'bswap']:
        P(f'declare {t} @llvm.{intr}.{t}({t})')
    for intr in ['ctlz', 'cttz', 'abs']:
        P(f'declare {t} @llvm.{intr}.{t}({t}, i1)')
    for intr in ['smax', 'umin']:
        P(f'declare {t} @llvm.{intr}.{t}({t}, {t})')
    for intr in ['uadd', 'sadd', 'usub', 'ssub', 'umul', 'smul']:
        P(f'declare {{{t}, i1}} @llvm.{intr}.with.overflow.{t}({t}, {t})')
P('declare void @llvm.memset.p0i8.i32(i8*, i8, i32, i1)')
P('define i32 @main() {')
for w in W:
    P(f'  call void @test{w}()')
P('  ret i32 0')
P('}')
print('\n'.join(out + P_tags))
