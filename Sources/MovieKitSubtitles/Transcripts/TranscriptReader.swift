import Foundation

/// Reads the JSON of each speech tool into words, naming the key path of anything wrong.
struct TranscriptReader {
    let fileName: String
    private var warnings: [String] = []

    init(fileName: String) { self.fileName = fileName }

    mutating func read(_ json: Any) throws -> Transcript {
        var transcript: Transcript
        if let list = json as? [Any] {
            transcript = Transcript(
                words: try pieces(list, path: "", text: "text", start: "startMs", end: "endMs", divisor: 1000),
                source: .remotion)
        } else if let object = json as? [String: Any] {
            if let transcription = object["transcription"] as? [Any] {
                transcript = Transcript(words: try whisperCpp(transcription), source: .whisperCpp)
            } else if let segments = object["segments"] as? [Any],
                segments.contains(where: { ($0 as? [String: Any])?["words"] != nil })
            {
                transcript = Transcript(words: try whisperX(segments), source: .whisperX)
            } else if let words = object["words"] as? [Any] {
                transcript = Transcript(words: try timedWords(words, path: "words"), source: .whisper)
            } else if object["segments"] != nil {
                throw TranscriptError.unknownShape(
                    file: fileName, found: "a transcript with segments but no word timings")
            } else {
                let keys = object.keys.sorted().prefix(6).map { "`\($0)`" }.joined(separator: ", ")
                throw TranscriptError.unknownShape(file: fileName, found: "an object with the keys \(keys)")
            }
        } else {
            throw TranscriptError.unknownShape(file: fileName, found: "a single value")
        }
        transcript.warnings = warnings
        return transcript
    }

    // MARK: - The shapes

    /// whisper.cpp's `-ojf`: `transcription[].tokens[]`, each with `text` and `offsets` in
    /// milliseconds; special tokens (`[_BEG_]`, `[_TT_150]`) are skipped.
    private mutating func whisperCpp(_ transcription: [Any]) throws -> [Transcript.Word] {
        var tokens: [Any] = []
        var paths: [String] = []
        for (index, segment) in transcription.enumerated() {
            let segmentPath = "transcription[\(index)]"
            let object = try self.object(segment, segmentPath)
            guard let list = object["tokens"] as? [Any] else {
                throw invalid(
                    "\(segmentPath).tokens", object["tokens"], "a list of tokens (write the full JSON with -ojf)")
            }
            for (tokenIndex, token) in list.enumerated() {
                let tokenPath = "\(segmentPath).tokens[\(tokenIndex)]"
                let tokenObject = try self.object(token, tokenPath)
                let text = try string(tokenObject["text"], "\(tokenPath).text")
                if text.hasPrefix("[_") { continue }
                let offsets = try self.object(tokenObject["offsets"] as Any, "\(tokenPath).offsets")
                tokens.append(["text": text, "from": offsets["from"] as Any, "to": offsets["to"] as Any])
                paths.append(tokenPath)
            }
        }
        return try pieces(tokens, path: nil, paths: paths, text: "text", start: "from", end: "to", divisor: 1000)
    }

    /// WhisperX: `segments[].words[]` with `word`, `start`, `end` and perhaps `speaker`; words it
    /// could not align have no times and are placed between their neighbours.
    private mutating func whisperX(_ segments: [Any]) throws -> [Transcript.Word] {
        var words: [(word: Transcript.Word?, text: String, speaker: String?, path: String, segmentEnd: Double?)] = []
        for (index, segment) in segments.enumerated() {
            let segmentPath = "segments[\(index)]"
            let object = try self.object(segment, segmentPath)
            guard let list = object["words"] as? [Any] else { continue }
            let segmentEnd = (object["end"] as? NSNumber)?.doubleValue.nonNegativeFinite
            for (wordIndex, item) in list.enumerated() {
                let path = "\(segmentPath).words[\(wordIndex)]"
                let entry = try self.object(item, path)
                let text = try string(entry["word"], "\(path).word").trimmingCharacters(in: .whitespacesAndNewlines)
                let speaker = entry["speaker"] as? String
                if entry["start"] == nil || entry["end"] == nil {
                    words.append((nil, text, speaker, path, segmentEnd))
                    continue
                }
                let (start, end) = try times(entry, path, start: "start", end: "end", divisor: 1)
                words.append(
                    (
                        Transcript.Word(text: text, start: start, end: end, speaker: speaker), text, speaker, path,
                        segmentEnd
                    ))
            }
        }
        var result: [Transcript.Word] = []
        for (index, item) in words.enumerated() {
            if let word = item.word {
                result.append(word)
                continue
            }
            let before = result.last?.end ?? 0
            // Until the next aligned word, or the end of its segment when none follows.
            let after = words[(index + 1)...].first { $0.word != nil }?.word?.start ?? item.segmentEnd ?? before
            result.append(
                Transcript.Word(text: item.text, start: before, end: max(before, after), speaker: item.speaker))
            warnings.append(
                "\(fileName): `\(item.path)` (\"\(item.text)\") has no times, so it is shown between the words around it."
            )
        }
        return result
    }

