import ArgumentParser
import Foundation
import MovieKitScene

/// `moviemake lint FILE…`: the problems of documents, without rendering them.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check documents without rendering them: every problem with its line, column and key path.",
        discussion: """
            In a scene file every key the reader does not know, or that is set twice, is reported at once, \
            with the nearest valid key; then the first other problem (a wrong type, a value out of range, a \
            missing file). Other formats report their first problem. Exit status 1 when there is an error, \
            0 otherwise. --json prints one array of {severity, message, file, line, column, keyPath, fix}.

            Example:
              moviemake lint scene.yaml show.yaml --json
            """
    )

    @Argument(help: ArgumentHelp("The documents to check.", valueName: "file"))
    var files: [String]

    @Flag(help: "Print the problems as one JSON array.")
    var json = false

    @OptionGroup var sceneOptions: SceneOptions

    @OptionGroup var transitions: TransitionOptions

    func run() throws {
        let registry = sceneOptions.registry(transitions: try transitions.catalog())
        let variables = try sceneOptions.variables()
        var problems: [DocumentProblem] = []
        for file in files {
            guard FileManager.default.fileExists(atPath: file) else {
                throw ValidationError("No file exists at \(file); check the spelling and the working directory.")
            }
            problems += registry.problems(in: URL(fileURLWithPath: file), variables: variables)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
            FileHandle.standardOutput.write(try encoder.encode(problems) + Data("\n".utf8))
        } else {
            for problem in problems { FileHandle.standardOutput.write(Data("\(problem.message)\n".utf8)) }
            let errors = problems.filter { $0.severity == .error }.count
            let summary =
                problems.isEmpty
                ? "\(files.count == 1 ? "The document has" : "The \(files.count) documents have") no problems.\n"
                : "\(errors) error\(errors == 1 ? "" : "s"), \(problems.count - errors) warning\(problems.count - errors == 1 ? "" : "s").\n"
            FileHandle.standardError.write(Data(summary.utf8))
        }
        if problems.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }
}
