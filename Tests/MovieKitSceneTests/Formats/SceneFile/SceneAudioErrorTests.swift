import Foundation
import MovieKitScene
import Testing

/// Every way a scene file's `audio:` list can be wrong, each a `SceneError` with the file, line,
/// column and key path, raised while reading, before anything is drawn.
@Suite("Scene files: audio errors")
struct SceneAudioErrorTests {
    /// One bad `audio:` list and the message it must produce; `FOLDER` stands for the fixtures' folder.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var format: SceneFile.Format = .yaml
        var text: String
        var message: String
        var testDescription: String { name }
    }

    static let head = "canvas: {width: 320, height: 176, duration: 2}\nlayers: []\naudio:\n"
    static let trackKeys = "`path`, `start`, `trim`, `volume`, `fadeIn`, `fadeOut` and `loop`"

    static let cases: [Case] = [
        .init(
            name: "misspelt key", text: head + "  - {path: a.wav, volum: 0.5}\n",
            message:
                "scene.yaml:4:19: `audio[0].volum` is not a known key. Did you mean `volume`? Valid keys here are \(trackKeys)."
        ),
        .init(
            name: "an image layer's key", text: head + "  - {source: a.wav}\n",
            message: "scene.yaml:4:6: `audio[0].source` is not a known key. Valid keys here are \(trackKeys)."),
        .init(
            name: "audio not a list",
            text: "canvas: {width: 320, height: 176, duration: 2}\nlayers: []\naudio: a.wav\n",
            message:
                "scene.yaml:3:8: `audio` is a string (\"a.wav\") but must be a list of audio tracks {path, start, trim, volume, fadeIn, fadeOut, loop}."
        ),
        .init(
            name: "a track that is not a mapping", text: head + "  - a.wav\n",
            message:
                "scene.yaml:4:5: `audio[0]` is a string (\"a.wav\") but must be an audio track: {path, start, trim, volume, fadeIn, fadeOut, loop}."
        ),
        .init(
            name: "start not a number", text: head + "  - {path: a.wav, start: soon}\n",
            message:
                "scene.yaml:4:26: `audio[0].start` is a string (\"soon\") but must be a time in seconds from 0 to 86400."
        ),
        .init(
            name: "negative start", text: head + "  - {path: a.wav, start: -1}\n",
            message: "scene.yaml:4:26: `audio[0].start` is -1 but must be a time in seconds from 0 to 86400."),
        .init(
            name: "negative fade", text: head + "  - {path: a.wav, fadeOut: -0.5}\n",
            message: "scene.yaml:4:28: `audio[0].fadeOut` is -0.5 but must be a fade in seconds from 0 to 3600."),
        .init(
            name: "volume not a number", text: head + "  - {path: a.wav, volume: loud}\n",
            message:
                "scene.yaml:4:27: `audio[0].volume` is a string (\"loud\") but must be a gain from 0 to 16, where 1 keeps the level."
        ),
        .init(
            name: "loop not a boolean", text: head + "  - {path: a.wav, loop: 2}\n",
            message: "scene.yaml:4:25: `audio[0].loop` is the number 2 but must be true or false."),
        .init(
            name: "negative trim", text: head + "  - {path: a.wav, trim: [-1, 2]}\n",
            message: "scene.yaml:4:26: `audio[0].trim[0]` is -1 but must be a time in seconds from 0 to 86400."),
        .init(
            name: "trim backwards", text: head + "  - {path: a.wav, trim: [2, 1]}\n",
            message: "scene.yaml:4:29: `audio[0].trim[1]` is 1 but must be later than the trim's start (2)."),
        .init(
            name: "no path", text: head + "  - {start: 1}\n",
            message:
                "scene.yaml:4:5: `audio[0]` has no `path`; add `path:` with an audio file, relative to the scene file."),
        .init(
            name: "missing file", text: head + "  - {path: music/missing.mp3, start: 1}\n",
            message:
                "scene.yaml:4:12: `audio[0].path` names the audio file FOLDER/music/missing.mp3, which cannot be read: No file exists at this path; check the spelling and the working directory."
        ),
        .init(
            name: "a folder", text: head + "  - {path: music}\n",
            message:
                "scene.yaml:4:12: `audio[0].path` names the audio file FOLDER/music, which cannot be read: The path is a directory, not a file; name a file."
        ),
        .init(
            name: "an empty file", text: head + "  - {path: empty.wav}\n",
            message:
                "scene.yaml:4:12: `audio[0].path` names the audio file FOLDER/empty.wav, which cannot be read: The file is empty (0 bytes); it may not have finished copying or downloading."
        ),
        .init(
            name: "a track after a loop without a start",
            text: head + "  - {path: a.wav, loop: true}\n  - {path: a.wav}\n",
            message:
                "scene.yaml:5:5: `audio[1]` has no `start`; add `start:` in seconds, since audio[0] loops and never ends."
        ),
        .init(
            name: "unset variable in a path", text: head + "  - {path: \"${music}.wav\", start: 1}\n",
            message:
                "scene.yaml:4:12: `audio[0].path` uses the variable ${music}, which is not set; give it a value when reading the file, or a default under the file's `variables:`."
        ),
        .init(
            name: "JSON negative start", format: .json,
            text:
                "{\"canvas\": {\"width\": 320, \"height\": 176, \"duration\": 2}, \"layers\": [],\n \"audio\": [{\"path\": \"a.wav\", \"start\": -2}]}",
            message: "scene.json: `audio[0].start` is -2 but must be a time in seconds from 0 to 86400."),
        .init(
            name: "JSON unknown key", format: .json,
            text:
                "{\"canvas\": {\"width\": 320, \"height\": 176, \"duration\": 2}, \"layers\": [],\n \"audio\": [{\"path\": \"a.wav\", \"fade\": 1}]}",
            message:
                "scene.json: `audio[0].fade` is not a known key. Did you mean `fadeIn`? Valid keys here are \(trackKeys)."
        )
    ]

    /// The folder the cases' paths are relative to: `a.wav` (1 s of silence), `empty.wav`
    /// (0 bytes), `notes.txt` (text) and the folder `music`.
    static func fixtures() throws -> ReaderFixtures {
        let fixtures = try ReaderFixtures()
        try fixtures.silence("a.wav", seconds: 1)
        try fixtures.text("", to: "empty.wav")
        try fixtures.text("not audio at all", to: "notes.txt")
        try FileManager.default.createDirectory(at: fixtures.folder.file("music"), withIntermediateDirectories: true)
        return fixtures
    }

    /// Decodes `text` against `fixtures` and returns the error message, or nil when it decodes.
    static func decodeError(_ text: String, format: SceneFile.Format, in fixtures: ReaderFixtures) -> String? {
        do {
            _ = try SceneFile.decode(
                text, format: format, fileName: format == .yaml ? "scene.yaml" : "scene.json", baseURL: fixtures.url)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("every error has its exact message", arguments: cases)
    func message(_ errorCase: Case) throws {
        let fixtures = try Self.fixtures()
        let folder = fixtures.url.standardizedFileURL.path
        #expect(
            Self.decodeError(errorCase.text, format: errorCase.format, in: fixtures)
                == errorCase.message.replacingOccurrences(of: "FOLDER", with: folder))
    }

    @Test func aFileThatIsNotAudioIsNamedWithFFmpegsReason() throws {
        let fixtures = try Self.fixtures()
        let message = try #require(Self.decodeError(Self.head + "  - {path: notes.txt}\n", format: .yaml, in: fixtures))
        let folder = fixtures.url.standardizedFileURL.path
        #expect(
            message.hasPrefix(
                "scene.yaml:4:12: `audio[0].path` names the audio file \(folder)/notes.txt, which cannot be read: "),
            "\(message)")
        #expect(message.hasSuffix("."), "\(message)")
    }

    @Test(.enabled(if: getuid() != 0, "root reads every file"))
    func anUnreadableFileSaysToCheckItsPermissions() throws {
        let fixtures = try Self.fixtures()
        let locked = try fixtures.silence("locked.wav", seconds: 1)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
        let message = Self.decodeError(Self.head + "  - {path: locked.wav}\n", format: .yaml, in: fixtures)
        #expect(
            message
                == "scene.yaml:4:12: `audio[0].path` names the audio file \(locked.standardizedFileURL.path), which cannot be read: Permission to read the file was denied; check its permissions."
        )
    }

    @Test func theTopLevelKeysNowIncludeAudio() throws {
        let fixtures = try Self.fixtures()
        let message = Self.decodeError(
            "canvas: {width: 320, height: 176, duration: 2}\nlayers: []\naudios: []\n", format: .yaml, in: fixtures)
        #expect(
            message
                == "scene.yaml:3:1: `audios` is not a known key. Did you mean `audio`? Valid keys here are `canvas`, `variables`, `layers` and `audio`."
        )
    }
}
