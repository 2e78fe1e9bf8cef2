// Each work-item sums a strided slice in[i], in[i+G], in[i+2G], ... of a
// buffer whose length is not a multiple of the global size, so the trip
// count differs between lanes.
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:1000:rand:11,int:64:zero,i32:1000
// VC4: kind=uniform global=32 local=16 qpus=1,2 args=int:256:seq,int:32:zero,i32:256
__kernel void reduce_strided(__global const int *in, __global int *out, int n)
{
	int i = get_global_id(0);
	int stride = get_global_size(0);
	int s = 0;
	for (int k = i; k < n; k += stride)
		s += in[k];
	out[i] = s;
}
