import Foundation
import MovieKitScene

/// A decoded Lottie (Bodymovin) animation: the composition's size, frame rate and frame range,
/// its layers, and the precompositions and images they refer to. Unknown keys are ignored, as
/// players do.
struct LottieAnimation: Decodable, Sendable {
    var version: String?
    var name: String?
    var frameRate: Double
    var inPoint: Double
    var outPoint: Double
    var width: Double
    var height: Double
    var layers: [LottieLayer]
    var assets: [LottieAsset]
    var markers: [LottieMarker]
    /// The fonts text layers name (`fonts.list`) and the glyph outlines embedded in `chars`.
    var fonts: LottieFonts

    enum CodingKeys: String, CodingKey { case v, nm, fr, ip, op, w, h, layers, assets, markers, fonts, chars }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try? c.decodeIfPresent(String.self, forKey: .v)
        name = try? c.decodeIfPresent(String.self, forKey: .nm)
        frameRate = try c.decode(Double.self, forKey: .fr)
        inPoint = try c.decode(Double.self, forKey: .ip)
        outPoint = try c.decode(Double.self, forKey: .op)
        width = try c.decode(Double.self, forKey: .w)
        height = try c.decode(Double.self, forKey: .h)
        layers = try c.decode([LottieLayer].self, forKey: .layers)
        assets = try c.decodeIfPresent([LottieAsset].self, forKey: .assets) ?? []
        markers = try c.decodeIfPresent([LottieMarker].self, forKey: .markers) ?? []
        fonts = (try? c.decodeIfPresent(LottieFonts.self, forKey: .fonts)) ?? LottieFonts()
        fonts.addGlyphs(try c.decodeIfPresent([LottieCharacter].self, forKey: .chars) ?? [])
    }

    /// The precomposition with `id`, if the file has one.
    func precomposition(_ id: String) -> [LottieLayer]? {
        assets.first { $0.id == id }?.layers
    }
}

/// A precomposition (`layers`) or an image (`p`, with its folder `u` or embedded as a data URI).
struct LottieAsset: Decodable, Sendable {
    var id: String
    var layers: [LottieLayer]?
    var width: Double?
    var height: Double?
    var folder: String?
    var file: String?

    enum CodingKeys: String, CodingKey { case id, layers, w, h, u, p }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try? c.decode(String.self, forKey: .id) {
            id = text
        } else {
            id = String(try c.decode(Int.self, forKey: .id))
        }
        layers = try c.decodeIfPresent([LottieLayer].self, forKey: .layers)
        width = try? c.decodeIfPresent(Double.self, forKey: .w)
        height = try? c.decodeIfPresent(Double.self, forKey: .h)
        folder = try? c.decodeIfPresent(String.self, forKey: .u)
        file = try? c.decodeIfPresent(String.self, forKey: .p)
    }
}

/// A named time range of the composition (`--segment`).
struct LottieMarker: Decodable, Sendable {
    var name: String
    var time: Double
    var duration: Double

    enum CodingKeys: String, CodingKey { case cm, tm, dr }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = (try? c.decodeIfPresent(String.self, forKey: .cm)) ?? ""
        time = (try? c.decodeIfPresent(Double.self, forKey: .tm)) ?? 0
        duration = (try? c.decodeIfPresent(Double.self, forKey: .dr)) ?? 0
    }
}
