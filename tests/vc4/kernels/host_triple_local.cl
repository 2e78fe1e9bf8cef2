// __local variables in host-triple IR (no --target=spir): clang erases the
// address spaces, so a kernel's __local array is an internal global
// `@host_triple_local.buf = internal global [64 x i32] undef` like any
// other. vc4run must still give each work-group its own copy: placed in the
// data image, the groups running at once on several QPUs overwrote each
// other's values (campaign stress seed 8). Groups of several waves also
// synchronize through the counter after the __local area.
// VC4: kind=divergent triple=host global=64 local=16 qpus=1,3,12 args=int:64:rand:21,int:64:zero,float:64:zero
// VC4: kind=divergent triple=host global=96 local=32 qpus=3,12 strict=1 args=int:96:rand:22,int:96:zero,float:96:zero
// VC4: kind=divergent global=64 local=16 qpus=1,3,12 args=int:64:rand:23,int:64:zero,float:64:zero
kernel void host_triple_local(global const int *in, global int *out, global float *outf)
{
	__local int buf[64];
	__local float fbuf[64];
	uint l = get_local_id(0), n = get_local_size(0);
	uint g = get_global_id(0);
	int x = in[g];
	buf[l] = x ^ (int)get_group_id(0);
	fbuf[l] = (float)(x & 1023) * 0.5f;
	barrier(CLK_LOCAL_MEM_FENCE);
	int y = buf[n - 1 - l];
	float f = fbuf[(l + 1) % n];
	if (x & 1)
		y += buf[(l + 3) % n];
	barrier(CLK_LOCAL_MEM_FENCE);
	buf[l] = y * 3;
	barrier(CLK_LOCAL_MEM_FENCE);
	out[g] = y ^ buf[(l ^ 1) % n];
	outf[g] = f;
}
