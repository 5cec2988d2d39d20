import Foundation
import FrameDraw
import MovieKitCore

extension SubtitleDocument {
    /// The file as a subtitle stream for a movie (`SubtitleTrack`): WebVTT and SRT
    /// cues with `<b>`, `<i>`, `<u>` and `<font color>` as ASS override tags (other tags keep their
    /// text); an ASS or SSA file with its own header and events, kept whole in Matroska.
    /// - Parameters:
    ///   - language: An ISO 639-2 code (`eng`), or `nil`.
    ///   - title: The track's name in players' menus, or `nil`.
    ///   - isDefault: Whether players show it without being asked.
    public func track(language: String? = nil, title: String? = nil, isDefault: Bool = false) -> SubtitleTrack {
        switch self {
        case .webVTT, .srt:
            let events = cues.map { cue in
                SubtitleTrack.Event(start: cue.startTime, end: cue.endTime, text: CueTextASS.ass(cue.text))
            }
            return SubtitleTrack(events: events, language: language, title: title, isDefault: isDefault)
        case .ass(let file):
            let events = file.events.map { event in
                SubtitleTrack.Event(
                    start: event.startTime, end: event.endTime, text: event.text, style: event.style,
                    layer: event.layer, name: event.name, marginL: event.marginL, marginR: event.marginR,
                    marginV: event.marginV, effect: event.effect)
            }
            return SubtitleTrack(
                events: events, language: language, title: title, isDefault: isDefault, assHeader: file.header)
        }
    }

    /// ISO 639-1 codes (two letters) and the ISO 639-2/T codes containers take, for the languages
    /// subtitles are most often in.
    public static let languageCodes: [String: String] = [
        "ar": "ara", "cs": "ces", "da": "dan", "de": "deu", "el": "ell", "en": "eng", "es": "spa", "fi": "fin",
        "fr": "fra", "he": "heb", "hi": "hin", "hu": "hun", "id": "ind", "it": "ita", "ja": "jpn", "ko": "kor",
        "nl": "nld", "no": "nor", "pl": "pol", "pt": "por", "ro": "ron", "ru": "rus", "sv": "swe", "th": "tha",
        "tr": "tur", "uk": "ukr", "vi": "vie", "zh": "zho"
    ]
}

/// WebVTT and SRT cue text as ASS dialogue text.
enum CueTextASS {
    static func ass(_ text: String) -> String {
        var output = ""
        var open: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "<", let end = text[index...].firstIndex(of: ">") {
                let tag = text[text.index(after: index)..<end].lowercased()
                index = text.index(after: end)
                let closing = tag.hasPrefix("/")
                let name = String(tag.drop { $0 == "/" }.prefix { $0.isLetter })
                switch (name, closing) {
                case ("b", false), ("i", false), ("u", false): output += "{\\\(name)1}"
                case ("b", true), ("i", true), ("u", true): output += "{\\\(name)0}"
                case ("font", false):
                    if let colour = fontColour(tag) {
                        output += "{\\c&H\(colour)&}"
                        open.append("font")
                    }
                case ("font", true):
                    if open.popLast() != nil { output += "{\\c}" }
                default: break
                }
                continue
            }
            if character == "&", let (value, next) = CueTextMarkup.entity(in: text, at: index) {
                output += SubtitleTrack.assText(plain: value)
                index = next
                continue
            }
            output += SubtitleTrack.assText(plain: String(character))
            index = text.index(after: index)
        }
        return output
    }

    /// `color="#RRGGBB"` (or a name) as ASS's `BBGGRR`.
    private static func fontColour(_ tag: String) -> String? {
        guard let range = tag.range(of: "color=") else { return nil }
        let value = tag[range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            .prefix { !$0.isWhitespace && $0 != "\"" && $0 != "'" }
        guard let colour = try? Color(parsing: String(value)) else { return nil }
        func component(_ value: Double) -> String {
            String(format: "%02X", Int((min(max(value, 0), 1) * 255).rounded()))
        }
        return component(colour.blue) + component(colour.green) + component(colour.red)
    }
}
