import Foundation
import FrameDraw
import MovieKitCore

/// A grid of frames taken at even times, each labelled with its timecode: an overview of a scene
/// or a movie on one picture.
///
/// ```swift
/// let sheet = try ContactSheet(count: 12, columns: 4).image(of: renderer)
/// try sheet.write(to: URL(fileURLWithPath: "sheet.png"))
/// ```
public struct ContactSheet: Sendable {
    /// How many frames to show.
    public var count: Int
    /// How many frames per row.
    public var columns: Int
    /// The width of each frame in pixels; the height follows the source's aspect ratio.
    public var thumbnailWidth: Int

    /// The space around and between frames, in pixels.
    public static let padding = 8
    /// The height of the label under each frame, in pixels.
    public static let labelHeight = 22

    /// Creates a contact sheet layout.
    /// - Parameters:
    ///   - count: How many frames, at least 1.
    ///   - columns: Frames per row, at least 1.
    ///   - thumbnailWidth: The width of each frame in pixels, at least 16.
    public init(count: Int = 12, columns: Int = 4, thumbnailWidth: Int = 240) {
        precondition(
            count >= 1 && columns >= 1 && thumbnailWidth >= 16,
            "A contact sheet needs a count and columns of at least 1 and a thumbnail width of at least 16.")
        self.count = count
        self.columns = columns
        self.thumbnailWidth = thumbnailWidth
    }

    /// The size of one frame for a source of `sourceSize`.
    public func thumbnailSize(for sourceSize: CGSize) -> CGSize {
        let aspect = sourceSize.width > 0 ? sourceSize.height / sourceSize.width : 9.0 / 16.0
        return CGSize(width: thumbnailWidth, height: max(2, Int((Double(thumbnailWidth) * aspect).rounded())))
    }

    /// The size of the whole sheet for a source of `sourceSize`.
    public func sheetSize(for sourceSize: CGSize) -> CGSize {
        let thumbnail = thumbnailSize(for: sourceSize)
        let shown = min(columns, count)
        let rows = (count + columns - 1) / columns
        let pad = Double(Self.padding)
        return CGSize(
            width: Double(shown) * (thumbnail.width + pad) + pad,
            height: Double(rows) * (thumbnail.height + Double(Self.labelHeight) + pad) + pad)
    }

    /// The times of the frames: `count` times evenly spread from 0 to just before `duration`,
    /// each moved back to the start of the frame it falls in.
    public func times(duration: Double, fps: FrameRate) -> [Double] {
        (0..<count).map { index in
            let time = duration * Double(index) / Double(count)
            let frame = fps.frame(at: time)
            return fps.time(ofFrame: frame)
        }
    }

    /// A sheet of a scene's frames, each drawn directly at thumbnail size.
    /// - Throws: `FrameDrawError` when drawing fails.
    public func image(of renderer: SceneRenderer) throws -> Image {
        let canvas = renderer.canvas
        let size = thumbnailSize(for: canvas.size)
        let frames = try times(duration: canvas.duration, fps: canvas.fps).map { time in
            (time: time, image: try renderer.image(at: time, size: size))
        }
        return try compose(frames, sourceSize: canvas.size, fps: canvas.fps)
    }

    /// A sheet of a movie's frames, decoded with libavformat.
    /// - Parameter url: A movie file FFmpeg can read.
    /// - Throws: `SceneError.unreadableFile` when the movie cannot be opened or decoded.
    public func image(ofMovieAt url: URL) throws -> Image {
        let movie = try MovieThumbnails(url: url)
        let size = thumbnailSize(for: movie.pictureSize)
        let fps = movie.frameRate
        let frames = try movie.images(at: times(duration: movie.duration, fps: fps), size: size)
        return try compose(frames, sourceSize: movie.pictureSize, fps: fps)
    }

    /// Lays out frames in the grid with their timecodes.
    func compose(_ frames: [(time: Double, image: Image)], sourceSize: CGSize, fps: FrameRate) throws -> Image {
        let thumbnail = thumbnailSize(for: sourceSize)
        let pad = Double(Self.padding)
        let labelStyle = TextStyle(font: .system(size: 13), color: Color(white: 0.85), alignment: .center)
        return try Image(size: sheetSize(for: sourceSize)) { context in
            context.setFillColor(Color(white: 0.12))
            context.fill(context.bounds)
            for (index, frame) in frames.enumerated() {
                let column = index % columns
                let row = index / columns
                let x = pad + Double(column) * (thumbnail.width + pad)
                let y = pad + Double(row) * (thumbnail.height + Double(Self.labelHeight) + pad)
                context.draw(frame.image, in: CGRect(x: x, y: y, width: thumbnail.width, height: thumbnail.height))
                let label = CGRect(
                    x: x, y: y + thumbnail.height + 3, width: thumbnail.width, height: Double(Self.labelHeight) - 3)
                context.draw(Self.timecode(frame.time, fps: fps), in: label, style: labelStyle)
            }
        }
    }

    /// `HH:MM:SS:FF`: hours, minutes, seconds and the frame within the second.
    public static func timecode(_ time: Double, fps: FrameRate) -> String {
        let rate = max(1, Int(fps.framesPerSecond.rounded(.up)))
        let totalFrames = Int((time * fps.framesPerSecond + 1e-6).rounded(.down))
        let seconds = Int((time + 1e-9).rounded(.down))
        let frame = max(0, totalFrames - Int((Double(seconds) * fps.framesPerSecond).rounded())) % rate
        return String(format: "%02d:%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60, frame)
    }
}
