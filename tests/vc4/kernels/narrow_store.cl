// 8- and 16-bit stores: neighbouring lanes (and, with small work-groups,
// neighbouring QPUs) write neighbouring bytes and halfwords of one word,
// which must all survive (no read-modify-write of the word); stores under
// a divergent condition keep the untouched bytes' initial contents; a
// stride-3 byte store takes the per-lane path at top level; uchar4 and
// short2 vector stores.
// VC4: kind=divergent global=64 local=16 qpus=1,3,12 args=int:64:rand:3,int:16:rand:4,int:32:rand:5,int:64:rand:6,int:64:zero,int:32:zero
// VC4: kind=divergent global=48 local=4 qpus=1,3,12 args=int:48:seq:5:7,int:12:rand:4,int:24:rand:5,int:48:rand:6,int:48:zero,int:24:zero
kernel void narrow_store(global const int *in, global uchar *c, global short *s,
                         global char *c3, global uchar4 *v4, global short2 *s2)
{
	int i = get_global_id(0);
	int x = in[i];
	c[i] = (uchar)(x * 7 + i);
	if (x & 1)
		s[i] = (short)(x - 40000);
	if ((x % 3) != 0)
		c3[3 * i + 1] = (char)(-x);
	else
		c3[3 * i + 2] = (char)(x >> 3);
	v4[i] = (uchar4)((uchar)x, (uchar)(x >> 8), (uchar)i, (uchar)(x + i));
	if (i & 2)
		s2[i / 2] = (short2)((short)(x * 3), (short)i);
}
