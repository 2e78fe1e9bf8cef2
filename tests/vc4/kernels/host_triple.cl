// Compiled for the host triple (no --target=spir): size_t, get_global_id
// and the other work-item functions are i64, so index arithmetic is 64-bit
// (two words per value on the QPU), including i64 division and remainder
// (calls to __divdi3 and friends in generic MIR), dimensions 1 and 2.
// VC4: kind=divergent triple=host global=64 local=16 qpus=1,3,12 args=int:256:zero,int:64:rand:7,i32:-37,i32:5
// VC4: kind=divergent triple=host global=48 local=8 qpus=1,3,12 args=int:192:zero,int:48:seq:-1000:77,i32:1000003,i32:-3
kernel void host_triple(global int *out, global const int *in, int n, int m)
{
	size_t i = get_global_id(0);
	size_t gs = get_global_size(0);
	long x = (long)in[i] * (long)n - (long)i * 1000000007L;
	long y = x / (long)m;
	long z = x % (long)(m * 7);
	size_t j = (i * 7 + (size_t)(n & 15)) % gs;
	size_t q = (i + 1) * 0x100000001UL / (gs + (size_t)(m & 3));
	size_t acc = 0;
	for (size_t k = i % 5; k < 8; k++)
		acc += (size_t)in[(j + k) % gs] >> (k & 3);
	out[4 * i] = (int)y ^ (int)(y >> 32);
	out[4 * i + 1] = (int)z + (int)(z >> 32) * 3 + (int)in[j];
	out[4 * i + 2] = (int)q + (int)(q >> 32) * 5 + (int)(acc >> 1) + (int)(acc >> 33);
	out[4 * i + 3] = (int)(get_local_id(0) + get_group_id(0) * 100 + get_local_size(0) * 10000 +
		get_num_groups(0) * 1000000 + get_global_id(1) + get_global_id(2) * 3 + get_global_size(1) * 5 +
		get_global_size(2) * 7 + get_local_size(2) * 11 + get_num_groups(1) * 13 + get_group_id(2) * 17 +
		get_local_id(1) * 19 + get_work_dim() * 23 + get_global_offset(0) * 29);
}
