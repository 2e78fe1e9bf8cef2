// loop_exit_join with a value computed at the break and a value from the
// else-side: the loop's exits and the else-side meet in one phi.
// VC4: kind=divergent global=32 local=16 qpus=1,3,12 args=int:40:rand:7,int:32:zero,i32:7
__kernel void loop_exit_join_value(__global const int *a, __global int *out, int n) {
  int gid = get_global_id(0);
  int w = 0;
  if (n > 5) {
    int i = 0, v = 0;
    do {
      i++;
      v += a[gid + i] & 255;
      if ((gid & 1) == 0 && (a[gid] & 15) < 4 + i) {
        w = v * 3 + i;
        break;
      }
      w = v;
    } while (i < (n & 7));
  } else
    w = n / (gid + 1);
  out[gid] = w;
}
