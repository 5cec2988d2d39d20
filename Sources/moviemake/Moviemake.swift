import ArgumentParser

@main
struct Moviemake: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "moviemake",
        abstract: "Render H.264 movies frame by frame from code.",
        version: "0.1.0",
        subcommands: [Demo.self, Render.self, Still.self, Sheet.self]
    )
}
