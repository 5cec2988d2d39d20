import Foundation
import MovieKitScene

/// The shape of a stroke's open ends (`lc`).
enum LottieLineCap: LottieNumberedCase {
    /// 1
    case butt
    /// 2, the default.
    case round
    /// 3
    case square
    /// A cap the format does not list, with its number: drawn round.
    case unknown(Int)

    init(number: Int) {
        switch number {
        case 1: self = .butt
        case 2: self = .round
        case 3: self = .square
        default: self = .unknown(number)
        }
    }
}

/// The shape of a stroke's corners, or of an offset path's (`lj`).
enum LottieLineJoin: LottieNumberedCase {
    /// 1, the default of an offset path.
    case miter
    /// 2, the default of a stroke.
    case round
    /// 3
    case bevel
    /// A join the format does not list, with its number: drawn round.
    case unknown(Int)

    init(number: Int) {
        switch number {
        case 1: self = .miter
        case 2: self = .round
        case 3: self = .bevel
        default: self = .unknown(number)
        }
    }
}
