import Dispatch
import Foundation
import FrameDraw
import MovieKitCore

/// A slideshow's photos, decoded once each, ahead of time on a background thread, at the size
/// they are shown at, and kept only while they are needed: at most `capacity` slides' pictures
/// exist at any time, however many photos the slideshow has.
///
/// Asking for slide *i*'s picture also starts decoding slide *i + 1*'s, so the next photo is
/// usually ready before the transition into it begins. Only one photo is decoded at a time, on
/// whichever thread: a photo can exist at full size while it is decoded (a PNG or WebP has no
/// reduced-size decode), and two at once would raise the peak by a whole photo.
final class PhotoCache: Sendable {
    /// The pictures of one slide: the photo, and the blurred, darkened copy behind it.
    struct Pictures: Sendable {
        let photo: Image
        let blurred: Image?
    }

    private struct Entry {
        var pictures: Pictures?
        var error: Error?
        var loading = false
        var lastUse = 0
    }

    private struct State {
        var entries: [Int: Entry] = [:]
        var clock = 0
    }

    /// One slide's photo and how it is shown.
    struct Photo: Sendable {
        let url: URL
        let fit: ContentFit
        /// Whether a blurred copy is drawn behind it.
        let blursBackdrop: Bool
        /// Whether the photo moves (Ken Burns).
        let moves: Bool
    }

    /// Photos by slide index (slides without a photo are absent).
    private let photos: [Int: Photo]
    private let canvas: CGSize
    private let maxPixelSize: Int
    /// The most slides whose pictures are held at once.
    let capacity: Int
    private let condition = NSCondition()
    // Guarded by `condition`.
    nonisolated(unsafe) private var state = State()
    private let queue = DispatchQueue(label: "MovieKit.slideshow.photos", qos: .userInitiated)
    /// Every background decode of every cache, from the moment it is queued until it has finished.
    private static let backgroundDecodes = DispatchGroup()
    /// Held while a photo is decoded, so that decodes never overlap.
    private let decoding = NSLock()

    /// - Parameters:
    ///   - photos: Each slide's photo, by slide index.
    ///   - canvas: The size of the frame the photos are fitted to.
    ///   - maxPixelSize: The longest side photos are decoded at, at most: the largest size any is shown at.
    ///   - capacity: The most slides held at once (at least 2: the two sides of a transition).
    init(photos: [Int: Photo], canvas: CGSize, maxPixelSize: Int, capacity: Int = 3) {
        self.photos = photos
        self.canvas = canvas
        self.maxPixelSize = maxPixelSize
        self.capacity = max(2, capacity)
    }

    /// The pictures of slide `index`, decoding them now if no background decode has; and starts
    /// decoding the next photo.
    func pictures(forSlide index: Int) -> Pictures? {
        // Once this slide's pictures are ready: prefetching first would decode the next photo
        // while this one is decoded here, when the background has fallen behind.
        defer { prefetch(slide: photos.keys.filter { $0 > index }.min()) }
        condition.lock()
        defer { condition.unlock() }
        while true {
            state.clock += 1
            var entry = state.entries[index] ?? Entry()
            entry.lastUse = state.clock
            if let pictures = entry.pictures {
                state.entries[index] = entry
                return pictures
            }
            if entry.error != nil { return nil }
            if entry.loading {
                state.entries[index] = entry
                condition.wait()
                continue
            }
            entry.loading = true
            state.entries[index] = entry
            makeRoom(keeping: index)
            condition.unlock()
            let result = Result { try decode(slide: index) }
            condition.lock()
            finish(index, result)
        }
    }

    /// Decodes slide `index` in the background if it is not held or loading.
    private func prefetch(slide index: Int?) {
        guard let index else { return }
        let start: Bool = condition.withLock {
            guard state.entries[index] == nil else { return false }
            state.clock += 1
            state.entries[index] = Entry(loading: true, lastUse: state.clock)
            makeRoom(keeping: index)
            return true
        }
        guard start else { return }
        Self.backgroundDecodes.enter()
        queue.async { [self] in
            defer { Self.backgroundDecodes.leave() }
            let result = Result { try decode(slide: index) }
            condition.withLock { finish(index, result) }
        }
    }

