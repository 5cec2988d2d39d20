import Foundation
import FrameDraw
import MCP
import MovieKitCore
import MovieKitScene
import Synchronization

/// Carries out the tools' calls: every answer is a result, and every failure a tool error
/// (`isError`) with a sentence, so that no input stops the server.
struct MCPTools: Sendable {
    let configuration: MovieMCPServer.Configuration
    let policy: AssetPolicy
    let outputs: AssetPolicy

    init(configuration: MovieMCPServer.Configuration) {
        self.configuration = configuration
        policy = AssetPolicy(folder: configuration.assetsFolder, allowsRemoteFiles: configuration.allowsRemoteFiles)
        outputs = AssetPolicy(folder: configuration.outputFolder)
    }

    /// Progress of a long call: work done, and the total.
    typealias Progress = @Sendable (_ done: Double, _ total: Double) async -> Void

    /// The result of the tool `name` with `arguments`.
    func call(_ name: String, arguments: [String: Value], progress: @escaping Progress) async -> CallTool.Result {
        let arguments = MCPArguments(values: arguments)
        do {
            switch name {
            case "lint": return try await offThread { try lint(arguments) }
            case "still": return try await offThread { try still(arguments) }
            case "render": return try await render(arguments, progress: progress)
            case "probe": return try await offThread { try probe(arguments) }
            case "schema": return try schema(arguments)
            case "list_layer_types": return try listLayerTypes(arguments)
            case "list_transitions": return try listTransitions(arguments)
            default:
                throw MCPToolError(
                    "No tool is named \(name); the tools are \(Self.catalog.map(\.name).joined(separator: ", ")).")
            }
        } catch {
            return CallTool.Result(content: [.text(text: "\(error)", annotations: nil, _meta: nil)], isError: true)
        }
    }

    /// The problems of a document (``ContentRegistry/problems(in:variables:)``): none when it reads.
    private func lint(_ arguments: MCPArguments) throws -> CallTool.Result {
        try arguments.refuseUnknown(allowed: ["document", "format", "path", "variables"])
        let problems = try DocumentText.withFile(arguments, policy: policy) { url, variables, naming in
            configuration.registry.problems(in: url, variables: variables).map(naming.cleaned)
        }
        let summary =
            problems.isEmpty
            ? "No problems: the document reads and renders." : problems.map(\.message).joined(separator: "\n")
        let encoded = try JSONDecoder().decode(Value.self, from: try JSONEncoder().encode(problems))
        return CallTool.Result(
            content: [.text(text: summary, annotations: nil, _meta: nil)],
            structuredContent: .object(["problems": encoded]))
    }

    /// One frame as a PNG.
    private func still(_ arguments: MCPArguments) throws -> CallTool.Result {
        try arguments.refuseUnknown(allowed: ["document", "format", "path", "variables", "time", "width", "height"])
        let time = try arguments.double("time", in: 0...86_400) ?? 0
        let side = 1...configuration.maxSide
        let width = try arguments.int("width", in: side)
        let height = try arguments.int("height", in: side)
        let png = try DocumentText.withDocument(arguments, policy: policy, registry: configuration.registry) {
            document in
            let renderer = try SceneRenderer(scene: document.scene)
            let canvas = renderer.canvas.size
            let size = Self.size(width: width, height: height, canvas: canvas)
            guard Int(size.width) <= configuration.maxSide, Int(size.height) <= configuration.maxSide else {
                throw MCPToolError(
                    "The frame would be \(Int(size.width))x\(Int(size.height)); this server draws at most \(configuration.maxSide) pixels a side, so pass a smaller width or height."
                )
            }
            return try renderer.image(at: time, size: size).pngData()
        }
        return CallTool.Result(content: [
            .image(data: png.base64EncodedString(), mimeType: "image/png", annotations: nil, _meta: nil)
        ])
    }

    /// The size asked for: both sides, or one with the other following the canvas's aspect.
    static func size(width: Int?, height: Int?, canvas: CGSize) -> CGSize {
        switch (width, height) {
        case (let width?, let height?): return CGSize(width: width, height: height)
        case (let width?, nil):
            return CGSize(
                width: Double(width), height: max(1, (Double(width) * canvas.height / canvas.width).rounded()))
        case (nil, let height?):
            return CGSize(
                width: max(1, (Double(height) * canvas.width / canvas.height).rounded()), height: Double(height))
        case (nil, nil): return canvas
        }
    }

