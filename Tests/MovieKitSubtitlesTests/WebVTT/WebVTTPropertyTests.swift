import Foundation
import MovieKitSubtitles
import PropertyBased
import Testing

/// Properties of the WebVTT parser over random files: what it writes, it reads back exactly; and
/// whatever it reads, the cues obey the specification's rules for where a cue's text ends.
@Suite("WebVTT properties", .shrinking(false))
struct WebVTTPropertyTests {
    static let bytes = Gen.uint8().array(of: 8...400)

    /// Takes the next choice from `bytes`, cycling.
    struct Choices {
        var bytes: [UInt8]
        var index = 0
        mutating func next(_ bound: Int) -> Int {
            defer { index += 1 }
            return bytes.isEmpty ? 0 : Int(bytes[index % bytes.count]) % bound
        }
    }

    static let words = ["Hello", "<b>bold</b>", "<v Ann>speaker", "émoji 🎬", "a -> b", "x&amp;y", "NOTE", "STYLE", "1"]

    /// A random cue and the file text that writes it.
    static func cue(_ choices: inout Choices, index: Int) -> (cue: WebVTTCue, text: String) {
        let start = Double(choices.next(200_000)) / 1000 + Double(choices.next(3)) * 3600
        let end = start + Double(choices.next(10_000) + 1) / 1000
        let lineCount = choices.next(3) + 1
        let body = (0..<lineCount).map { _ in words[choices.next(words.count)] + " " + words[choices.next(words.count)]
        }
        var cue = WebVTTCue(
            id: choices.next(2) == 0 ? "" : "cue \(index)", startTime: start, endTime: end,
            text: body.joined(separator: "\n"))
        var settings: [String] = []
        if choices.next(2) == 0 {
            cue.line = .value(Double(choices.next(21) - 10))
            settings.append("line:\(Int(Self.number(cue.line)))")
        }
        if choices.next(2) == 0 {
            cue.position = Double(choices.next(101))
            cue.positionAlignment = [.lineLeft, .center, .lineRight][choices.next(3)]
            settings.append("position:\(Int(cue.position ?? 0))%,\(cue.positionAlignment.rawValue)")
        }
        if choices.next(2) == 0 {
            cue.size = Double(choices.next(1001)) / 10
            settings.append("size:\(cue.size)%")
        }
        if choices.next(2) == 0 {
            cue.textAlignment = WebVTTCue.TextAlignment.allCases[choices.next(5)]
            settings.append("align:\(cue.textAlignment.rawValue)")
        }
        let timing =
            "\(timestamp(start)) --> \(timestamp(end))"
            + (settings.isEmpty ? "" : " " + settings.joined(separator: " "))
        return (cue, (cue.id.isEmpty ? "" : cue.id + "\n") + timing + "\n" + cue.text)
    }

    static func number(_ line: WebVTTCue.Line) -> Double {
        if case .value(let value) = line { return value }
        return .nan
    }

    static func timestamp(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        return String(
            format: "%02d:%02d:%02d.%03d", milliseconds / 3_600_000, milliseconds / 60_000 % 60,
            milliseconds / 1000 % 60,
            milliseconds % 1000)
    }

    @Test func whatIsWrittenIsReadBackExactly() async {
        await propertyCheck(count: 200, input: Self.bytes) { bytes in
            var choices = Choices(bytes: bytes)
            let count = choices.next(6)
            let cues = (0..<count).map { Self.cue(&choices, index: $0) }
            let newline = ["\n", "\r\n", "\r"][choices.next(3)]
            let text = (["WEBVTT"] + cues.map(\.text)).joined(separator: "\n\n").replacingOccurrences(
                of: "\n", with: newline)
            let file = try WebVTTFile(parsing: text)
            #expect(file.cues.count == cues.count)
            for (read, written) in zip(file.cues, cues.map(\.cue)) {
                #expect(read.id == written.id && read.text == written.text)
                #expect(abs(read.startTime - written.startTime) < 1e-9 && abs(read.endTime - written.endTime) < 1e-9)
                #expect(read.line == written.line && read.position == written.position)
                #expect(read.positionAlignment == written.positionAlignment && read.size == written.size)
                #expect(read.textAlignment == written.textAlignment)
            }
            #expect(file.warnings.isEmpty)
        }
    }

    static let fragments = [
        "WEBVTT", "\n", "\n\n", "\r\n", "\r", "00:00.000", "01:02:03.456", " --> ", "-->", "NOTE", "STYLE", "REGION",
        "id:r", "region:r", "line:-1", "line:50%,end", "position:10%", "size:0%", "vertical:rl", "text", " ", "\t",
        "\u{0}", "<b>", "00:00:00,000", "9", ":", "."
    ]

    @Test func anyFileGivesCuesWhoseTextHasNoBlankLineAndNoArrow() async {
        await propertyCheck(count: 300, input: Self.bytes) { bytes in
            var choices = Choices(bytes: bytes)
            let text =
                "WEBVTT\n" + (0..<bytes.count).map { _ in Self.fragments[choices.next(Self.fragments.count)] }.joined()
            let file = try WebVTTFile(parsing: text)
            for cue in file.cues {
                // A blank line ends a cue, and a line with "-->" starts the next block.
                #expect(!cue.text.contains("\n\n") && !cue.text.hasPrefix("\n") && !cue.text.hasSuffix("\n"))
                #expect(!cue.text.contains("-->") && !cue.text.contains("\r") && !cue.text.contains("\0"))
                #expect(cue.startTime >= 0 && cue.endTime >= 0 && cue.size >= 0 && cue.size <= 100)
                if let position = cue.position { #expect(position >= 0 && position <= 100) }
                #expect(cue.sourceLine >= 2)
            }
        }
    }
}
