import Foundation

/// Why a gl-transitions collection cannot be loaded.
public struct TransitionCatalogError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The folder does not exist or cannot be listed.
        case unreadableFolder
        /// The folder holds no `.glsl` file.
        case noTransitions
        /// A `.glsl` file cannot be read as UTF-8 text.
        case unreadableFile
    }

    /// What went wrong.
    public let kind: Kind
    /// A full sentence naming the folder or file and saying what to do.
    public let description: String
}
