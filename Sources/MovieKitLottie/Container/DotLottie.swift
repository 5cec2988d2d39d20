import Foundation
import MovieKitScene

/// dotLottie (`.lottie`): a ZIP with `manifest.json`, the animations under `animations/` (or `a/`)
/// and their images under `images/` (or `i/`).
struct DotLottie {
    var json: Data
    var images: [String: Data]

    private struct Manifest: Decodable {
        struct Animation: Decodable { var id: String }
        var animations: [Animation]
    }

    init(data: Data, file: String, animationID: String?) throws {
        let entries = try ZipArchive.entries(of: data, file: file, limit: LottieSource.maximumJSONSize)
        guard let manifestData = entries["manifest.json"] else {
            throw LottieError.invalidContainer(
                file: file, problem: "the dotLottie has no manifest.json; make it with a dotLottie tool")
        }
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: manifestData)
        } catch let error as DecodingError {
            throw LottieError.decoding(error, file: file + " (manifest.json)")
        }
        let ids = manifest.animations.map(\.id)
        guard let id = animationID ?? ids.first else {
            throw LottieError.invalidContainer(file: file, problem: "the manifest lists no animations")
        }
        guard ids.contains(id) else { throw LottieError.unknownAnimation(file: file, id: id, available: ids) }
        guard let json = entries["animations/\(id).json"] ?? entries["a/\(id).json"] else {
            throw LottieError.invalidContainer(
                file: file, problem: "the manifest lists the animation `\(id)` but animations/\(id).json is missing")
        }
        self.json = json
        images = entries.filter { $0.key.hasPrefix("images/") || $0.key.hasPrefix("i/") }
    }
}
