import Foundation

/// How a picture is fitted into a rectangle, named as CSS `object-fit` names it.
///
/// The same vocabulary serves every place that fits a picture: ``DrawingContext/draw(_:in:fit:)``,
/// image layers and slideshows (MovieKitScene), and `MovieWriter.addImage(_:fit:)` (MovieKitCore).
public enum ContentFit: String, Sendable, Hashable, CaseIterable {
    /// Scales the picture to cover the rectangle, keeping its aspect ratio; what sticks out is
    /// cropped.
    case cover
    /// Scales the picture to fit inside the rectangle, keeping its aspect ratio; it may leave bars.
    case contain
    /// Stretches the picture to the rectangle exactly, ignoring its aspect ratio (CSS calls this
    /// `fill`).
    case stretch
    /// Draws the picture at its natural size, centred (CSS calls this `none`).
    case center

    /// The rectangle a picture of `size` occupies inside `rect` with this fit.
    /// - Parameters:
    ///   - size: The picture's natural size. An empty size gives `rect`.
    ///   - rect: The rectangle the picture is fitted into.
    /// - Returns: The picture's frame, centred on `rect`; it may extend beyond `rect` (``cover``,
    ///   ``center``).
    public func frame(for size: CGSize, in rect: CGRect) -> CGRect {
        guard size.width > 0, size.height > 0 else { return rect }
        let scale: Double
        switch self {
        case .stretch: return rect
        case .contain: scale = min(rect.width / size.width, rect.height / size.height)
        case .cover: scale = max(rect.width / size.width, rect.height / size.height)
        case .center: scale = 1
        }
        let w = size.width * scale
        let h = size.height * scale
        return CGRect(x: rect.midX - w / 2, y: rect.midY - h / 2, width: w, height: h)
    }
}
