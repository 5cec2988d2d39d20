import ArgumentParser
import Foundation

/// `moviemake schema scene`: the JSON Schema of a document kind, for editors and assistants.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of scene files, for editors to complete and check keys.",
        discussion: """
            The schema (draft 2020-12) is made from the lists the reader checks keys against, so a key the \
            reader refuses, the schema refuses at the same key path. Name it in a scene file with \
            `$schema: scene.schema.json`, or in YAML with the comment `# yaml-language-server: $schema=scene.schema.json`.

            Example:
              moviemake schema scene > scene.schema.json
            """
    )

    /// The kinds of document a schema is printed for.
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case scene
    }

    @Argument(help: ArgumentHelp("The kind of document: scene.", valueName: "kind"))
    var kind: Kind

    func run() throws {
        switch kind {
        case .scene:
            FileHandle.standardOutput.write(Moviemake.contentRegistry.sceneFileSchema())
            FileHandle.standardOutput.write(Data("\n".utf8))
        }
    }
}
