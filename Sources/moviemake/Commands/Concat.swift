import ArgumentParser
import Foundation
import MovieKitCore

/// Joins chunk files into one movie by stream copy.
struct Concat: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Join chunk files (rendered with --chunk or --frames) into one movie, without re-encoding.",
        discussion:
            "The parts must be chunks of one movie with the same settings that together cover every frame once; any other part is refused, naming it and the missing or repeated frames."
    )

    @Argument(help: "The chunk files, in any order.")
    var parts: [String] = []

    @Option(help: "A folder holding the chunk files (every .mp4 in it).")
    var dir: String?

    @Option(name: [.short, .long], help: "The movie to write (.mp4, .m4v or .mov).")
    var output: String

    @Option(help: "Music or sound to add over the whole movie (repeatable; the files play one after another).")
    var audio: [String] = []

    @OptionGroup var sound: LoudnessOptions

    @OptionGroup var subtitleTracks: SubtitleTrackOptions

    @Flag(name: [.customShort("y"), .long], help: "Replace the output if it exists.")
    var overwrite = false

    mutating func validate() throws {
        if parts.isEmpty, dir == nil {
            throw ValidationError(
                "No parts were given; pass the chunk files, or --dir with the folder that holds them.")
        }
    }

    func run() throws {
        var urls = parts.map { URL(fileURLWithPath: $0) }
        if let dir {
            let folder = URL(fileURLWithPath: dir)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            urls += names.filter { $0.hasSuffix(".mp4") && !$0.hasPrefix(".") }.sorted().map {
                folder.appendingPathComponent($0)
            }
        }
        var start = 0.0
        var tracks: [AudioTrack] = []
        for path in audio {
            let url = URL(fileURLWithPath: path)
            tracks.append(AudioTrack(url: url, start: start))
            start += try AudioTrack.duration(of: url) ?? 0
        }
        let target = try sound.loudnessNormalization()
        if target != nil, tracks.isEmpty {
            throw ValidationError(
                "--loudness sets the loudness of the sound, and the chunks have none; add it with --audio.")
        }
        let measured = try MovieChunks.join(
            parts: urls, to: URL(fileURLWithPath: output), overwrite: overwrite, audio: tracks, loudness: target,
            subtitleTracks: try subtitleTracks.subtitleTracks())
        FileHandle.standardError.write(
            Data(
                ("Wrote \(output) from \(urls.count) parts." + RenderRunner.soundNote(measured, target: target) + "\n")
                    .utf8))
    }
}
