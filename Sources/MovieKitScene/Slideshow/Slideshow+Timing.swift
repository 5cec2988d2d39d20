import Foundation
import FrameDraw
import MovieKitCore

extension Slideshow {
    /// Where each slide falls in the movie, in whole frames.
    ///
    /// Each slide's duration and each transition's are rounded to frames first. Slide *i* starts
    /// where slide *i − 1* starts plus its frames minus the transition between them, so the movie
    /// lasts Σ slide frames − Σ transition frames.
    public struct Timing: Sendable, Hashable {
        /// Each slide's frames, including the transitions that overlap its neighbours.
        public let slides: [Range<Int>]
        /// The frames of the transition out of each slide into the next (the last is 0).
        public let transitions: [Int]
        /// The frames each slide holds still: no transition, motion or animated layer (empty for moving slides).
        public let stills: [Range<Int>]
        /// Frames in the movie.
        public var frameCount: Int { slides.last?.upperBound ?? 0 }
    }

    /// The resolved settings of slide `index`.
    func resolved(_ index: Int) -> (duration: Double, fit: ContentFit, transition: Transition) {
        let slide = slides[index]
        return (slide.duration ?? slideDuration, slide.fit ?? fit, slide.transition ?? transition)
    }

    /// Whether slide `index`'s photo is drawn over a blurred copy of itself: it leaves part of
    /// the canvas uncovered (fit `.contain` or `.center`) and its backdrop is `.blurred`.
    func blursBackdrop(_ index: Int) -> Bool {
        let fit = resolved(index).fit
        guard fit == .contain || fit == .center else { return false }
        return (slides[index].backdrop ?? backdrop) == .blurred
    }

    /// The CPU effect out of slide `index`, with `random` chosen by the seed, or `nil` for a shader.
    func transitionKind(after index: Int) -> TransitionKind? {
        guard case .cpu(let kind, _, _) = resolved(index).transition else { return nil }
        guard kind == .random else { return kind }
        let choices = TransitionKind.allCases.filter { $0 != .random && $0 != .cut }
        var state = seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15
        state = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
        state = (state ^ (state >> 27)) &* 0x94D0_49BB_1331_11EB
        return choices[Int((state ^ (state >> 31)) % UInt64(choices.count))]
    }

    /// Slide `index`'s length and the transition out of it in whole frames, as `timing()` counts
    /// them: each duration rounded to frames, the slide at least 1, and no transition after the
    /// last slide or for a cut. The readers check with it that what they read will render.
    /// The durations must be finite.
    func wholeFrames(ofSlide index: Int) -> (slide: Int, out: Int) {
        let rate = Double(fps.numerator) / Double(fps.denominator)
        let (duration, _, transition) = resolved(index)
        let isLast = index == slides.count - 1
        let out = isLast || transitionKind(after: index) == .cut ? 0 : Int((transition.duration * rate).rounded())
        return (max(1, Int((duration * rate).rounded())), out)
    }

    /// Where each slide falls, in frames.
    /// - Throws: `SceneError.invalidSlideshow` for no slides, a duration that is not positive, or a
    ///   slide no longer than the transitions into and out of it.
    public func timing() throws -> Timing {
        guard !slides.isEmpty else {
            throw SceneError.invalidSlideshow(reason: "it has no slides; give it at least one photo or title")
        }
        let rate = Double(fps.numerator) / Double(fps.denominator)
        var ranges: [Range<Int>] = []
        var transitions: [Int] = []
        var stills: [Range<Int>] = []
        var start = 0
        for index in slides.indices {
            let (duration, _, transition) = resolved(index)
            guard duration.isFinite, duration > 0 else {
                throw SceneError.invalidSlideshow(
                    reason: "slide \(index + 1) lasts \(duration) s; give it a positive duration such as 3")
            }
            guard transition.duration.isFinite, transition.duration >= 0 else {
                throw SceneError.invalidSlideshow(
                    reason:
                        "the transition after slide \(index + 1) lasts \(transition.duration) s; give it 0 seconds or more"
                )
            }
            let (frames, out) = wholeFrames(ofSlide: index)
            let into = transitions.last ?? 0
            guard frames > into + out || (slides.count == 1) else {
                throw SceneError.invalidSlideshow(
                    reason: "slide \(index + 1) lasts \(duration) s, no longer than the transitions into and out of it "
                        + "(\(Double(into + out) / rate) s together); make the slides longer or the transitions shorter"
                )
            }
            ranges.append(start..<(start + frames))
            transitions.append(out)
            let moves = isMoving(index)
            stills.append(moves ? start..<start : (start + into)..<(start + frames - out))
            start += frames - out
        }
        return Timing(slides: ranges, transitions: transitions, stills: stills)
    }

    /// Whether slide `index` changes while no transition runs: Ken Burns, or layers of its own.
    func isMoving(_ index: Int) -> Bool {
        switch slides[index].content {
        case .photo: kenBurnsMove(for: index) != nil
        case .layers, .video: true
        case .title, .color: false
        }
    }

    /// The Ken Burns move of slide `index`, or `nil` for none.
    func kenBurnsMove(for index: Int) -> KenBurns? {
        if let move = slides[index].kenBurns { return move }
        guard kenBurns else { return nil }
        // A zoom from 1.0 to 1.15 (or back, on odd slides) with a pan whose direction turns from
        // slide to slide; the pan stays within what the zoom leaves, so no edge ever shows.
        let directions = [
            CGPoint(x: 1, y: 0), CGPoint(x: -1, y: 0.5), CGPoint(x: 0, y: 1), CGPoint(x: 0.5, y: -1),
            CGPoint(x: -1, y: -0.5)
        ]
        let direction = directions[index % directions.count]
        let zoom = 1.15
        let reach = (zoom - 1) / (2 * zoom) * 0.8
        let panned = Framing(zoom: zoom, center: CGPoint(x: 0.5 + direction.x * reach, y: 0.5 + direction.y * reach))
        let plain = Framing(zoom: 1, center: CGPoint(x: 0.5, y: 0.5))
        return index % 2 == 0 ? KenBurns(from: plain, to: panned) : KenBurns(from: panned, to: plain)
    }
}
