import ArgumentParser
import Foundation
import MovieKitMCP
import Synchronization

/// `moviemake mcp`: a Model Context Protocol server on standard input and output, whose tools let an
/// assistant check documents, look at their frames and render them (MovieKitMCP).
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve MovieKit's tools to an assistant over the Model Context Protocol (stdio).",
        discussion: """
            An MCP client (an assistant's host) starts this command and talks JSON-RPC over its standard \
            input and output. Its tools: lint, still (a frame as PNG), render, probe, list_layer_types and \
            list_transitions. Documents are read only from --assets, by relative paths (no absolute paths, \
            .., links out or remote URLs unless --allow-remote-files); movies are written only into --output.

            Example, in a client's configuration:
              {"command": "moviemake", "args": ["mcp", "--assets", "/home/me/video", "--output", "/home/me/video/out"]}
            """
    )

    @Option(help: ArgumentHelp("The folder documents and the files they name are read from.", valueName: "dir"))
    var assets: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder movies are written into.", valueName: "dir"))
    var output: String

    @Flag(help: "Let documents name http and https files.")
    var allowRemoteFiles = false

    @Option(help: ArgumentHelp("The largest frame a call may ask for, in pixels a side.", valueName: "pixels"))
    var maxSide = 3840

    @Option(help: ArgumentHelp("The longest movie render makes, in seconds.", valueName: "seconds"))
    var maxDuration = 600.0

    func validate() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: assets, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError(
                "--assets \(assets) is not a folder; pass the folder your documents and media are in.")
        }
        guard maxSide >= 16 else { throw ValidationError("--max-side \(maxSide) is too small; pass 16 or more.") }
        guard maxDuration > 0, maxDuration.isFinite else {
            throw ValidationError("--max-duration \(maxDuration) is not a positive number of seconds.")
        }
    }

    func run() throws {
        let outputFolder = URL(fileURLWithPath: output).standardizedFileURL
        do {
            try FileManager.default.createDirectory(at: outputFolder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("Cannot make the output folder \(output): \(error.localizedDescription).")
        }
        var configuration = MovieMCPServer.Configuration(
            assetsFolder: URL(fileURLWithPath: assets).standardizedFileURL, outputFolder: outputFolder)
        configuration.allowsRemoteFiles = allowRemoteFiles
        configuration.maxSide = maxSide
        configuration.maxDuration = maxDuration
        configuration.registry = Moviemake.contentRegistry
        let server = MovieMCPServer(configuration: configuration)
        let failure = Mutex<String?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Task {
            do {
                try await server.runOnStandardStreams()
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
            finished.signal()
        }
        finished.wait()
        if let message = failure.withLock({ $0 }) { throw CommandFailure("The MCP server stopped: \(message)") }
    }
}
