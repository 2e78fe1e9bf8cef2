# Generates wideint-mem-div.ll's module (see the header there for the EXPECT lines).
# wideint-mem-div.ll generator: i72/i176/i256 phis, loads/stores of odd byte
# counts at every alignment, casts, and division of 65..256 bits.
out = []
P = out.append
P('target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"')
P('target triple = "mipsel-unknown-linux-gnu"')
P('')
P('@fmt = private constant [5 x i8] c"%08x\\00"')
P('@nl = private constant [5 x i8] c" %s\\0A\\00"')
P('declare i32 @printf(i8*, ...)')
P('')
P('define void @pr(i256 %v, i8* %tag) noinline {')
for k in range(7, -1, -1):
    P(f'  %s{k} = lshr i256 %v, {32*k}')
    P(f'  %w{k} = trunc i256 %s{k} to i32')
    P(f'  call i32 (i8*, ...) @printf(i8* getelementptr ([5 x i8], [5 x i8]* @fmt, i32 0, i32 0), i32 %w{k})')
P('  call i32 (i8*, ...) @printf(i8* getelementptr ([5 x i8], [5 x i8]* @nl, i32 0, i32 0), i8* %tag)')
P('  ret void')
P('}')
tags = []
def tag(name):
    b = name.encode() + b'\0'
    g = f'@t.{len(tags)}'
    tags.append(f'{g} = private constant [{len(b)} x i8] c"{name}\\00"')
    return f'i8* getelementptr ([{len(b)} x i8], [{len(b)} x i8]* {g}, i32 0, i32 0)'

# packed struct with odd-width fields at odd offsets
P('%P = type <{ i8, i72, i8, i176, i16, i256, i8, i88 }>')
P('@p = global %P <{ i8 1, i72 4722366482869645213695, i8 2, i176 -1234567890123456789012345678901234567, i16 3, i256 -98765432109876543210987654321098765432109876543210, i8 4, i88 123456789012345678901234567 }>')
P('@q = global [4 x i256] zeroinitializer, align 1')
fields = [(1, 72), (3, 176), (5, 256), (7, 88)]
P('define void @mem() noinline {')
for idx, w in fields:
    P(f'  %a{idx} = getelementptr %P, %P* @p, i32 0, i32 {idx}')
    P(f'  %v{idx} = load i{w}, i{w}* %a{idx}, align 1')
    P(f'  %n{idx} = add i{w} %v{idx}, 1')
    P(f'  %x{idx} = xor i{w} %n{idx}, -6148914691236517206')
    P(f'  store i{w} %x{idx}, i{w}* %a{idx}, align 1')
    P(f'  %r{idx} = load i{w}, i{w}* %a{idx}, align 1')
    if w < 256:
        P(f'  %z{idx} = zext i{w} %r{idx} to i256')
        P(f'  %s{idx} = sext i{w} %r{idx} to i256')
        P(f'  call void @pr(i256 %z{idx}, {tag(f"mem.i{w}.zext")})')
        P(f'  call void @pr(i256 %s{idx}, {tag(f"mem.i{w}.sext")})')
    else:
        P(f'  call void @pr(i256 %r{idx}, {tag(f"mem.i{w}")})')
# stores of narrower truncations into an unaligned i256 array, byte counts 9, 22, 11
for j, (w, src) in enumerate([(72, 5), (176, 5), (88, 3)]):
    srcw = dict(fields)[src]
    P(f'  %t{j} = trunc i{srcw} %r{src} to i{w}')
    P(f'  %qa{j} = getelementptr [4 x i256], [4 x i256]* @q, i32 0, i32 {j}')
    P(f'  %qb{j} = bitcast i256* %qa{j} to i8*')
    P(f'  %qc{j} = getelementptr i8, i8* %qb{j}, i32 {j+1}')
    P(f'  %qd{j} = bitcast i8* %qc{j} to i{w}*')
    P(f'  store i{w} %t{j}, i{w}* %qd{j}, align 1')
    P(f'  %ql{j} = load i256, i256* %qa{j}, align 1')
    P(f'  call void @pr(i256 %ql{j}, {tag(f"mem.trunc.i{w}")})')