    /// Waits until no cache is decoding a photo in the background. Only the next slide's photo is
    /// ever prefetched, so once a render has stopped asking for pictures this waits for one decode
    /// at most.
    static func waitForBackgroundDecodes() {
        backgroundDecodes.wait()
    }

    /// Records a decode's result and wakes any thread waiting for it. Holds the lock.
    private func finish(_ index: Int, _ result: Result<Pictures, Error>) {
        var entry = state.entries[index] ?? Entry()
        entry.loading = false
        switch result {
        case .success(let pictures): entry.pictures = pictures
        case .failure(let error): entry.error = error
        }
        state.entries[index] = entry
        condition.broadcast()
    }

    /// Drops the least recently used slides so that at most `capacity` are held or loading. Holds the lock.
    private func makeRoom(keeping index: Int) {
        while state.entries.count > capacity {
            let victim = state.entries.filter { $0.key != index && !$0.value.loading }.min { $0.value.lastUse < $1.value.lastUse }
            guard let victim else { return }
            state.entries[victim.key] = nil
        }
    }

    /// The number of slides whose pictures are held now (for tests of the memory bound).
    var heldSlides: Int { condition.withLock { state.entries.values.filter { $0.pictures != nil }.count } }

    private func decode(slide index: Int) throws -> Pictures {
        decoding.lock()
        defer { decoding.unlock() }
        guard let source = photos[index] else { throw SceneError.invalidSlideshow(reason: "slide \(index + 1) has no photo") }
        let photo = try shownSize(of: Image(contentsOf: source.url, maxPixelSize: maxPixelSize), source)
        guard source.blursBackdrop else { return Pictures(photo: photo, blurred: nil) }
        // A tiny copy drawn large with a smooth filter is a cheap, strong blur.
        let scale = 24 / max(photo.size.width, photo.size.height)
        let tiny = try photo.resized(
            to: CGSize(width: max(1, (photo.size.width * scale).rounded()), height: max(1, (photo.size.height * scale).rounded())))
        return Pictures(photo: photo, blurred: tiny)
    }
}

extension PhotoCache {
    /// `image` scaled once, with the high-quality filter, to the size it is shown at (its fit on
    /// the canvas), when it is larger than that and does not move. Each frame then draws it at
    /// scale 1 instead of shrinking a larger picture again for every frame, which Cairo does with
    /// a wide, slow filter once the picture is shrunk by more than about a quarter (measured on
    /// W2: 28.6 s of CPU before, 19.2 s after). A photo with Ken Burns motion keeps the larger
    /// decode: drawn from it, its motion stays smooth to well under 0.1 pixel per frame, which
    /// drawing from the smaller picture with the bilinear filter does not.
    fileprivate func shownSize(of image: Image, _ source: Photo) throws -> Image {
        let size = image.size
        guard !source.moves, size.width > 0, size.height > 0 else { return image }
        let (across, down) = (canvas.width / size.width, canvas.height / size.height)
        let fitted: Double = switch source.fit {
        case .cover, .stretch: max(across, down)
        case .contain: min(across, down)
        case .center: 1
        }
        let scale = fitted
        guard scale < 0.95 else { return image }
        return try image.resized(
            to: CGSize(width: max(1, (size.width * scale).rounded(.up)), height: max(1, (size.height * scale).rounded(.up))))
    }
}

/// One slide's photo (or its blurred copy), handed to an image layer when it is drawn.
struct SlidePhoto: ImageProvider {
    let cache: PhotoCache
    let slide: Int
    let blurred: Bool

    func image() -> Image? {
        let pictures = cache.pictures(forSlide: slide)
        return blurred ? pictures?.blurred : pictures?.photo
    }
}
