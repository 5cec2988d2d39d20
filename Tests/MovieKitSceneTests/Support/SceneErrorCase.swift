import Foundation
import MovieKitScene
import Testing

/// One bad scene file and the exact message it must produce.
struct SceneErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var format: SceneFile.Format
    var text: String
    var message: String
    var testDescription: String { name }

    /// The file name used in messages.
    static let fileName = "scene.yaml"
    static let jsonFileName = "scene.json"

    /// Decodes `text` and returns the error message, or nil when it decodes.
    func decodeError(variables: [String: String] = [:]) -> String? {
        do {
            _ = try SceneFile.decode(
                text, format: format, fileName: format == .yaml ? Self.fileName : Self.jsonFileName,
                baseURL: URL(fileURLWithPath: "/nonexistent-scene-folder"), variables: variables)
            return nil
        } catch {
            return "\(error)"
        }
    }
}

/// A minimal valid canvas, prepended to layer snippets.
let canvasYAML = """
    canvas: {width: 320, height: 176, duration: 2}
    layers:

    """
