import Foundation
import TestSupport
import Testing

/// Writer scenarios that change process-wide state, run by the `WriterChild` helper in a process of
/// their own so that the tests running in parallel here are not affected.
@Suite("Writer scenarios in a child process")
struct WriterChildTests {
    /// Runs `WriterChild <scenario> <output>`.
    static func run(_ scenario: String, output: URL) throws -> ProcessResult {
        try ChildProcess.run(ChildProcess.builtProduct(named: "WriterChild"), arguments: [scenario, output.path])
    }

    @Test func fileSizeLimitMidStreamSurfacesNamingTheDestinationAndLeavesNoFile() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("efbig.mp4")
        let result = try Self.run("efbig", output: url)
        #expect(result.termination == .exit(1), "\(result)")
        #expect(result.standardError.contains("File too large"), "\(result)")
        #expect(result.standardError.contains(url.path), "the message names the destination: \(result)")
        #expect(
            !result.standardError.contains(".partial"), "the message does not name the hidden temporary file: \(result)"
        )
        #expect(try dir.contents().isEmpty)
    }
}
