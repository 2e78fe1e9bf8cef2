// Collatz step count of each element: a loop whose trip count differs per
// lane (from 0 to 178 iterations).
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:seq,int:64:zero
// VC4: kind=uniform global=32 local=16 qpus=1,2 args=int:32:seq:26:0,int:32:zero
// VC4: kind=divergent global=64 local=16 qpus=4 args=int:64:rand:5,int:64:zero
__kernel void collatz(__global const uint *in, __global uint *steps)
{
	int i = get_global_id(0);
	uint n = (in[i] & 1023u) + 1u;
	uint s = 0;
	while (n != 1u) {
		n = (n & 1u) ? 3u * n + 1u : n >> 1;
		s++;
	}
	steps[i] = s;
}
