; Switch and unreachable shapes whose phis used to lose the correspondence
; between incoming entries and predecessors (phi-elim: "PHI ... has no value
; for predecessor"): an `unreachable` block selected into no code fell
; through into the next block in layout (a join with phis), and one at the
; end of a function got a jump to itself (a self-loop the phis knew nothing
; of). Also several switch cases and the default into one phi block, a
; jump table with repeated targets, a self-loop whose latch is a switch
; with a select, and an i64 switch.
; The EXPECT lines are lli's output for this module with the host triple.
; EXPECT: unreach 31 7 6 162 -2
; EXPECT: cases 100 7 7 27 7 60 7 7
; EXPECT: table 8 20 23 21 12 2 25 26 27
; EXPECT: selfloop 3 3 32 99 302 8238
; EXPECT: sw64 5 5 30 60 5
; EXPECT-EXIT: 24
target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@f.unreach = private constant [24 x i8] c"unreach %d %d %d %d %d\0A\00"
@f.cases = private constant [31 x i8] c"cases %d %d %d %d %d %d %d %d\0A\00"
@f.table = private constant [34 x i8] c"table %d %d %d %d %d %d %d %d %d\0A\00"
@f.selfloop = private constant [28 x i8] c"selfloop %d %d %d %d %d %d\0A\00"
@f.sw64 = private constant [21 x i8] c"sw64 %d %d %d %d %d\0A\00"

declare i32 @printf(i8*, ...)
declare void @exit(i32) noreturn

; The default is unreachable and its block lies right before the loop latch,
; whose phis have entries for %c0 and %c1 only (clang -O2 shape).
define i32 @unreach(i32 %x) noinline {
entry:
  br label %loop
loop:
  %a = phi i32 [ %x, %entry ], [ %a.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %k = and i32 %a, 3
  switch i32 %k, label %dead [
    i32 0, label %c0
    i32 1, label %c1
    i32 2, label %out
    i32 3, label %out
  ]
c0:
  %s0 = add nsw i32 %s, %a
  %h = sdiv i32 %a, 2
  %a0 = add nsw i32 %h, 7
  br label %latch
c1:
  %gt = icmp sgt i32 %s, %a
  %a1 = add nsw i32 %a, 5
  %m = select i1 %gt, i32 %s, i32 %a
  br label %latch
dead:
  unreachable
latch:
  %a.next = phi i32 [ %a0, %c0 ], [ %a1, %c1 ]
  %s.next = phi i32 [ %s0, %c0 ], [ %m, %c1 ]
  %big = icmp sgt i32 %s.next, 500
  br i1 %big, label %out, label %loop
out:
  %r = phi i32 [ %a, %loop ], [ %a, %loop ], [ %s.next, %latch ]
  %q = add i32 %r, %s
  ret i32 %q
}

; Sparse cases (a compare tree) and the default into one phi block: one
; phi entry per edge, the same value for the edges from %sw.
define i32 @cases(i32 %x) noinline {
entry:
  %c = icmp slt i32 %x, 50
  br i1 %c, label %sw, label %join
sw:
  switch i32 %x, label %join [
    i32 1, label %join
    i32 5, label %join
    i32 9, label %mid
    i32 20, label %mid
    i32 33, label %join
    i32 -4, label %join
  ]
mid:
  %y = mul i32 %x, 3
  br label %join
join:
  %r = phi i32 [ 100, %entry ], [ 7, %sw ], [ 7, %sw ], [ 7, %sw ], [ 7, %sw ], [ 7, %sw ], [ %y, %mid ]
  ret i32 %r
}

; A dense switch (a jump table) with the default and several cases into the
; same phi block, which the switch block also reaches by its range check.
define i32 @table(i32 %x) noinline {
entry:
  %x2 = add i32 %x, 20
  switch i32 %x, label %join [
    i32 0, label %join
    i32 1, label %join
    i32 2, label %two
    i32 3, label %join
    i32 4, label %four
    i32 5, label %join
    i32 6, label %join
  ]
two:
  br label %join
four:
  %f = mul i32 %x, 3
  br label %join
join:
  %r = phi i32 [ %x2, %entry ], [ %x2, %entry ], [ %x2, %entry ], [ %x2, %entry ], [ %x2, %entry ], [ %x2, %entry ], [ 8, %two ], [ %f, %four ]
  ret i32 %r
}

; A loop block that is its own predecessor through two switch edges (the
; default and a case), with a select feeding the switch.
define i32 @selfloop(i32 %n) noinline {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ], [ %i1, %loop ], [ %i2, %skip ]
  %s = phi i32 [ 1, %entry ], [ %s1, %loop ], [ %s1, %loop ], [ %s1, %skip ]
  %i1 = add i32 %i, 1
  %t = mul i32 %s, 3
  %s1 = add i32 %t, %i
  %done = icmp sge i32 %i1, %n
  %k = urem i32 %i1, 4
  %key = select i1 %done, i32 9, i32 %k
  switch i32 %key, label %loop [
    i32 0, label %skip
    i32 1, label %loop
    i32 9, label %exit
  ]
skip:
  %i2 = add i32 %i1, 1
  br label %loop
exit:
  ret i32 %s1
}

; An i64 switch (a compare chain) with repeated targets.
define i32 @sw64(i64 %x) noinline {
entry:
  switch i64 %x, label %join [
    i64 4294967296, label %join
    i64 3, label %hit
    i64 -1, label %join
    i64 12884901891, label %hit
  ]
hit:
  %lo = trunc i64 %x to i32
  %hi = lshr i64 %x, 32
  %h = trunc i64 %hi to i32
  %v = add i32 %lo, %h
  %w = mul i32 %v, 10
  br label %join
join:
  %r = phi i32 [ 5, %entry ], [ 5, %entry ], [ 5, %entry ], [ %w, %hit ]
  ret i32 %r
}

; main ends in a block with a phi, a noreturn call and unreachable: the
; last block of the function.
define i32 @main() {
entry:
  %u0 = call i32 @unreach(i32 12)
  %u1 = call i32 @unreach(i32 1)
  %u2 = call i32 @unreach(i32 6)
  %u3 = call i32 @unreach(i32 100)
  %u4 = call i32 @unreach(i32 -7)
  %p0 = getelementptr [24 x i8], [24 x i8]* @f.unreach, i32 0, i32 0
  call i32 (i8*, ...) @printf(i8* %p0, i32 %u0, i32 %u1, i32 %u2, i32 %u3, i32 %u4)
  %c0 = call i32 @cases(i32 60)
  %c1 = call i32 @cases(i32 1)
  %c2 = call i32 @cases(i32 5)
  %c3 = call i32 @cases(i32 9)
  %c4 = call i32 @cases(i32 10)
  %c5 = call i32 @cases(i32 20)
  %c6 = call i32 @cases(i32 -4)
  %c7 = call i32 @cases(i32 33)
  %p1 = getelementptr [31 x i8], [31 x i8]* @f.cases, i32 0, i32 0
  call i32 (i8*, ...) @printf(i8* %p1, i32 %c0, i32 %c1, i32 %c2, i32 %c3, i32 %c4, i32 %c5, i32 %c6, i32 %c7)
  %t0 = call i32 @table(i32 2)
  %t1 = call i32 @table(i32 0)
  %t2 = call i32 @table(i32 3)
  %t3 = call i32 @table(i32 1)
  %t4 = call i32 @table(i32 4)
  %t5 = call i32 @table(i32 -18)
  %t6 = call i32 @table(i32 5)
  %t7 = call i32 @table(i32 6)
  %t8 = call i32 @table(i32 7)
  %p2 = getelementptr [34 x i8], [34 x i8]* @f.table, i32 0, i32 0
  call i32 (i8*, ...) @printf(i8* %p2, i32 %t0, i32 %t1, i32 %t2, i32 %t3, i32 %t4, i32 %t5, i32 %t6, i32 %t7, i32 %t8)
  %l0 = call i32 @selfloop(i32 0)
  %l1 = call i32 @selfloop(i32 1)
  %l2 = call i32 @selfloop(i32 3)
  %l3 = call i32 @selfloop(i32 4)
  %l4 = call i32 @selfloop(i32 6)
  %l5 = call i32 @selfloop(i32 9)
  %p3 = getelementptr [28 x i8], [28 x i8]* @f.selfloop, i32 0, i32 0
  call i32 (i8*, ...) @printf(i8* %p3, i32 %l0, i32 %l1, i32 %l2, i32 %l3, i32 %l4, i32 %l5)
  %w0 = call i32 @sw64(i64 4294967296)
  %w1 = call i32 @sw64(i64 0)
  %w2 = call i32 @sw64(i64 3)
  %w3 = call i32 @sw64(i64 12884901891)
  %w4 = call i32 @sw64(i64 -1)
  %p4 = getelementptr [21 x i8], [21 x i8]* @f.sw64, i32 0, i32 0
  call i32 (i8*, ...) @printf(i8* %p4, i32 %w0, i32 %w1, i32 %w2, i32 %w3, i32 %w4)
  %odd = and i32 %l5, 1
  %isodd = icmp ne i32 %odd, 0
  br i1 %isodd, label %a, label %b
a:
  br label %fin
b:
  %v = add i32 %l2, -8
  br label %fin
fin:
  %code = phi i32 [ 3, %a ], [ %v, %b ]
  call void @exit(i32 %code) noreturn
  unreachable
}
