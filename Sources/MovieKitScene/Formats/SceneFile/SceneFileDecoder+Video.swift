import Foundation
import FrameDraw

/// Reading a `type: video` layer: `source`, `cutFrom`, `cutTo`, `speed`, `loop`, `fit`, `volume`, `mute`.
extension SceneFileDecoder {
    static let videoKeys = ["source", "cutFrom", "cutTo", "speed", "loop", "fit", "volume", "mute"]

    /// The clip a video layer plays, checked against the file now (it must open, and `cutFrom`
    /// must be before its end), so that a bad clip is reported at its key before rendering.
    /// - Throws: `SceneError` naming the key.
    static func videoContent(_ map: MappingReader) throws -> VideoContent {
        let (reader, url) = try sourceFile(of: map, kind: "a movie file")
        let info: VideoContent.FileInfo
        do {
            info = try VideoContent.info(of: url)
        } catch SceneError.unreadableFile(_, let reason) {
            throw SceneError.missingVideo(
                at: reader.location, videoPath: url.path,
                reason: reason.prefix(1).uppercased() + reason.dropFirst() + ".")
        }
        let seconds = "a time in seconds of the file, from 0"
        var video = VideoContent(url: url)
        if let cutFrom = map.optional("cutFrom") {
            video.cutFrom = try cutFrom.double(0...86_400, expected: seconds)
            if info.duration > 0, video.cutFrom >= info.duration {
                throw cutFrom.invalid(
                    SceneError.number(video.cutFrom),
                    expected: "earlier than the clip's end (\(SceneError.number(info.duration)) seconds)")
            }
        }
        if let cutTo = map.optional("cutTo") {
            let time = try cutTo.double(0...86_400, expected: seconds)
            guard time > video.cutFrom else {
                throw cutTo.invalid(
                    SceneError.number(time), expected: "later than `cutFrom` (\(SceneError.number(video.cutFrom)))")
            }
            video.cutTo = time
        }
        video.speed =
            try map.optional("speed")?.double(0.01...100, expected: "a playback rate from 0.01 to 100, 1 being normal")
            ?? 1
        video.loops = try map.optional("loop")?.bool() ?? false
        video.fit = try map.optional("fit")?.choice(fitNames, what: "a fit") ?? .contain
        video.volume =
            try map.optional("volume")?.double(0...16, expected: "a gain from 0 to 16, 1 keeping the level") ?? 1
        video.isMuted = try map.optional("mute")?.bool() ?? false
        return video
    }
}
