import Foundation

/// `WriterChild <scenario> <output>`: runs one MovieWriter scenario that changes process-wide state
/// (resource limits, signal handlers) or ends its own process, so that tests run it as a child
/// process instead of inside the test process, where other tests run in parallel.
///
/// Exit status: 0 when the render finished; 1 when it threw, with the error's description on
/// standard error; 2 when the scenario did not reach the situation it sets up; 64 for bad usage.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let scenario = arguments.first.flatMap(WriterScenario.init(rawValue:)),
    let output = arguments.last
else {
    let names = WriterScenario.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(Data("Usage: WriterChild <scenario> <output movie>; scenarios: \(names).\n".utf8))
    exit(64)
}

do {
    try scenario.run(output: URL(fileURLWithPath: output))
    exit(0)
} catch let error as WriterScenario.NotReached {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
