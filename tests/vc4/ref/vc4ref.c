/*
 * vc4ref.c: the host side of the VC4 reference harness. Linked (as LLVM IR)
 * with a kernel compiled for the host, the generated trampoline
 * vc4ref_invoke and builtins.cl, and run with lli:
 *
 *     lli linked.ll [-rtz] GLOBAL LOCAL SPEC...
 *
 * -rtz runs the kernel with the float rounding mode set to round toward
 * zero, the rounding of the QPU's float adder and multiplier (VC4 spec
 * §3.4, §3.5), so that chains of float operations can be compared exactly.
 *
 * It allocates the kernel arguments exactly as `vc4run -arg SPEC` does, runs
 * the work-items one by one in global id order, and prints every buffer
 * argument in vc4run's format: "arg<i>: 0x%08x ..." (i = parameter index).
 *
 * SPEC is int:COUNT:INIT or float:COUNT:INIT (INIT = zero | seq | seq:A:B |
 * rand:SEED | list:v1,v2,...) or a scalar i32:VALUE / f32:VALUE.
 * Buffers are surrounded by guard words so that a kernel writing out of
 * bounds makes the reference fail instead of silently corrupting memory.
 */
#include <errno.h>
#include <fenv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

/* vc4ref_invoke calls the kernel with args[i] pointing at the i-th
 * argument's storage (the buffer for buffer arguments, the value for
 * scalars); vc4ref_nargs is the kernel's parameter count. Both are generated
 * per kernel by the Go harness. */
extern void vc4ref_invoke(void **args);
extern const int vc4ref_nargs;

enum { GUARD = 16 };
static const uint32_t guard_word = 0xdeadbeefu;

/* Work-item state read by the OpenCL work-item functions below. */
static size_t cur_gid, global_size, local_size;

/* The OpenCL 1.2 work-item functions, under their Itanium-mangled names as
 * a host-triple OpenCL compilation references them (size_t is 64-bit). */
size_t _Z13get_global_idj(unsigned d) { return d == 0 ? cur_gid : 0; }
size_t _Z12get_local_idj(unsigned d) { return d == 0 ? cur_gid % local_size : 0; }
size_t _Z12get_group_idj(unsigned d) { return d == 0 ? cur_gid / local_size : 0; }
size_t _Z15get_global_sizej(unsigned d) { return d == 0 ? global_size : 1; }
size_t _Z14get_local_sizej(unsigned d) { return d == 0 ? local_size : 1; }
size_t _Z14get_num_groupsj(unsigned d) { return d == 0 ? global_size / local_size : 1; }
size_t _Z17get_global_offsetj(unsigned d) { (void)d; return 0; }
unsigned _Z12get_work_dimv(void) { return 1; }

static void die(const char *msg, const char *spec) {
	fprintf(stderr, "vc4ref: %s: %s\n", msg, spec);
	exit(1);
}

static long long parse_int(const char *s, const char *spec) {
	char *end;
	errno = 0;
	long long v = strtoll(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || v < -2147483648LL || v > 4294967295LL)
		die("bad integer", spec);
	return v;
}

static float parse_float(const char *s, const char *spec) {
	char *end;
	errno = 0;
	float v = strtof(s, &end);
	if (errno != 0 || end == s || *end != '\0')
		die("bad float", spec);
	return v;
}

static double parse_double(const char *s, const char *spec) {
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (errno != 0 || end == s || *end != '\0')
		die("bad number", spec);
	return v;
}

static uint32_t float_bits(float f) {
	uint32_t w;
	memcpy(&w, &f, sizeof w);
	return w;
}

/* lcg_next is the generator of rand:SEED: x = (x*1103515245+12345) mod 2^31. */
static uint32_t lcg_next(uint32_t x) { return (x * 1103515245u + 12345u) & 0x7fffffffu; }

/* Argument storage: buffers point GUARD words into a larger allocation. */
struct arg {
	int is_buffer, is_float;
	size_t count;
	uint32_t *words;
	uint32_t scalar;
};

