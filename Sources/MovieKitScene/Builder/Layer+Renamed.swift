import Foundation
import FrameDraw

/// The image-layer names `fit:` replaced in 0.2.0, kept as deprecated forwards for one minor version.
extension Layer {
    /// An image layer: ``image(_:fit:)`` under its 0.1 name.
    @available(*, deprecated, renamed: "image(_:fit:)")
    public static func image(_ image: Image, contentMode: ContentFit) -> Layer {
        Layer.image(image, fit: contentMode)
    }

    /// An image layer read from a file: ``image(contentsOf:fit:)`` under its 0.1 name.
    @available(*, deprecated, renamed: "image(contentsOf:fit:)")
    public static func image(contentsOf url: URL, contentMode: ContentFit) -> Layer {
        Layer.image(contentsOf: url, fit: contentMode)
    }
}

extension ImageContent {
    /// Creates image content: ``init(_:fit:)`` under its 0.1 name.
    @available(*, deprecated, renamed: "init(_:fit:)")
    public init(_ source: ImageSource, contentMode: ContentFit) {
        self.init(source, fit: contentMode)
    }

    /// How the picture fits the layer's bounds: ``fit`` under its 0.1 name.
    @available(*, deprecated, renamed: "fit")
    public var contentMode: ContentFit {
        get { fit }
        set { fit = newValue }
    }
}
