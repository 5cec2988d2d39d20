import Foundation

/// Every error FrameDraw throws. Each description is a full sentence naming the value or file.
public enum FrameDrawError: Error, Equatable, CustomStringConvertible {
    /// A colour string was not `#RRGGBB` or `#RRGGBBAA`.
    case invalidColor(String)
    /// Cairo reported an error while drawing; the frame's drawing state was reset.
    case drawingFailed(String)
    /// An image size was zero, negative, or too large to allocate.
    case invalidImageSize(width: Int, height: Int)
    /// The pixel array does not match the image size.
    case pixelCountMismatch(expected: Int, actual: Int)
    /// An image file could not be read or decoded.
    case unreadableImage(path: String, reason: String)
    /// An image could not be encoded or written.
    case imageWriteFailed(path: String, reason: String)
    /// SVG path data was malformed at a character offset.
    case invalidSVGPath(offset: Int, reason: String)
    /// Pango markup was malformed.
    case invalidMarkup(String)
    /// A gradient's colours and locations do not fit together.
    case invalidGradient(String)
    /// Memory ran out while doing what the text describes.
    case outOfMemory(String)
    /// An image's pixel dimensions exceed what can be decoded or held.
    case imageTooLarge(path: String, width: Int, height: Int, limit: String)

    public var description: String {
        switch self {
        case .invalidColor(let text):
            return "Colour \"\(text)\" is not a hex colour; use #RRGGBB or #RRGGBBAA, for example #FF8800."
        case .drawingFailed(let reason):
            return "Drawing failed: \(reason). The frame's drawing state was reset; check the values passed to the drawing calls."
        case .invalidImageSize(let width, let height):
            return "Image size \(width)x\(height) is not valid; width and height must be between 1 and 32767 pixels."
        case .pixelCountMismatch(let expected, let actual):
            return "The image needs \(expected) pixels (width × height) but \(actual) were given; pass exactly one UInt32 per pixel."
        case .unreadableImage(let path, let reason):
            return "Could not read the image at \(path): \(reason)"
        case .imageWriteFailed(let path, let reason):
            return "Could not write the image to \(path): \(reason)"
        case .invalidSVGPath(let offset, let reason):
            return "SVG path data is malformed at offset \(offset): \(reason)"
        case .invalidMarkup(let reason):
            return "Pango markup is malformed: \(reason)"
        case .invalidGradient(let reason):
            return "The gradient is not valid: \(reason)"
        case .outOfMemory(let activity):
            return "The system ran out of memory while \(activity); free memory, or load images scaled down with maxPixelSize."
        case .imageTooLarge(let path, let width, let height, let limit):
            return "The image at \(path) is \(width)x\(height) pixels, more than \(limit); scale the file down before using it."
        }
    }
}

extension FrameDrawError: LocalizedError {
    public var errorDescription: String? { description }
}
