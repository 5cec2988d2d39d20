# MovieKit: the two fresh-machine commands are `make demo` and `make test`.
SWIFT ?= swift
DEMO_OUT ?= out/demo.mp4

.PHONY: deps build test demo bench examples clean docs test-package test-webvtt lint format \
	test-asan test-tsan test-tsan-all test-sanitizers test-distributed soak fuzz fuzz-ci fuzz-build \
	test-browser test-editly-examples test-service serve bench-w7

deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) test

# DocC: one static site for every library module (scripts/docs.sh lists them) in .build/docs,
# with warnings as errors; every landing page must curate all of its module's symbols (scripts/docs.sh).
docs: deps
	bash scripts/docs.sh

# A new package made from the README's quick start, verbatim, built against a clone of this repository
# tagged 0.2.0, and its program run twice (scripts/test-package.sh).
test-package: deps
	bash scripts/test-package.sh

# editly's 34 example specs rendered unchanged and each movie checked by decoding (scripts/editly-examples.sh);
# EDITLY_EXAMPLES names the specs (default ../shared/editly-examples), EDITLY_STRICT=0 reports without failing.
test-editly-examples: deps
	$(SWIFT) build -c release --product moviemake
	bash scripts/editly-examples.sh

# Renders a movie as a Slurm job array of 4 tasks on a one-node cluster and checks the join.
test-distributed: deps
	bash scripts/test-distributed.sh

# The render service (`moviemake serve`): MovieKitServiceTests (API, security, kill -9, SIGTERM, webhooks,
# load, two servers on a PostgreSQL queue started here) and schemathesis against its OpenAPI document.
# Builds the package with MOVIEKIT_SERVICE=1, which adds Hummingbird, GRDB, postgres-nio and the rest.
test-service: deps
	bash scripts/test-service.sh

# `moviemake` with the render service, in release: .build/release/moviemake serve …
serve: deps
	MOVIEKIT_SERVICE=1 $(SWIFT) build -c release --product moviemake

# `moviemake preview` in headless Chromium (installed from Debian when missing): scrub, play, live reload
# and errors, as a scene author sees them (scripts/test-browser.sh). SCREENSHOT=path saves the page.
test-browser: deps
	bash scripts/test-browser.sh

# web-platform-tests' WebVTT file-parsing tests through `moviemake subtitles inspect --json`, their
# assertions run in Node (scripts/webvtt-wpt.mjs); make test runs the same tests on the library.
test-webvtt: deps
	$(SWIFT) build --product moviemake
	node scripts/webvtt-wpt.mjs Tests/MovieKitSubtitlesTests/Fixtures/wpt-webvtt \
		--inspect "$$($(SWIFT) build --show-bin-path)/moviemake" subtitles inspect --json

# A debug build: from a fresh clone it takes well under half the time of a release build, the
# demo renders in seconds either way, and `make test` reuses it.
demo: deps
	$(SWIFT) build --product moviemake
	@mkdir -p $(dir $(DEMO_OUT))
	$(SWIFT) run moviemake demo --overwrite $(DEMO_OUT)

# Extra options, for example: make bench BENCH_ARGS="--quick" or BENCH_ARGS="--workloads W1 --runs 5 --profile".
BENCH_ARGS ?=

bench: deps
	$(SWIFT) run -c release MovieKitBenchmarks $(BENCH_ARGS)

# W7 (benchmarks/README.md): 100 rows of a template as a batch, as separate processes and through the
# service; writes benchmarks/RESULTS-W7.md. W7_ARGS="--rows 20" for a shorter run.
W7_ARGS ?=
bench-w7: deps
	MOVIEKIT_SERVICE=1 $(SWIFT) build -c release --product moviemake
	python3 benchmarks/w7-scale.py $(W7_ARGS)

# --- Reliability (CONTRIBUTING.md, Reliability) -----------------------------------------------------------

# Sanitizers: the whole suite under AddressSanitizer (with LeakSanitizer) and under ThreadSanitizer,
# each in its own scratch folder. Any report, from the test runner or a child process, fails the run;
# suppressions for system libraries live in scripts/sanitizers/ with the reason for each.
TSAN_PIPELINE_TESTS = ParallelRenderTests|PipelineTests|CancellationTests|StillGroupCacheTests

