import Foundation
import FrameDraw

extension VideoContent {
    /// The content with its clip opened (once per layer), after checking the cut and speed
    /// against the file.
    /// - Throws: `SceneError.unreadableFile` naming the file and the setting that does not fit it.
    /// - Parameter shared: A clip of the same file already opened, whose decoded pictures this
    ///   content shares (pictures are kept by their time in the file, so any layer may use them).
    func opened(in pool: VideoDecoderPool, sharing shared: VideoClip? = nil) throws -> VideoContent {
        if clip != nil { return self }
        try validateNumbers()
        var opened = self
        let clip = try shared ?? VideoClip(url: url, pool: pool)
        if clip.duration > 0, cutFrom >= clip.duration {
            throw SceneError.unreadableFile(
                path: url.path,
                reason:
                    "cutFrom \(cutFrom) is at or after the clip's end (\(Self.seconds(clip.duration)) s); choose a start before it"
            )
        }
        opened.clip = clip
        return opened
    }

    /// Checks `cutFrom`, `cutTo`, `speed` and `volume` on their own.
    /// - Throws: `SceneError.unreadableFile` naming the file and the setting.
    func validateNumbers() throws {
        func refuse(_ reason: String) -> SceneError { SceneError.unreadableFile(path: url.path, reason: reason) }
        guard cutFrom.isFinite, cutFrom >= 0 else {
            throw refuse("cutFrom \(cutFrom) is not a time; use 0 seconds or more")
        }
        if let cutTo, !(cutTo.isFinite && cutTo > cutFrom) {
            throw refuse(
                "cutTo \(cutTo) is not after cutFrom \(cutFrom); use a later time, or leave it out to play to the end")
        }
        guard speed.isFinite, speed >= 0.01, speed <= 100 else {
            throw refuse("speed \(speed) is out of range; use a rate from 0.01 to 100, where 1 is normal speed")
        }
        guard volume.isFinite, volume >= 0, volume <= 16 else {
            throw refuse("volume \(volume) is out of range; use a gain from 0 to 16, where 1 keeps the level")
        }
    }

    static func seconds(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}

extension VideoContent {
    /// What `contain-blur` puts behind a contained clip: a soft, muted copy covering the canvas,
    /// darkened as a photo's backdrop is.
    static func blurredBackdrop(of video: VideoContent, canvas: CGSize) -> [Layer] {
        var copy = video
        copy.fit = .cover
        copy.isMuted = true
        copy.isBlurred = true
        var backdrop = Layer(.video(copy))
        backdrop.size = .constant(canvas)
        var shade = Layer(.rect)
        shade.size = .constant(canvas)
        shade.fill = .color(.constant(Color(white: 0, alpha: 0.45)))
        return [backdrop, shade]
    }
}
