// Single-precision a*x plus y, in place on y.
// VC4: kind=uniform round=rtz global=64 local=16 qpus=1,4 args=f32:2.5,float:64:rand:3,float:64:seq:1:0.5
// VC4: kind=uniform round=rtz global=32 local=16 qpus=1,2 args=f32:-0.75,float:32:seq:-8:0.375,float:32:rand:4
__kernel void saxpy(float a, __global const float *x, __global float *y)
{
	int i = get_global_id(0);
	y[i] = a * x[i] + y[i];
}
