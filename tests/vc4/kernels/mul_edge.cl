// 32-bit multiplication beyond the QPU's 24-bit multiplier: full wrapping
// products of large, negative and extreme operands, by constants and by
// per-lane values.
// VC4: kind=divergent global=16 local=16 qpus=1 args=int:16:list:-2147483648,2147483647,-1,0,1,16777215,16777216,-16777216,123456789,-987654321,65536,-65537,46341,-46341,8388607,305419896,int:16:list:3,-3,2147483647,-2147483648,-1,16777215,16777216,-2,-123456789,555555555,65536,65537,46341,46340,-8388608,-1,int:96:zero
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:seq:-2147483648:67108863,int:64:seq:1999999999:-61035157,int:384:zero
// VC4: kind=uniform global=32 local=16 qpus=1 args=int:32:seq:-77777:0,int:32:seq:99999:0,int:192:zero
__kernel void mul_edge(__global const int *a, __global const int *b, __global int *out)
{
	int i = get_global_id(0);
	uint x = (uint)a[i], y = (uint)b[i];
	out[6 * i + 0] = (int)(x * y);
	out[6 * i + 1] = (int)(x * 12345u);
	out[6 * i + 2] = (int)(x * (uint)-7);
	out[6 * i + 3] = (a[i] >> 16) * (b[i] >> 16);
	out[6 * i + 4] = (int)((x & 0xffffffu) * (y & 0xffffffu));
	out[6 * i + 5] = (int)(x * x + y * 1000003u);
}
