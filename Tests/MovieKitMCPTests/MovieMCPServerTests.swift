import Foundation
import FrameDraw
import MCP
import MovieKitMCP
import Synchronization
import TestSupport
import Testing

/// The MCP server driven by the Swift SDK's client over an in-memory transport: every tool, the
/// sandbox, progress and cancellation. `make test-mcp` drives the `moviemake mcp` process with the
/// official Python SDK as well.
@Suite("MCP server")
struct MovieMCPServerTests {
    /// A red 64x32 canvas with a blue rectangle in the middle, `seconds` long.
    static func scene(seconds: Double = 2, width: Int = 64, height: Int = 32) -> String {
        """
        canvas: {width: \(width), height: \(height), fps: 10, duration: \(seconds), background: "#ff0000"}
        layers:
          - {type: rect, position: [\(width / 2), \(height / 2)], size: [20, 10], fill: "#0000ff"}
        """
    }

    /// A connected client, and the folders of its server (removed with the session).
    final class Session {
        let client: Client
        let assets: URL
        let output: URL

        init() async throws {
            assets = FileManager.default.temporaryDirectory.appendingPathComponent(
                "MovieKitMCPTests-\(UUID().uuidString)")
            output = assets.appendingPathComponent("out")
            client = Client(name: "tests", version: "1")
            try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
            try Data(MovieMCPServerTests.scene().utf8).write(to: assets.appendingPathComponent("scene.yaml"))
            let server = MovieMCPServer(configuration: .init(assetsFolder: assets, outputFolder: output))
            let (clientSide, serverSide) = await InMemoryTransport.createConnectedPair()
            let running = await server.makeServer()
            try await running.start(transport: serverSide)
            _ = try await client.connect(transport: clientSide)
        }

        deinit { try? FileManager.default.removeItem(at: assets) }

        func file(_ name: String) -> URL { assets.appendingPathComponent(name) }

        func call(_ tool: String, _ arguments: [String: Value]) async throws -> (
            content: [Tool.Content], isError: Bool?
        ) {
            try await client.callTool(name: tool, arguments: arguments)
        }
    }

    static func text(_ content: [Tool.Content]) -> String {
        content.compactMap { if case .text(let text, _, _) = $0 { text } else { nil } }.joined(separator: "\n")
    }

    @Test func theToolsAreListed() async throws {
        let session = try await Session()
        let names = try await session.client.listTools().tools.map(\.name)
        #expect(names == ["lint", "still", "render", "probe", "schema", "list_layer_types", "list_transitions"])
    }

    @Test func lintFindsNoProblemInAGoodDocumentAndNamesTheLineOfABadOne() async throws {
        let session = try await Session()
        let good = try await session.call("lint", ["path": "scene.yaml"])
        #expect(good.isError != true)
        #expect(Self.text(good.content) == "No problems: the document reads and renders.")
        let bad = try await session.call(
            "lint",
            ["document": "canvas: {width: 64, height: 32, duration: 1}\nlayers:\n  - {type: rect, sise: [1, 1]}\n"])
        #expect(bad.isError != true)
        let message = Self.text(bad.content)
        #expect(message.hasPrefix("document:3:"), "\(message)")
        #expect(message.contains("sise") && message.contains("`size`"), "\(message)")
    }

    @Test func stillReturnsThePNGOfTheFrame() async throws {
        let session = try await Session()
        let result = try await session.call("still", ["path": "scene.yaml", "time": 1, "width": 128])
        #expect(result.isError != true)
        guard case .image(let data, let mimeType, _, _)? = result.content.first else {
            Issue.record("no image in \(result.content)")
            return
        }
        #expect(mimeType == "image/png")
        let file = session.file("still.png")
        try #require(Data(base64Encoded: data)).write(to: file)
        let image = try Image(contentsOf: file)
        #expect(image.width == 128 && image.height == 64)
        let middle = image.pixel(atX: 64, y: 32)
        let corner = image.pixel(atX: 2, y: 2)
        #expect(middle.blue > 0.9 && middle.red < 0.1)
        #expect(corner.red > 0.9 && corner.blue < 0.1)
    }

    @Test func renderWritesTheMovieAndDescribesIt() async throws {
        let session = try await Session()
        let result = try await session.call(
            "render", ["document": .string(Self.scene()), "output": "two.mp4", "preset": "ultrafast"])
        #expect(result.isError != true, "\(Self.text(result.content))")
        let movie = session.output.appendingPathComponent("two.mp4")
        let probe = try MovieProbe(url: movie)
        #expect(probe.codecName == "h264" && probe.width == 64 && probe.height == 32)
        #expect(probe.frames.count == 20)
        let pixel = try #require(probe.frames.last).pixel(x: 32, y: 16)
        #expect(pixel.b > 200 && pixel.r < 60)
        #expect(Self.text(result.content).contains("2.000 s, 64x32, h264, no sound"))
        let probed = try await session.call("probe", ["path": "two.mp4", "folder": "output"])
        #expect(Self.text(probed.content) == "two.mp4: 2.000 s, 64x32, h264, no sound.")
        // The name is taken now.
        let again = try await session.call("render", ["path": "scene.yaml", "output": "two.mp4"])
        #expect(again.isError == true)
        #expect(Self.text(again.content).contains("pass `overwrite: true`"), "\(Self.text(again.content))")
        // A canvas the encoder refuses (36 rows for H.264) is refused with the tool's own way out.
        let odd = try await session.call(
            "render", ["document": .string(Self.scene(width: 64, height: 36)), "output": "odd.mp4"])
        #expect(odd.isError == true)
        #expect(Self.text(odd.content).contains("`width` and `height` arguments"), "\(Self.text(odd.content))")
        let sized = try await session.call(
            "render",
            [
                "document": .string(Self.scene(width: 64, height: 36)), "output": "odd.mp4", "height": 32,
                "preset": "ultrafast"
            ])
        #expect(sized.isError != true, "\(Self.text(sized.content))")
    }

