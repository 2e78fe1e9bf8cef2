// The work-item functions get_global_id, get_local_id, get_group_id,
// get_local_size, get_num_groups and get_global_size under several
// launch shapes.
// VC4: kind=uniform global=64 local=16 qpus=1,4 args=int:448:zero
// VC4: kind=uniform global=64 local=8 qpus=1,2 args=int:448:zero
// VC4: kind=uniform global=96 local=32 qpus=2 args=int:672:zero
// VC4: kind=uniform global=48 local=16 qpus=4 args=int:336:zero
__kernel void workitem_ids(__global int *out)
{
	int g = get_global_id(0);
	__global int *o = out + 7 * g;
	o[0] = g;
	o[1] = get_local_id(0);
	o[2] = get_group_id(0);
	o[3] = get_local_size(0);
	o[4] = get_num_groups(0);
	o[5] = get_global_size(0);
	o[6] = get_group_id(0) * get_local_size(0) + get_local_id(0) - g;
}
