import Foundation
import MovieKitCore
import MovieKitLottie
import MovieKitPreview
import MovieKitScene

/// The command line's own advice for library errors whose fix is one of its flags, chosen from
/// the error's case, never by rewriting the library's sentence.
enum CommandLineWording {
    /// `error` as the command line reports it.
    static func error(for error: Error) -> Error {
        switch error {
        case MovieKitError.fileExists(let path):
            return fileExists(path)
        case MovieKitError.stickerTooLong(let seconds):
            let shown = seconds.formatted(.number.precision(.fractionLength(0...3)))
            return CommandFailure(
                "The scene lasts \(shown) s, and a Telegram sticker lasts at most 3 s; shorten the scene, or pass --trim to keep its first 3 seconds."
            )
        case MovieKitError.stickerTooLarge(let path, let attempts):
            let sizes = attempts.map { "\($0 / 1000) KB" }.joined(separator: ", ")
            return CommandFailure(
                "No render of \(path) fitted Telegram's 256 KB (\(sizes)); simplify the scene or shorten it with --trim."
            )
        case ChunkError.indexUnavailable(let reason):
            return CommandFailure(
                "--chunk auto/N needs the chunk index from the scheduler, but \(reason); run it as a Kubernetes Indexed Job or a Slurm job array, or give the index, as in --chunk 0/4."
            )
        case ChunkError.untagged(let path):
            return CommandFailure(
                "The part \(path) cannot be joined: it has no MovieKit chunk tag; parts are written with --chunk or --frames."
            )
        case ChunkError.missingFrames(let frames):
            let range = "\(frames.lowerBound)..<\(frames.upperBound)"
            return CommandFailure(
                "The parts do not make one whole movie: frames \(range) are missing; render them (--frames \(range)) and join again."
            )
        case SceneError.unsupportedOutputOption(let location, let option, let supported):
            return CommandFailure(
                SceneError.place(location)
                    + "`\(location.keyPath ?? "the document")` uses the FFmpeg output option `\(option)`, which MovieKit does not support: MovieKit encodes in-process and follows only \(SceneError.list(supported)); choose the codec with --codec and the container with the output's extension."
            )
        case LottieError.unknownAnimation(let file, let id, let available):
            return CommandFailure(
                "\(file) has no animation `\(id)`; pass --animation with one of \(LottieError.list(available)).")
        case LottieError.unknownMarker(let file, let name, let available):
            return CommandFailure(
                available.isEmpty
                    ? "\(file) has no marker `\(name)`; the animation has no markers, so render it without --segment."
                    : "\(file) has no marker `\(name)`; pass --segment with one of \(LottieError.list(available)).")
        case LottieError.unsupportedFeature(let file, let warning):
            return CommandFailure("\(file): \(warning) Render without --strict to use the static value and continue.")
        case PreviewError.invalidHost(let host):
            return CommandFailure(
                "Host \(host) is not an IP address; pass --host with an address such as 127.0.0.1 (this machine only) or 0.0.0.0."
            )
        case PreviewError.cannotListen(let host, let port, let reason):
            return CommandFailure(
                "The preview cannot listen on \(host) port \(port) (\(reason)); pass --port with a free port, or 0 for any."
            )
        default:
            return error
        }
    }

    /// The failure for an output that exists when `-y` was not passed, the same on every command.
    static func fileExists(_ path: String) -> CommandFailure {
        CommandFailure("The file \(path) already exists; pass -y (--overwrite) to replace it, or choose another path.")
    }
}
