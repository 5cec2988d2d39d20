import ArgumentParser
import Foundation
import MovieKitScene

/// Template-variable flags shared by the subcommands that read scene files.
struct SceneOptions: ParsableArguments {
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp("Fill the template variable ${name} in the scene file; repeat for more variables.", valueName: "name=value"))
    var assignments: [String] = []

    @Option(help: ArgumentHelp("A JSON file of template variables, such as {\"title\": \"Hello\"}; --set wins over it.", valueName: "props.json"))
    var props: String?

    mutating func validate() throws {
        _ = try assignedVariables()
    }

    /// The `--set` assignments by name.
    private func assignedVariables() throws -> [String: String] {
        var result: [String: String] = [:]
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="), TemplateVariables.isValidName(String(assignment[..<equals])) else {
                throw ValidationError(
                    "--set \(assignment) is not an assignment; write --set name=value, where name uses letters, digits, _, - and .")
            }
            result[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
        }
        return result
    }

    /// The variables from `--props`, overridden by `--set`.
    func variables() throws -> [String: String] {
        var result = try props.map { try TemplateVariables.properties(contentsOf: URL(fileURLWithPath: $0)) } ?? [:]
        result.merge(try assignedVariables()) { _, assigned in assigned }
        return result
    }

    /// Reads and checks the scene file at `path`, and loads its images.
    func renderer(forSceneAt path: String) throws -> SceneRenderer {
        let url = URL(fileURLWithPath: path)
        guard SceneFile.isSceneFile(url) else {
            throw ValidationError("\(path) is not a scene file; scene files end in .yaml, .yml or .json.")
        }
        return try SceneRenderer(scene: SceneFile.load(from: url, variables: variables()))
    }
}
