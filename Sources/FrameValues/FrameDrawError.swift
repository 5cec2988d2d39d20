import Foundation

/// Every error FrameDraw throws. Each description is one or more full sentences that name the value or
/// file, say what was wrong, and say what to do about it.
public enum FrameDrawError: Error, Equatable, CustomStringConvertible {
    /// A colour string was not `#RRGGBB` or `#RRGGBBAA`.
    case invalidColor(String)
    /// Cairo put the drawing context into its error state; the value is Cairo's description of the status.
    ///
    /// Cairo errors are sticky: once one is set, Cairo ignores every later drawing call on that context,
    /// and nothing resets it. The owner of the context checks for it once per frame.
    case drawingFailed(String)
    /// An image size was not finite, not above 0, or (after rounding to whole pixels) above 32767 pixels.
    /// The values are the size as it was asked for.
    case invalidImageSize(width: Double, height: Double)
    /// The pixel array does not match the image size.
    case pixelCountMismatch(expected: Int, actual: Int)
    /// An image file could not be read or decoded. `reason` is a full sentence with the remedy.
    case unreadableImage(path: String, reason: String)
    /// An image file holds a picture whose pixel dimensions exceed what can be decoded or held in memory.
    ///
    /// `limit` completes the phrase "more than …", for example
    /// `"the 32767 pixels per side a FrameDraw image can hold"`.
    case imageTooLarge(path: String, width: Int, height: Int, limit: String)
    /// An image file's header declares more pixels than `ImageLoadingOptions.maximumPixelCount` allows, so
    /// it was refused before decoding. `limit` is that maximum, in pixels.
    ///
    /// The limit guards against decompression bombs: small files that claim enormous pictures.
    case imageExceedsPixelLimit(path: String, width: Int, height: Int, limit: Int)
    /// Memory for something FrameDraw needed could not be allocated. The value says what, completing the
    /// phrase "ran out of memory while allocating …", for example `"a 20000 × 20000-pixel image (1.6 GB)"`.
    case outOfMemory(String)
    /// An image could not be encoded or written. `reason` is a full sentence with the remedy.
    case imageWriteFailed(path: String, reason: String)
    /// SVG path data was malformed. `offset` counts Unicode scalars from the start of the data to the
    /// offending character (0 for the first); `reason` says what was expected and what was found there,
    /// with an excerpt of the data.
    case invalidSVGPath(offset: Int, reason: String)
    /// Pango markup was malformed. The value holds an excerpt of the markup and GLib's explanation, with
    /// the line and character where parsing stopped: `"<b>Bold</i>": GLib reports "Error on line 1 …"`;
    /// or, for markup that parses but sets an attribute to a number its enumeration lacks, the excerpt,
    /// the attribute and the values it takes: `"<span text_transform=\"12\">…": text_transform="12" …`.
    case invalidMarkup(String)
    /// A gradient's colours and locations do not fit together.
    case invalidGradient(String)
    /// Pango could not lay out a piece of text, so it was not drawn. `text` is an excerpt of the text,
    /// `reason` names the Pango call that failed.
    case textLayoutFailed(text: String, reason: String)
    /// A font file could not be registered with fontconfig. `reason` is a full sentence with the remedy.
    case unreadableFont(path: String, reason: String)
    /// Laid out, a piece of text would be wider or taller than `limit` pixels, more than Pango's positions
    /// (32-bit integers of 1/1024 pixel) hold, so its size cannot be measured. `text` is an excerpt of the
    /// text. Text at the largest glyph size FrameDraw draws (8192 pixels to the em) reaches it in about 250
    /// lines or 250 characters on a line.
    case textTooLarge(text: String, limit: Int)

