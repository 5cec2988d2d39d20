import Foundation
import Testing

/// Code written for an older MovieKit still compiles: each renamed public name keeps a deprecated
/// forward, so an upgrade gives a warning with the new name instead of an error. The old code is
/// type-checked by `swiftc` against the modules this build made, in a child process.
@Suite("Renamed API keeps deprecated forwards")
struct RenamedAPITests {
    static let packageRoot = PackagePaths.root

    /// Lines of 0.1 code, each with the new name its warning must give.
    static let oldLines: [(code: String, newName: String)] = [
        ("context.draw(image, in: rect, contentMode: .stretch)", "draw(_:in:fit:)"),
        ("_ = ContentFit.aspectFill", "cover"),
        ("let mode: ContentMode = .contain", "ContentFit"),
        ("_ = ContentFit.aspectFit", "contain"),
        ("_ = ContentFit.scaleToFill", "stretch"),
        ("try writer.addImage(image, contentMode: .contain)", "addImage(_:fit:)"),
        ("var content = ImageContent(.image(image), contentMode: .cover)", "init(_:fit:)"),
        ("content.contentMode = .cover", "fit"),
        ("_ = Layer.image(image, contentMode: .contain)", "image(_:fit:)"),
        (
            "_ = Layer.image(contentsOf: URL(fileURLWithPath: \"/p.png\"), contentMode: .cover)",
            "image(contentsOf:fit:)"
        ),
        // SceneError's cases took `file:line:column:path:` before they took one SourceLocation.
        (
            "_ = SceneError.syntax(file: \"a.yaml\", line: 1, column: 2, format: \"YAML\", problem: \"bad\")",
            "syntax(at:"
        ),
        (
            "_ = SceneError.missingKey(file: \"a.yaml\", line: 3, column: 1, path: \"layers[0]\", key: \"type\", expected: \"a type\")",
            "missingKey(at:"
        ),
        (
            "_ = SceneError.missingVideo(file: \"a.yaml\", line: nil, column: nil, path: \"v\", videoPath: \"/v.mp4\", reason: \"gone\")",
            "missingVideo(at:"
        )
    ]

    @Test func codeWrittenForTheOldNamesCompilesWithDeprecationWarnings() throws {
        let modules = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("Modules")
        try #require(
            FileManager.default.fileExists(atPath: modules.appendingPathComponent("MovieKitScene.swiftmodule").path),
            "no MovieKitScene module beside the test runner in \(modules.path)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("renamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("Old.swift")
        let body = Self.oldLines.map { "    " + $0.code }.joined(separator: "\n")
        try Data(
            """
            import Foundation
            import FrameDraw
            import MovieKitCore
            import MovieKitScene

            func upgraded(_ context: DrawingContext, _ image: Image, _ writer: MovieWriter, _ rect: CGRect) throws {
            \(body)
                _ = (mode, content)
            }

            """.utf8
        ).write(to: source)

        // The C modules the libraries import internally are found through their module maps and pkg-config.
        var arguments = ["swiftc", "-typecheck", "-I", modules.path]
        let cModules = try FileManager.default.contentsOfDirectory(
            at: Self.packageRoot.appendingPathComponent("Sources"), includingPropertiesForKeys: nil
        ).filter { $0.lastPathComponent.hasPrefix("C") }
        for module in cModules
        where FileManager.default.fileExists(atPath: module.appendingPathComponent("module.modulemap").path) {
            arguments += ["-Xcc", "-fmodule-map-file=" + module.appendingPathComponent("module.modulemap").path]
        }
        let includes = try Self.run([
            "pkg-config", "--cflags-only-I", "pangocairo", "libavformat", "librsvg-2.0", "libheif"
        ])
        #expect(includes.status == 0, "\(includes.output)")
        for flag in includes.output.split(whereSeparator: \.isWhitespace) { arguments += ["-Xcc", String(flag)] }
        let check = try Self.run(arguments + [source.path])
        #expect(check.status == 0, "swiftc refused the old code:\n\(check.output)")
        for (index, line) in Self.oldLines.enumerated() {
            let lineNumber = index + 7
            let warned = check.output.split(separator: "\n").contains {
                $0.contains("Old.swift:\(lineNumber):") && $0.contains("deprecated")
                    && ($0.contains("'\(line.newName)'") || $0.contains("use \(line.newName)"))
            }
            #expect(warned, "no deprecation naming \(line.newName) for line \(lineNumber): \(line.code)")
        }
    }

    /// Runs a tool found on `PATH`, with standard output and error together.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
