import Foundation
import FrameDraw
import MovieKitCore

/// Runs writer lifecycles of every kind, successful and failed, and compares the open file
/// descriptors before and after: every file, pipe and eventfd a writer opens must be closed again.
struct DescriptorScenario {
    let folder: URL
    let lifecycles: Int

    struct Planned: Error {}

    /// One lifecycle; `index` picks the kind, so every kind runs lifecycles / kinds.count times.
    static let kinds: [(name: String, run: @Sendable (URL, Int) throws -> Void)] = [
        (
            "finished MP4",
            { folder, i in
                let writer = try MovieWriter(url: folder.appendingPathComponent("ok-\(i).mp4"), settings: tiny())
                for n in 0..<3 { try writer.addFrame { c in draw(c, n) } }
                try writer.finish()
            }
        ),
        (
            "bad path",
            { folder, i in
                expectFailure {
                    _ = try MovieWriter(url: folder.appendingPathComponent("missing/\(i).mp4"), settings: tiny())
                }
            }
        ),
        (
            "cancelled",
            { folder, i in
                let writer = try MovieWriter(url: folder.appendingPathComponent("cancel-\(i).mp4"), settings: tiny())
                for n in 0..<3 { try writer.addFrame { c in draw(c, n) } }
                writer.cancel()
                expectFailure { try writer.finish() }
            }
        ),
        (
            "closure throwing, writer abandoned",
            { folder, i in
                let writer = try MovieWriter(url: folder.appendingPathComponent("throw-\(i).mp4"), settings: tiny())
                try writer.addFrame { c in draw(c, 0) }
                expectFailure { try writer.addFrame { _ in throw Planned() } }
            }
        ),
        (
            "finish without frames",
            { folder, i in
                let writer = try MovieWriter(url: folder.appendingPathComponent("empty-\(i).mp4"), settings: tiny())
                expectFailure { try writer.finish() }
            }
        ),
        (
            "parallel render throwing at frame 3",
            { folder, i in
                expectFailure {
                    try MovieWriter.render(
                        to: folder.appendingPathComponent("parallel-\(i).mp4"), settings: tiny(), frameCount: 8,
                        concurrency: .fixed(2)
                    ) { c, frame in
                        if frame.index == 3 { throw Planned() }
                        draw(c, frame.index)
                    }
                }
            }
        ),
        (
            "existing file without overwrite",
            { folder, i in
                let url = folder.appendingPathComponent("exists-\(i).mp4")
                try Data("x".utf8).write(to: url)
                expectFailure { _ = try MovieWriter(url: url, settings: tiny()) }
            }
        ),
        (
            "finished GIF, MOV and PNG folder",
            { folder, i in
                for name in ["anim-\(i).gif", "clip-\(i).mov", "frames-\(i)"] {
                    try MovieWriter.render(to: folder.appendingPathComponent(name), settings: tiny(), frameCount: 2) {
                        c, frame in draw(c, frame.index)
                    }
                }
            }
        )
    ]

    static func tiny() throws -> MovieSettings {
        try MovieSettings(width: 16, height: 16, fps: 30, preset: .ultrafast)
    }

    static func draw(_ context: DrawingContext, _ n: Int) {
        context.setFillColor(Color(red: Double(n % 7) / 6, green: 0.5, blue: 0.2))
        context.fill(context.bounds)
    }

    /// Runs `body`, which must throw: each failing lifecycle is expected to fail.
    static func expectFailure(_ body: () throws -> Void) {
        do {
            try body()
        } catch {
            return
        }
        FileHandle.standardError.write(Data("A lifecycle that should have failed succeeded.\n".utf8))
        exit(1)
    }

    func run() throws -> [String: Any] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Warm-up: one of each kind, so one-time opens (font configuration, codec tables, the
        // dispatch pool's eventfds) happen before counting.
        for (index, kind) in Self.kinds.enumerated() { try runKind(kind, index) }
        var unexpected = try clear()
        let before = ProcessState.openDescriptors()
        let threadsBefore = ProcessState.threadCount()
        for index in 0..<lifecycles {
            try runKind(Self.kinds[index % Self.kinds.count], index)
            if index % 8 == 7 { unexpected += try clear() }
        }
        unexpected += try clear()
        let after = ProcessState.openDescriptors()
        let leaked = after.filter { before[$0.key] != $0.value }.map { "\($0.key) → \($0.value)" }.sorted()
        return [
            "lifecycles": lifecycles,
            "kinds": Self.kinds.map(\.name),
            "before": before.count,
            "after": after.count,
            "leaked": leaked,
            "threadsBefore": threadsBefore,
            "threadsAfter": ProcessState.threadCount(),
            "left": unexpected.sorted()
        ]
    }

    private func runKind(_ kind: (name: String, run: @Sendable (URL, Int) throws -> Void), _ index: Int) throws {
        do {
            try kind.run(folder, index)
        } catch {
            throw ScenarioError("Lifecycle \(index) (\(kind.name)) failed unexpectedly: \(error)")
        }
    }

    /// Removes everything in the folder and returns the names no lifecycle should have left:
    /// anything but the finished outputs and the "existing file" placeholders.
    private func clear() throws -> [String] {
        let expected = ["ok-", "anim-", "clip-", "frames-", "exists-"]
        var unexpected: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            if !expected.contains(where: { name.hasPrefix($0) }) { unexpected.append(name) }
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        return unexpected
    }
}
