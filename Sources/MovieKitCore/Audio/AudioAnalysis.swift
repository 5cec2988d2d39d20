import Foundation
internal import LibAV

/// Sound analysed for drawing it (audiograms' waveforms and spectra): its level, as the lowest and
/// highest sample of each millisecond, and its spectrum, in ``bandCount`` bands from 40 Hz to 16 kHz
/// a hundred times a second (FFmpeg's `av_tx` over 2048 samples, a Hann window centred on each
/// hundredth of a second). Everything is computed once, in order, when the analysis is made; what it
/// gives at a time depends on that time alone, so any frame draws the same whether it is drawn
/// first, alone or on another thread. It keeps about 13 MB per hour of sound.
public final class AudioAnalysis: Sendable {
    /// The number of spectrum bands kept.
    public static let bandCount = 64
    /// The spectrum's lowest and highest frequencies in hertz.
    public static let frequencyRange = 40.0...16000.0
    /// The level (in dBFS) shown as an empty bar: the spectrum spans it to 0 dBFS.
    public static let floor = -70.0

    static let sampleRate = 48000
    static let samplesPerMillisecond = 48
    static let hop = 480
    static let windowSize = 2048

    /// The sound's length in seconds.
    public let duration: Double
    /// The largest sample's magnitude over the whole sound (0…1), for drawing levels relative to it.
    public let peak: Double
    private let lows: [Int8]
    private let highs: [Int8]
    /// `bandCount` bytes per hundredth of a second: 0 is ``floor`` or less, 255 is 0 dBFS.
    private let bands: [UInt8]

    /// Analyses an audio file (any format FFmpeg reads), mixed to mono.
    /// - Throws: `MovieKitError.unreadableInput` naming the file.
    public convenience init(contentsOf url: URL) throws {
        let reader: AudioReader
        do {
            reader = try AudioReader(path: url.path, sampleRate: Self.sampleRate, channels: 1)
        } catch let error as LibAVError {
            throw MovieKitError.unreadableInput(path: url.path, reason: error.message)
        }
        try self.init {
            do {
                return try reader.read(frameCount: Self.sampleRate)
            } catch let error as LibAVError {
                throw MovieKitError.unreadableInput(path: url.path, reason: error.message)
            }
        }
    }

    /// Analyses tracks mixed as a movie of `duration` seconds mixes them (a scene's sound).
    /// - Throws: `MovieKitError.unreadableInput` naming a file that cannot be read, or `.invalidAudioTrack`.
    public convenience init(mixing tracks: [AudioTrack], duration: Double) throws {
        let mixer = AudioMixer()
        for track in tracks { try mixer.add(track) }
        let end = max(0, Int((duration * Double(Self.sampleRate)).rounded()))
        var produced = 0
        try self.init {
            guard produced < end else { return [] }
            let next = min(end, produced + Self.sampleRate)
            defer { produced = next }
            // Without tracks the sound is silence, as long as the movie.
            guard !mixer.isEmpty else { return [Float](repeating: 0, count: next - produced) }
            let block = try mixer.mix(upTo: next, movieEnd: end)
            return stride(from: 0, to: block.count - 1, by: 2).map { (block[$0] + block[$0 + 1]) / 2 }
        }
    }

    /// Analyses mono blocks at 48 kHz as `next` gives them, until it gives an empty one.
    init(next: () throws -> [Float]) throws {
        var analyzer = try Analyzer()
        while true {
            let block = try next()
            if block.isEmpty { break }
            analyzer.add(block)
        }
        analyzer.finish()
        duration = Double(analyzer.total) / Double(Self.sampleRate)
        peak = Double(zip(analyzer.lows, analyzer.highs).map { max(abs(Int($0)), Int($1)) }.max() ?? 0) / 127
        lows = analyzer.lows
        highs = analyzer.highs
        bands = analyzer.bands
    }

    /// The highest level (0…1, the largest sample's magnitude) of each of `count` equal slices of the
    /// `window` seconds before `time`: a bar waveform that ends with what is heard at `time`.
    public func levels(endingAt time: Double, window: Double, count: Int) -> [Double] {
        guard count > 0, window > 0, time.isFinite, window.isFinite else { return [] }
        let end = Int((time * 1000).rounded())
        let span = max(1, Int((window * 1000).rounded()))
        return (0..<count).map { slice in
            let from = end - span + slice * span / count
            let to = max(from + 1, end - span + (slice + 1) * span / count)
            var peak = 0
            for millisecond in analysed(from..<to) {
                peak = max(peak, abs(Int(lows[millisecond])), Int(highs[millisecond]))
            }
            return min(1, Double(peak) / 127)
        }
    }

    /// The waveform over the `window` seconds centred on `time`, as `count` points, each the lowest
    /// and highest sample (−1…1) of its stretch: an oscilloscope line.
    public func waveform(around time: Double, window: Double, count: Int) -> [(low: Double, high: Double)] {
        guard count > 0, window > 0, time.isFinite, window.isFinite else { return [] }
        let span = max(1, Int((window * 1000).rounded()))
        let start = Int((time * 1000).rounded()) - span / 2
        return (0..<count).map { point in
            let from = start + point * span / count
            let to = max(from + 1, start + (point + 1) * span / count)
            var low = 0
            var high = 0
            for millisecond in analysed(from..<to) {
                low = min(low, Int(lows[millisecond]))
                high = max(high, Int(highs[millisecond]))
            }
            return (Double(low) / 127, Double(high) / 127)
        }
    }

