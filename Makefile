# lltosimd: build, demo and test entry points.
#
#   make setup demo   install clang-14/LLVM 14 if missing, then compile and
#                     run examples/hello.c on the Cpu0 simulator (cpu0run)
#   make test         go vet, gofmt check, go test ./... (unit, lit, execution)
#   make lua-check    Lua 5.4 built for Cpu0 at -O0 and -O2 against lua5.4

GO       ?= go
CLANG    ?= clang-14
MARCH    ?= cpu0el
MCPU     ?= cpu032II
BIN      := bin
BUILD    := build
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Tools `make setup` provides, and the Debian/Ubuntu packages they come from.
NEEDED_TOOLS := clang-14 lli FileCheck python3 lua5.4
APT_PACKAGES := clang-14 llvm-14 llvm-14-tools python3 lua5.4

# The runtime is compiled from MIPS IR of the target's byte order.
triple_cpu0   := mips-unknown-linux-gnu
triple_cpu0el := mipsel-unknown-linux-gnu

.PHONY: all build setup deps runtime demo test check-corpus clean

all: build

build:
	$(GO) build -o $(BIN)/lltosimd ./cmd/lltosimd
	$(GO) build -o $(BIN)/cpu0sim ./cmd/cpu0sim
	$(GO) build -o $(BIN)/cpu0run ./cmd/cpu0run
	$(GO) build -o $(BIN)/vc4run ./cmd/vc4run
	$(GO) build -o $(BIN)/vc4sim ./cmd/vc4sim
	$(GO) build -o $(BIN)/bwdsprun ./cmd/bwdsprun

# setup installs the external tools, only when one is missing. LLVM 14's
# FileCheck and lit live in /usr/lib/llvm-14 (llvm-14-tools).
setup deps:
	@missing=; for t in $(NEEDED_TOOLS); do \
	  command -v $$t >/dev/null 2>&1 || [ -x /usr/lib/llvm-14/bin/$$t ] || missing="$$missing $$t"; \
	done; \
	[ -f /usr/lib/llvm-14/build/utils/lit/lit.py ] || missing="$$missing lit"; \
	[ "$$(uname -m)" != x86_64 ] || [ -f /usr/lib32/crt1.o ] || missing="$$missing gcc-multilib"; \
	if [ -n "$$missing" ]; then \
	  echo "installing (missing:$$missing)"; \
	  $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $(APT_PACKAGES); \
	else echo "setup: all tools present"; fi
	@command -v $(GO) >/dev/null || { echo "setup: Go is required (https://go.dev/dl)"; exit 1; }
	@sh scripts/lua-check.sh --fetch || echo "setup: no Lua source (make lua-check and its test need deb-src or LUA_SRC)"

