import Foundation

/// A colour gradient: two or more colours at locations along the gradient's axis.
///
/// Location 0 is the gradient's start (the start point or start circle) and 1 is its end.
/// Draw a gradient with `DrawingContext.drawLinearGradient(_:start:end:options:)`,
/// `DrawingContext.drawRadialGradient(_:startCenter:startRadius:endCenter:endRadius:options:)`,
/// or use it to fill a path with `DrawingContext.fillPath(with:start:end:using:)`.
public struct Gradient: Sendable, Hashable {
    /// One colour stop, with components already clamped to `0...1` for drawing.
    package struct Stop: Sendable, Hashable {
        package var location: Double
        package var red: Double
        package var green: Double
        package var blue: Double
        package var alpha: Double
    }

    /// The gradient's colours, in order.
    public let colors: [Color]
    /// Where each colour sits along the axis, ascending, each in `0...1`.
    public let locations: [Double]
    /// The stops in drawing form, converted once when the gradient is made.
    package let stops: [Stop]

    /// Creates a gradient whose colours are spaced evenly from the start (0) to the end (1):
    /// `Gradient(colors: [.orange, Color(rgb: 0xFFD86F)])`.
    ///
    /// Two or more colours always make a gradient, so this needs no `try`. Fewer is a programmer
    /// error that stops the program; for colours that come from a file or a user, call
    /// ``init(colors:locations:)`` with `locations: nil`, which throws instead.
    /// - Parameter colors: Two or more colours, from start to end.
    public init(colors: [Color]) {
        precondition(
            colors.count >= 2,
            "Gradient(colors:) got \(colors.count) colour\(colors.count == 1 ? "" : "s") but needs at least 2; "
                + "pass a start and an end colour.")
        let last = Double(colors.count - 1)
        self.init(checkedColors: colors, locations: colors.indices.map { Double($0) / last })
    }

    /// Creates a gradient with colours at given locations, checking them.
    /// - Parameters:
    ///   - colors: Two or more colours, from start to end.
    ///   - locations: One location per colour, each in `0...1` and in ascending order (equal neighbours
    ///     make a hard edge). `nil` spaces the colours evenly from 0 to 1.
    /// - Throws: `FrameDrawError.invalidGradient` when there are fewer than two colours, when the number of
    ///   locations differs from the number of colours, or when a location is outside `0...1` or out of order.
    public init(colors: [Color], locations: [Double]?) throws {
        guard colors.count >= 2 else {
            throw FrameDrawError.invalidGradient(
                "it has \(colors.count) colour\(colors.count == 1 ? "" : "s") but needs at least 2; pass a start and an end colour."
            )
        }
        let resolved: [Double]
        if let locations {
            guard locations.count == colors.count else {
                throw FrameDrawError.invalidGradient(
                    "it has \(colors.count) colours but \(locations.count) locations; pass one location per colour, or nil to space them evenly."
                )
            }
            for (index, location) in locations.enumerated() {
                guard location >= 0, location <= 1 else {
                    throw FrameDrawError.invalidGradient(
                        "location \(location) at index \(index) is outside 0...1; use values from 0 (start) to 1 (end)."
                    )
                }
                if index > 0, location < locations[index - 1] {
                    throw FrameDrawError.invalidGradient(
                        "location \(location) at index \(index) comes after \(locations[index - 1]); list locations in ascending order."
                    )
                }
            }
            resolved = locations
        } else {
            let last = Double(colors.count - 1)
            resolved = colors.indices.map { Double($0) / last }
        }
        self.init(checkedColors: colors, locations: resolved)
    }

    /// Creates a gradient from colours and locations already checked.
    private init(checkedColors colors: [Color], locations: [Double]) {
        self.colors = colors
        self.locations = locations
        stops = zip(colors, locations).map { color, location in
            Stop(
                location: location,
                red: Self.clamped(color.red),
                green: Self.clamped(color.green),
                blue: Self.clamped(color.blue),
                alpha: Self.clamped(color.alpha)
            )
        }
    }

    private static func clamped(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }
}

/// Whether a gradient also paints beyond its start and end, named as in Core Graphics.
///
/// Without `.drawsBeforeStartLocation` the area before the start (before the start line of a linear
/// gradient, inside the start circle of a radial one) is left unpainted; with it, that area takes the
/// first colour. `.drawsAfterEndLocation` does the same past the end with the last colour.
public struct GradientDrawingOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Extends the first colour before the start location.
    public static let drawsBeforeStartLocation = GradientDrawingOptions(rawValue: 1 << 0)
    /// Extends the last colour after the end location.
    public static let drawsAfterEndLocation = GradientDrawingOptions(rawValue: 1 << 1)
}
