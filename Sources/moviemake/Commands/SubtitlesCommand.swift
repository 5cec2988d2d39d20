import ArgumentParser
import Foundation
import MovieKitSubtitles

/// `moviemake subtitles`: commands about subtitle files.
struct SubtitlesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subtitles",
        abstract: "Read subtitle files.",
        subcommands: [Inspect.self]
    )

    /// `moviemake subtitles inspect FILE [--json]`: what a subtitle file holds.
    struct Inspect: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the cues a subtitle file holds, as MovieKit reads them.",
            discussion: """
                Reads a WebVTT file (.vtt) by the WebVTT specification's parser, as a browser does for \
                a <track>, or an SRT file (.srt) in UTF-8, UTF-16 or Windows-1252. Blocks of a WebVTT \
                file that are not valid cues are skipped, as the specification asks, and each is named \
                on standard error; an SRT cue that cannot be read stops with its line. A transcript \
                (.json from OpenAI Whisper, WhisperX, whisper.cpp -ojf or Remotion) prints its words \
                with their times. With --json, each cue has the attribute names and \
                values of the web's VTTCue (line and position as a number or "auto", region as null or \
                an object with VTTRegion's attributes).
                """
        )

        @Argument(help: "The subtitle file (.vtt or .srt) or word-timed transcript (.json).")
        var file: String

        @Flag(help: "Print JSON with the web's VTTCue names instead of a list.")
        var json = false

        func run() throws {
            let url = URL(fileURLWithPath: file)
            if url.pathExtension.lowercased() == "json" {
                try inspectTranscript(url)
                return
            }
            guard SubtitleDocument.formats.contains(where: { $0.fileExtension == url.pathExtension.lowercased() })
            else {
                throw ValidationError(
                    "Cannot tell the format of \(file) from its extension; subtitles inspect reads WebVTT (.vtt), SRT (.srt), ASS and SSA (.ass, .ssa) files, and transcripts (.json)."
                )
            }
            let subtitles = try SubtitleDocument(contentsOf: url)
            let inspection = SubtitleInspection(subtitles)
            for warning in subtitles.warnings {
                FileHandle.standardError.write(Data("warning: \(warning)\n".utf8))
            }
            if json {
                FileHandle.standardOutput.write(try inspection.json())
                FileHandle.standardOutput.write(Data("\n".utf8))
                return
            }
            var lines: [String] = ["\(file): \(subtitles.formatName), \(subtitles.cues.count) cues"]
            for cue in subtitles.cues {
                let id = cue.id.isEmpty ? "" : "\(cue.id)  "
                let text = cue.text.replacingOccurrences(of: "\n", with: " / ")
                lines.append(
                    "\(id)\(WebVTTFile.timestamp(cue.startTime)) --> \(WebVTTFile.timestamp(cue.endTime))  \(text)")
            }
            FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        }

        /// Prints a transcript's words.
        func inspectTranscript(_ url: URL) throws {
            let transcript = try Transcript(contentsOf: url)
            for warning in transcript.warnings {
                FileHandle.standardError.write(Data("warning: \(warning)\n".utf8))
            }
            if json {
                FileHandle.standardOutput.write(try TranscriptInspection(transcript).json())
                FileHandle.standardOutput.write(Data("\n".utf8))
                return
            }
            var lines = ["\(file): \(transcript.source.rawValue), \(transcript.words.count) words"]
            for word in transcript.words {
                let speaker = word.speaker.map { "  (\($0))" } ?? ""
                lines.append(
                    "\(WebVTTFile.timestamp(word.start)) --> \(WebVTTFile.timestamp(word.end))  \(word.text)\(speaker)")
            }
            FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        }
    }
}
