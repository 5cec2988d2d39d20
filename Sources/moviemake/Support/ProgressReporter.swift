import Foundation
import Synchronization

/// Reports progress of a long render on standard error: a bar with frames, fps and time left on a
/// terminal, or one JSON line a second for tools; `.auto` (not on a terminal) prints only the
/// closing summary, and `.none` nothing. Safe to update from several threads.
final class ProgressReporter: Sendable {
    private struct State {
        var lastReport = Date.distantPast
        var lastCompleted = -1
    }

    private let total: Int
    private let style: ProgressOptions.Style
    private let start = Date()
    private let state = Mutex(State())

    init(total: Int, style: ProgressOptions.Style) {
        self.total = total
        self.style = style
    }

    func update(completed: Int) {
        guard style == .bar || style == .json else { return }
        let now = Date()
        let due = state.withLock { state -> Bool in
            guard completed > state.lastCompleted else { return false }
            let interval = style == .bar ? 0.2 : 1.0
            guard now.timeIntervalSince(state.lastReport) >= interval || completed == total else { return false }
            state.lastReport = now
            state.lastCompleted = completed
            return true
        }
        guard due else { return }
        let elapsed = now.timeIntervalSince(start)
        let rate = elapsed > 0 ? Double(completed) / elapsed : 0
        if style == .json {
            write("{\"encodedFrames\":\(completed),\"totalFrames\":\(total),\"fps\":\(String(format: "%.2f", rate))}\n")
            return
        }
        let fraction = total > 0 ? Double(completed) / Double(total) : 1
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        let remaining = rate > 0 ? Double(total - completed) / rate : 0
        let eta = String(format: "%d:%02d", Int(remaining) / 60, Int(remaining) % 60)
        write("\r\(bar) \(completed)/\(total) frames, \(String(format: "%.1f", rate)) fps, \(eta) left ")
    }

    func finish(message: String?) {
        if style == .bar { write("\n") }
        if style == .bar || style == .auto, let message { write(message + "\n") }
    }

    /// Reads a progress line that a child `moviemake --progress json` printed.
    static func parse(jsonLine line: String) -> (encoded: Int, total: Int)? {
        guard let data = line.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let encoded = object["encodedFrames"] as? Int, let total = object["totalFrames"] as? Int
        else { return nil }
        return (encoded, total)
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
