// Horner evaluation of a polynomial whose degree differs per lane, then a
// float-compare-driven loop counting halvings.
// VC4: kind=divergent round=rtz global=64 local=16 qpus=1,4 args=float:64:seq:-2:0.0625,int:64:seq,float:8:list:0.5,-1.25,2,0.75,-0.125,1.5,-3,0.25,float:128:zero
// VC4: kind=uniform round=rtz global=32 local=16 qpus=1 args=float:32:seq:-1:0.0625,int:32:seq:7:0,float:8:list:1,1,1,1,1,1,1,1,float:64:zero
__kernel void float_poly(__global const float *x, __global const int *deg,
                         __global const float *coef, __global float *out)
{
	int i = get_global_id(0);
	float v = x[i], acc = 0.0f;
	int d = deg[i] & 7;
	for (int k = d; k >= 0; k--)
		acc = acc * v + coef[k];
	float m = acc < 0.0f ? -acc : acc;
	int h = 0;
	while (m >= 1.0f) {
		m *= 0.5f;
		h++;
	}
	out[2 * i + 0] = acc;
	out[2 * i + 1] = (float)h;
}
