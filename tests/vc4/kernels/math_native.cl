// native_ math built-ins straight from the SFU (precision implementation-
// defined, OpenCL 1.2 §7.4; the VC4 spec gives the SFU 512–1024 ulp, so the
// bound is 2048 for the two-SFU native_sqrt and native_divide).
// VC4: kind=divergent global=64 local=16 qpus=1,3,12 ulp=2048 args=float:64:rand:5,float:64:zero,float:64:zero,float:64:zero
kernel void math_native(global const float *x, global float *a, global float *b, global float *c)
{
	size_t i = get_global_id(0);
	float v = x[i] + 0.25f;
	a[i] = native_sqrt(v) * 3.0f + native_rsqrt(v);
	b[i] = native_recip(v) + native_divide(v, v + 2.5f);
	if (v < 100.0f)
		c[i] = native_exp2(v * 0.0625f) + native_log2(v);
	else
		c[i] = native_log2(v * 0.5f);
}
