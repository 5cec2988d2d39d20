import Foundation

extension Path {
    /// Parses SVG path data, the `d` attribute of an SVG `<path>` element.
    ///
    /// Every command is supported in absolute (upper-case) and relative (lower-case) form: `M L H V C S Q T A Z`.
    /// Commands may repeat implicitly (extra coordinate pairs after `M` are line-tos), numbers may be packed
    /// (`"-.5.5"` is −0.5 then 0.5, `"1e-3"` is 0.001) and arc flags need no separator (`"a1 1 0 00 1 1"`).
    /// Quadratic commands become `.quadCurve` elements; elliptical arcs are converted to cubic Béziers as in
    /// the SVG implementation notes (out-of-range radii are scaled up, zero radii give a straight line).
    /// Empty or whitespace-only data gives an empty path.
    /// - Parameter svgPathData: The path data, for example `"M10 10 h20 v20 z"`.
    /// - Throws: `FrameDrawError.invalidSVGPath(offset:reason:)` when the data is malformed; `offset` counts
    ///   Unicode scalars from the start of the string (for ASCII data, characters) to the offending character.
    public init(svgPathData: String) throws {
        var parser = SVGPathParser(svgPathData)
        self = try parser.parse()
    }
}

/// A one-pass parser for SVG path data that builds a `Path`.
private struct SVGPathParser {
    private let text: String
    private let bytes: [UInt8]
    private var index = 0
    private var path = Path()
    /// The reflected control point for `S`/`s` (after `C`/`S`) or `T`/`t` (after `Q`/`T`).
    private var lastCubicControl: CGPoint?
    private var lastQuadControl: CGPoint?
    private var subpathStart = CGPoint.zero
    private var current = CGPoint.zero
    /// The last command letter as written in the data, for error messages.
    private var writtenCommand = ""

