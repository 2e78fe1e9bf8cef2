%s = type { i32, i8 }
@a = global [4 x %s] zeroinitializer
@b = global i32 0
@c = global i8* getelementptr (%s, %s* getelementptr ([4 x %s], [4 x %s]* @a, i32 0, i32 zext (i1 icmp eq (i32* @b, i32* null) to i32)), i32 0, i32 1)
