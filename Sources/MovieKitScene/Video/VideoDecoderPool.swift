import Foundation
import Synchronization

/// Keeps the number of open video decoders of one renderer bounded: the clip used longest ago
/// closes when another opens beyond the limit.
final class VideoDecoderPool: Sendable {
    private let limit: Int
    private let order = Mutex<[ObjectIdentifier: (clip: VideoClip, lastUse: Int)]>([:])
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
            order[ObjectIdentifier(clip)] = (clip, tick)
            var evicted: [VideoClip] = []
            while order.count > limit,
                let oldest = order.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                order[oldest.key] = nil
                evicted.append(oldest.value.clip)
            }
            return evicted
        }
    }
}
