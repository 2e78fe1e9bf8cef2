// Branches on kernel arguments are uniform (all lanes agree); the final
// condition depends on the element and diverges.
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:rand:20,int:64:zero,i32:0,i32:4000000
// VC4: kind=divergent global=64 local=16 qpus=1 args=int:64:seq:-32:1,int:64:zero,i32:1,i32:5
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:seq,int:64:zero,i32:2,i32:10
__kernel void uniform_arg_branch(__global const int *in, __global int *out, int mode, int k)
{
	int i = get_global_id(0);
	int x = in[i];
	int r;
	if (mode == 0) {
		r = x + k;
	} else if (mode == 1) {
		r = x * k;
	} else {
		r = 0;
		for (int j = 0; j < k; j++)
			r += x ^ j;
	}
	if (x > k)
		r = -r;
	out[i] = r;
}
