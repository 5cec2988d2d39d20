import Foundation
import MovieKitCore

extension RenderPlan {
    /// A plan as data, to hand to another process or machine (a render service's worker, a chunk's
    /// job): the document's file and the variables it was read with, the overrides and the output.
    ///
    /// The receiver reads the document again through its registry and resolves the same settings:
    /// ``RenderPlan/init(_:registry:)``. Changes made to the document in memory after it was read are
    /// not carried; the file must be where the path says on the receiving side.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(plan.portable)
    /// // … in another process:
    /// let plan = try RenderPlan(JSONDecoder().decode(RenderPlan.Portable.self, from: data))
    /// ```
    public struct Portable: Codable, Sendable, Hashable {
        /// The document's path.
        public var document: String
        /// The values the document's `${name}` placeholders are filled with.
        public var variables: [String: String]
        /// Where the movie goes.
        public var output: String
        /// What the front end asked on top of the document.
        public var overrides: RenderOverrides

        /// A plan as data.
        public init(document: String, variables: [String: String] = [:], output: String, overrides: RenderOverrides) {
            self.document = document
            self.variables = variables
            self.output = output
            self.overrides = overrides
        }
    }

    /// The plan as data, for another process or machine.
    public var portable: Portable {
        Portable(
            document: document.url.path(percentEncoded: false), variables: document.variables,
            output: output.path(percentEncoded: false), overrides: overrides)
    }

    /// Reads a plan's document through `registry` and resolves its settings again: the same settings
    /// as the plan that was sent, for the same file and registry.
    /// - Parameters:
    ///   - portable: The plan as data.
    ///   - registry: The kinds of content to read the document with.
    /// - Throws: `SceneError` when the document cannot be read, or `MovieKitError` for settings the
    ///   output cannot take, as ``init(document:output:overrides:)``.
    public init(_ portable: Portable, registry: ContentRegistry = .shared) throws {
        let document = try registry.load(
            contentsOf: URL(fileURLWithPath: portable.document), variables: portable.variables)
        try self.init(document: document, output: URL(fileURLWithPath: portable.output), overrides: portable.overrides)
    }
}
