// snippet.hide
import Foundation
import FrameDraw
import MovieKitCore

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moviekit-snippets")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

/// Writes `seconds` of a sine tone as a 16-bit mono WAV file, standing in for real music.
func tone(_ name: String, seconds: Double, frequency: Double) throws -> URL {
    let rate = 48_000
    let samples = (0..<Int(seconds * Double(rate))).map { n in
        Int16(8_000 * sin(2 * Double.pi * frequency * Double(n) / Double(rate)))
    }
    var data = Data()
    func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    data.append(contentsOf: Array("RIFF".utf8))
    append(UInt32(36 + samples.count * 2))
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    append(UInt32(16))
    append(UInt16(1))
    append(UInt16(1))
    append(UInt32(rate))
    append(UInt32(rate * 2))
    append(UInt16(2))
    append(UInt16(16))
    data.append(contentsOf: Array("data".utf8))
    append(UInt32(samples.count * 2))
    for sample in samples { append(sample) }
    let url = folder.appendingPathComponent(name)
    try data.write(to: url)
    return url
}
let song = try tone("song.wav", seconds: 4, frequency: 220)
let whoosh = try tone("whoosh.wav", seconds: 0.3, frequency: 880)
let loop = try tone("loop.wav", seconds: 12, frequency: 330)
let settings = try MovieSettings(width: 640, height: 352, fps: 30)
// snippet.show

// snippet.tracks
let writer = try MovieWriter(url: folder.appendingPathComponent("trip.mp4"), settings: settings, overwrite: true)
try writer.addAudio(AudioTrack(url: song, fadeIn: 0.5, fadeOut: 1))  // music from the start
try writer.addAudio(AudioTrack(url: whoosh, start: 3.2, volume: 0.8))  // a sound effect at 3.2 s
try writer.addAudio(AudioTrack(url: loop, trim: 2..<10, loops: true))  // seconds 2–10 of a file, repeated
for second in 0..<6 {
    try writer.addFrame { context in
        context.draw("\(second) s", at: CGPoint(x: 40, y: 40), style: TextStyle(font: .system(size: 48), color: .white))
    }
    try writer.repeatPreviousFrame(count: 29)
}
try writer.finish()  // the audio ends exactly at the last frame
// snippet.end
