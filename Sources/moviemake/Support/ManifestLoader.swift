import Foundation
import MovieKitScene

/// Reads a slideshow description for `moviemake slideshow --manifest`: a MovieKit manifest
/// (YAML or JSON) or an editly spec (`.json5`, or `.json` with `clips`), told apart as every
/// document is (`ContentRegistry.format(of:)`).
enum ManifestLoader {
    static func load(_ url: URL) throws -> Slideshow {
        try Moviemake.contentRegistry.format(of: url) == .editly
            ? try EditlySpec.load(from: url) : try SlideshowManifest.load(from: url)
    }
}
