import Foundation
import MovieKitScene

/// A mask of a layer (`masksProperties`).
struct LottieMask: Decodable, Sendable {
    var mode: LottieMaskMode
    var inverted: Bool
    var path: LottieAnimated<LottieBezier>?
    var opacity: LottieValue?
    var expansion: LottieValue?

    enum CodingKeys: String, CodingKey { case mode, inv, pt, o, x }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        mode = (try? c.decodeIfPresent(LottieMaskMode.self, forKey: .mode)) ?? .add
        inverted = (try? c.decodeIfPresent(LottieFlag.self, forKey: .inv))?.value ?? false
        path = try c.decodeIfPresent(LottieAnimated<LottieBezier>.self, forKey: .pt)
        opacity = try c.decodeIfPresent(LottieValue.self, forKey: .o)
        expansion = try c.decodeIfPresent(LottieValue.self, forKey: .x)
    }
}

/// One layer: a shape, solid, image, null, precomposition or text layer.
struct LottieLayer: Decodable, Sendable {
    var type: LottieLayerType
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
    var blendMode: LottieBlendMode
    /// The track matte this layer uses; `.off` when it uses none.
    var matteMode: LottieMatteMode
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
        type = try c.decode(LottieLayerType.self, forKey: .ty)
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
        blendMode = c.decodeLeniently(LottieBlendMode.self, forKey: .bm, default: .normal)
        matteMode = c.decodeLeniently(LottieMatteMode.self, forKey: .tt, default: .off)
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
        text = type == .text ? try c.decodeIfPresent(LottieTextData.self, forKey: .t) : nil
    }

    /// The layer's name for messages.
    var displayName: String { name.map { "`\($0)`" } ?? "#\(index.map(String.init) ?? "?")" }
}
