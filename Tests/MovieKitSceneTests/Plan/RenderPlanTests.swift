import Foundation
import MovieKitCore
import TestSupport
import Testing

@testable import MovieKitScene

/// ``RenderPlan``: one derivation of a movie's settings from a document, overrides and a destination,
/// which every front end uses.
@Suite("Render plan: a document's settings")
struct RenderPlanTests {
    static func spec(_ body: String, in folder: borrowing TemporaryDirectory) throws -> SceneDocument {
        let url = try folder.write(Data(body.utf8), to: "spec.json5")
        return try SceneDocument.load(contentsOf: url)
    }

    /// A 1920x1080 editly spec keeps its size for H.264, HEVC and AV1: no side is rounded to a
    /// multiple of 16, and nothing is scaled.
    @Test(arguments: [VideoCodec.h264, .hevc, .av1])
    func aDocumentSizedElsewhereKeepsItsSize(codec: VideoCodec) throws {
        let folder = try TemporaryDirectory()
        let document = try Self.spec(
            "{ width: 1920, height: 1080, clips: [{ duration: 1, layers: [{ type: 'fill-color', color: 'red' }] }] }",
            in: folder)
        var overrides = RenderOverrides()
        overrides.codec = codec
        let plan = try RenderPlan(document: document, output: folder.file("out.mp4"), overrides: overrides)
        #expect(plan.settings.width == 1920 && plan.settings.height == 1080)
        #expect(plan.notes.isEmpty)
        // A phone's vertical video too.
        let phone = try Self.spec(
            "{ width: 1080, height: 1920, clips: [{ duration: 1, layers: [{ type: 'fill-color', color: 'red' }] }] }",
            in: folder)
        let vertical = try RenderPlan(document: phone, output: folder.file("out.mp4"), overrides: overrides)
        #expect(vertical.settings.width == 1080 && vertical.settings.height == 1920)
    }

    /// An odd side cannot be coded in 4:2:0: it is rounded up to an even one, with a note that says so.
    @Test func anOddSideIsRoundedToTheNearestEvenSizeWithANote() throws {
        let folder = try TemporaryDirectory()
        let document = try Self.spec(
            "{ width: 101, height: 51, clips: [{ duration: 1, layers: [{ type: 'fill-color', color: 'red' }] }] }",
            in: folder)
        let plan = try RenderPlan(document: document, output: folder.file("out.mp4"))
        #expect(plan.settings.width == 102 && plan.settings.height == 52)
        #expect(plan.notes.count == 1 && plan.notes[0].contains("the canvas is 101x51"), "\(plan.notes)")
    }

    /// MovieKit's own scene files are refused a size the codec cannot take, so that their author picks it;
    /// sizes the overrides give both sides of are checked the same way.
    @Test func aSceneFileMustNameASizeTheCodecTakes() throws {
        let folder = try TemporaryDirectory()
        let url = try folder.write(
            Data("canvas: {width: 1920, height: 1080, duration: 1}\nlayers: []\n".utf8), to: "scene.yaml")
        let document = try SceneDocument.load(contentsOf: url)
        #expect(throws: MovieKitError.invalidDimension(name: "Height", value: 1080, nearest: [1072, 1088])) {
            try RenderPlan(document: document, output: folder.file("out.mp4"))
        }
        var overrides = RenderOverrides()
        overrides.height = 1088
        let taller = try RenderPlan(document: document, output: folder.file("out.mp4"), overrides: overrides)
        #expect(taller.settings.height == 1088)
        // A codec that takes any size takes the canvas as it is.
        #expect(try RenderPlan(document: document, output: folder.file("out.webm")).settings.height == 1080)
    }

    /// editly's `fast: true` is a draft (half the size, ultrafast), and `customOutputArgs` give the
    /// codec, quality and depth; the overrides win over both.
    @Test func aDocumentsEncodingRequestAppliesUnderTheOverrides() throws {
        let folder = try TemporaryDirectory()
        let document = try Self.spec(
            """
            { width: 640, height: 360, fast: true,
              customOutputArgs: ['-c:v', 'libx265', '-crf', '18', '-pix_fmt', 'yuv420p10le', '-tune', 'fastdecode'],
              clips: [{ duration: 1, layers: [{ type: 'fill-color', color: 'red' }] }] }
            """, in: folder)
        let plan = try RenderPlan(document: document, output: folder.file("out.mp4"))
        #expect(plan.settings.width == 320 && plan.settings.height == 180)
        #expect(plan.settings.preset == .ultrafast)
        #expect(plan.settings.codec == .hevc && plan.settings.crf == 18 && plan.settings.bitDepth == .ten)
        #expect(plan.settings.tune == .fastdecode)
        var overrides = RenderOverrides()
        overrides.crf = 30
        overrides.bitDepth = .eight
        let overridden = try RenderPlan(document: document, output: folder.file("out.mp4"), overrides: overrides)
        #expect(overridden.settings.crf == 30 && overridden.settings.bitDepth == .eight)
        #expect(overridden.settings.codec == .hevc, "what the overrides leave unset comes from the document")
    }

    /// A transparent document keeps its alpha where the output can carry it, and an overlay in a
    /// `.mov` gets ProRes 4444; `alpha: false` makes it opaque.
    @Test func aTransparentDocumentKeepsAlphaWhereTheOutputCan() throws {
        let folder = try TemporaryDirectory()
        var canvas = Canvas(width: 96, height: 64, duration: 1)
        canvas.background = .clear
        let scene = Scene(canvas: canvas, layers: [])
        var document = SceneDocument(url: folder.file("a.json"), format: "test", scene: scene)
        document.hasTransparentCanvas = true
        #expect(try RenderPlan(document: document, output: folder.file("a.webm")).settings.alpha)
        #expect(try !RenderPlan(document: document, output: folder.file("a.mp4")).settings.alpha)
        #expect(try RenderPlan(document: document, output: folder.file("a.mov")).settings.codec == .h264)
        document.isOverlay = true
        let overlay = try RenderPlan(document: document, output: folder.file("a.mov"))
        #expect(overlay.settings.alpha && overlay.settings.codec == .prores(.p4444))
        var opaque = RenderOverrides()
        opaque.alpha = false
        #expect(try !RenderPlan(document: document, output: folder.file("a.webm"), overrides: opaque).settings.alpha)
    }
}
