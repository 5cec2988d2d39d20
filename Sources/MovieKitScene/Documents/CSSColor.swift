import Foundation
import FrameDraw

/// CSS colours (CSS Color 4), as editly specs write them (editly hands them to fabric.js) and as
/// WebVTT style sheets write them: `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, `rgb()` and `rgba()` (with
/// commas or spaces, numbers or percentages, the alpha after a comma or a slash), `hsl()` and
/// `hsla()`, the 148 named colours and `transparent`.
package enum CSSColor {
    static let expected =
        "a CSS colour: \"#RRGGBB\", \"#RGB\", \"rgb(r, g, b)\", \"rgba(r, g, b, a)\", \"hsl(h, s%, l%)\" or a name such as white"

    /// CSS's own values for its names (so `green` is #008000, not FrameDraw's pure green).
    package static let names: [(name: String, hex: String)] =
        [
            ("aliceblue", "F0F8FF"), ("antiquewhite", "FAEBD7"), ("aqua", "00FFFF"), ("aquamarine", "7FFFD4"),
            ("azure", "F0FFFF"), ("beige", "F5F5DC"), ("bisque", "FFE4C4"), ("black", "000000"),
            ("blanchedalmond", "FFEBCD"), ("blue", "0000FF"), ("blueviolet", "8A2BE2"), ("brown", "A52A2A"),
            ("burlywood", "DEB887"), ("cadetblue", "5F9EA0"), ("chartreuse", "7FFF00"), ("chocolate", "D2691E"),
            ("coral", "FF7F50"), ("cornflowerblue", "6495ED"), ("cornsilk", "FFF8DC"), ("crimson", "DC143C"),
            ("cyan", "00FFFF"), ("darkblue", "00008B"), ("darkcyan", "008B8B"), ("darkgoldenrod", "B8860B"),
            ("darkgray", "A9A9A9"), ("darkgreen", "006400"), ("darkgrey", "A9A9A9"), ("darkkhaki", "BDB76B"),
            ("darkmagenta", "8B008B"), ("darkolivegreen", "556B2F"), ("darkorange", "FF8C00"), ("darkorchid", "9932CC"),
            ("darkred", "8B0000"), ("darksalmon", "E9967A"), ("darkseagreen", "8FBC8F"), ("darkslateblue", "483D8B"),
            ("darkslategray", "2F4F4F"), ("darkslategrey", "2F4F4F"), ("darkturquoise", "00CED1"),
            ("darkviolet", "9400D3"), ("deeppink", "FF1493"), ("deepskyblue", "00BFFF"), ("dimgray", "696969"),
            ("dimgrey", "696969"), ("dodgerblue", "1E90FF"), ("firebrick", "B22222"), ("floralwhite", "FFFAF0"),
            ("forestgreen", "228B22"), ("fuchsia", "FF00FF"), ("gainsboro", "DCDCDC"), ("ghostwhite", "F8F8FF"),
            ("gold", "FFD700"), ("goldenrod", "DAA520"), ("gray", "808080"), ("green", "008000"),
            ("greenyellow", "ADFF2F"), ("grey", "808080"), ("honeydew", "F0FFF0"), ("hotpink", "FF69B4"),
            ("indianred", "CD5C5C"), ("indigo", "4B0082"), ("ivory", "FFFFF0"), ("khaki", "F0E68C"),
            ("lavender", "E6E6FA"), ("lavenderblush", "FFF0F5"), ("lawngreen", "7CFC00"), ("lemonchiffon", "FFFACD"),
            ("lightblue", "ADD8E6"), ("lightcoral", "F08080"), ("lightcyan", "E0FFFF"),
            ("lightgoldenrodyellow", "FAFAD2"), ("lightgray", "D3D3D3"), ("lightgreen", "90EE90"),
            ("lightgrey", "D3D3D3"), ("lightpink", "FFB6C1"), ("lightsalmon", "FFA07A"), ("lightseagreen", "20B2AA"),
            ("lightskyblue", "87CEFA"), ("lightslategray", "778899"), ("lightslategrey", "778899"),
            ("lightsteelblue", "B0C4DE"), ("lightyellow", "FFFFE0"), ("lime", "00FF00"), ("limegreen", "32CD32"),
            ("linen", "FAF0E6"), ("magenta", "FF00FF"), ("maroon", "800000"), ("mediumaquamarine", "66CDAA"),
            ("mediumblue", "0000CD"), ("mediumorchid", "BA55D3"), ("mediumpurple", "9370DB"),
            ("mediumseagreen", "3CB371"), ("mediumslateblue", "7B68EE"), ("mediumspringgreen", "00FA9A"),
            ("mediumturquoise", "48D1CC"), ("mediumvioletred", "C71585"), ("midnightblue", "191970"),
            ("mintcream", "F5FFFA"), ("mistyrose", "FFE4E1"), ("moccasin", "FFE4B5"), ("navajowhite", "FFDEAD"),
            ("navy", "000080"), ("oldlace", "FDF5E6"), ("olive", "808000"), ("olivedrab", "6B8E23"),
            ("orange", "FFA500"), ("orangered", "FF4500"), ("orchid", "DA70D6"), ("palegoldenrod", "EEE8AA"),
            ("palegreen", "98FB98"), ("paleturquoise", "AFEEEE"), ("palevioletred", "DB7093"), ("papayawhip", "FFEFD5"),
            ("peachpuff", "FFDAB9"), ("peru", "CD853F"), ("pink", "FFC0CB"), ("plum", "DDA0DD"),
            ("powderblue", "B0E0E6"), ("purple", "800080"), ("rebeccapurple", "663399"), ("red", "FF0000"),
            ("rosybrown", "BC8F8F"), ("royalblue", "4169E1"), ("saddlebrown", "8B4513"), ("salmon", "FA8072"),
            ("sandybrown", "F4A460"), ("seagreen", "2E8B57"), ("seashell", "FFF5EE"), ("sienna", "A0522D"),
            ("silver", "C0C0C0"), ("skyblue", "87CEEB"), ("slateblue", "6A5ACD"), ("slategray", "708090"),
            ("slategrey", "708090"), ("snow", "FFFAFA"), ("springgreen", "00FF7F"), ("steelblue", "4682B4"),
            ("tan", "D2B48C"), ("teal", "008080"), ("thistle", "D8BFD8"), ("tomato", "FF6347"), ("turquoise", "40E0D0"),
            ("violet", "EE82EE"), ("wheat", "F5DEB3"), ("white", "FFFFFF"), ("whitesmoke", "F5F5F5"),
            ("yellow", "FFFF00"), ("yellowgreen", "9ACD32")
        ] + [("transparent", "00000000")]

    /// The colour `text` names, or `nil` when it is not one of the forms above. Names and function
    /// names are read in any case, as CSS reads them.
    package static func parse(_ text: String) -> Color? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.hasPrefix("#") { return hex(String(trimmed.dropFirst())) }
        if let named = names.first(where: { $0.name == trimmed }) { return hex(named.hex) }
        guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") else { return nil }
        let function = trimmed[..<open].trimmingCharacters(in: .whitespaces)
        let arguments = components(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        guard let arguments, arguments.count == 3 || arguments.count == 4 else { return nil }
        var alpha = 1.0
        if arguments.count == 4 {
            guard let value = number(arguments[3], percentOf: 1) else { return nil }
            alpha = min(max(value, 0), 1)
        }
        switch function {
        case "rgb", "rgba":
            var channels: [Double] = []
            for argument in arguments.prefix(3) {
                guard let value = number(argument, percentOf: 255) else { return nil }
                channels.append(min(max(value, 0), 255) / 255)
            }
            return Color(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
        case "hsl", "hsla":
            let hueText = arguments[0].hasSuffix("deg") ? String(arguments[0].dropLast(3)) : arguments[0]
            guard let hue = Double(hueText), hue.isFinite, arguments[1].hasSuffix("%"), arguments[2].hasSuffix("%"),
                let saturation = number(arguments[1], percentOf: 1), let lightness = number(arguments[2], percentOf: 1)
            else { return nil }
            return hsl(
                hue: hue, saturation: min(max(saturation, 0), 1), lightness: min(max(lightness, 0), 1), alpha: alpha)
        default:
            return nil
        }
    }

    /// The arguments of a colour function, separated by commas (`1, 2, 3, 0.5`) or by spaces with the
    /// alpha after a slash (`1 2 3 / 50%`); `nil` when the two are mixed.
    private static func components(_ inside: Substring) -> [String]? {
        if inside.contains(",") {
            guard !inside.contains("/") else { return nil }
            return inside.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let halves = inside.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return nil }
        var parts = halves[0].split(whereSeparator: \.isWhitespace).map(String.init)
        if halves.count == 2 {
            let alpha = halves[1].trimmingCharacters(in: .whitespaces)
            guard !alpha.isEmpty, parts.count == 3 else { return nil }
            parts.append(alpha)
        }
        return parts
    }

    /// A number, or a percentage of `whole` (`50%` of 255 is 127.5); `nil` for anything else.
    private static func number(_ text: String, percentOf whole: Double) -> Double? {
        let value = text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 * whole } : Double(text)
        guard let value, value.isFinite else { return nil }
        return value
    }

    /// CSS's HSL: hue in degrees (any, wrapped), saturation and lightness in `0...1`.
    private static func hsl(hue: Double, saturation: Double, lightness: Double, alpha: Double) -> Color {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let turn = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        let second = chroma * (1 - abs(turn.truncatingRemainder(dividingBy: 2) - 1))
        let (red, green, blue): (Double, Double, Double) =
            switch Int(turn) {
            case 0: (chroma, second, 0)
            case 1: (second, chroma, 0)
            case 2: (0, chroma, second)
            case 3: (0, second, chroma)
            case 4: (second, 0, chroma)
            default: (chroma, 0, second)
            }
        let lift = lightness - chroma / 2
        return Color(red: red + lift, green: green + lift, blue: blue + lift, alpha: alpha)
    }

    /// `RGB`, `RGBA`, `RRGGBB` or `RRGGBBAA` hex digits.
    private static func hex(_ digits: String) -> Color? {
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        switch digits.count {
        case 3, 4: return try? Color(hex: digits.map { "\($0)\($0)" }.joined())
        case 6, 8: return try? Color(hex: digits)
        default: return nil
        }
    }
}

extension NodeReader {
    /// A CSS colour, as editly writes colours.
    /// - Throws: `SceneError.invalidValue` with the nearest colour name for a misspelt one.
    func cssColor() throws -> Color {
        let text = try string(expected: CSSColor.expected)
        guard let color = CSSColor.parse(text) else {
            let hint =
                KeySuggestion.nearest(to: text, in: CSSColor.names.map(\.name)).map { " (did you mean `\($0)`?)" } ?? ""
            throw invalid("\"\(text)\"\(hint)", expected: CSSColor.expected)
        }
        return color
    }
}
