// fabs clears the sign bit (OpenCL C 1.2 §6.12.2, C99 F.9.4.2): fabs(-0.0f)
// is +0.0f, and so fabs(-0.0f) * -2.0f is -0.0f. Reduced from the VC4
// campaign (seed 54), where the reference's x < 0 ? -x : x returned -0.
// VC4: kind=divergent global=16 local=16 qpus=1,3 args=float:16:list:-0,0,-1.5,1.5,-0,0,-3,3,-0,0,-100,100,-0.25,0.25,-0,0,float:48:zero
__kernel void fabs_signed_zero(__global const float *in, __global float *out)
{
	int i = get_global_id(0);
	float x = in[i];
	out[3 * i + 0] = fabs(x);
	out[3 * i + 1] = fabs(x * -2.0f) * -2.0f;
	out[3 * i + 2] = fabs(x) - fabs(-x);
}
