/// Finds the valid key nearest to a misspelt one, by edit distance.
package enum KeySuggestion {
    /// The nearest of `candidates` to `key`, if it is close enough to be a likely typo: at most a
    /// third of the key's length (and at least 2) edits away, ignoring letter case.
    package static func nearest(to key: String, in candidates: [String]) -> String? {
        let limit = max(2, key.count / 3)
        let scored = candidates.map { ($0, distance(key.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit else { return nil }
        return best.0
    }

    /// The Levenshtein distance: insertions, deletions and substitutions.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
