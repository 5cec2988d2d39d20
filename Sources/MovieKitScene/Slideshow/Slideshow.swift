import Foundation
import FrameDraw
import MovieKitCore

/// A slideshow: photos (and title cards) shown one after another with transitions, Ken Burns
/// motion, captions and music. It compiles into a `Scene`, so everything that renders scenes
/// renders slideshows too, and `MovieWriter` draws its frames in parallel.
///
/// ```swift
/// var show = Slideshow(width: 1280, height: 720)
/// show.kenBurns = true
/// show.slides = photos.map { Slideshow.Slide(.photo($0)) }
/// show.audio = [AudioTrack(url: song, fadeOut: 1)]
/// try show.render(to: URL(fileURLWithPath: "trip.mp4"))
/// ```
///
/// Timing: slides overlap by their transitions, so the movie lasts the sum of the slide durations
/// minus the sum of the transition durations, counted in whole frames (each duration is rounded
/// to frames first).
public struct Slideshow: Sendable {
    /// What one slide shows.
    public enum Content: Sendable {
        /// A photo file: JPEG, PNG, WebP, TIFF, BMP, GIF, HEIC/HEIF or AVIF.
        case photo(URL)
        /// A title card: text centred on the background.
        case title(String)
        /// A plain colour.
        case color(Color)
        /// Any layers, drawn in the canvas's space on the slide's own clock (0 at the slide's
        /// start): how editly clips with several layers become slides.
        case layers([Layer])
        /// A movie clip, fitted as photos are, playing from the slide's start with its sound
        /// (`VideoContent.fit` is replaced by the slide's fit).
        case video(VideoContent)
    }

    /// What shows around a photo that leaves part of the canvas uncovered (fit `.contain` or
    /// `.center`); photos that cover the canvas hide it.
    public enum Backdrop: String, Sendable, Hashable, CaseIterable {
        /// The slideshow's background colour.
        case background
        /// A blurred, darkened copy of the photo covering the canvas, so that portrait photos fill
        /// a landscape frame without bars. Manifests and editly's `resizeMode` call `.contain`
        /// with this backdrop `contain-blur`.
        case blurred
    }

    /// Where a Ken Burns move starts or ends: a zoom (1 shows the fitted photo) around a centre
    /// (in fractions of the photo, `(0.5, 0.5)` is the middle).
    public struct Framing: Sendable, Hashable {
        public var zoom: Double
        public var center: CGPoint

        public init(zoom: Double = 1, center: CGPoint = CGPoint(x: 0.5, y: 0.5)) {
            self.zoom = zoom
            self.center = center
        }
    }

    /// A Ken Burns move: a slow zoom and pan from one framing to another over the slide.
    public struct KenBurns: Sendable, Hashable {
        public var from: Framing
        public var to: Framing

        public init(from: Framing, to: Framing) {
            self.from = from
            self.to = to
        }
    }

    /// One slide.
    public struct Slide: Sendable {
        public var content: Content
        /// Seconds on screen, including the transitions that overlap it; `nil` uses the slideshow's default.
        public var duration: Double?
        /// Text shown over the slide, in the caption style.
        public var caption: String?
        /// How the photo fits the canvas; `nil` uses the slideshow's default.
        public var fit: ContentFit?
        /// What shows around the photo when it does not cover the canvas; `nil` uses the slideshow's default.
        public var backdrop: Backdrop?
        /// The transition into the next slide; `nil` uses the slideshow's default.
        public var transition: Transition?
        /// The Ken Burns move; `nil` uses the slideshow's default (a gentle one when `kenBurns` is on).
        public var kenBurns: KenBurns?

        /// Creates a slide; each setting left `nil` takes the slideshow's default.
        /// - Parameters:
        ///   - content: What the slide shows.
        ///   - duration: Seconds on screen, including the transitions that overlap it.
        ///   - caption: Text shown over the slide, in the caption style.
        ///   - fit: How the photo fits the canvas.
        ///   - backdrop: What shows around the photo when it does not cover the canvas.
        ///   - transition: The transition into the next slide.
        ///   - kenBurns: The Ken Burns move.
        public init(
            _ content: Content, duration: Double? = nil, caption: String? = nil, fit: ContentFit? = nil,
            backdrop: Backdrop? = nil, transition: Transition? = nil, kenBurns: KenBurns? = nil
        ) {
            self.content = content
            self.duration = duration
            self.caption = caption
            self.fit = fit
            self.backdrop = backdrop
            self.transition = transition
            self.kenBurns = kenBurns
        }
    }

    /// Canvas width and height in pixels (multiples of 16 to be encoded).
    public var width: Int
    public var height: Int
    /// Frames per second.
    public var fps: FrameRate
    /// The colour behind photos and title cards.
    public var background: Color
    /// The slides, in order.
    public var slides: [Slide] = []
    /// Seconds each slide shows unless it says otherwise. Default 3.
    public var slideDuration: Double = 3
    /// The transition between slides unless a slide says otherwise. Default a 0.5 s crossfade.
    public var transition = Transition(.crossfade, duration: 0.5)
    /// How photos fit the canvas unless a slide says otherwise. Default `.contain`. With `.center`
    /// a photo shows at its pixel size, once shrunk to at most 4/3 of the canvas's longer side.
    public var fit: ContentFit = .contain
    /// What shows around photos that do not cover the canvas unless a slide says otherwise.
    /// Default `.blurred`.
    public var backdrop: Backdrop = .blurred
    /// Whether photos get a gentle Ken Burns move (zoom 1.0 to 1.15 with a pan whose direction
    /// changes from slide to slide, the same on every run).
    public var kenBurns = false
    /// The seed for `random` transitions, so a slideshow renders the same every time.
    public var seed: UInt64 = 1
    /// The style of captions: readable by default, white with a soft shadow over a translucent band.
    public var captionStyle: TextStyle
    /// The style of title cards.
    public var titleStyle: TextStyle
    /// Music and sounds.
    public var audio: [AudioTrack] = []

    public init(width: Int = 1280, height: Int = 720, fps: FrameRate = 30, background: Color = .black) {
        self.width = width
        self.height = height
        self.fps = fps
        self.background = background
        let scale = Double(min(width, height)) / 720
        var caption = TextStyle(font: .system(size: 34 * scale, weight: .medium), color: .white)
        caption.alignment = .center
        caption.shadow = Shadow(
            offset: CGSize(width: 0, height: 2 * scale), blur: 6 * scale, color: Color(white: 0, alpha: 0.8))
        captionStyle = caption
        var title = TextStyle(font: .system(size: 72 * scale, weight: .bold), color: .white)
        title.alignment = .center
        title.shadow = Shadow(
            offset: CGSize(width: 0, height: 3 * scale), blur: 10 * scale, color: Color(white: 0, alpha: 0.7))
        titleStyle = title
    }
}
