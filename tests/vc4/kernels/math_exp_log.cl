// exp, exp2, log, log2, log10, sin, cos, tan, mad and mix (docs/vc4.md:
// within 3 ulp of the host libm on these ranges; |x| ≤ 6000 for the
// trigonometric functions). Arguments reach the built-ins unrounded (only
// exact scalings), so the QPU's round-toward-zero multiplier cannot move
// them; divergent branches choose the functions per lane.
// VC4: kind=divergent global=64 local=16 qpus=1,3,12 ulp=3 args=float:64:seq:-87:2.75,float:64:rand:7,float:64:zero,float:64:zero,float:64:zero,float:64:zero
// VC4: kind=divergent global=48 local=8 qpus=1,3 ulp=3 args=float:48:seq:-2999:125.1875,float:48:seq:0.001:3.25,float:48:zero,float:48:zero,float:48:zero,float:48:zero
kernel void math_exp_log(global const float *x, global const float *y, global float *e,
                         global float *l, global float *t, global float *m)
{
	size_t i = get_global_id(0);
	float v = x[i];
	float w = y[i] + 0.5f;
	e[i] = (i & 1) ? exp(v * 0.5f) : exp2(v * 0.25f);
	float a = fabs(v) + w;
	if (i % 3 == 0)
		l[i] = log(a);
	else if (i % 3 == 1)
		l[i] = log2(w);
	else
		l[i] = log10(a * 8.0f);
	float s = sin(v), c = cos(v);
	t[i] = (v > 0.0f) ? s : c;
	if (fabs(v) < 70.0f)
		t[i] = tan(v * 0.0078125f);
	m[i] = (i & 1) ? mad(w, w, a) : mix(w, a, 0.25f);
}
