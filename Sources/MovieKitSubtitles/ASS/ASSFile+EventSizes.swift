import Foundation

/// An ASS script as libass read it (``LibASSInstance/readScript()``): what the bound on each event's
/// picture needs. Reading it from libass, rather than from ``ASSFile``'s outline, leaves no room
/// between the two readers: sections, fields, numbers and each event's style are libass's own.
struct LibASSScript: Sendable {
    /// `PlayResX` and `PlayResY`, 0 where the file gives none.
    var playResX = 0
    var playResY = 0
    var wrapStyle = 0
    /// The styles in libass's order (libass's own `Default` first where it made one), by name and values.
    var styles: [(name: String, values: ASSEventExtent.StyleValues)] = []
    /// Each event's text, the index of its style in ``styles``, and its start in milliseconds.
    var events: [(text: String, style: Int, start: Int64)] = []

    /// libass's script size: `PlayResX` x `PlayResY`, the missing side as libass fills it in, or
    /// 384x288 where both are missing.
    var size: (width: Int, height: Int) {
        switch (playResX > 0 ? playResX : nil, playResY > 0 ? playResY : nil) {
        case (let width?, let height?): (width, height)
        case (let width?, nil): (width, width == 1280 ? 1024 : max(1, width * 3 / 4))
        case (nil, let height?): (height == 1024 ? 1280 : max(1, height * 4 / 3), height)
        case (nil, nil): (384, 288)
        }
    }

    /// Each event's bound (``ASSEventExtent``), in libass's order.
    func eventExtents() -> [(text: String, start: Int64, extent: ASSEventExtent)] {
        var byName: [String: ASSEventExtent.StyleValues] = [:]
        for style in styles { byName[style.name] = byName[style.name].map { $0.union(style.values) } ?? style.values }
        let wrapWidth = wrapStyle == 2 ? nil : Double(size.width)
        return events.map { event in
            let style = styles.indices.contains(event.style) ? styles[event.style].values : ASSEventExtent.StyleValues()
            let extent = ASSEventExtent(text: event.text, style: style, styles: byName, wrapWidth: wrapWidth)
            return (event.text, event.start, extent)
        }
    }

    /// The largest picture one event has libass build, as a share of the script's area.
    var largestEventShare: Double {
        let area = Double(size.width) * Double(size.height)
        return eventExtents().map { $0.extent.area / area }.max() ?? 0
    }
}

extension ASSFile {
    /// Refuses an event of `script` (this file as libass read it) whose picture libass could not be
    /// trusted to hold in memory (``ASSEventExtent``): larger than
    /// ``ASSEventExtent/limitInScriptAreas`` times the script's area, or with a border wider than
    /// ``ASSEventExtent/maximumBorder``. ``ASSContent`` calls it before the first frame; listing,
    /// inspecting and carrying the file as a track draw nothing and do not.
    /// - Parameters:
    ///   - script: The file as libass read it.
    ///   - text: The file's text, to find the line of an event this outline does not list.
    ///   - fileName: The file as the user named it, for messages.
    /// - Throws: ``SubtitleError/invalidASS(file:line:column:reason:)`` naming the tag or value that
    ///   makes the picture large.
    func checkEventSizes(_ script: LibASSScript, text: String, fileName: String) throws {
        let (scriptWidth, scriptHeight) = script.size
        let scriptArea = Double(scriptWidth) * Double(scriptHeight)
        let limit = ASSEventExtent.limitInScriptAreas * scriptArea
        for (eventText, start, extent) in script.eventExtents() {
            let tooLarge = !(extent.area <= limit)
            guard tooLarge || extent.border > ASSEventExtent.maximumBorder else { continue }
            let (line, textColumn) = place(of: eventText, startingAt: start, in: text)
            func column(_ offset: Int) -> Int {
                textColumn + String(decoding: Array(eventText.utf8).prefix(offset), as: UTF8.self).count
            }
            if tooLarge {
                throw SubtitleError.invalidASS(
                    file: fileName, line: line, column: column(extent.causeOffset),
                    reason:
                        "the event would have libass build a picture of about \(Self.size(extent.width)) x \(Self.size(extent.height)) script pixels because of \(extent.cause), \(Self.size(extent.area / scriptArea)) times the area of the script's \(scriptWidth) x \(scriptHeight) (PlayResX x PlayResY), where MovieKit draws up to \(Int(ASSEventExtent.limitInScriptAreas)) times; libass builds a glyph, drawing or vector clip whole before it clips it to the frame, so it would need that many times the memory of a frame. Make it smaller, or, if the script was written for a larger screen, set PlayResX and PlayResY under [Script Info] to that size"
                )
            }
            throw SubtitleError.invalidASS(
                file: fileName, line: line, column: column(extent.borderOffset),
                reason:
                    "the event's border is \(Self.size(extent.border)) pixels wide because of \(extent.borderCause), wider than the \(Int(ASSEventExtent.maximumBorder)) pixels MovieKit draws; libass builds the bordered picture whole before it clips it to the frame. Give it a border of at most \(Int(ASSEventExtent.maximumBorder))"
            )
        }
    }

    /// The line and Text column of the event libass read with `eventText` at `start`: this outline's
    /// event, else the first line of `text` that holds it (libass may read a line this outline skips).
    private func place(of eventText: String, startingAt start: Int64, in text: String) -> (line: Int, column: Int) {
        for (event, column) in zip(events, textColumns)
        where event.text == eventText && Int64((event.startTime * 1000).rounded()) == start {
            return (event.line, column)
        }
        guard !eventText.isEmpty else { return (1, 1) }
        for (index, line) in SubtitleText.lines(of: text).enumerated() {
            if let range = line.range(of: eventText) {
                return (index + 1, line.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return (1, 1)
    }

    /// A size for a message: whole numbers grouped by thousands, or a power of ten when huge.
    private static func size(_ value: Double) -> String {
        guard value.isFinite else { return "infinitely many" }
        guard value < 1e9 else { return String(format: "%.2g", value) }
        let digits = String(Int(value.rounded()))
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return grouped
    }
}
