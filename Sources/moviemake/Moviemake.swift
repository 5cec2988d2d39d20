import ArgumentParser

@main
struct Moviemake: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "moviemake",
        abstract: "Render movies frame by frame: a demo, chunks joined with concat, and more.",
        version: "0.1.0",
        subcommands: [Demo.self, SlideshowCommand.self, Render.self, Still.self, Sheet.self, Concat.self]
    )

    static func main() {
        SignalCancellation.installAtLaunch()
        do {
            var command = try parseAsRoot(nil)
            try command.run()
        } catch {
            exit(withError: CommandLineWording.error(for: error))
        }
    }
}
