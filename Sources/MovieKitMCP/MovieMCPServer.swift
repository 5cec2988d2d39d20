import Foundation
import MCP
import MovieKitCore
import MovieKitKinds
import MovieKitScene

/// A Model Context Protocol server whose tools let an assistant check a document, look at its
/// frames and render it: what `moviemake mcp` serves over standard input and output.
///
/// The server reads documents as the render service does (`AssetPolicy`): only from the asset
/// folder, by relative paths, and writes movies only into the output folder. Any bad input, from a
/// malformed argument to a document that does not read, is answered as a tool error (`isError`)
/// with a sentence saying what to change; the server keeps serving.
///
/// ```swift
/// let server = MovieMCPServer(
///     configuration: .init(assetsFolder: URL(fileURLWithPath: "assets"), outputFolder: URL(fileURLWithPath: "out")))
/// try await server.runOnStandardStreams()
/// ```
public struct MovieMCPServer: Sendable {
    /// Where documents are read from and movies written, and the bounds on what a call may ask.
    public struct Configuration: Sendable {
        /// The folder documents and the files they name are read from.
        public var assetsFolder: URL
        /// The folder movies are written into.
        public var outputFolder: URL
        /// Whether documents may name `http` and `https` files. Default `false`.
        public var allowsRemoteFiles = false
        /// The largest frame a call may ask for, in pixels a side. Default 3840.
        public var maxSide = 3840
        /// The longest movie `render` makes, in seconds. Default 600.
        public var maxDuration = 600.0
        /// The kinds of content documents are read with. Default `ContentRegistry.standard`.
        public var registry = ContentRegistry.standard

        /// A configuration reading from `assetsFolder` and writing into `outputFolder`.
        public init(assetsFolder: URL, outputFolder: URL) {
            self.assetsFolder = assetsFolder
            self.outputFolder = outputFolder
        }
    }

    /// What this server reads, writes and allows.
    public let configuration: Configuration

    /// A server with `configuration`.
    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Serves on standard input and output (newline-delimited JSON-RPC) until the client closes them:
    /// what an MCP client that starts the server as a process expects.
    /// - Throws: The transport's error when the streams cannot be used.
    public func runOnStandardStreams() async throws {
        try await run(on: StdioTransport())
    }

    /// Serves on `transport` until the client closes it.
    /// - Throws: The transport's error when it cannot be connected.
    public func run(on transport: any Transport) async throws {
        let server = await makeServer()
        try await server.start(transport: transport)
        await server.waitUntilCompleted()
    }

    /// A server with MovieKit's tools registered, not yet started.
    public func makeServer() async -> Server {
        let server = Server(
            name: "moviemake", version: MovieKitVersion.current,
            instructions:
                "MovieKit renders movies from documents: scene files (YAML or JSON), slideshow manifests, editly specs, Lottie animations and subtitle files. Write a document, check it with lint, look at frames with still, then render it.",
            capabilities: Server.Capabilities(tools: Server.Capabilities.Tools(listChanged: false)))
        let tools = MCPTools(configuration: configuration)
        await server.withMethodHandler(ListTools.self) { _ in
            ListTools.Result(tools: MCPTools.catalog)
        }
        await server.withMethodHandler(CallTool.self) { [weak server] parameters in
            let server = server
            let token = parameters._meta?.progressToken
            return await tools.call(parameters.name, arguments: parameters.arguments ?? [:]) { done, total in
                guard let token, let server else { return }
                let notification = ProgressNotification.message(
                    ProgressNotification.Parameters(progressToken: token, progress: done, total: total))
                try? await server.notify(notification)
            }
        }
        return server
    }
}
