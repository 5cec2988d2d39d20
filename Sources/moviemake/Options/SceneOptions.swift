import ArgumentParser
import Foundation
import MovieKitLottie
import MovieKitScene

/// Template-variable flags shared by the subcommands that read scene files.
struct SceneOptions: ParsableArguments {
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "Fill the template variable ${name} in the scene file; repeat for more variables.", valueName: "name=value")
    )
    var assignments: [String] = []

    @Option(
        help: ArgumentHelp(
            "A JSON file of template variables, such as {\"title\": \"Hello\"}; --set wins over it.",
            valueName: "props.json"))
    var props: String?

    @Option(
        help: ArgumentHelp("The animation of a dotLottie (.lottie) to render; the first by default.", valueName: "id"))
    var animation: String?

    @Option(help: ArgumentHelp("Render only the frames of this Lottie marker.", valueName: "name"))
    var segment: String?

    @Flag(help: "Fail on Lottie features that are not drawn (expressions, effects …) instead of warning.")
    var strict = false

    mutating func validate() throws {
        _ = try assignedVariables()
    }

    /// What `--animation`, `--segment` and `--strict` ask of a Lottie animation.
    var lottieOptions: LottieOptions { LottieOptions(animationID: animation, segment: segment, strict: strict) }

    /// The `--set` assignments by name.
    private func assignedVariables() throws -> [String: String] {
        var result: [String: String] = [:]
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="),
                TemplateVariables.isValidName(String(assignment[..<equals]))
            else {
                throw ValidationError(
                    "--set \(assignment) is not an assignment; write --set name=value, where name uses letters, digits, _, - and ."
                )
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

    /// Reads and checks the file at `path`, in any format MovieKit reads as a scene, and loads its images.
    func renderer(forSceneAt path: String, transitions: TransitionCatalog) throws -> SceneRenderer {
        try renderer(for: document(forSceneAt: path, transitions: transitions))
    }

    /// moviemake's content registry with what these flags ask of the kinds (Lottie's `--animation`,
    /// `--segment`, `--strict`) and the transitions of `--gl-transitions`.
    func registry(transitions: TransitionCatalog = .builtIn) -> ContentRegistry {
        Moviemake.contentRegistry.setting(lottieOptions).setting(transitions)
    }

    /// The renderer of a document read by `document(forSceneAt:)`, which loads its images.
    func renderer(for document: SceneDocument) throws -> SceneRenderer {
        do {
            return try SceneRenderer(scene: document.scene)
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// Reads and checks the file at `path`, in any format MovieKit reads as a scene: the scene and
    /// what the file asks besides (where to write, how to encode).
    /// - Parameters:
    ///   - path: The file.
    ///   - transitions: Where transition names are looked up (`--gl-transitions`).
    func document(forSceneAt path: String, transitions: TransitionCatalog) throws -> SceneDocument {
        Moviemake.registerContentKinds()
        let url = URL(fileURLWithPath: path)
        // The extension alone says whether any format reads the file; `SceneDocument.load` then
        // picks the format.
        let registry = registry(transitions: transitions)
        guard registry.fileExtensions.contains(url.pathExtension.lowercased()) else {
            let extensions = registry.fileExtensions.map { "." + $0 }.joined(separator: ", ")
            throw ValidationError(
                "\(path) is not a file MovieKit reads as a scene; use a \(registry.formatNames) (\(extensions))."
            )
        }
        do {
            // Lottie's flags and the transitions travel in the registry the document is read with.
            return try registry.load(contentsOf: url, variables: try variables())
        } catch let error as ValidationError {
            throw error
        } catch let SceneError.unsetVariable(location, name) {
            // The library's sentence names no flags; the command line's advice is its own.
            throw CommandFailure(
                SceneError.place(location)
                    + "`\(location.keyPath ?? "the document")` uses the variable ${\(name)}, which is not set; pass --set \(name)=VALUE or define it in the --props file."
            )
        } catch {
            // Errors whose advice is a flag get the command line's wording (CommandLineWording).
            let worded = CommandLineWording.error(for: error)
            throw worded as? CommandFailure ?? CommandFailure("\(error)")
        }
    }
}
