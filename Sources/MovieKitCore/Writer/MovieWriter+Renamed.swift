import FrameDraw

extension MovieWriter {
    /// Adds one frame showing `image`: ``addImage(_:fit:)`` under its 0.1 name, kept as a deprecated
    /// forward for one minor version.
    @available(*, deprecated, renamed: "addImage(_:fit:)")
    public func addImage(_ image: Image, contentMode: ContentFit) throws {
        try addImage(image, fit: contentMode)
    }
}
