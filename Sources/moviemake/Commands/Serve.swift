import ArgumentParser
import Foundation

/// `moviemake serve`: runs the render service, which is an executable of its own (`moviemake-serve`,
/// from the package in Service/), with the same arguments, as `git` runs its `git-…` commands.
///
/// The service's dependencies (Hummingbird, GRDB, postgres-nio …) take minutes to build, so
/// `moviemake` does not link them; `make serve` builds both executables side by side.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the render service: an HTTP API that renders documents from a durable queue.",
        discussion: """
            The service is its own executable, moviemake-serve, which `make serve` builds beside moviemake \
            (in Service/.build/release). `moviemake serve ARGS` runs the moviemake-serve beside this moviemake, \
            else the one on PATH, with ARGS; `moviemake serve --help` lists its options.

            Example:
              moviemake serve --port 8080 --data /var/lib/moviekit --token-file tokens.txt --assets assets
            """
    )

    /// The service's arguments, passed on as they are (`--help` included).
    @Argument(parsing: .captureForPassthrough, help: "The render service's arguments (moviemake serve --help).")
    var arguments: [String] = []

    /// The executable's name.
    static let executableName = "moviemake-serve"

    func run() throws {
        guard let executable = Self.serviceExecutable() else {
            throw CommandFailure(
                "The render service, \(Self.executableName), is neither beside this moviemake (\(Self.ownFolder?.path ?? "its folder is unknown")) nor on PATH. Build it with `make serve`, then run Service/.build/release/moviemake serve (or put \(Self.executableName) on PATH)."
            )
        }
        // exec keeps the process: its id, its standard streams and its signals go to the service, as
        // a process manager expects of the command it started.
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        execv(executable.path, argv)
        let reason = String(cString: strerror(errno))
        for pointer in argv { free(pointer) }
        throw CommandFailure("\(executable.path) cannot be run: \(reason).")
    }

    /// The folder of the running executable, with links resolved.
    static var ownFolder: URL? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        return URL(fileURLWithPath: path).deletingLastPathComponent()
    }

    /// `moviemake-serve` beside this executable, else the first on PATH.
    static func serviceExecutable() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders =
            [ownFolder].compactMap { $0 } + path.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        return folders.map { $0.appendingPathComponent(executableName) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
