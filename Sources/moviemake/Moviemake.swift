import ArgumentParser
import MovieKitCore
import MovieKitKinds
import MovieKitScene

@main
struct Moviemake: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "moviemake",
        abstract: "Render movies frame by frame: a demo, chunks joined with concat, and more.",
        discussion: """
            Examples:
              moviemake demo -o demo.mp4 --seconds 6 --size 720p
              moviemake slideshow ~/Pictures/trip -o trip.mp4 --audio song.mp3 --ken-burns
              moviemake render scene.yaml -o scene.mp4 --set title=Hello -y
              moviemake preview scene.yaml --open
              moviemake still scene.yaml -o frame.png --time 2.5
              moviemake sheet scene.mp4 -o sheet.png --count 12
              moviemake concat --dir parts -o movie.mp4
              moviemake batch card.yaml --data people.csv -o 'out/{id}.mp4' --report batch.json
              moviemake serve --port 8080 --data srv --token-file tokens.txt --assets assets
              moviemake mcp --assets ~/video --output ~/video/out
              moviemake schema scene > scene.schema.json
              moviemake lint scene.yaml --json
              moviemake subtitles inspect talk.vtt --json
              moviemake audiogram episode.mp3 --captions words.json --cover art.jpg --from 60 --to 90 -o clip.mp4

            Every command that writes takes -o (--output) and -y (--overwrite). \
            `moviemake help <command>` describes each command; \
            `moviemake --generate-completion-script bash` (or zsh, fish) prints shell completion.
            """,
        version: MovieKitVersion.current,
        subcommands: [
            Demo.self, SlideshowCommand.self, Render.self, Still.self, Sheet.self, Concat.self, Preview.self,
            SubtitlesCommand.self, AudiogramCommand.self, BatchCommand.self, Serve.self, MCPCommand.self,
            SchemaCommand.self, LintCommand.self
        ]
    )

    static func main() {
        SignalCancellation.installAtLaunch()
        registerContentKinds()
        do {
            var command = try parseAsRoot(nil)
            try command.run()
        } catch {
            exit(withError: CommandLineWording.error(for: error))
        }
    }

    /// The kinds of content `moviemake` reads documents with: MovieKit's standard ones
    /// (``ContentRegistry/standard``, which the render service reads with too). Every command,
    /// `moviemake preview` and `moviemake-serve` read documents through it.
    static let contentRegistry = ContentRegistry.standard

    /// Adds the registry's kinds to ``ContentRegistry/shared`` too, for the library's functions that
    /// are not given a registry (`SceneDocument.load(contentsOf:variables:)`, `Layer.lottie`). Once, at
    /// launch and before any command reads a document (commands run in-process by tests skip `main`).
    static func registerContentKinds() { ContentRegistry.registerStandardKinds() }
}
