import Foundation
import FrameDraw

/// CSS colours, as editly specs write them (editly hands them to fabric.js): `#RGB`, `#RGBA`,
/// `#RRGGBB`, `#RRGGBBAA`, `rgb(r, g, b)`, `rgba(r, g, b, a)` and the common CSS names.
enum CSSColor {
    static let expected =
        "a CSS colour: \"#RRGGBB\", \"#RGB\", \"rgb(r, g, b)\", \"rgba(r, g, b, a)\" or a name such as white"

    /// CSS's own values for its names (so `green` is #008000, not FrameDraw's pure green).
    static let names: [(name: String, hex: String)] = [
        ("black", "000000"), ("white", "FFFFFF"), ("red", "FF0000"), ("green", "008000"), ("lime", "00FF00"),
        ("blue", "0000FF"), ("yellow", "FFFF00"), ("cyan", "00FFFF"), ("aqua", "00FFFF"), ("magenta", "FF00FF"),
        ("fuchsia", "FF00FF"), ("gray", "808080"), ("grey", "808080"), ("silver", "C0C0C0"), ("maroon", "800000"),
        ("olive", "808000"), ("navy", "000080"), ("purple", "800080"), ("teal", "008080"), ("orange", "FFA500"),
        ("pink", "FFC0CB"), ("brown", "A52A2A"), ("gold", "FFD700"), ("indigo", "4B0082"), ("violet", "EE82EE"),
        ("transparent", "00000000")
    ]

    /// The colour `text` names, or `nil` when it is not one of the forms above.
    static func parse(_ text: String) -> Color? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.hasPrefix("#") { return hex(String(trimmed.dropFirst())) }
        if let named = names.first(where: { $0.name == trimmed }) { return hex(named.hex) }
        for function in ["rgba", "rgb"] where trimmed.hasPrefix(function + "(") && trimmed.hasSuffix(")") {
            let inside = trimmed.dropFirst(function.count + 1).dropLast()
            let parts = inside.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 3 || parts.count == 4 else { return nil }
            var channels: [Double] = []
            for part in parts.prefix(3) {
                guard let value = part.hasSuffix("%") ? Double(part.dropLast()).map({ $0 * 2.55 }) : Double(part),
                    (0...255).contains(value)
                else { return nil }
                channels.append(value / 255)
            }
            var alpha = 1.0
            if parts.count == 4 {
                guard
                    let value = parts[3].hasSuffix("%")
                        ? Double(parts[3].dropLast()).map({ $0 / 100 }) : Double(parts[3]),
                    (0...1).contains(value)
                else { return nil }
                alpha = value
            }
            return Color(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
        }
        return nil
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
