import ArgumentParser
import Foundation
import MovieKitScene
import TestSupport
import Testing

@testable import moviemake

/// `moviemake preview`: which inputs it takes and how it reads them (the server itself is tested in MovieKitPreviewTests).
@Suite("moviemake preview")
struct PreviewCommandTests {
    static func preview(_ arguments: [String]) throws -> Preview {
        try #require(try Moviemake.parseAsRoot(["preview"] + arguments) as? Preview)
    }

    @Test func defaultsListenOnThisMachineOnly() throws {
        let command = try Self.preview(["scene.yaml"])
        #expect(command.host == "127.0.0.1")
        #expect(command.port == 8080)
        #expect(!command.open)
        #expect(try Self.preview(["scene.yaml", "--port", "0", "--host", "0.0.0.0", "--open"]).port == 0)
    }

    @Test func aFolderOfPhotosIsLaidOutAsTheSlideshowCommandWould() throws {
        let dir = try SlideshowCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SlideshowCommandTests.photos(3, in: dir)
        let photos = dir.appendingPathComponent("photos")
        let source = try Self.preview([photos.path]).previewSource()
        let loaded = try source.load()
        // Three 3 s slides overlapping by two 0.5 s crossfades, at the slideshow's default 30 fps.
        #expect(loaded.scene.canvas.frameCount == 240)
        #expect(loaded.scene.canvas.width == 1280)
        #expect(loaded.files.count == 4)
        #expect(loaded.files.first?.path == photos.standardizedFileURL.path)
        #expect(source.renderOutput?.lastPathComponent == "photos.mp4")
    }

    @Test func aSceneFileIsReadByItsFormatAndOtherFilesAreRefused() throws {
        let folder = try TemporaryDirectory()
        let scene = try folder.write(
            Data("canvas: {width: 64, height: 48, duration: 1}\nlayers: []\n".utf8), to: "scene.yaml")
        let loaded = try Self.preview([scene.path]).previewSource().load()
        #expect(loaded.format == "scene file")
        #expect(loaded.files == [scene.standardizedFileURL])
        let text = try folder.write(Data("hello".utf8), to: "notes.txt")
        #expect(throws: ValidationError.self) { try Self.preview([text.path]).previewSource() }
        #expect(throws: ValidationError.self) { try Self.preview([folder.file("missing.yaml").path]).previewSource() }
    }
}
