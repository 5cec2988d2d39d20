# MovieKit: the two fresh-machine commands are `make demo` and `make test`.
SWIFT ?= swift
DEMO_OUT ?= out/demo.mp4

.PHONY: deps build test demo bench examples clean \
	test-asan test-tsan test-tsan-all test-sanitizers

deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) test

demo: deps
	$(SWIFT) build -c release --product moviemake
	@mkdir -p $(dir $(DEMO_OUT))
	$(SWIFT) run -c release moviemake demo --overwrite $(DEMO_OUT)

# Extra options, for example: make bench BENCH_ARGS="--quick" or BENCH_ARGS="--workloads W1 --runs 5 --profile".
BENCH_ARGS ?=

bench: deps
	$(SWIFT) run -c release MovieKitBenchmarks $(BENCH_ARGS)

# --- Reliability (docs/reliability.md) ---------------------------------------------------------

# Sanitizers: the whole suite under AddressSanitizer (with LeakSanitizer) and under ThreadSanitizer,
# each in its own scratch folder. Any report, from the test runner or a child process, fails the run;
# suppressions for system libraries live in scripts/sanitizers/ with the reason for each.
TSAN_PIPELINE_TESTS = ParallelRenderTests|PipelineTests|CancellationTests

test-asan: deps
	bash scripts/sanitizers/run-tests.sh address

test-tsan-all: deps
	bash scripts/sanitizers/run-tests.sh thread

# The concurrent pipeline alone under ThreadSanitizer: quicker, for work on the writer.
test-tsan: deps
	bash scripts/sanitizers/run-tests.sh thread --filter "$(TSAN_PIPELINE_TESTS)"

test-sanitizers: test-asan test-tsan-all

clean:
	rm -rf .build .build-asan .build-tsan out
