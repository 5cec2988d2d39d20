import Foundation
import Synchronization

/// Keeps the video decoders of one renderer few: a clip holds a decoder and pictures only while
/// the scene is drawn near the times its layers show, and never more than `limit` clips at once
/// (the clip used longest ago closes when another opens beyond the limit).
///
/// Each clip holds its pool, so the pool holds its clips weakly: a clip that is no longer drawn
/// goes away with its decoder, and its entry with it.
final class VideoDecoderPool: Sendable {
    private struct Entry {
        weak var clip: VideoClip?
        /// When the clip last decoded, or `nil` while it holds nothing.
        var lastUse: Int?
        /// When the clip's layers show, on the scene's clock (empty: always).
        var windows: [Range<Double>] = []
    }

    /// How far from the times its layers show the scene may be drawn before a clip closes, in
    /// seconds: drawing threads work on neighbouring frames, so one of them may still draw a clip
    /// that another has just drawn past.
    static let margin = 1.0

    private let limit: Int
    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])
    private let counter = Mutex(0)

    /// - Parameter limit: How many clips may hold a decoder at once (a crossfade needs two).
    init(limit: Int = 4) {
        self.limit = max(2, limit)
    }

    /// Records that `clip` shows during `window` on the scene's clock (once per layer that shows it).
    func register(_ clip: VideoClip, showing window: Range<Double>) {
        entries.withLock { entries in
            var entry = entries[ObjectIdentifier(clip)] ?? Entry(clip: clip)
            entry.windows.append(window)
            entries[ObjectIdentifier(clip)] = entry
        }
    }

    /// The number of clips that hold a decoder or pictures now.
    var openCount: Int {
        entries.withLock { entries in entries.values.count { $0.lastUse != nil && $0.clip != nil } }
    }

    /// Records that `clip` decodes; returns the clips that must close to make room.
    func use(_ clip: VideoClip) -> [VideoClip] {
        let tick = counter.withLock { value in
            value += 1
            return value
        }
        return entries.withLock { entries in
            entries = entries.filter { $0.value.clip != nil }
            entries[ObjectIdentifier(clip), default: Entry(clip: clip)].lastUse = tick
            var evicted: [VideoClip] = []
            while entries.values.count(where: { $0.lastUse != nil }) > limit,
                let oldest = entries.filter({ $0.value.lastUse != nil }).min(by: {
                    ($0.value.lastUse ?? 0) < ($1.value.lastUse ?? 0)
                })
            {
                entries[oldest.key]?.lastUse = nil
                if let clip = oldest.value.clip { evicted.append(clip) }
            }
            return evicted
        }
    }

    /// Returns the open clips none of whose layers shows within `margin` of `time` on the scene's
    /// clock, which must close: a clip whose layers have ended, or not started yet, holds nothing.
    func clipsToClose(drawingAt time: Double) -> [VideoClip] {
        let near = (time - Self.margin)...(time + Self.margin)
        return entries.withLock { entries in
            var closing: [VideoClip] = []
            for (key, entry) in entries where entry.lastUse != nil && !entry.windows.isEmpty {
                guard !entry.windows.contains(where: { $0.overlaps(near) }) else { continue }
                entries[key]?.lastUse = nil
                if let clip = entry.clip { closing.append(clip) }
            }
            return closing
        }
    }

    /// Closes the clips that no layer shows near `time` on the scene's clock (see `clipsToClose(drawingAt:)`).
    func closeClips(awayFrom time: Double) {
        for clip in clipsToClose(drawingAt: time) { clip.close() }
    }
}
