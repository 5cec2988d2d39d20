import Foundation
import MovieKitScene

/// What a layer draws (`ty`).
enum LottieLayerType: LottieNumberedCase {
    /// 0: the layers of a precomposition asset (`refId`).
    case precomposition
    /// 1: a rectangle of one colour (`sc`, `sw`, `sh`).
    case solid
    /// 2: an image asset (`refId`).
    case image
    /// 3: nothing; a parent for other layers.
    case null
    /// 4: shapes (`shapes`).
    case shape
    /// 5: text (`t`).
    case text
    /// A type that is not drawn (audio, camera, data …), with its number.
    case unknown(Int)

    init(number: Int) {
        switch number {
        case 0: self = .precomposition
        case 1: self = .solid
        case 2: self = .image
        case 3: self = .null
        case 4: self = .shape
        case 5: self = .text
        default: self = .unknown(number)
        }
    }
}

/// How a layer uses the track matte above it, or the one `tp` names (`tt`).
enum LottieMatteMode: LottieNumberedCase {
    /// 0: no track matte.
    case off
    /// 1: the layer shows where the matte is opaque.
    case alpha
    /// 2: the layer shows where the matte is transparent.
    case invertedAlpha
    /// 3: the layer shows where the matte is bright.
    case luma
    /// 4: the layer shows where the matte is dark.
    case invertedLuma
    /// A mode the format does not list, with its number: drawn as an alpha matte when the number is
    /// above 0, and as no matte otherwise.
    case unknown(Int)

    init(number: Int) {
        switch number {
        case 0: self = .off
        case 1: self = .alpha
        case 2: self = .invertedAlpha
        case 3: self = .luma
        case 4: self = .invertedLuma
        default: self = .unknown(number)
        }
    }
}

/// How a layer, fill or stroke is blended with what is below it (`bm`), as After Effects names them.
enum LottieBlendMode: LottieNumberedCase {
    case normal
    case multiply
    case screen
    case overlay
    case darken
    case lighten
    case colorDodge
    case colorBurn
    case hardLight
    case softLight
    case difference
    case exclusion
    case hue
    case saturation
    case color
    case luminosity
    /// 16: the colours are added.
    case add
    /// A mode that is not drawn (hard mix, 17, among them), with its number: drawn as normal.
    case unknown(Int)

    private static let listed: [LottieBlendMode] = [
        .normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight, .softLight,
        .difference, .exclusion, .hue, .saturation, .color, .luminosity, .add
    ]

    /// The mode with the number `number`: 0 normal to 16 add, in the order of the cases.
    init(number: Int) {
        self = Self.listed.indices.contains(number) ? Self.listed[number] : .unknown(number)
    }
}

/// How a layer's mask combines with the masks before it (`mode`).
enum LottieMaskMode: Decodable, Hashable, Sendable {
    /// `a`: the mask's area is added.
    case add
    /// `s`: the mask's area is taken away.
    case subtract
    /// `i`: only the area inside this mask and the ones before is kept.
    case intersect
    /// `l`: the lighter of the two coverages (drawn as add).
    case lighten
    /// `d`: the darker of the two coverages (drawn as intersect).
    case darken
    /// `f`: the area inside one of them but not both.
    case difference
    /// `n`: the mask is off.
    case off
    /// A mode the format does not list, with its letters: drawn as add.
    case unknown(String)

    init(code: String) {
        switch code {
        case "a": self = .add
        case "s": self = .subtract
        case "i": self = .intersect
        case "l": self = .lighten
        case "d": self = .darken
        case "f": self = .difference
        case "n": self = .off
        default: self = .unknown(code)
        }
    }

    init(from decoder: any Decoder) throws {
        self.init(code: try decoder.singleValueContainer().decode(String.self))
    }
}
