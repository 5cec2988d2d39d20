import Dispatch
import Foundation
import FrameDraw

/// The W2 "slideshow" workload: each photo shown for 3.0 s with 0.5 s crossfades, aspect-filled
/// into 1280x720 at 30 fps. Twelve photos make 12·90 − 11·15 = 915 frames.
///
/// Written the way a careful user would, with FrameDraw's public API only: each photo is scaled
/// down while loading to just cover the frame (see `loadCovering(_:)`), and the next photo is
/// decoded on another thread while the current one shows. A still is drawn once and then repeated
/// with the writer's repeat hint.
struct Slideshow {
    static let width = 1280
    static let height = 720
    static let holdFrames = 90  // 3.0 s at 30 fps
    static let fadeFrames = 15  // 0.5 s at 30 fps

    let photos: [URL]

    /// Loads the photo at `url` scaled down while decoding to the smallest size that still covers
    /// the frame pixel for pixel when aspect-filled.
    ///
    /// A photo's size is known only once it is decoded. The first decode assumes a landscape photo
    /// no wider than the frame (1:1 to 16:9), whose longest side then only needs the frame's width.
    /// A photo of another shape (portrait, panorama) that comes out too small to cover the frame is
    /// decoded again, at the size its proportions, read from the first result, call for.
    /// - Throws: `FrameDrawError.unreadableImage` when the file cannot be loaded.
    static func loadCovering(_ url: URL) throws -> Image {
        let guess = max(width, height)
        let first = try Image(contentsOf: url, maxPixelSize: guess)
        let covers = first.width >= width && first.height >= height
        let wasScaledDown = max(first.width, first.height) == guess
        guard !covers, wasScaledDown else { return first }
        let scale = max(Double(width) / Double(first.width), Double(height) / Double(first.height))
        // One pixel more than the proportions call for: the first result's sides were rounded.
        return try Image(contentsOf: url, maxPixelSize: Int((Double(guess) * scale).rounded(.up)) + 1)
    }

    /// The number of frames for `photoCount` photos.
    static func frameCount(photoCount: Int) -> Int {
        photoCount * holdFrames - max(photoCount - 1, 0) * fadeFrames
    }

    /// Renders the slideshow to `url`.
    /// - Returns: The stage profile of the render.
    func render(to url: URL) throws -> StageProfile {
        let writer = try ProfiledWriter(url: url, width: Self.width, height: Self.height)
        let frame = CGRect(x: 0, y: 0, width: Self.width, height: Self.height)
        guard let firstURL = photos.first else { return writer.profile }
        var current = try PendingImage(url: firstURL).image()
        for index in photos.indices {
            let next = index + 1 < photos.count ? PendingImage(url: photos[index + 1]) : nil

            // The still part: drawn once, then repeated.
            let stills = Self.holdFrames - (index > 0 ? Self.fadeFrames : 0) - (next != nil ? Self.fadeFrames : 0)
            let still = current
            try writer.addFrame { context in
                context.draw(still, in: frame, fit: .cover)
            }
            try writer.repeatPreviousFrame(count: stills - 1)

            // The crossfade into the next photo.
            guard let next else { break }
            let incoming = try next.image()
            for step in 0..<Self.fadeFrames {
                let progress = Double(step + 1) / Double(Self.fadeFrames + 1)
                let outgoing = current
                try writer.addFrame { context in
                    context.draw(outgoing, in: frame, fit: .cover)
                    context.setAlpha(progress)
                    context.draw(incoming, in: frame, fit: .cover)
                }
            }
            current = incoming
        }
        try writer.finish()
        return writer.profile
    }
}

/// An image being decoded on a background thread.
private final class PendingImage: @unchecked Sendable {
    // `result` is written once on the background queue before `done` is signalled, and read only after waiting.
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<Image, Error>?

    init(url: URL) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            result = Result { try Slideshow.loadCovering(url) }
            done.signal()
        }
    }

    /// Waits for the decoded image.
    func image() throws -> Image {
        done.wait()
        done.signal()
        guard let result else { throw ChildProcess.Failure(description: "The image was not decoded.") }
        return try result.get()
    }
}
