import Foundation

/// The names `ContentFit` replaced in 0.2.0, kept as deprecated forwards for one minor version so
/// that code written for 0.1 compiles with a warning and a fix-it instead of an error.
@available(*, deprecated, renamed: "ContentFit")
public typealias ContentMode = ContentFit

extension ContentFit {
    /// The picture fitted inside, keeping its aspect ratio.
    @available(*, deprecated, renamed: "contain")
    public static var aspectFit: ContentFit { .contain }
    /// The picture covering the rectangle, keeping its aspect ratio.
    @available(*, deprecated, renamed: "cover")
    public static var aspectFill: ContentFit { .cover }
    /// The picture stretched to the rectangle.
    @available(*, deprecated, renamed: "stretch")
    public static var scaleToFill: ContentFit { .stretch }
}

extension DrawingContext {
    /// Draws `image` fitted into `rect`: ``draw(_:in:fit:)`` under its 0.1 name.
    @available(*, deprecated, renamed: "draw(_:in:fit:)")
    public func draw(_ image: Image, in rect: CGRect, contentMode: ContentFit) {
        draw(image, in: rect, fit: contentMode)
    }
}
