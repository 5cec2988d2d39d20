import Foundation
import FrameDraw
import MovieKitCore
import TestSupport
import Testing

@testable import MovieKitScene

/// `Slideshow(inputs:options:)`: photo files and folders become slides in the library, as
/// `moviemake slideshow` and `moviemake preview FOLDER` use them.
@Suite("Slideshows from photo folders")
struct SlideshowInputTests {
    @Test func aFolderPlaysInNaturalOrderWithTitleCaptionsAndHiddenFilesSkipped() throws {
        let dir = try TemporaryDirectory()
        let folder = dir.file("trip")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let photos = try SlideshowTests.photos([.red, .green, .blue], in: dir)
        for (photo, name) in zip(photos, ["img10.png", "img2.png", ".hidden.png"]) {
            try FileManager.default.moveItem(at: photo, to: folder.appendingPathComponent(name))
        }
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        var options = Slideshow.InputOptions()
        options.title = "Trip"
        options.caption = .filename
        var layout = Slideshow(width: 160, height: 96, fps: 10)
        layout.slideDuration = 2
        let show = try Slideshow(inputs: [folder], options: options, layout: layout)
        #expect(show.width == 160 && show.slideDuration == 2)
        #expect(show.slides.count == 3)
        guard case .title(let title) = show.slides[0].content else {
            Issue.record("the first slide is not the title")
            return
        }
        #expect(title == "Trip")
        let names = show.slides.dropFirst().compactMap { slide -> String? in
            if case .photo(let url) = slide.content { return url.lastPathComponent }
            return nil
        }
        #expect(names == ["img2.png", "img10.png"])
        #expect(show.slides.dropFirst().map(\.caption) == ["img2", "img10"])
        try show.validate()
    }

    @Test func inputsThatHoldNoPhotosAreRefusedWithTypedErrors() throws {
        let dir = try TemporaryDirectory()
        let missing = dir.file("nowhere")
        #expect(throws: SlideshowInputError.missingInput(path: missing.path)) {
            try Slideshow(inputs: [missing], options: .init())
        }
        let empty = dir.file("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(throws: SlideshowInputError.noPhotos(paths: [empty.path], recursive: false)) {
            try Slideshow(inputs: [empty], options: .init())
        }
        // No flag names in the library's sentences: the command line adds its own.
        #expect(!SlideshowInputError.noMusicToFit.description.contains("--"))
        #expect(!SlideshowInputError.noPhotos(paths: ["x"], recursive: false).description.contains("--"))
        let photos = try SlideshowTests.photos([.red], in: dir)
        var options = Slideshow.InputOptions()
        options.fitsMusic = true
        #expect(throws: SlideshowInputError.noMusicToFit) { try Slideshow(inputs: photos, options: options) }
    }
}
