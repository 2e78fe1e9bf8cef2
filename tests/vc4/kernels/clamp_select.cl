// Per-lane clamp and select written with the conditional operator (the
// compiler sees selects, or branches at -O0).
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:seq:-32:1,int:64:rand:1,int:64:zero,int:64:zero,i32:-10,i32:10
// VC4: kind=uniform global=64 local=16 qpus=1 args=int:64:rand:2,int:64:rand:3,int:64:zero,int:64:zero,i32:-10,i32:10
__kernel void clamp_select(__global const int *x, __global const int *y,
                           __global int *out_clamp, __global int *out_sel,
                           int lo, int hi)
{
	int i = get_global_id(0);
	int v = x[i];
	out_clamp[i] = v < lo ? lo : (v > hi ? hi : v);
	out_sel[i] = (v & 1) ? v - y[i] : y[i] + (v >> 1);
}
