import Foundation

/// Straight-alpha BGRA made premultiplied, as Cairo takes it: swscale writes the colours of formats with
/// alpha (PNG, ProRes 4444, palettes) unmultiplied.
package enum Premultiplied {
    /// `channel × alpha / 255`, rounded to nearest.
    @inline(__always)
    package static func channel(_ channel: UInt8, _ alpha: UInt32) -> UInt8 {
        let product = UInt32(channel) * alpha + 128
        return UInt8(truncatingIfNeeded: (product + (product >> 8)) >> 8)
    }

    /// Multiplies each colour of one straight-alpha BGRA row of `width` pixels by its alpha into `to`, which
    /// may be `from` itself.
    package static func row(from: UnsafePointer<UInt8>, to: UnsafeMutablePointer<UInt8>, width: Int) {
        for offset in stride(from: 0, to: width * 4, by: 4) {
            let alpha = UInt32(from[offset + 3])
            if alpha == 255 {
                to[offset] = from[offset]
                to[offset + 1] = from[offset + 1]
                to[offset + 2] = from[offset + 2]
                to[offset + 3] = 255
            } else {
                to[offset] = channel(from[offset], alpha)
                to[offset + 1] = channel(from[offset + 1], alpha)
                to[offset + 2] = channel(from[offset + 2], alpha)
                to[offset + 3] = UInt8(truncatingIfNeeded: alpha)
            }
        }
    }
}
