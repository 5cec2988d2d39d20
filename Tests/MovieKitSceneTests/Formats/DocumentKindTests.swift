import Foundation
import MovieKitScene
import TestSupport
import Testing

/// A document's kind, where several kinds share its extension (`.json`), comes from the keys it holds.
@Suite("Document kinds by content")
struct DocumentKindTests {
    static let spec = """
        // editly reads .json files as JSON5 too.
        {
          width: 64, height: 48, fps: 10,
          clips: [{ duration: 0.5, layers: [{ type: 'fill-color', color: '#ff0000' }] }],
        }
        """

    /// editly specs saved as `.json` (as people save them: editly reads JSON and JSON5 alike) are
    /// read as editly specs, whether written as JSON5 or as strict JSON.
    @Test func anEditlySpecSavedAsJSONIsReadAsOne() throws {
        let folder = try TemporaryDirectory()
        let json5 = try folder.write(Data(Self.spec.utf8), to: "spec.json")
        #expect(try SceneFormat.format(of: json5) == .editly)
        let document = try SceneDocument.load(contentsOf: json5)
        #expect(document.format == "editly spec")
        #expect(document.scene.canvas.width == 64 && document.scene.canvas.height == 48)
        #expect(abs(document.scene.canvas.duration - 0.5) < 1e-9)

        let strict = try folder.write(
            Data(#"{"width": 64, "height": 48, "clips": [{"duration": 1, "layers": [{"type": "pause"}]}]}"#.utf8),
            to: "strict.json")
        #expect(try SceneDocument.load(contentsOf: strict).format == "editly spec")
        // The other kinds that share the extension keep theirs.
        let scene = try folder.write(
            Data(#"{"canvas": {"width": 64, "height": 48, "duration": 1}, "layers": []}"#.utf8), to: "scene.json")
        #expect(try SceneFormat.format(of: scene) == .sceneFile)
        let manifest = try folder.write(Data(##"{"slides": [{"color": "#000000"}]}"##.utf8), to: "show.json")
        #expect(try SceneFormat.format(of: manifest) == .slideshowManifest)
    }

    /// A `.json` file that no kind recognises is read as a scene file, and a key that a scene file
    /// does not know says so, naming the kinds it was not taken for.
    @Test func anUnrecognisedDocumentSaysWhichKindItWasTakenFor() throws {
        let folder = try TemporaryDirectory()
        let url = try folder.write(Data(#"{"width": 64, "clip": []}"#.utf8), to: "mystery.json")
        let error = try #require(throws: SceneError.self) { try SceneDocument.load(contentsOf: url) }
        let message = error.description
        #expect(message.contains("is not a known key"), "\(message)")
        #expect(message.contains("MovieKit read the file as a scene file"), "\(message)")
        #expect(message.contains("slideshow manifest") && message.contains("editly spec"), "\(message)")
        // A file that a kind recognised keeps its own message.
        let scene = try folder.write(Data(#"{"layers": [], "canvass": {}}"#.utf8), to: "scene.json")
        let plain = try #require(throws: SceneError.self) { try SceneDocument.load(contentsOf: scene) }
        #expect(!plain.description.contains("MovieKit read the file as"), "\(plain.description)")
        #expect(plain.description.contains("Did you mean `canvas`?"), "\(plain.description)")
    }
}
