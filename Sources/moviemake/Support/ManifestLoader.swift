import Foundation
import MovieKitScene

/// Reads a slideshow manifest for `moviemake slideshow --manifest`.
enum ManifestLoader {
    static func load(_ url: URL) throws -> Slideshow {
        throw CommandFailure("Slideshow manifests (\(url.path)) are not supported by this build yet; pass the photos and options on the command line.")
    }
}
