import Foundation
import FrameDraw
import Synchronization

/// Image files decoded once and shared by the renderers that show them: the logo and background
/// that every row of a batch shows are decoded by the first row's renderer and reused by the next.
///
/// A file is known by its path, size and modification date, so an edited file is decoded again.
/// The cache keeps at most `byteBudget` bytes of pixels, dropping the images used least recently.
///
/// ```swift
/// let images = DecodedImages()
/// for row in rows {
///     let renderer = try SceneRenderer(scene: try scene(for: row), images: images)
///     try renderer.render(to: output(for: row))
/// }
/// ```
public final class DecodedImages: Sendable {
    private struct Key: Hashable {
        var path: String
        var size: Int
        var modified: Date
    }

    private struct State {
        var images: [Key: (image: Image, lastUse: Int)] = [:]
        var bytes = 0
        var clock = 0
    }

    /// The most bytes of pixels kept.
    public let byteBudget: Int
    private let state = Mutex(State())

    /// Creates an empty cache.
    /// - Parameter byteBudget: The most bytes of pixels kept (4 bytes a pixel). Default 512 MB.
    public init(byteBudget: Int = 512 << 20) {
        self.byteBudget = max(0, byteBudget)
    }

    /// The number of images held.
    public var count: Int { state.withLock { $0.images.count } }

    /// The image in the file at `url`: the one decoded before when the file is unchanged, else
    /// decoded now by `decode` and kept.
    /// - Throws: What `decode` throws.
    func image(contentsOf url: URL, decode: (URL) throws -> Image) throws -> Image {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        guard let size = (attributes?[.size] as? NSNumber)?.intValue,
            let modified = attributes?[.modificationDate] as? Date
        else { return try decode(url) }
        let key = Key(path: url.standardizedFileURL.path, size: size, modified: modified)
        let cached = state.withLock { state -> Image? in
            guard let entry = state.images[key] else { return nil }
            state.clock += 1
            state.images[key]?.lastUse = state.clock
            return entry.image
        }
        if let cached { return cached }
        let image = try decode(url)
        let bytes = image.width * image.height * 4
        state.withLock { state in
            guard bytes <= byteBudget, state.images[key] == nil else { return }
            while state.bytes + bytes > byteBudget,
                let oldest = state.images.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.images[oldest.key] = nil
                state.bytes -= oldest.value.image.width * oldest.value.image.height * 4
            }
            state.clock += 1
            state.images[key] = (image, state.clock)
            state.bytes += bytes
        }
        return image
    }
}
