import Foundation

/// A bound on the largest picture libass may build for one event, in script pixels, read from the
/// event's text, its style and the tags it uses.
///
/// libass rasterises each glyph, drawing and vector clip whole, then combines an event's glyphs into
/// pictures the size of their union, before it clips anything to the frame. An event whose drawing
/// spans 30,000 script pixels, or whose text is scaled 1,000 times, therefore has libass allocate
/// gigabytes, however little of it the frame shows. ``ASSContent`` refuses such an event before the
/// first frame (``ASSFile/checkEventSizes(_:text:fileName:)``), naming the tag that made it large.
///
/// The bound errs large: every glyph is taken as a full em wide, the largest font size and scale the
/// event reaches (through `\t` as well) hold for all of it, a rotated event's sides are its diagonal, and a
/// border, blur and `\be` widen it on each side. libass's own clamps are kept: `\blur` at 100 and
/// `\be` at 127.
struct ASSEventExtent {
    /// The picture's width and height in script pixels.
    var width: Double
    var height: Double
    /// What made the picture that large, as written in the event (`` `\fscx100000` ``), and its
    /// offset in UTF-8 bytes from the start of the text.
    var cause: String
    var causeOffset: Int
    /// The widest border the event reaches (`\bord`, `\xbord`, `\ybord`, its style's Outline), and
    /// the tag or value that sets it.
    var border = 0.0
    var borderCause = ""
    var borderOffset = 0

    /// How many times the script's area (`PlayResX` x `PlayResY`) one event's picture may cover.
    /// The picture scales with the frame as the script does, so the limit holds at any output size:
    /// 33 million pixels for a 1920x1080 script drawn at 1920x1080.
    static let limitInScriptAreas = 16.0

    /// The widest border MovieKit lets libass draw, in script pixels or, where the script says
    /// `ScaledBorderAndShadow: no`, in the video's pixels: such a border does not shrink with the
    /// script, so the relative bound cannot hold it.
    static let maximumBorder = 1000.0

    /// The style values the bound reads, in script pixels and scale factors (1 is 100%).
    struct StyleValues: Sendable, Hashable {
        var fontSize = 18.0
        var scaleX = 1.0
        var scaleY = 1.0
        var spacing = 0.0
        var angle = 0.0
        var outline = 2.0
        /// The style's own `\blur`.
        var blur = 0.0

        /// The larger of each value, and a rotation if either has one.
        func union(_ other: StyleValues) -> StyleValues {
            StyleValues(
                fontSize: max(fontSize, other.fontSize), scaleX: max(scaleX, other.scaleX),
                scaleY: max(scaleY, other.scaleY),
                spacing: abs(spacing) >= abs(other.spacing) ? spacing : other.spacing,
                angle: angle != 0 ? angle : other.angle, outline: max(outline, other.outline),
                blur: max(blur, other.blur))
        }
    }

    /// The bound for `text` (an event's Text field) in `style`; `styles` are the file's styles by
    /// name, for `\r`; `wrapWidth` is the script's width, or `nil` when lines do not wrap.
    init(text: String, style: StyleValues, styles: [String: StyleValues], wrapWidth: Double?) {
        var scan = ExtentScan(style: style, styles: styles, wrapsLines: wrapWidth != nil)
        scan.read(Array(text.utf8))
        self = scan.extent(wrapWidth: wrapWidth)
    }

    init(width: Double, height: Double, cause: String, causeOffset: Int) {
        self.width = width
        self.height = height
        self.cause = cause
        self.causeOffset = causeOffset
    }

    /// The picture's area in script pixels.
    var area: Double { width * height }
}

/// A value that makes an event's picture large, and where it is written.
private struct Contributor {
    var value = 0.0
    var text = ""
    var offset = 0

    mutating func raise(to candidate: Double, text: @autoclosure () -> String, offset: Int) {
        guard !(candidate <= value) else { return }
        value = candidate
        self.text = text()
        self.offset = offset
    }
}

