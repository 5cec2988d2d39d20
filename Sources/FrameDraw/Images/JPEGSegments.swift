import Foundation

/// Walks the marker segments of a JPEG file, from just after SOI up to the first scan (SOS).
///
/// Each segment with a length field (APPn, DQT, SOFn, DHT …) is returned in turn. Fill bytes (`FF FF`)
/// and the markers without a length (`TEM`, `RSTn`, a repeated `SOI`) are stepped over. The walk ends
/// at the first SOS, whose offset it then records in `startOfScan`, or at EOI, at data that is not a
/// marker, or where a segment's length field is missing or smaller than 2. Because it steps from
/// segment to segment, an EXIF thumbnail (a whole JPEG inside APP1, with its own SOS and EOI) is skipped.
///
/// Use it inside the closure that lends `bytes`; it keeps the buffer only while it walks.
struct JPEGSegments: Sequence, IteratorProtocol {
    /// One marker segment.
    struct Segment {
        /// The marker byte that follows `FF`, such as `0xE1` for APP1.
        var marker: UInt8
        /// The offset of the segment's `FF` byte.
        var offset: Int
        /// The bytes after the two-byte length field, cut off at the end of the data.
        var payload: Range<Int>
    }

    private let bytes: UnsafeRawBufferPointer
    private var offset = 2
    private var finished = false

    /// The offset of the first SOS marker, once the walk has reached it; `nil` before that, and when
    /// the data ends, reaches EOI or stops being a valid segment first.
    private(set) var startOfScan: Int?

    /// Starts a walk over JPEG file data that begins with SOI (`FF D8`).
    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The offset of the first SOS marker of `bytes`, found by walking the segments after SOI.
    static func firstScanOffset(in bytes: UnsafeRawBufferPointer) -> Int? {
        var segments = JPEGSegments(bytes)
        while segments.next() != nil {}
        return segments.startOfScan
    }

    /// The next segment with a length, or `nil` when the walk has ended.
    mutating func next() -> Segment? {
        while !finished, offset + 1 < bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            switch marker {
            case 0xFF:
                offset += 1  // A fill byte before a marker.
                continue
            case 0x01, 0xD0...0xD8:
                offset += 2  // Markers without a length.
                continue
            case 0xDA:
                startOfScan = offset
                finished = true
                return nil
            case 0xD9:
                finished = true
                return nil
            default:
                break
            }
            guard offset + 3 < bytes.count else { break }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2 else { break }
            let payloadEnd = Swift.min(offset + 2 + length, bytes.count)
            let segment = Segment(
                marker: marker, offset: offset, payload: (offset + 4)..<Swift.max(offset + 4, payloadEnd))
            offset += 2 + length
            return segment
        }
        finished = true
        return nil
    }
}
