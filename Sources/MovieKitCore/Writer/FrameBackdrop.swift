import Foundation
package import LibAV

/// A decoded video picture that fills a frame from edge to edge, under what is drawn over it: a clip
/// with captions burned in, the common case.
///
/// The frame's pixels are converted to the encoder's yuv420p after drawing. Where a clip's picture is
/// already the encoder's input (see `VideoFrameDecoder.isEncoderReady`), the slot takes its rows as
/// they are and converts only the rows drawn over it: the clip keeps its exact pixels, and a frame
/// with a line of captions costs a band of conversion instead of a whole frame.
///
/// The drawing says what it does: the clip ``show(_:)``s its picture as it writes it into the frame,
/// and everything drawn after it either notes the rows it touches (``noteDrawn(rows:)``) or gives
/// the picture up (``giveUp()``). A frame drawn without a backdrop (a still, the preview, a
/// drawing closure) is converted whole, as any other.
///
/// Not thread-safe: it belongs to one frame slot, drawn by one thread at a time.
package final class FrameBackdrop {
    private var picture: Frame?
    /// The rows drawn over the picture, as drawn (merged when the frame completes).
    private var drawn: [Range<Int>] = []

    /// The frame's size in pixels.
    package let width: Int
    package let height: Int
    /// Whether the slot's encoder takes yuv420p without alpha, the only input a picture can be.
    private let takesPictures: Bool

    init(width: Int, height: Int, format: PixelFormat, alpha: Bool) {
        self.width = width
        self.height = height
        takesPictures = format == .yuv420p && !alpha
    }

    /// Whether a picture is the frame's backdrop now: what is drawn from here on must be noted.
    package var holdsPicture: Bool { picture != nil }

    /// Makes `picture` the frame's backdrop, for content that has just written it into every pixel
    /// of the frame; what was drawn before is covered. `picture` must be the encoder's input as it is
    /// (`VideoFrameDecoder.isEncoderReady` for the frame's size).
    /// - Returns: Whether the backdrop took it; a frame that cannot (another size, an encoder that
    ///   takes another format) is converted whole.
    @discardableResult
    package func show(_ picture: Frame) -> Bool {
        let fits = takesPictures && picture.width == width && picture.height == height
        self.picture = fits ? picture : nil
        drawn.removeAll()
        return fits
    }

    /// Records that pixels in device rows `rows` (fractional; rounded outwards) changed over the backdrop.
    package func noteDrawn(rows: ClosedRange<Double>) {
        guard rows.lowerBound.isFinite, rows.upperBound.isFinite else {
            giveUp()
            return
        }
        let top = max(0, min(height, Int(rows.lowerBound.rounded(.down))))
        let bottom = max(top, min(height, Int(rows.upperBound.rounded(.up))))
        guard bottom > top, picture != nil else { return }
        drawn.append(top..<bottom)
    }

    /// Drops the picture: something was drawn whose rows are not known, so the whole frame is converted.
    package func giveUp() {
        picture = nil
        drawn.removeAll()
    }

    /// A band of rows to convert over the picture.
    struct Band: Equatable {
        /// The rows converted from the frame's pixels.
        var converted: Range<Int>
        /// The rows at the band's inner edges copied from the picture again after the conversion: their
        /// colour was filtered without the rows beyond the band, and they hold only the picture.
        var restored: [Range<Int>]
    }

    /// How many rows around what was drawn a band converts, and restores at its edges: more than the
    /// reach of swscale's vertical colour filter.
    static let edgeRows = 4

    /// The picture and the bands of rows to convert over it, and forgets both; `nil` when there is no
    /// picture, or when so much was drawn over it that converting the whole frame costs less.
    ///
    /// Bands are aligned to `alignment` rows (at least 2, for 4:2:0 colour), which keeps the number of
    /// band heights, and of converters, small.
    func take(alignment: Int = 16) -> (picture: Frame, bands: [Band])? {
        defer { giveUp() }
        guard let picture, height % 2 == 0 else { return nil }
        let bands = Self.bands(drawn, alignment: max(2, alignment), height: height)
        // Copying the picture costs about a quarter of converting its rows: past three quarters of the
        // frame, one conversion of all of it is cheaper.
        guard bands.reduce(0, { $0 + $1.converted.count }) * 4 <= height * 3 else { return nil }
        return (picture, bands)
    }

    /// The bands that convert `rows` of a frame `height` rows high: each drawn range widened by
    /// ``edgeRows`` each way, aligned outwards to multiples of `alignment` (or the frame's edges), and
    /// merged where they meet; their edges inside the frame are restored.
    static func bands(_ rows: [Range<Int>], alignment: Int, height: Int) -> [Band] {
        let aligned = rows.map { band -> Range<Int> in
            let top = max(0, band.lowerBound - edgeRows) / alignment * alignment
            let bottom = min(height, (band.upperBound + edgeRows + alignment - 1) / alignment * alignment)
            return top..<max(top, bottom)
        }
        .filter { !$0.isEmpty }
        .sorted { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for band in aligned {
            if let last = merged.last, band.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, band.upperBound)
            } else {
                merged.append(band)
            }
        }
        return merged.map { band in
            var restored: [Range<Int>] = []
            if band.lowerBound > 0 { restored.append(band.lowerBound..<band.lowerBound + edgeRows) }
            if band.upperBound < height { restored.append(band.upperBound - edgeRows..<band.upperBound) }
            return Band(converted: band, restored: restored)
        }
    }
}