# runtime compiles runtime/cpu0 for every -march/-mcpu pair into
# build/rt/<march>-<mcpu>/ (the .s files to pass to cpu0sim by hand;
# cpu0run needs none of this: it compiles its embedded copy on first use).
runtime: build
	@for march in cpu0 cpu0el; do for mcpu in cpu032I cpu032II; do \
	  d=$(BUILD)/rt/$$march-$$mcpu; mkdir -p $$d; cp runtime/cpu0/*.s $$d/; \
	  triple=$$([ $$march = cpu0 ] && echo $(triple_cpu0) || echo $(triple_cpu0el)); \
	  for c in runtime/cpu0/*.c; do b=$$(basename $$c .c); \
	    $(CLANG) --target=$$triple -O2 -ffreestanding -fno-builtin -S -emit-llvm $$c -o $$d/$$b.ll || exit 1; \
	    $(BIN)/lltosimd -march=$$march -mcpu=$$mcpu -O2 $$d/$$b.ll -o $$d/$$b.s || exit 1; \
	  done; echo "runtime: $$d"; \
	done; done

# demo compiles examples/hello.c for $(MARCH)/$(MCPU) and runs it with
# cpu0run, which compiles the runtime on its first run (into the user's
# cache directory).
demo: build
	$(BIN)/cpu0run -march=$(MARCH) -mcpu=$(MCPU) -stats examples/hello.c

# test runs with -count=1: the lit, exec and regress suites build the
# compiler in a subprocess, which go test's result cache cannot see.
test:
	$(GO) vet ./...
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) test -count=1 -timeout 30m ./...

# lua-check builds the Lua 5.4 interpreter (tests/lua/onelua.c over Lua's
# sources, fetched once with apt-get source into ~/.cache/lltosimd/lua) for
# mipsel against runtime/include, compiles it with lltosimd at -O0 and -O2,
# runs tests/lua/*.lua and a few "lua -e" lines on the simulator and
# compares with the host's lua5.4 (scripts/lua-check.sh; docs/cpu0-run.md).
.PHONY: lua-check
lua-check: build
	sh scripts/lua-check.sh

# check-corpus checks the execution corpus for undefined behaviour (lli -O0
# vs -O2 vs a sanitizer build); it needs no lltosimd.
check-corpus:
	scripts/check-corpus.sh

clean:
	rm -rf $(BIN) $(BUILD)

# bench-passes prints, per corpus program and in total, the dynamic
# instruction and cycle counts (cpu0sim -stats) with the optional Cpu0 passes
# (del-jmp, useful delay-slot filling, movz/movn selects) off and on, and the
# static counts of the "on" compilation. LLTOSIMD_PASSES_FULL=1 go test
# ./tests/exec -run TestPasses checks every pass combination on the corpus.
.PHONY: bench-passes
bench-passes:
	cd tests/exec && LLTOSIMD_BENCH_PASSES=1 $(GO) test -count=1 -timeout 30m -run '^TestBenchPasses$$'

# bench-ifconv prints per corpus program (mipsel IR, -O2, cpu032II) the
# dynamic instructions, cycles and conditional branches (cpu0sim -stats)
# without and with -enable-if-conversion, program and runtime alike
# (IFCONV_ARGS: e.g. "-mcpu cpu032I" or "-- -if-conversion-threshold=2"),
# then the same on BWDSP (bwdsprun: per program bundles, cycles and
# conditional branches, and per vector kernel function cycles;
# IFCONV_BWDSP_ARGS), then on VC4 (the tests/vc4 kernels through the
# corpus harness, checked against lli: per kernel cycles and branches
# executed on vc4run with -enable-if-conversion=false and =true;
# IFCONV_VC4_ARGS, e.g. "-qpus 12").
.PHONY: bench-ifconv
bench-ifconv: build
	python3 scripts/bench-ifconv.py $(IFCONV_ARGS)
	python3 scripts/bench-ifconv.py -march bwdsp $(IFCONV_BWDSP_ARGS)
	python3 scripts/bench-ifconv.py -march vc4 $(IFCONV_VC4_ARGS)

# bench-size prints per execution-corpus program the static instruction
# count (nops excluded) of lltosimd -O2 (both CPUs) and of
# llc -march=mipsel -mattr=+soft-float -O2 -relocation-model=static on
# the same IR (soft float: Cpu0 has no FPU, so float ops are calls in both).
RT_INCLUDE := runtime/include
.PHONY: bench-size
bench-size: build
	python3 scripts/bench-size.py $(BIN)/lltosimd $(RT_INCLUDE)

# bench-vc4 prints, for every kernel of the VC4 corpus (tests/vc4, the
# header line with the most waves, -O2), the cycles under the simulator's timing model on 1, 4
# and 12 QPUs, the stall cycles by cause and the static code size; results
# are checked against lli (docs/vc4.md, "Timing model").
.PHONY: bench-vc4
bench-vc4:
	scripts/vc4-report.sh -bench

# bench compares compile time and peak memory with llc -O0 on a generated
# large program (> 50k IR instructions), alternating runs; prints medians
# and ratios. BENCH_FUNCS scales the input, BENCH_RUNS the repetitions.
BENCH_FUNCS ?= 600
BENCH_RUNS  ?= 5
.PHONY: bench
bench: build
	@mkdir -p $(BUILD)/bench
	python3 scripts/genbig.py $(BENCH_FUNCS) > $(BUILD)/bench/big.c
	$(CLANG) --target=mipsel-unknown-linux-gnu -O0 -S -emit-llvm $(BUILD)/bench/big.c -o $(BUILD)/bench/big.ll
	python3 scripts/bench.py $(BIN)/lltosimd $(BUILD)/bench/big.ll $(BENCH_RUNS)

# BWDSP vector kernels (tests/exec/c/vk_*.c): per kernel, static bundles,
# slots, SIMD instructions and resource bound, then bundles, cycles,
# slots, SIMD instructions and resource bound of what ran (-func-stats of
# bwdsprun; scripts/bench-bwdsp.sh says how the bound is computed).
.PHONY: bench-bwdsp
bench-bwdsp: build
	sh scripts/bench-bwdsp.sh $(BIN)/bwdsprun "O0 O2"

# bench-regalloc: the SIMD register-pressure kernels (tests/exec/c/rp_*.c,
# 4-16 SIMD stores per loop iteration) compiled for BWDSP with each
# allocator of REGALLOCS (selected by REGALLOC_FLAG<name>), without and
# with OCC loop splitting (-bwdsp-split-simd-stores=N for N in SPLITS,
# 0 = off): spills, reloads, loops split, static bundles, cycles and the
# resource bound per kernel, each run checked against lli. An allocator the
# compiler does not know is reported and skipped.
REGALLOCS    ?= linear tuple gra-lra
REGALLOC_FLAG ?= -regalloc=
SPLITS       ?= 0 4
.PHONY: bench-regalloc
bench-regalloc: build
	python3 scripts/bench-regalloc.py --allocs "$(REGALLOCS)" --flag="$(REGALLOC_FLAG)" --splits "$(SPLITS)"

# --- Differential-testing campaigns (tests/campaign) ----------------------
#
#   make csmith N=1000   csmith programs × {O0,O2} × {cpu032I,cpu032II, bwdsp} against lli
#                        (TARGETS=bwdsp or TARGETS=cpu0el runs one target)
#   make stress N=10000  llvm-stress modules: no crash; optimized ones run against lli
#   make cfg N=10000     random CFGs (switches, self-loops, phis) in 6 configurations against lli
#   make vc4-fuzz N=300  random OpenCL kernels on vc4run (O0/O2 × 1,3,12 QPUs × 2 shapes) against lli
#                        (FILES=a.cl,b.cl reruns kept or reduced kernels instead; PROFILE=stress:
#                        straight-line bundles, hammocks, wide live ranges, __local + barrier)
#   make fuzz            go fuzzing of the frontend, the whole pipeline (Cpu0 and BWDSP),
#                        the BWDSP assembler and simulator (FUZZTIME each)
#   make csmith-reduce SRC=build/campaign/csmith/…/x.c OPT=O2 CPU=cpu032II MODE=mismatch|crash
#                        reduce a failing csmith program with creduce
#
# Failing cases keep their files under build/campaign; passing ones are deleted.
NEEDED_TOOLS += csmith llvm-stress
# gcc-multilib: the csmith campaign builds each program natively with
# clang -m32 and -m64 to find those whose output depends on the data model.
APT_PACKAGES += csmith libcsmith-dev $(if $(filter x86_64,$(shell uname -m)),gcc-multilib)
N        ?= 100
START    ?= 1
JOBS     ?= 2
FUZZTIME ?= 60s
PROFILE  ?= classic
TARGETS  ?= cpu0el,bwdsp
CAMPAIGN := $(BIN)/campaign

.PHONY: csmith stress cfg fuzz csmith-reduce campaign-tools ifconv-fuzz vc4-fuzz

campaign-tools: build
	@command -v csmith >/dev/null && [ -f /usr/include/csmith/csmith.h ] && [ -f /usr/lib32/crt1.o ] || \
	  { $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y csmith libcsmith-dev gcc-multilib; }
	$(GO) build -o $(CAMPAIGN) ./tests/campaign/cmd/campaign

csmith: campaign-tools
	$(CAMPAIGN) csmith -n $(N) -start $(START) -j $(JOBS) -targets $(TARGETS) -work $(BUILD)/campaign/csmith

stress: campaign-tools
	$(CAMPAIGN) stress -n $(N) -start $(START) -j $(JOBS) -work $(BUILD)/campaign/stress

cfg: campaign-tools
	$(CAMPAIGN) cfg -n $(N) -start $(START) -j $(JOBS) -work $(BUILD)/campaign/cfg

# vc4-fuzz needs only clang-14, llvm-link and lli (no csmith).
vc4-fuzz: build
	$(GO) build -o $(CAMPAIGN) ./tests/campaign/cmd/campaign
	$(CAMPAIGN) vc4 -n $(N) -start $(START) -j $(JOBS) -profile $(PROFILE) -work $(BUILD)/campaign/vc4 $(if $(FILES),-files $(FILES))

fuzz:
	LLTOSIMD_FUZZ_EXEC_SEEDS=1 $(GO) test ./tests/campaign -run '^$$' -fuzz '^FuzzFrontend$$' -fuzztime $(FUZZTIME)
	LLTOSIMD_FUZZ_EXEC_SEEDS=1 $(GO) test ./tests/campaign -run '^$$' -fuzz '^FuzzCompile$$' -fuzztime $(FUZZTIME)
	$(GO) test ./targets/bwdsp/asm -run '^$$' -fuzz '^FuzzAssemble$$' -fuzztime $(FUZZTIME)
	$(GO) test ./targets/bwdsp/asm -run '^$$' -fuzz '^FuzzReadObject$$' -fuzztime $(FUZZTIME)
	$(GO) test ./targets/bwdsp/sim -run '^$$' -fuzz '^FuzzRun$$' -fuzztime $(FUZZTIME)

# Random CFGs interpreted before and after if-conversion, and after
# if-conversion for a target without predication plus predicate-lowering
# (the CI slices run 3000 and 2000).
IFCONV_N ?= 200000
ifconv-fuzz:
	IFCONV_FUZZ_N=$(IFCONV_N) $(GO) test ./passes -run '^(TestIfConvertDifferential|TestPredicateLoweringDifferential)$$' -v -timeout 60m

csmith-reduce: runtime
	@command -v creduce >/dev/null || \
	  { $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y creduce; }
	scripts/csmith-reduce.sh $(SRC) $(or $(OPT),O2) $(or $(CPU),cpu032II) $(or $(MODE),mismatch)
