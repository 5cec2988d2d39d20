import Foundation
import FrameDraw
import MovieKitScene

// The one mapping of Lottie's blend modes, line caps and line joins to FrameDraw's. What the format
// does not list is drawn as its default: normal, round, round.

extension BlendMode {
    /// The blend mode that draws `mode`.
    init(_ mode: LottieBlendMode) {
        switch mode {
        case .normal, .unknown: self = .normal
        case .multiply: self = .multiply
        case .screen: self = .screen
        case .overlay: self = .overlay
        case .darken: self = .darken
        case .lighten: self = .lighten
        case .colorDodge: self = .colorDodge
        case .colorBurn: self = .colorBurn
        case .hardLight: self = .hardLight
        case .softLight: self = .softLight
        case .difference: self = .difference
        case .exclusion: self = .exclusion
        case .hue: self = .hue
        case .saturation: self = .saturation
        case .color: self = .color
        case .luminosity: self = .luminosity
        case .add: self = .plusLighter
        }
    }
}

extension LineCap {
    /// The cap that draws `cap`.
    init(_ cap: LottieLineCap) {
        switch cap {
        case .butt: self = .butt
        case .square: self = .square
        case .round, .unknown: self = .round
        }
    }
}

extension LineJoin {
    /// The join that draws `join`.
    init(_ join: LottieLineJoin) {
        switch join {
        case .miter: self = .miter
        case .bevel: self = .bevel
        case .round, .unknown: self = .round
        }
    }
}
