import ArgumentParser
import Foundation
import FrameDraw
import MovieKitCore
import TestSupport
import Testing

@testable import moviemake

/// What every command shares: `-o` and `-y`, one way to give a size with its precedence, the
/// titled help sections and help texts that say what works.
@Suite("moviemake: flags and help shared by every command")
struct CommandLineConsistencyTests {
    /// The size that `demo` parsed from `arguments` renders at.
    static func demoSize(_ arguments: [String]) throws -> String {
        let command = try #require(try Moviemake.parseAsRoot(["demo"] + arguments) as? Demo)
        let settings = try command.encoding.settings()
        return "\(settings.width)x\(settings.height)"
    }

    @Test func sizeFlagsWinInTheStatedOrder() throws {
        #expect(try Self.demoSize([]) == "1280x720")
        #expect(try Self.demoSize(["--size", "160x96"]) == "160x96")
        #expect(try Self.demoSize(["--size", "square"]) == "1088x1088")
        #expect(try Self.demoSize(["--size", "vertical"]) == "720x1280")
        #expect(try Self.demoSize(["--size", "4K"]) == "3840x2160")
        // --width and --height each replace one side of --size, in any order on the line.
        #expect(try Self.demoSize(["--size", "160x96", "--width", "320"]) == "320x96")
        #expect(try Self.demoSize(["--height", "48", "--size", "160x96"]) == "160x48")
        #expect(try Self.demoSize(["--height", "48"]) == "1280x48")
        // A draft about halves whatever size the flags give, keeping the shape where multiples of 16 allow it.
        #expect(try Self.demoSize(["--size", "320x192", "--draft"]) == "160x96")
        #expect(try Self.demoSize(["--size", "1920x1088", "--draft"]) == "960x544")
        #expect(try Self.demoSize(["--draft"]) == "768x432")
        #expect(try Self.demoSize(["--size", "vertical", "--draft"]) == "432x768")
        #expect(try Self.demoSize(["--size", "608x304", "--draft"]) == "320x160")
        // No size near half keeps 1008x1024 (63:64) exactly: each side is halved on its own.
        #expect(try Self.demoSize(["--size", "1008x1024", "--draft"]) == "512x512")
    }

