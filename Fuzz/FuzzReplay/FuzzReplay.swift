import Foundation

/// Runs a fuzz target's body once on each file named on the command line (folders: each file in
/// them). This is what a fuzz target does in an ordinary build, where libFuzzer does not provide
/// `main`: `swift run FuzzSVGPath crash-1234` replays a finding under the debugger or a sanitizer.
/// Exits with status 0 when every input ran, 1 when a path could not be read.
/// - Parameters:
///   - arguments: File and folder paths.
///   - body: The target's `LLVMFuzzerTestOneInput`.
public func replayInputs(_ arguments: [String], _ body: (UnsafeRawPointer, Int) -> CInt) -> Never {
    guard !arguments.isEmpty else {
        FileHandle.standardError.write(
            Data(
                "Usage: \(CommandLine.arguments[0]) FILE|FOLDER…  (runs each input once; `make fuzz` runs libFuzzer)\n"
                    .utf8))
        exit(1)
    }
    var status: Int32 = 0
    for argument in arguments {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
            FileHandle.standardError.write(Data("No file or folder at \(argument).\n".utf8))
            status = 1
            continue
        }
        let files =
            isFolder.boolValue
            ? ((try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []).sorted().map {
                argument + "/" + $0
            }
            : [argument]
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("Could not read \(file).\n".utf8))
                status = 1
                continue
            }
            // A heap buffer of exactly the input's size, as libFuzzer passes, so a sanitizer sees over-reads.
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, data.count), alignment: 1)
            defer { buffer.deallocate() }
            guard let base = buffer.baseAddress else { continue }
            data.copyBytes(to: buffer.bindMemory(to: UInt8.self), count: data.count)
            _ = body(UnsafeRawPointer(base), data.count)
            print("ran \(file) (\(data.count) bytes)")
        }
    }
    exit(status)
}
