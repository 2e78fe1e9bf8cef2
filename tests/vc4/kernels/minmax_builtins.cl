// The OpenCL integer and float built-ins abs, min, max, clamp, select,
// fabs, fmin and fmax on scalars (each lane picks its own operand).
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:seq:-40:3,int:64:seq:50:-2,int:256:zero,float:64:seq:-4:0.125,float:128:zero
// VC4: kind=divergent global=16 local=16 qpus=1 args=int:16:list:-2147483647,-1,0,1,2147483647,-100,100,-101,101,5,-5,77,-77,12345678,-12345678,3,int:16:list:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,int:64:zero,float:16:list:-1.5,1.5,-1.25,1.25,0,-0.5,0.5,2,-2,3.75,-3.75,1,-1,100,-100,0.25,float:32:zero
__kernel void minmax_builtins(__global const int *a, __global const int *b,
                              __global int *out, __global const float *fa,
                              __global float *fout)
{
	int i = get_global_id(0);
	int x = a[i], y = b[i];
	out[4 * i + 0] = abs(x);
	out[4 * i + 1] = (int)((uint)min(x, y) * 2u + (uint)max(x, y));
	out[4 * i + 2] = clamp(x, -100, 100);
	out[4 * i + 3] = select(x, y, x > y);
	float f = fa[i];
	fout[2 * i + 0] = fabs(f);
	fout[2 * i + 1] = fmax(fmin(f, 1.5f), -1.25f);
}
