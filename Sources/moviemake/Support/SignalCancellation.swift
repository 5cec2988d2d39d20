import ArgumentParser
import Foundation
import MovieKitCore
import Synchronization

/// Turns SIGINT (Ctrl-C) and SIGTERM into a cancelled render: the writer stops, its unfinished file
/// is discarded, and the command exits with 128 + the signal number (130 or 143).
///
/// The signals are blocked in every thread from the start of `main` (threads inherit the mask) and
/// taken by one thread with `sigwait`, so none can be lost or land on a thread that cannot act on
/// it. Outside a render, or on a second signal, the tool exits at once: nothing is left to clean up.
enum SignalCancellation {
    /// The signals that cancel a render.
    static let signals: [Int32] = [SIGINT, SIGTERM]

    private struct State {
        var cancel: (@Sendable () -> Void)?
        var received: Int32?
    }

    private static let state = Mutex(State())

    /// Blocks the signals and starts the thread that waits for them. Call first thing in `main`,
    /// before any other thread exists.
    static func installAtLaunch() {
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let thread = Thread {
            var set = signalSet()
            while true {
                var number: Int32 = 0
                guard sigwait(&set, &number) == 0 else { continue }
                let cancel = state.withLock { state -> (@Sendable () -> Void)? in
                    guard state.received == nil, let cancel = state.cancel else { return nil }
                    state.received = number
                    return cancel
                }
                guard let cancel else { _exit(128 + number) }
                cancel()
            }
        }
        thread.name = "moviemake.signals"
        thread.start()
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        return set
    }

    /// Runs `body` with the signals routed to `cancel`. If a signal arrived, the body's error
    /// (normally `MovieKitError.cancelled`) becomes `ExitCode(128 + signal)`.
    static func run<T>(cancel: @escaping @Sendable () -> Void, _ body: () throws -> T) throws -> T {
        state.withLock { $0 = State(cancel: cancel, received: nil) }
        defer { state.withLock { $0.cancel = nil } }
        do {
            let result = try body()
            if let number = state.withLock({ $0.received }) { throw ExitCode(128 + number) }
            return result
        } catch {
            guard let number = state.withLock({ $0.received }) else { throw error }
            let name = number == SIGINT ? "SIGINT" : "SIGTERM"
            FileHandle.standardError.write(Data("Cancelled by \(name); no file was written.\n".utf8))
            throw ExitCode(128 + number)
        }
    }
}
