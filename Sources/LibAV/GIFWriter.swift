internal import CFFmpeg
import Foundation

/// Writes an animated GIF whose palette is built from the movie's own frames with libavfilter's
/// `palettegen` and applied with `paletteuse`.
///
/// Frames arrive as BGRA during the render. Each is fed to `palettegen` and spooled, as raw
/// pixels, to an anonymous temporary file, so memory stays flat however long the movie. At
/// `finish`, the spool is read back through `paletteuse`, frames identical to the one before are
/// dropped (the previous frame is shown longer instead), and the rest are encoded and muxed.
/// Delays are counted in hundredths of a second from rounded timestamps, so the rounding is
/// spread over the frames and the delays add up to the exact duration.
///
/// With `transparent`, frames carry straight (not premultiplied) alpha: `palettegen` keeps one
/// palette entry for transparency and `paletteuse` maps every pixel less than half opaque to it;
/// the GIF encoder then names that entry as the transparent index and clears each frame before
/// the next (disposal to background), so a transparent pixel shows what is behind the GIF.
package final class GIFWriter {
    private let width: Int
    private let height: Int
    private let frameRate: (numerator: Int, denominator: Int)
    private let path: String
    private let destination: String
    private let dither: String
    private let loop: Int
    private let transparent: Bool
    private let metadata: [CodecOption]
    private let paletteGenerator: FilterGraph
    private var spool: UnsafeMutablePointer<FILE>?
    private var spooledFrames = 0

    /// Prepares the palette pass. Nothing is written to `path` until `finish`.
    /// - Parameters:
    ///   - dither: A `paletteuse` dither name, such as `sierra2_4a`.
    ///   - loop: The GIF muxer's loop count: 0 loops forever, -1 plays once, n repeats n more times.
    ///   - transparent: Whether pixels less than half opaque are written as transparent; frames
    ///     must then carry straight alpha.
    /// - Throws: `LibAVError`.
    package init(
        width: Int, height: Int, frameRateNumerator: Int, frameRateDenominator: Int,
        path: String, destination: String, dither: String, loop: Int, transparent: Bool = false,
        metadata: [CodecOption]
    ) throws {
        self.width = width
        self.height = height
        frameRate = (frameRateNumerator, frameRateDenominator)
        self.path = path
        self.destination = destination
        self.dither = dither
        self.loop = loop
        self.transparent = transparent
        self.metadata = metadata
        let source = Self.bufferSource(width: width, height: height, frameRate: frameRate)
        paletteGenerator = try FilterGraph(
            "buffer@in=\(source),palettegen=stats_mode=full\(transparent ? ":reserve_transparent=1" : ""),buffersink@out",
            sourceNames: ["in"])
        guard let spool = tmpfile() else {
            throw LibAVError(
                .writeFailed, operation: "Creating a temporary frame store for \(destination)",
                message: String(cString: strerror(errno)))
        }
        self.spool = spool
    }

    deinit {
        if let spool { fclose(spool) }
    }

    private static func bufferSource(width: Int, height: Int, frameRate: (numerator: Int, denominator: Int)) -> String {
        "video_size=\(width)x\(height):pix_fmt=bgra:time_base=\(frameRate.denominator)/\(frameRate.numerator):pixel_aspect=1/1"
    }

    /// Adds one BGRA frame as frame `index`.
    /// - Throws: `LibAVError` of kind `.writeFailed` when the spool cannot be written.
    package func add(_ frame: Frame, index: Int) throws {
        frame.pts = Int64(index)
        try paletteGenerator.push(frame, into: "in")
        let rowBytes = width * 4
        try frame.withFirstPlane { bytes, stride in
            for row in 0..<height where fwrite(bytes + row * stride, 1, rowBytes, spool) != rowBytes {
                throw LibAVError(
                    .writeFailed, operation: "Storing a frame for \(destination)",
                    message: String(cString: strerror(errno)))
            }
        }
        spooledFrames += 1
    }

    /// Builds the palette, maps every frame to it and writes the GIF to `path`.
    /// - Throws: `LibAVError`.
    package func finish() throws {
        guard spooledFrames > 0 else { return }
        try paletteGenerator.push(nil, into: "in")
        guard let palette = try paletteGenerator.pull() else {
            throw LibAVError(
                .internalFailure, operation: "Building the GIF palette", message: "palettegen returned no palette")
        }
        let source = Self.bufferSource(width: width, height: height, frameRate: frameRate)
        let paletteSource = Self.bufferSource(width: palette.width, height: palette.height, frameRate: frameRate)
        let mapper = try FilterGraph(
            "buffer@in=\(source)[frames];buffer@palette=\(paletteSource)[palette];"
                + "[frames][palette]paletteuse=dither=\(dither)\(transparent ? ":alpha_threshold=128" : "")[mapped];[mapped]buffersink@out",
            sourceNames: ["in", "palette"])
        palette.pts = 0
        try mapper.push(palette, into: "palette")
        try mapper.push(nil, into: "palette")

        var configuration = VideoEncoderConfiguration(
            encoderName: "gif", width: width, height: height,
            frameRateNumerator: frameRate.numerator, frameRateDenominator: frameRate.denominator, gopSize: 1)
        configuration.pixelFormat = .pal8
        let encoder = try VideoEncoder(configuration: configuration, globalHeader: false)
        let output = try MediaOutput(container: .gif, path: path, destination: destination)
        let stream = try output.addStream(for: encoder)
        // The last frame's delay: what remains of the exact duration after the rounded timestamps.
        let total = spooledFrames
        let end = centiseconds(atFrame: total)
        let lastStart = centiseconds(atFrame: total - 1)
        output.addOptions([
            CodecOption("loop", String(loop)), CodecOption("final_delay", String(max(1, end - lastStart)))
        ])
        try output.setMetadata(metadata)
        try output.start()

        var previous: [UInt8]?
        func drain() throws {
            while let mapped = try mapper.pull() {
                let index = Int(mapped.pts)
                let pixels = try mapped.withFirstPlane { bytes, stride in
                    (0..<height).flatMap { row in
                        Array(UnsafeRawBufferPointer(start: bytes + row * stride, count: width))
                    }
                }
                // An unchanged frame is not stored: the one before is shown longer. The last is always
                // stored, so that the final delay is counted from it.
                if pixels == previous && index != total - 1 { continue }
                previous = pixels
                try encoder.encode(mapped) { try output.write($0, toStream: stream) }
            }
        }
        rewind(spool)
        for index in 0..<total {
            let frame = try Frame(width: width, height: height, format: .bgra)
            try frame.withMutableFirstPlane { bytes, stride in
                for row in 0..<height where fread(bytes + row * stride, 1, width * 4, spool) != width * 4 {
                    throw LibAVError(
                        .internalFailure, operation: "Reading back a stored frame for \(destination)",
                        message: "the frame store is short")
                }
            }
            frame.pts = Int64(index)
            try mapper.push(frame, into: "in")
            try drain()
        }
        try mapper.push(nil, into: "in")
        try drain()
        try encoder.encode(nil) { try output.write($0, toStream: stream) }
        try output.finish()
    }

    /// The presentation time of frame `index`, rounded to hundredths of a second.
    private func centiseconds(atFrame index: Int) -> Int {
        Int((Double(index) * 100 * Double(frameRate.denominator) / Double(frameRate.numerator)).rounded())
    }
}
