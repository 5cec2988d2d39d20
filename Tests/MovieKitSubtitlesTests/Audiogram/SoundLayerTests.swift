import Foundation
import FrameDraw
import MovieKitScene
import MovieKitSubtitles
import TestSupport
import Testing

/// `waveform` and `spectrum` layers: drawn from the sound at each frame's time, in sync to the frame.
@Suite("Waveform and spectrum layers")
struct SoundLayerTests {
    /// A second of silence, then a second of a 1 kHz tone at half scale, then silence: 3 s, mono.
    static func tone(in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("tone.wav")
        let samples = (0..<(48000 * 3)).map { index -> Float in
            index >= 48000 && index < 96000 ? Float(0.5 * sin(2 * Double.pi * 1000 * Double(index) / 48000)) : 0
        }
        try WAVFile.write(samples, rate: 48000, to: url)
        return url
    }

    /// The rows of column `x` that are drawn (alpha over a half) in `image`.
    static func drawnRows(_ image: Image, x: Int) -> Int {
        (0..<image.height).filter { image.pixel(atX: x, y: $0).alpha > 0.5 }.count
    }

    @Test func theSpectrumRisesOnTheFrameTheToneStartsAndTheWaveformFollows() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sound-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try Self.tone(in: folder)
        var canvas = Canvas(width: 128, height: 64, fps: 25, duration: 3)
        canvas.background = .clear
        let spectrum = Scene(
            canvas: canvas,
            layers: [
                Layer(
                    .timed(SpectrumContent(source: .file(url), look: SoundLook(barCount: 64, barFill: 1), smoothing: 0))
                )
            ])
        let renderer = try SceneRenderer(scene: spectrum)
        // 1 kHz is in band 34 of 64 (40 Hz to 16 kHz): the bar in columns 68 and 69.
        let before = try renderer.image(at: renderer.canvas.time(ofFrame: 24))
        let onset = try renderer.image(at: renderer.canvas.time(ofFrame: 25))
        let during = try renderer.image(at: 1.5)
        #expect(Self.drawnRows(before, x: 69) <= 2, "a dot before the tone")
        #expect(Self.drawnRows(onset, x: 69) > 20, "the bar rises on the frame the tone starts")
        #expect(Self.drawnRows(during, x: 69) > 50, "a -6 dBFS tone fills 64 of 70 dB")
        #expect(Self.drawnRows(during, x: 100) <= 4, "other bands stay low")

        var waveLook = SoundLook(style: .mirrored, barCount: 8)
        waveLook.color = .white
        let wave = Scene(
            canvas: canvas, layers: [Layer(.timed(WaveformContent(source: .file(url), look: waveLook, window: 0.8)))])
        let waveRenderer = try SceneRenderer(scene: wave)
        // Eight bars over the 0.8 s before the frame: at 1.4 s the last four have heard the tone.
        let image = try waveRenderer.image(at: 1.4)
        let columns = (0..<8).map { Self.drawnRows(image, x: $0 * 16 + 8) }
        #expect(columns.prefix(3).allSatisfy { $0 <= 10 } && columns.suffix(4).allSatisfy { $0 > 60 }, "\(columns)")
    }

    @Test func everyStyleDrawsAndTheSceneFileReadsTheLayers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sound-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.tone(in: folder)
        ContentKinds.register(Subtitles.self)
        var layers = ""
        for (index, style) in SoundStyle.allCases.enumerated() {
            layers +=
                "  - {type: spectrum, source: mix, style: \(style.rawValue), size: [64, 32], position: [32, \(16 + 32 * index)]}\n"
            layers +=
                "  - {type: waveform, source: tone.wav, style: \(style.rawValue), size: [64, 32], position: [96, \(16 + 32 * index)]}\n"
        }
        let file = folder.appendingPathComponent("audiogram.yaml")
        try Data(
            "canvas: {width: 128, height: 128, fps: 10, duration: 3}\naudio:\n  - path: tone.wav\nlayers:\n\(layers)"
                .utf8
        ).write(to: file)
        let document = try SceneDocument.load(contentsOf: file)
        let image = try SceneRenderer(scene: document.scene).image(at: 1.5)
        for (index, _) in SoundStyle.allCases.enumerated() {
            for x in [0..<64, 64..<128] {
                let drawn = x.contains { column in
                    (32 * index..<32 * index + 32).contains { image.pixel(atX: column, y: $0).red > 0.4 }
                }
                #expect(drawn, "style \(SoundStyle.allCases[index]) in columns \(x)")
            }
        }
        let bad = folder.appendingPathComponent("bad.yaml")
        try Data(
            "canvas: {width: 64, height: 64, fps: 10, duration: 1}\nlayers:\n  - {type: waveform, source: tone.wav, style: dots}\n"
                .utf8
        ).write(to: bad)
        #expect {
            _ = try SceneDocument.load(contentsOf: bad)
        } throws: { "\($0)".contains("bad.yaml:3") && "\($0)".contains("bars, line, mirrored or circle") }
    }
}
