import Foundation
import Testing

@testable import FrameDraw

@Suite("JPEG segment walker")
struct JPEGSegmentsTests {
    /// SOI, an APP1 holding a whole thumbnail (with its own SOS and EOI), a fill byte, a DQT, a restart
    /// marker, then the real SOS.
    static let file: [UInt8] =
        [0xFF, 0xD8]
        + [0xFF, 0xE1, 0x00, 0x0A] + [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02, 0xFF, 0xD9]
        + [0xFF, 0xFF, 0xDB, 0x00, 0x03, 0x07]
        + [0xFF, 0xD0]
        + [0xFF, 0xDA, 0x00, 0x02, 0x12, 0xFF, 0xD9]

    @Test func walksSegmentsUpToTheFirstScanSkippingTheThumbnail() {
        Self.file.withUnsafeBytes { bytes in
            var segments = JPEGSegments(bytes)
            var visited: [(marker: UInt8, offset: Int, payload: Range<Int>)] = []
            while let segment = segments.next() { visited.append((segment.marker, segment.offset, segment.payload)) }
            #expect(visited.map(\.marker) == [0xE1, 0xDB])
            #expect(visited.map(\.offset) == [2, 15])
            #expect(visited.map(\.payload) == [6..<14, 19..<20])
            #expect(segments.startOfScan == 22)
            #expect(JPEGSegments.firstScanOffset(in: bytes) == 22)
        }
    }

    @Test(arguments: [
        ("ends inside a length field", [0xFF, 0xD8, 0xFF, 0xE0, 0x00] as [UInt8]),
        ("reaches EOI first", [0xFF, 0xD8, 0xFF, 0xD9, 0xFF, 0xDA]),
        ("has a length below 2", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0xFF, 0xDA]),
        ("has data that is not a marker", [0xFF, 0xD8, 0x12, 0x34, 0xFF, 0xDA])
    ])
    func noScanWhenTheData(_ what: String, bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            #expect(JPEGSegments.firstScanOffset(in: buffer) == nil, "\(what)")
        }
    }
}
