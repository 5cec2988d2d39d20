import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import Testing

@Suite("Scene rendering")
struct SceneRenderingTests {
    static let sceneYAML = """
        canvas: {width: 320, height: 176, fps: 10, duration: 2, background: "#000000"}
        layers:
          - {type: rect, size: [80, 80], position: [60, 88], fill: "#FF0000", in: 0.5, out: 1.5}
          - type: group
            size: [100, 100]
            position: [250, 88]
            clip: true
            layers:
              - {type: ellipse, size: [60, 60], position: [50, 50], fill: "#00FF00"}
              - {type: rect, size: [40, 40], position: [120, 50], fill: "#0000FF"}
        """

    @Test func aRenderedMovieShowsEachLayerOnlyBetweenItsInAndOutPoints() throws {
        let folder = try TemporaryFolder()
        let scene = try SceneFile.decode(Self.sceneYAML, format: .yaml, fileName: "probe.yaml", baseURL: folder.url)
        let renderer = try SceneRenderer(scene: scene)
        let movie = folder.file("probe.mp4")
        try renderer.render(to: movie)
        let frames = try DecodedMovie.frames(of: movie, at: [0.2, 1.0, 1.8])
        try #require(frames.count == 3)
        #expect(frames.map(\.width) == [320, 320, 320])
        #expect(isClose(frames[0].rgb(x: 60, y: 88), (0, 0, 0)))
        #expect(isClose(frames[1].rgb(x: 60, y: 88), (255, 0, 0)))
        #expect(isClose(frames[2].rgb(x: 60, y: 88), (0, 0, 0)))
        // The group's child sits in the group's own space, centred at (250, 88) on the canvas.
        #expect(isClose(frames[1].rgb(x: 250, y: 88), (0, 255, 0)))
    }

    @Test func aClippingGroupHidesChildrenOutsideItsBounds() throws {
        let scene = try SceneFile.decode(
            Self.sceneYAML, format: .yaml, fileName: "probe.yaml", baseURL: URL(fileURLWithPath: "/"))
        let image = try SceneRenderer(scene: scene).image(at: 1)
        // The blue rect spans x = 300…340 on the canvas, past the group's right edge at 300.
        #expect(isClose(image.rgb(x: 310, y: 88), (0, 0, 0), tolerance: 0))
        var unclipped = scene
        if case .group(var group) = unclipped.layers[1].content {
            group.clipsContent = false
            unclipped.layers[1].content = .group(group)
        }
        #expect(isClose(try SceneRenderer(scene: unclipped).image(at: 1).rgb(x: 310, y: 88), (0, 0, 255), tolerance: 0))
    }

    @Test func aTranslucentGroupFadesItsChildrenAsOnePicture() throws {
        let scene = Scene(width: 100, height: 100, duration: 1, background: .black) {
            Layer.group {
                Layer.rect().size(width: 60, height: 60).position(x: 40, y: 50).fill(.white)
                Layer.rect().size(width: 60, height: 60).position(x: 60, y: 50).fill(.white)
            }
            .opacity(0.5)
        }
        let image = try SceneRenderer(scene: scene).image(at: 0)
        let single = image.rgb(x: 15, y: 50)
        let overlap = image.rgb(x: 50, y: 50)
        #expect(isClose(single, (128, 128, 128), tolerance: 2))
        #expect(overlap == single)
    }

    @Test func aMaskKeepsOnlyWhatItCoversAndAnInvertedMaskTheRest() throws {
        func render(inverted: Bool) throws -> Image {
            let scene = Scene(width: 100, height: 100, duration: 1, background: .black) {
                Layer.rect().fill(.red)
                    .mask(Layer.rect().size(width: 50, height: 100).position(x: 25, y: 50), inverted: inverted)
            }
            return try SceneRenderer(scene: scene).image(at: 0)
        }
        let kept = try render(inverted: false)
        #expect(kept.rgb(x: 10, y: 50) == (255, 0, 0))
        #expect(kept.rgb(x: 90, y: 50) == (0, 0, 0))
        let removed = try render(inverted: true)
        #expect(removed.rgb(x: 10, y: 50) == (0, 0, 0))
        #expect(removed.rgb(x: 90, y: 50) == (255, 0, 0))
    }

    @Test func anyFrameDrawsTheSameAloneAsInSequence() throws {
        let scene = try SceneFile.decode(
            Self.sceneYAML, format: .yaml, fileName: "probe.yaml", baseURL: URL(fileURLWithPath: "/"))
        let renderer = try SceneRenderer(scene: scene)
        let alone = try renderer.image(at: 1.0).pngData()
        for time in [0.0, 0.3, 1.7] { _ = try renderer.image(at: time) }
        #expect(try renderer.image(at: 1.0).pngData() == alone)
    }

    @Test func customLayersDrawInTheirBoundsWithTheTime() throws {
        let scene = Scene(width: 100, height: 100, duration: 2, background: .black) {
            Layer.custom { context, time in
                context.setFillColor(time >= 1 ? .blue : .green)
                context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            }
            .size(width: 20, height: 20)
            .position(x: 50, y: 50)
        }
        let renderer = try SceneRenderer(scene: scene)
        #expect(try renderer.image(at: 0).rgb(x: 45, y: 45) == (0, 255, 0))
        #expect(try renderer.image(at: 1.5).rgb(x: 45, y: 45) == (0, 0, 255))
        #expect(try renderer.image(at: 1.5).rgb(x: 55, y: 55) == (0, 0, 0))
    }

    @Test func aSmallerContextShowsTheWholeSceneScaledToFit() throws {
        let scene = Scene(width: 200, height: 100, duration: 1, background: .blue) {
            Layer.rect().size(width: 100, height: 100).position(x: 150, y: 50).fill(.red)
        }
        let image = try SceneRenderer(scene: scene).image(at: 0, size: CGSize(width: 100, height: 100))
        #expect(image.rgb(x: 75, y: 50) == (255, 0, 0))
        #expect(image.rgb(x: 25, y: 50) == (0, 0, 255))
        #expect(image.rgb(x: 50, y: 10) == (0, 0, 255))  // the letterbox bar is the background
    }
}