/* init_buffer fills a buffer per INIT; token copies live in tmp. */
static void init_buffer(struct arg *a, const char *init, const char *spec) {
	size_t n = a->count;
	if (strcmp(init, "zero") == 0) {
		for (size_t i = 0; i < n; i++) a->words[i] = 0;
	} else if (strcmp(init, "seq") == 0 || strncmp(init, "seq:", 4) == 0) {
		if (a->is_float) {
			/* A + i*B is computed exactly enough in double and rounded
			 * once to float. */
			double s = 0, d = 1;
			if (init[3] == ':') {
				char buf[128];
				snprintf(buf, sizeof buf, "%s", init + 4);
				char *colon = strchr(buf, ':');
				if (!colon) die("seq needs seq:A:B", spec);
				*colon = '\0';
				s = parse_double(buf, spec);
				d = parse_double(colon + 1, spec);
			}
			for (size_t i = 0; i < n; i++) a->words[i] = float_bits((float)(s + (double)i * d));
		} else {
			uint32_t s = 0, d = 1;
			if (init[3] == ':') {
				char buf[128];
				snprintf(buf, sizeof buf, "%s", init + 4);
				char *colon = strchr(buf, ':');
				if (!colon) die("seq needs seq:A:B", spec);
				*colon = '\0';
				s = (uint32_t)parse_int(buf, spec);
				d = (uint32_t)parse_int(colon + 1, spec);
			}
			for (size_t i = 0; i < n; i++) a->words[i] = s + (uint32_t)i * d;
		}
	} else if (strncmp(init, "rand:", 5) == 0) {
		uint32_t x = (uint32_t)parse_int(init + 5, spec);
		for (size_t i = 0; i < n; i++) {
			x = lcg_next(x);
			a->words[i] = a->is_float ? float_bits((float)(x >> 8) / 65536.0f) : x >> 8;
		}
	} else if (strncmp(init, "list:", 5) == 0) {
		char *copy = strdup(init + 5), *save = NULL;
		size_t i = 0;
		for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save), i++) {
			if (i >= n) die("list longer than COUNT", spec);
			a->words[i] = a->is_float ? float_bits(parse_float(tok, spec)) : (uint32_t)parse_int(tok, spec);
		}
		if (i != n) die("list shorter than COUNT", spec);
		free(copy);
	} else {
		die("unknown INIT", spec);
	}
}

static void parse_arg(struct arg *a, const char *spec) {
	memset(a, 0, sizeof *a);
	if (strncmp(spec, "i32:", 4) == 0) {
		a->scalar = (uint32_t)parse_int(spec + 4, spec);
		return;
	}
	if (strncmp(spec, "f32:", 4) == 0) {
		a->is_float = 1;
		a->scalar = float_bits(parse_float(spec + 4, spec));
		return;
	}
	if (strncmp(spec, "int:", 4) == 0) {
		a->is_float = 0;
	} else if (strncmp(spec, "float:", 6) == 0) {
		a->is_float = 1;
	} else {
		die("unknown argument kind", spec);
	}
	a->is_buffer = 1;
	const char *count = strchr(spec, ':') + 1;
	const char *init = strchr(count, ':');
	if (!init) die("buffer needs TYPE:COUNT:INIT", spec);
	char buf[32];
	size_t len = (size_t)(init - count);
	if (len == 0 || len >= sizeof buf) die("bad COUNT", spec);
	memcpy(buf, count, len);
	buf[len] = '\0';
	long long c = parse_int(buf, spec);
	if (c <= 0 || c > (1 << 24)) die("COUNT out of range", spec);
	a->count = (size_t)c;
	uint32_t *mem = malloc((a->count + 2 * GUARD) * sizeof *mem);
	if (!mem) die("out of memory", spec);
	for (size_t i = 0; i < a->count + 2 * GUARD; i++) mem[i] = guard_word;
	a->words = mem + GUARD;
	init_buffer(a, init + 1, spec);
}

/* Work-groups run one after another; the work-items of a group run as
 * coroutines (ucontext) in local id order: each runs until it returns or
 * calls barrier(), and the next round starts once every work-item has
 * stopped. Without barriers this is plain global id order. A barrier
 * that some work-items of the group never reach is an error (undefined
 * behaviour in OpenCL). */
enum { ITEM_STACK = 256 * 1024 };
static ucontext_t sched_ctx, *item_ctx;
static char **item_stack;
static int *item_state; /* 0 runnable, 1 waiting at a barrier, 2 returned */
static size_t cur_item, nstacks;
static void **item_args;

