// Early returns from divergent branches, also from inside a loop: lanes
// that return leave their later outputs untouched.
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:seq:-20:1,int:64:rand:1,int:64:zero
// VC4: kind=uniform global=32 local=16 qpus=1 args=int:32:seq:13:0,int:32:rand:2,int:32:zero
__kernel void early_return(__global const int *in, __global int *out, __global int *flag)
{
	int i = get_global_id(0);
	int x = in[i];
	flag[i] = 1;
	if (x % 5 == 0) {
		out[i] = -1;
		return;
	}
	if (x < 0)
		return;
	int r = 0;
	for (int k = 0; k < (x & 7); k++) {
		if (k == 5 && (x & 8))
			return;
		r += k * x;
	}
	out[i] = r;
	flag[i] = 2;
}
