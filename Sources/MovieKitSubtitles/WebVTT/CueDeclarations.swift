import Foundation
import FrameDraw
import MovieKitScene

/// The CSS properties a `::cue` rule sets that MovieKit draws: colour, background, opacity, the
/// font (family, size, weight, style), text decoration and visibility. A property a rule leaves
/// out is `nil`, so rules merge in cascade order.
struct CueDeclarations: Sendable, Hashable {
    var color: Color?
    var background: Color?
    var opacity: Double?
    var fontFamily: String?
    var fontSize: FontSize?
    var fontWeight: Int?
    var italic: Bool?
    var decoration: Set<Decoration>?
    var hidden: Bool?

    /// A font size, resolved against the enclosing text's size and the video's.
    enum FontSize: Sendable, Hashable {
        case pixels(Double)
        /// A multiple of the enclosing text's size (`em`, `%`, `larger`, `smaller`).
        case relative(Double)
        /// A fraction of the video's height (`vh`) or width (`vw`).
        case viewportHeight(Double)
        case viewportWidth(Double)

        func pixels(parent: Double, viewport: CGSize) -> Double {
            let size: Double =
                switch self {
                case .pixels(let value): value
                case .relative(let factor): parent * factor
                case .viewportHeight(let fraction): viewport.height * fraction
                case .viewportWidth(let fraction): viewport.width * fraction
                }
            return size.isFinite ? max(size, 0) : parent
        }
    }

    enum Decoration: String, Sendable, Hashable {
        case underline, overline
        case lineThrough = "line-through"
    }

    var isEmpty: Bool { self == CueDeclarations() }

    /// `other`'s properties over these.
    mutating func merge(_ other: CueDeclarations) {
        color = other.color ?? color
        background = other.background ?? background
        opacity = other.opacity ?? opacity
        fontFamily = other.fontFamily ?? fontFamily
        fontSize = other.fontSize ?? fontSize
        fontWeight = other.fontWeight ?? fontWeight
        italic = other.italic ?? italic
        decoration = other.decoration ?? decoration
        hidden = other.hidden ?? hidden
    }

    /// The properties ``set(_:to:)`` reads.
    static let applied: Set<String> = [
        "color", "background", "background-color", "opacity", "font", "font-family", "font-size", "font-weight",
        "font-style", "text-decoration", "text-decoration-line", "visibility"
    ]

    /// The other properties WebVTT allows in `::cue` rules, which MovieKit reads past.
    static let allowedButNotDrawn: Set<String> = [
        "background-attachment", "background-clip", "background-image", "background-origin", "background-position",
        "background-repeat", "background-size", "font-stretch", "font-variant", "line-height", "outline",
        "outline-color", "outline-style", "outline-width", "ruby-position", "text-combine-upright", "text-shadow",
        "white-space", "text-decoration-color", "text-decoration-style", "text-decoration-thickness"
    ]

    /// Sets the property `name` (lowercased) from its CSS value; `false` when the value is not one
    /// MovieKit reads.
    mutating func set(_ name: String, to value: String) -> Bool {
        let value = value.trimmingCharacters(in: .whitespacesAndNewlines)
        let keyword = value.lowercased()
        switch name {
        case "color":
            guard let color = CSSColor.parse(value) else { return false }
            self.color = color
        case "background-color":
            guard let color = CSSColor.parse(value) else { return false }
            background = color
        case "background":
            // The shorthand's colour, if it names one; `none` and images leave no colour. Its other
            // parts (images, positions, repeats) are not drawn; a word that is none of them, such as
            // a misspelt colour, makes the value unreadable, as in CSS.
            var colors: [Color] = []
            for token in Self.tokens(value) {
                if let color = CSSColor.parse(token) {
                    colors.append(color)
                } else if !Self.isBackgroundPart(token.lowercased()) {
                    return false
                }
            }
            guard colors.count <= 1 else { return false }
            background = colors.first ?? .clear
        case "opacity":
            let number = keyword.hasSuffix("%") ? Double(keyword.dropLast()).map { $0 / 100 } : Double(keyword)
            guard let number, number.isFinite else { return false }
            opacity = min(max(number, 0), 1)
        case "font-family":
            guard let family = Self.family(value) else { return false }
            fontFamily = family
        case "font-size":
            guard let size = Self.fontSize(keyword) else { return false }
            fontSize = size
        case "font-weight":
            guard let weight = Self.weight(keyword) else { return false }
            fontWeight = weight
        case "font-style":
            switch keyword {
            case "normal": italic = false
            case "italic", "oblique": italic = true
            default: return false
            }
        case "font":
            return setFont(value)
        case "text-decoration", "text-decoration-line":
            var lines: Set<Decoration> = []
            for token in Self.tokens(keyword) {
                if let line = Decoration(rawValue: token) {
                    lines.insert(line)
                } else if token != "none", name == "text-decoration-line" || CSSColor.parse(token) == nil,
                    !["solid", "double", "dotted", "dashed", "wavy"].contains(token)
                {
                    return false
                }
            }
            decoration = lines
        case "visibility":
            switch keyword {
            case "visible": hidden = false
            case "hidden", "collapse": hidden = true
            default: return false
            }
        default:
            return false
        }
        return true
    }

