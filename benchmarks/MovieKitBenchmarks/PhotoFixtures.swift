import Foundation
import FrameDraw

/// The W2 stand-in photographs: 12 photo-like images (smooth colour gradients, soft blobs and
/// sensor-like noise) of 2 to 12 megapixels, in JPEG, PNG (RGB, no alpha) and WebP.
///
/// They are generated once into a cache folder. Each is drawn into pixels here, written as PNG with
/// `Image.write(to:)`, then converted with the `ffmpeg` CLI (the benchmark is not the product).
/// The file name carries the size for people, for example `photo-07-3264x2448.jpg`; the slideshow
/// reads each photo's size from the decoded image, as it would for any photo.
struct PhotoFixtures {
    struct Photo: Sendable {
        var index: Int
        var width: Int
        var height: Int
        var fileExtension: String

        var fileName: String { String(format: "photo-%02d-%dx%d.%@", index, width, height, fileExtension) }
        var megapixels: Double { Double(width * height) / 1e6 }
    }

    /// Sizes (landscape and portrait, 3:2, 4:3 and 16:9) and formats, in slideshow order.
    static let photos: [Photo] = [
        (1728, 1152, "jpg"), (2048, 1536, "png"), (2560, 1440, "webp"), (1536, 2304, "jpg"),
        (2816, 1880, "png"), (3072, 2304, "webp"), (3264, 2448, "jpg"), (3840, 2160, "png"),
        (2448, 3264, "webp"), (4000, 2664, "jpg"), (4000, 3000, "png"), (4240, 2384, "webp")
    ].enumerated().map {
        Photo(index: $0.offset, width: $0.element.0, height: $0.element.1, fileExtension: $0.element.2)
    }

    /// The cache folder, versioned so a change of the generator makes new files.
    let directory: URL

    init(cacheRoot: URL) {
        directory = cacheRoot.appendingPathComponent("photos-v1", isDirectory: true)
    }

    func url(of photo: Photo) -> URL { directory.appendingPathComponent(photo.fileName) }

    /// Whether every photo is already in the cache.
    var isComplete: Bool {
        Self.photos.allSatisfy { FileManager.default.fileExists(atPath: url(of: $0).path) }
    }

    /// Generates the missing photos.
    /// - Parameter ffmpeg: The path of the `ffmpeg` CLI, used to convert to JPEG, RGB PNG and WebP.
    func generateMissing(ffmpeg: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for photo in Self.photos where !FileManager.default.fileExists(atPath: url(of: photo).path) {
            let start = ContinuousClock.now
            let source = directory.appendingPathComponent("source-\(photo.index).png")
            try Self.render(photo).write(to: source)
            var arguments = ["-hide_banner", "-loglevel", "error", "-y", "-i", source.path]
            switch photo.fileExtension {
            case "jpg": arguments += ["-q:v", "3", "-pix_fmt", "yuvj420p"]
            case "webp": arguments += ["-c:v", "libwebp", "-quality", "80", "-pix_fmt", "yuv420p"]
            default: arguments += ["-pix_fmt", "rgb24"]
            }
            let partial = directory.appendingPathComponent("partial-\(photo.fileName)")
            _ = try ChildProcess.run(ffmpeg, arguments: arguments + [partial.path])
            try? FileManager.default.removeItem(at: source)
            try FileManager.default.moveItem(at: partial, to: url(of: photo))
            let seconds = (ContinuousClock.now - start).seconds
            print(String(format: "  generated %@ (%.1f MP) in %.1f s", photo.fileName, photo.megapixels, seconds))
        }
    }

    /// Draws one photo-like image: a diagonal two-colour gradient, a few soft light blobs, and noise.
    private static func render(_ photo: Photo) throws -> Image {
        let width = photo.width
        let height = photo.height
        var random = SplitMix(seed: UInt64(photo.index) &* 0x9E37_79B9 &+ 17)
        let from = (Double(random.next() % 160), Double(random.next() % 160), Double(random.next() % 160))
        let to = (Double(60 + random.next() % 196), Double(60 + random.next() % 196), Double(60 + random.next() % 196))
        let blobs: [(x: Double, y: Double, r: Double, gain: Double)] = (0..<5).map { _ in
            (
                Double(random.next() % 1000) / 1000, Double(random.next() % 1000) / 1000,
                0.1 + Double(random.next() % 300) / 1000, 40 + Double(random.next() % 60)
            )
        }
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<height {
                let v = Double(y) / Double(height)
                for x in 0..<width {
                    let u = Double(x) / Double(width)
                    let mix = (u + v) / 2
                    var light = 0.0
                    for blob in blobs {
                        let dx = u - blob.x
                        let dy = v - blob.y
                        let d2 = (dx * dx + dy * dy) / (blob.r * blob.r)
                        if d2 < 4 { light += blob.gain * max(0, 1 - d2 / 4) }
                    }
                    let noise = Double(Int(random.next() & 31) - 16)
                    let r = channel(from.0 + (to.0 - from.0) * mix + light + noise)
                    let g = channel(from.1 + (to.1 - from.1) * mix + light * 0.9 + noise)
                    let b = channel(from.2 + (to.2 - from.2) * mix + light * 0.8 + noise)
                    buffer[y * width + x] = 0xFF00_0000 | r << 16 | g << 8 | b
                }
            }
        }
        return try Image(width: width, height: height, pixels: pixels)
    }

    private static func channel(_ value: Double) -> UInt32 {
        UInt32(min(max(value, 0), 255))
    }
}

/// A small, fast, seeded pseudo-random generator (SplitMix64), so fixtures are reproducible.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
