// Each lane searches its key in a shared table: a loop with two exits (key
// found, table exhausted) whose trip count is the key's position.
// VC4: kind=divergent global=64 local=16 qpus=1,4 args=int:64:seq:-10:3,int:128:seq:200:-2,int:64:zero,i32:128
// VC4: kind=uniform global=32 local=16 qpus=1 args=int:32:seq:100:0,int:128:seq:200:-2,int:32:zero,i32:128
__kernel void linear_search(__global const int *keys, __global const int *table,
                            __global int *pos, int n)
{
	int i = get_global_id(0);
	int key = keys[i];
	int k;
	for (k = 0; k < n; k++)
		if (table[k] == key)
			break;
	pos[i] = k < n ? k : -1;
}