P('  ret void')
P('}')

# phis: loops carrying i72, i176, i256 (and a constant incoming value)
for w in (72, 176, 256):
    P(f'define i{w} @loop{w}(i32 %n, i{w} %seed) noinline {{')
    P('entry:')
    P('  %c0 = icmp eq i32 %n, 0')
    P('  br i1 %c0, label %done, label %body')
    P('body:')
    P(f'  %i = phi i32 [ 0, %entry ], [ %i1, %body ]')
    P(f'  %x = phi i{w} [ 12345678901234567890123, %entry ], [ %x2, %body ]')
    P(f'  %y = phi i{w} [ %seed, %entry ], [ %y1, %body ]')
    P(f'  %x1 = mul i{w} %x, 3')
    P(f'  %ie = zext i32 %i to i{w}')
    P(f'  %x2 = add i{w} %x1, %y')
    P(f'  %y1 = xor i{w} %y, %ie')
    P('  %i1 = add i32 %i, 1')
    P('  %c = icmp ult i32 %i1, %n')
    P('  br i1 %c, label %body, label %done')
    P('done:')
    P(f'  %r = phi i{w} [ -1, %entry ], [ %x2, %body ]')
    P(f'  ret i{w} %r')
    P('}')
P('define void @phis() noinline {')
for w in (72, 176, 256):
    for n in (0, 1, 7, 40):
        P(f'  %l{w}_{n} = call i{w} @loop{w}(i32 {n}, i{w} -81985529216486895)')
        P(f'  %e{w}_{n} = ' + (f'zext i{w} %l{w}_{n} to i256' if w < 256 else f'add i256 %l{w}_{n}, 0'))
        P(f'  call void @pr(i256 %e{w}_{n}, {tag(f"phi.i{w}.{n}")})')
P('  ret void')
P('}')

# division through the runtime helpers, operands not constant
vals = {
 72: [(4722366482869645213695, 98765432109), (-123456789012345678901, 65537), (-4722366482869645213696, -3)],
 128: [(170141183460469231731687303715884105727, 12345678901234567890123), (-98765432109876543210987654321, -340282366920938), (5, -7)],
 176: [(-1234567890123456789012345678901234567, 98765432109876543210), (47890485652059026823698344598447161988085597568237567, 3), (-47890485652059026823698344598447161988085597568237568, 1)],
 256: [(-98765432109876543210987654321098765432109876543210, 1234567890123456789012345678901234567), (57896044618658097711785492504343953926634992332820282019728792003956564819967, -2), (123456789, 987654321987654321)],
}
for w, pairs in vals.items():
    P(f'define void @div{w}(i{w} %a, i{w} %b) noinline {{')
    for op in ('udiv', 'sdiv', 'urem', 'srem'):
        P(f'  %{op} = {op} i{w} %a, %b')
        P(f'  %{op}.e = ' + (f'zext i{w} %{op} to i256' if w < 256 else f'add i256 %{op}, 0'))
        P(f'  call void @pr(i256 %{op}.e, i8* %tag.{op})')
    P('  ret void')
    P('}')
P('define i32 @main() {')
P('  call void @mem()')
P('  call void @phis()')
ti = 0
for w, pairs in vals.items():
    for k, (a, b) in enumerate(pairs):
        # tags are passed through a global so each @divN stays generic
        P(f"  store {tag(f'div.i{w}.{k}')}, i8** @curtag")
        P(f'  call void @div{w}(i{w} {a}, i{w} {b})')
P('  ret i32 0')
P('}')
src = '\n'.join(out)
# per-op tags: @divN reads @curtag and prints it with the op name appended via a second printf
src = src.replace('i8* %tag.udiv', 'i8* %tg').replace('i8* %tag.sdiv', 'i8* %tg').replace('i8* %tag.urem', 'i8* %tg').replace('i8* %tag.srem', 'i8* %tg')
src = src.replace('noinline {\n  %udiv', 'noinline {\n  %tg = load i8*, i8** @curtag\n  %udiv')
print(src)
print('@curtag = global i8* null')
print('\n'.join(tags))
