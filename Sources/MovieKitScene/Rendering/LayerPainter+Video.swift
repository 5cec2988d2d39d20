import Foundation
import FrameDraw

extension LayerPainter {
    /// Draws the clip's picture at `time` on the layer's parent clock, turned upright and fitted
    /// into `bounds`.
    func drawVideo(_ video: VideoContent, layer: Layer, bounds: CGRect, time: Double, opacity: Double) {
        guard let clip = video.clip else { return }
        let end = min(video.cutTo ?? clip.duration, clip.duration > 0 ? clip.duration : .infinity)
        let sourceTime = video.sourceTime(atLayerTime: time - layer.inPoint, end: end)
        guard var picture = clip.image(at: sourceTime) else { return }
        if video.isBlurred {
            // A copy 24 pixels across drawn large is a soft blur of the picture, as for photos.
            let scale = 24 / max(picture.size.width, picture.size.height)
            let small = CGSize(
                width: max(1, (picture.size.width * scale).rounded()),
                height: max(1, (picture.size.height * scale).rounded()))
            guard let blurred = try? picture.resized(to: small, quality: .high) else { return }
            picture = blurred
            context.setInterpolationQuality(.low)
        }
        let frame = video.fit.frame(for: clip.displaySize, in: bounds)
        guard frame.width > 0, frame.height > 0 else { return }
        context.saveGState()
        defer { context.restoreGState() }
        context.setAlpha(opacity)
        context.clip(to: Path(rect: bounds))
        guard clip.rotation != 0 else {
            context.draw(picture, in: frame, fit: .stretch)
            return
        }
        // The stored picture is turned about the frame's centre; its sides swap at 90° and 270°.
        context.translateBy(x: frame.midX, y: frame.midY)
        context.rotate(by: Double(clip.rotation) * .pi / 180)
        let quarterTurn = clip.rotation % 180 != 0
        let width = quarterTurn ? frame.height : frame.width
        let height = quarterTurn ? frame.width : frame.height
        context.draw(picture, in: CGRect(x: -width / 2, y: -height / 2, width: width, height: height), fit: .stretch)
    }
}
