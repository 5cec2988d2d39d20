import Foundation
import MovieKitCore

/// What `SceneRenderer` gathers while it opens a scene's video layers: the pool their decoders
/// share, and each clip's sound as an audio track placed where the clip plays on the scene's clock.
final class VideoClips {
    let pool: VideoDecoderPool
    /// The clips' sound, in the order the layers were found.
    private(set) var soundTracks: [AudioTrack] = []
    /// Where the layers being opened start on the scene's clock: the sum of their groups' time offsets.
    private var timeOffset = 0.0
    /// When the enclosing groups hide, on the scene's clock: sound stops there too.
    private var windowEnd = Double.infinity
    /// When the enclosing groups show, on the scene's clock.
    private var windowStart = -Double.infinity
    /// The clips opened so far, by file and by where they start playing: a slide drawn twice
    /// (a wipe) and a clip drawn over a blurred copy of itself decode once.
    private var opened: [String: VideoClip] = [:]

    init(pool: VideoDecoderPool) {
        self.pool = pool
    }

    /// Runs `body` for the children of `group`, whose clock starts `offset` seconds later.
    func shifted<T>(by offset: Double, group: Layer, _ body: () throws -> T) rethrows -> T {
        let saved = (timeOffset, windowStart, windowEnd)
        if let out = group.outPoint { windowEnd = min(windowEnd, timeOffset + out) }
        windowStart = max(windowStart, timeOffset + group.inPoint)
        timeOffset += offset
        defer { (timeOffset, windowStart, windowEnd) = saved }
        return try body()
    }

    /// Opens `video` of `layer` (a layer already opened is returned as it is) and records its sound.
    /// - Throws: `SceneError.unreadableFile` naming the clip.
    func open(_ video: VideoContent, layer: Layer) throws -> VideoContent {
        guard video.clip == nil else { return video }
        let key = "\(video.url.path)|\(timeOffset + layer.inPoint)|\(video.cutFrom)|\(video.speed)|\(video.loops)"
        let opened = try video.opened(in: pool, sharing: self.opened[key])
        self.opened[key] = opened.clip
        guard let clip = opened.clip else { return opened }
        // The layer shows from its in point to its out point, within its groups'.
        let shows = max(windowStart, timeOffset + layer.inPoint)
        let hides = min(windowEnd, layer.outPoint.map { timeOffset + $0 } ?? .infinity)
        if shows < hides { pool.register(clip, showing: shows..<hides) }
        guard clip.hasAudio, !video.isMuted, video.volume > 0 else { return opened }
        let end = min(video.cutTo ?? clip.duration, clip.duration > 0 ? clip.duration : .infinity)
        var start = timeOffset + layer.inPoint
        var cutFrom = video.cutFrom
        // A clip that starts before the scene does is heard from the scene's start.
        if start < 0 {
            cutFrom += -start * video.speed
            start = 0
        }
        guard cutFrom < end else { return opened }
        // A file of unknown length plays to its end.
        var track = AudioTrack(
            url: video.url, start: start, trim: cutFrom..<(end.isFinite ? end : cutFrom + 1e9), volume: video.volume,
            loops: video.loops)
        track.speed = video.speed
        // The sound stops where the layer, or a group holding it, does.
        let stop = min(windowEnd, layer.outPoint.map { timeOffset + $0 } ?? .infinity)
        if stop.isFinite { track.duration = max(0, stop - start) }
        track.ducksOtherTracks = true
        // A slide drawn twice during a wipe holds the same clip twice: its sound plays once.
        if let same = soundTracks.firstIndex(where: {
            $0.url == track.url && $0.start == track.start && $0.trim == track.trim
        }) {
            let longer = soundTracks[same].duration.flatMap { old in track.duration.map { max(old, $0) } }
            soundTracks[same].duration = longer
        } else {
            soundTracks.append(track)
        }
        return opened
    }
}
