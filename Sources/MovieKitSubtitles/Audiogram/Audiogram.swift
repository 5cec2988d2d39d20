import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene

/// The podcast clip people share: a stretch of an episode with its cover art, a title, a waveform
/// moving with the voice and the words captioned as they are spoken, in the sizes social platforms
/// take. A scene like any other, so it renders, previews and checks as scenes do.
///
/// ```swift
/// var clip = Audiogram(audio: URL(fileURLWithPath: "episode.mp3"))
/// clip.transcript = URL(fileURLWithPath: "episode.json")
/// clip.cover = URL(fileURLWithPath: "cover.jpg")
/// clip.from = 61.5
/// clip.to = 91.5
/// let scene = try clip.scene()
/// ```
public struct Audiogram: Sendable {
    /// The frame: 9:16 for Stories, Reels, Shorts and TikTok; 1:1 for feeds; 16:9 for video sites.
    /// Each side is a multiple of 16, as H.264 takes.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case vertical, square, landscape

        public var size: (width: Int, height: Int) {
            switch self {
            case .vertical: (1088, 1920)
            case .square: (1088, 1088)
            case .landscape: (1920, 1088)
            }
        }
    }

    /// The episode's sound.
    public var audio: URL
    /// A word-timed transcript of the episode (its times are the episode's), or `nil` for none.
    public var transcript: URL?
    /// The cover art, or `nil` for none.
    public var cover: URL?
    /// A title shown above the cover, or `nil`.
    public var title: String?
    /// Where the clip starts in the episode, in its seconds. Default 0.
    public var from: Double = 0
    /// Where the clip ends in the episode, in its seconds; `nil` for the episode's end.
    public var to: Double?
    public var format: Format = .vertical
    public var background: Color = Color(red: 0.07, green: 0.08, blue: 0.11)
    /// The waveform's colour and the caption's spoken word.
    public var accent: Color = Color(red: 1, green: 0.8, blue: 0.2)
    public var captionStyle: CaptionStyle = CaptionStyle.named["karaoke"] ?? CaptionStyle()
    public var frameRate: FrameRate = 30

    public init(audio: URL) {
        self.audio = audio
    }

    /// The scene: checked, with the episode's sound cut to the range and faded in and out.
    /// - Throws: `MovieKitError.unreadableInput` for sound that cannot be read, ``TranscriptError``,
    ///   `FrameDrawError` for cover art that cannot be loaded, or ``AudiogramError`` for a range
    ///   outside the episode or a transcript with no word in it.
    public func scene() throws -> Scene {
        let length = try AudioTrack.duration(of: audio) ?? AudioAnalysis(contentsOf: audio).duration
        let end = to ?? length
        guard from >= 0, end <= length + 0.001, end > from else {
            throw AudiogramError.rangeOutsideAudio(path: audio.path, from: from, to: end, length: length)
        }
        let stretch = from..<end
        let (width, height) = format.size
        var canvas = Canvas(
            width: width, height: height, fps: frameRate, duration: stretch.upperBound - stretch.lowerBound)
        canvas.background = background
        let layout = Layout(format: format, width: Double(width), height: Double(height))

        var layers: [Layer] = []
        if let cover {
            // The art fills a clipping group, whose corners are rounded.
            var art = Layer(.image(ImageContent(.file(cover), fit: .cover)))
            art.size = .constant(layout.cover.size)
            art.position = .constant(CGPoint(x: layout.cover.width / 2, y: layout.cover.height / 2))
            var frame = Layer(.group(GroupContent(layers: [art], clipsContent: true)))
            frame.size = .constant(layout.cover.size)
            frame.position = .constant(CGPoint(x: layout.cover.midX, y: layout.cover.midY))
            frame.cornerRadius = .constant(layout.cover.width * 0.04)
            layers.append(frame)
        }
        if let title, !title.isEmpty {
            var style = TextStyle(
                font: Font(family: "DejaVu Sans", size: layout.titleSize, weight: .bold), color: .white,
                alignment: .center)
            style.wrapWidth = layout.text.width
            var text = Layer(.text(TextContent(.constant(title), style: style)))
            text.size = .constant(CGSize(width: layout.text.width, height: layout.titleSize * 2.6))
            text.position = .constant(CGPoint(x: layout.text.midX, y: layout.titleY))
            layers.append(text)
        }
        // The waveform and captions run on the episode's clock: the group shifts them by the start.
        var timed: [Layer] = []
        var wave = Layer(
            .timed(
                WaveformContent(source: .file(audio), look: SoundLook(style: .mirrored, barCount: 40, color: accent))))
        wave.size = .constant(CGSize(width: layout.wave.width, height: layout.wave.height))
        wave.position = .constant(CGPoint(x: layout.wave.midX, y: layout.wave.midY))
        timed.append(wave)
        if let transcript {
            let words = try Transcript(contentsOf: transcript).words
            guard words.contains(where: { $0.end > stretch.lowerBound && $0.start < stretch.upperBound }) else {
                throw AudiogramError.noWordsInRange(
                    path: transcript.path, from: stretch.lowerBound, to: stretch.upperBound)
            }
            var style = captionStyle
            style.activeColor = accent
            var captions = Layer(.timed(CaptionsContent(words: words, style: style, url: transcript)))
            captions.size = .constant(CGSize(width: layout.captions.width, height: layout.captions.height))
            captions.position = .constant(CGPoint(x: layout.captions.midX, y: layout.captions.midY))
            timed.append(captions)
        }
        var group = Layer(.group(GroupContent(layers: timed, timeOffset: -stretch.lowerBound)))
        group.size = .constant(CGSize(width: width, height: height))
        group.position = .constant(CGPoint(x: Double(width) / 2, y: Double(height) / 2))
        layers.append(group)

        var scene = Scene(canvas: canvas, layers: layers)
        scene.audio = [
            AudioTrack(
                url: audio, trim: stretch, fadeIn: min(0.1, stretch.upperBound - stretch.lowerBound),
                fadeOut: min(0.3, stretch.upperBound - stretch.lowerBound))
        ]
        return scene
    }

    /// Where each part goes: a column for portrait and square frames, cover left and the rest
    /// right for landscape ones.
    struct Layout {
        var cover: CGRect
        var text: CGRect
        var titleY: Double
        var titleSize: Double
        var wave: CGRect
        var captions: CGRect

        init(format: Format, width: Double, height: Double) {
            switch format {
            case .landscape:
                let side = height * 0.56
                cover = CGRect(x: width * 0.08, y: (height - side) / 2, width: side, height: side)
                let column = CGRect(
                    x: cover.maxX + width * 0.05, y: 0, width: width - cover.maxX - width * 0.1, height: height)
                text = column
                titleSize = height * 0.05
                titleY = height * 0.2
                wave = CGRect(x: column.minX, y: height * 0.3, width: column.width, height: height * 0.14)
                captions = CGRect(x: column.minX, y: height * 0.46, width: column.width, height: height * 0.4)
            case .vertical, .square:
                let tall = format == .vertical
                let side = min(width * 0.62, height * (tall ? 0.34 : 0.42))
                cover = CGRect(x: (width - side) / 2, y: height * (tall ? 0.17 : 0.14), width: side, height: side)
                text = CGRect(x: width * 0.08, y: 0, width: width * 0.84, height: height)
                titleSize = width * 0.048
                titleY = height * (tall ? 0.1 : 0.075)
                wave = CGRect(
                    x: width * 0.1, y: cover.maxY + height * 0.03, width: width * 0.8,
                    height: height * (tall ? 0.07 : 0.09))
                captions = CGRect(
                    x: width * 0.06, y: wave.maxY + height * 0.02, width: width * 0.88,
                    height: height - wave.maxY - height * 0.06)
            }
        }
    }
}

/// Every error an ``Audiogram`` throws of its own.
public enum AudiogramError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The stretch asked for is not inside the sound.
    case rangeOutsideAudio(path: String, from: Double, to: Double, length: Double)
    /// The transcript has no word in the stretch.
    case noWordsInRange(path: String, from: Double, to: Double)

    public var description: String {
        switch self {
        case .rangeOutsideAudio(let path, let from, let to, let length):
            return
                "The clip from \(from) s to \(to) s is not inside \(path), which lasts \(String(format: "%.2f", length)) s; choose a start of 0 or more and an end after it, at most the sound's length."
        case .noWordsInRange(let path, let from, let to):
            return
                "The transcript \(path) has no word between \(from) s and \(to) s; check that it is the episode's transcript, and that the clip's times are the episode's."
        }
    }

    public var errorDescription: String? { description }
}
