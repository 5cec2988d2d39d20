import Foundation
import FrameDraw
import MovieKitCore

/// A slideshow's photos, decoded once each, ahead of time on a background thread, at the size
/// they are shown at, and kept only while they are needed: at most `capacity` slides' pictures
/// exist at any time, however many photos the slideshow has.
///
/// Asking for slide *i*'s picture also starts decoding slide *i + 1*'s on a thread the cache
/// starts and waits for, so the next photo is usually ready before the transition into it
/// begins. Only one photo is decoded at a time, on whichever thread: a photo can exist at full
/// size while it is decoded (a PNG or WebP has no reduced-size decode), and two at once would
/// raise the peak by a whole photo.
///
/// One `NSCondition` guards all state and is what threads wait on: for a photo another thread
/// is decoding, for their turn to decode, and (``waitUntilIdle()``) for the background decode.
final class PhotoCache: BackgroundWork {
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
        /// Whether a photo is being decoded now, on any thread.
        var decoding = false
        /// Whether a background decode has been started and has not yet finished.
        var backgroundDecodeRunning = false
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
            let result = decodeReleasingLock(slide: index)
            finish(index, result)
        }
    }

    /// Decodes slide `index` in the background if it is not held or loading, and no other
    /// background decode is running (only the next slide is ever prefetched).
    private func prefetch(slide index: Int?) {
        guard let index else { return }
        let start: Bool = condition.withLock {
            guard state.entries[index] == nil, !state.backgroundDecodeRunning else { return false }
            state.clock += 1
            state.entries[index] = Entry(loading: true, lastUse: state.clock)
            state.backgroundDecodeRunning = true
            makeRoom(keeping: index)
            return true
        }
        guard start else { return }
        let thread = Thread { [self] in
            condition.withLock {
                let result = decodeReleasingLock(slide: index)
                finish(index, result)
                state.backgroundDecodeRunning = false
                condition.broadcast()
            }
        }
        thread.name = "MovieKit photo prefetch"
        thread.start()
    }

    /// Waits until this cache's background decode, if one is running, has finished. Only the next
    /// slide's photo is ever prefetched, so once a render has stopped asking for pictures this
    /// waits for one decode at most. ``SceneRenderer`` calls it when a render ends and when it is
    /// released, so no decode outlives the render that started it.
    func waitUntilIdle() {
        condition.withLock {
            while state.backgroundDecodeRunning { condition.wait() }
        }
    }

    /// Decodes slide `index` once no other decode is running, releasing the lock meanwhile.
    /// Called and returns with the lock held.
    private func decodeReleasingLock(slide index: Int) -> Result<Pictures, Error> {
        while state.decoding { condition.wait() }
        state.decoding = true
        condition.unlock()
        let result = Result { try decode(slide: index) }
        condition.lock()
        state.decoding = false
        condition.broadcast()
        return result
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
            let victim = state.entries.filter { $0.key != index && !$0.value.loading }.min {
                $0.value.lastUse < $1.value.lastUse
            }
            guard let victim else { return }
            state.entries[victim.key] = nil
        }
    }

    /// The number of slides whose pictures are held now (for tests of the memory bound).
    var heldSlides: Int { condition.withLock { state.entries.values.filter { $0.pictures != nil }.count } }

    private func decode(slide index: Int) throws -> Pictures {
        guard let source = photos[index] else {
            throw SceneError.invalidSlideshow(reason: "slide \(index + 1) has no photo")
        }
        let photo = try shownSize(of: Image(contentsOf: source.url, maxPixelSize: maxPixelSize), source)
        guard source.blursBackdrop else { return Pictures(photo: photo, blurred: nil) }
        // A tiny copy drawn large with a smooth filter is a cheap, strong blur.
        let scale = 24 / max(photo.size.width, photo.size.height)
        let tiny = try photo.resized(
            to: CGSize(
                width: max(1, (photo.size.width * scale).rounded()),
                height: max(1, (photo.size.height * scale).rounded())))
        return Pictures(photo: photo, blurred: tiny)
    }
}

extension PhotoCache {
    /// `image` scaled once, with the high-quality filter, to the size it is shown at (its fit on
    /// the canvas), when it is larger than that and does not move. Each frame then draws it at
    /// scale 1 instead of shrinking a larger picture again for every frame, which Cairo does with
    /// a wide, slow filter once the picture is shrunk by more than about a quarter. A photo with Ken Burns motion keeps the larger
    /// decode: drawn from it, its motion stays smooth to well under 0.1 pixel per frame, which
    /// drawing from the smaller picture with the bilinear filter does not.
    fileprivate func shownSize(of image: Image, _ source: Photo) throws -> Image {
        let size = image.size
        guard !source.moves, size.width > 0, size.height > 0 else { return image }
        let (across, down) = (canvas.width / size.width, canvas.height / size.height)
        let fitted: Double =
            switch source.fit {
            case .cover, .stretch: max(across, down)
            case .contain: min(across, down)
            case .center: 1
            }
        let scale = fitted
        guard scale < 0.95 else { return image }
        return try image.resized(
            to: CGSize(
                width: max(1, (size.width * scale).rounded(.up)), height: max(1, (size.height * scale).rounded(.up))))
    }
}

/// One slide's photo (or its blurred copy), handed to an image layer when it is drawn.
struct SlidePhoto: ImageProvider, BackgroundWorkOwner {
    let cache: PhotoCache
    let slide: Int
    let blurred: Bool

    var backgroundWork: any BackgroundWork { cache }

    func image() -> Image? {
        let pictures = cache.pictures(forSlide: slide)
        return blurred ? pictures?.blurred : pictures?.photo
    }
}
