// sqrt and rsqrt (SFU estimate + Newton refinement), floor; ulp bound 3
// (docs/vc4.md: sqrt, rsqrt within 2 ulp of the correctly rounded result
// on the simulator, whose float adder and multiplier round toward zero).
// VC4: kind=divergent global=64 local=16 qpus=1,3,12 ulp=3 args=float:64:rand:11,float:64:zero,float:64:zero,float:64:zero
// VC4: kind=divergent global=48 local=8 qpus=1,3,12 ulp=3 args=float:48:seq:-7.75:0.3125,float:48:zero,float:48:zero,float:48:zero
kernel void math_sqrt_floor(global const float *x, global float *s, global float *r, global float *f)
{
	size_t i = get_global_id(0);
	float v = x[i];
	float a = fabs(v) * 37.0f + 0.001f;
	s[i] = sqrt(a);
	r[i] = rsqrt(a);
	float fl = floor(v);
	if (v > 0.0f)
		fl += sqrt(v * 1000.0f);
	f[i] = fl + floor(-v * 3.5f) * 0.25f;
}
