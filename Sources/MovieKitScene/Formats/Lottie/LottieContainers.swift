import Foundation

/// Telegram stickers (`.tgs`): gzip-compressed Lottie JSON.
enum LottieGzip {
    static func decompress(_ data: Data, limit: Int, file: String) throws -> Data {
        throw LottieError.invalidContainer(file: file, problem: "gzip-compressed Lottie files are not read yet")
    }
}

/// dotLottie (`.lottie`): a ZIP with `manifest.json`, `animations/` and `images/`.
struct DotLottie {
    var json: Data
    var images: [String: Data]

    init(data: Data, file: String, animationID: String?) throws {
        throw LottieError.invalidContainer(file: file, problem: "dotLottie files are not read yet")
    }
}
