import Foundation
import FrameDraw
import LibAV
import Testing

@testable import MovieKitCore

/// Which rows of a frame are converted over a clip's decoded picture (`FrameBackdrop`); the pixels
/// themselves are checked by `SubtitlesOverClipTests`.
@Suite("Frame backdrop")
struct FrameBackdropTests {
    typealias Band = FrameBackdrop.Band

    @Test("A band widens what was drawn by the filter's reach, aligns it, and restores its inner edges")
    func bandAroundOneLine() {
        let bands = FrameBackdrop.bands([100..<130], alignment: 16, height: 240)
        #expect(bands == [Band(converted: 96..<144, restored: [96..<100, 140..<144])])
    }

    @Test("Bands at the frame's edges convert to the edge and restore nothing there")
    func bandsAtTheEdges() {
        #expect(
            FrameBackdrop.bands([0..<3], alignment: 16, height: 240) == [Band(converted: 0..<16, restored: [12..<16])])
        #expect(
            FrameBackdrop.bands([230..<240], alignment: 16, height: 240)
                == [Band(converted: 224..<240, restored: [224..<228])])
        // A height that is not a multiple of the alignment ends the last band at the frame's bottom.
        #expect(
            FrameBackdrop.bands([1075..<1079], alignment: 16, height: 1080)
                == [Band(converted: 1056..<1080, restored: [1056..<1060])])
    }

    @Test("Rows drawn close together, in any order, make one band")
    func overlappingRowsMerge() {
        let bands = FrameBackdrop.bands([200..<210, 20..<30, 25..<40, 212..<215], alignment: 16, height: 480)
        #expect(bands.map(\.converted) == [16..<48, 192..<224])
        #expect(FrameBackdrop.bands([], alignment: 16, height: 480).isEmpty)
    }

    @Test("The backdrop takes only pictures of the frame's size in yuv420p, for encoders without alpha")
    func takesOnlyEncoderReadyPictures() throws {
        let picture = try Frame(width: 64, height: 32, format: .yuv420p)
        let backdrop = try Self.backdrop(width: 64, height: 32)
        #expect(backdrop.show(picture))
        backdrop.noteDrawn(rows: 3.5...6.2)
        let taken = try #require(try backdrop.take())
        #expect(taken.bands.map(\.converted) == [0..<16])
        // Taking forgets the picture.
        #expect(!backdrop.holdsPicture)
        #expect(try backdrop.take() == nil)

        #expect(try !Self.backdrop(width: 64, height: 32, alpha: true).show(picture))
        #expect(try !Self.backdrop(width: 64, height: 32, format: .yuv444p).show(picture))
        #expect(try !Self.backdrop(width: 64, height: 64).show(picture))
    }

    @Test("Drawing over most of the frame, an unknown drawing, or a row past precision converts the whole frame")
    func givingUp() throws {
        let picture = try Frame(width: 64, height: 64, format: .yuv420p)
        let backdrop = try Self.backdrop(width: 64, height: 64)
        #expect(backdrop.show(picture))
        backdrop.noteDrawn(rows: 0...56)
        #expect(try backdrop.take() == nil)

        #expect(backdrop.show(picture))
        backdrop.giveUp()
        #expect(try backdrop.take() == nil)

        #expect(backdrop.show(picture))
        backdrop.noteDrawn(rows: 10...Double.infinity)
        #expect(!backdrop.holdsPicture)

        // Rows past Int's range (a layer moved far off the frame) are clamped to the frame, not converted.
        #expect(backdrop.show(picture))
        backdrop.noteDrawn(rows: -1e300...1e300)
        #expect(try backdrop.take() == nil)
        #expect(backdrop.show(picture))
        backdrop.noteDrawn(rows: 1e300...1e301)
        #expect(try #require(try backdrop.take()).bands.isEmpty)

        // Rows outside the frame are nothing to convert.
        #expect(backdrop.show(picture))
        backdrop.noteDrawn(rows: -50 ... -2)
        backdrop.noteDrawn(rows: 70...90)
        #expect(try #require(try backdrop.take()).bands.isEmpty)
    }

    @Test("The picture's rows are written into the frame where something will be drawn, and nowhere else")
    func writesOnlyTheRowsDrawnOn() throws {
        // A grey ramp down the picture, three levels a row, converted to yuv420p as frames are.
        var ramp = [UInt8](repeating: 255, count: 64 * 64 * 4)
        for row in 0..<64 {
            for column in 0..<64 {
                for channel in 0..<3 { ramp[(row * 64 + column) * 4 + channel] = UInt8(row * 3) }
            }
        }
        let picture = try Frame(width: 64, height: 64, format: .yuv420p)
        try ramp.withUnsafeBytes {
            try Scaler(bgraWidth: 64, height: 64).convert(bgra: $0, stride: 64 * 4, into: picture)
        }
        let surface = try CairoSurface(width: 64, height: 64)
        surface.fill(argb: 0xFFFF_0000)  // red: what an earlier frame left
        let backdrop = FrameBackdrop(surface: surface, format: .yuv420p, alpha: false)
        #expect(backdrop.show(picture))
        backdrop.noteDrawn(rows: 40...41)
        surface.withPixelBytes { bytes in
            func pixel(_ row: Int) -> (UInt8, UInt8, UInt8) {
                (bytes[row * surface.stride + 2], bytes[row * surface.stride + 1], bytes[row * surface.stride])
            }
            // The band converting rows 40...41 back (32..<48) holds the picture, grey as its luma says.
            for row in 32..<48 {
                let (red, green, blue) = pixel(row)
                #expect(
                    [red, green, blue].allSatisfy { abs(Int($0) - row * 3) <= 2 },
                    "row \(row): \(red), \(green), \(blue)")
            }
            // Rows far from it are left as they were.
            #expect(pixel(0) == (255, 0, 0))
            #expect(pixel(63) == (255, 0, 0))
        }
    }

    static func backdrop(width: Int, height: Int, format: PixelFormat = .yuv420p, alpha: Bool = false) throws
        -> FrameBackdrop
    {
        FrameBackdrop(surface: try CairoSurface(width: width, height: height), format: format, alpha: alpha)
    }
}
