import Foundation
import FrameDraw
import Testing

/// Blend modes checked against the W3C Compositing and Blending Level 1 formulas.
@Suite("Blend modes")
struct BlendModeTests {
    typealias RGB = (r: Double, g: Double, b: Double)

    static let backdrop: RGB = (204 / 255, 102 / 255, 51 / 255)
    static let source: RGB = (77 / 255, 153 / 255, 230 / 255)

    /// Paints `source` with `mode` over an opaque `backdrop` and returns the blended pixel.
    func blend(_ mode: BlendMode, source: Color, backdrop: Color) throws -> Pixel {
        let canvas = try Canvas(width: 8, height: 8)
        let ctx = canvas.context
        ctx.setFillColor(backdrop)
        ctx.fill(ctx.bounds)
        ctx.setBlendMode(mode)
        ctx.setFillColor(source)
        ctx.fill(CGRect(x: 2, y: 2, width: 4, height: 4))
        return canvas.pixel(x: 4, y: 4)
    }

    func pixel(_ c: RGB, alpha: Double = 1) -> Pixel {
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        return Pixel(red: byte(c.r), green: byte(c.g), blue: byte(c.b), alpha: byte(alpha))
    }

    // MARK: Separable modes, opaque source over opaque backdrop: result = B(Cb, Cs).

    typealias Formula = @Sendable (RGB, RGB) -> RGB

    static func separable(_ f: @escaping @Sendable (Double, Double) -> Double) -> Formula {
        { b, s in (f(b.r, s.r), f(b.g, s.g), f(b.b, s.b)) }
    }

    static func hardLight(_ b: Double, _ s: Double) -> Double {
        s <= 0.5 ? b * 2 * s : screen(b, 2 * s - 1)
    }

    static func screen(_ b: Double, _ s: Double) -> Double { b + s - b * s }

    static func softLight(_ b: Double, _ s: Double) -> Double {
        if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
        let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
        return b + (2 * s - 1) * (d - b)
    }

