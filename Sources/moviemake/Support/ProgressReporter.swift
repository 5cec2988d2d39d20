import Foundation
import Synchronization

/// Reports progress of a long render on standard error, at most a few times per second.
/// Safe to update from several drawing threads.
final class ProgressReporter: Sendable {
    private struct State {
        var lastReport = Date.distantPast
        var lastCompleted = -1
    }

    private let total: Int
    private let enabled: Bool
    private let start = Date()
    private let interactive = isatty(STDERR_FILENO) != 0
    private let state = Mutex(State())

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    func update(completed: Int) {
        guard enabled else { return }
        let now = Date()
        let due = state.withLock { state -> Bool in
            guard completed > state.lastCompleted else { return false }
            guard now.timeIntervalSince(state.lastReport) >= (interactive ? 0.2 : 2) || completed == total else { return false }
            state.lastReport = now
            state.lastCompleted = completed
            return true
        }
        guard due else { return }
        let elapsed = now.timeIntervalSince(start)
        let rate = elapsed > 0 ? Double(completed) / elapsed : 0
        let percent = total > 0 ? completed * 100 / total : 100
        let line = "Rendering: \(completed)/\(total) frames (\(percent)%), \(String(format: "%.1f", rate)) fps"
        write(interactive ? "\r" + line : line + "\n")
    }

    func finish(message: String) {
        guard enabled else { return }
        if interactive { write("\n") }
        write(message + "\n")
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
