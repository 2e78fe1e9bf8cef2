; %i is used (in %body) before the block that defines it by a phi appears.
define i32 @f(i32 %n) {
entry:
  br label %head

body:
  %next = add i32 %i, 1
  %acc2 = add i32 %acc, %i
  br label %head

head:
  %acc = phi i32 [ 0, %entry ], [ %acc2, %body ]
  %i = phi i32 [ 0, %entry ], [ %next, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit

exit:
  ret i32 %acc
}
