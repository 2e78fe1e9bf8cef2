; A phi in a block whose only predecessor traps, and a block nothing reaches.
define i32 @f(i32 %a) {
entry:
  %c = icmp eq i32 %a, 0
  br i1 %c, label %t, label %done

t:
  call void @llvm.trap()
  br label %join

dead:
  br label %join

join:
  %p = phi i32 [ 1, %t ], [ 2, %dead ]
  %q = phi i32 [ 3, %t ], [ 4, %dead ]
  ret i32 %p

done:
  ret i32 %a
}

define i32 @g(i32 %a) {
entry:
  ret i32 %a

orphan:
  %x = phi i32 [ %y, %orphan2 ]
  ret i32 %x

orphan2:
  %y = add i32 %a, 1
  br label %orphan
}

declare void @llvm.trap()
