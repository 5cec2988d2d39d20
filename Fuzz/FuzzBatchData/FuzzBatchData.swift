// Fuzzes a batch's data readers and output pattern: the first byte picks CSV, TSV, JSON or JSON
// Lines, the rest is the file. Any bytes must give rows or one of `BatchError`'s cases, never a
// crash or a hang; rows are numbered 1, 2, 3 … in order, start on lines that never go back, name
// only known columns; and every row's output from `out/{id}-{row}.mp4` either stays inside `out`
// or is refused naming the row.
import Foundation
import FuzzReplay
import MovieKitBatch

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let bytes = Data(bytes: start, count: count)
    let ext = ["csv", "tsv", "json", "jsonl"][Int(bytes[bytes.startIndex]) % 4]
    let data: BatchData
    do {
        data = try BatchData(data: bytes.dropFirst(), url: URL(fileURLWithPath: "/fuzz/rows.\(ext)"))
    } catch is BatchError {
        return 0  // refused with its line: the expected outcome for bytes that are not rows
    } catch {
        preconditionFailure("BatchData threw an unexpected error: \(error)")
    }
    var lastLine = 0
    for (index, row) in data.rows.enumerated() {
        precondition(row.number == index + 1, "row \(index) is numbered \(row.number)")
        precondition(row.line >= 1 && row.line >= lastLine, "row \(row.number) starts on line \(row.line)")
        lastLine = row.line
        precondition(row.values.keys.allSatisfy(data.columns.contains), "row \(row.number) names unknown columns")
    }
    guard let pattern = try? OutputPattern("out/{id}-{row}.mp4", relativeTo: URL(fileURLWithPath: "/fuzz")) else {
        preconditionFailure("the pattern is valid")
    }
    for (number, outcome) in pattern.outputs(for: data.rows, dataPath: "rows.\(ext)") {
        switch outcome {
        case .success(let url):
            precondition(url.path.hasPrefix("/fuzz/out/"), "row \(number) writes \(url.path)")
        case .failure(let error):
            precondition(error.row == number, "row \(number)'s error names row \(error.row ?? -1)")
        }
    }
    return 0
}

#if !FUZZING
    /// Without libFuzzer (an ordinary build): runs `fuzz` once on each file named on the command line.
    @main enum Replay {
        static func main() { replayInputs(Array(CommandLine.arguments.dropFirst()), fuzz) }
    }
#endif