test-asan: deps
	bash scripts/sanitizers/run-tests.sh address

test-tsan-all: deps
	bash scripts/sanitizers/run-tests.sh thread

# The concurrent pipeline alone under ThreadSanitizer: quicker, for work on the writer.
test-tsan: deps
	bash scripts/sanitizers/run-tests.sh thread --filter "$(TSAN_PIPELINE_TESTS)"

test-sanitizers: test-asan test-tsan-all

# Soak: the heavy variants of the reliability tests (100,000 frames in one writer, eight writers at once).
soak: deps
	MOVIEKIT_SOAK=1 $(SWIFT) test --filter "ReliabilityTests"

# Fuzzing with libFuzzer. Each target is Fuzz/<name>/<name>.swift; its seed corpus is Fuzz/Corpus/<name>/
# (committed, read-only) and its dictionary Fuzz/Dictionaries/<name>.dict when present. New inputs
# collect in .build-fuzz/corpus/<name>/ and findings in .build-fuzz/findings/<name>/.
# SwiftPM's --sanitize=fuzzer only links libFuzzer; -Xswiftc -sanitize=fuzzer also compiles our modules
# with coverage. -DFUZZING drops each target's own @main, so libFuzzer's main runs it.
# To add a target: add its executableTarget to Package.swift, its
# folder and seeds under Fuzz/, and its name here.
FUZZ_TARGETS ?= FuzzSVGPath FuzzExifOrientation FuzzMarkup FuzzImageLoader FuzzSceneFile FuzzSlideshowManifest FuzzEditlySpec FuzzLottie FuzzSceneRender \
	FuzzWebVTT FuzzSRT FuzzTranscript FuzzASS FuzzBatchData
FUZZ_SECONDS ?= 600
# fuzz-ci runs every target that has had its first ten-minute run without a finding
# (`make fuzz FUZZ_TARGETS=Name`); a new target joins it after that run. `make test` replays every
# target's corpus all the same.
FUZZ_CI_TARGETS ?= $(FUZZ_TARGETS)
FUZZ_CI_SECONDS ?= 20
# The image loader's RSS under ASan and libFuzzer climbs to about 1.7 GB in ten minutes (allocator caches and
# quarantine: replaying the same inputs 20 times in a plain build stays at 105 MB), hence 4 GB for RSS while a
# single allocation over 2 GB still counts as a finding.
FUZZ_FLAGS ?= -rss_limit_mb=4096 -malloc_limit_mb=2048 -timeout=10 -max_len=65536
FUZZ_SCRATCH = .build-fuzz

fuzz-build: deps
	@mkdir -p $(FUZZ_SCRATCH)
	@for target in $(FUZZ_TARGETS); do \
		echo "Building $$target with libFuzzer and AddressSanitizer (log: $(FUZZ_SCRATCH)/build.log)"; \
		$(SWIFT) build -c debug --scratch-path $(FUZZ_SCRATCH) --product $$target \
			--sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING \
			> $(FUZZ_SCRATCH)/build.log 2>&1 || { grep -v "Cannot export local symbol" $(FUZZ_SCRATCH)/build.log | tail -40; exit 1; }; \
	done

fuzz: fuzz-build
	@FUZZ_FLAGS="$(FUZZ_FLAGS)" bash scripts/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-ci: fuzz-build
	@FUZZ_FLAGS="$(FUZZ_FLAGS)" bash scripts/fuzz.sh $(FUZZ_CI_SECONDS) $(FUZZ_CI_TARGETS)

clean:
	rm -rf .build .build-asan .build-tsan .build-fuzz out

# Formatting: `swift format` ships with the toolchain; .swift-format holds the configuration.
# `make format` rewrites the files, `make lint` (run by CI) fails on any difference or rule warning.
FORMAT_PATHS = Package.swift Sources Tests Examples Snippets benchmarks/MovieKitBenchmarks Fuzz

lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMAT_PATHS)

format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMAT_PATHS)
