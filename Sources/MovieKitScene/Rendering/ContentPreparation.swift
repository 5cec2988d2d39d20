import Foundation
import FrameDraw
import MovieKitCore

/// What a ``SceneRenderer`` shares between the layers it prepares before the first frame: each
/// image file decoded once, the decoders of video clips and their sound, the background work of
/// image providers. ``TimedContent/prepared(for:in:)`` receives it.
public final class ContentPreparation {
    /// Images decoded so far, by file.
    private var images: [URL: Image] = [:]
    /// The background work of the scene's image providers (a slideshow's photo prefetch).
    private(set) var backgroundWork: [ObjectIdentifier: any BackgroundWork] = [:]
    /// The scene's video clips: their decoders' pool and their sound.
    let videos: VideoClips
    /// The scene's audio tracks (its `audio:` list), for content that shows the scene's sound.
    public let sceneAudio: [AudioTrack]
    /// The scene's length in seconds.
    public let sceneDuration: Double

    /// Images shared with other renderers, if the renderer was given them.
    let sharedImages: DecodedImages?

    init(
        videos: VideoClips, sceneAudio: [AudioTrack] = [], sceneDuration: Double = 0, sharedImages: DecodedImages? = nil
    ) {
        self.videos = videos
        self.sharedImages = sharedImages
        self.sceneAudio = sceneAudio
        self.sceneDuration = sceneDuration
    }

    /// The image at `url`, decoded once however many layers show it.
    /// - Throws: The error of `Image(contentsOf:)` naming the file.
    public func image(contentsOf url: URL) throws -> Image {
        if let image = images[url] { return image }
        let image = try sharedImages?.image(contentsOf: url) { try Image(contentsOf: $0) } ?? Image(contentsOf: url)
        images[url] = image
        return image
    }

    /// `layers` ready to draw, as the renderer prepares its own: for content that shows layers
    /// of its own (a shader's inputs).
    /// - Throws: What preparing any of them throws.
    public func prepare(_ layers: [Layer]) throws -> [Layer] {
        try layers.map(prepare)
    }

    /// `layer` ready to draw: its image files decoded, its timed content prepared, its children and
    /// mask likewise.
    func prepare(_ layer: Layer) throws -> Layer {
        var layer = layer
        switch layer.content {
        case .image(var content):
            switch content.source {
            case .file(let url):
                content.source = .image(try image(contentsOf: url))
                layer.content = .image(content)
            case .provider(let provider):
                if let owner = provider as? any BackgroundWorkOwner {
                    backgroundWork[ObjectIdentifier(owner.backgroundWork)] = owner.backgroundWork
                }
            case .image:
                break
            }
        case .group(var group):
            group.layers = try videos.shifted(by: group.timeOffset, group: layer) { try prepare(group.layers) }
            layer.content = .group(group)
        case .timed(let content):
            layer.content = .timed(try content.prepared(for: layer, in: self))
        case .rect, .ellipse, .path, .polygon, .star, .text:
            break
        }
        if var mask = layer.mask {
            mask.layers = try prepare(mask.layers)
            layer.mask = mask
        }
        return layer
    }
}
