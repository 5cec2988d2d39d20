import Foundation
import MovieKitCore
import MovieKitScene
import Synchronization

/// The preview's state: the last scene that loaded (kept while the input has an error), the
/// error if the last load failed, and the files to watch. Loads run one at a time.
final class PreviewSession: Sendable {
    /// A scene that loaded, ready to draw.
    struct Snapshot: Sendable {
        /// Counts loads that succeeded, so that frames of an older scene are never mixed in.
        var version: Int
        var renderer: SceneRenderer
        var format: String
        var layers: [LayerOutline]
        /// The document the scene was read from, or `nil` for a scene built in code.
        var document: SceneDocument?
    }

    /// What the page shows, at one moment.
    struct State: Sendable {
        /// Counts every load, successful or not: the page reloads when it changes.
        var generation = 0
        var snapshot: Snapshot?
        var problem: PreviewProblem?
        var files: [URL] = []
    }

    let source: PreviewSource
    private let state = Mutex(State())
    /// Serialises loads (a file watcher and a test may ask at once).
    private let loading = Mutex(())

    init(source: PreviewSource) {
        self.source = source
    }

    var current: State { state.withLock { $0 } }

    /// Reads the input again. On success the new scene replaces the old; on failure the old one
    /// stays and the problem is kept for the page.
    /// - Returns: The state after the load.
    @discardableResult
    func reload() -> State {
        loading.withLock { _ in
            do {
                let loaded = try source.load()
                let renderer = try SceneRenderer(scene: loaded.scene)
                let layers = LayerOutline.tree(of: loaded.scene.layers)
                return state.withLock { state in
                    let version = (state.snapshot?.version ?? 0) + 1
                    state.generation += 1
                    state.snapshot = Snapshot(
                        version: version, renderer: renderer, format: loaded.format, layers: layers,
                        document: loaded.document)
                    state.problem = nil
                    state.files = loaded.files
                    return state
                }
            } catch {
                let files = (error as? PreviewLoadError)?.files
                return state.withLock { state in
                    state.generation += 1
                    state.problem = PreviewProblem(error)
                    // Keep watching what the last good load used, and the input itself.
                    state.files = Array(Set(state.files + (files ?? []))).sorted { $0.path < $1.path }
                    return state
                }
            }
        }
    }
}
