import Foundation
import MovieKitScene

/// What an item of a shape layer's `shapes` (or a group's `it`) is (`ty`): a group, a shape, a
/// style, a modifier or a transform.
enum LottieShapeType: Decodable, Hashable, Sendable {
    /// `gr`
    case group
    /// `rc`
    case rectangle
    /// `el`
    case ellipse
    /// `sr`: a star or a polygon.
    case polystar
    /// `sh`: a Bézier path.
    case path
    /// `fl`
    case fill
    /// `gf`
    case gradientFill
    /// `st`
    case stroke
    /// `gs`
    case gradientStroke
    /// `tr`: the group's transform.
    case transform
    /// `tm`: trim paths.
    case trim
    /// `rd`: round corners.
    case roundCorners
    /// `pb`: pucker and bloat.
    case puckerBloat
    /// `zz`: zig zag.
    case zigZag
    /// `op`: offset path.
    case offsetPath
    /// `rp`: repeater.
    case repeater
    /// `mm`: merge paths.
    case merge
    /// `tw`: twist, which is not drawn.
    case twist
    /// `no`: no style, which is not drawn.
    case noStyle
    /// A type that is not drawn, with its code.
    case unknown(String)

    init(code: String) {
        switch code {
        case "gr": self = .group
        case "rc": self = .rectangle
        case "el": self = .ellipse
        case "sr": self = .polystar
        case "sh": self = .path
        case "fl": self = .fill
        case "gf": self = .gradientFill
        case "st": self = .stroke
        case "gs": self = .gradientStroke
        case "tr": self = .transform
        case "tm": self = .trim
        case "rd": self = .roundCorners
        case "pb": self = .puckerBloat
        case "zz": self = .zigZag
        case "op": self = .offsetPath
        case "rp": self = .repeater
        case "mm": self = .merge
        case "tw": self = .twist
        case "no": self = .noStyle
        default: self = .unknown(code)
        }
    }

    init(from decoder: any Decoder) throws {
        self.init(code: try decoder.singleValueContainer().decode(String.self))
    }

    /// The item's name in warnings about what is not drawn.
    var featureName: String {
        switch self {
        case .twist: "twist (`tw`)"
        case .noStyle: "no-style (`no`)"
        case .unknown(let code): "shape type `\(code)`"
        default: "shape type \(self)"
        }
    }
}