    @Test func theSizeFlagsAreTheSameOnEveryRenderingCommand() throws {
        let arguments = ["--size", "160x96", "--width", "320", "--fps", "12"]
        let render = try #require(try Moviemake.parseAsRoot(["render", "s.yaml", "-o", "o.mp4"] + arguments) as? Render)
        let slideshow = try #require(
            try Moviemake.parseAsRoot(["slideshow", "p", "-o", "o.mp4"] + arguments) as? SlideshowCommand)
        for frame in [render.encoding.frame, slideshow.encoding.frame] {
            #expect(try frame.frameSize(over: (640, 480)) == (320, 96))
            #expect(frame.fps == FrameRate(12, 1))
        }
        let none = try #require(try Moviemake.parseAsRoot(["render", "s.yaml", "-o", "o.mp4"]) as? Render)
        #expect(try none.encoding.frame.frameSize(over: (640, 480)) == (640, 480))
    }

    @Test func slideshowSizeFlagsReplaceTheDefaultAndTheManifestsCanvas() throws {
        let dir = try SlideshowCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SlideshowCommandTests.photos(2, in: dir)
        let manifest = dir.appendingPathComponent("show.yaml")
        try Data("width: 160\nheight: 96\nfps: 10\nduration: 1\nslides:\n  - image: photos/img1.png\n".utf8).write(
            to: manifest)
        let quick = ["--preset", "ultrafast", "--quiet", "--duration", "1"]
        let cases: [([String], (Int, Int))] = [
            (
                [dir.appendingPathComponent("photos").path, "--size", "160x96", "--width", "320", "--fps", "5"],
                (320, 96)
            ),
            (["--manifest", manifest.path], (160, 96)),
            (["--manifest", manifest.path, "--height", "48"], (160, 48)),
            (["--manifest", manifest.path, "--size", "64x64", "--width", "96"], (96, 64))
        ]
        for (index, (arguments, size)) in cases.enumerated() {
            let output = dir.appendingPathComponent("out\(index).mp4")
            let run = try ChunkCommandTests.moviemake(["slideshow", "-o", output.path] + arguments + quick)
            #expect(run.status == 0, "\(arguments): \(run.errors)")
            let probe = try MovieProbe(url: output, keepPixels: false)
            #expect(probe.width == size.0 && probe.height == size.1, "\(arguments)")
        }
    }

    struct BadArguments: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let badArguments: [BadArguments] = [
        .init(
            arguments: ["demo", "--size", "10x"],
            message: "Size \"10x\" is not WxH, such as 1280x720, or a preset: 720p, square, vertical, 4k."),
        .init(
            arguments: ["demo", "--size", "big"],
            message: "Size \"big\" is not WxH, such as 1280x720, or a preset: 720p, square, vertical, 4k."),
        .init(
            arguments: ["render", "s.yaml", "-o", "o.mp4", "--size", "160x90"],
            message: "Height 90 is not a multiple of 16; use 80 or 96."),
        .init(
            arguments: ["render", "s.yaml", "-o", "o.mp4", "--size", "1080p"],
            message:
                "1080p is 1920x1080, and 1080 is not a multiple of 16; use --size 1920x1088 (a little taller) or 1920x1072."
        ),
        .init(
            arguments: ["demo", "b.mp4", "-o", "c.mp4"],
            message: "The output is given twice, as b.mp4 and with -o c.mp4; pass it only once.")
    ]

    @Test("bad size or output flags are refused with a full sentence and exit code 64", arguments: badArguments)
    func refusesBadFlags(_ bad: BadArguments) {
        #expect {
            _ = try Moviemake.parseAsRoot(bad.arguments)
        } throws: { error in
            Moviemake.message(for: error) == bad.message && Moviemake.exitCode(for: error).rawValue == 64
        }
    }

    @Test func demoTakesItsOutputWithDashOOrAsAnArgument() throws {
        for (arguments, output) in [
            (["demo"], "demo.mp4"), (["demo", "a.mp4"], "a.mp4"), (["demo", "-o", "b.webm"], "b.webm"),
            (["demo", "--output", "c.gif"], "c.gif"), (["demo", "d.mov", "-o", "d.mov"], "d.mov")
        ] {
            let command = try #require(try Moviemake.parseAsRoot(arguments) as? Demo)
            #expect(command.output == output, "\(arguments)")
        }
    }

    @Test func everyCommandThatWritesTakesDashOAndDashY() throws {
        let commands: [[String]] = [
            ["demo"], ["slideshow", "p"], ["render", "s.yaml"], ["still", "s.yaml"], ["sheet", "m.mp4"],
            ["concat", "a.mp4"]
        ]
        for command in commands {
            let output = command[0] == "still" || command[0] == "sheet" ? "o.png" : "o.mp4"
            for overwrite in ["-y", "--overwrite"] {
                let parsed = try Moviemake.parseAsRoot(command + ["-o", output, overwrite])
                let flags: (String?, Bool)? =
                    switch parsed {
                    case let c as Demo: (c.output, c.encoding.overwrite)
                    case let c as SlideshowCommand: (c.output, c.encoding.overwrite)
                    case let c as Render: (c.output, c.encoding.overwrite)
                    case let c as Still: (c.output, c.overwrite)
                    case let c as Sheet: (c.output, c.overwrite)
                    case let c as Concat: (c.output, c.overwrite)
                    default: nil
                    }
                #expect(flags?.0 == output && flags?.1 == true, "\(command) -o \(output) \(overwrite)")
            }
        }
    }

    @Test func stillAndSheetKeepAnExistingFileUnlessDashY() throws {
        let folder = try SceneCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenePath = try SceneCommandTests.writeScene(in: folder)
        for command in ["still", "sheet"] {
            let output = folder.appendingPathComponent("\(command).png")
            try Data("old".utf8).write(to: output)
            #expect {
                try SceneCommandTests.run([command, scenePath, "-o", output.path, "--set", "title=x"])
            } throws: { error in
                Moviemake.message(for: error)
                    == "The file \(output.path) already exists; pass -y (--overwrite) to replace it, or choose another path."
                    && Moviemake.exitCode(for: error).rawValue == 1
            }
            #expect(try Data(contentsOf: output) == Data("old".utf8))
            try SceneCommandTests.run([command, scenePath, "-o", output.path, "--set", "title=x", "-y"])
            #expect(try Image(contentsOf: output).width > 0)
        }
    }

    @Test func aLibraryErrorForAnExistingFileIsWordedWithTheFlag() {
        let error = CommandLineWording.error(for: MovieKitError.fileExists(path: "/tmp/x.mp4"))
        #expect(
            "\(error)"
                == "The file /tmp/x.mp4 already exists; pass -y (--overwrite) to replace it, or choose another path.")
    }

    /// The help of `command`, unwrapped so that sentences can be searched.
    static func help(_ command: ParsableCommand.Type) -> String {
        Moviemake.helpMessage(for: command, columns: 10_000)
    }

    @Test func renderHelpNamesEveryContainerAndEveryFormatItReads() {
        let help = Self.help(Render.self)
        #expect(
            help.contains(
                "-o, --output <output>   The movie to write: .mp4, .m4v, .mov, .webm, .mkv or .gif, or a name without extension for a folder of PNG files."
            ))
        #expect(help.contains("Render a scene file, slideshow manifest or editly spec into a movie."))
        #expect(
            help.contains(
                "a slideshow manifest (.yaml, .yml or .json with `slides`), an editly spec (.json5) or a Lottie animation (.json, .lottie, .tgs)"
            ))
        #expect(help.contains("--background <color>"))
        #expect(
            help.contains(
                "--size replaces the size, --width and --height each replace one side of it (they win over --size)"))
        #expect(Self.help(SlideshowCommand.self).contains("The movie to write: .mp4, .m4v, .mov, .webm, .mkv or .gif"))
    }

    @Test func chromaHelpListsEveryValueTruthfully() {
        let help = Self.help(Demo.self)
        #expect(
            help.contains(
                "Chroma subsampling: 420 (the default, every codec); 444 for h264 and hevc; with prores, 422 for the proxy, lt, standard and hq profiles and 444 for p4444 and p4444xq (the profile chooses when left at 420). (values: 420, 422, 444; default: 420)"
            ))
        // What the help says is what the settings accept.
        #expect(throws: Never.self) { try MovieSettings(width: 64, height: 64, fps: 30, codec: .h264, chroma: .yuv444) }
        #expect(throws: Never.self) {
            try MovieSettings(width: 64, height: 64, fps: 30, codec: .prores(.hq), chroma: .yuv422)
        }
        #expect(throws: Never.self) {
            try MovieSettings(width: 64, height: 64, fps: 30, codec: .prores(.p4444), chroma: .yuv444)
        }
        #expect(throws: MovieKitError.self) {
            try MovieSettings(width: 64, height: 64, fps: 30, codec: .vp9, chroma: .yuv444)
        }
    }

    @Test func demoHelpIsSortedIntoTitledSectionsAndSpeaksOfNoScene() {
        let help = Self.help(Demo.self)
        #expect(!help.contains("scene"))
        let sections = help.split(separator: "\n").filter { !$0.hasPrefix(" ") && $0.hasSuffix(":") }
        #expect(sections == ["ARGUMENTS:", "SIZE AND FRAME RATE:", "ENCODING:", "CHUNKS:", "PROGRESS:", "OPTIONS:"])
        #expect(
            help.contains(
                "The movie is 1280x720 at 30 fps: --size replaces the size, --width and --height each replace one side of it (they win over --size), and --fps replaces the rate."
            ))
        #expect(
            help.contains(
                "--size <WxH|preset>     Frame size: WxH in pixels (multiples of 16 for H.264, HEVC and AV1), or 720p (1280x720), square (1088x1088), vertical (720x1280) or 4k (3840x2160)."
            ))
        #expect(
            help.contains(
                "--width <width>         Frame width in pixels, a multiple of 16; wins over the width of --size."))
        #expect(
            help.contains(
                "--height <height>       Frame height in pixels, a multiple of 16; wins over the height of --size."))
        #expect(help.contains("<output>                The movie to write, the same as -o (default demo.mp4)."))
        // The options a user reaches for first stay out of the sections.
        let options = help.components(separatedBy: "OPTIONS:\n").last ?? ""
        for flag in ["-o, --output", "--seconds", "-y, --overwrite", "--draft", "--threads"] {
            #expect(options.contains(flag), "\(flag) is among the command's own options")
        }
    }

    @Test func rootHelpShowsOneExamplePerCommandAndCompletion() {
        let help = Moviemake.helpMessage(columns: 10_000)
        for example in [
            "moviemake demo -o demo.mp4 --seconds 6 --size 720p",
            "moviemake slideshow ~/Pictures/trip -o trip.mp4 --audio song.mp3 --ken-burns",
            "moviemake render scene.yaml -o scene.mp4 --set title=Hello -y",
            "moviemake still scene.yaml -o frame.png --time 2.5",
            "moviemake sheet scene.mp4 -o sheet.png --count 12",
            "moviemake concat --dir parts -o movie.mp4",
            "moviemake subtitles inspect talk.vtt --json"
        ] {
            #expect(help.contains("  " + example + "\n"), "\(example)")
        }
        #expect(help.contains("Every command that writes takes -o (--output) and -y (--overwrite)."))
        #expect(help.contains("`moviemake --generate-completion-script bash` (or zsh, fish) prints shell completion."))
        for command in Moviemake.configuration.subcommands {
            #expect(help.contains("moviemake \(command._commandName) "), "an example of \(command._commandName)")
        }
    }

    @Test func theCompletionScriptTheGuideDocumentsIsPrinted() throws {
        for shell in ["bash", "zsh", "fish"] {
            let result = try DemoCommandTests.moviemake(["--generate-completion-script", shell])
            #expect(result.termination == .exit(0), "\(result)")
            #expect(
                result.standardOutput.contains("slideshow") && result.standardOutput.contains("overwrite"), "\(shell)")
        }
    }
}
