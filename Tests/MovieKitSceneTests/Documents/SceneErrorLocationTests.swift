import Foundation
import MovieKitLottie
import MovieKitScene
import MovieKitSubtitles
import Testing

/// `SceneError.location` is where the message says the problem is, for every error the readers
/// throw, so that an editor or the preview page can point at the same place the sentence names.
@Suite("Scene error locations")
struct SceneErrorLocationTests {
    static func thrown(_ body: () throws -> Void) -> SceneError? {
        do {
            try body()
            return nil
        } catch {
            return error as? SceneError
        }
    }

    static func checkAgreement(_ error: SceneError?) throws {
        let error = try #require(error, "no SceneError was thrown")
        let location = try #require(error.location, "\(error) has no location")
        let message = error.description
        #expect(message.hasPrefix("\(location.file)\(location.line.map { ":\($0)" } ?? ""):"), "\(message)")
        if let line = location.line, let column = location.column {
            #expect(message.hasPrefix("\(location.file):\(line):\(column): "))
        }
        if let keyPath = location.keyPath {
            #expect(message.contains("`\(keyPath)`"), "\(message) does not name \(keyPath)")
        }
    }

    @Test("scene file errors", arguments: SceneFileErrorTests.cases)
    func sceneFile(_ errorCase: SceneErrorCase) throws {
        ContentKinds.register(Lottie.self)
        ContentKinds.register(Subtitles.self)
        try Self.checkAgreement(
            Self.thrown {
                _ = try SceneFile.decode(
                    errorCase.text, format: errorCase.format,
                    fileName: errorCase.format == .yaml ? SceneErrorCase.fileName : SceneErrorCase.jsonFileName,
                    baseURL: URL(fileURLWithPath: "/nonexistent-scene-folder"), variables: [:])
            })
    }

    @Test("editly spec errors", arguments: EditlySpecErrorTests.cases)
    func editly(_ errorCase: EditlyErrorCase) throws {
        try Self.checkAgreement(
            Self.thrown {
                _ = try EditlySpec.decode(
                    Data(errorCase.text.utf8), fileName: "spec.json5",
                    baseURL: URL(fileURLWithPath: "/nonexistent-spec-folder"))
            })
    }

    @Test func aKeyIsLocatedAtItsLineColumnAndPath() throws {
        let text = "canvas: {width: 320, height: 176, duration: 2}\nlayers:\n  - type: rect\n    colr: red\n"
        let error = try #require(
            Self.thrown {
                _ = try SceneFile.decode(
                    text, format: .yaml, fileName: "scene.yaml", baseURL: URL(fileURLWithPath: "/"), variables: [:])
            })
        #expect(
            error.location
                == SceneError.SourceLocation(file: "scene.yaml", line: 4, column: 5, keyPath: "layers[0].colr"))
        #expect(SceneError.invalidSlideshow(reason: "no photos").location == nil)
        #expect(SceneError.unreadableFile(path: "/a.yaml", reason: "gone").location?.file == "/a.yaml")
    }
}
