// OpenCL vector types inside one work-item: int4 and float4 arithmetic,
// compares and selects on lane masks, swizzles, int4/float4 loads and stores
// and lane sums. The code generator runs one work-item per lane on scalar MIR, so
// vector-legalize splits these vectors into their lanes first.
// VC4: kind=uniform global=32 local=16 qpus=1,2 args=int:128:seq:-60:1,float:128:seq,int:32:zero,float:128:zero
__kernel void vector_types(__global const int *a, __global const float *f,
                           __global int *out, __global float *fout)
{
	int i = get_global_id(0);
	int4 v = ((__global const int4 *)a)[i];
	int4 w = v * (int4)(2, 3, 4, 5) + (v > 4 ? (int4)(100) : (int4)(7));
	w = w.wzyx - (v << 2) + (w >> (int4)(1, 2, 3, 0));
	out[i] = w.x + w.y + w.z + w.w;
	float4 x = ((__global const float4 *)f)[i];
	float4 y = x * 0.5f + (float4)(1.0f, 2.0f, 3.0f, 4.0f);
	((__global float4 *)fout)[i] = x < 9.0f ? y : y.yxwz - x;
}