    /// The milliseconds of `range` that the sound has (before it and after it is silence).
    private func analysed(_ range: Range<Int>) -> Range<Int> {
        range.clamped(to: 0..<lows.count)
    }

    /// The spectrum at `time` in `count` bars from 40 Hz to 16 kHz, each 0…1 for ``floor``…0 dBFS.
    /// `smoothing` (0…0.99) blends in the spectra of the hundredths of a second before, each
    /// `smoothing` times the weight of the next, as Web Audio's `AnalyserNode` does over time.
    public func spectrum(at time: Double, count: Int, smoothing: Double = 0) -> [Double] {
        let hops = bands.count / Self.bandCount
        guard count > 0, hops > 0, time.isFinite else { return [Double](repeating: 0, count: max(0, count)) }
        let hop = min(hops - 1, max(0, Int((time * 100).rounded(.down))))
        let factor = min(max(smoothing.isFinite ? smoothing : 0, 0), 0.99)
        var sums = [Double](repeating: 0, count: Self.bandCount)
        var total = 0.0
        var weight = 1.0
        var back = 0
        while hop - back >= 0, weight > 0.005 {
            let base = (hop - back) * Self.bandCount
            for band in 0..<Self.bandCount { sums[band] += weight * Double(bands[base + band]) / 255 }
            total += weight
            if factor == 0 { break }
            weight *= factor
            back += 1
        }
        return (0..<count).map { bar in
            // Each bar takes the loudest of the bands it covers (or the nearest, when bars outnumber bands).
            let from = bar * Self.bandCount / count
            let to = max(from + 1, (bar + 1) * Self.bandCount / count)
            return sums[from..<min(to, Self.bandCount)].max().map { $0 / total } ?? 0
        }
    }
}

/// The analysis in progress: the level of each millisecond, and a spectrum each hop.
private struct Analyzer {
    var lows: [Int8] = []
    var highs: [Int8] = []
    var bands: [UInt8] = []
    /// Samples read so far.
    var total = 0
    /// The samples from `historyStart` on that later spectra still need.
    private var history: [Float] = []
    private var historyStart = 0
    private var nextHop = 0
    private var millisecond: (low: Float, high: Float, count: Int) = (0, 0, 0)
    private let fft: RealFFT
    private let window: [Float]
    /// For each band, the bins it covers.
    private let bandBins: [ClosedRange<Int>]

    init() throws {
        fft = try RealFFT(size: AudioAnalysis.windowSize)
        let size = AudioAnalysis.windowSize
        window = (0..<size).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(size))) }
        let range = AudioAnalysis.frequencyRange
        let binWidth = Double(AudioAnalysis.sampleRate) / Double(size)
        bandBins = (0..<AudioAnalysis.bandCount).map { band in
            let low =
                range.lowerBound
                * pow(range.upperBound / range.lowerBound, Double(band) / Double(AudioAnalysis.bandCount))
            let high =
                range.lowerBound
                * pow(range.upperBound / range.lowerBound, Double(band + 1) / Double(AudioAnalysis.bandCount))
            let first = Int((low / binWidth).rounded())
            return first...max(first, Int((high / binWidth).rounded(.down)))
        }
    }

    mutating func add(_ block: [Float]) {
        for sample in block {
            millisecond.low = min(millisecond.low, sample)
            millisecond.high = max(millisecond.high, sample)
            millisecond.count += 1
            if millisecond.count == AudioAnalysis.samplesPerMillisecond { endMillisecond() }
        }
        history += block
        total += block.count
        while nextHop * AudioAnalysis.hop + AudioAnalysis.windowSize / 2 <= total { analyseHop() }
    }

    mutating func finish() {
        if millisecond.count > 0 { endMillisecond() }
        let hops = (total + AudioAnalysis.hop - 1) / AudioAnalysis.hop
        while nextHop < hops { analyseHop() }
    }

    private mutating func endMillisecond() {
        lows.append(Int8(max(-127, min(127, (millisecond.low * 127).rounded()))))
        highs.append(Int8(max(-127, min(127, (millisecond.high * 127).rounded()))))
        millisecond = (0, 0, 0)
    }

    /// The spectrum of the window centred on the next hop, past the end read as silence.
    private mutating func analyseHop() {
        let size = AudioAnalysis.windowSize
        let start = nextHop * AudioAnalysis.hop - size / 2
        var samples = [Float](repeating: 0, count: size)
        for index in 0..<size {
            let position = start + index - historyStart
            if position >= 0, position < history.count { samples[index] = history[position] * window[index] }
        }
        let magnitudes = fft.magnitudes(of: samples[...])
        // A full-scale sine's peak bin is a quarter of the window's length with a Hann window.
        let fullScale = Float(size) / 4
        for bins in bandBins {
            let peak = bins.clamped(to: 0...(magnitudes.count - 1)).map { magnitudes[$0] }.max() ?? 0
            let decibels = 20 * log10(max(Double(peak / fullScale), 1e-9))
            let level = (decibels - AudioAnalysis.floor) / -AudioAnalysis.floor
            bands.append(UInt8(max(0, min(255, (level * 255).rounded()))))
        }
        nextHop += 1
        // Keep only what later windows need, dropping it a second's worth at a time.
        let drop = min(nextHop * AudioAnalysis.hop - size / 2 - historyStart, history.count)
        if drop >= AudioAnalysis.sampleRate {
            history.removeFirst(drop)
            historyStart += drop
        }
    }
}
