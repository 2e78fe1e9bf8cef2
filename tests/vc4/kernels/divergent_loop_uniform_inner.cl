// A loop with a per-lane trip count containing a loop with a uniform trip
// count (a kernel argument).
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:seq,int:64:zero,i32:5
// VC4: kind=uniform global=32 local=16 qpus=1 args=int:32:seq:40:0,int:32:zero,i32:3
__kernel void divergent_loop_uniform_inner(__global const int *in, __global int *out, int m)
{
	int i = get_global_id(0);
	int x = in[i] & 63;
	int acc = 0;
	while (x > 0) {
		for (int j = 0; j < m; j++)
			acc += (x ^ j) & 15;
		x -= 5;
	}
	out[i] = acc;
}
