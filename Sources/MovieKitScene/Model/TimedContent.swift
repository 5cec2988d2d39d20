import Foundation
import FrameDraw

/// Content that a layer shows over time, drawn through one interface: Lottie animations, video
/// clips, shaders and your own drawing, and every kind added later. The vector shapes, text,
/// images and groups stay cases of ``LayerContent``; everything else is ``LayerContent/timed(_:)``.
///
/// A kind of content is a type that conforms, in a folder of its own; it becomes a scene-file
/// layer type with one ``SceneLayerType`` registration. A conforming type is a value: drawing
/// frame *n* reads nothing that drawing frame *n − 1* left behind, so frames can be drawn in any
/// order and on any thread.
///
/// ```swift
/// struct Checkerboard: TimedContent {
///     var typeName: String { "checkerboard" }
///     func draw(_ drawing: ContentDrawing) {
///         let cell = drawing.bounds.width / 8
///         drawing.context.setFillColor(.white)
///         for row in 0..<8 { for column in 0..<8 where (row + column) % 2 == 0 {
///             drawing.context.fill(CGRect(x: drawing.bounds.minX + Double(column) * cell,
///                 y: drawing.bounds.minY + Double(row) * cell, width: cell, height: cell))
///         } }
///     }
/// }
/// let layer = Layer(.timed(Checkerboard()))
/// ```
public protocol TimedContent: Sendable {
    /// The kind's name, as scene files and the preview's layer list write it: `lottie`, `video`.
    var typeName: String { get }
    /// The size the layer takes when it sets none (a Lottie's composition, a clip's picture), or
    /// `nil` for its parent's size. Default `nil`.
    var intrinsicSize: CGSize? { get }
    /// How long the content has something to show, in seconds on the clock of its layer's parent
    /// from 0, or `nil` when it does not end (it loops, or draws at any time). Default `nil`.
    var activeDuration: Double? { get }
    /// The files the content reads: `moviemake preview` watches them, and a render has opened them
    /// all before its first frame. Default none.
    var files: [URL] { get }
    /// Whether the content can look different at two times. Content that cannot is drawn once
    /// when it sits in a group that never changes. Default `true`.
    var isAnimated: Bool { get }
    /// The content ready to draw: files opened, decoders started, programs compiled, child layers
    /// resolved. ``SceneRenderer`` calls it once, before the first frame; a failure stops the render
    /// before anything is drawn. Default: the content as it is.
    /// - Parameters:
    ///   - layer: The layer that shows the content (its in and out points place a clip's sound).
    ///   - preparation: What the renderer shares between layers.
    func prepared(for layer: Layer, in preparation: ContentPreparation) throws -> any TimedContent
    /// Draws the content at ``ContentDrawing/time`` into ``ContentDrawing/bounds``.
    func draw(_ drawing: ContentDrawing)
}

extension TimedContent {
    public var intrinsicSize: CGSize? { nil }
    public var activeDuration: Double? { nil }
    public var files: [URL] { [] }
    public var isAnimated: Bool { true }
    public func prepared(for layer: Layer, in preparation: ContentPreparation) throws -> any TimedContent { self }
}

extension LayerContent {
    /// The content as `type`, when it is timed content of that type.
    ///
    /// ```swift
    /// if let clip = layer.content.timed(as: VideoContent.self) { print(clip.url) }
    /// ```
    public func timed<Content: TimedContent>(as type: Content.Type) -> Content? {
        guard case .timed(let content) = self else { return nil }
        return content as? Content
    }
}
