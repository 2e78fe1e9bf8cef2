// An early return in a divergent if inside the then-side of a uniform if,
// followed by more code (found by the VC4 campaign, seeds 80, 140, 197):
// the lanes that stay run the rest of the kernel masked, and the else-side
// is laid out inside that masked run.
// VC4: kind=divergent global=64 local=16 qpus=1,3,12 args=int:80:rand:5,int:64:zero,i32:9
// VC4: kind=divergent global=48 local=16 qpus=1 args=int:80:rand:6,int:64:zero,i32:-3
__kernel void early_return_join(__global const int *a, __global int *out, int n) {
  int gid = get_global_id(0);
  int v = gid;
  if (n > 0) {
    if ((a[gid] & 7) < 3) {
      out[gid] = -1;
      return;
    }
    v = a[gid + 1] * 2;
  } else
    v = n - gid;
  if ((v & 3) == 1)
    v += a[gid + 2];
  out[gid] = v + 1;
}
