import Foundation

/// The eight EXIF orientations (TIFF tag 0x0112): how the stored pixels must be turned to appear upright.
///
/// The names follow `CGImagePropertyOrientation`: they say where the stored image's top row ends up.
package enum ExifOrientation: Int, Sendable, CaseIterable {
    /// 1: stored upright.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned 180°.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: mirrored across the top-left to bottom-right diagonal (transposed).
    case leftMirrored = 5
    /// 6: must be turned 90° clockwise to appear upright.
    case right = 6
    /// 7: mirrored across the top-right to bottom-left diagonal (transversed).
    case rightMirrored = 7
    /// 8: must be turned 90° counter-clockwise to appear upright.
    case left = 8

    /// True when the upright image's width is the stored height.
    package var swapsWidthAndHeight: Bool { rawValue >= 5 }

    /// Reads the orientation from an image file's EXIF data: a JPEG APP1 "Exif" segment, a PNG
    /// `eXIf` chunk, a WebP `EXIF` chunk, or a TIFF file's own first IFD. Returns `.up` when there
    /// is none or it is malformed.
    package init(imageFile data: Data) {
        let found: ExifOrientation? = data.withUnsafeBytes { bytes in
            let reader = ByteReader(bytes: bytes)
            if reader.matches([0xFF, 0xD8], at: 0) { return Self.fromJPEG(reader) }
            if reader.matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], at: 0) { return Self.fromPNG(reader) }
            if reader.matches(Array("RIFF".utf8), at: 0), reader.matches(Array("WEBP".utf8), at: 8) {
                return Self.fromWebP(reader)
            }
            if reader.matches(Array("II*\0".utf8), at: 0) || reader.matches(Array("MM\0*".utf8), at: 0) {
                return Self.fromTIFF(reader, start: 0, end: bytes.count)
            }
            return nil
        }
        self = found ?? .up
    }

    /// Walks the marker segments up to the first scan looking for APP1 "Exif\0\0".
    private static func fromJPEG(_ reader: ByteReader) -> ExifOrientation? {
        for segment in JPEGSegments(reader.bytes)
        where segment.marker == 0xE1 && reader.matches(Array("Exif\0\0".utf8), at: segment.payload.lowerBound) {
            if let orientation = fromTIFF(
                reader, start: segment.payload.lowerBound + 6, end: segment.payload.upperBound)
            {
                return orientation
            }
        }
        return nil
    }

    /// Walks the chunks looking for `eXIf`, whose data is a TIFF structure. Each step moves at least
    /// 12 bytes forward and a chunk running past the end stops the walk, so it ends within the data.
    private static func fromPNG(_ reader: ByteReader) -> ExifOrientation? {
        var offset = 8
        while let length = reader.uint32(at: offset, bigEndian: true) {
            let start = offset + 8
            let end = start + Int(length)
            guard end <= reader.count else { return nil }
            if reader.matches(Array("eXIf".utf8), at: offset + 4) {
                return fromEXIFPayload(reader, start: start, end: end)
            }
            if reader.matches(Array("IEND".utf8), at: offset + 4) { return nil }
            offset = end + 4  // Skip the CRC.
        }
        return nil
    }

    /// Walks the RIFF chunks looking for `EXIF`. Each step moves at least 8 bytes forward and a
    /// chunk running past the end stops the walk, so it ends within the data.
    private static func fromWebP(_ reader: ByteReader) -> ExifOrientation? {
        var offset = 12
        while let length = reader.uint32(at: offset + 4, bigEndian: false) {
            let start = offset + 8
            let end = start + Int(length)
            guard end <= reader.count else { return nil }
            if reader.matches(Array("EXIF".utf8), at: offset) { return fromEXIFPayload(reader, start: start, end: end) }
            offset = end + Int(length % 2)  // Chunks are padded to an even length.
        }
        return nil
    }

    /// A TIFF structure, tolerating the "Exif\0\0" prefix some writers copy from JPEG.
    private static func fromEXIFPayload(_ reader: ByteReader, start: Int, end: Int) -> ExifOrientation? {
        let skip = reader.matches(Array("Exif\0\0".utf8), at: start) ? 6 : 0
        return fromTIFF(reader, start: start + skip, end: end)
    }

    /// Reads tag 0x0112 from IFD0 of the TIFF structure in `start..<end`. Offsets are relative to `start`.
    /// Only IFD0 is read, so offsets that point back into the structure cannot make the walk loop.
    private static func fromTIFF(_ whole: ByteReader, start: Int, end: Int) -> ExifOrientation? {
        TIFFDirectory(whole.slice(start, end))?.integer(tag: 0x0112).flatMap(ExifOrientation.init(rawValue:))
    }
}

extension ExifOrientation {
    /// Returns a new surface with the pixels turned upright, or `surface` itself for `.up`.
    /// - Throws: `FrameDrawError.outOfMemory` if the new surface cannot be allocated.
    package func applied(to surface: consuming CairoSurface) throws -> CairoSurface {
        guard self != .up else { return surface }
        let width = surface.width
        let height = surface.height
        let result =
            swapsWidthAndHeight
            ? try CairoSurface(width: height, height: width)
            : try CairoSurface(width: width, height: height)
        let sourceRow = surface.stride / 4
        let outputRow = result.stride / 4
        surface.withPixelBytes { sourceBytes in
            result.withMutablePixelBytes { outputBytes in
                let source = sourceBytes.bindMemory(to: UInt32.self)
                let output = outputBytes.bindMemory(to: UInt32.self)
                // Output pixel (x, y) comes from stored pixel (sx, sy) = origin + x * stepX + y * stepY;
                // as an index into `source` that is rowStart(y) + x * step.
                let last = (x: width - 1, y: height - 1)
                let (origin, stepX, stepY): ((Int, Int), (Int, Int), (Int, Int)) =
                    switch self {
                    case .up: ((0, 0), (1, 0), (0, 1))
                    case .upMirrored: ((last.x, 0), (-1, 0), (0, 1))
                    case .down: ((last.x, last.y), (-1, 0), (0, -1))
                    case .downMirrored: ((0, last.y), (1, 0), (0, -1))
                    case .leftMirrored: ((0, 0), (0, 1), (1, 0))
                    case .right: ((0, last.y), (0, -1), (1, 0))
                    case .rightMirrored: ((last.x, last.y), (0, -1), (-1, 0))
                    case .left: ((last.x, 0), (0, 1), (-1, 0))
                    }
                let step = stepX.1 * sourceRow + stepX.0
                for y in 0..<result.height {
                    var index = (origin.1 + y * stepY.1) * sourceRow + origin.0 + y * stepY.0
                    let outputStart = y * outputRow
                    for x in 0..<result.width {
                        output[outputStart + x] = source[index]
                        index += step
                    }
                }
            }
        }
        return result
    }
}
