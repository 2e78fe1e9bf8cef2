// 32-bit atomics on global memory, done under the VPM mutex one lane at a
// time (docs/vc4.md). atomic_shared: results that do not depend on the
// order in which work-items run (counts, sums, min/max, bit operations, a
// product through an atomic_cmpxchg retry loop, the sum of the values
// atomic_inc returned), under divergent conditions and on many QPUs.
// atomic_order: the values the atomics return, which depend on the order;
// on one QPU the waves run in global id order and the lanes of a wave take
// their turns from lane 0, the order of the lli reference.
// VC4: kind=divergent global=64 local=16 qpus=1,3,12 kernel=atomic_shared args=int:64:rand:3,int:16:zero,int:8:seq:1:0
// VC4: kind=divergent global=48 local=4 qpus=1,3,12 kernel=atomic_shared args=int:48:seq:-20:7,int:16:zero,int:8:seq:1:0
// VC4: kind=divergent global=64 local=16 qpus=1 kernel=atomic_order strict=1 args=int:64:rand:5,int:4:seq:100:0,int:64:zero,int:64:zero
// VC4: kind=divergent global=48 local=8 qpus=1 kernel=atomic_order strict=1 args=int:48:seq:-9:5,int:4:seq:100:0,int:48:zero,int:48:zero
kernel void atomic_shared(global const int *in, global int *hist, global uint *acc)
{
	int i = get_global_id(0);
	int x = in[i];
	atomic_inc(&hist[x & 7]);
	if (x & 8)
		atomic_add(&hist[8], x);
	else
		atomic_sub(&hist[9], i);
	atomic_min(&hist[10], x);
	atomic_max(&hist[11], x - 1000);
	atomic_or(&hist[12], 1 << (x & 31));
	atomic_xor(&hist[13], x);
	atomic_and(&acc[0], ~(1u << (i & 31)) | 0x10000u);
	atomic_min(&acc[1], (uint)x);
	atomic_max(&acc[2], (uint)x);
	uint old = atomic_inc(&acc[3]);
	atomic_add(&acc[4], old);
	if (i % 3 != 0)
		atomic_dec(&hist[14]);
	// acc[5] *= (2x + 1) with compare-and-swap (odd factors: the product
	// mod 2^32 is the same in any order).
	uint f = 2u * (uint)x + 1u, seen = acc[5], prev;
	while ((prev = atomic_cmpxchg(&acc[5], seen, seen * f)) != seen)
		seen = prev;
	atomic_xchg(&hist[15], 7);
}

kernel void atomic_order(global const int *in, global int *c, global int *o1, global int *o2)
{
	int i = get_global_id(0);
	int x = in[i];
	o1[i] = atomic_add(&c[0], x);
	if (x & 1)
		o2[i] = atomic_inc(&c[1]);
	else
		o2[i] = atomic_cmpxchg(&c[2], 100 + (i & 1), x) + atomic_xchg(&c[3], i) * 3;
}
