import Foundation
import FrameDraw
import SnapshotTesting

/// A snapshot strategy for FrameDraw images: stored as PNG beside the tests, compared per channel
/// with a tolerance, because antialiasing and font rasterisation can differ by a step or two.
///
/// Reference images are recorded on purpose: a missing reference fails the test and is written
/// once; to re-record, run with `SNAPSHOT_TESTING_RECORD=all` and review the new PNGs.
extension Snapshotting where Value == Image, Format == Image {
    /// - Parameters:
    ///   - tolerance: The largest per-channel difference (0…255) that still counts as equal.
    ///   - maxDifferingFraction: The share of pixels allowed to exceed `tolerance`.
    static func image(tolerance: Int = 3, maxDifferingFraction: Double = 0.002) -> Snapshotting {
        Snapshotting(
            pathExtension: "png", diffing: .image(tolerance: tolerance, maxDifferingFraction: maxDifferingFraction))
    }
}

extension Diffing where Value == Image {
    static func image(tolerance: Int, maxDifferingFraction: Double) -> Diffing {
        Diffing.diff(
            toData: { image in (try? image.pngData()) ?? Data() },
            fromData: { data in decodePNG(data) ?? emptyImage() },
            diffV2: { reference, actual in
                guard reference.width == actual.width, reference.height == actual.height else {
                    return (
                        "Size differs: reference \(reference.width)x\(reference.height), actual \(actual.width)x\(actual.height).",
                        []
                    )
                }
                var differing = 0
                var worst = 0
                for y in 0..<actual.height {
                    for x in 0..<actual.width {
                        let a = reference.pixel(atX: x, y: y)
                        let b = actual.pixel(atX: x, y: y)
                        let delta =
                            [a.red - b.red, a.green - b.green, a.blue - b.blue, a.alpha - b.alpha]
                            .map { Int((abs($0) * 255).rounded()) }.max() ?? 0
                        worst = max(worst, delta)
                        if delta > tolerance { differing += 1 }
                    }
                }
                let fraction = Double(differing) / Double(actual.width * actual.height)
                guard fraction > maxDifferingFraction else { return nil }
                return (
                    "\(differing) pixels (\(Int(fraction * 1000) / 10)%) differ by more than \(tolerance); the largest difference is \(worst).",
                    []
                )
            }
        )
    }

    private static func decodePNG(_ data: Data) -> Image? {
        guard let directory = try? TemporaryDirectory() else { return nil }
        defer { directory.remove() }
        return try? Image(contentsOf: directory.write(data, to: "snapshot.png"))
    }

    private static func emptyImage() -> Image {
        // A 1x1 transparent image: any comparison against it fails on size, with a clear message.
        (try? Image(width: 1, height: 1, pixels: [0])) ?? Image.placeholder
    }
}

extension Image {
    fileprivate static let placeholder: Image = {
        guard let image = try? Image(width: 1, height: 1, pixels: [0]) else {
            preconditionFailure("A 1x1 image can always be allocated.")
        }
        return image
    }()
}
