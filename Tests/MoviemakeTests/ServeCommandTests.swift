import Foundation
import Testing

/// `moviemake serve` runs the render service's own executable, `moviemake-serve` (the package in
/// Service/), which this package does not build: without it, the command says how to get it.
@Suite("moviemake serve")
struct ServeCommandTests {
    @Test func withoutTheServiceBesideItOrOnPathItSaysHowToBuildIt() throws {
        let moviemake = try SignalTests.moviemakeExecutable()
        let beside = moviemake.deletingLastPathComponent().appendingPathComponent("moviemake-serve")
        try #require(
            !FileManager.default.fileExists(atPath: beside.path), "a moviemake-serve was built beside this moviemake")
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = "/nonexistent"
        let run = try ChunkCommandTests.moviemake(
            ["serve", "--port", "0", "--data", "/nonexistent"], environment: environment)
        #expect(run.status == 1)
        #expect(
            run.errors.contains("The render service, moviemake-serve, is neither beside this moviemake"),
            "\(run.errors)")
        #expect(run.errors.contains("Build it with `make serve`"), "\(run.errors)")
    }

    @Test func itRunsTheServiceBesideItWithTheSameArgumentsAndProcess() throws {
        // A stand-in for moviemake-serve on PATH that prints its arguments and its process id.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stub = folder.appendingPathComponent("moviemake-serve")
        try Data("#!/bin/sh\necho \"args: $*\" >&2\nexit 7\n".utf8).write(to: stub)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = folder.path
        let run = try ChunkCommandTests.moviemake(["serve", "--port", "9", "--help"], environment: environment)
        // The service's own exit status and output: moviemake has become it.
        #expect(run.status == 7, "\(run.errors)")
        #expect(run.errors.contains("args: --port 9 --help"), "\(run.errors)")
    }
}
