import Foundation
import FrameDraw
internal import LibAV
import MovieKitCore
import Synchronization

/// One opened movie file of a video layer: what it is (size, rotation, length, sound) and the
/// pictures it shows, decoded on demand.
///
/// Thread-safe: drawing threads ask for pictures at any time in any order. A decoder is opened
/// when the clip is first drawn and closed, with the pictures, when the scene is drawn away from
/// the times its layers show or the renderer's `VideoDecoderPool` needs room, so memory stays
/// flat however many clips a scene has. The last few pictures are kept with the
/// time range each one covers, so threads drawing neighbouring frames share one decode.
final class VideoClip: Sendable {
    /// The movie file.
    let url: URL
    /// The picture size once turned upright.
    let displaySize: CGSize
    /// The clockwise rotation in degrees (0, 90, 180, 270) that shows the picture upright.
    let rotation: Int
    /// The video stream's length in seconds.
    let duration: Double
    /// Whether the file has sound.
    let hasAudio: Bool

    /// The pixel size of a picture, upright.
    struct PixelSize: Hashable {
        var width: Int
        var height: Int
    }

    private struct Cached {
        let range: Range<Double>
        let size: PixelSize
        let image: Image
        var lastUse: Int
    }

    private struct State {
        var decoder: VideoFrameDecoder?
        var cached: [Cached] = []
        var uses = 0
        /// Whether a failed decode was logged: a broken clip is reported once, not on every frame.
        var reportedFailure = false
        /// Whether a picture of the clip had transparency: its pictures are composited from then on, and
        /// not decoded first for a straight conversion they cannot take.
        var hasTransparency = false
    }

    private let state = Mutex(State())
    private let pool: VideoDecoderPool
    /// How many decoded pictures the clip keeps: enough for every drawing thread and a few more.
    private let cacheLimit: Int

    /// Opens `url` once to read what it is, then closes it again.
    /// - Throws: `SceneError.unreadableFile` naming the file when FFmpeg cannot open or decode it.
    init(url: URL, pool: VideoDecoderPool) throws {
        self.url = url
        self.pool = pool
        cacheLimit = max(6, ProcessInfo.processInfo.activeProcessorCount + 3)
        do {
            let decoder = try VideoFrameDecoder(path: url.path)
            guard try decoder.picture(at: 0) != nil else {
                throw SceneError.unreadableFile(
                    path: url.path, reason: "the video stream holds no picture; export the clip again")
            }
            let size = decoder.displaySize
            displaySize = CGSize(width: size.width, height: size.height)
            rotation = decoder.rotation
            duration = decoder.duration
            hasAudio = decoder.hasAudio
        } catch let error as LibAVError {
            throw SceneError.unreadableFile(path: url.path, reason: error.message)
        }
    }

    /// The picture shown at `time` seconds of the file, upright, at `size` pixels (its upright
    /// size when `nil`), or `nil` when it cannot be decoded (logged once per clip).
    func image(at time: Double, size: PixelSize? = nil) -> Image? {
        let size = size ?? PixelSize(width: Int(displaySize.width), height: Int(displaySize.height))
        if let hit = cachedImage(at: time, size: size) { return hit }
        defer { noteDecode() }
        return state.withLock { state -> Image? in
            state.uses += 1
            if let index = state.cached.firstIndex(where: { $0.range.contains(time) && $0.size == size }) {
                state.cached[index].lastUse = state.uses
                return state.cached[index].image
            }
            do {
                guard let (decoder, picture) = try decodedPicture(at: time, in: &state) else { return nil }
                let image = try Image.filling(width: size.width, height: size.height) { bytes, stride in
                    try decoder.convertUpright(
                        picture.frame, intoBGRA: bytes, stride: stride, width: size.width, height: size.height)
                }
                // The picture answers every request from its time to the next picture's, both less the
                // decoder's tolerance; before the first picture, the first one shows from the request.
                let tolerance = VideoFrameDecoder.tolerance
                let lower = min(time, picture.time - tolerance)
                let range = lower..<max(picture.until - tolerance, lower.nextUp)
                if state.cached.count >= cacheLimit,
                    let oldest = state.cached.indices.min(by: { state.cached[$0].lastUse < state.cached[$1].lastUse })
                {
                    state.cached.remove(at: oldest)
                }
                state.cached.append(Cached(range: range, size: size, image: image, lastUse: state.uses))
                return image
            } catch {
                report(error, at: time, in: &state)
                return nil
            }
        }
    }

