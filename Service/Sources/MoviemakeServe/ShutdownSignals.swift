import Foundation
import Synchronization

/// SIGINT (Ctrl-C) and SIGTERM as a process manager sends them: the first begins the service's
/// graceful shutdown, a second one exits at once with 128 + the signal number.
///
/// The signals are blocked in every thread from the start of `main` (threads inherit the mask; a
/// `moviemake` that ran this executable had them blocked already) and taken by one thread with
/// `sigwait`, so none is lost or lands on a thread that cannot act on it.
enum ShutdownSignals {
    private static let signals: [Int32] = [SIGINT, SIGTERM]
    private static let state = Mutex<Int32?>(nil)

    /// The first signal received, if any.
    static var received: Int32? { state.withLock { $0 } }

    /// Blocks the signals; call first thing in `main`, before any other thread exists.
    static func blockAtLaunch() {
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Starts the thread that waits for the signals and calls `shutDown` on the first.
    static func start(shutDown: @escaping @Sendable () -> Void) {
        let thread = Thread {
            var set = signalSet()
            while true {
                var number: Int32 = 0
                guard sigwait(&set, &number) == 0 else { continue }
                let first = state.withLock { received in
                    defer { received = received ?? number }
                    return received == nil
                }
                guard first else { _exit(128 + number) }
                shutDown()
            }
        }
        thread.name = "moviemake-serve.signals"
        thread.start()
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        return set
    }
}

/// A failure that is not the user's usage: printed as its sentence, and the tool exits with status 1.
struct CommandFailure: Error, CustomStringConvertible, LocalizedError {
    var description: String
    var errorDescription: String? { description }

    init(_ description: String) {
        self.description = description
    }
}