    static let expectations: [(BlendMode, Formula)] = [
        (.normal, separable { _, s in s }),
        (.multiply, separable { b, s in b * s }),
        (.screen, separable(screen)),
        (.overlay, separable { b, s in hardLight(s, b) }),
        (.darken, separable(min)),
        (.lighten, separable(max)),
        (.colorDodge, separable { b, s in b == 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s))) }),
        (.colorBurn, separable { b, s in b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s)) }),
        (.hardLight, separable(hardLight)),
        (.softLight, separable(softLight)),
        (.difference, separable { b, s in abs(b - s) }),
        (.exclusion, separable { b, s in b + s - 2 * b * s }),
        (.hue, { b, s in setLum(setSat(s, sat(b)), lum(b)) }),
        (.saturation, { b, s in setLum(setSat(b, sat(s)), lum(b)) }),
        (.color, { b, s in setLum(s, lum(b)) }),
        (.luminosity, { b, s in setLum(b, lum(s)) }),
        (.plusLighter, separable { b, s in min(1, b + s) })
    ]

    @Test(arguments: expectations.map(\.0))
    func blendModeMatchesItsFormula(mode: BlendMode) throws {
        let formula = try #require(Self.expectations.first { $0.0 == mode }?.1)
        let (b, s) = (Self.backdrop, Self.source)
        let measured = try blend(
            mode, source: Color(red: s.r, green: s.g, blue: s.b),
            backdrop: Color(red: b.r, green: b.g, blue: b.b))
        let expected = pixel(formula(b, s))
        #expect(measured.isClose(to: expected, tolerance: 2), "\(mode): \(measured) vs \(expected)")
        // Swapping source and backdrop must also match, which catches modes wired the wrong way round.
        let swapped = try blend(
            mode, source: Color(red: b.r, green: b.g, blue: b.b),
            backdrop: Color(red: s.r, green: s.g, blue: s.b))
        let swappedExpected = pixel(formula(s, b))
        #expect(swapped.isClose(to: swappedExpected, tolerance: 2), "\(mode) swapped: \(swapped) vs \(swappedExpected)")
    }

    // MARK: Non-separable helpers (W3C §9.2).

    static func lum(_ c: RGB) -> Double { 0.3 * c.r + 0.59 * c.g + 0.11 * c.b }

    static func clipColor(_ c: RGB) -> RGB {
        let l = lum(c)
        let n = min(c.r, c.g, c.b)
        let x = max(c.r, c.g, c.b)
        var out = c
        if n < 0 { out = (l + (out.r - l) * l / (l - n), l + (out.g - l) * l / (l - n), l + (out.b - l) * l / (l - n)) }
        if x > 1 {
            out = (
                l + (out.r - l) * (1 - l) / (x - l), l + (out.g - l) * (1 - l) / (x - l),
                l + (out.b - l) * (1 - l) / (x - l)
            )
        }
        return out
    }

    static func setLum(_ c: RGB, _ l: Double) -> RGB {
        let d = l - lum(c)
        return clipColor((c.r + d, c.g + d, c.b + d))
    }

    static func sat(_ c: RGB) -> Double { max(c.r, c.g, c.b) - min(c.r, c.g, c.b) }

    static func setSat(_ c: RGB, _ s: Double) -> RGB {
        var values = [c.r, c.g, c.b]
        let order = values.indices.sorted { values[$0] < values[$1] }
        let (lo, mid, hi) = (order[0], order[1], order[2])
        if values[hi] > values[lo] {
            values[mid] = (values[mid] - values[lo]) * s / (values[hi] - values[lo])
            values[hi] = s
        } else {
            values[mid] = 0
            values[hi] = 0
        }
        values[lo] = 0
        return (values[0], values[1], values[2])
    }

    // MARK: Porter-Duff modes, semi-transparent source over semi-transparent backdrop.

    /// Premultiplied source: red at alpha 0.6. Premultiplied backdrop: blue at alpha 0.5.
    static let porterDuff: [(BlendMode, (red: Double, blue: Double, alpha: Double))] = {
        let (cs, alphaS) = (0.6, 0.6)  // Premultiplied red of the source, and its alpha.
        let (cb, alphaB) = (0.5, 0.5)  // Premultiplied blue of the backdrop, and its alpha.
        return [
            (.normal, (cs, cb * (1 - alphaS), alphaS + alphaB * (1 - alphaS))),
            (.clear, (0, 0, 0)),
            (.copy, (cs, 0, alphaS)),
            (.sourceIn, (cs * alphaB, 0, alphaS * alphaB)),
            (.sourceOut, (cs * (1 - alphaB), 0, alphaS * (1 - alphaB))),
            (.sourceAtop, (cs * alphaB, cb * (1 - alphaS), alphaB)),
            (.destinationOver, (cs * (1 - alphaB), cb, alphaB + alphaS * (1 - alphaB))),
            (.destinationIn, (0, cb * alphaS, alphaB * alphaS)),
            (.destinationOut, (0, cb * (1 - alphaS), alphaB * (1 - alphaS))),
            (.destinationAtop, (cs * (1 - alphaB), cb * alphaS, alphaS)),
            (.xor, (cs * (1 - alphaB), cb * (1 - alphaS), alphaS * (1 - alphaB) + alphaB * (1 - alphaS))),
            (.plusLighter, (cs, cb, min(1, alphaS + alphaB)))
        ]
    }()

    @Test(arguments: porterDuff.map(\.0))
    func porterDuffModeMatchesItsFormula(mode: BlendMode) throws {
        let expected = try #require(Self.porterDuff.first { $0.0 == mode }?.1)
        let measured = try blend(
            mode, source: Color(red: 1, green: 0, blue: 0, alpha: 0.6),
            backdrop: Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        let premultiplied = pixel((expected.red, 0, expected.blue), alpha: expected.alpha)
        #expect(measured.isClose(to: premultiplied, tolerance: 2), "\(mode): \(measured) vs \(premultiplied)")
    }

    @Test func everyModeIsCovered() {
        let covered = Set(Self.expectations.map(\.0) + Self.porterDuff.map(\.0))
        #expect(covered == Set(BlendMode.allCases))
    }

    @Test func blendModeIsPartOfTheSavedStateAndAppliesToGradients() throws {
        let canvas = try Canvas(width: 20, height: 10)
        let ctx = canvas.context
        ctx.setFillColor(Color(white: 0.5))
        ctx.fill(ctx.bounds)
        ctx.saveGState()
        ctx.setBlendMode(.multiply)
        let gradient = Gradient(colors: [Color(white: 0.5), Color(white: 0.5)])
        ctx.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 10, y: 0), options: [])
        ctx.restoreGState()
        ctx.setFillColor(Color(white: 0.2))
        ctx.fill(CGRect(x: 10, y: 0, width: 10, height: 10))  // Normal again: replaces.
        #expect(canvas.pixel(x: 5, y: 5).isClose(to: Pixel(red: 64, green: 64, blue: 64, alpha: 255)))
        #expect(canvas.pixel(x: 15, y: 5).isClose(to: Pixel(red: 51, green: 51, blue: 51, alpha: 255)))
    }
}