    init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
    }

    mutating func parse() throws -> Path {
        skipSeparators(allowComma: false)
        guard index < bytes.count else { return path }
        var command: UInt8 = 0
        while true {
            skipSeparators(allowComma: false)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if Self.isCommand(byte) {
                command = byte
                writtenCommand = String(UnicodeScalar(byte))
                index += 1
            } else if Self.isNumberStart(byte), command != 0, command != UInt8(ascii: "Z"),
                command != UInt8(ascii: "z")
            {
                // An implicit repeat of the previous command; after a move, a line-to.
                if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
                if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            } else if command == 0 {
                throw error(
                    at: index, "the data must start with a move command (M or m), but it starts with \(describe(index))"
                )
            } else if Self.isNumberStart(byte) {
                throw error(
                    at: index,
                    "the close command \"\(writtenCommand)\" takes no numbers, but \(describe(index)) follows it")
            } else {
                throw error(at: index, "\(describe(index)) is neither a path command nor a number")
            }
            if path.isEmpty, command != UInt8(ascii: "M"), command != UInt8(ascii: "m") {
                throw error(
                    at: index - 1,
                    "the data must start with a move command (M or m), but it starts with \(describe(index - 1))")
            }
            try run(command)
        }
        return path
    }

    // MARK: - Commands

    private mutating func run(_ command: UInt8) throws {
        let relative = command >= UInt8(ascii: "a")
        let base = relative ? current : .zero
        switch command | 0x20 {  // Lower-case the letter.
        case UInt8(ascii: "m"):
            let p = try point(relativeTo: base)
            path.move(to: p)
            subpathStart = p
            current = p
            clearReflection()
        case UInt8(ascii: "l"):
            lineTo(try point(relativeTo: base))
        case UInt8(ascii: "h"):
            let x = try number()
            lineTo(CGPoint(x: relative ? current.x + x : x, y: current.y))
        case UInt8(ascii: "v"):
            let y = try number()
            lineTo(CGPoint(x: current.x, y: relative ? current.y + y : y))
        case UInt8(ascii: "c"):
            let c1 = try point(relativeTo: base)
            let c2 = try point(relativeTo: base)
            let end = try point(relativeTo: base)
            curveTo(end, c1, c2)
        case UInt8(ascii: "s"):
            let c2 = try point(relativeTo: base)
            let end = try point(relativeTo: base)
            let c1 = lastCubicControl.map { reflect($0) } ?? current
            curveTo(end, c1, c2)
        case UInt8(ascii: "q"):
            let c = try point(relativeTo: base)
            let end = try point(relativeTo: base)
            quadTo(end, c)
        case UInt8(ascii: "t"):
            let end = try point(relativeTo: base)
            let c = lastQuadControl.map { reflect($0) } ?? current
            quadTo(end, c)
        case UInt8(ascii: "a"):
            let rx = try number()
            let ry = try number()
            let rotation = try number()
            let largeArc = try flag()
            let sweep = try flag()
            let end = try point(relativeTo: base)
            arcTo(end, rx: rx, ry: ry, rotationDegrees: rotation, largeArc: largeArc, sweep: sweep)
        default:  // z
            path.closePath()
            current = subpathStart
            clearReflection()
        }
    }

    private mutating func lineTo(_ p: CGPoint) {
        path.addLine(to: p)
        current = p
        clearReflection()
    }

    private mutating func curveTo(_ end: CGPoint, _ c1: CGPoint, _ c2: CGPoint) {
        path.addCurve(to: end, control1: c1, control2: c2)
        current = end
        lastCubicControl = c2
        lastQuadControl = nil
    }

    private mutating func quadTo(_ end: CGPoint, _ c: CGPoint) {
        path.addQuadCurve(to: end, control: c)
        current = end
        lastQuadControl = c
        lastCubicControl = nil
    }

    private mutating func clearReflection() {
        lastCubicControl = nil
        lastQuadControl = nil
    }

    private func reflect(_ control: CGPoint) -> CGPoint {
        CGPoint(x: 2 * current.x - control.x, y: 2 * current.y - control.y)
    }

    /// Converts an endpoint-parameterised elliptical arc to cubic curves (SVG 1.1 implementation notes F.6.5–F.6.6).
    private mutating func arcTo(
        _ end: CGPoint, rx rxIn: Double, ry ryIn: Double, rotationDegrees: Double, largeArc: Bool, sweep: Bool
    ) {
        let start = current
        defer {
            current = end
            clearReflection()
        }
        guard !ArcGeometry.isClose(start, end) else { return }
        var rx = abs(rxIn)
        var ry = abs(ryIn)
        guard rx > 0, ry > 0 else {
            path.addLine(to: end)
            return
        }
        let phi = rotationDegrees * Double.pi / 180
        let cosPhi = cos(phi)
        let sinPhi = sin(phi)
        let dx = (start.x - end.x) / 2
        let dy = (start.y - end.y) / 2
        let x1p = cosPhi * dx + sinPhi * dy
        let y1p = -sinPhi * dx + cosPhi * dy
        let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
        if lambda > 1 {
            let scale = lambda.squareRoot()
            rx *= scale
            ry *= scale
        }
        let numerator = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
        let denominator = rx * rx * y1p * y1p + ry * ry * x1p * x1p
        var coefficient = (max(numerator, 0) / denominator).squareRoot()
        if largeArc == sweep { coefficient = -coefficient }
        let cxp = coefficient * rx * y1p / ry
        let cyp = -coefficient * ry * x1p / rx
        let center = CGPoint(
            x: cosPhi * cxp - sinPhi * cyp + (start.x + end.x) / 2,
            y: sinPhi * cxp + cosPhi * cyp + (start.y + end.y) / 2
        )
        let startAngle = atan2((y1p - cyp) / ry, (x1p - cxp) / rx)
        let endAngle = atan2((-y1p - cyp) / ry, (-x1p - cxp) / rx)
        var delta = endAngle - startAngle
        if sweep, delta < 0 { delta += 2 * Double.pi }
        if !sweep, delta > 0 { delta -= 2 * Double.pi }
        let segments = ArcGeometry.cubicSegments(
            center: center, radiusX: rx, radiusY: ry, rotation: phi, startAngle: startAngle, sweep: delta
        )
        for (i, segment) in segments.enumerated() {
            // Land exactly on the requested end point despite rounding.
            let target = i == segments.count - 1 ? end : segment.end
            path.addCurve(to: target, control1: segment.control1, control2: segment.control2)
        }
    }

    // MARK: - Tokens

    private mutating func point(relativeTo base: CGPoint) throws -> CGPoint {
        let x = try number()
        let y = try number()
        return CGPoint(x: base.x + x, y: base.y + y)
    }

    /// Reads one number, skipping whitespace and at most one comma before it.
    private mutating func number() throws -> Double {
        skipSeparators(allowComma: true)
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        let integerDigits = skipDigits()
        var fractionDigits = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fractionDigits = skipDigits()
        }
        guard integerDigits + fractionDigits > 0 else {
            index = start
            throw error(
                at: start, "expected a number for the \"\(writtenCommand)\" command, but found \(describe(start))")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            let exponentStart = index
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard skipDigits() > 0 else {
                let literal = String(decoding: bytes[start..<index], as: UTF8.self)
                throw error(at: exponentStart, "the number \"\(literal)\" has an exponent without digits")
            }
        }
        let literal = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(literal), value.isFinite else {
            throw error(at: start, "the number \"\(literal)\" is too large")
        }
        return value
    }

    /// Reads an arc flag: a single `0` or `1`, which needs no separator after it.
    private mutating func flag() throws -> Bool {
        skipSeparators(allowComma: true)
        guard index < bytes.count else { throw flagError() }
        switch bytes[index] {
        case UInt8(ascii: "0"):
            index += 1
            return false
        case UInt8(ascii: "1"):
            index += 1
            return true
        default:
            throw flagError()
        }
    }

    private mutating func skipDigits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    /// Skips whitespace and, when `allowComma`, one comma surrounded by optional whitespace.
    private mutating func skipSeparators(allowComma: Bool) {
        skipWhitespace()
        if allowComma, index < bytes.count, bytes[index] == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private static func isCommand(_ byte: UInt8) -> Bool {
        "MmLlHhVvCcSsQqTtAaZz".utf8.contains(byte)
    }

    private static func isNumberStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: ",")
    }

    // MARK: - Errors

    /// The Unicode-scalar offset of byte `byteIndex` (the number of scalars that start before it).
    private func offset(_ byteIndex: Int) -> Int {
        var bytesSeen = 0
        var scalars = 0
        for scalar in text.unicodeScalars {
            guard bytesSeen < byteIndex else { break }
            bytesSeen += UTF8.width(scalar)
            scalars += 1
        }
        return scalars
    }

    /// A short description of what sits at byte `byteIndex`, for error messages.
    private func describe(_ byteIndex: Int) -> String {
        guard byteIndex < bytes.count else { return "the end of the data" }
        let utf8 = text.utf8
        let position = utf8.index(utf8.startIndex, offsetBy: byteIndex)
        guard let scalarIndex = position.samePosition(in: text.unicodeScalars) else { return "an invalid character" }
        return "\"\(text.unicodeScalars[scalarIndex])\""
    }

    /// The error for a bad arc flag at the current index.
    private func flagError() -> FrameDrawError {
        error(
            at: index, "an arc flag of the \"\(writtenCommand)\" command must be 0 or 1, but found \(describe(index))")
    }

    /// The error at byte `byteIndex`: `reason`, followed by an excerpt of the data around that point.
    private func error(at byteIndex: Int, _ reason: String) -> FrameDrawError {
        .invalidSVGPath(offset: offset(byteIndex), reason: "\(reason) (in \"\(excerpt(around: offset(byteIndex)))\")")
    }

    /// Up to 20 characters of the data before scalar offset `scalarOffset` and 10 from it, on one line,
    /// with "…" where the data was cut.
    private func excerpt(around scalarOffset: Int) -> String {
        let scalars = Array(text.unicodeScalars)
        let from = max(0, scalarOffset - 20)
        let to = min(scalars.count, scalarOffset + 10)
        var excerpt = String(String.UnicodeScalarView(scalars[from..<to].map { $0.properties.isWhitespace ? " " : $0 }))
        if from > 0 { excerpt = "…" + excerpt }
        if to < scalars.count { excerpt += "…" }
        return excerpt
    }
}
