internal import CFFmpeg
import Foundation
import Testing

/// What a movie file contains, read back in-process through libavformat and libavcodec.
struct MovieProbe {
    var formatName: String
    var codecName: String
    var profile: Int32
    var pixelFormat: String
    var width: Int
    var height: Int
    var colorPrimaries: String
    var colorTransfer: String
    var colorSpace: String
    var colorRange: String
    /// Stream duration in seconds (from the stream's own duration field).
    var streamDuration: Double
    /// Container duration in seconds.
    var containerDuration: Double
    var frameRate: (Int, Int)
    /// Every decoded frame, in presentation order, as packed RGB24 (BT.709, limited range to full).
    var frames: [RGBFrame]

    var isHighProfile: Bool { profile == FF_PROFILE_H264_HIGH }

    /// A decoded frame converted to RGB for pixel checks.
    struct RGBFrame {
        var width: Int
        var height: Int
        var pts: Int64
        var rgb: [UInt8]

        func pixel(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
            let i = (y * width + x) * 3
            return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
        }
    }

    /// Opens and fully decodes `url`. Set `keepPixels` to false to only count frames.
    init(url: URL, keepPixels: Bool = true) throws {
        var format: UnsafeMutablePointer<AVFormatContext>?
        try Self.check(avformat_open_input(&format, url.path, nil, nil), "open \(url.path)")
        defer { avformat_close_input(&format) }
        let ctx = try #require(format)
        try Self.check(avformat_find_stream_info(ctx, nil), "find stream info")
        formatName = String(cString: ctx.pointee.iformat.pointee.name)
        let index = av_find_best_stream(ctx, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        try Self.check(index, "find video stream")
        let stream = try #require(ctx.pointee.streams[Int(index)])
        let par = try #require(stream.pointee.codecpar)
        codecName = String(cString: avcodec_get_name(par.pointee.codec_id))
        profile = par.pointee.profile
        pixelFormat = av_get_pix_fmt_name(AVPixelFormat(rawValue: par.pointee.format)).map { String(cString: $0) } ?? "none"
        width = Int(par.pointee.width)
        height = Int(par.pointee.height)
        colorPrimaries = String(cString: av_color_primaries_name(par.pointee.color_primaries))
        colorTransfer = String(cString: av_color_transfer_name(par.pointee.color_trc))
        colorSpace = String(cString: av_color_space_name(par.pointee.color_space))
        colorRange = String(cString: av_color_range_name(par.pointee.color_range))
        let tb = stream.pointee.time_base
        streamDuration = Double(stream.pointee.duration) * Double(tb.num) / Double(tb.den)
        containerDuration = Double(ctx.pointee.duration) / Double(AV_TIME_BASE)
        frameRate = (Int(stream.pointee.avg_frame_rate.num), Int(stream.pointee.avg_frame_rate.den))

        let codec = try #require(avcodec_find_decoder(par.pointee.codec_id))
        var decoder = avcodec_alloc_context3(codec)
        defer { avcodec_free_context(&decoder) }
        let dec = try #require(decoder)
        try Self.check(avcodec_parameters_to_context(dec, par), "decoder parameters")
        try Self.check(avcodec_open2(dec, codec, nil), "open decoder")

        var packet = av_packet_alloc()
        var frame = av_frame_alloc()
        defer { av_packet_free(&packet); av_frame_free(&frame) }
        let pkt = try #require(packet)
        let frm = try #require(frame)
        var decoded: [RGBFrame] = []
        var scaler: OpaquePointer?
        defer { sws_freeContext(scaler) }

        func drain() throws {
            while true {
                let status = avcodec_receive_frame(dec, frm)
                if status == mk_averror_eagain() || status == mk_averror_eof() { return }
                try Self.check(status, "decode")
                var rgb: [UInt8] = []
                if keepPixels {
                    let w = Int(frm.pointee.width), h = Int(frm.pointee.height)
                    if scaler == nil {
                        scaler = sws_getContext(Int32(w), Int32(h), AVPixelFormat(rawValue: frm.pointee.format),
                                                Int32(w), Int32(h), AV_PIX_FMT_RGB24, SWS_BILINEAR, nil, nil, nil)
                        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
                        sws_setColorspaceDetails(scaler, bt709, 0, bt709, 1, 0, 1 << 16, 1 << 16)
                    }
                    rgb = [UInt8](repeating: 0, count: w * h * 3)
                    rgb.withUnsafeMutableBufferPointer { out in
                        var dst: [UnsafeMutablePointer<UInt8>?] = [out.baseAddress, nil, nil, nil]
                        var dstStride: [Int32] = [Int32(w * 3), 0, 0, 0]
                        withUnsafePointer(to: &frm.pointee.data) { data in
                            withUnsafePointer(to: &frm.pointee.linesize) { lines in
                                data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { src in
                                    lines.withMemoryRebound(to: Int32.self, capacity: 8) { srcStride in
                                        _ = sws_scale(scaler, src, srcStride, 0, Int32(h), &dst, &dstStride)
                                    }
                                }
                            }
                        }
                    }
                }
                decoded.append(RGBFrame(width: Int(frm.pointee.width), height: Int(frm.pointee.height),
                                        pts: frm.pointee.pts, rgb: rgb))
                av_frame_unref(frm)
            }
        }

        while av_read_frame(ctx, pkt) >= 0 {
            defer { av_packet_unref(pkt) }
            guard pkt.pointee.stream_index == index else { continue }
            try Self.check(avcodec_send_packet(dec, pkt), "send packet")
            try drain()
        }
        try Self.check(avcodec_send_packet(dec, nil), "flush decoder")
        try drain()
        frames = decoded
        try Self.expectCleanWithFFmpegTools(url)
    }

    /// The independent check: the `ffmpeg` and `ffprobe` command-line tools, when installed, must
    /// decode the file with no error and agree on the frame count.
    private static func expectCleanWithFFmpegTools(_ url: URL) throws {
        if let decode = try runTool("ffmpeg", ["-v", "error", "-i", url.path, "-f", "null", "-"]) {
            #expect(decode.status == 0 && decode.output.isEmpty, "ffmpeg reported errors decoding \(url.lastPathComponent): \(decode.output)")
        }
        if let probe = try runTool("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_name", "-of", "csv=p=0", url.path]) {
            #expect(probe.status == 0 && probe.output.trimmingCharacters(in: .whitespacesAndNewlines) == "h264",
                    "ffprobe reported: \(probe.output)")
        }
    }

    private static func check(_ code: Int32, _ what: String) throws {
        if code < 0 {
            var buffer = [CChar](repeating: 0, count: 128)
            _ = mk_strerror(code, &buffer, buffer.count)
            throw ProbeError(message: "\(what): \(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        }
    }
}

struct ProbeError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Top-level MP4 box types in file order, to check that `moov` precedes `mdat` (faststart).
func topLevelBoxes(of url: URL) throws -> [String] {
    let data = try Data(contentsOf: url)
    var boxes: [String] = []
    var offset = 0
    while offset + 8 <= data.count {
        var size = Int(data[offset]) << 24 | Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8 | Int(data[offset + 3])
        let type = String(decoding: data[(offset + 4)..<(offset + 8)], as: UTF8.self)
        if size == 1, offset + 16 <= data.count {
            size = data[(offset + 8)..<(offset + 16)].reduce(0) { $0 << 8 | Int($1) }
        } else if size == 0 {
            size = data.count - offset
        }
        boxes.append(type)
        guard size >= 8 else { break }
        offset += size
    }
    return boxes
}

/// A fresh temporary directory, removed by `cleanup()`.
struct TemporaryDirectory: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("MovieKitTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Every file name in the directory, hidden ones included.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Runs `ffprobe`/`ffmpeg` as an independent check when they are installed; returns nil when not.
func runTool(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String)? {
    let candidates = ["/usr/bin/\(name)", "/usr/local/bin/\(name)"]
    guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
