internal import CFFmpeg

/// Owns a text subtitle encoder: `mov_text` (MP4, MOV), `webvtt` (WebM), `ass` or `srt` (Matroska).
/// Each takes events as FFmpeg passes text subtitles between its parts, ASS dialogue payloads
/// (`ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text`), under an ASS header that
/// names the styles; the encoder turns them into its own format. Times are in milliseconds.
package final class SubtitleEncoder: StreamEncoder {
    package let context: CodecContext
    private var readOrder = 0

    /// Opens the encoder `name` with `header` (an ASS script's sections up to `[Events]`).
    /// Corresponds to `avcodec_find_encoder_by_name` and `avcodec_open2`, with `subtitle_header`.
    /// - Throws: `LibAVError` of kind `.unavailable` or `.settingsRefused`.
    package init(codec name: String, header: String, globalHeader: Bool) throws {
        LogBridge.install()
        guard let codec = avcodec_find_encoder_by_name(name) else {
            throw LibAVError(
                .unavailable(component: name), operation: "Opening the \(name) subtitle encoder",
                message: "this FFmpeg build has no \(name) encoder")
        }
        context = try CodecContext(codec: codec)
        let c = context.pointer
        c.pointee.time_base = AVRational(num: 1, den: 1000)
        let bytes = Array(header.utf8)
        guard let copy = av_mallocz(bytes.count + 1)?.assumingMemoryBound(to: UInt8.self) else {
            throw LibAVError.outOfMemory("Copying a subtitle header")
        }
        copy.update(from: bytes, count: bytes.count)
        // The context owns the header from here, and frees it with itself.
        c.pointee.subtitle_header = copy
        c.pointee.subtitle_header_size = Int32(bytes.count)
        if globalHeader { c.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
        try context.open(
            options: [], refusal: .settingsRefused(setting: nil), operation: "Opening the \(name) subtitle encoder")
    }

    /// Encodes one event shown from `start` to `end` milliseconds, and returns its packet.
    /// Corresponds to `avcodec_encode_subtitle`.
    /// - Parameter payload: The event's fields after `ReadOrder`: `Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text`.
    /// - Throws: `LibAVError` when the encoder refuses the event.
    package func encode(payload: String, start: Int64, end: Int64) throws -> Packet {
        var subtitle = AVSubtitle()
        defer { avsubtitle_free(&subtitle) }
        guard
            let rects = av_mallocz(MemoryLayout<UnsafeMutablePointer<AVSubtitleRect>?>.size)?
                .assumingMemoryBound(to: UnsafeMutablePointer<AVSubtitleRect>?.self),
            let rect = av_mallocz(MemoryLayout<AVSubtitleRect>.size)?.assumingMemoryBound(to: AVSubtitleRect.self)
        else { throw LibAVError.outOfMemory("Allocating a subtitle") }
        rects.pointee = rect
        subtitle.rects = rects
        subtitle.num_rects = 1
        rect.pointee.type = SUBTITLE_ASS
        rect.pointee.ass = av_strdup("\(readOrder),\(payload)")
        readOrder += 1
        subtitle.start_display_time = 0
        subtitle.end_display_time = UInt32(clamping: max(0, end - start))
        subtitle.pts = start * 1000  // AV_TIME_BASE
        var buffer = [UInt8](repeating: 0, count: 64 * 1024 + payload.utf8.count * 4)
        let size = avcodec_encode_subtitle(context.pointer, &buffer, Int32(buffer.count), &subtitle)
        try LibAVError.check(size, .internalFailure, "Encoding a subtitle")
        let packet = try Packet(bytes: Array(buffer.prefix(Int(size))), pts: start)
        packet.pointer.pointee.duration = max(0, end - start)
        return packet
    }
}
