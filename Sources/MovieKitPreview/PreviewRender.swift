import Foundation
import MovieKitCore
import MovieKitScene
import Synchronization

/// The page's render button: one movie at a time, written with the scene's own settings, and its progress.
final class PreviewRender: Sendable {
    struct Status: Codable, Sendable, Equatable {
        enum State: String, Codable, Sendable { case idle, running, finished, failed }
        var state = State.idle
        var encodedFrames = 0
        var totalFrames = 0
        var output: String?
        var message: String?
    }

    private let status = Mutex(Status())

    var current: Status { status.withLock { $0 } }

    /// Starts writing the movie of `renderer` to `output` on a background thread, replacing the file.
    /// - Parameter settings: The movie's settings (its document's plan), or `nil` for the canvas's own.
    /// - Returns: `false` when a render is already running.
    func start(_ renderer: SceneRenderer, settings: MovieSettings?, to output: URL) -> Bool {
        let started = status.withLock { status in
            guard status.state != .running else { return false }
            status = Status(
                state: .running, totalFrames: renderer.canvas.frameCount, output: output.path)
            return true
        }
        guard started else { return false }
        Thread.detachNewThread { [self] in
            do {
                let render = MovieRender(
                    renderer: renderer, output: output, settings: try settings ?? renderer.movieSettings(),
                    identity: output.path)
                try render.run(overwrite: true) { progress in
                    self.status.withLock {
                        $0.encodedFrames = progress.encodedFrames
                        $0.totalFrames = progress.totalFrames
                    }
                }
                status.withLock { $0.state = .finished }
            } catch {
                status.withLock {
                    $0.state = .failed
                    $0.message = "\(error)"
                }
            }
        }
        return true
    }
}
