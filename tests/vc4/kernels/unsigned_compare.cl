// Unsigned comparisons and min/max across the sign boundary (the QPU's
// flags compare signed), next to the signed ones on the same bits.
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:seq:-2147483648:67108863,int:64:seq:2147483647:-67108861,int:256:zero
// VC4: kind=divergent global=16 local=16 qpus=1 args=int:16:list:0,-1,1,-2147483648,2147483647,-2,5,-5,100,-100,0,-1,7,7,-2147483648,2147483647,int:16:list:-1,0,-1,2147483647,-2147483648,-1,-5,5,-100,100,0,-1,8,6,-2147483648,-1,int:64:zero
__kernel void unsigned_compare(__global const uint *a, __global const uint *b, __global int *out)
{
	int i = get_global_id(0);
	uint x = a[i], y = b[i];
	int sx = (int)x, sy = (int)y;
	out[4 * i + 0] = (x < y) | (x <= y) << 1 | (x > y) << 2 | (x >= y) << 3;
	out[4 * i + 1] = (sx < sy) | (sx <= sy) << 1 | (sx > sy) << 2 | (sx >= sy) << 3;
	out[4 * i + 2] = (int)(x > y ? x : y);
	if (x < 0x80000000u && sx > -5)
		out[4 * i + 3] = (int)(x - y);
	else
		out[4 * i + 3] = (int)(y >> 3);
}
