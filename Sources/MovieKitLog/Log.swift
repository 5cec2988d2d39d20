import Foundation
import Synchronization

/// Where MovieKit's diagnostics go: FFmpeg's and x264's own log lines, Pango font fallbacks,
/// Cairo's skipped drawing, and FrameDraw's and MovieKit's warnings. `Subsystem` lists the sources.
///
/// Logging is off by default, so a render prints nothing. Turn it on with a handler (`setHandler`
/// replaces all handlers; `addHandler` and `removeHandler` let several listeners coexist):
/// ```swift
/// Log.setHandler(level: .info) { message in
///     FileHandle.standardError.write(Data("[\(message.subsystem)] \(message.text)\n".utf8))
/// }
/// ```
public enum Log {
    /// How serious a message is. Lower raw values are more serious.
    public enum Level: Int, Sendable, Comparable, CaseIterable {
        case error = 0
        case warning = 1
        case info = 2
        case debug = 3

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Where a message comes from.
    public enum Subsystem: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// libav's own log lines (libavformat, libavcodec, libswscale, libswresample, libavfilter).
        case ffmpeg
        /// The x264 encoder's log lines, which reach MovieKit through libav.
        case x264
        /// Pango: font fallbacks and text layout.
        case pango
        /// Cairo: drawing that had to be skipped.
        case cairo
        /// FrameDraw's own warnings.
        case frameDraw = "FrameDraw"
        /// MovieKitCore's own warnings.
        case movieKit = "MovieKit"

        public var description: String { rawValue }
    }

    /// One diagnostic line.
    public struct Message: Sendable, CustomStringConvertible {
        public let level: Level
        /// Where the message comes from.
        public let subsystem: Subsystem
        public let text: String

        public var description: String { "[\(subsystem)] \(level): \(text)" }
    }

    public typealias Handler = @Sendable (Message) -> Void

    /// Identifies a handler added with `addHandler`, for `removeHandler`.
    public struct HandlerToken: Hashable, Sendable {
        fileprivate let id: Int
    }

    private struct Registration: Sendable {
        var token: HandlerToken
        var level: Level
        var handler: Handler
    }

    private struct Registry: Sendable {
        var registrations: [Registration] = []
        var nextID = 0
    }

    private static let registry = Mutex(Registry())

    /// Sends messages at `level` or more serious to `handler`, replacing every handler installed
    /// before. Pass `nil` to turn logging off.
    public static func setHandler(level: Level = .warning, _ handler: Handler?) {
        registry.withLock { registry in
            registry.registrations.removeAll()
            if let handler {
                registry.registrations.append(
                    Registration(token: HandlerToken(id: registry.nextID), level: level, handler: handler))
                registry.nextID += 1
            }
        }
    }

    /// Adds `handler` beside any others, for messages at `level` or more serious.
    /// - Returns: A token that `removeHandler` takes to remove this handler again.
    @discardableResult
    public static func addHandler(level: Level = .warning, _ handler: @escaping Handler) -> HandlerToken {
        registry.withLock { registry in
            let token = HandlerToken(id: registry.nextID)
            registry.nextID += 1
            registry.registrations.append(Registration(token: token, level: level, handler: handler))
            return token
        }
    }

    /// Removes a handler added with `addHandler`. Removing it twice does nothing.
    public static func removeHandler(_ token: HandlerToken) {
        registry.withLock { $0.registrations.removeAll { $0.token == token } }
    }

    /// A handler that writes each message as one line to standard error.
    public static let standardError: Handler = { message in
        FileHandle.standardError.write(Data((message.description + "\n").utf8))
    }

    /// The most detailed level any handler wants, or `nil` when logging is off.
    package static var activeLevel: Level? {
        registry.withLock { $0.registrations.map(\.level).max() }
    }

    /// Delivers a message to every handler that wants it.
    package static func emit(_ level: Level, subsystem: Subsystem, _ text: @autoclosure () -> String) {
        let targets = registry.withLock { $0.registrations.filter { level <= $0.level }.map(\.handler) }
        guard !targets.isEmpty else { return }
        let message = Message(level: level, subsystem: subsystem, text: text())
        for target in targets { target(message) }
    }
}
