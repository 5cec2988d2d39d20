import Foundation

/// The image file formats `Image(contentsOf:)` decodes, recognised by their first bytes rather
/// than by the file name.
///
/// libavcodec decodes the first six; libheif decodes HEIF (HEIC) and AVIF; librsvg draws SVG.
enum ImageFileFormat: String, CaseIterable {
    case jpeg
    case png
    case webp
    case bmp
    case tiff
    case gif
    /// HEIF, usually with HEVC pictures (HEIC): what phones write.
    case heif
    /// AVIF: HEIF with AV1 pictures.
    case avif
    /// SVG: vector art, drawn by librsvg.
    case svg

    /// What the first bytes of a file say it is.
    enum Recognition: Equatable {
        /// One of the formats FrameDraw decodes.
        case supported(ImageFileFormat)
        /// A known image format FrameDraw does not decode, such as JPEG XL; `name` is for messages.
        case unsupported(name: String)
        /// Not a recognised image at all.
        case unknown
    }

    /// The libavformat demuxer that reads this format as a single picture, or `nil` for the formats
    /// libheif and librsvg decode.
    var demuxerName: String? {
        switch self {
        case .jpeg: "jpeg_pipe"
        case .png: "png_pipe"
        case .webp: "webp_pipe"
        case .bmp: "bmp_pipe"
        case .tiff: "tiff_pipe"
        case .gif: "gif"
        case .heif, .avif, .svg: nil
        }
    }

    /// The format's name in messages.
    var displayName: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        case .bmp: "BMP"
        case .tiff: "TIFF"
        case .gif: "GIF"
        case .heif: "HEIC/HEIF"
        case .avif: "AVIF"
        case .svg: "SVG"
        }
    }

    /// Recognises a file from its leading bytes (the first 32 are enough).
    static func recognize(_ data: Data) -> Recognition {
        let head = [UInt8](data.prefix(32))
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + bytes.count && Array(head[offset..<(offset + bytes.count)]) == bytes
        }
        func ascii(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }

        if starts([0xFF, 0xD8, 0xFF]) { return .supported(.jpeg) }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .supported(.png) }
        if ascii("RIFF") && ascii("WEBP", at: 8) {
            // An extended (VP8X) header with the animation flag: libavcodec 5.1 cannot decode ANMF frames.
            if ascii("VP8X", at: 12), head.count > 20, head[20] & 0x02 != 0 {
                return .unsupported(name: "animated WebP")
            }
            return .supported(.webp)
        }
        if ascii("GIF87a") || ascii("GIF89a") { return .supported(.gif) }
        if ascii("II*\0") || ascii("MM\0*") { return .supported(.tiff) }
        if ascii("BM") && head.count >= 14 { return .supported(.bmp) }
        if ascii("ftyp", at: 4), head.count >= 12 {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            switch brand {
            case "avif", "avis": return .supported(.avif)
            case "heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1":
                // A generic HEIF brand (mif1) on an AV1 picture lists "avif" among its compatible brands.
                return .supported(compatibleBrands(data).contains("avif") ? .avif : .heif)
            default: return .unsupported(name: "MP4/QuickTime (brand \"\(brand)\")")
            }
        }
        if starts([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) || starts([0xFF, 0x4F, 0xFF, 0x51]) {
            return .unsupported(name: "JPEG 2000")
        }
        if starts([0xFF, 0x0A]) || starts([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) {
            return .unsupported(name: "JPEG XL")
        }
        if ascii("8BPS") { return .unsupported(name: "Photoshop (PSD)") }
        if isSVG(data) { return .supported(.svg) }
        return .unknown
    }

    /// Whether the data is an SVG document: XML text (after an optional byte-order mark and white
    /// space) that opens an `<svg` element within its first 4 KB, after any XML declaration,
    /// comments and doctype.
    private static func isSVG(_ data: Data) -> Bool {
        var head = [UInt8](data.prefix(4096))
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head.removeFirst(3) }
        guard let first = head.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
            head[first] == UInt8(ascii: "<")
        else { return false }
        let text = String(decoding: head[first...], as: UTF8.self)
        guard let svg = text.range(of: "<svg") else { return false }
        // Everything before the element is prolog: declarations, comments, a doctype.
        return text[..<svg.lowerBound].split(separator: "<").allSatisfy { part in
            part.hasPrefix("?") || part.hasPrefix("!") || part.allSatisfy(\.isWhitespace)
        }
    }

    /// The compatible brands of an ISO base media file's leading `ftyp` box (at most 64 are read).
    private static func compatibleBrands(_ data: Data) -> [String] {
        data.withUnsafeBytes { bytes in
            let reader = ByteReader(bytes: bytes)
            guard let boxSize = reader.uint32(at: 0, bigEndian: true) else { return [] }
            let end = min(Int(boxSize), reader.count, 16 + 64 * 4)
            return stride(from: 16, to: end - 3, by: 4).map { offset in
                String(decoding: (0..<4).compactMap { reader.byte(at: offset + $0) }, as: UTF8.self)
            }
        }
    }

    /// Whether the file's structure reaches its end marker: JPEG's EOI after the first scan, PNG's
    /// IEND chunk, the full RIFF length for WebP, the declared file size for BMP. TIFF, GIF, HEIF
    /// and AVIF are left to the decoder.
    func looksComplete(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            switch self {
            case .jpeg:
                // Scan data stuffs every 0xFF as FF 00, so FF D9 after the first SOS is the real EOI.
                // Walking the segments skips an EXIF thumbnail, which has its own SOS and EOI.
                guard let firstScan = JPEGSegments.firstScanOffset(in: bytes),
                    let lastEnd = Self.lastIndex(of: [0xFF, 0xD9], in: bytes)
                else { return false }
                return lastEnd > firstScan
            case .png:
                return Self.lastIndex(of: Array("IEND".utf8), in: bytes) != nil
            case .webp:
                guard bytes.count >= 12 else { return false }
                return Int(Self.littleEndian32(bytes, at: 4)) + 8 <= bytes.count
            case .bmp:
                guard bytes.count >= 14 else { return false }
                let declaredSize = Int(Self.littleEndian32(bytes, at: 2))
                let pixelOffset = Int(Self.littleEndian32(bytes, at: 10))
                return pixelOffset < bytes.count && declaredSize <= bytes.count
            case .tiff, .gif, .heif, .avif, .svg:
                return true
            }
        }
    }

    /// The size that fits `width` x `height` into `maxPixelSize` on its longest side, keeping the
    /// aspect ratio and never enlarging.
    static func fittedSize(width: Int, height: Int, maxPixelSize: Int?) -> (width: Int, height: Int) {
        let longest = max(width, height)
        guard let maxPixelSize, longest > maxPixelSize else { return (width, height) }
        let scale = Double(maxPixelSize) / Double(longest)
        let fitted = { (side: Int) in max(1, min(maxPixelSize, Int((Double(side) * scale).rounded()))) }
        return width >= height ? (maxPixelSize, fitted(height)) : (fitted(width), maxPixelSize)
    }

    private static func littleEndian32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { value, index in value | UInt32(bytes[offset + index]) << (8 * index) }
    }

    private static func lastIndex(of pattern: [UInt8], in bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        for start in stride(from: bytes.count - pattern.count, through: 0, by: -1)
        where pattern.indices.allSatisfy({ bytes[start + $0] == pattern[$0] }) {
            return start
        }
        return nil
    }
}
