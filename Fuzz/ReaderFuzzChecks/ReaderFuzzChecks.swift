import Foundation
import MovieKitScene

/// What the reader fuzz targets (FuzzSceneFile, FuzzSlideshowManifest, FuzzEditlySpec) require of
/// each input, shared with MovieKitSceneTests, which replays every committed input through the same
/// checks in `make test`.
///
/// Any bytes must give a value that keeps the reader's promises or a `SceneError` whose message
/// starts with the file name, never a crash, a hang or another error type. Each check returns `nil`
/// when the reader kept its promises, and otherwise a sentence saying which one it broke.
///
/// Relative paths in an input resolve against an empty folder, so only absolute paths (which the
/// fuzzer can still write, `/dev/zero` say) reach existing files.
public enum ReaderFuzzChecks {
    /// The empty folder that relative image and audio paths resolve against.
    public static let baseURL: URL = {
        let parent =
            FileManager.default.fileExists(atPath: "/dev/shm")
            ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        let folder = parent.appendingPathComponent("moviekit-fuzz-readers-empty", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// Reads `data` as a scene file, both as YAML and as JSON, so that one input exercises both parsers.
    public static func sceneFile(_ data: Data) -> String? {
        let text = String(decoding: data, as: UTF8.self)
        for format in SceneFile.Format.allCases {
            let fileName = "fuzz.\(format.rawValue)"
            do {
                let scene = try SceneFile.decode(text, format: format, fileName: fileName, baseURL: baseURL)
                let canvas = scene.canvas
                guard canvas.width > 0, canvas.height > 0, canvas.duration.isFinite, canvas.duration > 0 else {
                    return
                        "SceneFile.decode (\(format.rawValue)) gave the canvas \(canvas.width)x\(canvas.height) lasting \(canvas.duration) s."
                }
            } catch {
                if let problem = problem(
                    with: error, fileName: fileName, reader: "SceneFile.decode (\(format.rawValue))")
                {
                    return problem
                }
            }
        }
        return nil
    }

    /// Reads `data` as a slideshow manifest, both as YAML and as JSON.
    public static func slideshowManifest(_ data: Data) -> String? {
        for format in SceneFile.Format.allCases {
            let fileName = "fuzz.\(format.rawValue)"
            let reader = "SlideshowManifest.decode (\(format.rawValue))"
            do {
                let show = try SlideshowManifest.decode(data, format: format, fileName: fileName, baseURL: baseURL)
                if let problem = problem(with: show, reader: reader) { return problem }
            } catch {
                if let problem = problem(with: error, fileName: fileName, reader: reader) { return problem }
            }
        }
        return nil
    }

    /// Reads `data` as an editly JSON5 spec.
    public static func editlySpec(_ data: Data) -> String? {
        let fileName = "fuzz.json5"
        do {
            return problem(
                // Offline: a spec that allows remote requests must not reach the network.
                with: try EditlySpec(data: data, fileName: fileName, baseURL: baseURL, remoteFiles: .offline).slideshow,
                reader: "EditlySpec.decode")
        } catch {
            return problem(with: error, fileName: fileName, reader: "EditlySpec.decode")
        }
    }

    /// A slideshow a reader returns has slides, a size within 1…16384 and a timing: the readers
    /// check everything before anything is drawn, so rendering cannot refuse it later.
    static func problem(with show: Slideshow, reader: String) -> String? {
        guard !show.slides.isEmpty else { return "\(reader) gave a slideshow without slides." }
        guard (1...16384).contains(show.width), (1...16384).contains(show.height) else {
            return "\(reader) gave a slideshow of \(show.width)x\(show.height) pixels."
        }
        do {
            _ = try show.timing()
        } catch {
            return "\(reader) gave a slideshow whose timing fails: \(error)"
        }
        return nil
    }

    /// A refusal must be a `SceneError` whose message starts with `fileName:` (or, for a document
    /// that is not UTF-8 text, names the file).
    static func problem(with error: any Error, fileName: String, reader: String) -> String? {
        guard let sceneError = error as? SceneError else {
            return "\(reader) threw \(type(of: error)), not a SceneError: \(error)"
        }
        if case .unreadableFile(let path, _) = sceneError, path == fileName { return nil }
        let message = sceneError.description
        guard message.hasPrefix("\(fileName):") else {
            return "\(reader)'s message does not start with `\(fileName):`: \(message)"
        }
        return nil
    }
}
