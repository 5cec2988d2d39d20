import Foundation
import MovieKitScene

/// A setting that the format writes as a number from a fixed list: a layer type, a track matte, a
/// blend mode, a line cap or a line join. A number that is not on the list decodes as the type's
/// `unknown` case, so that a file from a newer exporter (or a damaged one) still reads; the checks
/// report it as a warning, and the renderer draws it as the list's default.
protocol LottieNumberedCase: Decodable, Hashable, Sendable {
    /// The case that the format's `number` stands for, or `unknown` with the number.
    init(number: Int)
}

extension LottieNumberedCase {
    init(from decoder: any Decoder) throws {
        let number = try decoder.singleValueContainer().decode(Double.self)
        self.init(number: LottieFlag.integer(number))
    }
}

extension KeyedDecodingContainer {
    /// The setting at `key`, or `fallback` when the key is missing or holds something other than a
    /// number: players ignore a setting they cannot read.
    func decodeLeniently<Value: LottieNumberedCase>(_ type: Value.Type, forKey key: Key, default fallback: Value)
        -> Value
    {
        (try? decodeIfPresent(type, forKey: key)) ?? fallback
    }
}
