import ArgumentParser
import Foundation
import FrameDraw
import MovieKitScene
import TestSupport
import Testing

@testable import moviemake

/// `--gl-transitions` and `MOVIEKIT_GL_TRANSITIONS`: a gl-transitions folder whose GLSL runs for
/// the names it has, in `moviemake render` and `moviemake slideshow`.
@Suite("moviemake --gl-transitions")
struct GLTransitionsOptionTests {
    /// A transition in the gl-transitions form that paints the overlap green: it stands in for
    /// MovieKit's `Dreamy` when the folder is given.
    static let greenDreamy = """
        // Author: MovieKit tests
        // License: Apache-2.0
        uniform vec3 paint; // = vec3(0.0, 1.0, 0.0)
        vec4 transition(vec2 uv) {
          return progress <= 0.0 ? getFromColor(uv) : progress >= 1.0 ? getToColor(uv) : vec4(paint, 1.0);
        }
        """

    /// A folder with `transitions/Dreamy.glsl`, an empty `photos` folder, and whatever else the test writes.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gl-transitions-\(UUID().uuidString)")
        for folder in ["transitions", "photos"] {
            try FileManager.default.createDirectory(
                at: url.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data(greenDreamy.utf8).write(to: url.appendingPathComponent("transitions/Dreamy.glsl"))
        return url
    }

    @Test func theFlagWinsOverTheEnvironmentAndBothLoadTheFolder() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let transitions = dir.appendingPathComponent("transitions").path
        let fromFlag = try TransitionOptions.parse(["--gl-transitions", transitions]).catalog(
            environment: ["MOVIEKIT_GL_TRANSITIONS": "/nonexistent"])
        #expect(fromFlag.collectionNames == ["Dreamy"])
        let fromEnvironment = try TransitionOptions.parse([]).catalog(environment: [
            "MOVIEKIT_GL_TRANSITIONS": transitions
        ])
        #expect(fromEnvironment.collectionNames == ["Dreamy"])
        #expect(
            try TransitionOptions.parse([]).catalog(environment: ["MOVIEKIT_GL_TRANSITIONS": ""]).collectionFolder
                == nil)
        #expect(try TransitionOptions.parse([]).catalog(environment: [:]).collectionFolder == nil)
    }

    @Test func aMissingFolderNamesTheVariableItCameFrom() throws {
        #expect {
            _ = try TransitionOptions.parse([]).catalog(environment: ["MOVIEKIT_GL_TRANSITIONS": "/nonexistent-folder"])
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("The gl-transitions folder /nonexistent-folder cannot be read (")
                && text.hasSuffix(
                    "; pass the folder of .glsl files, such as node_modules/gl-transitions/transitions. (The folder comes from MOVIEKIT_GL_TRANSITIONS; unset it to use MovieKit's own transitions.)"
                )
        }
    }

    /// `spec.json5` in `dir`: red, then blue, with a 1 s `Dreamy` transition from 1 s to 2 s.
    static func dreamySpec(in dir: URL) throws -> URL {
        let spec = """
            { width: 64, height: 32, fps: 10, clips: [
              { duration: 2, layers: [{ type: 'fill-color', color: 'red' }], transition: { name: 'Dreamy', duration: 1 } },
              { duration: 2, layers: [{ type: 'fill-color', color: 'blue' }] },
            ] }
            """
        let url = dir.appendingPathComponent("spec.json5")
        try Data(spec.utf8).write(to: url)
        return url
    }

    /// The colour at the middle of frame 15, halfway through a 1 s transition that starts at 1 s.
    static func middleOfTheOverlap(_ movie: URL) throws -> (r: Int, g: Int, b: Int) {
        let probe = try MovieProbe(url: movie)
        let frame = probe.frames[15]
        return frame.pixel(x: frame.width / 2, y: frame.height / 2)
    }

    @Test func renderRunsTheFoldersGLSLForAnEditlyName() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let specURL = try Self.dreamySpec(in: dir)
        let movie = dir.appendingPathComponent("out.mp4")
        let run = try ChunkCommandTests.moviemake([
            "render", specURL.path, "-o", movie.path, "--gl-transitions",
            dir.appendingPathComponent("transitions").path,
            "--preset", "ultrafast", "--quiet"
        ])
        #expect(run.status == 0, "\(run.errors)")
        let middle = try Self.middleOfTheOverlap(movie)
        #expect(middle.g > 200 && middle.r < 50 && middle.b < 50, "\(middle)")
        // Without the folder, MovieKit's own Dreamy: a wavy crossfade of red and blue.
        let own = dir.appendingPathComponent("own.mp4")
        let plain = try ChunkCommandTests.moviemake([
            "render", specURL.path, "-o", own.path, "--preset", "ultrafast", "--quiet"
        ])
        #expect(plain.status == 0, "\(plain.errors)")
        let crossfade = try Self.middleOfTheOverlap(own)
        #expect(crossfade.g < 50 && crossfade.r > 80 && crossfade.b > 80, "\(crossfade)")
    }

    @Test func slideshowReadsTheFolderFromTheEnvironment() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SlideshowCommandTests.photos(2, in: dir)
        let movie = dir.appendingPathComponent("show.mp4")
        var environment = ProcessInfo.processInfo.environment
        environment["MOVIEKIT_GL_TRANSITIONS"] = dir.appendingPathComponent("transitions").path
        let run = try ChunkCommandTests.moviemake(
            [
                "slideshow", dir.appendingPathComponent("photos").path, "-o", movie.path, "--transition", "dreamy",
                "--duration", "2", "--transition-duration", "1", "--size", "160x96", "--fps", "10", "--preset",
                "ultrafast", "--quiet"
            ], environment: environment)
        #expect(run.status == 0, "\(run.errors)")
        let middle = try Self.middleOfTheOverlap(movie)
        #expect(middle.g > 200 && middle.r < 50 && middle.b < 50, "\(middle)")
    }

    /// `moviemake preview` reads the spec, on every reload, with the folder's GLSL for its names.
    @Test func previewLoadsWithTheFoldersGLSL() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let specURL = try Self.dreamySpec(in: dir)
        func middleOfTheOverlap(_ arguments: [String]) throws -> Color {
            let source = try Preview.parse([specURL.path] + arguments).previewSource()
            // Loaded as a reload is, outside any task-local the command set.
            let scene = try source.load().scene
            let image = try SceneRenderer(scene: scene).image(at: 1.5)
            return image.pixel(atX: image.width / 2, y: image.height / 2)
        }
        let green = try middleOfTheOverlap(["--gl-transitions", dir.appendingPathComponent("transitions").path])
        #expect(green.green > 0.9 && green.red < 0.1 && green.blue < 0.1, "\(green)")
        let builtIn = try middleOfTheOverlap([])
        #expect(builtIn.green < 0.5, "MovieKit's own Dreamy: \(builtIn)")
    }
}
