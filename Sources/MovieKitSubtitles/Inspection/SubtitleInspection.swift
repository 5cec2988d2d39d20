import Foundation

/// What a subtitle file holds, as `moviemake subtitles inspect --json` prints it: one entry per cue
/// with the names and values of the web's `VTTCue` and `VTTRegion`
/// (https://w3c.github.io/webvtt/#the-vttcue-interface), so that tools written for the web read it.
///
/// ```json
/// {"cues": [{"align": "center", "endTime": 4, "id": "1", "line": "auto", "lineAlign": "start",
///   "position": "auto", "positionAlign": "auto", "region": null, "size": 100, "snapToLines": true,
///   "startTime": 1, "text": "Hello", "vertical": ""}],
///  "format": "WebVTT", "regions": [], "styleSheets": [], "warnings": []}
/// ```
public struct SubtitleInspection: Sendable, Encodable {
    /// The format that was read: `WebVTT`, `SRT`, `ASS` or `SSA`.
    public var format: String
    public var cues: [Cue]
    /// The regions the file defines, whether or not a cue uses them.
    public var regions: [Region]
    /// The text of each `STYLE` block.
    public var styleSheets: [String]
    /// What was skipped and why, one sentence each.
    public var warnings: [String]

    /// One cue, with `VTTCue`'s attribute names.
    public struct Cue: Sendable, Encodable {
        public var id: String
        public var startTime: Double
        public var endTime: Double
        public var text: String
        public var region: Region?
        public var vertical: String
        public var snapToLines: Bool
        /// A number, or `auto`.
        public var line: NumberOrAuto
        public var lineAlign: String
        /// A number, or `auto`.
        public var position: NumberOrAuto
        public var positionAlign: String
        public var size: Double
        public var align: String

        enum CodingKeys: String, CodingKey {
            case id, startTime, endTime, text, region, vertical, snapToLines, line, lineAlign, position
            case positionAlign, size, align
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(startTime, forKey: .startTime)
            try container.encode(endTime, forKey: .endTime)
            try container.encode(text, forKey: .text)
            // `null` rather than a missing key, as `VTTCue.region` is.
            try container.encode(region, forKey: .region)
            try container.encode(vertical, forKey: .vertical)
            try container.encode(snapToLines, forKey: .snapToLines)
            try container.encode(line, forKey: .line)
            try container.encode(lineAlign, forKey: .lineAlign)
            try container.encode(position, forKey: .position)
            try container.encode(positionAlign, forKey: .positionAlign)
            try container.encode(size, forKey: .size)
            try container.encode(align, forKey: .align)
        }
    }

    /// A region, with `VTTRegion`'s attribute names.
    public struct Region: Sendable, Encodable {
        public var id: String
        public var width: Double
        public var lines: Double
        public var regionAnchorX: Double
        public var regionAnchorY: Double
        public var viewportAnchorX: Double
        public var viewportAnchorY: Double
        public var scroll: String
    }

    /// A number, or the keyword `auto` (as `VTTCue.line` and `VTTCue.position` are).
    public enum NumberOrAuto: Sendable, Encodable, Equatable {
        case auto
        case number(Double)

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .auto: try container.encode("auto")
            case .number(let value): try container.encode(value)
            }
        }
    }

    /// What a subtitle file holds: an SRT file's cues, or an ASS file's events (numbered from 1, with
    /// their plain text), in WebVTT's model, with no regions or style sheets.
    public init(_ document: SubtitleDocument) {
        switch document {
        case .webVTT(let file):
            self.init(file)
        case .srt(let file):
            self.init(
                format: "SRT", cues: file.cues.map(Cue.init), regions: [], styleSheets: [], warnings: file.warnings)
        case .ass(let file):
            self.init(
                format: file.formatName, cues: file.cues.map(Cue.init), regions: [], styleSheets: [],
                warnings: file.warnings)
        }
    }

    /// What a WebVTT file holds.
    public init(_ file: WebVTTFile) {
        self.init(
            format: "WebVTT", cues: file.cues.map(Cue.init), regions: file.regions.map(Region.init),
            styleSheets: file.styleSheets, warnings: file.warnings)
    }

    private init(format: String, cues: [Cue], regions: [Region], styleSheets: [String], warnings: [String]) {
        self.format = format
        self.cues = cues
        self.regions = regions
        self.styleSheets = styleSheets
        self.warnings = warnings
    }

    /// The inspection as JSON, keys sorted, numbers as JavaScript reads them. A number too large for JSON (a `line` of 1e400 digits) is written as a string.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return try encoder.encode(self)
    }
}

extension SubtitleInspection.Cue {
    init(_ cue: WebVTTCue) {
        id = cue.id
        startTime = cue.startTime
        endTime = cue.endTime
        text = cue.text
        region = cue.region.map(SubtitleInspection.Region.init)
        vertical = cue.writingDirection.rawValue
        snapToLines = cue.snapsToLines
        switch cue.line {
        case .auto: line = .auto
        case .value(let value): line = .number(value)
        }
        lineAlign = cue.lineAlignment.rawValue
        position = cue.position.map { .number($0) } ?? .auto
        positionAlign = cue.positionAlignment.rawValue
        size = cue.size
        align = cue.textAlignment.rawValue
    }
}

extension SubtitleInspection.Region {
    init(_ region: WebVTTRegion) {
        id = region.id
        width = region.width
        lines = region.lines
        regionAnchorX = region.regionAnchorX
        regionAnchorY = region.regionAnchorY
        viewportAnchorX = region.viewportAnchorX
        viewportAnchorY = region.viewportAnchorY
        scroll = region.scroll.rawValue
    }
}
