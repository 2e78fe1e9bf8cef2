// A loop with divergent exits (one a break) in the then-side of a uniform
// if whose else-side ends in the same block: the loop's lanes rejoin
// after the else-side in layout order (found by the VC4 campaign).
// VC4: kind=divergent global=32 local=16 qpus=1,3,12 args=int:40:rand:7,int:32:zero,i32:7
__kernel void loop_exit_join(__global const int *a, __global int *out, int n) {
  int gid = get_global_id(0);
  if (n > 5) {
    int i = 0;
    do {
      i++;
      out[gid] += a[gid + i] & 255;
      if ((gid & 1) == 0 && (a[gid] & 15) < 4 + i)
        break;
    } while (i < (n & 7));
  } else
    out[gid] = -1;
}