/// One pass over an event's text: override blocks, drawings and characters.
private struct ExtentScan {
    let styles: [String: ASSEventExtent.StyleValues]
    /// The event's style, which `\r` without a known name returns to.
    let eventStyle: ASSEventExtent.StyleValues
    /// The style in effect (the event's, or the last one `\r` named): a tag without a value takes its value.
    var style: ASSEventExtent.StyleValues
    /// The values in effect.
    var current: ASSEventExtent.StyleValues
    var wrapsLines: Bool

    var fontSize = Contributor()
    var scaleX = Contributor()
    var scaleY = Contributor()
    var spacing = Contributor()
    var border = Contributor()
    var blur = Contributor()
    var shearX = Contributor()
    var shearY = Contributor()
    var drawing = Contributor()
    var clip = Contributor()
    var rotated = false

    /// The drawing scale of `\pN` (0 for text).
    var drawingLevel = 0
    /// The text's lines: the width of each, the widest word of each, and its height.
    var lineWidth = 0.0
    var wordWidth = 0.0
    var widestWord = 0.0
    var lineHeight = 0.0
    var lines: [(width: Double, widestWord: Double, height: Double)] = []

    init(style: ASSEventExtent.StyleValues, styles: [String: ASSEventExtent.StyleValues], wrapsLines: Bool) {
        self.styles = styles
        eventStyle = style
        self.style = style
        current = style
        self.wrapsLines = wrapsLines
        take(style, offset: 0)
    }

    /// Takes a style's values (the event's, or one `\r` names) as reached.
    mutating func take(_ style: ASSEventExtent.StyleValues, offset: Int) {
        self.style = style
        current = style
        fontSize.raise(to: style.fontSize, text: "its style's Fontsize \(Self.format(style.fontSize))", offset: offset)
        scaleX.raise(to: style.scaleX, text: "its style's ScaleX \(Self.format(style.scaleX * 100))", offset: offset)
        scaleY.raise(to: style.scaleY, text: "its style's ScaleY \(Self.format(style.scaleY * 100))", offset: offset)
        spacing.raise(to: abs(style.spacing), text: "its style's Spacing \(Self.format(style.spacing))", offset: offset)
        border.raise(to: style.outline, text: "its style's Outline \(Self.format(style.outline))", offset: offset)
        blur.raise(
            to: min(max(0, style.blur), 100) * 3, text: "its style's Blur \(Self.format(style.blur))", offset: offset)
        if style.angle != 0 { rotated = true }
    }

