import Foundation

/// Reads one override tag of an ASS event's text (the bytes after its backslash) as libass reads
/// it: the name, then a number, parenthesised arguments or text up to the next tag.
struct ASSTag {
    let bytes: [UInt8]
    /// The next byte to read.
    var position: Int
    /// The end of the override block.
    let end: Int

    init(bytes: [UInt8], start: Int, end: Int) {
        self.bytes = bytes
        position = start
        self.end = end
    }

    /// The next byte, if the block has one.
    var peek: UInt8? { position < end ? bytes[position] : nil }

    /// Reads `name` when the tag starts with it.
    mutating func consume(_ name: String) -> Bool {
        let name = Array(name.utf8)
        guard position + name.count <= end, bytes[position..<position + name.count].elementsEqual(name) else {
            return false
        }
        position += name.count
        return true
    }

    /// Reads a number (`12`, `-1.5`, `+10`, `2e3`), after spaces, or leaves the position where it
    /// was when none is written.
    mutating func number() -> Double? {
        var index = position
        while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        guard let (value, after) = Self.number(in: bytes, from: index, to: end) else { return nil }
        position = after
        return value
    }

    /// The number at `start` and the index after it.
    static func number(in bytes: [UInt8], from start: Int, to end: Int) -> (Double, Int)? {
        var index = start
        if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        var digits = 0
        while index < end, isDigit(bytes[index]) {
            index += 1
            digits += 1
        }
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < end, isDigit(bytes[index]) {
                index += 1
                digits += 1
            }
        }
        guard digits > 0 else { return nil }
        if index + 1 < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
            var exponent = index + 1
            if bytes[exponent] == UInt8(ascii: "+") || bytes[exponent] == UInt8(ascii: "-") { exponent += 1 }
            if exponent < end, isDigit(bytes[exponent]) {
                index = exponent
                while index < end, isDigit(bytes[index]) { index += 1 }
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { return nil }
        return (value, index)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Whether `bytes` hold one number and spaces only.
    static func isNumber(_ bytes: ArraySlice<UInt8>) -> Bool {
        let trimmed = Array(
            bytes.drop { $0 == UInt8(ascii: " ") }.reversed().drop { $0 == UInt8(ascii: " ") }.reversed())
        guard let (_, after) = number(in: trimmed, from: 0, to: trimmed.count) else { return false }
        return after == trimmed.count
    }

    /// The arguments of `(…)` at the position, without the parentheses; the position moves past
    /// the closing one (or to the block's end, where libass stops too).
    mutating func parenthesised() -> ArraySlice<UInt8> {
        guard peek == UInt8(ascii: "(") else { return [] }
        let start = position + 1
        let close = bytes[start..<end].firstIndex(of: UInt8(ascii: ")")) ?? end
        position = min(close + 1, end)
        return bytes[start..<close]
    }

    /// Skips `(…)` arguments, if the tag has them.
    mutating func skipArguments() { _ = parenthesised() }

    /// The text up to the next tag (a style's name after `\r`).
    mutating func restOfTag() -> String {
        let stop = bytes[position..<end].firstIndex(of: UInt8(ascii: "\\")) ?? end
        defer { position = stop }
        return String(decoding: bytes[position..<stop], as: UTF8.self)
    }

    /// Skips a tag this reader does not need, up to the next one.
    mutating func skipTag() {
        position = bytes[position..<end].firstIndex(of: UInt8(ascii: "\\")) ?? end
    }

    /// The tag as written, from its backslash at `offset` to the position, in backquotes.
    func written(from offset: Int) -> String {
        let text = String(decoding: bytes[offset..<max(offset, position)], as: UTF8.self)
        return "`\(text.count > 40 ? String(text.prefix(40)) + "…" : text)`"
    }
}

/// The box around an ASS drawing's points (`m 0 0 l 100 0 100 50`), in the drawing's units: the
/// points of lines, Bézier curves and B-splines alike, since each curve stays inside its points' hull.
struct ASSDrawingBox {
    var width = 0.0
    var height = 0.0

    /// The drawing commands: move, move without closing, line, Bézier, B-spline, extend, close.
    static let commands = Set("mnlbspc".utf8)

    init(_ bytes: ArraySlice<UInt8>) {
        let bytes = Array(bytes)
        var minX = Double.infinity
        var maxX = -Double.infinity
        var minY = Double.infinity
        var maxY = -Double.infinity
        var pending: Double?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if ASSTag.isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: ".")
            {
                if let (value, after) = ASSTag.number(in: bytes, from: index, to: bytes.count) {
                    if let x = pending {
                        minX = min(minX, x)
                        maxX = max(maxX, x)
                        minY = min(minY, value)
                        maxY = max(maxY, value)
                        pending = nil
                    } else {
                        pending = value
                    }
                    index = after
                    continue
                }
            } else if Self.commands.contains(byte) {
                // A command starts its points afresh; libass skips any other byte.
                pending = nil
            }
            index += 1
        }
        if minX <= maxX { width = maxX - minX }
        if minY <= maxY { height = maxY - minY }
    }
}
