import Foundation
import Synchronization

/// Where MovieKit's diagnostics go: FFmpeg's and x264's own log lines, Pango font fallbacks,
/// and FrameDraw's warnings.
///
/// Logging is off by default, so a render prints nothing. Turn it on with a handler:
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

    /// One diagnostic line.
    public struct Message: Sendable, CustomStringConvertible {
        public let level: Level
        /// Where the message comes from: `ffmpeg`, `x264`, `pango` or `FrameDraw`.
        public let subsystem: String
        public let text: String

        public var description: String { "[\(subsystem)] \(level): \(text)" }
    }

    public typealias Handler = @Sendable (Message) -> Void

    private struct Sink: Sendable {
        var level: Level
        var handler: Handler?
    }

    private static let sink = Mutex(Sink(level: .warning, handler: nil))

    /// Sends messages at `level` or more serious to `handler`. Pass `nil` to turn logging off.
    public static func setHandler(level: Level = .warning, _ handler: Handler?) {
        sink.withLock { $0 = Sink(level: level, handler: handler) }
    }

    /// A handler that writes each message as one line to standard error.
    public static let standardError: Handler = { message in
        FileHandle.standardError.write(Data((message.description + "\n").utf8))
    }

    /// The most detailed level that currently reaches a handler, or `nil` when logging is off.
    package static var activeLevel: Level? {
        sink.withLock { $0.handler == nil ? nil : $0.level }
    }

    /// Delivers a message if a handler wants it.
    package static func emit(_ level: Level, subsystem: String, _ text: @autoclosure () -> String) {
        let target: Handler? = sink.withLock { $0.handler != nil && level <= $0.level ? $0.handler : nil }
        guard let target else { return }
        target(Message(level: level, subsystem: subsystem, text: text()))
    }
}