    mutating func read(_ bytes: [UInt8]) {
        // A `{` after the last `}` opens no block (libass shows it): not looking for a `}` after it
        // keeps a text of many such braces linear.
        let lastClose = bytes.lastIndex(of: UInt8(ascii: "}")) ?? -1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{"), index < lastClose,
                let close = bytes[index...].firstIndex(of: UInt8(ascii: "}"))
            {
                readBlock(bytes, from: index + 1, to: close)
                index = close + 1
                continue
            }
            if drawingLevel > 0 {
                // A drawing runs to the next override block; it is one glyph. (A `{` that opens no
                // block is part of it.)
                let end = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "{")) ?? bytes.count
                let box = ASSDrawingBox(bytes[index..<end])
                let divisor = pow(2, Double(drawingLevel - 1))
                let width = box.width / divisor * current.scaleX
                let height = box.height / divisor * current.scaleY
                drawing.raise(
                    to: max(width, height), text: "its drawing, \(Self.format(width)) x \(Self.format(height))",
                    offset: index)
                addGlyph(width: width, height: height)
                index = end
                continue
            }
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                let next = bytes[index + 1]
                if next == UInt8(ascii: "N") || (next == UInt8(ascii: "n") && !wrapsLines) {
                    endLine()
                    index += 2
                    continue
                }
                if next == UInt8(ascii: "n") || next == UInt8(ascii: "h") {
                    // `\n` is a space where lines wrap; `\h` a space that does not break.
                    if next == UInt8(ascii: "n") { endWord() }
                    addGlyph(width: (current.fontSize + abs(current.spacing)) * current.scaleX, height: 0)
                    index += 2
                    continue
                }
            }
            // One character (a UTF-8 lead byte; continuation bytes add nothing).
            if byte & 0xC0 != 0x80 {
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { endWord() }
                let advance = (current.fontSize + abs(current.spacing)) * current.scaleX
                addGlyph(width: advance, height: current.fontSize * current.scaleY)
            }
            index += 1
        }
        endLine()
    }

    mutating func addGlyph(width: Double, height: Double) {
        lineWidth += width
        wordWidth += width
        lineHeight = max(lineHeight, height)
    }

    mutating func endWord() {
        widestWord = max(widestWord, wordWidth)
        wordWidth = 0
    }

    mutating func endLine() {
        endWord()
        if lineWidth > 0 || lineHeight > 0 { lines.append((lineWidth, widestWord, lineHeight)) }
        lineWidth = 0
        widestWord = 0
        lineHeight = 0
    }

    /// Reads the tags of one override block, `bytes[start..<end]`.
    mutating func readBlock(_ bytes: [UInt8], from start: Int, to end: Int) {
        var index = start
        while index < end {
            guard bytes[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            let nameStart = index + 1
            var tag = ASSTag(bytes: bytes, start: nameStart, end: end)
            readTag(&tag, offset: index)
            index = max(tag.position, nameStart)
        }
    }

    /// Reads one tag, leaving `tag.position` after its value.
    mutating func readTag(_ tag: inout ASSTag, offset: Int) {
        // Longest names first: `\fscx` before `\fsc` before `\fs`.
        if tag.consume("fscx") {
            let value = tag.number().map { abs($0) / 100 } ?? styleValue(\.scaleX)
            current.scaleX = value
            scaleX.raise(to: value, text: tag.written(from: offset), offset: offset)
        } else if tag.consume("fscy") {
            let value = tag.number().map { abs($0) / 100 } ?? styleValue(\.scaleY)
            current.scaleY = value
            scaleY.raise(to: value, text: tag.written(from: offset), offset: offset)
        } else if tag.consume("fsc") {
            current.scaleX = styleValue(\.scaleX)
            current.scaleY = styleValue(\.scaleY)
        } else if tag.consume("fsp") {
            let value = tag.number() ?? styleValue(\.spacing)
            current.spacing = value
            spacing.raise(to: abs(value), text: tag.written(from: offset), offset: offset)
        } else if tag.consume("fs") {
            let relative = tag.peek == UInt8(ascii: "+") || tag.peek == UInt8(ascii: "-")
            if let value = tag.number() {
                // `\fs+N` and `\fs-N` scale the size by 1 ± N/10 (VSFilter's relative sizes).
                current.fontSize = relative ? current.fontSize * (1 + abs(value) / 10) : (value > 0 ? value : 0)
            }
            if current.fontSize <= 0 { current.fontSize = styleValue(\.fontSize) }
            fontSize.raise(to: current.fontSize, text: tag.written(from: offset), offset: offset)
        } else if tag.consume("fax") {
            shearX.raise(to: abs(tag.number() ?? 0), text: tag.written(from: offset), offset: offset)
        } else if tag.consume("fay") {
            shearY.raise(to: abs(tag.number() ?? 0), text: tag.written(from: offset), offset: offset)
        } else if tag.consume("frx") || tag.consume("fry") || tag.consume("frz") || tag.consume("fr") {
            if let value = tag.number(), value != 0 { rotated = true }
        } else if tag.consume("xbord") || tag.consume("ybord") || tag.consume("bord") {
            let value = max(0, tag.number() ?? styleValue(\.outline))
            border.raise(to: value, text: tag.written(from: offset), offset: offset)
        } else if tag.consume("blur") {
            // libass draws `\blur` up to 100 and `\be` up to 127; a blur spreads about 3 radii.
            let value = min(max(0, tag.number() ?? 0), 100) * 3
            blur.raise(to: value, text: tag.written(from: offset), offset: offset)
        } else if tag.consume("be") {
            let value = min(max(0, tag.number() ?? 0), 127)
            blur.raise(to: value, text: tag.written(from: offset), offset: offset)
        } else if tag.consume("iclip") || tag.consume("clip") {
            readClip(&tag, offset: offset)
        } else if tag.consume("pbo") || tag.consume("pos") {
            tag.skipArguments()
        } else if tag.consume("p") {
            if let value = tag.number() { drawingLevel = value > 0 ? Int(min(value, 64)) : 0 }
        } else if tag.consume("q") {
            if let value = tag.number() { wrapsLines = value != 2 }
        } else if tag.consume("r") {
            let name = tag.restOfTag()
            take(styles[name] ?? eventStyle, offset: offset)
        } else if tag.consume("t") {
            // `\t(t1,t2,accel,tags)`: the tags inside are read as if set, since the event reaches them.
            if tag.peek == UInt8(ascii: "(") { tag.position += 1 }
        } else {
            tag.skipTag()
        }
    }

    func styleValue(_ key: KeyPath<ASSEventExtent.StyleValues, Double>) -> Double {
        style[keyPath: key]
    }

    /// A `\clip(…)` or `\iclip(…)`: a rectangle costs nothing; a vector clip is rasterised whole.
    mutating func readClip(_ tag: inout ASSTag, offset: Int) {
        guard tag.peek == UInt8(ascii: "(") else { return }
        let arguments = tag.parenthesised()
        let parts = arguments.split(separator: UInt8(ascii: ","))
        if parts.count == 4, parts.allSatisfy({ ASSTag.isNumber($0) }) { return }
        var drawingBytes = arguments[...]
        var level = 1.0
        if parts.count == 2, ASSTag.isNumber(parts[0]) {
            level = Double(String(decoding: parts[0], as: UTF8.self).trimmingCharacters(in: .whitespaces)) ?? 1
            drawingBytes = parts[1]
        }
        let box = ASSDrawingBox(drawingBytes)
        let divisor = pow(2, max(0, min(level, 64) - 1))
        clip.raise(
            to: max(box.width, box.height) / divisor,
            text: "its vector clip, \(Self.format(box.width / divisor)) x \(Self.format(box.height / divisor))",
            offset: offset)
    }

    /// The bound, once the text is read.
    func extent(wrapWidth: Double?) -> ASSEventExtent {
        var width = 0.0
        var height = 0.0
        for line in lines {
            // A wrapped line is no wider than the script, or its widest word.
            let lineWidth = wrapsLines ? min(line.width, max(wrapWidth ?? line.width, line.widestWord)) : line.width
            width = max(width, lineWidth)
            height += line.height
        }
        width = max(width, clip.value)
        height = max(height, clip.value)
        let shearedWidth = width + shearX.value * height
        let shearedHeight = height + shearY.value * width
        (width, height) = (shearedWidth, shearedHeight)
        if rotated {
            let diagonal = (width * width + height * height).squareRoot()
            (width, height) = (diagonal, diagonal)
        }
        let pad = 2 * (border.value + blur.value)
        width += pad
        height += pad
        // Name what made it large. For text, the font size or the scale, whichever is further from
        // the usual (libass's default size, 18, and 100%); then a drawing, clip or spacing wider than
        // a glyph, a shear of more than 4, or a border and blur wider than the rest.
        let scale = max(scaleX.value, scaleY.value)
        var cause = scale > fontSize.value / 18 ? (scaleX.value >= scaleY.value ? scaleX : scaleY) : fontSize
        var spans = fontSize.value * scale
        for candidate in [drawing, clip] where candidate.value > spans {
            cause = candidate
            spans = candidate.value
        }
        if spacing.value * scale > spans {
            cause = spacing
            spans = spacing.value * scale
        }
        if max(shearX.value, shearY.value) > 4 { cause = shearX.value >= shearY.value ? shearX : shearY }
        if pad > max(spans, 1) * 2 { cause = border.value >= blur.value ? border : blur }
        var extent = ASSEventExtent(width: width, height: height, cause: cause.text, causeOffset: cause.offset)
        (extent.border, extent.borderCause, extent.borderOffset) = (border.value, border.text, border.offset)
        return extent
    }

    static func format(_ value: Double) -> String {
        guard value.isFinite else { return value > 0 ? "infinity" : "not a number" }
        return abs(value) >= 1e15 ? String(format: "%.3g", value) : String(Int(value.rounded()))
    }
}
