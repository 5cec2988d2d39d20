import ArgumentParser
import Foundation
import MovieKitPreview
import MovieKitScene
import Synchronization

/// Serves a live preview of a scene in the browser, reloaded whenever its files change.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Preview a scene in the browser: scrub, play with sound, and see each save within half a second.",
        discussion: """
            INPUT is a scene file, slideshow manifest or editly spec (any format `render` reads), or a folder \
            of photos, laid out as `moviemake slideshow FOLDER` would. The page shows the frame at any time \
            exactly as `still` draws it, plays at real speed with the mixed audio, lists the layers, shows a \
            contact sheet and renders the movie (beside the input, with the extension .mp4). \
            The input and every file it uses are watched: a save shows the new frame at the same time, and \
            a file that fails to read shows its error with the line and column while the last good frame \
            stays. The server listens on 127.0.0.1 (this machine only) unless --host says otherwise. \
            Stop it with Ctrl-C.
            """
    )

    @Argument(help: "A scene file, slideshow manifest, editly spec or folder of photos.")
    var input: String

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: UInt16 = 8080

    @Option(help: "The address to listen on; 0.0.0.0 lets other machines connect.")
    var host = "127.0.0.1"

    @Flag(help: "Open the page in the default browser (xdg-open).")
    var open = false

    @OptionGroup var sceneOptions: SceneOptions
    @OptionGroup(title: "Transitions") var transitions: TransitionOptions

    func run() throws {
        let source = try previewSource()
        let server = PreviewServer(source: source)
        let outcome = PreviewOutcome()
        let finished = DispatchSemaphore(value: 0)
        Task { [host, port, open] in
            defer { finished.signal() }
            do {
                let url = try await server.start(host: host, port: port)
                FileHandle.standardOutput.write(Data("Preview of \(source.title) at \(url) (Ctrl-C stops it)\n".utf8))
                if open { Self.openBrowser(at: url) }
                try await server.waitUntilStopped()
            } catch {
                outcome.set(error)
            }
        }
        finished.wait()
        if let error = outcome.error { throw CommandFailure("\(error)") }
    }

    /// The input as a preview source: a file in any scene format, every load of which (the first and
    /// those after a save) looks transition names up in the `--gl-transitions` catalog, or a folder of
    /// photos as a slideshow.
    func previewSource() throws -> PreviewSource {
        let url = URL(fileURLWithPath: input).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ValidationError("No file or folder exists at \(input); check the spelling and the working directory.")
        }
        guard isDirectory.boolValue else {
            // A file with errors still opens: the page shows them until the file is fixed.
            let registry = sceneOptions.registry(transitions: try transitions.catalog())
            guard (try? registry.format(of: url)) != nil else {
                let extensions = registry.fileExtensions.map { "." + $0 }.joined(separator: ", ")
                throw ValidationError(
                    "\(input) is not a file MovieKit reads as a scene; use a scene file, slideshow manifest or editly spec (\(extensions)), or a folder of photos."
                )
            }
            return .file(
                url, variables: try sceneOptions.variables(), registry: registry)
        }
        let output = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".mp4")
        // A slideshow with the library's defaults, which are `moviemake slideshow`'s: read again when the
        // folder or a photo changes.
        return PreviewSource(title: url.lastPathComponent, renderOutput: output) {
            let show: Slideshow
            do {
                show = try Slideshow(inputs: [url], options: Slideshow.InputOptions())
            } catch let error as SlideshowInputError {
                throw CommandFailure(SlideshowCommand.sentence(for: error))
            }
            try show.validate()
            let photos = show.slides.compactMap { slide -> URL? in
                if case .photo(let photo) = slide.content { return photo }
                return nil
            }
            return PreviewSource.Loaded(scene: try show.scene(), files: [url] + photos, format: "folder of photos")
        }
    }

    static func openBrowser(at url: URL) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url.absoluteString]
        do {
            try process.run()
        } catch {
            FileHandle.standardError.write(Data("Could not open a browser (\(error)); open \(url) yourself.\n".utf8))
        }
    }
}

/// The error that stopped the preview, handed from its task to the command.
private final class PreviewOutcome: Sendable {
    private let stored = Mutex<(any Error)?>(nil)
    var error: (any Error)? { stored.withLock { $0 } }
    func set(_ error: any Error) { stored.withLock { $0 = error } }
}