    /// A movie in the output folder, and what it holds.
    private func render(_ arguments: MCPArguments, progress: @escaping Progress) async throws -> CallTool.Result {
        try arguments.refuseUnknown(allowed: [
            "document", "format", "path", "variables", "width", "height", "output", "crf", "preset", "draft",
            "overwrite"
        ])
        let name = try arguments.string("output") ?? "movie.mp4"
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("."), name.count < 256 else {
            throw MCPToolError("`output` (\(name)) must be a file name in the output folder, such as intro.mp4.")
        }
        let output = configuration.outputFolder.appendingPathComponent(name)
        let overwrite = try arguments.bool("overwrite") ?? false
        // In the tool's own words, before anything is read or drawn (the writer's sentence speaks of
        // "allowing the writer to replace it").
        if !overwrite, FileManager.default.fileExists(atPath: output.path) {
            throw MCPToolError(
                "\(name) is already in the output folder; pass `overwrite: true` to replace it, or another `output` name."
            )
        }
        var overrides = RenderOverrides()
        overrides.width = try arguments.int("width", in: 1...configuration.maxSide)
        overrides.height = try arguments.int("height", in: 1...configuration.maxSide)
        overrides.crf = try arguments.int("crf", in: 0...63)
        overrides.preset = try arguments.preset()
        overrides.draft = try arguments.bool("draft") ?? false
        let asked = overrides
        let plan = try await offThread {
            try DocumentText.withDocument(arguments, policy: policy, registry: configuration.registry) { document in
                do {
                    return try RenderPlan(document: document, output: output, overrides: asked)
                } catch let error as MovieKitError {
                    guard case .invalidDimension = error else { throw error }
                    // The size is the canvas's unless the call sets one.
                    throw MCPToolError("\(error) The `width` and `height` arguments set the movie's size.")
                }
            }
        }
        let settings = plan.settings
        guard settings.width <= configuration.maxSide, settings.height <= configuration.maxSide else {
            throw MCPToolError(
                "The movie would be \(settings.width)x\(settings.height); this server renders at most \(configuration.maxSide) pixels a side, so pass a smaller width or height."
            )
        }
        guard plan.document.scene.canvas.duration <= configuration.maxDuration else {
            throw MCPToolError(
                "The document lasts \(plan.document.scene.canvas.duration) s; this server renders at most \(configuration.maxDuration) s."
            )
        }
        try FileManager.default.createDirectory(at: configuration.outputFolder, withIntermediateDirectories: true)
        let render = try MovieRender(plan: plan)
        let cancellation = WriterCancellation()
        let reporter = ProgressReporter(progress)
        _ = try await withTaskCancellationHandler {
            try await offThread {
                try render.run(overwrite: overwrite, cancellation: cancellation) { update in
                    reporter.report(Double(update.encodedFrames), of: Double(update.totalFrames))
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
        // A container LibAV's probe does not read back as a clip (an animated WebP) is still the movie.
        guard var result = try? Self.probeValue(of: output) else {
            return CallTool.Result(
                content: [.text(text: "Wrote \(output.path).", annotations: nil, _meta: nil)],
                structuredContent: .object(["path": .string(output.path)]))
        }
        result["path"] = .string(output.path)
        return CallTool.Result(
            content: [.text(text: "Wrote \(output.path): \(Self.describe(result)).", annotations: nil, _meta: nil)],
            structuredContent: .object(result))
    }

    private func probe(_ arguments: MCPArguments) throws -> CallTool.Result {
        try arguments.refuseUnknown(allowed: ["path", "folder"])
        guard let path = try arguments.string("path") else {
            throw MCPToolError("`path` is missing: the movie's relative path in the asset or output folder.")
        }
        let folder = try arguments.string("folder") ?? "assets"
        guard folder == "assets" || folder == "output" else {
            throw MCPToolError("`folder` is \"\(folder)\"; use assets or output.")
        }
        let url = try DocumentText.file(path, in: folder == "assets" ? policy : outputs, argument: folder)
        let result = try Self.probeValue(of: url)
        return CallTool.Result(
            content: [.text(text: "\(path): \(Self.describe(result)).", annotations: nil, _meta: nil)],
            structuredContent: .object(result))
    }

    /// What LibAV reads of the movie at `url`.
    static func probeValue(of url: URL) throws -> [String: Value] {
        let info = try VideoContent.info(of: url)
        return [
            "duration": .double(info.duration), "width": .int(Int(info.size.width)),
            "height": .int(Int(info.size.height)), "codec": .string(info.codec), "hasAudio": .bool(info.hasAudio),
            "rotation": .int(info.rotation), "frameRate": info.frameRate.map { .string("\($0)") } ?? .null
        ]
    }

    static func describe(_ probe: [String: Value]) -> String {
        let seconds = probe["duration"]?.doubleValue.map { String(format: "%.3f s", $0) } ?? "?"
        let size = "\(probe["width"]?.intValue ?? 0)x\(probe["height"]?.intValue ?? 0)"
        let sound = probe["hasAudio"]?.boolValue == true ? "with sound" : "no sound"
        return "\(seconds), \(size), \(probe["codec"]?.stringValue ?? "?"), \(sound)"
    }

    private func schema(_ arguments: MCPArguments) throws -> CallTool.Result {
        try arguments.refuseUnknown(allowed: ["kind"])
        guard let kind = try arguments.string("kind") else { throw MCPToolError("`kind` is missing: scene.") }
        guard kind == "scene" else { throw MCPToolError("`kind` is \"\(kind)\"; the schemas are: scene.") }
        let schema = configuration.registry.sceneFileSchema()
        return try CallTool.Result(
            content: [.text(text: String(decoding: schema, as: UTF8.self), annotations: nil, _meta: nil)],
            structuredContent: try JSONDecoder().decode(Value.self, from: schema))
    }

    private func listLayerTypes(_ arguments: MCPArguments) throws -> CallTool.Result {
        try arguments.refuseUnknown(allowed: [])
        let types = configuration.registry.sceneFileLayerTypes
        let value: [Value] = types.map { type in
            .object(["type": .string(type.name), "keys": .array(type.keys.map { .string($0) })])
        }
        let common = types.first?.commonKeys ?? []
        return CallTool.Result(
            content: [
                .text(
                    text: types.map { "\($0.name): \($0.keys.joined(separator: ", "))" }.joined(separator: "\n"),
                    annotations: nil, _meta: nil)
            ],
            structuredContent: .object(["layerTypes": .array(value), "commonKeys": .array(common.map { .string($0) })]))
    }

    private func listTransitions(_ arguments: MCPArguments) throws -> CallTool.Result {
        try arguments.refuseUnknown(allowed: [])
        let catalog = configuration.registry.transitions
        let movieKit = catalog.names(in: .movieKit)
        let editly = catalog.names(in: .editly)
        return CallTool.Result(
            content: [
                .text(
                    text:
                        "Slideshow manifests: \(movieKit.joined(separator: ", ")).\neditly specs: \(editly.joined(separator: ", ")).",
                    annotations: nil, _meta: nil)
            ],
            structuredContent: .object([
                "manifest": .array(movieKit.map { .string($0) }), "editly": .array(editly.map { .string($0) })
            ]))
    }
}

/// Runs blocking work (reading, drawing, encoding) on a thread of its own, so that the server keeps
/// reading messages (a cancel among them) while it runs.
func offThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try work() })
        }
    }
}

/// Sends progress at most once per percent, from the render's thread to the client, in order.
final class ProgressReporter: Sendable {
    private let updates: AsyncStream<(Double, Double)>.Continuation
    private let lastPercent = Mutex(-1)

    init(_ send: @escaping MCPTools.Progress) {
        let (stream, updates) = AsyncStream.makeStream(of: (Double, Double).self)
        self.updates = updates
        Task {
            for await (done, total) in stream { await send(done, total) }
        }
    }

    deinit { updates.finish() }

    func report(_ done: Double, of total: Double) {
        let percent = total > 0 ? Int(done / total * 100) : 0
        let isNew = lastPercent.withLock { last in
            guard percent > last else { return false }
            last = percent
            return true
        }
        if isNew { updates.yield((done, total)) }
    }
}
