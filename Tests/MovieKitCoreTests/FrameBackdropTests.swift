import Foundation
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
        let backdrop = FrameBackdrop(width: 64, height: 32, format: .yuv420p, alpha: false)
        #expect(backdrop.show(picture))
        backdrop.noteDrawn(rows: 3.5...6.2)
        let taken = try #require(backdrop.take())
        #expect(taken.bands.map(\.converted) == [0..<16])
        // Taking forgets the picture.
        #expect(!backdrop.holdsPicture)
        #expect(backdrop.take() == nil)

        #expect(!FrameBackdrop(width: 64, height: 32, format: .yuv420p, alpha: true).show(picture))
        #expect(!FrameBackdrop(width: 64, height: 32, format: .yuv444p, alpha: false).show(picture))
        #expect(!FrameBackdrop(width: 64, height: 64, format: .yuv420p, alpha: false).show(picture))
    }

    @Test("Drawing over most of the frame, an unknown drawing, or a row past precision converts the whole frame")
    func givingUp() throws {
        let picture = try Frame(width: 64, height: 64, format: .yuv420p)
        let backdrop = FrameBackdrop(width: 64, height: 64, format: .yuv420p, alpha: false)
        backdrop.show(picture)
        backdrop.noteDrawn(rows: 0...56)
        #expect(backdrop.take() == nil)

        backdrop.show(picture)
        backdrop.giveUp()
        #expect(backdrop.take() == nil)

        backdrop.show(picture)
        backdrop.noteDrawn(rows: 10...Double.infinity)
        #expect(!backdrop.holdsPicture)

        // Rows outside the frame are nothing to convert.
        backdrop.show(picture)
        backdrop.noteDrawn(rows: -50 ... -2)
        backdrop.noteDrawn(rows: 70...90)
        #expect(try #require(backdrop.take()).bands.isEmpty)
    }
}
