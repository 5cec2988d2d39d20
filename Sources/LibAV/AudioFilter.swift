internal import CFFmpeg

/// Runs interleaved 32-bit float audio through a libavfilter chain that keeps the rate and
/// channel count, such as `atempo=1.5` (faster, same pitch) or `dynaudnorm`.
package final class AudioFilter {
    private let graph: FilterGraph
    private let sampleRate: Int
    private let channels: Int
    private var nextPTS: Int64 = 0
    /// The metadata of the last frame the chain gave (a measuring filter's readings, such as
    /// `ebur128`'s `lavfi.r128.I`).
    package private(set) var lastMetadata: [String: String] = [:]

    /// Builds `abuffer → chain → aformat → abuffersink` for float audio at `sampleRate` with `channels`.
    /// - Throws: `LibAVError` of kind `.unavailable` when this FFmpeg lacks a filter of the chain.
    package init(chain: String, sampleRate: Int, channels: Int) throws {
        self.sampleRate = sampleRate
        self.channels = channels
        let layout = channels == 1 ? "mono" : "stereo"
        let description =
            "abuffer@in=sample_rate=\(sampleRate):sample_fmt=flt:channel_layout=\(layout):time_base=1/\(sampleRate),"
            + "\(chain),aformat=sample_fmts=flt:sample_rates=\(sampleRate):channel_layouts=\(layout),abuffersink@out"
        graph = try FilterGraph(description, sourceNames: ["in"], sinkName: "abuffersink@out", sourceFilter: "abuffer")
    }

    /// The `atempo` chain for `speed`: each `atempo` stage takes 0.5…2, so rates beyond are split into stages.
    package static func tempoChain(_ speed: Double) -> String {
        var stages: [String] = []
        var rest = speed
        while rest > 2 {
            stages.append("atempo=2")
            rest /= 2
        }
        while rest < 0.5 {
            stages.append("atempo=0.5")
            rest /= 0.5
        }
        stages.append("atempo=\(rest)")
        return stages.joined(separator: ",")
    }

    /// Ends the input and returns what the chain still holds.
    /// - Throws: `LibAVError` when the graph fails.
    package func drain() throws -> [Float] {
        try graph.push(nil, into: "in")
        return try pullAll()
    }

    /// Filters `samples` (interleaved), returning the output ready so far.
    /// Corresponds to `av_buffersrc_add_frame_flags` and `av_buffersink_get_frame`.
    /// - Throws: `LibAVError` when the graph fails.
    package func process(_ samples: [Float]) throws -> [Float] {
        let count = samples.count / channels
        if count > 0 {
            let frame = try Frame()
            let pointer = frame.pointer
            pointer.pointee.format = AV_SAMPLE_FMT_FLT.rawValue
            pointer.pointee.sample_rate = Int32(sampleRate)
            pointer.pointee.nb_samples = Int32(count)
            av_channel_layout_default(&pointer.pointee.ch_layout, Int32(channels))
            try LibAVError.check(av_frame_get_buffer(pointer, 0), .outOfMemory, "Allocating an audio block")
            samples.withUnsafeBytes { bytes in
                if let data = pointer.pointee.data.0, let base = bytes.baseAddress {
                    UnsafeMutableRawPointer(data).copyMemory(from: base, byteCount: count * channels * 4)
                }
            }
            frame.pts = nextPTS
            nextPTS += Int64(count)
            try graph.push(frame, into: "in")
        }
        return try pullAll()
    }

    private func pullAll() throws -> [Float] {
        var output: [Float] = []
        while let filtered = try graph.pull() {
            if let metadata = filtered.pointer.pointee.metadata {
                var entry: UnsafeMutablePointer<AVDictionaryEntry>?
                while let next = av_dict_get(metadata, "", entry, AV_DICT_IGNORE_SUFFIX) {
                    if let key = next.pointee.key, let value = next.pointee.value {
                        lastMetadata[String(cString: key)] = String(cString: value)
                    }
                    entry = next
                }
            }
            let frames = filtered.sampleCount
            guard let data = filtered.pointer.pointee.data.0 else { continue }
            let floats = UnsafeRawPointer(data).assumingMemoryBound(to: Float.self)
            output.append(contentsOf: UnsafeBufferPointer(start: floats, count: frames * channels))
        }
        return output
    }
}
