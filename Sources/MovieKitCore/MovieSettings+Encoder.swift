internal import LibAV

extension MovieSettings {
    /// The encoder every movie uses today.
    static let encoderName = "libx264"

    /// The largest width or height libx264 accepts through libavcodec. libavcodec refuses any
    /// picture whose padded area, (width + 128) × (height + 128), reaches 2^31 / 8 bytes, and
    /// players rarely decode H.264 beyond 16384 pixels a side.
    static let maximumSide = 16384

    /// The libx264 configuration for these settings: size, rate, keyframe interval, preset, and CRF or bit rate.
    var encoderConfiguration: VideoEncoderConfiguration {
        var configuration = VideoEncoderConfiguration(
            encoderName: Self.encoderName, width: width, height: height,
            frameRateNumerator: fps.numerator, frameRateDenominator: fps.denominator, gopSize: gopSize)
        configuration.options.append(CodecOption("preset", preset.rawValue))
        // CRF 0 is lossless, which x264 can only encode in the High 4:4:4 Predictive profile.
        if bitRate != nil || crf > 0 {
            configuration.options.append(CodecOption("profile", "high"))
        }
        if let bitRate {
            configuration.bitRate = bitRate
        } else {
            configuration.options.append(CodecOption("crf", String(crf)))
        }
        return configuration
    }
}
