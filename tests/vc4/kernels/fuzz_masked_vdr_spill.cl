// Random kernel (tests/campaign GenVC4Kernel seed 5024) that made the code generator
// fail at -O2: a masked definition by a VDR load was folded into 'mov.ifz x, r1', which reads
// x, so the spiller had to reload x where r1 was live (internal error: spill code would
// clobber r1). Masked writes that read a staging accumulator keep their temporary.
// VC4: kind=divergent global=64 local=16 qpus=1,3,12 round=rtz args=int:128:rand:98,float:128:rand:356,int:512:seq:15:3,float:512:zero,i32:11,f32:2
// VC4: kind=divergent global=64 local=16 qpus=1,3,12 round=rtz args=int:128:rand:626,float:128:rand:923,int:512:seq:32:3,float:512:zero,i32:11,f32:0.125
__kernel void fuzz(__global const uint *a, __global const float *b, __global uint *out,
                   __global float *outf, uint n, float s)
{
	uint gid = get_global_id(0);
	uint lid = get_local_id(0);
	uint grp = get_group_id(0);
	uint ng = get_num_groups(0);
	uint ls = get_local_size(0);
	uint o = gid * 8u;
	uint v0 = lid;
	uint v1 = (uint)((int)(grp * lid) >> ((uint)((int)grp < (int)n) & 31u));
	uint v2 = (uint)((int)(uint)((int)v1 >> (gid & 31u)) >> ((uint)((lid & 1u) == 1u) & 31u));
	uint v3 = ((n | v0) >> (out[o + ((v0) & 3u)] & 31u));
	float f0 = ((float)((int)((v2 | lid) & 2047u) - 1024) * 0.125f);
	float f1 = (s * -2.0f);
	float f2 = ((v3 > v0 ? f1 : s) * -2.0f);
	if (((uint)(int)fmax(fmin(f1, 1000.0f), -1000.0f) * (v0 & v3)) == (uint)((int)v3 % (int)(((v2 - v2) & 255u) + 1u))) {
		v3 ^= (uint)((int)(uint)(int)fmax(fmin((f1 * -1.0f), 1000.0f), -1000.0f) >> (v2 & 31u));
		f1 = fabs(f2);
		v3 |= v2;
		f0 = b[((v3 / 1000u)) & 127u];
	}
	if (((v3) & 1u) == 0u) {
		f2 = ((f0 - (v0 <= grp ? s : f0)) - f2);
	} else {
		out[o + 4u] = v0;
		out[o + 5u] = v1;
		out[o + 6u] = v2;
		out[o + 7u] = v3;
		outf[o + 4u] = f0;
		outf[o + 5u] = f1;
		outf[o + 6u] = f2;
		return;
	}
	if (lid <= ((gid & 7u) != 0u ? (v3 % (0xbu | 1u)) : v0)) {
		if ((uint)((((uint)(lid <= n)) & 1u) == 0u) < v3) {
			f1 = (float)((int)((v1 * v1) & 2047u) - 1024);
		} else {
			if ((int)(((int)v0 < (int)lid ? v0 : lid) != (v1 | 0x5u) ? (v0 << (v3 & 31u)) : (uint)(int)fmax(fmin((float)((v2 / 3u) & 1023u), 1000.0f), -1000.0f)) < (int)(uint)min((int)gid, (int)v1)) {
				uint i0 = 0;
				do {
					i0++;
					if ((uint)min((int)lid, (int)v1) >= v0) break;
					f2 = fmin(f2, f0);
					v1 += ((lid % (grp | 1u)) / (min((uint)(int)fmax(fmin(f1, 1000.0f), -1000.0f), (uint)((int)v2 >> (0x19u & 31u))) | 1u));
					v3 = ((((gid) & 4u) == 0u ? v3 : max(gid, v0)) % 7u);
				} while (i0 < (((grp | (ls * ls))) & 7u));
				v0 -= (uint)min((int)(uint)(int)fmax(fmin(fmax(b[((v0 % 16u)) & 127u], f2), 1000.0f), -1000.0f), (int)(uint)min((int)a[(v0) & 127u], (int)lid));
			}
			v0 -= grp;
		}
	}
	v0 |= (uint)max((int)max((v0 * v2), (uint)((int)v1 % (int)((n & 255u) + 1u))), (int)(uint)min((int)(lid % 10u), (int)lid));
	v2 += (uint)((int)v2 / (int)(((out[o + ((v1) & 3u)] % 65537u) & 255u) + 1u));
	if ((((uint)((int)(uint)((int)gid % (int)((v0 & 255u) + 1u)) / (int)((grp & 255u) + 1u))) & 4u) == 0u) {
		f2 = f1;
	}
	if ((v1 != v0 ? (uint)((lid & 1u) == 2u) : (v1 - v0)) >= (uint)min((int)v3, (int)v1)) {
		v1 |= ((min(grp, v1) * (n & v2)) | a[(lid) & 127u]);
		v1 ^= ((uint)((int)(uint)(((n) & 1u) == 0u) / (int)(((uint)(0xdefdd3d7u <= v0) & 255u) + 1u)) * ((v3 % 3u) % (n | 1u)));
	} else {
		f1 = fmin((s * 0.125f), fmin((f2 * 1.5f), (s + (float)((v0 * gid) & 1023u))));
		v2 ^= v2;
	}
	v2 ^= max(a[((uint)(int)fmax(fmin(f0, 1000.0f), -1000.0f)) & 127u], v2);
	outf[o + (((v3 % (v2 | 1u))) & 3u)] = fabs((f2 - (float)((lid + v1) & 1023u)));
	f0 = fmin(((float)(v3 & 1023u) * 3.0f), f2);
	v1 |= (out[o + ((v1) & 3u)] ^ (v2 % 16u));
	f0 = b[((v1 + v2)) & 127u];
	v1 = (uint)max((int)((uint)(((v2) & 2u) == 0u) - v3), (int)(v3 - gid));
	f2 = (((((uint)(gid >= grp) % 10u)) & 1u) == 0u ? (((float)((int)((uint)(grp <= gid) & 2047u) - 1024) - b[((v0 * lid)) & 127u]) + f2) : (f1 * -0.75f));
	out[o + 4u] = v0;
	out[o + 5u] = v1;
	out[o + 6u] = v2;
	out[o + 7u] = v3;
	outf[o + 4u] = f0;
	outf[o + 5u] = f1;
	outf[o + 6u] = f2;
}
