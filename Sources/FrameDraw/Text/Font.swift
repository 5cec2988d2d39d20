import Foundation

/// A font: family, pixel size, weight and slant.
///
/// Fonts are found through fontconfig, so `family` is any family name `fc-list` shows (for example
/// "DejaVu Sans" or "DejaVu Serif") or a generic name such as "sans-serif" or "monospace".
/// When a family is not installed, Pango substitutes a similar font and FrameDraw reports the
/// substitution once per family through `Log` (subsystem `pango`, level `.warning`).
public struct Font: Sendable, Hashable {
    /// How heavy the strokes are, named as in Core Graphics.
    ///
    /// Each case maps to an OpenType weight (`numericValue`), from `ultraLight` (100) to `black` (900).
    /// As on Apple platforms, `ultraLight` is the lightest.
    public enum Weight: Sendable, Hashable, CaseIterable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        /// The OpenType (CSS) weight, 100–900, which is also Pango's `PangoWeight` value.
        public var numericValue: Int {
            switch self {
            case .ultraLight: 100
            case .thin: 200
            case .light: 300
            case .regular: 400
            case .medium: 500
            case .semibold: 600
            case .bold: 700
            case .heavy: 800
            case .black: 900
            }
        }
    }

    /// The font family name, as fontconfig knows it.
    public var family: String
    /// The font size in pixels (the em size), not points.
    public var size: Double
    /// The stroke weight.
    public var weight: Weight
    /// Whether to use the italic (or oblique) face.
    public var italic: Bool

    /// Creates a font.
    /// - Parameters:
    ///   - family: A family name such as "DejaVu Sans".
    ///   - size: The em size in pixels; 48 draws text as tall as Core Graphics' 48-point text at scale 1.
    ///   - weight: The stroke weight.
    ///   - italic: Whether to use the italic face.
    public init(family: String, size: Double, weight: Weight = .regular, italic: Bool = false) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
    }

    /// The family used by `system(size:weight:)`: DejaVu Sans, which covers Latin, Greek, Cyrillic,
    /// Arabic and Hebrew.
    public static let systemFamily = "DejaVu Sans"

    /// The default user-interface font, DejaVu Sans, at `size` pixels.
    /// - Parameters:
    ///   - size: The em size in pixels.
    ///   - weight: The stroke weight.
    public static func system(size: Double, weight: Weight = .regular) -> Font {
        Font(family: systemFamily, size: size, weight: weight)
    }
}
