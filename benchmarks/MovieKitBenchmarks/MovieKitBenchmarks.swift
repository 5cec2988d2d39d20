import ArgumentParser

/// `make bench`: times MovieKit on the reference workloads of benchmarks/README.md against the ffmpeg CLI.
@main
struct MovieKitBenchmarks: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "MovieKitBenchmarks",
        abstract: "Times MovieKit on the reference workloads (W1, W2, W3) against the ffmpeg CLI encoder floor.",
        subcommands: [RunBenchmarks.self, RunWorkload.self, GLTransitionBench.self],
        defaultSubcommand: RunBenchmarks.self
    )
}
