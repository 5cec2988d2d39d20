import ArgumentParser
import Dispatch
import Foundation
import MovieKitCore
import Synchronization

/// Turns SIGINT (Ctrl-C) and SIGTERM into a cancelled render: the writer stops, its temporary
/// file is removed, and the command exits with 128 + the signal number (130 or 143).
/// A second signal while cancelling exits at once; there is nothing left to clean up by then.
enum SignalCancellation {
    /// The signals that cancel a render.
    static let signals: [Int32] = [SIGINT, SIGTERM]

    /// Runs `body` with the signals routed to `cancel`. If a signal arrived, the body's error
    /// (normally `MovieKitError.cancelled`) becomes `ExitCode(128 + signal)`.
    static func run<T>(cancel: @escaping @Sendable () -> Void, _ body: () throws -> T) throws -> T {
        let received = Mutex<Int32?>(nil)
        let queue = DispatchQueue(label: "moviemake.signals")
        let sources = signals.map { number in
            signal(number, SIG_IGN)  // Dispatch sees the signal; the default action would kill us first.
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                let first = received.withLock { value -> Bool in
                    defer { value = value ?? number }
                    return value == nil
                }
                guard first else { _exit(128 + number) }
                cancel()
            }
            source.resume()
            return source
        }
        defer {
            for source in sources { source.cancel() }
            for number in signals { signal(number, SIG_DFL) }
        }
        do {
            return try body()
        } catch {
            guard let number = received.withLock({ $0 }) else { throw error }
            let name = number == SIGINT ? "SIGINT" : "SIGTERM"
            FileHandle.standardError.write(Data("Cancelled by \(name); no file was written.\n".utf8))
            throw ExitCode(128 + number)
        }
    }
}
