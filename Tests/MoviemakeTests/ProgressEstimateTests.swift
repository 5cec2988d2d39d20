import Testing

@testable import moviemake

/// The progress bar's time left and text: shown from the start, counting down between slow frames,
/// growing when frames come later than the rate said.
@Suite("moviemake: the progress bar's time left")
struct ProgressEstimateTests {
    static let bar0 = String(repeating: "·", count: 30)

    @Test func beforeTheFirstFrameTheBarSaysItIsEstimating() {
        let estimate = ProgressEstimate(total: 450, completed: 0, elapsed: 12.7, completedAt: 0)
        #expect(estimate.secondsPerFrame == nil)
        #expect(estimate.secondsLeft == nil)
        #expect(estimate.barText == "\(Self.bar0) 0/450 frames, estimating the time left, 0:12 elapsed")
    }

    @Test func theFirstSlowFramesGiveTheTimeLeft() throws {
        // Two frames of 27 s each, as a volumetric raymarcher takes on llvmpipe.
        let estimate = ProgressEstimate(total: 100, completed: 2, elapsed: 54, completedAt: 54)
        #expect(estimate.secondsPerFrame == 27)
        #expect(estimate.secondsLeft == Double(98 * 27))
        #expect(estimate.barText == "\(Self.bar0) 2/100 frames, 27.0 s a frame, 44:06 left, 0:54 elapsed")
    }

    @Test func theTimeLeftCountsDownUntilTheNextFrameIsDue() throws {
        var estimate = ProgressEstimate(total: 100, completed: 2, elapsed: 64, completedAt: 54)
        #expect(try #require(estimate.secondsLeft) == 98 * 27 - 10)
        // The third frame is due at 81 s: there the countdown meets the estimate of a late frame.
        estimate.elapsed = 81
        #expect(abs(try #require(estimate.secondsLeft) - 97 * 27) < 1e-9)
    }

    @Test func aLateFrameMakesTheTimeLeftGrow() throws {
        // Due at 81 s and still not done at 100 s: if it ended now, the rate would be 3 frames in 100 s.
        let estimate = ProgressEstimate(total: 100, completed: 2, elapsed: 100, completedAt: 54)
        #expect(abs(try #require(estimate.secondsLeft) - 97 * 100 / 3) < 1e-9)
        #expect(try #require(estimate.secondsLeft) > 98 * 27 - 46)
    }

    @Test func fastFramesShowFramesASecond() {
        let estimate = ProgressEstimate(total: 600, completed: 300, elapsed: 10, completedAt: 10)
        let half = String(repeating: "█", count: 15) + String(repeating: "·", count: 15)
        #expect(estimate.barText == "\(half) 300/600 frames, 30.0 fps, 0:10 left, 0:10 elapsed")
    }

    @Test func aFinishedRenderHasNothingLeft() {
        let estimate = ProgressEstimate(total: 90, completed: 90, elapsed: 31, completedAt: 30)
        #expect(estimate.secondsLeft == 0)
        #expect(estimate.barText.hasSuffix("90/90 frames, 3.0 fps, 0:00 left, 0:31 elapsed"))
        #expect(estimate.barText.hasPrefix(String(repeating: "█", count: 30) + " "))
    }

    @Test func clocksShowHoursOnlyWhenThereAreSome() {
        #expect(ProgressEstimate.clock(3725, rounding: .up) == "1:02:05")
        #expect(ProgressEstimate.clock(59.2, rounding: .up) == "1:00")
        #expect(ProgressEstimate.clock(59.2, rounding: .down) == "0:59")
        #expect(ProgressEstimate.clock(0.2, rounding: .up) == "0:01")
        #expect(ProgressEstimate.clock(-3, rounding: .up) == "0:00")
        #expect(ProgressEstimate.clock(.infinity, rounding: .up) == "0:00")
    }
}
