internal import CFFmpeg
import Foundation

/// Decodes one stream of a `FormatInput`: a still picture, or audio.
package final class Decoder {
    private let context: CodecContext
    private let input: FormatInput
    /// The index of the decoded stream in `input`.
    package let streamIndex: Int

    /// Finds and opens the decoder for stream `streamIndex` of `input`.
    /// Corresponds to `avcodec_find_decoder`, `avcodec_parameters_to_context` and `avcodec_open2`.
    /// - Parameters:
    ///   - options: Decoder options, such as `lowres=2` (JPEG decoded at a quarter of its size) or
    ///     `err_detect=+crccheck+explode` (checksum mismatches are errors). An option the decoder does
    ///     not recognise is refused.
    ///   - mapsPictures: Whether each picture gets an anonymous mapping of its own instead of libavcodec's
    ///     buffer pool (`mk_get_mapped_picture`): for still images, whose decoder lives for one picture,
    ///     so that freeing a photo-sized picture leaves glibc's mmap threshold where it was.
    ///   - poolsMappedPictures: Whether pictures come from a pool of anonymous mappings of the decoder's own
    ///     (`mk_use_picture_pool`): for video, whose decoder reuses its pictures while it runs and is
    ///     closed when its clip ends.
    /// - Throws: `LibAVError` of kind `.unavailable` when this FFmpeg has no such decoder,
    ///   `.unreadableInput` when it cannot be opened, or `.settingsRefused` for an unknown option.
    package init(
        input: FormatInput, streamIndex: Int, options: [CodecOption] = [], mapsPictures: Bool = false,
        poolsMappedPictures: Bool = false
    ) throws {
        guard let stream = input.stream(at: streamIndex), let parameters = stream.pointee.codecpar else {
            throw LibAVError(
                .internalFailure, operation: "Opening a decoder for \(input.path)",
                message: "stream \(streamIndex) does not exist")
        }
        let codecName = String(cString: avcodec_get_name(parameters.pointee.codec_id))
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw LibAVError(
                .unavailable(component: "\(codecName) decoder"), operation: "Opening \(input.path)",
                message: "this FFmpeg build has no \(codecName) decoder")
        }
        context = try CodecContext(codec: codec)
        self.input = input
        self.streamIndex = streamIndex
        try LibAVError.check(
            avcodec_parameters_to_context(context.pointer, parameters), .internalFailure,
            "Preparing the \(codecName) decoder")
        context.pointer.pointee.pkt_timebase = stream.pointee.time_base
        if mapsPictures { mk_use_mapped_pictures(context.pointer) }
        if poolsMappedPictures { try context.usePicturePool() }
        try context.open(
            options: options, refusal: .unreadableInput, operation: "Opening the \(codecName) decoder for \(input.path)"
        )
    }

    /// The picture size the container or decoder reports, or zeros before it is known.
    package var pictureSize: (width: Int, height: Int) {
        let parameters = input.stream(at: streamIndex)?.pointee.codecpar
        let width = max(Int(context.pointer.pointee.width), Int(parameters?.pointee.width ?? 0))
        let height = max(Int(context.pointer.pointee.height), Int(parameters?.pointee.height ?? 0))
        return (width, height)
    }

    /// Throws `.inputTooLarge` when the reported picture size is beyond what libav can allocate.
    /// Corresponds to `av_image_check_size`.
    package func checkPictureSize() throws {
        let size = pictureSize
        guard size.width > 0, size.height > 0 else { return }
        guard av_image_check_size(UInt32(size.width), UInt32(size.height), 0, nil) >= 0 else {
            throw LibAVError(
                .inputTooLarge(width: size.width, height: size.height), operation: "Decoding \(input.path)",
                message: "the picture is \(size.width)x\(size.height) pixels, larger than FFmpeg can decode")
        }
    }

    /// Decodes the first picture of the stream, reading packets as needed.
    /// Corresponds to `avcodec_send_packet` and `avcodec_receive_frame`.
    /// - Throws: `LibAVError` of kind `.unreadableInput` when the data is damaged or ends before
    ///   a picture, or `.inputTooLarge` when the picture is too large to decode.
    /// - Parameter wholeFile: The file's bytes, sent to the decoder as one packet instead of the packets the
    ///   demuxer would read, so that no packet-sized block passes through malloc; `nil` reads packets.
    ///   Only for formats whose file is one picture (not GIF).
    package func decodeFirstPicture(wholeFile: FileCopy? = nil) throws -> Frame {
        try checkPictureSize()
        var result: Frame?
        let handOut: (Frame) throws -> Bool = { frame in
            result = frame
            return false
        }
        if let wholeFile {
            var sent = false
            try decode(
                reading: { packet in
                    guard !sent else { return false }
                    sent = true
                    try wholeFile.fill(packet)
                    packet.pointer.pointee.stream_index = Int32(self.streamIndex)
                    return true
                }, handOut)
        } else {
            try decode(handOut)
        }
        guard let result else {
            throw LibAVError(
                .unreadableInput, operation: "Decoding \(input.path)",
                message: "the file ended before a complete picture was decoded; it is probably truncated")
        }
        return result
    }

    /// Drops what the decoder holds, after a seek. Corresponds to `avcodec_flush_buffers`.
    package func flush() {
        avcodec_flush_buffers(context.pointer)
    }

    /// Decodes frames in order and hands each to `body` until it returns false or the stream ends.
    /// A damaged frame is an error. Each frame handed out is new, so `body` may keep it.
    /// - Throws: `LibAVError` of kind `.unreadableInput`, `.inputTooLarge` or `.outOfMemory`.
    package func decode(_ body: (Frame) throws -> Bool) throws {
        try decode(reading: { packet in try self.input.read(into: packet) }, body)
    }

    /// `decode(_:)` with packets from `nextPacket`, which fills the packet it is given, or returns false at the end.
    private func decode(reading nextPacket: (Packet) throws -> Bool, _ body: (Frame) throws -> Bool) throws {
        let packet = try Packet()
        var flushed = false
        while true {
            let frame = try Frame()
            let received = avcodec_receive_frame(context.pointer, frame.pointer)
            if received >= 0 {
                guard !frame.isCorrupt else { throw damaged("the decoder flagged the data as corrupt") }
                guard try body(frame) else { return }
                continue
            }
            if received == LibAVError.eof || (received == LibAVError.eagain && flushed) { return }
            guard received == LibAVError.eagain else { throw failure(received) }
            if try nextPacket(packet) {
                defer { packet.unref() }
                guard packet.streamIndex == streamIndex else { continue }
                let sent = avcodec_send_packet(context.pointer, packet.pointer)
                guard sent >= 0 || sent == LibAVError.eagain else { throw failure(sent) }
            } else {
                _ = avcodec_send_packet(context.pointer, nil)  // Flush: ask for anything the decoder still holds.
                flushed = true
            }
        }
    }

    private func failure(_ code: Int32) -> LibAVError {
        if LibAVError.isOutOfMemory(code) { return LibAVError.outOfMemory("Decoding \(input.path)") }
        let size = pictureSize
        if size.width > 0, size.height > 0, av_image_check_size(UInt32(size.width), UInt32(size.height), 0, nil) < 0 {
            return LibAVError(
                .inputTooLarge(width: size.width, height: size.height), operation: "Decoding \(input.path)", code: code,
                message: "the picture is \(size.width)x\(size.height) pixels, larger than FFmpeg can decode")
        }
        return damaged(LibAVError.errorText(code), code: code)
    }

    private func damaged(_ detail: String, code: Int32? = nil) -> LibAVError {
        LibAVError(
            .unreadableInput, operation: "Decoding \(input.path)", code: code,
            message: "the data is damaged or incomplete (\(detail))")
    }
}
