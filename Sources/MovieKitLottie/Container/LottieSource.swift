import Foundation
import FrameDraw
import MovieKitScene

/// The bytes of a Lottie file: its animation's JSON, and where its images come from (the folder
/// beside a JSON file, or a dotLottie's `images/`).
struct LottieSource {
    /// The most a Lottie file (or an animation inside a container) may take, so a decompression bomb
    /// or a runaway file is refused before it is parsed: 256 MB.
    static let maximumJSONSize = 256 << 20

    var json: Data
    /// The folder that image assets' paths are relative to.
    var folder: URL
    /// Files inside a container, by path (a dotLottie's `images/…`).
    var files: [String: Data] = [:]

    init(contentsOf url: URL, animationID: String?) throws {
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else {
                throw LottieError.unreadableFile(path: url.path, reason: "it is not a regular file")
            }
            if let size = attributes[.size] as? Int, size > Self.maximumJSONSize {
                throw LottieError.invalidContainer(
                    file: url.path,
                    problem: "it is \(size) bytes, more than the \(Self.maximumJSONSize) a Lottie may be")
            }
            data = try Data(contentsOf: url)
        } catch let error as LottieError {
            throw error
        } catch {
            throw LottieError.unreadableFile(path: url.path, reason: (error as NSError).localizedDescription)
        }
        folder = url.deletingLastPathComponent()
        switch url.pathExtension.lowercased() {
        case "tgs":
            json = try LottieGzip.decompress(data, limit: Self.maximumJSONSize, file: url.path)
        case "lottie":
            let package = try DotLottie(data: data, file: url.path, animationID: animationID)
            json = package.json
            files = package.images
        default:
            if data.starts(with: [0x1F, 0x8B]) {
                json = try LottieGzip.decompress(data, limit: Self.maximumJSONSize, file: url.path)
            } else {
                json = data
            }
        }
    }

    /// The decoded pictures of the animation's image assets, by id.
    func images(for animation: LottieAnimation, file: String) throws -> [String: Image] {
        var images: [String: Image] = [:]
        for (index, asset) in animation.assets.enumerated() {
            guard asset.layers == nil, let name = asset.file, !name.isEmpty else { continue }
            let data: Data
            let source: String
            if name.hasPrefix("data:") {
                guard let comma = name.firstIndex(of: ","),
                    let decoded = Data(
                        base64Encoded: String(name[name.index(after: comma)...]), options: .ignoreUnknownCharacters)
                else {
                    throw LottieError.invalidValue(
                        file: file, path: "assets[\(index)].p",
                        problem: "is a data URI that is not base64; embed the image as data:image/png;base64,…")
                }
                data = decoded
                source = "the data URI"
            } else {
                let relative = (asset.folder ?? "") + name
                let key = relative.hasPrefix("/") ? String(relative.dropFirst()) : relative
                if let inside = files[key] ?? files["images/" + name] ?? files["i/" + name] ?? files[name] {
                    data = inside
                    source = name + " in the dotLottie"
                } else {
                    let url = URL(fileURLWithPath: relative, relativeTo: folder)
                    // Only regular files of a sane size: never a device such as /dev/zero.
                    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
                    let isFile = attributes?[.type] as? FileAttributeType == .typeRegular
                    let size = attributes?[.size] as? Int ?? 0
                    guard isFile, size <= Self.maximumJSONSize, let contents = try? Data(contentsOf: url) else {
                        throw LottieError.invalidValue(
                            file: file, path: "assets[\(index)].p",
                            problem: "names the image \(url.path), which cannot be read; put it beside the Lottie file")
                    }
                    data = contents
                    source = url.path
                }
            }
            images[asset.id] = try Self.image(from: data, name: source, file: file, path: "assets[\(index)].p")
        }
        return images
    }

    /// Decodes image bytes in memory; `name` says where they came from in errors.
    private static func image(from data: Data, name: String, file: String, path: String) throws -> Image {
        do {
            return try Image(data: data, name: name)
        } catch {
            var reason = "\(error)"
            while reason.hasSuffix(".") { reason.removeLast() }
            throw LottieError.invalidValue(
                file: file, path: path, problem: "is an image that cannot be decoded: \(reason)")
        }
    }
}
