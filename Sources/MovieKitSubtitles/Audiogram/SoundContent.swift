import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene

/// How a waveform or spectrum is drawn.
public enum SoundStyle: String, Sendable, Hashable, CaseIterable {
    /// Bars standing on the layer's bottom edge.
    case bars
    /// A line: the spectrum's outline, or the waveform as an oscilloscope draws it.
    case line
    /// Bars centred on the layer's middle, reaching up and down alike.
    case mirrored
    /// Bars pointing out from a circle in the layer's middle, around cover art.
    case circle
}

/// Where a waveform or spectrum takes its sound from.
public enum SoundSource: Sendable, Hashable {
    /// An audio file, from the layer's start.
    case file(URL)
    /// The scene's own `audio:` tracks, mixed as the movie mixes them, at the scene's time.
    case sceneMix

    /// The file the content reads, if any.
    var files: [URL] { if case .file(let url) = self { [url] } else { [] } }

    /// The time of the sound a frame shows: the layer's own for a file, the scene's for its mix.
    func time(of drawing: ContentDrawing) -> Double { self == .sceneMix ? drawing.time : drawing.layerTime }
}

/// The look shared by waveforms and spectra.
public struct SoundLook: Sendable, Hashable {
    public var style: SoundStyle = .bars
    /// The number of bars (or line points), from 1 to 512.
    public var barCount = 48
    public var color: Color = .white
    /// The share of each bar's slot its bar fills, from 0.05 to 1.
    public var barFill = 0.6

    public init(style: SoundStyle = .bars, barCount: Int = 48, color: Color = .white, barFill: Double = 0.6) {
        self.style = style
        self.barCount = barCount
        self.color = color
        self.barFill = barFill
    }
}

/// A waveform over the layer for audiograms: the level of the last ``window`` seconds of sound in
/// bars (or, as a line, the samples around the time), drawn from `AudioAnalysis` at
/// each frame's time, so it moves with the sound to the frame.
public struct WaveformContent: TimedContent {
    public var source: SoundSource
    public var look: SoundLook
    /// The seconds of sound the bars span (ending at the frame's time), or the line spans (centred on it).
    public var window: Double
    /// Whether levels are drawn relative to the loudest moment of the sound, so that a quiet
    /// recording fills the layer as a loud one does. Default `true`.
    public var fitsLoudest: Bool
    private var analysis: AudioAnalysis?

    public init(source: SoundSource, look: SoundLook = SoundLook(), window: Double? = nil, fitsLoudest: Bool = true) {
        self.source = source
        self.look = look
        self.window = window ?? (look.style == .line ? 0.05 : 2)
        self.fitsLoudest = fitsLoudest
    }

    public var typeName: String { "waveform" }
    public var files: [URL] { source.files }

    public func prepared(for layer: Layer, in preparation: ContentPreparation) throws -> any TimedContent {
        var ready = self
        ready.analysis = try SoundAnalyses.analysis(of: source, in: preparation)
        return ready
    }

    public func draw(_ drawing: ContentDrawing) {
        guard let analysis else { return }
        let time = source.time(of: drawing)
        let count = max(1, min(look.barCount, 512))
        let scale = fitsLoudest && analysis.peak > 0 ? 1 / analysis.peak : 1
        if look.style == .line {
            let points = analysis.waveform(around: time, window: window, count: count)
            SoundPainter.drawWaveformLine(points.map { ($0.low * scale, $0.high * scale) }, look: look, in: drawing)
        } else {
            let levels = analysis.levels(endingAt: time, window: window, count: count).map { $0 * scale }
            SoundPainter.drawBars(levels, look: look, in: drawing)
        }
    }
}

/// A spectrum over the layer for audiograms: the loudness of ``SoundLook/barCount`` frequency bands
/// from 40 Hz to 16 kHz at each frame's time (FFmpeg's `av_tx`), smoothed over the moments before.
public struct SpectrumContent: TimedContent {
    public var source: SoundSource
    public var look: SoundLook
    /// From 0 (each frame alone) to 0.99 (slow): how much of the spectrum before each moment stays.
    public var smoothing: Double
    private var analysis: AudioAnalysis?

    public init(source: SoundSource, look: SoundLook = SoundLook(), smoothing: Double = 0.6) {
        self.source = source
        self.look = look
        self.smoothing = smoothing
    }

    public var typeName: String { "spectrum" }
    public var files: [URL] { source.files }

    public func prepared(for layer: Layer, in preparation: ContentPreparation) throws -> any TimedContent {
        var ready = self
        ready.analysis = try SoundAnalyses.analysis(of: source, in: preparation)
        return ready
    }

    public func draw(_ drawing: ContentDrawing) {
        guard let analysis else { return }
        let time = source.time(of: drawing)
        let values = analysis.spectrum(at: time, count: max(1, min(look.barCount, 512)), smoothing: smoothing)
        if look.style == .line {
            SoundPainter.drawSpectrumLine(values, look: look, in: drawing)
        } else {
            SoundPainter.drawBars(values, look: look, in: drawing)
        }
    }
}

/// Analyses, by source, made once per preparation.
enum SoundAnalyses {
    static func analysis(of source: SoundSource, in preparation: ContentPreparation) throws -> AudioAnalysis {
        switch source {
        case .file(let url): try AudioAnalysis(contentsOf: url)
        case .sceneMix: try AudioAnalysis(mixing: preparation.sceneAudio, duration: preparation.sceneDuration)
        }
    }
}
