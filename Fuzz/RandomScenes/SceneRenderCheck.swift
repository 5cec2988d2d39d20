import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene

/// What `FuzzSceneRender` and the property tests require of a random valid scene: the reader
/// accepts it, and it draws at any time without an error.
public enum SceneRenderCheck {
    /// A folder with the image files that image layers show: a 1×1 picture and a translucent 6×4 one.
    public static let imageFolder: URL = {
        let parent =
            FileManager.default.fileExists(atPath: "/dev/shm")
            ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        let folder = parent.appendingPathComponent("moviekit-random-scenes-\(getpid())", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// The image files, written on first use.
    public static let images: [URL] = {
        let pictures: [(String, Int, Int, [UInt32])] = [
            ("one.png", 1, 1, [0xFF33_6699]),
            ("translucent.png", 6, 4, (0..<24).map { $0 % 3 == 0 ? 0 : 0x8040_2010 | UInt32($0) })
        ]
        return pictures.map { name, width, height, pixels in
            let url = imageFolder.appendingPathComponent(name)
            try? Image(width: width, height: height, pixels: pixels).write(to: url)
            return url
        }
    }()

    /// A random scene made from `data`, read by the scene-file reader.
    public struct Sample {
        /// The scene file.
        public var file: RandomSceneFile
        /// The scene the reader made of it.
        public var scene: Scene
        /// The choices left after the file, for how to draw it.
        public var bytes: SceneBytes
    }

    /// Builds and reads the random scene of `data`.
    /// - Throws: `CheckFailure` when the reader refuses the file (a mistake of the generator: it
    ///   must write only what the schema accepts).
    public static func sample(_ data: [UInt8]) throws -> Sample {
        var bytes = SceneBytes(data)
        let file = RandomSceneFile(&bytes, images: images)
        do {
            let scene = try SceneFile.decode(file.json, format: .json, fileName: "random.json", baseURL: imageFolder)
            return Sample(file: file, scene: scene, bytes: bytes)
        } catch {
            throw CheckFailure("The reader refused a generated scene file: \(error)", json: file.json)
        }
    }

    /// Reads the random scene of `data` and draws it at up to four times at a small size.
    /// - Returns: `nil` when everything drew, or what failed, with the scene file.
    public static func problem(_ data: [UInt8]) -> String? {
        do {
            var sample = try sample(data)
            let renderer = try SceneRenderer(scene: sample.scene, cachesStillGroups: !sample.bytes.chance(30))
            let size = drawingSize(for: sample.scene.canvas, &sample.bytes)
            for time in times(sample.file, canvas: sample.scene.canvas, &sample.bytes) {
                do {
                    _ = try renderer.image(at: time, size: size)
                } catch {
                    throw CheckFailure(
                        "Drawing at \(time) s into \(Int(size.width))x\(Int(size.height)) failed: \(error)",
                        json: sample.file.json)
                }
            }
            return nil
        } catch let failure as CheckFailure {
            return failure.description
        } catch {
            return "Preparing the scene failed: \(error)"
        }
    }

    /// The size to draw at: the canvas when it is small, else the canvas scaled into 48×48 (at
    /// least 1 pixel a side); sometimes another small size, which the renderer fits the canvas into.
    public static func drawingSize(for canvas: Canvas, _ bytes: inout SceneBytes) -> CGSize {
        if bytes.chance(15) { return CGSize(width: bytes.int(in: 1...40), height: bytes.int(in: 1...40)) }
        let side = 48.0
        let scale = min(1, side / canvas.size.width, side / canvas.size.height)
        return CGSize(
            width: max(1, (canvas.size.width * scale).rounded()), height: max(1, (canvas.size.height * scale).rounded())
        )
    }

    /// The first frame, the last, a random time and one of the file's own times, in the scene's range.
    public static func times(_ file: RandomSceneFile, canvas: Canvas, _ bytes: inout SceneBytes) -> [Double] {
        let duration = canvas.duration
        let last = canvas.time(ofFrame: max(0, canvas.frameCount - 1))
        var times = [0, last, bytes.unit() * duration]
        let inside = file.times.filter { $0 >= 0 && $0 < duration }
        if !inside.isEmpty { times.append(bytes.pick(inside)) }
        return times.filter { $0 >= 0 && $0 < duration }
    }

    /// A failed check: what failed and the scene file it failed on.
    public struct CheckFailure: Error, CustomStringConvertible {
        public var message: String
        public var json: String

        init(_ message: String, json: String) {
            self.message = message
            self.json = json
        }

        public var description: String { "\(message)\nThe scene file:\n\(json)" }
    }
}
