// Division and remainder by constants (signed, unsigned, negative and
// power-of-two divisors), which -O2 turns into multiply-high sequences.
// VC4: kind=uniform global=16 local=16 qpus=1 args=int:16:list:-2147483648,2147483647,-1,0,1,-2,15,-15,16,-16,17,-17,1000000007,-999999999,123456789,-10,int:128:zero
// VC4: kind=uniform global=64 local=16 qpus=1,4 args=int:64:seq:-2147483648:67108863,int:512:zero
__kernel void divconst(__global const int *a, __global int *out)
{
	int i = get_global_id(0);
	int x = a[i];
	uint u = (uint)x;
	out[8 * i + 0] = x / 3;
	out[8 * i + 1] = x % 3;
	out[8 * i + 2] = x / -7;
	out[8 * i + 3] = x % 10;
	out[8 * i + 4] = x / 16;
	out[8 * i + 5] = x % 16;
	out[8 * i + 6] = (int)(u / 10u);
	out[8 * i + 7] = (int)(u % 1000u);
}
