// Foundation's Process on Linux frees itself only after waitUntilExit(); this shows it without MovieKit.
//   swiftc -sanitize=address -g ProcessCycle.swift -o /tmp/process-cycle
//   ASAN_OPTIONS=detect_leaks=1 /tmp/process-cycle            # 3 Processes (and their arguments, URLs,
//                                                             # run-loop sources) reported as leaked
//   ASAN_OPTIONS=detect_leaks=1 /tmp/process-cycle wait       # nothing but swift_weakAssign's 32-byte
//                                                             # side table (suppressed: formWeakReference)
// Process.run() stores a CFRunLoopSource whose context retains the Process; terminateRunLoop()
// only invalidates it, and only waitUntilExit() sets it to nil, so a Process waited for through
// terminationHandler alone stays in a cycle (Swift 6.3.1, swift-corelibs-foundation).
import Dispatch
import Foundation

let callWaitUntilExit = CommandLine.arguments.dropFirst().first == "wait"
func runTrue() throws {
    let ended = DispatchSemaphore(value: 0)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    process.terminationHandler = { _ in ended.signal() }
    try process.run()
    ended.wait()
    if callWaitUntilExit { process.waitUntilExit() }
}
for _ in 0..<3 { try runTrue() }
