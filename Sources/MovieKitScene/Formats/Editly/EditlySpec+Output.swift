import Foundation
import MovieKitCore

/// editly's `customOutputArgs`: FFmpeg output options. Those with a MovieKit equivalent are
/// followed (`-crf`, `-preset`, `-tune`, `-b:v`, `-pix_fmt`, `-r`, `-vcodec`, and for WebP
/// `-qscale` and `-compression_level`); any other is refused by name, since MovieKit encodes
/// in-process rather than through the ffmpeg program.
extension EditlySpec {
    static let outputArguments = [
        "-crf", "-preset", "-tune", "-b:v", "-pix_fmt", "-r", "-vcodec", "-c:v", "-codec:v", "-qscale", "-q:v",
        "-qscale:v", "-compression_level"
    ]

    /// The encoders `-vcodec` takes, by FFmpeg's names, and the codec each is.
    static let encoderCodecs: [(name: String, codec: VideoCodec)] = [
        ("libx264", .h264), ("h264", .h264), ("libx265", .hevc), ("hevc", .hevc), ("libvpx-vp9", .vp9), ("vp9", .vp9),
        ("libsvtav1", .av1), ("libaom-av1", .av1), ("av1", .av1), ("gif", .gif), ("png", .png), ("libwebp", .webp),
        ("libwebp_anim", .webp), ("webp", .webp)
    ]

    /// The pixel formats `-pix_fmt` takes, and what each asks of the encoder.
    static let pixelFormats: [(name: String, chroma: ChromaSubsampling, bitDepth: BitDepth?)] = [
        ("yuv420p", .yuv420, nil), ("yuvj420p", .yuv420, nil), ("yuv444p", .yuv444, nil),
        ("yuv420p10le", .yuv420, .ten)
    ]

    /// Reads `customOutputArgs` into `encoding`, and returns the frame rate `-r` asks for.
    /// - Parameter writesWebP: Whether `outPath` is a `.webp`, where `-qscale` and `-compression_level` apply.
    /// - Throws: `SceneError` naming the argument that is unknown, incomplete or out of range.
    static func outputArguments(
        _ reader: NodeReader, into encoding: inout DocumentEncoding, writesWebP: Bool
    ) throws -> FrameRate? {
        let items = try reader.sequence(expected: "a list of FFmpeg output arguments, such as [\"-crf\", \"18\"]")
        var rate: FrameRate?
        var webp: (quality: Double?, level: Int?, first: (reader: NodeReader, option: String)?) = (nil, nil, nil)
        var index = 0
        while index < items.count {
            let option = try items[index].string(expected: "an FFmpeg output option such as \"-crf\"")
            guard outputArguments.contains(option) else {
                throw SceneError.unsupportedOutputOption(
                    at: items[index].location, option: option, supported: outputArguments)
            }
            guard index + 1 < items.count else {
                throw items[index].invalid("\"\(option)\" with no value after it", expected: "followed by its value")
            }
            let valueReader = items[index + 1]
            let value = try valueReader.string(expected: "the value of \(option)")
            switch option {
            case "-crf":
                guard let crf = Int(value), (0...63).contains(crf) else {
                    throw valueReader.invalid("\"\(value)\"", expected: "a whole number from 0 to 63 for -crf")
                }
                encoding.crf = crf
            case "-preset":
                encoding.preset = try valueReader.choice(
                    Preset.allCases.map { ($0.rawValue, $0) }, what: "an x264 preset")
            case "-tune":
                encoding.tune = try valueReader.choice(Tune.allCases.map { ($0.rawValue, $0) }, what: "an x264 tuning")
            case "-b:v":
                guard let bits = bitRate(value) else {
                    throw valueReader.invalid(
                        "\"\(value)\"", expected: "a bit rate for -b:v such as \"2M\", \"800k\" or \"1500000\"")
                }
                encoding.bitRate = bits
            case "-pix_fmt":
                let format = try valueReader.choice(pixelFormats.map { ($0.name, $0) }, what: "a pixel format")
                encoding.chroma = format.chroma
                encoding.bitDepth = format.bitDepth
            case "-vcodec", "-c:v", "-codec:v":
                encoding.codec = try valueReader.choice(encoderCodecs.map { ($0.name, $0.codec) }, what: "an encoder")
            case "-qscale", "-q:v", "-qscale:v":
                guard let quality = Double(value), (0...100).contains(quality) else {
                    throw valueReader.invalid("\"\(value)\"", expected: "a WebP quality from 0 to 100 for \(option)")
                }
                webp.quality = quality
                webp.first = webp.first ?? (items[index], option)
            case "-compression_level":
                guard let level = Int(value), (0...6).contains(level) else {
                    throw valueReader.invalid("\"\(value)\"", expected: "a WebP compression level from 0 to 6")
                }
                webp.level = level
                webp.first = webp.first ?? (items[index], option)
            default:  // -r
                rate = try frameRate(valueReader)
            }
            index += 2
        }
        if let (optionReader, option) = webp.first, !writesWebP, encoding.codec != .webp {
            throw SceneError.unsupportedFeature(
                at: optionReader.location, feature: "the FFmpeg output option `\(option)`",
                reason:
                    "MovieKit follows -qscale and -compression_level for WebP output (libwebp) only; write the movie to a .webp, or use -crf for other codecs"
            )
        }
        if writesWebP || encoding.codec == .webp {
            // FFmpeg's webp muxer plays the animation once unless given -loop.
            encoding.webp = try WebPOptions(
                quality: webp.quality ?? 75, compressionLevel: webp.level ?? 4, playCount: 1)
        }
        return rate
    }

    /// A bit rate as FFmpeg writes one: a number of bits per second with an optional `k`, `M` or
    /// `G` suffix (powers of 1000), at least 1000 and at most 1 Gbit/s.
    static func bitRate(_ text: String) -> Int? {
        let multipliers: [Character: Double] = ["k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9]
        var number = text
        var multiplier = 1.0
        if let last = text.last, let factor = multipliers[last] {
            number = String(text.dropLast())
            multiplier = factor
        }
        guard let value = Double(number), value.isFinite else { return nil }
        let bits = value * multiplier
        guard (1000...1e9).contains(bits) else { return nil }
        return Int(bits.rounded())
    }

    /// `-r`: a frame rate as a number or a fraction such as `30000/1001`.
    private static func frameRate(_ reader: NodeReader) throws -> FrameRate {
        let text = try reader.string()
        let parts = text.split(separator: "/")
        if parts.count == 2, let numerator = Int(parts[0]), let denominator = Int(parts[1]), numerator > 0,
            denominator > 0, (1...240).contains(Double(numerator) / Double(denominator))
        {
            return FrameRate(numerator, denominator)
        }
        let expected = "a frame rate for -r: a number such as 25 or 29.97, or a fraction such as 30000/1001"
        guard let fps = Double(text) else { throw reader.invalid("\"\(text)\"", expected: expected) }
        return try frameRate(fps, at: reader, expected: expected)
    }
}