void _Z7barrierj(unsigned flags) {
	(void)flags;
	item_state[cur_item] = 1;
	if (swapcontext(&item_ctx[cur_item], &sched_ctx) != 0) die("swapcontext failed", "barrier");
}

static void item_main(void) {
	vc4ref_invoke(item_args);
	item_state[cur_item] = 2; /* then back to sched_ctx through uc_link */
}

static void run_group(size_t base, void **args) {
	if (nstacks < local_size) {
		item_ctx = realloc(item_ctx, local_size * sizeof *item_ctx);
		item_stack = realloc(item_stack, local_size * sizeof *item_stack);
		item_state = realloc(item_state, local_size * sizeof *item_state);
		if (!item_ctx || !item_stack || !item_state) die("out of memory", "work-group");
		for (; nstacks < local_size; nstacks++)
			if (!(item_stack[nstacks] = malloc(ITEM_STACK))) die("out of memory", "work-item stack");
	}
	item_args = args;
	for (size_t i = 0; i < local_size; i++) {
		if (getcontext(&item_ctx[i]) != 0) die("getcontext failed", "work-group");
		item_ctx[i].uc_stack.ss_sp = item_stack[i];
		item_ctx[i].uc_stack.ss_size = ITEM_STACK;
		item_ctx[i].uc_link = &sched_ctx;
		makecontext(&item_ctx[i], item_main, 0);
		item_state[i] = 0;
	}
	for (;;) {
		size_t returned = 0, waiting = 0;
		for (size_t i = 0; i < local_size; i++) {
			if (item_state[i] == 2) {
				returned++;
				continue;
			}
			item_state[i] = 0;
			cur_item = i;
			cur_gid = base + i;
			if (swapcontext(&sched_ctx, &item_ctx[i]) != 0) die("swapcontext failed", "work-group");
			if (item_state[i] == 2) returned++;
			else waiting++;
		}
		if (waiting == 0) return;
		if (returned > 0) die("a barrier is not reached by every work-item of the group", "barrier");
	}
}

int main(int argc, char **argv) {
	int rtz = argc > 1 && strcmp(argv[1], "-rtz") == 0;
	if (rtz) {
		argv++;
		argc--;
	}
	if (argc < 3) {
		fprintf(stderr, "usage: lli prog [-rtz] GLOBAL LOCAL SPEC...\n");
		return 1;
	}
	long long g = parse_int(argv[1], "GLOBAL"), l = parse_int(argv[2], "LOCAL");
	if (g <= 0 || l <= 0 || g % l != 0) die("GLOBAL must be a positive multiple of LOCAL", argv[1]);
	global_size = (size_t)g;
	local_size = (size_t)l;
	int nargs = argc - 3;
	if (nargs != vc4ref_nargs) {
		fprintf(stderr, "vc4ref: kernel has %d parameters, got %d argument specs\n", vc4ref_nargs, nargs);
		return 1;
	}
	struct arg *args = calloc((size_t)nargs + 1, sizeof *args);
	void **ptrs = calloc((size_t)nargs + 1, sizeof *ptrs);
	for (int i = 0; i < nargs; i++) {
		parse_arg(&args[i], argv[3 + i]);
		ptrs[i] = args[i].is_buffer ? (void *)args[i].words : (void *)&args[i].scalar;
	}
	if (rtz && fesetround(FE_TOWARDZERO) != 0) die("cannot set the rounding mode", "-rtz");
	for (size_t base = 0; base < global_size; base += local_size) run_group(base, ptrs);
	fesetround(FE_TONEAREST);
	for (int i = 0; i < nargs; i++) {
		if (!args[i].is_buffer) continue;
		uint32_t *mem = args[i].words - GUARD;
		for (size_t k = 0; k < GUARD; k++) {
			if (mem[k] != guard_word || args[i].words[args[i].count + k] != guard_word) {
				fprintf(stderr, "vc4ref: kernel wrote outside buffer arg%d\n", i);
				return 1;
			}
		}
		printf("arg%d:", i);
		for (size_t k = 0; k < args[i].count; k++) printf(" 0x%08x", args[i].words[k]);
		printf("\n");
	}
	return 0;
}
