import Foundation
import Synchronization

/// Keeps the number of open video decoders of one renderer bounded: the clip used longest ago
/// closes when another opens beyond the limit.
///
/// Each clip holds its pool, so the pool holds its clips weakly: a clip that is no longer drawn
/// goes away with its decoder, and its entry with it.
final class VideoDecoderPool: Sendable {
    private struct Entry {
        weak var clip: VideoClip?
        var lastUse: Int
    }

    private let limit: Int
    private let order = Mutex<[ObjectIdentifier: Entry]>([:])
    private let counter = Mutex(0)

    /// - Parameter limit: How many clips may hold a decoder at once (a crossfade needs two).
    init(limit: Int = 4) {
        self.limit = max(2, limit)
    }

    /// Records that `clip` is in use; returns the clips that must close to make room.
    func use(_ clip: VideoClip) -> [VideoClip] {
        let tick = counter.withLock { value in
            value += 1
            return value
        }
        return order.withLock { order in
            order = order.filter { $0.value.clip != nil }
            order[ObjectIdentifier(clip)] = Entry(clip: clip, lastUse: tick)
            var evicted: [VideoClip] = []
            while order.count > limit,
                let oldest = order.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                order[oldest.key] = nil
                if let clip = oldest.value.clip { evicted.append(clip) }
            }
            return evicted
        }
    }
}
