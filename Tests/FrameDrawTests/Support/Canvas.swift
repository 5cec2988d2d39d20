import Foundation
import FrameDraw

/// One pixel as stored by Cairo's ARGB32 format: premultiplied 8-bit channels
/// (equal to straight values when the pixel is opaque).
struct Pixel: Equatable, CustomStringConvertible {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
    var alpha: UInt8

    var description: String { "Pixel(r: \(red), g: \(green), b: \(blue), a: \(alpha))" }

    /// Whether every channel is within `tolerance` of `other`.
    func isClose(to other: Pixel, tolerance: UInt8 = 2) -> Bool {
        func near(_ a: UInt8, _ b: UInt8) -> Bool { (a > b ? a - b : b - a) <= tolerance }
        return near(red, other.red) && near(green, other.green) && near(blue, other.blue) && near(alpha, other.alpha)
    }
}

/// A small drawing surface for pixel tests: draw with `context`, then probe with `pixel(x:y:)`.
struct Canvas {
    let surface: CairoSurface
    let context: DrawingContext

    /// Creates a `width`×`height` canvas, transparent or filled with an opaque grey `background` (0–255).
    init(width: Int, height: Int, background: UInt8? = nil) throws {
        surface = try CairoSurface(width: width, height: height)
        if let background {
            let v = UInt32(background)
            surface.fill(argb: 0xFF00_0000 | v << 16 | v << 8 | v)
        }
        context = try DrawingContext(surface: surface)
        // Every gradient goes through FrameDraw's rasterizer, whatever its size, so the pixel expectations
        // check it; GradientRasterizerTests compares it with Cairo's own patterns.
        context.minimumRasterizedGradientArea = 0
    }

    var width: Int { surface.width }
    var height: Int { surface.height }

    /// The pixel at column `x`, row `y` (top row is 0).
    func pixel(x: Int, y: Int) -> Pixel {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "Pixel (\(x), \(y)) is outside the canvas.")
        return surface.withPixelBytes { bytes in
            let i = y * surface.stride + x * 4
            // ARGB32 in native (little-endian) order is B, G, R, A in memory.
            return Pixel(red: bytes[i + 2], green: bytes[i + 1], blue: bytes[i], alpha: bytes[i + 3])
        }
    }

    /// Every pixel position for which `predicate` holds.
    func positions(where predicate: (Pixel) -> Bool) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        surface.withPixelBytes { bytes in
            for y in 0..<height {
                for x in 0..<width {
                    let i = y * surface.stride + x * 4
                    let p = Pixel(red: bytes[i + 2], green: bytes[i + 1], blue: bytes[i], alpha: bytes[i + 3])
                    if predicate(p) { found.append((x, y)) }
                }
            }
        }
        return found
    }

    /// The smallest pixel rectangle holding every pixel for which `predicate` holds, or `nil` if none do.
    func boundingBox(where predicate: (Pixel) -> Bool) -> CGRect? {
        let hits = positions(where: predicate)
        guard let minX = hits.map(\.x).min(), let maxX = hits.map(\.x).max(),
            let minY = hits.map(\.y).min(), let maxY = hits.map(\.y).max()
        else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// How many pixels are inked (not transparent) on either canvas, and how many of those differ from
    /// `other`'s by more than `tolerance` in some channel. Both canvases must have the same size.
    func difference(from other: Canvas, tolerance: UInt8) -> (differing: Int, inked: Int) {
        precondition(width == other.width && height == other.height, "The canvases differ in size.")
        var differing = 0
        var inked = 0
        for y in 0..<height {
            for x in 0..<width {
                let a = pixel(x: x, y: y)
                let b = other.pixel(x: x, y: y)
                if a.alpha > 0 || b.alpha > 0 { inked += 1 }
                if !a.isClose(to: b, tolerance: tolerance) { differing += 1 }
            }
        }
        return (differing, inked)
    }
}
