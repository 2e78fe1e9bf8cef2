@a = global [4 x i32] zeroinitializer
@b = global i32 0
define i32* @f(i32* %p) {
  %q = getelementptr inbounds i32, i32* %p, i32 zext (i1 icmp eq (i32* @b, i32* null) to i32)
  %r = getelementptr inbounds i32, i32* %q, i32 select (i1 icmp eq (i32* @b, i32* null), i32 1, i32 2)
  ret i32* %r
}