    public var description: String {
        switch self {
        case .invalidColor(let text):
            return "Colour \"\(text)\" is not a hex colour; use #RRGGBB or #RRGGBBAA, for example #FF8800."
        case .drawingFailed(let reason):
            return "Cairo stopped drawing with the error \"\(reason)\" and ignored every drawing call after the one "
                + "that failed, so the picture is incomplete. Check the values passed to the drawing calls: "
                + "NaN or infinite coordinates, sizes or angles, and transforms that scale by 0, are the usual causes."
        case .invalidImageSize(let width, let height):
            return "Image size \(Self.format(width)) × \(Self.format(height)) is not valid: width and height must be "
                + "finite numbers above 0 and at most 32767 pixels. Check the computation that produced the size."
        case .pixelCountMismatch(let expected, let actual):
            return
                "The image needs \(expected) pixels (width × height) but \(actual) were given; pass exactly one UInt32 per pixel."
        case .unreadableImage(let path, let reason):
            return "Could not read the image at \(path): \(reason)"
        case .imageTooLarge(let path, let width, let height, let limit):
            return "The image at \(path) is \(width) × \(height) pixels, more than \(limit). Scale the file down "
                + "before loading it; when the picture can be decoded but not held at full size, "
                + "Image(contentsOf:maxPixelSize:) loads it scaled down instead."
        case .imageExceedsPixelLimit(let path, let width, let height, let limit):
            let pixels = Self.pixelCount(width, height)
            return "The image at \(path) is \(width) × \(height) pixels (\(Self.megapixels(pixels)) megapixels), "
                + "more than the limit of \(Self.megapixels(limit)) megapixels, so it was not decoded. If you trust "
                + "the file, raise ImageLoadingOptions.maximumPixelCount to at least \(pixels); maxPixelSize "
                + "still scales the picture down while it loads."
        case .outOfMemory(let what):
            return "FrameDraw ran out of memory while allocating \(what). Free some memory, or make the images "
                + "smaller: Image(contentsOf:maxPixelSize:) loads large pictures scaled down."
        case .imageWriteFailed(let path, let reason):
            return "Could not write the image to \(path): \(reason)"
        case .invalidSVGPath(let offset, let reason):
            return "SVG path data is malformed at character \(offset + 1): \(reason). Check the path's \"d\" "
                + "attribute: it starts with M or m, and each command (M, L, H, V, C, S, Q, T, A and Z; lower case "
                + "for relative coordinates) is followed by its numbers, separated by spaces or commas."
        case .invalidMarkup(let reason) where !reason.contains("GLib reports"):
            return "Pango refuses the markup \(reason)."
        case .invalidMarkup(let reason) where reason.contains("is not a valid value"):
            return "Pango could not parse the markup \(reason). Write one of the values GLib lists."
        case .invalidMarkup(let reason):
            return "Pango could not parse the markup \(reason). Close every tag you open, and write the characters "
                + "& < > in text as &amp; &lt; &gt; (TextStyle.escapeMarkup does this); to draw plain text, "
                + "use draw(_:at:style:)."
        case .invalidGradient(let reason):
            return "The gradient is not valid: \(reason)"
        case .textLayoutFailed(let text, let reason):
            return "Pango could not lay out the text \"\(text)\" (\(reason)), so it was not drawn. This happens "
                + "when memory runs out or fontconfig finds no font at all; free some memory, or install a font "
                + "package such as fonts-dejavu-core."
        case .unreadableFont(let path, let reason):
            return "The font file \(path) cannot be used: \(reason)"
        case .textTooLarge(let text, let limit):
            return "The text \"\(text)\" cannot be measured: laid out, it would be more than \(limit) pixels wide "
                + "or tall, past what Pango's positions hold. Use a smaller font size, or split the text into "
                + "pieces laid out separately."
        }
    }

    /// `width` × `height`, or `Int.max` when the product does not fit.
    private static func pixelCount(_ width: Int, _ height: Int) -> Int {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? Int.max : product
    }

    /// A pixel count in megapixels for messages, without trailing zeros: one decimal from 10 megapixels
    /// up ("108", "4290.3"), three below ("2.5", "0.002").
    static func megapixels(_ pixels: Int) -> String {
        let value = Double(pixels) / 1_000_000
        var text = String(format: value >= 10 ? "%.1f" : "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// A size for messages: whole numbers without a fraction, `NaN` and `infinity` by name.
    private static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-infinity" : "infinity" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}

extension FrameDrawError: LocalizedError {
    public var errorDescription: String? { description }
}
