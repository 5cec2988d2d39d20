import Foundation
import Testing

@testable import FrameDraw

/// Replays every committed fuzzing input (Fuzz/Corpus/<target>/) through the entry point its target
/// fuzzes, with the same checks, in the ordinary suite. An input that once crashed goes into its
/// target's folder when the crash is fixed, and stays here as a regression test.
@Suite("Fuzzing corpus replay")
struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Corpus")

    static func inputs(_ target: String) -> [URL] {
        let folder = corpus.appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test func everyTargetHasSeeds() {
        for target in ["FuzzSVGPath", "FuzzExifOrientation", "FuzzMarkup", "FuzzImageLoader"] {
            #expect(!Self.inputs(target).isEmpty, "Fuzz/Corpus/\(target) is empty")
        }
    }

    @Test(arguments: inputs("FuzzSVGPath"))
    func svgPathData(_ file: URL) throws {
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        do {
            _ = try Path(svgPathData: text).boundingBox
        } catch FrameDrawError.invalidSVGPath(let offset, _) {
            #expect((0...text.unicodeScalars.count).contains(offset))
        }
    }

    @Test(arguments: inputs("FuzzExifOrientation"))
    func exifOrientation(_ file: URL) throws {
        #expect((1...8).contains(ExifOrientation(imageFile: try Data(contentsOf: file)).rawValue))
    }

    @Test(arguments: inputs("FuzzMarkup"))
    func markup(_ file: URL) throws {
        let markup = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        do {
            let style = TextStyle(font: Font(family: "DejaVu Sans", size: 14))
            let size = try style.metrics(forMarkup: markup).size
            #expect(size.width >= 0 && size.height >= 0)
            // Drawn as the fuzz target draws it: Cairo must not stop the picture.
            _ = try Image(size: CGSize(width: 48, height: 24)) { context in
                try context.draw(markup: markup, in: CGRect(x: 2, y: 2, width: 44, height: 20), style: style)
            }
        } catch FrameDrawError.invalidMarkup, FrameDrawError.textLayoutFailed, FrameDrawError.textTooLarge {
            // Refused with a message.
        }
    }

    @Test(arguments: inputs("FuzzImageLoader"))
    func imageLoading(_ file: URL) throws {
        for maxPixelSize in [nil, 24] as [Int?] {
            do {
                let image = try Image(contentsOf: file, maxPixelSize: maxPixelSize)
                #expect(image.width > 0 && image.height > 0)
                if let maxPixelSize { #expect(max(image.width, image.height) <= maxPixelSize) }
            } catch is FrameDrawError {
                // Refused with a message naming the file.
            }
        }
    }
}
