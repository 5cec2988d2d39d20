import Foundation

/// A colour in the sRGB colour space, with straight (not premultiplied) alpha.
///
/// Components are `Double`s in `0...1`. Values outside that range are clamped when drawing.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// Creates a colour from sRGB components in `0...1`.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Creates a grey colour: `white` 0 is black, 1 is white.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Creates a colour from hue, saturation and brightness (HSV), each in `0...1`.
    ///
    /// A hue of 0 and 1 are both red; the hue wraps around.
    public init(hue: Double, saturation: Double, brightness: Double, alpha: Double = 1) {
        let h = (hue - hue.rounded(.down)) * 6
        let s = min(max(saturation, 0), 1)
        let v = min(max(brightness, 0), 1)
        let sector = Int(h) % 6
        let f = h - Double(Int(h))
        let p = v * (1 - s)
        let q = v * (1 - s * f)
        let t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// Creates an opaque colour from a `0xRRGGBB` integer, written as hex colours are: `Color(rgb: 0x1D3557)`.
    ///
    /// Every value up to `0xFFFFFF` is a colour, so this needs no `try`.
    /// - Parameter rgb: Red in bits 16–23, green in bits 8–15 and blue in bits 0–7. A value above
    ///   `0xFFFFFF` is a programmer error that stops the program: for a colour with alpha, use
    ///   ``init(rgba:)``.
    public init(rgb: UInt32) {
        precondition(
            rgb <= 0xFF_FFFF,
            "Color(rgb: 0x\(String(rgb, radix: 16, uppercase: true))) has more than six hex digits; "
                + "use Color(rgba:) for a colour with alpha.")
        self.init(rgba: rgb << 8 | 0xFF)
    }

    /// Creates a colour from a `0xRRGGBBAA` integer: `Color(rgba: 0x00000080)` is half-transparent black.
    ///
    /// Every 32-bit value is a colour, so this needs no `try`.
    /// - Parameter rgba: Red in bits 24–31, green in bits 16–23, blue in bits 8–15 and alpha in
    ///   bits 0–7 (`0xFF` is opaque).
    public init(rgba: UInt32) {
        self.init(
            red: Double((rgba >> 24) & 0xFF) / 255,
            green: Double((rgba >> 16) & 0xFF) / 255,
            blue: Double((rgba >> 8) & 0xFF) / 255,
            alpha: Double(rgba & 0xFF) / 255
        )
    }

    /// Creates a colour from a hex string: `#RRGGBB` or `#RRGGBBAA` (the `#` is optional).
    ///
    /// For a colour written in the code, ``init(rgb:)`` and ``init(rgba:)`` take the same digits
    /// as an integer and need no `try`.
    /// - Parameter hex: Six or eight hex digits, with or without a leading `#`.
    /// - Throws: `FrameDrawError.invalidColor` when the string is not 6 or 8 hex digits.
    public init(hex: String) throws {
        var digits = Substring(hex.trimmingCharacters(in: .whitespaces))
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8,
            digits.allSatisfy(\.isHexDigit),
            let value = UInt32(digits, radix: 16)
        else {
            throw FrameDrawError.invalidColor(hex)
        }
        self.init(rgba: digits.count == 8 ? value : value << 8 | 0xFF)
    }

    /// The same colour with a different alpha.
    public func withAlphaComponent(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The colour as `#RRGGBBAA`.
    public var description: String {
        func byte(_ v: Double) -> String {
            let b = Int((min(max(v, 0), 1) * 255).rounded())
            return String(b, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        return "#" + byte(red) + byte(green) + byte(blue) + byte(alpha)
    }

    // MARK: Named colours

    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let clear = Color(white: 0, alpha: 0)
    public static let gray = Color(white: 0.5)
    public static let lightGray = Color(white: 2.0 / 3.0)
    public static let darkGray = Color(white: 1.0 / 3.0)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 1, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 1)
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    public static let cyan = Color(red: 0, green: 1, blue: 1)
    public static let magenta = Color(red: 1, green: 0, blue: 1)
    public static let orange = Color(red: 1, green: 0.5, blue: 0)
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
    public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2)
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
