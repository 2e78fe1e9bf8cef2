// Signed and unsigned division and remainder by per-lane divisors: large
// and negative operands, INT_MIN by divisors other than -1. Zero divisors
// and INT_MIN / -1 are replaced before dividing.
// VC4: kind=divergent global=16 local=16 qpus=1 args=int:16:list:-2147483648,-2147483648,2147483647,-2147483647,-1,0,1,100,-100,7,-7,16777217,-16777217,1000000000,-999999999,42,int:16:list:2,-2,-1,3,2147483647,5,-2147483648,-7,7,-100,100,4096,-3,-1000000000,33333,0,int:64:zero
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:rand:19,int:64:seq:-40:3,int:256:zero
// VC4: kind=divergent global=64 local=16 qpus=1 args=int:64:seq:-2147483648:67108863,int:64:seq:1999999999:-61035157,int:256:zero
// VC4: kind=uniform global=32 local=16 qpus=1 args=int:32:seq:-1234567:0,int:32:seq:89:0,int:128:zero
__kernel void divrem(__global const int *a, __global const int *b, __global int *out)
{
	int i = get_global_id(0);
	int x = a[i], y = b[i];
	if (y == 0)
		y = 1;
	if (x == INT_MIN && y == -1)
		y = 1;
	out[4 * i + 0] = x / y;
	out[4 * i + 1] = x % y;
	uint ux = (uint)x, uy = (uint)y;
	out[4 * i + 2] = (int)(ux / uy);
	out[4 * i + 3] = (int)(ux % uy);
}
