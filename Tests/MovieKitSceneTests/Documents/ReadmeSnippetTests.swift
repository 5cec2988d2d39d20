import Foundation
import MovieKitScene
import Testing

/// The README's code is code that compiles: every ```swift block is a snippet in `Snippets/` (which
/// `swift build` and `swift test` compile), or a slice of one, character for character. The package
/// manifest block cannot be a snippet; `make test-package` builds it verbatim, and this suite checks
/// that it names the version of the latest CHANGELOG entry and products this package has.
@Suite("README.md")
struct ReadmeSnippetTests {
    static let root = PackagePaths.root

    /// A fenced block of the README: its language and text, and the line it starts on.
    struct Block: CustomTestStringConvertible, Sendable {
        var language: String
        var text: String
        var line: Int
        var testDescription: String { "\(language) block at README.md:\(line)" }
        var isManifest: Bool { text.hasPrefix("// swift-tools-version") }
    }

    static let readme = (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    static let blocks: [Block] = {
        var blocks: [Block] = []
        var current: (language: String, line: Int, lines: [Substring])?
        for (index, line) in readme.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let open = current {
                    blocks.append(
                        Block(language: open.language, text: open.lines.joined(separator: "\n"), line: open.line))
                    current = nil
                } else {
                    current = (String(line.dropFirst(3)), index + 1, [])
                }
            } else {
                current?.lines.append(line)
            }
        }
        return blocks
    }()

    static let swiftBlocks = blocks.filter { $0.language == "swift" && !$0.isManifest }
    static let sceneBlocks = blocks.filter { $0.language == "yaml" && $0.text.contains("canvas:") }

    /// What DocC shows of a snippet file: the whole file without hidden regions and marker lines,
    /// and each `// snippet.NAME` … `// snippet.end` slice, as swift-docc-plugin's snippet parser
    /// reads them (line comments only).
    struct Snippet {
        var name: String
        var whole: String
        var slices: [String: String]

        init(name: String, source: String) {
            self.name = name
            var visible = true
            var lines: [Substring] = []
            var open: [String: Int] = [:]
            var slices: [String: Range<Int>] = [:]
            for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("// snippet.") else {
                    if visible { lines.append(line) }
                    continue
                }
                let marker = String(trimmed.dropFirst("// snippet.".count).prefix { !$0.isWhitespace })
                switch marker.lowercased() {
                case "hide": visible = false
                case "show": visible = true
                case "end":
                    for (slice, start) in open { slices[slice] = start..<lines.count }
                    open = [:]
                default:
                    if visible { open = [marker: lines.count] }
                }
            }
            func text(_ part: ArraySlice<Substring>) -> String {
                var part = Array(part)
                while part.first?.allSatisfy(\.isWhitespace) == true { part.removeFirst() }
                while part.last?.allSatisfy(\.isWhitespace) == true { part.removeLast() }
                let indent = part.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
                return part.map { $0.dropFirst(indent) }.joined(separator: "\n")
            }
            whole = text(lines[...])
            self.slices = slices.mapValues { text(lines[$0]) }
        }
    }

    static func snippets() throws -> [Snippet] {
        let folder = root.appendingPathComponent("Snippets")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
            .map {
                Snippet(
                    name: $0.deletingPathExtension().lastPathComponent,
                    source: try String(contentsOf: $0, encoding: .utf8))
            }
    }

    @Test("the README has Swift blocks to check, and is at most 250 lines")
    func theReadmeIsShortAndHasCode() {
        #expect(!Self.swiftBlocks.isEmpty)
        #expect(Self.blocks.contains { $0.isManifest })
        let lines = Self.readme.filter { $0 == "\n" }.count
        #expect(lines <= 250, "README.md has \(lines) lines; keep it to 250 and move detail into the DocC articles")
    }

    @Test("every Swift block is a snippet, or a slice of one, character for character", arguments: swiftBlocks)
    func everySwiftBlockIsASnippet(_ block: Block) throws {
        let snippets = try Self.snippets()
        let match = snippets.first { snippet in
            snippet.whole == block.text || snippet.slices.values.contains(block.text)
        }
        #expect(
            match != nil,
            """
            The Swift block at README.md:\(block.line) is not in Snippets/: put it in a snippet file \
            (whole, or between // snippet.NAME and // snippet.end) so that `swift build` compiles it, \
            and copy it from there.
            """)
    }

    @Test("the package manifest names the latest CHANGELOG version and products this package has")
    func theManifestNamesTheReleasedVersionAndRealProducts() throws {
        let manifest = try #require(Self.blocks.first { $0.isManifest }).text
        let changelog = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let version = try #require(
            changelog.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }?
                .dropFirst(4).prefix { $0 != "]" })
        #expect(manifest.contains(#".package(url: "https://github.com/moviekit/MovieKit.git", from: "\#(version)")"#))

        let package = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let products = manifest.components(separatedBy: #".product(name: ""#).dropFirst().map {
            $0.prefix { $0 != "\"" }
        }
        #expect(!products.isEmpty)
        for product in products {
            #expect(
                package.contains(#".library(name: "\#(product)""#),
                "README names a product \(product) that Package.swift does not declare")
        }
    }

    @Test("every scene file block loads", arguments: sceneBlocks)
    func sceneFileBlocksLoad(_ block: Block) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("scene.yaml")
        try block.text.write(to: file, atomically: true, encoding: .utf8)
        let scene = try SceneFile.load(from: file)
        #expect(!scene.layers.isEmpty)
    }

    @Test("every link to a file of the repository points at one that exists")
    func repositoryLinksExist() {
        let pattern = /\]\(([^)#\s]+)\)/
        for match in Self.readme.matches(of: pattern) {
            let target = String(match.output.1)
            if target.contains("://") { continue }
            #expect(
                FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(target).path),
                "README.md links to \(target), which does not exist")
        }
    }
}
