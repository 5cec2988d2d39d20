import Foundation
import FrameDraw

extension LayerPainter {
    /// Draws the clip's picture at `time` on the layer's parent clock, turned upright and fitted
    /// into `bounds`.
    func drawVideo(_ video: VideoContent, layer: Layer, bounds: CGRect, time: Double, opacity: Double) {
        guard let clip = video.clip else { return }
        let end = min(video.cutTo ?? clip.duration, clip.duration > 0 ? clip.duration : .infinity)
        let sourceTime = video.sourceTime(atLayerTime: time - layer.inPoint, end: end)
        let frame = video.fit.frame(for: clip.displaySize, in: bounds)
        guard frame.width > 0, frame.height > 0 else { return }
        let picture: Image
        if video.isBlurred {
            // A copy 24 pixels across drawn large is a soft blur of the picture, as for photos.
            let scale = 24 / max(clip.displaySize.width, clip.displaySize.height)
            let small = VideoClip.PixelSize(
                width: max(1, Int((clip.displaySize.width * scale).rounded())),
                height: max(1, Int((clip.displaySize.height * scale).rounded())))
            guard let blurred = clip.image(at: sourceTime, size: small) else { return }
            picture = blurred
            context.setInterpolationQuality(.low)
        } else {
            guard let upright = clip.image(at: sourceTime, size: Self.pixelSize(of: frame, in: context, clip: clip))
            else { return }
            picture = upright
        }
        context.saveGState()
        defer { context.restoreGState() }
        context.setAlpha(opacity)
        context.clip(to: Path(rect: bounds))
        context.draw(picture, in: frame, fit: .stretch)
    }

    /// The pixels `frame` covers on the surface, when the drawing transform only scales and moves
    /// and the clip is drawn smaller than its own size, so that the picture is converted at the size
    /// it is drawn; `nil` (the clip's own size) otherwise.
    private static func pixelSize(of frame: CGRect, in context: DrawingContext, clip: VideoClip) -> VideoClip.PixelSize?
    {
        let ctm = context.ctm
        guard ctm.b == 0, ctm.c == 0 else { return nil }
        let width = (frame.width * abs(ctm.a)).rounded()
        let height = (frame.height * abs(ctm.d)).rounded()
        guard width >= 1, height >= 1, width <= clip.displaySize.width, height <= clip.displaySize.height,
            width < clip.displaySize.width || height < clip.displaySize.height
        else { return nil }
        return VideoClip.PixelSize(width: Int(width), height: Int(height))
    }
}
