import Foundation
import MovieKitScene

/// Reads a slideshow description for `moviemake slideshow --manifest`: a MovieKit manifest
/// (YAML or JSON) or an editly spec (`.json5`, or `.json` with `clips`), told apart as every
/// document is (`ContentRegistry.format(of:)`).
enum ManifestLoader {
    /// - Parameters:
    ///   - url: The manifest or spec.
    ///   - transitions: Where its transition names are looked up (`--gl-transitions`).
    static func load(_ url: URL, transitions: TransitionCatalog) throws -> Slideshow {
        let registry = Moviemake.contentRegistry.setting(transitions)
        return try registry.format(of: url) == .editly
            ? try EditlySpec.load(from: url, registry: registry)
            : try SlideshowManifest.load(from: url, registry: registry)
    }
}
