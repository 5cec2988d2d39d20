internal import LibAV

extension MovieSettings {
    /// The largest width or height MovieKit's encoders are offered at. libavcodec refuses any
    /// picture whose padded area, (width + 128) × (height + 128), reaches 2^31 / 8 bytes, and
    /// players rarely decode video beyond 16384 pixels a side.
    static let maximumSide = 16384

    /// The pixel format the encoder receives for `codec`.
    func pixelFormat(for codec: VideoCodec) -> PixelFormat {
        let tenBit = effectiveBitDepth(for: codec) == .ten
        switch codec {
        case .h264, .hevc, .av1:
            switch (chroma, tenBit) {
            case (.yuv444, true): return .yuv444p10le
            case (.yuv444, false): return .yuv444p
            case (_, true): return .yuv420p10le
            case (_, false): return .yuv420p
            }
        case .vp9:
            return alpha ? .yuva420p : .yuv420p
        case .prores(let profile):
            guard profile.hasAlphaChannel else { return .yuv422p10le }
            return alpha ? .yuva444p10le : .yuv444p10le
        case .png:
            return alpha ? .rgba : .rgb24
        case .gif, .webp:
            return .bgra
        }
    }

    /// The libav encoder name for `codec`, with a fallback where one exists.
    static func encoderNames(for codec: VideoCodec) -> [String] {
        switch codec {
        case .h264: ["libx264"]
        case .hevc: ["libx265"]
        case .vp9: ["libvpx-vp9"]
        case .av1: ["libsvtav1", "libaom-av1"]
        case .prores: ["prores_ks"]
        case .gif: ["gif"]
        case .png: ["png"]
        case .webp: ["libwebp"]
        }
    }

    /// The encoder configuration for `codec`: size, rate, keyframe interval, pixel format, and
    /// quality on the codec's own scale (or the bit rate), with the preset mapped to the codec's speed.
    func encoderConfiguration(for codec: VideoCodec, encoderName: String) -> VideoEncoderConfiguration {
        var configuration = VideoEncoderConfiguration(
            encoderName: encoderName, width: width, height: height,
            frameRateNumerator: fps.numerator, frameRateDenominator: fps.denominator, gopSize: gopSize)
        configuration.pixelFormat = pixelFormat(for: codec)
        configuration.bitRate = bitRate
        let quality = crf ?? codec.defaultQuality
        var options: [CodecOption] = []
        switch codec {
        case .h264:
            options.append(CodecOption("preset", preset.rawValue))
            if let tune { options.append(CodecOption("tune", tune.rawValue)) }
            // CRF 0 is lossless, which x264 can only encode in the High 4:4:4 Predictive profile.
            if chroma == .yuv444 || (bitRate == nil && quality == 0) {
                options.append(CodecOption("profile", "high444"))
            } else {
                options.append(CodecOption("profile", "high"))
            }
            // x264's AVX-512 code makes the bytes depend on the process's heap (see `X264CPU`).
            if encoderName == "libx264", let flags = X264CPU.flagsWithoutAVX512 {
                options.append(CodecOption("x264-params", "asm=\(flags)"))
            }
        case .hevc:
            options.append(CodecOption("preset", preset.rawValue))
            if let tune { options.append(CodecOption("tune", tune.rawValue)) }
            // x265 prints its own banner to standard error unless told otherwise.
            options.append(CodecOption("x265-params", "log-level=error:open-gop=0"))
        case .vp9:
            let speed = [8, 7, 6, 5, 5, 4, 2, 1, 0, 0][presetIndex]
            options += [
                CodecOption("deadline", presetIndex <= 1 ? "realtime" : "good"),
                CodecOption("cpu-used", String(speed)), CodecOption("row-mt", "1")
            ]
        case .av1:
            if encoderName == "libsvtav1" {
                options.append(CodecOption("preset", String([12, 11, 10, 9, 8, 8, 6, 4, 2, 1][presetIndex])))
            } else {
                options += [
                    CodecOption("cpu-used", String([8, 8, 7, 6, 5, 4, 3, 2, 1, 0][presetIndex])),
                    CodecOption("row-mt", "1")
                ]
            }
        case .prores(let profile):
            options += [CodecOption("profile", profile.encoderName), CodecOption("vendor", "apl0")]
        case .webp:
            options += [
                CodecOption("quality", String(webp.quality)),
                CodecOption("compression_level", String(webp.compressionLevel))
            ]
        case .gif, .png:
            break
        }
        if bitRate == nil, let quality { options.append(CodecOption("crf", String(quality))) }
        configuration.options = options
        return configuration
    }

    /// The configuration for a chunk of a larger movie: keyframes exactly every GOP (no scene-cut
    /// keyframes, closed GOPs), so chunks start on an IDR frame wherever they are cut, and one
    /// encoder thread, because x264's output depends on its thread count and a chunk must give
    /// the same bytes whichever machine renders it.
    func chunkConfiguration(_ base: VideoEncoderConfiguration) -> VideoEncoderConfiguration {
        var configuration = base
        configuration.threadCount = 1
        switch base.encoderName {
        case "libx264":
            let chunkParameters = "scenecut=0:open-gop=0:keyint=\(gopSize):min-keyint=\(gopSize)"
            let existing = configuration.options.last { $0.name == "x264-params" }.map { $0.value + ":" } ?? ""
            configuration.options.removeAll { $0.name == "x264-params" }
            configuration.options.append(CodecOption("x264-params", existing + chunkParameters))
        case "libx265":
            configuration.options.removeAll { $0.name == "x265-params" }
            configuration.options.append(
                CodecOption(
                    "x265-params", "log-level=error:scenecut=0:open-gop=0:keyint=\(gopSize):min-keyint=\(gopSize)"))
        default:
            break
        }
        return configuration
    }

    /// The preset's position from `ultrafast` (0) to `placebo` (9).
    private var presetIndex: Int { Preset.allCases.firstIndex(of: preset) ?? 5 }
}
