import Foundation

/// The choices of a random scene, read from bytes: the fuzzer's input, or bytes drawn from a seeded
/// generator in the property tests.
///
/// Each choice reads one or two bytes, so a fuzzer's mutation of a byte changes one decision. Once
/// the bytes run out every choice reads 0, which is always the plainest option (no more layers, a
/// property left out, the default value), so any input, even an empty one, makes a finite scene.
public struct SceneBytes {
    private let bytes: [UInt8]
    private var index = 0

    /// Reads choices from `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    public var isExhausted: Bool { index >= bytes.count }

    /// The next byte, or 0 once they run out.
    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A whole number in `0..<count` (0 when `count` is 0 or 1).
    public mutating func below(_ count: Int) -> Int {
        guard count > 1 else { return 0 }
        if count <= 256 { return Int(byte()) % count }
        return (Int(byte()) << 8 | Int(byte())) % count
    }

    /// A whole number in `range`, its lower bound when the bytes run out.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// `true` with about `percent` chances in 100; `false` once the bytes run out.
    public mutating func chance(_ percent: Int) -> Bool {
        Int(byte()) * 100 < percent * 256
    }

    /// One of `items` (the first once the bytes run out).
    public mutating func pick<T>(_ items: [T]) -> T {
        precondition(!items.isEmpty, "SceneBytes.pick needs at least one item.")
        return items[below(items.count)]
    }

    /// A fraction in `0...1` from two bytes.
    public mutating func unit() -> Double {
        Double(Int(byte()) << 8 | Int(byte())) / 65535
    }

    /// A finite number a scene file accepts where any number is allowed: mostly ordinary values,
    /// sometimes the edges of double precision (±0, the smallest subnormal, the largest finite).
    /// - Parameters:
    ///   - typical: The span ordinary values come from, `-typical...typical`.
    ///   - fallback: The value once the bytes run out.
    public mutating func anyNumber(typical: Double, fallback: Double = 0) -> Double {
        switch byte() % 16 {
        case 0: return fallback
        case 1: return 0
        case 2: return pick([-0.0, 1, -1, 0.5, 360, -720, 1e-9])
        case 3:
            return pick([
                1e-300, -1e-300, .leastNonzeroMagnitude, 1e15, -1e15, 1e100, -1e100, 1e300, -1e300,
                .greatestFiniteMagnitude,
                -.greatestFiniteMagnitude
            ])
        case 4: return pick([1e6, -1e6, 1e-6, 123_456.789, -0.001])
        default: return (unit() * 2 - 1) * typical
        }
    }

    /// A number in `range`, which the scene file accepts there: mostly inside, sometimes an end or
    /// just inside one.
    /// - Parameters:
    ///   - range: The accepted values.
    ///   - typical: The largest ordinary value, for ranges whose upper end is extreme.
    ///   - fallback: The value once the bytes run out.
    public mutating func number(in range: ClosedRange<Double>, typical: Double? = nil, fallback: Double) -> Double {
        let upper = min(range.upperBound, typical ?? range.upperBound)
        switch byte() % 12 {
        case 0: return fallback
        case 1: return range.lowerBound
        case 2: return range.upperBound
        case 3: return range.lowerBound.nextUp
        default: return range.lowerBound + unit() * max(0, upper - range.lowerBound)
        }
    }

    /// A few characters of text, from plain letters to marks, emoji, right-to-left scripts,
    /// newlines and characters Pango draws as boxes.
    public mutating func text() -> String {
        let pieces = [
            "", "A", "Hello", "Pop-in", " ", "\n", "\t", "é", "e\u{301}", "👩‍👩‍👧", "עברית", "العربية", "नमस्ते", "漢字",
            "\u{200B}", "\u{FFFD}", "\u{0000}", "<b>not markup</b>", "&amp;", "…", "W", "iiii", "\u{202E}abc"
        ]
        var result = ""
        for _ in 0..<below(6) { result += pick(pieces) }
        if chance(3) { result += String(repeating: pick(["x", "long word ", "\n"]), count: int(in: 50...400)) }
        return result
    }
}
