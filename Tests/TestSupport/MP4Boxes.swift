import Foundation

/// Top-level MP4 box types in file order, to check that `moov` precedes `mdat` (faststart).
/// - Throws: The file system's error when the file cannot be read.
public func topLevelBoxes(of url: URL) throws -> [String] {
    let data = try Data(contentsOf: url)
    var boxes: [String] = []
    var offset = 0
    while offset + 8 <= data.count {
        var size =
            Int(data[offset]) << 24 | Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8 | Int(data[offset + 3])
        let type = String(decoding: data[(offset + 4)..<(offset + 8)], as: UTF8.self)
        if size == 1, offset + 16 <= data.count {
            size = data[(offset + 8)..<(offset + 16)].reduce(0) { $0 << 8 | Int($1) }
        } else if size == 0 {
            size = data.count - offset
        }
        boxes.append(type)
        guard size >= 8 else { break }
        offset += size
    }
    return boxes
}
