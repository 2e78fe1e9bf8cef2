package campaign

import (
	"bytes"
	"fmt"
)

// BigModule returns a deterministic, valid LLVM IR module of at least size
// bytes for the memory and time bounds of the whole pipeline. Its functions
// mix everything the backend handles per function (loops with phis,
// compares, selects, switches, 32- and 64-bit arithmetic, global loads and
// stores, calls), so every pass sees real work, and each calls its
// predecessor so that nothing is trivially dead.
func BigModule(size int) []byte {
	var b bytes.Buffer
	b.WriteString("target datalayout = \"e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64\"\n")
	b.WriteString("target triple = \"mipsel-unknown-linux-gnu\"\n\n")
	b.WriteString("@tab = global [64 x i32] zeroinitializer, align 4\n\n")
	b.WriteString("define i32 @f0(i32 %a, i32 %b) {\n  %s = add i32 %a, %b\n  ret i32 %s\n}\n\n")
	for i := 1; b.Len() < size; i++ {
		k1, k2, k3 := i%97+1, i%31+3, i%13
		fmt.Fprintf(&b, `define i32 @f%[1]d(i32 %%a, i32 %%b) {
entry:
  %%n = and i32 %%b, 15
  %%w = sext i32 %%a to i64
  %%w2 = mul i64 %%w, %[2]d
  br label %%loop

loop:
  %%i = phi i32 [ 0, %%entry ], [ %%i.next, %%latch ]
  %%acc = phi i32 [ %[3]d, %%entry ], [ %%acc.next, %%latch ]
  %%idx = and i32 %%i, 63
  %%p = getelementptr inbounds [64 x i32], [64 x i32]* @tab, i32 0, i32 %%idx
  %%v = load i32, i32* %%p, align 4
  %%odd = and i32 %%v, 1
  %%c = icmp eq i32 %%odd, 0
  br i1 %%c, label %%even, label %%latch

even:
  %%m = mul i32 %%acc, %[4]d
  %%x = xor i32 %%m, %%i
  store i32 %%x, i32* %%p, align 4
  br label %%latch

latch:
  %%acc.next = phi i32 [ %%x, %%even ], [ %%acc, %%loop ]
  %%i.next = add nuw nsw i32 %%i, 1
  %%done = icmp sge i32 %%i.next, %%n
  br i1 %%done, label %%exit, label %%loop

exit:
  %%r = call i32 @f%[5]d(i32 %%acc.next, i32 %%a)
  %%lo = trunc i64 %%w2 to i32
  %%gt = icmp sgt i32 %%r, %%lo
  %%sel = select i1 %%gt, i32 %%r, i32 %%lo
  switch i32 %%sel, label %%def [
    i32 0, label %%s0
    i32 1, label %%s1
    i32 7, label %%s2
  ]

s0:
  br label %%out
s1:
  %%t1 = shl i32 %%sel, 3
  br label %%out
s2:
  %%t2 = udiv i32 %%sel, %[6]d
  br label %%out
def:
  %%t3 = ashr i32 %%sel, 2
  br label %%out

out:
  %%res = phi i32 [ 11, %%s0 ], [ %%t1, %%s1 ], [ %%t2, %%s2 ], [ %%t3, %%def ]
  ret i32 %%res
}

`, i, k1, k2, k3+2, i-1, k3+1)
	}
	return b.Bytes()
}
