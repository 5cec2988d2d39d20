import Foundation
import FrameDraw
import MovieKitScene
import Synchronization

/// Encoded preview frames, drawn by the scene's renderer on Dispatch's threads and kept in a cache
/// bounded in bytes, so that a frame drawn ahead of playback or shown twice (a loop, a scrub back)
/// is sent without drawing it again.
final class FrameStore: Sendable {
    struct Key: Hashable, Sendable {
        var version: Int
        var frame: Int
        var width: Int
    }

    private struct Cache {
        var frames: [Key: Data] = [:]
        var order: [Key] = []
        var bytes = 0
    }

    /// The most the cache holds: a few hundred frames at preview size.
    static let byteBudget = 256 << 20

    private let cache = Mutex(Cache())
    private let queue = DispatchQueue(label: "MovieKitPreview.frames", attributes: .concurrent)

    /// The PNG of frame `frame` of `snapshot` at `width` pixels wide.
    func png(of snapshot: PreviewSession.Snapshot, frame: Int, width: Int) async throws -> Data {
        let key = Key(version: snapshot.version, frame: frame, width: width)
        if let data = cache.withLock({ $0.frames[key] }) { return data }
        let renderer = snapshot.renderer
        let data: Data = try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try Self.draw(renderer, frame: frame, width: width) })
            }
        }
        insert(data, for: key)
        return data
    }

    /// Draws a frame as `moviemake still` does, at `width` pixels wide (the height keeps the canvas's aspect ratio).
    static func draw(_ renderer: SceneRenderer, frame: Int, width: Int) throws -> Data {
        let canvas = renderer.canvas
        let height = max(1, Int((Double(width) * Double(canvas.height) / Double(canvas.width)).rounded()))
        let size = CGSize(width: width, height: height)
        let image = try renderer.image(at: canvas.time(ofFrame: frame), size: size == canvas.size ? nil : size)
        return try image.pngData()
    }

    private func insert(_ data: Data, for key: Key) {
        cache.withLock { cache in
            guard cache.frames[key] == nil else { return }
            cache.frames[key] = data
            cache.order.append(key)
            cache.bytes += data.count
            while cache.bytes > Self.byteBudget, !cache.order.isEmpty {
                let oldest = cache.order.removeFirst()
                cache.bytes -= cache.frames.removeValue(forKey: oldest)?.count ?? 0
            }
        }
    }

    /// Forgets frames of scenes older than `version`.
    func discard(before version: Int) {
        cache.withLock { cache in
            cache.order.removeAll { $0.version < version }
            cache.frames = cache.frames.filter { $0.key.version >= version }
            cache.bytes = cache.frames.values.reduce(0) { $0 + $1.count }
        }
    }
}
