// Float add, multiply and subtract, compares producing ints, and
// conversions both ways (float to int truncates toward zero; int and uint
// to float round to nearest even above 2^24).
// VC4: kind=divergent round=rtz global=64 local=16 qpus=1,4 args=float:64:seq:-8:0.375,float:64:rand:9,int:64:rand:10,float:384:zero,int:256:zero
// VC4: kind=divergent round=rtz global=32 local=16 qpus=1 args=float:32:seq:-3:0.25,float:32:seq:3:-0.25,int:32:seq:-16777300:1048583,float:192:zero,int:128:zero
__kernel void float_ops(__global const float *a, __global const float *b,
                        __global const int *c, __global float *fout,
                        __global int *iout)
{
	int i = get_global_id(0);
	float x = a[i], y = b[i];
	int n = c[i];
	fout[6 * i + 0] = x + y;
	fout[6 * i + 1] = x * y;
	fout[6 * i + 2] = x - y * 0.5f;
	fout[6 * i + 3] = (float)(int)x * 0.25f + (float)(i - 7);
	fout[6 * i + 4] = (float)(n * 3 + 1);
	fout[6 * i + 5] = (float)((uint)n * 300u);
	iout[4 * i + 0] = x < y;
	iout[4 * i + 1] = (x >= y) + 2 * (x == y) + 4 * (x != y);
	iout[4 * i + 2] = (int)(x * 3.0f);
	iout[4 * i + 3] = (int)(uint)((y < 0.0f ? -y : y) * 2.0f);
}
