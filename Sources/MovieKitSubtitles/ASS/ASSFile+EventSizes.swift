import Foundation

extension ASSFile {
    /// libass's script size: `PlayResX` x `PlayResY`, the missing side as libass fills it in, or
    /// 384x288 where both are missing.
    var libassScriptSize: (width: Int, height: Int) {
        switch (playResX, playResY) {
        case (let width?, let height?): (width, height)
        case (let width?, nil): (width, width == 1280 ? 1024 : max(1, width * 3 / 4))
        case (nil, let height?): (height == 1024 ? 1280 : max(1, height * 4 / 3), height)
        case (nil, nil): (384, 288)
        }
    }

    /// Each event's bound (``ASSEventExtent``), in the file's order.
    func eventExtents() -> [(event: Event, extent: ASSEventExtent, textColumn: Int)] {
        let (scriptWidth, _) = libassScriptSize
        return zip(events, zip(textColumns, eventStyleValues)).map { event, columnAndStyle in
            let (textColumn, style) = columnAndStyle
            let extent = ASSEventExtent(
                text: event.text, style: style, styles: styleValues,
                wrapWidth: wrapStyle == 2 ? nil : Double(scriptWidth))
            return (event, extent, textColumn)
        }
    }

    /// The largest picture one event has libass build, as a share of the script's area.
    var largestEventShare: Double {
        let (width, height) = libassScriptSize
        return eventExtents().map { $0.extent.area / (Double(width) * Double(height)) }.max() ?? 0
    }

    /// Refuses an event whose picture libass could not be trusted to hold in memory
    /// (``ASSEventExtent``): larger than ``ASSEventExtent/limitInScriptAreas`` times the script's
    /// area, or with a border wider than ``ASSEventExtent/maximumBorder``. ``ASSContent`` calls it
    /// before libass reads the file; listing, inspecting and carrying the file as a track do not.
    /// - Parameter fileName: The file as the user named it, for messages.
    /// - Throws: ``SubtitleError/invalidASS(file:line:column:reason:)`` naming the tag or value that
    ///   makes the picture large.
    func checkEventSizes(fileName: String) throws {
        let (scriptWidth, scriptHeight) = libassScriptSize
        let scriptArea = Double(scriptWidth) * Double(scriptHeight)
        let limit = ASSEventExtent.limitInScriptAreas * scriptArea
        for (event, extent, textColumn) in eventExtents() {
            func column(_ offset: Int) -> Int {
                textColumn + String(decoding: Array(event.text.utf8).prefix(offset), as: UTF8.self).count
            }
            if !(extent.area <= limit) {
                throw SubtitleError.invalidASS(
                    file: fileName, line: event.line, column: column(extent.causeOffset),
                    reason:
                        "the event would have libass build a picture of about \(Self.size(extent.width)) x \(Self.size(extent.height)) script pixels because of \(extent.cause), \(Self.size(extent.area / scriptArea)) times the area of the script's \(scriptWidth) x \(scriptHeight) (PlayResX x PlayResY), where MovieKit draws up to \(Int(ASSEventExtent.limitInScriptAreas)) times; libass builds a glyph, drawing or vector clip whole before it clips it to the frame, so it would need that many times the memory of a frame. Make it smaller, or, if the script was written for a larger screen, set PlayResX and PlayResY under [Script Info] to that size"
                )
            }
            if extent.border > ASSEventExtent.maximumBorder {
                throw SubtitleError.invalidASS(
                    file: fileName, line: event.line, column: column(extent.borderOffset),
                    reason:
                        "the event's border is \(Self.size(extent.border)) pixels wide because of \(extent.borderCause), wider than the \(Int(ASSEventExtent.maximumBorder)) pixels MovieKit draws; libass builds the bordered picture whole before it clips it to the frame. Give it a border of at most \(Int(ASSEventExtent.maximumBorder))"
                )
            }
        }
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
