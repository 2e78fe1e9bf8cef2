// A divergent if in the then-side of a uniform if, ending in the same
// block as the else-side (found by the VC4 campaign).
// VC4: kind=divergent global=64 local=16 qpus=1,3,12 args=int:80:rand:3,int:64:zero,i32:9
__kernel void if_join_shared(__global const int *a, __global int *out, int n) {
  int gid = get_global_id(0);
  int v = gid;
  if (n > 0) {
    if ((a[gid] & 7) < 3)
      v = a[gid + 1] / n;
  } else
    v = a[gid + 2] / (n - 1);
  out[gid] = v;
}
