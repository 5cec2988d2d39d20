import Foundation

/// Reads an image's pixel dimensions from its header bytes, without decoding, so that a picture
/// too large to decode is refused before any pixel memory is allocated.
enum ImageHeader {
    /// The width and height the file's header declares, or `nil` when it cannot be read
    /// (TIFF, whose size can sit anywhere in the file, or a header cut short).
    static func pixelSize(of data: Data, format: ImageFileFormat) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(format == .jpeg ? min(data.count, 1 << 20) : 64))
        func big16(_ i: Int) -> Int? { i + 2 <= bytes.count ? Int(bytes[i]) << 8 | Int(bytes[i + 1]) : nil }
        func little16(_ i: Int) -> Int? { i + 2 <= bytes.count ? Int(bytes[i]) | Int(bytes[i + 1]) << 8 : nil }
        func big32(_ i: Int) -> Int? { guard let high = big16(i), let low = big16(i + 2) else { return nil }; return high << 16 | low }
        func little32(_ i: Int) -> Int? { guard let low = little16(i), let high = little16(i + 2) else { return nil }; return high << 16 | low }
        func little24(_ i: Int) -> Int? { i + 3 <= bytes.count ? Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16 : nil }

        switch format {
        case .png:
            // Signature (8), IHDR length and type (8), then width and height, big-endian.
            guard let width = big32(16), let height = big32(20) else { return nil }
            return (width, height)
        case .gif:
            // The logical screen: the canvas every frame is drawn on.
            guard let width = little16(6), let height = little16(8) else { return nil }
            return (width, height)
        case .bmp:
            guard let width = little32(18), let rawHeight = little32(22) else { return nil }
            let height = rawHeight >= 1 << 31 ? (1 << 32) - rawHeight : rawHeight  // Negative: top-down rows.
            return (width, height)
        case .webp:
            let chunk = String(decoding: bytes.dropFirst(12).prefix(4), as: UTF8.self)
            switch chunk {
            case "VP8X":
                guard let width = little24(24), let height = little24(27) else { return nil }
                return (width + 1, height + 1)
            case "VP8L":
                guard bytes.count >= 25 else { return nil }
                let bits = Int(bytes[21]) | Int(bytes[22]) << 8 | Int(bytes[23]) << 16 | Int(bytes[24]) << 24
                return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            case "VP8 ":
                guard let width = little16(26), let height = little16(28) else { return nil }
                return (width & 0x3FFF, height & 0x3FFF)
            default:
                return nil
            }
        case .jpeg:
            return jpegFrameSize(bytes)
        case .tiff:
            return nil
        }
    }

    /// The size in the first start-of-frame segment (SOF0…SOF15 except DHT, JPG and DAC).
    private static func jpegFrameSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        bytes.withUnsafeBytes { buffer in
            for segment in JPEGSegments(buffer)
            where (0xC0...0xCF).contains(segment.marker) && ![0xC4, 0xC8, 0xCC].contains(segment.marker) {
                // Payload: precision (1), height (2), width (2).
                let start = segment.payload.lowerBound
                guard segment.payload.count >= 5 else { return nil }
                return (Int(buffer[start + 3]) << 8 | Int(buffer[start + 4]), Int(buffer[start + 1]) << 8 | Int(buffer[start + 2]))
            }
            return nil
        }
    }
}
