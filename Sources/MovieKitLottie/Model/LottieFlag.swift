import Foundation
import MovieKitScene

/// A boolean written as `true`/`false` or `1`/`0`.
struct LottieFlag: Decodable, Sendable {
    /// A number the format uses as an integer (a type, a mode, an index), clamped so that a damaged
    /// file cannot overflow the conversion.
    static func integer(_ value: Double) -> Int {
        value.isFinite ? Int(min(max(value, -1e9), 1e9)) : 0
    }

    var value: Bool

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            value = flag
        } else {
            value = try container.decode(Double.self) != 0
        }
    }
}

/// A coding key for any name, for reading objects key by key.
struct LottieKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}
