// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "MovieKit",
    products: [
        .library(name: "FrameDraw", targets: ["FrameDraw"]),
        .library(name: "MovieKitAnimation", targets: ["MovieKitAnimation"]),
        .library(name: "MovieKitCore", targets: ["MovieKitCore"]),
        .library(name: "MovieKitScene", targets: ["MovieKitScene"]),
        .library(name: "MovieKitLottie", targets: ["MovieKitLottie"]),
        .library(name: "MovieKitPreview", targets: ["MovieKitPreview"]),
        .library(name: "MovieKitSubtitles", targets: ["MovieKitSubtitles"]),
        .library(name: "MovieKitBatch", targets: ["MovieKitBatch"]),
        .library(name: "MovieKitKinds", targets: ["MovieKitKinds"]),
        .library(name: "MovieKitMCP", targets: ["MovieKitMCP"]),
        // What the tests share (MovieProbe, TemporaryDirectory, ChildProcess), for the render service's
        // package (Service/) too.
        .library(name: "MovieKitTestSupport", targets: ["TestSupport"]),
        .executable(name: "moviemake", targets: ["moviemake"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
        // `moviemake preview`: the HTTP and WebSocket server of MovieKitPreview.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        // Property-based tests (MovieKitSceneTests' random scenes), with a fixed budget in `make test`.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // `make docs`: the `generate-documentation` command (DocC catalogs in Sources/<Module>/<Module>.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // `moviemake mcp`: the Model Context Protocol server of MovieKitMCP (stdio; swift-system, swift-log).
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1")
    ],
    targets: [
        // C system libraries. Only LibAV, FrameDraw's Cairo/ and FrameDraw's Images/HEIF/ folders import them.
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            providers: [
                .apt([
                    "libavcodec-dev", "libavformat-dev", "libswscale-dev", "libswresample-dev", "libavfilter-dev",
                    "libavutil-dev"
                ])
            ]
        ),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]
        ),
        // libheif: HEIC/HEIF and AVIF stills. Only FrameDraw's Images/HEIF/ folder imports it.
        .systemLibrary(
            name: "CHeif",
            pkgConfig: "libheif",
            providers: [.apt(["libheif-dev"])]
        ),

        // EGL and OpenGL ES 2 (Mesa's surfaceless platform): only GLRender imports it.
        .systemLibrary(
            name: "CEGL",
            pkgConfig: "egl",
            providers: [.apt(["libegl-dev", "libgles-dev", "libegl-mesa0", "libgl1-mesa-dri"])]
        ),
        // zlib: gzip (Telegram stickers) and ZIP entries (dotLottie). Only MovieKitLottie's Container/ imports it.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libzip: dotLottie's ZIP container (the library behind PHP's ZIP support and many others).
        .systemLibrary(name: "CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        // librsvg: SVG pictures, drawn with Cairo. Only FrameDraw's Images/SVG/ folder imports it.
        .systemLibrary(
            name: "CRsvg",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"])]
        ),

        // libass: ASS/SSA subtitles. Only MovieKitSubtitles' ASS/ folder imports it.
        .systemLibrary(name: "CAss", pkgConfig: "libass", providers: [.apt(["libass-dev"])]),

        // POSIX calls Swift's Glibc module does not declare (renameat2).
        .systemLibrary(name: "CPosix"),

        // Diagnostics shared by every layer: `Log`, re-exported by FrameDraw and MovieKitCore.
        .target(name: "MovieKitLog"),

        // The one internal layer that owns every libav object (package access only; no C type leaves it).
        .target(name: "LibAV", dependencies: ["CFFmpeg", "MovieKitLog"]),

        // Libraries.
        // Geometry, colour, paths and gradients as data, linking no C library: shared by FrameDraw, which
        // re-exports it, and MovieKitAnimation.
        .target(name: "FrameValues"),
        .target(name: "FrameDraw", dependencies: ["FrameValues", "CCairo", "CHeif", "CRsvg", "LibAV", "MovieKitLog"]),
        // The one internal layer that owns EGL and OpenGL ES objects (package access only): GLSL shaders
        // drawn into FrameDraw images, for shader layers and shader transitions.
        .target(name: "GLRender", dependencies: ["CEGL", "FrameDraw"]),
        // Timing: easing, keyframes, springs, tweens and timelines, pure math over FrameValues' types.
        .target(name: "MovieKitAnimation", dependencies: ["FrameValues"]),
        // The movie writer; re-exports MovieKitAnimation.
        .target(
            name: "MovieKitCore", dependencies: ["FrameDraw", "MovieKitAnimation", "LibAV", "MovieKitLog", "CPosix"]),
        // Scenes: a layer tree rendered as a pure function of time, and the YAML/JSON scene files that describe one.
        // Its transition shaders are .glsl files in the gl-transitions form, read at run time.
        .target(
            name: "MovieKitScene",
            dependencies: [
                "MovieKitCore", "FrameDraw", "LibAV", "GLRender", .product(name: "Yams", package: "Yams")
            ],
            resources: [.copy("Transitions/Shaders")]),
        // Lottie animations (Bodymovin JSON, dotLottie, Telegram stickers) as a kind of content behind
        // MovieKitScene's seam: Model/ (the file's typed model), Container/ (dotLottie, .tgs), Render/.
        .target(
            name: "MovieKitLottie", dependencies: ["MovieKitScene", "MovieKitCore", "FrameDraw", "CZlib", "CZip"]),

        // Subtitles and captions behind MovieKitScene's seam: WebVTT/ (the specification's parser), SRT/,
        // ASS/ (the file's outline, and libass, which draws it), Transcripts/ (Whisper, WhisperX,
        // whisper.cpp, Remotion), Render/ (the subtitles and captions layers), Inspection/ (what
        // `moviemake subtitles inspect` prints).
        .target(name: "MovieKitSubtitles", dependencies: ["MovieKitScene", "FrameDraw", "CAss", "MovieKitLog"]),

        // Batch renders: one video per row of a data file (CSV, JSON, JSON Lines), the output pattern
        // that names them, the ledger that makes reruns incremental, and the report.
        .target(
            name: "MovieKitBatch",
            dependencies: [
                "MovieKitScene", "MovieKitCore", .product(name: "SwiftCSV", package: "SwiftCSV")
            ]),

        // `moviemake mcp`: tools an assistant calls to check, look at and render documents, over MCP.
        .target(
            name: "MovieKitMCP",
            dependencies: [
                "MovieKitScene", "MovieKitCore", "MovieKitKinds", "FrameDraw",
                .product(name: "MCP", package: "swift-sdk")
            ]),

        // The standard kinds of content in one registry (MovieKitScene's own, Lottie, subtitles): what
        // `moviemake` and the render service read documents with.
        .target(name: "MovieKitKinds", dependencies: ["MovieKitScene", "MovieKitLottie", "MovieKitSubtitles"]),

        // A live preview in the browser: a local server for a scene, with the page as plain resources.
        .target(
            name: "MovieKitPreview",
            dependencies: [
                "MovieKitScene", "MovieKitCore", "FrameDraw", .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox")
            ],
            resources: [.copy("Page")]
        ),

        // Command-line tool. `moviemake serve` runs the render service's own executable, moviemake-serve,
        // from the package in Service/ (Hummingbird, GRDB, postgres-nio …), which depends on this one by path.
        .executableTarget(
            name: "moviemake",
            dependencies: [
                "MovieKitCore", "MovieKitScene", "MovieKitLottie", "MovieKitPreview", "MovieKitSubtitles",
                "MovieKitBatch", "MovieKitKinds", "MovieKitMCP",
                "FrameDraw",
                "CPosix",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),

        // Examples: small programs that use the package the way users would.
        .executableTarget(
            name: "BouncingBall", dependencies: ["MovieKitScene", "MovieKitCore", "FrameDraw"],
            path: "Examples/BouncingBall"),
        .executableTarget(name: "DrawingTour", dependencies: ["FrameDraw"], path: "Examples/DrawingTour"),
        .executableTarget(
            name: "SignatureReveal", dependencies: ["MovieKitCore", "FrameDraw"], path: "Examples/SignatureReveal"),
        .executableTarget(
            name: "TitleCard", dependencies: ["MovieKitScene", "MovieKitCore", "FrameDraw"], path: "Examples/TitleCard"),
        .executableTarget(
            name: "BarChartRace",
            dependencies: [
                "MovieKitScene", "MovieKitCore", "FrameDraw", .product(name: "SwiftCSV", package: "SwiftCSV")
            ],
            path: "Examples/BarChartRace",
            exclude: ["data.csv"]
        ),

        // Benchmarks: `make bench` runs the reference workloads of benchmarks/README.md (not part of `make test`).
        .executableTarget(
            name: "MovieKitBenchmarks",
            dependencies: [
                "MovieKitCore", "MovieKitScene", "MovieKitLottie", "MovieKitSubtitles", "MovieKitKinds", "FrameDraw",
                "GLRender", "LibAV",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ],
            path: "benchmarks/MovieKitBenchmarks"
        ),

        // Fuzz targets (`make fuzz`, `make fuzz-ci`). Each file defines `LLVMFuzzerTestOneInput` and, unless
        // FUZZING is set, an `@main` that runs it once on each file given (to replay a finding). `make fuzz`
        // builds them with `--sanitize=fuzzer -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING`: libFuzzer's main.
        .target(name: "FuzzReplay", path: "Fuzz/FuzzReplay"),
        .executableTarget(name: "FuzzSVGPath", dependencies: ["FrameDraw", "FuzzReplay"], path: "Fuzz/FuzzSVGPath"),
        .executableTarget(
            name: "FuzzExifOrientation", dependencies: ["FrameDraw", "FuzzReplay"], path: "Fuzz/FuzzExifOrientation"),
        .executableTarget(name: "FuzzMarkup", dependencies: ["FrameDraw", "FuzzReplay"], path: "Fuzz/FuzzMarkup"),
        .executableTarget(
            name: "FuzzImageLoader", dependencies: ["FrameDraw", "FuzzReplay"], path: "Fuzz/FuzzImageLoader"),
        // The readers' targets share their checks with MovieKitSceneTests, which replays their corpora.
        .target(
            name: "ReaderFuzzChecks", dependencies: ["MovieKitScene", "MovieKitLottie", "FrameDraw"],
            path: "Fuzz/ReaderFuzzChecks"),
        .executableTarget(
            name: "FuzzSceneFile", dependencies: ["ReaderFuzzChecks", "FuzzReplay"], path: "Fuzz/FuzzSceneFile"),
        .executableTarget(
            name: "FuzzSlideshowManifest", dependencies: ["ReaderFuzzChecks", "FuzzReplay"],
            path: "Fuzz/FuzzSlideshowManifest"),
        .executableTarget(
            name: "FuzzEditlySpec", dependencies: ["ReaderFuzzChecks", "FuzzReplay"], path: "Fuzz/FuzzEditlySpec"),
        .executableTarget(
            name: "FuzzLottie", dependencies: ["ReaderFuzzChecks", "FuzzReplay"], path: "Fuzz/FuzzLottie"),
        // Random valid scenes drawn at random times: FuzzSceneRender and MovieKitSceneTests' property tests.
        .target(
            name: "RandomScenes", dependencies: ["MovieKitScene", "MovieKitCore", "FrameDraw"],
            path: "Fuzz/RandomScenes"),
        .executableTarget(
            name: "FuzzSceneRender", dependencies: ["RandomScenes", "FuzzReplay"], path: "Fuzz/FuzzSceneRender"),
        .executableTarget(
            name: "FuzzWebVTT", dependencies: ["MovieKitSubtitles", "FuzzReplay"], path: "Fuzz/FuzzWebVTT"),
        .executableTarget(name: "FuzzSRT", dependencies: ["MovieKitSubtitles", "FuzzReplay"], path: "Fuzz/FuzzSRT"),
        .executableTarget(
            name: "FuzzTranscript", dependencies: ["MovieKitSubtitles", "FuzzReplay"], path: "Fuzz/FuzzTranscript"),
        .executableTarget(
            name: "FuzzBatchData", dependencies: ["MovieKitBatch", "FuzzReplay"], path: "Fuzz/FuzzBatchData"),
        .executableTarget(
            name: "FuzzMCPRequest",
            dependencies: ["MovieKitMCP", "FuzzReplay", .product(name: "MCP", package: "swift-sdk")],
            path: "Fuzz/FuzzMCPRequest"),
        .executableTarget(
            name: "FuzzASS", dependencies: ["MovieKitSubtitles", "MovieKitScene", "FrameDraw", "FuzzReplay"],
            path: "Fuzz/FuzzASS"),

        // Tests.
        .testTarget(
            name: "FrameDrawTests",
            dependencies: [
                "FrameDraw", "FrameValues", "LibAV", "CFFmpeg", "TestSupport",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing")
            ],
            // Read through #filePath, not bundled as resources.
            exclude: ["Fixtures", "__Snapshots__"]
        ),
        .testTarget(name: "LibAVTests", dependencies: ["LibAV", "CFFmpeg"]),
        .testTarget(
            name: "MovieKitSubtitlesTests",
            dependencies: [
                "MovieKitSubtitles", "MovieKitScene", "MovieKitCore", "FrameDraw", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based")
            ],
            // Read through #filePath, not bundled as resources.
            exclude: ["Fixtures"]),
        .testTarget(
            name: "MovieKitBatchTests", dependencies: ["MovieKitBatch", "MovieKitScene", "MovieKitCore", "TestSupport"]),
        .testTarget(
            name: "MovieKitMCPTests",
            dependencies: [
                "MovieKitMCP", "MovieKitScene", "MovieKitCore", "FrameDraw", "TestSupport",
                .product(name: "MCP", package: "swift-sdk")
            ]),
        .testTarget(name: "GLRenderTests", dependencies: ["GLRender", "FrameDraw"]),
        .testTarget(
            name: "MovieKitPreviewTests",
            dependencies: [
                "MovieKitPreview", "MovieKitScene", "MovieKitCore", "FrameDraw", "TestSupport",
                .product(name: "FlyingSocks", package: "FlyingFox")
            ]),
        .testTarget(name: "MovieKitAnimationTests", dependencies: ["MovieKitAnimation", "FrameDraw", "TestSupport"]),
        .testTarget(
            name: "MovieKitCoreTests",
            dependencies: [
                "MovieKitCore", "FrameDraw", "LibAV", "CFFmpeg", "TestSupport", "WriterChild", "ReliabilityScenarios"
            ]),
        .testTarget(
            name: "MoviemakeTests",
            dependencies: [
                "moviemake", "MovieKitCore", "MovieKitScene", "MovieKitLottie", "MovieKitPreview", "FrameDraw", "LibAV",
                "TestSupport"
            ]),
        .testTarget(
            name: "MovieKitLottieTests",
            dependencies: [
                "MovieKitLottie", "MovieKitScene", "MovieKitCore", "FrameDraw", "TestSupport", "ReaderFuzzChecks"
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "MovieKitSceneTests",
            dependencies: [
                "MovieKitScene", "MovieKitLottie", "MovieKitSubtitles", "MovieKitCore", "FrameDraw", "LibAV",
                "TestSupport", "ReaderFuzzChecks", "RandomScenes",
                .product(name: "PropertyBased", package: "swift-property-based")
            ]),

        // Test helpers: what the test targets share (MovieProbe, TemporaryDirectory, ChildProcess), and
        // a child process for writer scenarios that change process-wide state (resource limits, signals).
        .target(name: "TestSupport", dependencies: ["CFFmpeg"], path: "Tests/TestSupport"),
        .executableTarget(name: "WriterChild", dependencies: ["MovieKitCore", "FrameDraw"], path: "Tests/WriterChild"),
        // Scenarios that MovieKitCoreTests' ReliabilityTests run in a child process, since RSS, open
        // files and mounts are process-wide. `make soak` runs the heavy variants.
        .executableTarget(
            name: "ReliabilityScenarios", dependencies: ["MovieKitCore", "FrameDraw"],
            path: "Tests/ReliabilityScenarios")
    ]
)