    /// OpenAI Whisper's `words[]`: `word`, `start` and `end` in seconds.
    private func timedWords(_ list: [Any], path: String) throws -> [Transcript.Word] {
        try list.enumerated().map { index, item in
            let itemPath = "\(path)[\(index)]"
            let entry = try object(item, itemPath)
            let text = try string(entry["word"], "\(itemPath).word").trimmingCharacters(in: .whitespacesAndNewlines)
            let (start, end) = try times(entry, itemPath, start: "start", end: "end", divisor: 1)
            return Transcript.Word(text: text, start: start, end: end)
        }
    }

    /// Pieces of words, as Remotion and whisper.cpp give them: a piece that starts with a space
    /// starts a word, and one that does not continues the word before it.
    private func pieces(
        _ list: [Any], path: String?, paths: [String]? = nil, text textKey: String, start: String, end: String,
        divisor: Double
    ) throws -> [Transcript.Word] {
        var words: [Transcript.Word] = []
        for (index, item) in list.enumerated() {
            let itemPath = paths?[index] ?? "\(path ?? "")[\(index)]"
            let entry = try object(item, itemPath)
            let text = try string(entry[textKey], "\(itemPath).\(textKey)")
            let (from, to) = try times(entry, itemPath, start: start, end: end, divisor: divisor)
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { continue }
            if let last = words.last, !(text.first?.isWhitespace ?? false) {
                words[words.count - 1].text = last.text + trimmed
                words[words.count - 1].end = max(last.end, to)
            } else {
                words.append(Transcript.Word(text: trimmed, start: from, end: to))
            }
        }
        return words
    }

    // MARK: - Values

    private func object(_ value: Any, _ path: String) throws -> [String: Any] {
        guard let object = value as? [String: Any] else { throw invalid(path, value, "an object") }
        return object
    }

    private func string(_ value: Any?, _ path: String) throws -> String {
        guard let text = value as? String else { throw invalid(path, value, "a string") }
        return text
    }

    private func times(_ entry: [String: Any], _ path: String, start: String, end: String, divisor: Double) throws -> (
        Double, Double
    ) {
        func number(_ key: String) throws -> Double {
            guard let value = entry[key], !(value is String), let number = (value as? NSNumber)?.doubleValue,
                number.isFinite, number >= 0
            else { throw invalid("\(path).\(key)", entry[key], "a time of 0 or more") }
            return number / divisor
        }
        let from = try number(start)
        let to = try number(end)
        guard to >= from else {
            throw invalid("\(path).\(end)", entry[end], "at or after `\(start)` (\(Self.describe(entry[start])))")
        }
        return (from, to)
    }

    private func invalid(_ path: String, _ value: Any?, _ expected: String) -> TranscriptError {
        .invalidValue(file: fileName, keyPath: path, found: Self.describe(value), expected: expected)
    }

    static func describe(_ value: Any?) -> String {
        switch value {
        case nil: return "missing"
        case is NSNull: return "null"
        case let text as String: return "the string \"\(text.prefix(40))\""
        case let number as NSNumber: return "\(number)"
        case is [Any]: return "a list"
        case is [String: Any]: return "an object"
        default: return "\(value.map { "\($0)" } ?? "nothing")"
        }
    }
}

extension Double {
    /// The value when it is a finite number of 0 or more.
    fileprivate var nonNegativeFinite: Double? { isFinite && self >= 0 ? self : nil }
}
