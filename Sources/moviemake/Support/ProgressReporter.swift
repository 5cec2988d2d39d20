import Foundation
import Synchronization

/// Reports progress of a long render on standard error: a bar with frames, the rate, the time left
/// and the time elapsed on a terminal, or one JSON line a second for tools; `.auto` (not on a
/// terminal) prints only the closing summary, and `.none` nothing. Safe to update from several threads.
///
/// The bar is shown from the start and redrawn every second even while no frame arrives, so that a
/// render whose frames take seconds (GL shaders on llvmpipe) shows its clock running, and its time
/// left from the first frame on (`ProgressEstimate`).
final class ProgressReporter: Sendable {
    private struct State {
        var lastReport = Date.distantPast
        var lastCompleted = -1
        /// The frames done and when the last of them arrived, whether reported or not.
        var completed = 0
        var completedAt = Date.distantPast
        /// The length of the bar's last text, to blank what a shorter one leaves.
        var lastLength = 0
        var finished = false
    }

    private let total: Int
    private let style: ProgressOptions.Style
    /// Text before the bar, asked for at each redraw (a batch's rows done).
    private let label: @Sendable () -> String
    private let start = Date()
    private let state = Mutex(State())
    /// Signalled to stop the thread that redraws the bar.
    private let stopTicking = DispatchSemaphore(value: 0)

    init(total: Int, style: ProgressOptions.Style, label: @escaping @Sendable () -> String = { "" }) {
        self.total = total
        self.style = style
        self.label = label
        guard style == .bar else { return }
        state.withLock { drawBar(&$0, now: start) }
        let thread = Thread { [weak self, stopTicking] in
            while stopTicking.wait(timeout: .now() + 1) == .timedOut {
                guard let self else { return }
                self.tick()
            }
        }
        thread.name = "moviemake.progress"
        thread.start()
    }

    deinit {
        stopTicking.signal()
    }

    func update(completed: Int) {
        guard style == .bar || style == .json else { return }
        let now = Date()
        state.withLock { state in
            guard !state.finished, completed > state.lastCompleted else { return }
            if completed > state.completed {
                state.completed = completed
                state.completedAt = now
            }
            let interval = style == .bar ? 0.2 : 1.0
            guard now.timeIntervalSince(state.lastReport) >= interval || completed == total else { return }
            state.lastCompleted = completed
            if style == .bar {
                drawBar(&state, now: now)
                return
            }
            state.lastReport = now
            let elapsed = now.timeIntervalSince(start)
            let rate = elapsed > 0 ? Double(completed) / elapsed : 0
            write("{\"encodedFrames\":\(completed),\"totalFrames\":\(total),\"fps\":\(String(format: "%.2f", rate))}\n")
        }
    }

    func finish(message: String?) {
        stopTicking.signal()
        state.withLock { state in
            if style == .bar, !state.finished { write("\n") }
            state.finished = true
            if style == .bar || style == .auto, let message { write(message + "\n") }
        }
    }

    /// Writes `line` on a line of its own above the bar (or alone, without a bar).
    func log(_ line: String) {
        state.withLock { state in
            guard style != .none else { return }
            guard style == .bar, !state.finished else {
                write(line + "\n")
                return
            }
            let padding = String(repeating: " ", count: max(state.lastLength - line.count, 0))
            write("\r" + line + padding + "\n")
            state.lastLength = 0
            drawBar(&state, now: Date())
        }
    }

    /// Redraws the bar when it has not been drawn for a second: the clock runs between frames.
    private func tick() {
        let now = Date()
        state.withLock { state in
            guard !state.finished, now.timeIntervalSince(state.lastReport) >= 0.9 else { return }
            drawBar(&state, now: now)
        }
    }

    /// Writes the bar over the last one. Called with the state locked, so that lines never interleave.
    private func drawBar(_ state: inout State, now: Date) {
        let estimate = ProgressEstimate(
            total: total, completed: state.completed, elapsed: now.timeIntervalSince(start),
            completedAt: state.completed > 0 ? state.completedAt.timeIntervalSince(start) : 0)
        let text = label() + estimate.barText
        let padding = String(repeating: " ", count: max(state.lastLength - text.count, 0) + 1)
        write("\r" + text + padding)
        state.lastLength = text.count
        state.lastReport = now
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
