import Foundation
import MovieKitScene

/// A mask of a layer (`masksProperties`).
struct LottieMask: Decodable, Sendable {
    var mode: String
    var inverted: Bool
    var path: LottieProperty<LottieBezier>?
    var opacity: LottieValue?
    var expansion: LottieValue?

    enum CodingKeys: String, CodingKey { case mode, inv, pt, o, x }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        mode = (try? c.decodeIfPresent(String.self, forKey: .mode)) ?? "a"
        inverted = (try? c.decodeIfPresent(LottieFlag.self, forKey: .inv))?.value ?? false
        path = try c.decodeIfPresent(LottieProperty<LottieBezier>.self, forKey: .pt)
        opacity = try c.decodeIfPresent(LottieValue.self, forKey: .o)
        expansion = try c.decodeIfPresent(LottieValue.self, forKey: .x)
    }
}

/// One layer: shape (4), solid (1), image (2), null (3), precomposition (0) or text (5).
struct LottieLayer: Decodable, Sendable {
    var type: Int
    var name: String?
    var index: Int?
    var parent: Int?
    var inPoint: Double
    var outPoint: Double
    var startTime: Double
    var timeStretch: Double
    var transform: LottieTransform
    var autoOrient: Bool
    var hidden: Bool
    var blendMode: Int
    /// The track matte this layer uses: 1 alpha, 2 inverted alpha, 3 luma, 4 inverted luma.
    var matteMode: Int?
    /// The index of the matte layer (`tp`); otherwise the layer above is the matte.
    var matteParent: Int?
    /// Whether this layer is a track matte for another (and so is not drawn itself).
    var isMatte: Bool
    var masks: [LottieMask]
    var shapes: [LottieShape]
    var referenceID: String?
    var width: Double?
    var height: Double?
    var timeRemap: LottieValue?
    var solidColor: String?
    var hasEffects: Bool
    /// A text layer's text (`t`).
    var text: LottieTextData?

    enum CodingKeys: String, CodingKey {
        case ty, nm, ind, parent, ip, op, st, sr, ks, ao, hd, bm, tt, tp, td, masksProperties, shapes, refId, w, h
        case tm, sc, sw, sh, ef, t
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = LottieFlag.integer(try c.decode(Double.self, forKey: .ty))
        name = try? c.decodeIfPresent(String.self, forKey: .nm)
        index = (try? c.decodeIfPresent(Double.self, forKey: .ind)).map(LottieFlag.integer)
        parent = (try? c.decodeIfPresent(Double.self, forKey: .parent)).map(LottieFlag.integer)
        inPoint = try c.decodeIfPresent(Double.self, forKey: .ip) ?? 0
        outPoint = try c.decodeIfPresent(Double.self, forKey: .op) ?? .infinity
        startTime = try c.decodeIfPresent(Double.self, forKey: .st) ?? 0
        let stretch = try c.decodeIfPresent(Double.self, forKey: .sr) ?? 1
        timeStretch = stretch == 0 ? 1 : stretch
        transform = try c.decodeIfPresent(LottieTransform.self, forKey: .ks) ?? LottieTransform()
        autoOrient = (try? c.decodeIfPresent(LottieFlag.self, forKey: .ao))?.value ?? false
        hidden = (try? c.decodeIfPresent(LottieFlag.self, forKey: .hd))?.value ?? false
        blendMode = LottieFlag.integer((try? c.decodeIfPresent(Double.self, forKey: .bm)) ?? 0)
        matteMode = (try? c.decodeIfPresent(Double.self, forKey: .tt)).map(LottieFlag.integer)
        matteParent = (try? c.decodeIfPresent(Double.self, forKey: .tp)).map(LottieFlag.integer)
        isMatte = (try? c.decodeIfPresent(LottieFlag.self, forKey: .td))?.value ?? false
        masks = try c.decodeIfPresent([LottieMask].self, forKey: .masksProperties) ?? []
        shapes = try c.decodeIfPresent([LottieShape].self, forKey: .shapes) ?? []
        referenceID = try? c.decodeIfPresent(String.self, forKey: .refId)
        width = (try? c.decodeIfPresent(Double.self, forKey: .w)) ?? (try? c.decodeIfPresent(Double.self, forKey: .sw))
        height = (try? c.decodeIfPresent(Double.self, forKey: .h)) ?? (try? c.decodeIfPresent(Double.self, forKey: .sh))
        timeRemap = try c.decodeIfPresent(LottieValue.self, forKey: .tm)
        solidColor = try? c.decodeIfPresent(String.self, forKey: .sc)
        hasEffects = c.contains(.ef)
        text = type == 5 ? try c.decodeIfPresent(LottieTextData.self, forKey: .t) : nil
    }

    /// The layer's name for messages.
    var displayName: String { name.map { "`\($0)`" } ?? "#\(index.map(String.init) ?? "?")" }
}
