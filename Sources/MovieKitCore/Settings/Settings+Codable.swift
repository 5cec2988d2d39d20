import Foundation

// The encodings of the settings' types, for a render plan handed to another process or machine
// (MovieKitScene's `RenderPlan.Portable`): names as the command line writes them, so that the JSON
// reads as the flags do.

extension Preset: Codable {}
extension Tune: Codable {}
extension ChromaSubsampling: Codable {}
extension BitDepth: Codable {}

extension FrameRate: Codable {
    private enum CodingKeys: String, CodingKey { case numerator, denominator }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let numerator = try container.decode(Int.self, forKey: .numerator)
        let denominator = try container.decodeIfPresent(Int.self, forKey: .denominator) ?? 1
        guard numerator > 0, denominator > 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .numerator, in: container,
                debugDescription: "A frame rate is \(numerator)/\(denominator); both terms must be above 0, as in 30/1."
            )
        }
        self.init(numerator, denominator)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(numerator, forKey: .numerator)
        try container.encode(denominator, forKey: .denominator)
    }
}

extension VideoCodec: Codable {
    /// The codec's name in a plan: its family (`h264`, `hevc`, `vp9`, `av1`, `gif`, `png`, `webp`), and
    /// for ProRes its profile too (`prores-4444`).
    public var codingName: String {
        if case .prores(let profile) = self { return "prores-\(profile.codingName)" }
        return family
    }

    /// Every codec, for reading names.
    static var allNamed: [VideoCodec] {
        [.h264, .hevc, .vp9, .av1, .gif, .png, .webp] + ProResProfile.allCases.map { .prores($0) }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let codec = Self.allNamed.first(where: { $0.codingName == name }) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription:
                    "\"\(name)\" is not a codec; use one of \(Self.allNamed.map(\.codingName).joined(separator: ", "))."
            )
        }
        self = codec
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(codingName)
    }
}

extension ProResProfile {
    /// The profile's name in a plan: `proxy`, `lt`, `standard`, `hq`, `4444`, `4444xq`.
    var codingName: String {
        switch self {
        case .p4444: "4444"
        case .p4444xq: "4444xq"
        default: rawValue
        }
    }
}

extension LoudnessNormalization: Codable {
    private enum CodingKeys: String, CodingKey { case integratedLoudness, truePeak }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let integrated = try container.decode(Double.self, forKey: .integratedLoudness)
        let peak = try container.decodeIfPresent(Double.self, forKey: .truePeak) ?? -1
        do {
            try self.init(integratedLoudness: integrated, truePeak: peak)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .integratedLoudness, in: container, debugDescription: "\(error)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(integratedLoudness, forKey: .integratedLoudness)
        try container.encode(truePeak, forKey: .truePeak)
    }
}
