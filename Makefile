# MovieKit: the two fresh-machine commands are `make demo` and `make test`.
SWIFT ?= swift
DEMO_OUT ?= out/demo.mp4

.PHONY: deps build test test-tsan test-distributed demo bench examples clean

deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) test

# The writer's threads under ThreadSanitizer: the pipeline, cancellation and parallel rendering.
test-tsan: deps
	$(SWIFT) test --scratch-path .build-tsan --sanitize=thread --filter "ParallelRenderTests|PipelineTests|CancellationTests"

# Renders a movie as a Slurm job array of 4 tasks on a one-node cluster and checks the join.
test-distributed: deps
	bash scripts/test-distributed.sh

demo: deps
	$(SWIFT) build -c release --product moviemake
	@mkdir -p $(dir $(DEMO_OUT))
	$(SWIFT) run -c release moviemake demo --overwrite $(DEMO_OUT)

# Extra options, for example: make bench BENCH_ARGS="--quick" or BENCH_ARGS="--workloads W1 --runs 5 --profile".
BENCH_ARGS ?=

bench: deps
	$(SWIFT) run -c release MovieKitBenchmarks $(BENCH_ARGS)

clean:
	rm -rf .build out