    @Test(
        arguments: [
            ["path": "/etc/passwd"], ["path": "../outside.yaml"],
            ["document": "canvas: {width: 64, height: 32}\nlayers:\n  - {type: image, source: /etc/hostname}\n"],
            [
                "document":
                    "{\"canvas\": {\"width\": 64, \"height\": 32}, \"layers\": [{\"type\": \"image\", \"source\": \"../x.png\"}]}"
            ],
            ["path": "scene.yaml", "variables": ["x": "/etc/passwd"]]
        ] as [[String: Value]])
    func aDocumentThatReachesOutsideTheAssetFolderIsAToolError(_ arguments: [String: Value]) async throws {
        let session = try await Session()
        for tool in ["still", "lint", "render"] {
            let result = try await session.call(tool, arguments)
            #expect(result.isError == true, "\(tool) \(arguments)")
            let message = Self.text(result.content)
            #expect(message.contains("asset folder"), "\(message)")
            #expect(!message.contains("root:"), "\(message)")
        }
        #expect(!FileManager.default.fileExists(atPath: session.output.appendingPathComponent("movie.mp4").path))
    }

    @Test func badArgumentsAreToolErrorsAndTheServerKeepsServing() async throws {
        let session = try await Session()
        let cases: [(String, [String: Value], String)] = [
            ("still", [:], "No document was given"),
            ("still", ["path": "scene.yaml", "document": "x"], "Both `document` and `path`"),
            ("still", ["path": "scene.yaml", "time": "soon"], "`time`"),
            ("still", ["path": "scene.yaml", "width": 100_000], "`width`"),
            ("still", ["path": "scene.yaml", "colour": "red"], "`colour` is not an argument"),
            ("render", ["path": "scene.yaml", "output": "../up.mp4"], "`output`"),
            ("render", ["path": "scene.yaml", "preset": "quick"], "`preset`"),
            ("probe", ["path": "missing.mp4"], "No file missing.mp4"),
            ("paint", [:], "No tool is named paint"),
            ("still", ["document": "{{{"], "document")
        ]
        for (tool, arguments, expected) in cases {
            let result = try await session.call(tool, arguments)
            #expect(result.isError == true, "\(tool) \(arguments)")
            #expect(Self.text(result.content).contains(expected), "\(Self.text(result.content))")
        }
        let still = try await session.call("still", ["path": "scene.yaml"])
        #expect(still.isError != true)
    }

    @Test func aCancelledRenderStopsAndLeavesNoFile() async throws {
        let session = try await Session()
        // Each notification's frames. A render that did not stop would report up to its 18,000th frame
        // and leave its movie.
        let reported = Mutex<[Double]>([])
        _ = await session.client.onNotification(ProgressNotification.self) { message in
            reported.withLock { $0.append(message.params.progress) }
        }
        var meta = Metadata()
        meta.progressToken = .string("long")
        let context: RequestContext<CallTool.Result> = try await session.client.callTool(
            name: "render",
            arguments: [
                "document": .string(
                    Self.scene(seconds: 600, width: 640, height: 352).replacingOccurrences(
                        of: "fps: 10", with: "fps: 30")),
                "output": "long.mp4", "preset": "medium"
            ], meta: meta)
        for _ in 0..<600 where reported.withLock({ $0.count }) < 2 { try await Task.sleep(for: .milliseconds(50)) }
        #expect(reported.withLock { $0.count } >= 2, "progress was reported")
        try await session.client.cancelRequest(context.requestID, reason: "test")
        // Progress stops (within a minute, however busy the machine), before the end, in order.
        var quiet = 0
        var count = reported.withLock { $0.count }
        for _ in 0..<120 where quiet < 4 {
            try await Task.sleep(for: .milliseconds(500))
            let now = reported.withLock { $0.count }
            quiet = now == count ? quiet + 1 : 0
            count = now
        }
        #expect(quiet >= 4, "progress went on after the cancel")
        let frames = reported.withLock { $0 }
        #expect((frames.last ?? 0) < 18_000 && frames == frames.sorted(), "\(frames.suffix(5))")
        // The writer removes what it wrote.
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: session.output.path)) ?? []).isEmpty)
        let after = try await session.call("lint", ["path": "scene.yaml"])
        #expect(after.isError != true)
    }

    @Test func aSubtitleFileGivenAsTextIsRead() async throws {
        let session = try await Session()
        let srt = "1\n00:00:00,000 --> 00:00:02,000\n/etc/passwd is only words here\n"
        let result = try await session.call("lint", ["document": .string(srt), "format": "srt"])
        #expect(result.isError != true, "\(Self.text(result.content))")
        #expect(Self.text(result.content) == "No problems: the document reads and renders.")
    }

    @Test func theListsNameEveryLayerTypeAndTransition() async throws {
        let session = try await Session()
        let types = Self.text(try await session.call("list_layer_types", [:]).content)
        for type in ["rect:", "text: text, font", "image: source", "video:", "lottie: source", "subtitles:"] {
            #expect(types.contains(type), "\(type)")
        }
        let transitions = Self.text(try await session.call("list_transitions", [:]).content)
        #expect(transitions.contains("fadeblack") && transitions.contains("directional-left"))
    }
}
