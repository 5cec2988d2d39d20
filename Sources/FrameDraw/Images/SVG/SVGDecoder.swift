import Foundation

/// Draws an SVG document into a premultiplied Cairo surface at its own size, or at the smaller size
/// `maxPixelSize` asks for, after checking that size against the loading options.
///
/// SVG is vector art, so a picture scaled down is drawn at the smaller size directly: no full-size
/// picture exists on the way. Its size is the document's `width` and `height` at 96 pixels per inch,
/// or its `viewBox` when it has no absolute size.
enum SVGDecoder {
    /// The size the document states, checked against FrameDraw's limits and `options`.
    /// - Throws: `FrameDrawError.unreadableImage`, `.imageTooLarge` or `.imageExceedsPixelLimit`.
    static func checkedSize(of document: SVGDocument, options: ImageLoadingOptions) throws -> (width: Int, height: Int)
    {
        let size = try document.pixelSize()
        try options.checkPixelCount(path: document.path, width: size.width, height: size.height)
        let target = ImageFileFormat.fittedSize(
            width: size.width, height: size.height, maxPixelSize: options.maxPixelSize)
        guard target.width <= ImageFileDecoder.maximumSide, target.height <= ImageFileDecoder.maximumSide else {
            throw FrameDrawError.imageTooLarge(
                path: document.path, width: size.width, height: size.height,
                limit: "the \(ImageFileDecoder.maximumSide) pixels per side a FrameDraw image can hold")
        }
        return size
    }

    /// Parses and draws the SVG file `path` whose bytes are `data`.
    /// - Throws: The errors of `checkedSize(of:options:)`, `.unreadableImage` with librsvg's reason,
    ///   or `.outOfMemory`.
    static func decode(path: String, data: Data, options: ImageLoadingOptions) throws -> CairoSurface {
        let document = try SVGDocument(data: data, path: path)
        let size = try checkedSize(of: document, options: options)
        let target = ImageFileFormat.fittedSize(
            width: size.width, height: size.height, maxPixelSize: options.maxPixelSize)
        let surface = try CairoSurface(width: target.width, height: target.height)
        try document.render(into: surface)
        return surface
    }
}
