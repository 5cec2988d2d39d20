// swift-tools-version: 6.1
import PackageDescription

// The render service (`moviemake serve`): an HTTP API generated from its OpenAPI document on
// Hummingbird, a durable queue on SQLite (GRDB) or PostgreSQL (postgres-nio), webhooks and metrics.
// A package of its own beside MovieKit (as swift-nio keeps its benchmarks), depending on it by path:
// its dependencies take minutes to build, and MovieKit's users need none of them. `make serve` and
// `make test-service` build it; `moviemake serve` runs its executable, moviemake-serve.
let package = Package(
    name: "MovieKitService",
    products: [
        .library(name: "MovieKitService", targets: ["MovieKitService"]),
        .executable(name: "moviemake-serve", targets: ["MoviemakeServe"])
    ],
    dependencies: [
        .package(name: "MovieKit", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        // Only for `make openapi` (scripts/openapi.sh), which runs the generator.
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.21.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.20.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.60.0")
    ],
    targets: [
        .target(
            name: "MovieKitService",
            dependencies: [
                .product(name: "MovieKitBatch", package: "MovieKit"),
                .product(name: "MovieKitScene", package: "MovieKit"),
                .product(name: "MovieKitCore", package: "MovieKit"),
                .product(name: "FrameDraw", package: "MovieKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "Yams", package: "Yams"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio")
            ],
            // Generated/ holds the server code swift-openapi-generator makes from openapi.yaml, committed
            // (`make openapi` regenerates it, `make test` checks it is current) rather than made by its build
            // plugin, which would build the generator and OpenAPIKit with every service build.
            exclude: ["openapi-generator-config.yaml", "Generated/openapi.sha256"],
            resources: [.copy("openapi.yaml")]
        ),
        // moviemake-serve: the service's command line, which `moviemake serve` runs.
        .executableTarget(
            name: "MoviemakeServe",
            dependencies: [
                "MovieKitService", .product(name: "MovieKitKinds", package: "MovieKit"),
                .product(name: "MovieKitScene", package: "MovieKit"),
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        .testTarget(
            name: "MovieKitServiceTests",
            dependencies: [
                "MovieKitService", .product(name: "MovieKitTestSupport", package: "MovieKit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio")
            ])
    ]
)