    /// The `font` shorthand: `[style] [weight] size[/line-height] family`.
    private mutating func setFont(_ value: String) -> Bool {
        var tokens = Self.tokens(value)
        var style: Bool?
        var weight: Int?
        while let first = tokens.first?.lowercased(),
            Self.fontSize(first.split(separator: "/").first.map(String.init) ?? "") == nil
        {
            if first == "italic" || first == "oblique" {
                style = true
            } else if let number = Self.weight(first), first != "normal" {
                weight = number
            } else if !["normal", "small-caps"].contains(first) && !first.hasSuffix("condensed")
                && !first.hasSuffix("expanded")
            {
                return false
            }
            tokens.removeFirst()
        }
        guard let sizeToken = tokens.first,
            let size = Self.fontSize(
                sizeToken.lowercased().split(separator: "/").first.map(String.init) ?? "")
        else { return false }
        guard let family = Self.family(tokens.dropFirst().joined(separator: " ")) else { return false }
        // The shorthand resets what it leaves out.
        italic = style ?? false
        fontWeight = weight ?? 400
        fontSize = size
        fontFamily = family
        return true
    }

    /// Whether `token` is a part of the `background` shorthand other than its colour: an image or
    /// gradient, a length or percentage, `/`, or one of the shorthand's keywords.
    private static func isBackgroundPart(_ token: String) -> Bool {
        let keywords: Set<String> = [
            "none", "repeat", "no-repeat", "repeat-x", "repeat-y", "space", "round", "scroll", "fixed", "local",
            "center", "top", "bottom", "left", "right", "border-box", "padding-box", "content-box", "auto", "cover",
            "contain", "/"
        ]
        if keywords.contains(token) { return true }
        if token.hasSuffix(")"), token.hasPrefix("url(") || token.contains("gradient(") { return true }
        return token.first.map { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" } ?? false
    }

    /// A value's parts, split at spaces outside parentheses and quotes.
    static func tokens(_ value: String) -> [String] {
        CueStyleSheet.split(value, where: \.isWhitespace).filter { !$0.isEmpty }
    }

    /// A family list with its quotes taken off, as Pango reads a list (`A,B`).
    static func family(_ value: String) -> String? {
        let families = value.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        }
        guard !families.isEmpty, families.allSatisfy({ !$0.isEmpty && !$0.contains(where: { "<>&;{}".contains($0) }) })
        else { return nil }
        return families.joined(separator: ",")
    }

    /// CSS's font size keywords, in pixels at the default `medium` of 16 px.
    private static let sizeKeywords: [String: Double] = [
        "xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24, "xx-large": 32,
        "xxx-large": 48
    ]

    static func fontSize(_ keyword: String) -> FontSize? {
        if let pixels = sizeKeywords[keyword] { return .pixels(pixels) }
        if keyword == "larger" { return .relative(1.2) }
        if keyword == "smaller" { return .relative(1 / 1.2) }
        let units: [(String, (Double) -> FontSize)] = [
            ("px", { .pixels($0) }), ("pt", { .pixels($0 * 4 / 3) }), ("rem", { .pixels($0 * 16) }),
            ("em", { .relative($0) }), ("%", { .relative($0 / 100) }), ("vh", { .viewportHeight($0 / 100) }),
            ("vw", { .viewportWidth($0 / 100) })
        ]
        for (unit, size) in units where keyword.hasSuffix(unit) {
            guard let number = Double(keyword.dropLast(unit.count)), number.isFinite, number >= 0 else { return nil }
            return size(number)
        }
        // A bare 0 is the one length CSS allows without a unit.
        return keyword == "0" ? .pixels(0) : nil
    }

    static func weight(_ keyword: String) -> Int? {
        switch keyword {
        case "normal": return 400
        case "bold", "bolder": return 700
        case "lighter": return 300
        default:
            guard let number = Double(keyword), (1...1000).contains(number) else { return nil }
            return Int(number.rounded())
        }
    }
}
