import ArgumentParser
import Foundation
import MovieKitCore
import MovieKitSubtitles

/// `--subtitle-track FILE[:LANG]`: subtitle streams carried in the movie for players to switch on.
struct SubtitleTrackOptions: ParsableArguments {
    @Option(
        name: .customLong("subtitle-track"),
        help: ArgumentHelp(
            "A subtitle file (.vtt, .srt, .ass, .ssa) to carry as a track players can switch on, with its language as an ISO 639 code after a colon (talk.srt:eng, talk.vtt:fr): mov_text in .mp4 and .mov, WebVTT in .webm, ASS or SRT in .mkv. Repeatable; the first is the default track.",
            valueName: "file[:lang]"))
    var tracks: [String] = []

    mutating func validate() throws {
        for argument in tracks { _ = try Self.split(argument) }
    }

    /// The file and language of one `--subtitle-track`: a last `:` followed by two or three letters
    /// names the language; otherwise the whole argument is the file.
    static func split(_ argument: String) throws -> (path: String, language: String?) {
        guard let colon = argument.lastIndex(of: ":") else { return (argument, nil) }
        let code = String(argument[argument.index(after: colon)...])
        guard (2...3).contains(code.count), code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return (argument, nil)
        }
        let lower = code.lowercased()
        if lower.count == 2 {
            guard let long = SubtitleDocument.languageCodes[lower] else {
                throw ValidationError(
                    "--subtitle-track \(argument): \"\(code)\" is not a language MovieKit knows by two letters; write its ISO 639-2 code of three letters, such as eng, fra or deu."
                )
            }
            return (String(argument[..<colon]), long)
        }
        return (String(argument[..<colon]), lower)
    }

    /// Reads every track's file, so that a bad one stops the render before its first frame.
    /// - Throws: `SubtitleError` naming the file and line.
    func subtitleTracks() throws -> [SubtitleTrack] {
        try tracks.enumerated().map { index, argument in
            let (path, language) = try Self.split(argument)
            let document = try SubtitleDocument(contentsOf: URL(fileURLWithPath: path))
            return document.track(language: language, isDefault: index == 0)
        }
    }

    /// What the tracks add to a movie, for the chunk tag.
    var identity: String {
        tracks.map { "\nsubtitle track \($0) " + Render.contentsOrPath((try? Self.split($0).path) ?? $0) }.joined()
    }
}
