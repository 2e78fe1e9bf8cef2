// vload4/vstore4 (and vload2) on int, uint and float buffers, int4 and
// float4 arithmetic, a vload in a divergent branch; for spir and for the
// host triple (size_t offsets of two words).
// VC4: kind=divergent global=32 local=16 qpus=1,3,12 args=int:128:zero,int:256:rand:3,float:128:seq:-3:0.25
// VC4: kind=divergent triple=host global=32 local=8 qpus=1,3,12 args=int:128:zero,int:256:seq:-100:7,float:128:seq:1:0.5
kernel void vload_vstore(global int *out, global const int *in, global float *f)
{
	size_t i = get_global_id(0);
	int4 a = vload4(i, in);
	int4 b = a * 3 + (int4)(1, -2, 3, -4);
	if (a.x & 1) {
		int2 c = vload2(2 * i + 1, in + 64);
		b.yz += c;
	} else {
		int4 d = vload4(i ^ 1, in + 96);
		b += d ^ vload4(i, in + 128);
	}
	vstore4(b, i, out);
	uint4 u = vload4(i, (global const uint *)in);
	float4 x = vload4(i, f);
	float4 y = x * 0.5f + (float4)(1.0f, 2.0f, 3.0f, 4.0f);
	// Only this work-item's own words of f: f[64 + 2i] is stored by
	// work-item 16 + i/2, and a read of it would race with that store
	// (undefined in OpenCL; lli runs the work-items one after another).
	if ((u.w >> 3) & 1)
		y.xw = vload2(2 * i + 1, (global const float *)f) - y.yz;
	vstore4(y, i, f);
}
