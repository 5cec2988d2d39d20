import Foundation
import LibAV
import Testing

@testable import FrameDraw

/// Image files of 1 MB or more are read into a mapping of their own (`FileCopy`) and handed to the decoder
/// as one packet, and decoders put their pictures in mappings of their own, so that photo-sized blocks never
/// pass through malloc. The pictures must be exactly those the demuxer's packets give.
@Suite("Large image files")
struct LargeImageFileTests {
    /// Deterministic noise: photo-sized files even when small in pixels, and any misplaced byte shows.
    static func noise(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        var h = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663)
        h = (h ^ (h >> 13)) &* 0x5BD1_E995
        h ^= h >> 15
        return (UInt8(truncatingIfNeeded: h), UInt8(truncatingIfNeeded: h >> 8), UInt8(truncatingIfNeeded: h >> 16))
    }

    /// Decodes `url` both ways: from the mapped copy as one packet, and from the demuxer's packets.
    static func decodeBothWays(
        _ url: URL, _ format: ImageFileFormat, options: ImageLoadingOptions = ImageLoadingOptions()
    )
        throws -> (mapped: Image, demuxed: Image, copy: FileCopy)
    {
        let copy = try #require(FileCopy.read(path: url.path), "\(url.lastPathComponent) was not copied into a mapping")
        let data = copy.data
        let size = try #require(ImageHeader.pixelSize(of: data, format: format))
        let mapped = try ImageFileDecoder.decode(
            path: url.path, data: data, wholeFile: copy, format: format, storedSize: size, options: options)
        let demuxed = try ImageFileDecoder.decode(
            path: url.path, data: data, wholeFile: nil, format: format, storedSize: size, options: options)
        return (try Image(surface: mapped), try Image(surface: demuxed), copy)
    }

    static func expectIdentical(_ a: Image, _ b: Image, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.width == b.width && a.height == b.height, sourceLocation: sourceLocation)
        guard a.width == b.width, a.height == b.height else { return }
        var differing = 0
        for y in stride(from: 0, to: a.height, by: 7) {
            for x in stride(from: 0, to: a.width, by: 5) where a.storedPixel(x: x, y: y) != b.storedPixel(x: x, y: y) {
                differing += 1
            }
        }
        #expect(differing == 0, "\(differing) sampled pixels differ", sourceLocation: sourceLocation)
    }

    @Test func aLargePNGDecodesFromItsMappedCopyExactlyAsFromTheDemuxer() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try Image.opaque(width: 720, height: 560, Self.noise)
        let url = try directory.write(try source.pngData(), to: "noise.png")
        let (mapped, demuxed, copy) = try Self.decodeBothWays(url, .png)
        #expect(copy.count == (try Data(contentsOf: url)).count)
        #expect(copy.count >= MappedMemory.minimumByteCount)
        Self.expectIdentical(mapped, demuxed)
        #expect(mapped.storedPixel(x: 719, y: 559) == source.storedPixel(x: 719, y: 559))
        #expect(mapped.storedPixel(x: 123, y: 45) == source.storedPixel(x: 123, y: 45))
    }

    @Test func aLargeJPEGDecodesFromItsMappedCopyExactlyAsFromTheDemuxerAlsoReduced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write(try TestJPEG.encode(width: 1024, height: 768, Self.noise), to: "noise.jpg")
        let full = try Self.decodeBothWays(url, .jpeg)
        #expect(full.copy.count >= MappedMemory.minimumByteCount)
        Self.expectIdentical(full.mapped, full.demuxed)
        #expect(full.mapped.width == 1024 && full.mapped.height == 768)
        // With maxPixelSize the JPEG is decoded at 1/2 size (lowres) first.
        let reduced = try Self.decodeBothWays(url, .jpeg, options: ImageLoadingOptions(maxPixelSize: 400))
        Self.expectIdentical(reduced.mapped, reduced.demuxed)
        #expect(reduced.mapped.width == 400 && reduced.mapped.height == 300)
    }

    @Test func loadingALargeFileGoesThroughTheMappedCopyAndKeepsItsPixels() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try Image.opaque(width: 720, height: 560, Self.noise)
        let url = try directory.write(try source.pngData(), to: "noise.png")
        #expect(FileCopy.read(path: url.path) != nil)
        let loaded = try Image(contentsOf: url)
        #expect(loaded.storedPixel(x: 0, y: 0) == source.storedPixel(x: 0, y: 0))
        #expect(loaded.storedPixel(x: 400, y: 300) == source.storedPixel(x: 400, y: 300))
    }

    /// Damage that libavcodec refuses is refused the same way from the mapped copy: here the JPEG's
    /// Huffman table segment is overwritten, so no scan can be decoded.
    @Test func aDamagedLargeJPEGIsRefusedBothWaysWithItsPath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var bytes = [UInt8](try TestJPEG.encode(width: 1024, height: 768, Self.noise))
        let dht = try #require((0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC4 })
        for i in (dht + 4)..<(dht + 40) { bytes[i] = 0xEE }
        let url = try directory.write(Data(bytes), to: "damaged.jpg")
        let copy = try #require(FileCopy.read(path: url.path))
        let size = try #require(ImageHeader.pixelSize(of: copy.data, format: .jpeg))
        for wholeFile in [copy, nil] {
            let error = #expect(throws: FrameDrawError.self) {
                _ = try ImageFileDecoder.decode(
                    path: url.path, data: copy.data, wholeFile: wholeFile, format: .jpeg, storedSize: size,
                    options: ImageLoadingOptions())
            }
            #expect(error?.description.contains("damaged.jpg") == true, "\(String(describing: error))")
        }
    }

    @Test func smallFilesAreLeftToFoundation() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write(try Image.opaque(width: 16, height: 16, Self.noise).pngData(), to: "small.png")
        #expect(FileCopy.read(path: url.path) == nil)
        #expect(FileCopy.read(path: directory.url.path) == nil)
        #expect(FileCopy.read(path: directory.file("missing.png").path) == nil)
    }
}
