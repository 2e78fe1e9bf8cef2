// A loop with a uniform trip count (a kernel argument) whose body branches
// on a per-lane bit.
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:rand:31,int:64:zero,i32:20
// VC4: kind=uniform global=32 local=16 qpus=1 args=int:32:seq:-1:0,int:32:zero,i32:20
// VC4: kind=uniform global=32 local=16 qpus=1 args=int:32:seq,int:32:zero,i32:0
__kernel void uniform_loop_divergent_body(__global const uint *in, __global uint *out, int n)
{
	int i = get_global_id(0);
	uint x = in[i], acc = 0;
	for (int k = 0; k < n; k++) {
		if ((x >> k) & 1u)
			acc = acc * 3u + (uint)k;
		else
			acc ^= (uint)k << 4;
	}
	out[i] = acc;
}
