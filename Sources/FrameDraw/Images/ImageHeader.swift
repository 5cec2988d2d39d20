import Foundation

/// Reads an image's pixel dimensions from its header bytes, without decoding, so that a picture
/// too large to decode, or larger than the caller allows, is refused before any pixel memory is allocated.
///
/// Every read is bounds-checked, and the only loops (JPEG's segment walk, TIFF's IFD0 entries) move
/// forward through the data and stop at its end.
enum ImageHeader {
    /// The stored width and height the file's header declares (before any EXIF orientation), or `nil`
    /// when the header is cut short, states a zero size, or the format's size comes from libheif
    /// instead (HEIF and AVIF).
    ///
    /// - JPEG: the first start-of-frame segment before the first scan, found by walking the segments
    ///   of the whole file (an EXIF thumbnail's own frame header is skipped with its APP1 segment).
    /// - PNG: IHDR. GIF: the logical screen, the canvas every frame is drawn on. BMP: the info header
    ///   (OS/2 core headers included). WebP: the VP8, VP8L or VP8X header.
    /// - TIFF: the ImageWidth (256) and ImageLength (257) tags of the first directory.
    static func pixelSize(of data: Data, format: ImageFileFormat) -> (width: Int, height: Int)? {
        let size: (width: Int, height: Int)? = data.withUnsafeBytes { bytes in
            let reader = ByteReader(bytes: bytes)
            switch format {
            case .png:
                // Signature (8), IHDR length and type (8), then width and height, big-endian.
                guard reader.matches(Array("IHDR".utf8), at: 12),
                    let width = reader.uint32(at: 16, bigEndian: true),
                    let height = reader.uint32(at: 20, bigEndian: true)
                else { return nil }
                return (Int(width), Int(height))
            case .gif:
                guard let width = reader.uint16(at: 6, bigEndian: false),
                    let height = reader.uint16(at: 8, bigEndian: false)
                else { return nil }
                return (Int(width), Int(height))
            case .bmp:
                return bmpSize(reader)
            case .webp:
                return webPSize(reader)
            case .jpeg:
                return jpegFrameSize(bytes)
            case .tiff:
                guard let directory = TIFFDirectory(reader),
                    let width = directory.integer(tag: 256), let height = directory.integer(tag: 257)
                else { return nil }
                return (width, height)
            case .heif, .avif, .svg:
                return nil
            }
        }
        guard let size, size.width > 0, size.height > 0 else { return nil }
        return size
    }

    /// BITMAPCOREHEADER (12 bytes: 16-bit sides) or BITMAPINFOHEADER and later (signed 32-bit
    /// sides; a negative height means top-down rows).
    private static func bmpSize(_ reader: ByteReader) -> (width: Int, height: Int)? {
        guard let headerSize = reader.uint32(at: 14, bigEndian: false) else { return nil }
        if headerSize == 12 {
            guard let width = reader.uint16(at: 18, bigEndian: false),
                let height = reader.uint16(at: 20, bigEndian: false)
            else { return nil }
            return (Int(width), Int(height))
        }
        guard let width = reader.uint32(at: 18, bigEndian: false), let height = reader.uint32(at: 22, bigEndian: false)
        else { return nil }
        return (Int(Int32(bitPattern: width)), abs(Int(Int32(bitPattern: height))))
    }

    /// The canvas of an extended (VP8X) file, or the size in the lossless or lossy bitstream header.
    private static func webPSize(_ reader: ByteReader) -> (width: Int, height: Int)? {
        if reader.matches(Array("VP8X".utf8), at: 12) {
            guard let width = reader.uint24LittleEndian(at: 24), let height = reader.uint24LittleEndian(at: 27) else {
                return nil
            }
            return (width + 1, height + 1)
        }
        if reader.matches(Array("VP8L".utf8), at: 12) {
            guard let bits = reader.uint32(at: 21, bigEndian: false) else { return nil }
            return (Int(bits & 0x3FFF) + 1, Int((bits >> 14) & 0x3FFF) + 1)
        }
        if reader.matches(Array("VP8 ".utf8), at: 12) {
            guard let width = reader.uint16(at: 26, bigEndian: false),
                let height = reader.uint16(at: 28, bigEndian: false)
            else { return nil }
            return (Int(width & 0x3FFF), Int(height & 0x3FFF))
        }
        return nil
    }

    /// The size in the first start-of-frame segment (SOF0…SOF15 except DHT, JPG and DAC).
    private static func jpegFrameSize(_ buffer: UnsafeRawBufferPointer) -> (width: Int, height: Int)? {
        for segment in JPEGSegments(buffer)
        where (0xC0...0xCF).contains(segment.marker) && ![0xC4, 0xC8, 0xCC].contains(segment.marker) {
            // Payload: precision (1), height (2), width (2).
            let start = segment.payload.lowerBound
            guard segment.payload.count >= 5 else { return nil }
            return (
                Int(buffer[start + 3]) << 8 | Int(buffer[start + 4]),
                Int(buffer[start + 1]) << 8 | Int(buffer[start + 2])
            )
        }
        return nil
    }
}
