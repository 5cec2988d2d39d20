import Foundation
import FrameDraw
import MovieKitCore

extension Slideshow {
    /// How photo files and folders become slides, and the music under them: what `moviemake
    /// slideshow` takes besides the layout (size, timing, transition, fit), which the slideshow
    /// itself holds.
    public struct InputOptions: Sendable {
        /// Where a slide's caption comes from.
        public enum Caption: String, Sendable, CaseIterable {
            /// The file's name without its extension.
            case filename
            /// The day the photo was taken (EXIF), or else the file's date, such as "22 November 2026".
            case date
        }

        /// Whether folders inside the input folders are read too. Default `false`.
        public var recursive = false
        /// Whether the photos play in the order they were taken rather than by name. Default `false`.
        public var sortsByDate = false
        /// A title slide before the photos, or `nil` for none.
        public var title: String?
        /// A caption on every photo, or `nil` for none.
        public var caption: Caption?
        /// Whether movie clips among the photos are silent. Default `false`: they play their sound.
        public var mutesClips = false
        /// The longest a movie clip plays, in seconds, or `nil` for its whole length.
        public var maxClipDuration: Double?
        /// Music files, played one after another.
        public var music: [URL] = []
        /// The music's gain: 1 keeps the level. Default 1.
        public var musicVolume = 1.0
        /// Seconds the music fades in. Default 0.
        public var musicFadeIn = 0.0
        /// Seconds the music fades out at the end. Default 1.
        public var musicFadeOut = 1.0
        /// Whether the music repeats until the video ends. Default `false`.
        public var loopsMusic = false
        /// Whether every slide's duration is stretched evenly so that the video ends with the music.
        /// Default `false`.
        public var fitsMusic = false
        /// Whether the music drops to a quarter while a clip's own sound plays. Default `false`.
        public var ducksMusic = false

        /// Creates the options of a plain slideshow: photos by name, no title or captions, no music.
        public init() {}
    }

    /// The image extensions a folder's photos are found by (clips are found by
    /// `VideoContent.fileExtensions`).
    public static var photoExtensions: Set<String> { PhotoInputs.extensions }

    /// A slideshow of the photos and clips in `inputs` (files where they stand, folders' photos in
    /// natural order: "img2" before "img10"; hidden files skipped), laid out as `layout` says (size,
    /// timing, transition, fit, Ken Burns), with the title, captions and music of `options`.
    ///
    /// ```swift
    /// let show = try Slideshow(inputs: [URL(fileURLWithPath: "trip")], options: .init())
    /// try show.render(to: URL(fileURLWithPath: "trip.mp4"))
    /// ```
    /// - Throws: ``SlideshowInputError`` for an input that does not exist, no photos, or music that
    ///   cannot be fitted; the error of a clip or music file that cannot be read.
    public init(inputs: [URL], options: InputOptions, layout: Slideshow = Slideshow()) throws {
        self = layout
        try appendSlides(for: inputs, options: options)
    }

    /// Appends slides for the photos and clips in `inputs`, and sets the music of `options` (fitting
    /// the slides to it when asked). Slides the slideshow already has (a manifest's) stay first.
    /// - Throws: As ``init(inputs:options:layout:)``.
    public mutating func appendSlides(for inputs: [URL], options: InputOptions) throws {
        let photos = try PhotoInputs.collect(inputs, recursive: options.recursive, sortByDate: options.sortsByDate)
        if photos.isEmpty, slides.isEmpty {
            throw SlideshowInputError.noPhotos(paths: inputs.map(\.path), recursive: options.recursive)
        }
        if let title = options.title { slides.append(Slide(.title(title))) }
        for photo in photos {
            var slide = try PhotoInputs.isClip(photo) ? Self.clipSlide(photo, options: options) : Slide(.photo(photo))
            switch options.caption {
            case .filename: slide.caption = photo.deletingPathExtension().lastPathComponent
            case .date: slide.caption = PhotoInputs.dateCaption(for: photo)
            case nil: break
            }
            slides.append(slide)
        }
        if !options.music.isEmpty {
            audio = try Self.music(options, until: Double(try timing().frameCount) / fps.framesPerSecond)
        }
        if options.fitsMusic {
            let total = try options.music.reduce(0.0) { $0 + (try AudioTrack.duration(of: $1) ?? 0) }
            guard total > 0 else { throw SlideshowInputError.noMusicToFit }
            let count = Double(slides.count)
            slideDuration = (total + (count - 1) * transition.duration) / count
            audio = try Self.music(options, until: total)
        }
        if options.ducksMusic {
            for index in audio.indices { audio[index].duckedVolume = audio[index].volume / 4 }
        }
    }

    /// The slide for a movie clip: it lasts the clip's length, or `maxClipDuration`.
    private static func clipSlide(_ url: URL, options: InputOptions) throws -> Slide {
        var video = VideoContent(url: url, isMuted: options.mutesClips)
        let length = try video.playingDuration()
        var slide = Slide(.video(video))
        if let limit = options.maxClipDuration, length > limit {
            video.cutTo = limit
            slide.content = .video(video)
        }
        slide.duration = min(length, options.maxClipDuration ?? length)
        return slide
    }

    /// The music files one after another (repeated when it loops) until `seconds`.
    private static func music(_ options: InputOptions, until seconds: Double) throws -> [AudioTrack] {
        try AudioTrack.sequence(
            of: options.music, volume: options.musicVolume, fadeIn: options.musicFadeIn,
            fadeOut: options.musicFadeOut, until: seconds, repeating: options.loopsMusic)
    }
}

/// Why photo files and folders cannot become a slideshow.
public enum SlideshowInputError: Error, Equatable, CustomStringConvertible {
    /// No file or folder exists at `path`.
    case missingInput(path: String)
    /// The inputs hold no photos or clips; `recursive` says whether folders inside them were read.
    case noPhotos(paths: [String], recursive: Bool)
    /// The slides were to be fitted to music, and there is none (or it has no length).
    case noMusicToFit

    public var description: String {
        switch self {
        case .missingInput(let path):
            return "No file or folder exists at \(path); check the spelling and the working directory."
        case .noPhotos(let paths, let recursive):
            let folders = recursive ? "" : ", and folders inside folders are not read"
            return "No photos were found in \(paths.joined(separator: ", ")); hidden files are skipped\(folders)."
        case .noMusicToFit:
            return "The slides cannot be fitted to the music, as there is none; add a music file."
        }
    }
}
