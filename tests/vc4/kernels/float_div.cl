// Float division by per-lane divisors (OpenCL 1.2 allows 2.5 ulp, so the
// comparison allows 3 ulp against the correctly rounded host result).
// VC4: kind=uniform round=rtz global=64 local=16 qpus=1,4 ulp=3 args=float:64:rand:12,float:64:seq:0.5:0.25,float:128:zero
// VC4: kind=uniform round=rtz global=32 local=16 qpus=1 ulp=3 args=float:32:seq:-100:7.5,float:32:seq:-8.25:0.5,float:64:zero
__kernel void float_div(__global const float *a, __global const float *b, __global float *q)
{
	int i = get_global_id(0);
	q[2 * i + 0] = a[i] / b[i];
	q[2 * i + 1] = 1.0f / (b[i] + 1.0f);
}
