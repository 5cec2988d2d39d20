import Foundation
import FrameDraw
import MovieKitCore

/// A movie clip as timed content: opened with the scene's other clips before the first frame, its
/// sound placed where the layer plays it, its picture at each time fitted into the layer's bounds.
extension VideoContent: BackdropAwareContent {
    public var typeName: String { "video" }

    /// The clip's picture size, once the renderer has opened it.
    public var intrinsicSize: CGSize? { clip?.displaySize }

    public var files: [URL] { [url] }

    /// The clip opened in the scene's decoder pool, and its sound recorded where `layer` plays it.
    /// - Throws: `SceneError.unreadableFile` naming the clip.
    public func prepared(for layer: Layer, in preparation: ContentPreparation) throws -> any TimedContent {
        try preparation.videos.open(self, layer: layer)
    }

    /// Draws the picture shown ``ContentDrawing/layerTime`` seconds into the layer, fitted into the
    /// bounds and clipped to them.
    public func draw(_ drawing: ContentDrawing) {
        guard let clip else { return }
        let context = drawing.context
        let sourceTime = sourceTime(of: clip, at: drawing.layerTime)
        let frame = fit.frame(for: clip.displaySize, in: drawing.bounds)
        guard frame.width > 0, frame.height > 0 else { return }
        if replacesFrame(drawing) { return }
        // Composited, the picture is clipped to the bounds.
        drawing.noteDrawn(drawing.bounds)
        let picture: Image
        if isBlurred {
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
        context.setAlpha(drawing.opacity)
        context.clip(to: Path(rect: drawing.bounds))
        context.draw(picture, in: frame, fit: .stretch)
    }

    /// Draws the picture only if it replaces every pixel of the frame, straight (see
    /// `drawsStraightIntoTheFrame`): opaque, unblurred, and covering the frame at its own size or smaller.
    /// - Returns: Whether it did; nothing is drawn otherwise.
    func replacesFrame(_ drawing: ContentDrawing) -> Bool {
        guard let clip, !isBlurred, drawing.opacity >= 1 else { return false }
        let frame = fit.frame(for: clip.displaySize, in: drawing.bounds)
        guard frame.width > 0, frame.height > 0 else { return false }
        return drawsStraightIntoTheFrame(
            clip, time: sourceTime(of: clip, at: drawing.layerTime), frame: frame, drawing: drawing)
    }

    /// The time in the file shown `layerTime` seconds into the layer.
    private func sourceTime(of clip: VideoClip, at layerTime: Double) -> Double {
        sourceTime(
            atLayerTime: layerTime, end: min(cutTo ?? clip.duration, clip.duration > 0 ? clip.duration : .infinity))
    }

    /// Converts the picture straight into the frame's pixels when it covers every one of them at its own
    /// size or smaller (a full-frame clip under overlays, the common case): the same pixels as converting it
    /// into an image and drawing that, without the image and the composite. Not for pictures drawn larger
    /// than the clip, which Cairo scales up, or with transparency. A picture that is already the encoder's
    /// input becomes the frame's backdrop (``ContentDrawing/backdrop``).
    private func drawsStraightIntoTheFrame(
        _ clip: VideoClip, time: Double, frame: CGRect, drawing: ContentDrawing
    ) -> Bool {
        let context = drawing.context
        context.saveGState()
        defer { context.restoreGState() }
        context.clip(to: Path(rect: drawing.bounds))
        return context.replacePixels(of: frame) { bytes, stride, width, height in
            guard CGFloat(width) <= clip.displaySize.width, CGFloat(height) <= clip.displaySize.height else {
                return false
            }
            return clip.writeOpaquePicture(
                at: time, size: VideoClip.PixelSize(width: width, height: height), into: bytes, stride: stride,
                backdrop: drawing.backdrop)
        }
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
