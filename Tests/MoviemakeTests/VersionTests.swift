import Foundation
import MovieKitCore
import Testing

@testable import moviemake

/// One version everywhere: `moviemake --version`, the README's dependency line and the CHANGELOG's
/// newest release all say `MovieKitVersion.current`.
@Suite("moviemake --version")
struct VersionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func versionPrintsTheLibrarysVersion() throws {
        #expect(Moviemake.configuration.version == MovieKitVersion.current)
        // `--version` is a clean exit whose message is the version.
        do {
            _ = try Moviemake.parseAsRoot(["--version"])
            Issue.record("--version parsed as a command")
        } catch {
            #expect(Moviemake.message(for: error) == MovieKitVersion.current)
            #expect(Moviemake.exitCode(for: error) == .success)
        }
    }

    @Test func theReadmeAndChangelogNameTheSameVersion() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(#"MovieKit.git", from: "\#(MovieKitVersion.current)")"#))
        let changelog = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let releases = changelog.split(separator: "\n").filter {
            $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]")
        }
        #expect(releases.first == "## [\(MovieKitVersion.current)]")
    }
}
