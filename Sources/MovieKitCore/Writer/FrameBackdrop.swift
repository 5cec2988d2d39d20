import Foundation
import FrameDraw
package import LibAV

/// A decoded video picture that fills a frame from edge to edge, under what is drawn over it: a clip
/// with captions burned in, the common case.
///
/// A frame's pixels are drawn in BGRA and converted to the encoder's yuv420p afterwards. Where a clip's
/// picture is already the encoder's input (see `VideoFrameDecoder.isEncoderReady`), that round trip
/// is only needed where something is drawn over it: the slot takes the picture's rows as they are and
/// converts only the rows drawn on. So the clip keeps its exact pixels, and a frame with a line of
/// captions costs two bands of conversion instead of two whole frames.
///
/// The drawing says what it does: the clip ``show(_:)``s its picture instead of writing it, and
/// everything drawn after it notes the rows it is about to draw on (``noteDrawn(rows:)``), which the
/// backdrop then writes into the frame's pixels, or gives the picture up (``giveUp()``), which writes
/// them all. A frame drawn without a backdrop (a still, the preview, a drawing closure) is drawn and
/// converted whole, as any other.
///
/// Not thread-safe: it belongs to one frame slot, drawn by one thread at a time.
package final class FrameBackdrop {
    private var picture: Frame?
    /// The rows drawn over the picture, as noted (merged when the frame completes).
    private var drawn: [Range<Int>] = []
    /// The rows of the frame's pixels that hold the picture (or what was drawn over it), in order; the
    /// others still hold an earlier frame's.
    private var written: [Range<Int>] = []

    /// The frame's size in pixels.
    package let width: Int
    package let height: Int
    /// The frame's pixels, which the picture's rows are written into as they are needed.
    private let surface: CairoSurface
    /// Whether the slot's encoder takes yuv420p without alpha, the only input a picture can be.
    private let takesPictures: Bool
    /// Converters of bands of the picture's rows to BGRA, and the pictures they convert into, by rows.
    private var converters: [Int: (scaler: Scaler, scratch: Frame)] = [:]
    /// Why the picture's rows could not be written into the frame, which then cannot be encoded.
    private var failure: LibAVError?

    /// How many rows around what was drawn a band converts, and restores at its edges: more than the
    /// reach of swscale's vertical colour filter.
    static let edgeRows = 4
    /// Rows the bands of the frame's yuv420p are aligned to, which keeps the number of band heights, and
    /// of converters, small.
    static let alignment = 16

    init(surface: CairoSurface, format: PixelFormat, alpha: Bool) {
        self.surface = surface
        width = surface.width
        height = surface.height
        takesPictures = format == .yuv420p && !alpha && surface.height % 2 == 0
    }

    /// Whether a picture is the frame's backdrop now: what is drawn from here on must be noted.
    package var holdsPicture: Bool { picture != nil }

    /// Makes `picture` the frame's backdrop, for content that would fill every pixel of the frame with it:
    /// what was drawn before is covered, and the picture's rows are written into the frame's pixels when
    /// something is drawn over them. `picture` must be the encoder's input as it is
    /// (`VideoFrameDecoder.isEncoderReady` for the frame's size).
    /// - Returns: Whether the backdrop took it. When it did not (another size, an encoder that takes
    ///   another format), the caller writes the picture into the frame itself, and the frame is converted whole.
    package func show(_ picture: Frame) -> Bool {
        forget()
        guard takesPictures, picture.width == width, picture.height == height else { return false }
        self.picture = picture
        return true
    }

    /// Records that device rows `rows` (fractional; rounded outwards) are about to be drawn on, and writes the
    /// picture's pixels there first.
    package func noteDrawn(rows: ClosedRange<Double>) {
        guard picture != nil else { return }
        guard rows.lowerBound.isFinite, rows.upperBound.isFinite else {
            giveUp()
            return
        }
        // Clamped before converting: a layer moved far off the frame gives rows past Int's range.
        let top = Int(min(Double(height), max(0, rows.lowerBound)).rounded(.down))
        let bottom = max(top, Int(min(Double(height), max(0, rows.upperBound)).rounded(.up)))
        guard bottom > top else { return }
        // The band that will convert these rows back reads all of its rows.
        for band in Self.bands([top..<bottom], height: height) {
            guard write(band.converted) else { return }
        }
        drawn.append(top..<bottom)
    }

    /// Writes the whole picture into the frame's pixels and drops it: something is drawn whose rows are not
    /// known, so the whole frame is converted.
    package func giveUp() {
        if picture != nil { _ = write(0..<height) }
        drop()
    }

    /// Drops the picture without writing it, and any failure to write it: the frame is being started
    /// again, or was covered.
    package func forget() {
        failure = nil
        drop()
    }

    /// Drops the picture and what was noted over it; a failure to write it stays for ``take()``.
    private func drop() {
        picture = nil
        drawn.removeAll()
        written.removeAll()
    }

    /// A band of rows to convert over the picture.
    struct Band: Equatable {
        /// The rows converted from the frame's pixels.
        var converted: Range<Int>
        /// The rows at the band's inner edges copied from the picture again after the conversion: their
        /// colour was filtered without the rows beyond the band, and they hold only the picture.
        var restored: [Range<Int>]
    }

    /// The picture and the bands of rows to convert over it, and forgets both. `nil` when there is no
    /// picture, or when so much was drawn over it that converting the whole frame costs less: the frame's
    /// pixels then hold all of the picture.
    /// - Throws: `LibAVError` when the picture's rows could not be written where they were needed.
    func take() throws -> (picture: Frame, bands: [Band])? {
        if let failure {
            forget()
            throw failure
        }
        guard let picture else { return nil }
        let bands = Self.bands(drawn, height: height)
        // Copying the picture costs about a quarter of converting its rows: past three quarters of the
        // frame, one conversion of all of it is cheaper.
        guard bands.reduce(0, { $0 + $1.converted.count }) * 4 <= height * 3 else {
            _ = write(0..<height)
            if let failure {
                forget()
                throw failure
            }
            forget()
            return nil
        }
        forget()
        return (picture, bands)
    }

    /// The bands that convert `rows` of a frame `height` rows high: each drawn range widened by
    /// ``edgeRows`` each way, aligned outwards to multiples of `alignment` (or the frame's edges), and
    /// merged where they meet; their edges inside the frame are restored.
    static func bands(_ rows: [Range<Int>], alignment: Int = alignment, height: Int) -> [Band] {
        let aligned = rows.map { band -> Range<Int> in
            let top = max(0, band.lowerBound - edgeRows) / alignment * alignment
            let bottom = min(height, (band.upperBound + edgeRows + alignment - 1) / alignment * alignment)
            return top..<max(top, bottom)
        }
        return merged(aligned).map { band in
            var restored: [Range<Int>] = []
            if band.lowerBound > 0 { restored.append(band.lowerBound..<band.lowerBound + edgeRows) }
            if band.upperBound < height { restored.append(band.upperBound - edgeRows..<band.upperBound) }
            return Band(converted: band, restored: restored)
        }
    }

    /// `rows` without empty ranges, in order, those that overlap or touch made one.
    static func merged(_ rows: [Range<Int>]) -> [Range<Int>] {
        var merged: [Range<Int>] = []
        for band in rows.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, band.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, band.upperBound)
            } else {
                merged.append(band)
            }
        }
        return merged
    }

    // MARK: - Writing the picture into the frame

    /// Rows converted around those written, so that the colour of the written rows is filtered from the
    /// rows around them, as converting the whole picture filters it.
    static let writeMarginRows = 8

    /// Writes the picture's rows `rows` that the frame's pixels do not hold yet.
    /// - Returns: `false` when they could not be converted: the picture is then dropped and the failure
    ///   kept for ``take()``, since the frame's pixels hold an earlier frame there.
    private func write(_ rows: Range<Int>) -> Bool {
        guard let picture else { return false }
        let missing = Self.subtracting(written, from: rows)
        guard !missing.isEmpty else { return true }
        do {
            try surface.withMutablePixelBytes { pixels in
                guard let base = pixels.baseAddress else { return }
                for run in missing {
                    try write(run, of: picture, into: base, stride: surface.stride)
                }
            }
        } catch {
            drop()
            failure =
                error as? LibAVError
                ?? LibAVError(.internalFailure, operation: "Writing a video picture into a frame", message: "\(error)")
            return false
        }
        written = Self.merged(written + [rows])
        return true
    }

    /// Converts the rows around `run` and copies `run` itself into the frame's pixels at `base`.
    private func write(_ run: Range<Int>, of picture: Frame, into base: UnsafeMutableRawPointer, stride: Int) throws {
        let margin = Self.writeMarginRows
        let wanted = (run.upperBound + margin) - max(0, run.lowerBound - margin) / 2 * 2
        let count = min(height, (wanted + Self.alignment - 1) / Self.alignment * Self.alignment)
        let start = min(max(0, run.lowerBound - margin) / 2 * 2, height - count)
        let converter = try converter(rows: count, like: picture)
        try converter.scratch.withMutableFirstPlane { scratch, scratchStride in
            try converter.scaler.convert(
                rows: start..<start + count, of: picture, intoBGRA: scratch, stride: scratchStride)
            for row in run {
                (base + row * stride).copyMemory(from: scratch + (row - start) * scratchStride, byteCount: width * 4)
            }
        }
    }

    private func converter(rows: Int, like picture: Frame) throws -> (scaler: Scaler, scratch: Frame) {
        if let converter = converters[rows] { return converter }
        let converter = (
            scaler: try Scaler(bandsOf: picture, rows: rows),
            scratch: try Frame(width: width, height: rows, format: .bgra)
        )
        converters[rows] = converter
        return converter
    }

    /// The parts of `rows` that no range of `held` (in order, apart) covers.
    static func subtracting(_ held: [Range<Int>], from rows: Range<Int>) -> [Range<Int>] {
        var missing: [Range<Int>] = []
        var next = rows.lowerBound
        for range in held where range.upperBound > next && range.lowerBound < rows.upperBound {
            if range.lowerBound > next { missing.append(next..<range.lowerBound) }
            next = max(next, range.upperBound)
        }
        if next < rows.upperBound { missing.append(next..<rows.upperBound) }
        return missing
    }
}
