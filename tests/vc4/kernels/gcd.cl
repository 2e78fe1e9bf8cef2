// Euclid's algorithm per lane: a data-dependent loop with unsigned
// remainder and values that swap roles every iteration.
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:rand:1,int:64:rand:2,int:64:zero,int:64:zero
// VC4: kind=divergent global=64 local=16 qpus=1 args=int:64:seq:0:6,int:64:seq:0:4,int:64:zero,int:64:zero
// VC4: kind=uniform global=32 local=16 qpus=1 args=int:32:seq:832040:0,int:32:seq:514229:0,int:32:zero,int:32:zero
__kernel void gcd(__global const uint *a, __global const uint *b, __global uint *g, __global uint *iters)
{
	int i = get_global_id(0);
	uint x = a[i], y = b[i], n = 0;
	while (y != 0) {
		uint t = x % y;
		x = y;
		y = t;
		n++;
	}
	g[i] = x;
	iters[i] = n;
}
