import Foundation

/// Whether the suite runs under a sanitizer: `scripts/sanitizers/run-tests.sh` sets `MOVIEKIT_SANITIZER`
/// to `address` or `thread`. Tests with many cases of the same code run a sample of them there, since
/// under ASan or TSan each case runs several times slower (each child process starts a second later)
/// and a sample runs the same code; `make test` runs every case.
public enum SanitizerRun {
    /// Whether a sanitizer is on.
    public static let isActive = !(ProcessInfo.processInfo.environment["MOVIEKIT_SANITIZER"] ?? "").isEmpty

    /// `all` in a plain run; under a sanitizer every `n`th element, the first included.
    public static func sample<Element>(_ all: [Element], every n: Int) -> [Element] {
        guard isActive, n > 1 else { return all }
        return all.enumerated().filter { $0.offset % n == 0 }.map(\.element)
    }

    /// Every pair of `first` and `second` in a plain run; under a sanitizer each element of the longer
    /// list once, paired with the other list's elements in turn, so that every element of both is used.
    public static func pairs<A, B>(_ first: [A], _ second: [B]) -> [(A, B)] {
        guard isActive, !first.isEmpty, !second.isEmpty else {
            return first.flatMap { a in second.map { b in (a, b) } }
        }
        return (0..<max(first.count, second.count)).map { (first[$0 % first.count], second[$0 % second.count]) }
    }
}
