// Not part of the corpus: TestDriverInit runs it on the reference driver
// only. It leaves its input buffers alone (so the driver prints them as
// initialised) and copies its scalars and work-item values into out.
__kernel void echo(__global int *i0, __global int *i1, __global int *i2,
                   __global int *i3, __global int *i4, __global float *f0,
                   __global float *f1, __global float *f2, __global float *f3,
                   int s, float f,
                   __global int *out)
{
	(void)i0; (void)i1; (void)i2; (void)i3; (void)i4; (void)f0; (void)f1; (void)f2; (void)f3;
	out[0] = s;
	out[1] = as_int(f);
	out[2] = get_global_size(0);
	out[3] = get_local_size(0);
	out[4] = get_num_groups(0);
	out[5] = get_global_id(0);
	out[6] = get_local_id(0);
	out[7] = get_group_id(0);
}
