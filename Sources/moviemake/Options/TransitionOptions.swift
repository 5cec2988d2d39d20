import ArgumentParser
import Foundation
import MovieKitScene

/// `--gl-transitions`: a gl-transitions collection whose GLSL runs for the names it has, shared by
/// the subcommands that read transition names.
struct TransitionOptions: ParsableArguments {
    /// The environment variable read when `--gl-transitions` is not given.
    static let environmentVariable = "MOVIEKIT_GL_TRANSITIONS"

    @Option(
        name: .customLong("gl-transitions"),
        help: ArgumentHelp(
            "A folder of gl-transitions .glsl files, such as editly's node_modules/gl-transitions/transitions: the names it has run its GLSL exactly (in editly specs; in manifests and --transition, the names that are not MovieKit's CPU effects). Default: $\(environmentVariable).",
            valueName: "dir"))
    var glTransitions: String?

    /// The catalog the flag or the environment variable names, or MovieKit's own; files of the
    /// collection that cannot be used are reported on standard error.
    /// - Parameter environment: The process's environment.
    /// - Throws: `CommandFailure` naming the folder, and the variable when it came from there.
    func catalog(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> TransitionCatalog {
        let fromEnvironment = environment[Self.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        guard let path = glTransitions ?? fromEnvironment else { return .builtIn }
        let catalog: TransitionCatalog
        do {
            catalog = try TransitionCatalog.builtIn.loadingCollection(at: URL(fileURLWithPath: path))
        } catch let error as TransitionCatalogError {
            throw CommandFailure(
                glTransitions == nil
                    ? "\(error) (The folder comes from \(Self.environmentVariable); unset it to use MovieKit's own transitions.)"
                    : "\(error)")
        }
        for skipped in catalog.skippedFiles {
            FileHandle.standardError.write(Data("moviemake: \(skipped)\n".utf8))
        }
        return catalog
    }
}