    /// Converts the picture shown at `time`, upright at `size`, straight into `bytes` (`stride` bytes a
    /// row), for a picture that covers a whole frame: no image is made or kept. A decoded picture that is the
    /// encoder's input as it is becomes `backdrop`'s instead, which writes it only where something is drawn
    /// over it.
    /// - Returns: Whether the picture was written; `false`, having written nothing, when it has
    ///   transparency (it must be composited) or cannot be decoded (logged once per clip).
    func writeOpaquePicture(
        at time: Double, size: PixelSize, into bytes: UnsafeMutableRawPointer, stride: Int, backdrop: FrameBackdrop?
    ) -> Bool {
        guard !state.withLock({ $0.hasTransparency }) else { return false }
        defer { noteDecode() }
        // The caller's pixels are written only inside this call, under the lock, and never kept.
        let address = Int(bitPattern: bytes)
        return state.withLock { state -> Bool in
            state.uses += 1
            guard let destination = UnsafeMutableRawPointer(bitPattern: address) else { return false }
            do {
                guard let (decoder, picture) = try decodedPicture(at: time, in: &state) else { return false }
                guard !picture.frame.hasAlphaOrPalette else {
                    state.hasTransparency = true
                    return false
                }
                // A picture the frame's backdrop takes is written into the frame only where something is
                // drawn over it.
                if let backdrop, decoder.isEncoderReady(picture.frame, width: size.width, height: size.height),
                    backdrop.show(try picture.frame.newReference())
                {
                    return true
                }
                try decoder.convertUpright(
                    picture.frame, intoBGRA: destination, stride: stride, width: size.width, height: size.height)
                backdrop?.forget()
                return true
            } catch {
                report(error, at: time, in: &state)
                return false
            }
        }
    }

    /// The clip's decoder, opened if it is closed, and the picture it shows at `time` (`nil` for a stream
    /// without pictures). Called under the lock.
    private func decodedPicture(
        at time: Double, in state: inout State
    ) throws -> (VideoFrameDecoder, (time: Double, until: Double, frame: Frame))? {
        let decoder = try state.decoder ?? VideoFrameDecoder(path: url.path)
        state.decoder = decoder
        return try decoder.picture(at: time).map { (decoder, $0) }
    }

    /// Logs the first failure to decode the clip; later frames fail the same way and stay quiet.
    private func report(_ error: any Error, at time: Double, in state: inout State) {
        guard !state.reportedFailure else { return }
        state.reportedFailure = true
        Log.emit(.warning, subsystem: .movieKit, "Could not decode \(url.path) at \(time) s: \(error)")
    }

    /// Tells the pool the clip decoded, and closes the clips it evicts. Runs after the decode, so that a
    /// clip closed meanwhile by another thread is never left holding a decoder the pool does not count.
    private func noteDecode() {
        for evicted in pool.use(self) where evicted !== self { evicted.close() }
    }

    private func cachedImage(at time: Double, size: PixelSize) -> Image? {
        state.withLock { state in
            guard let index = state.cached.firstIndex(where: { $0.range.contains(time) && $0.size == size }) else {
                return nil
            }
            state.uses += 1
            state.cached[index].lastUse = state.uses
            return state.cached[index].image
        }
    }

    /// Whether the clip holds a decoder or decoded pictures now.
    var isOpen: Bool {
        state.withLock { $0.decoder != nil || !$0.cached.isEmpty }
    }

    /// Closes the decoder and drops the kept pictures; the next request opens the file again.
    func close() {
        state.withLock { state in
            state.decoder = nil
            state.cached.removeAll()
        }
    }
}
