internal import CFFmpeg
import Foundation

@testable import FrameDraw

/// The committed image fixtures in `Tests/FrameDrawTests/Fixtures`.
enum ImageFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }
}

extension Image {
    /// The stored (premultiplied) pixel at column `x`, row `y`.
    func storedPixel(x: Int, y: Int) -> Pixel {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "Pixel (\(x), \(y)) is outside the image.")
        return snapshot.withPixelBytes { bytes in
            let i = y * snapshot.stride + x * 4
            return Pixel(red: bytes[i + 2], green: bytes[i + 1], blue: bytes[i], alpha: bytes[i + 3])
        }
    }

    /// An opaque image whose pixels come from `color(x, y)` as (r, g, b).
    static func opaque(width: Int, height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) throws -> Image {
        var pixels: [UInt32] = []
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = color(x, y)
                pixels.append(0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b))
            }
        }
        return try Image(width: width, height: height, pixels: pixels)
    }
}

extension Pixel {
    static func opaque(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Pixel {
        Pixel(red: red, green: green, blue: blue, alpha: 255)
    }
    static let red = Pixel.opaque(255, 0, 0)
    static let green = Pixel.opaque(0, 255, 0)
    static let blue = Pixel.opaque(0, 0, 255)
    static let yellow = Pixel.opaque(255, 255, 0)
    static let clear = Pixel(red: 0, green: 0, blue: 0, alpha: 0)
}

/// Builds JPEG files in-process with libavcodec's mjpeg encoder, and splices EXIF segments into them.
enum TestJPEG {
    struct EncodingFailed: Error { let step: String }

    /// Encodes an RGB picture as a full-range 4:4:4 JPEG at high quality.
    static func encode(width: Int, height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) throws -> Data {
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_MJPEG) else { throw EncodingFailed(step: "find encoder") }
        var context = avcodec_alloc_context3(codec)
        defer { avcodec_free_context(&context) }
        var frame = av_frame_alloc()
        defer { av_frame_free(&frame) }
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        guard let context, let frame, let packet else { throw EncodingFailed(step: "allocate") }
        context.pointee.width = Int32(width)
        context.pointee.height = Int32(height)
        context.pointee.pix_fmt = AV_PIX_FMT_YUVJ444P
        context.pointee.time_base = AVRational(num: 1, den: 25)
        context.pointee.flags |= AV_CODEC_FLAG_QSCALE
        context.pointee.global_quality = FF_QP2LAMBDA * 2
        guard avcodec_open2(context, codec, nil) >= 0 else { throw EncodingFailed(step: "open encoder") }
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.format = AV_PIX_FMT_YUVJ444P.rawValue
        frame.pointee.quality = FF_QP2LAMBDA * 2
        frame.pointee.pts = 0
        guard av_frame_get_buffer(frame, 0) >= 0,
            let yPlane = frame.pointee.data.0, let cbPlane = frame.pointee.data.1, let crPlane = frame.pointee.data.2
        else { throw EncodingFailed(step: "frame buffer") }
        for y in 0..<height {
            for x in 0..<width {
                let (r8, g8, b8) = color(x, y)
                let (r, g, b) = (Double(r8), Double(g8), Double(b8))
                // Full-range BT.601, as JFIF specifies.
                let luma = 0.299 * r + 0.587 * g + 0.114 * b
                let cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b
                let cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b
                func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
                yPlane[y * Int(frame.pointee.linesize.0) + x] = byte(luma)
                cbPlane[y * Int(frame.pointee.linesize.1) + x] = byte(cb)
                crPlane[y * Int(frame.pointee.linesize.2) + x] = byte(cr)
            }
        }
        guard avcodec_send_frame(context, frame) >= 0, avcodec_send_frame(context, nil) >= 0 else {
            throw EncodingFailed(step: "send frame")
        }
        var output = Data()
        while avcodec_receive_packet(context, packet) >= 0 {
            if let bytes = packet.pointee.data { output.append(bytes, count: Int(packet.pointee.size)) }
            av_packet_unref(packet)
        }
        guard !output.isEmpty else { throw EncodingFailed(step: "receive packet") }
        return output
    }

    /// Inserts an APP1 "Exif" segment whose IFD0 holds one orientation entry right after SOI.
    static func withOrientation(_ jpeg: Data, _ orientation: Int, bigEndian: Bool = false) -> Data {
        var segment = Data([0xFF, 0xE1, 0, 0])
        segment.append(contentsOf: Array("Exif\0\0".utf8))
        segment.append(tiffWithOrientation(orientation, bigEndian: bigEndian))
        let length = segment.count - 2
        segment[2] = UInt8(length >> 8)
        segment[3] = UInt8(length & 0xFF)
        var result = Data(jpeg.prefix(2))
        result.append(segment)
        result.append(jpeg.dropFirst(2))
        return result
    }

    /// A minimal TIFF structure: header, IFD0 with a Software entry and the orientation entry (type SHORT).
    static func tiffWithOrientation(_ orientation: Int, bigEndian: Bool, type: UInt16 = 3) -> Data {
        func u16(_ v: UInt16) -> [UInt8] {
            bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)]
        }
        func u32(_ v: UInt32) -> [UInt8] {
            bigEndian ? u16(UInt16(v >> 16)) + u16(UInt16(v & 0xFFFF)) : u16(UInt16(v & 0xFFFF)) + u16(UInt16(v >> 16))
        }
        var bytes: [UInt8] = bigEndian ? Array("MM".utf8) : Array("II".utf8)
        bytes += u16(42) + u32(8) + u16(2)
        bytes += u16(0x0131) + u16(2) + u32(4) + Array("abc\0".utf8)  // Software = "abc", inline.
        let value: [UInt8] = type == 3 ? u16(UInt16(orientation)) + [0, 0] : u32(UInt32(orientation))
        bytes += u16(0x0112) + u16(type) + u32(1) + value
        bytes += u32(0)  // No next IFD.
        return Data(bytes)
    }
}
