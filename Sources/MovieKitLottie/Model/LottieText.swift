import Foundation
import MovieKitScene

/// A text layer's text (`t`): its document keyframes (`d`), and whether it uses what is not
/// evaluated (animators `a`, more options `m`, a path `p`), for warnings.
struct LottieTextData: Decodable, Sendable {
    /// The documents and the frames they start at; the text changes at each keyframe (hold).
    var documents: [(frame: Double, document: LottieTextDocument)]
    /// Whether the document property carries an expression (`d.x`).
    var hasExpression: Bool
    /// How many text animators (`a`) the layer has.
    var animatorCount: Int
    /// Whether "more options" (`m`) differ from their defaults (grouping by character, no alignment).
    var hasMoreOptions: Bool
    /// Whether the text follows a mask path (`p.m`).
    var followsPath: Bool

    enum CodingKeys: String, CodingKey { case d, a, m, p }
    enum DocumentKeys: String, CodingKey { case k, x }
    enum KeyframeKeys: String, CodingKey { case s, t }
    enum MoreKeys: String, CodingKey { case g, a }
    enum PathKeys: String, CodingKey { case m }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var documents: [(Double, LottieTextDocument)] = []
        if c.contains(.d) {
            let d = try c.nestedContainer(keyedBy: DocumentKeys.self, forKey: .d)
            hasExpression = (try? d.decodeIfPresent(String.self, forKey: .x)) != nil
            if d.contains(.k) {
                var list = try d.nestedUnkeyedContainer(forKey: .k)
                while !list.isAtEnd {
                    let keyframe = try list.nestedContainer(keyedBy: KeyframeKeys.self)
                    let frame = (try? keyframe.decodeIfPresent(Double.self, forKey: .t)) ?? 0
                    let document = try keyframe.decode(LottieTextDocument.self, forKey: .s)
                    documents.append((frame.isFinite ? frame : 0, document))
                }
            }
        } else {
            hasExpression = false
        }
        self.documents = documents.sorted { $0.0 < $1.0 }.map { (frame: $0.0, document: $0.1) }
        animatorCount = (try? c.decodeIfPresent([LottieIgnored].self, forKey: .a))?.count ?? 0
        if let more = try? c.nestedContainer(keyedBy: MoreKeys.self, forKey: .m) {
            let grouping = (try? more.decodeIfPresent(Double.self, forKey: .g)) ?? 1
            let alignment = (try? more.decodeIfPresent(LottieValue.self, forKey: .a)) ?? nil
            let aligned =
                alignment.map { $0.isAnimated || ($0.constant?.values.contains { $0 != 0 } ?? false) } ?? false
            hasMoreOptions = grouping != 1 || aligned
        } else {
            hasMoreOptions = false
        }
        followsPath = (try? c.nestedContainer(keyedBy: PathKeys.self, forKey: .p))?.contains(.m) ?? false
    }

    /// The document shown at `frame` (in the layer's frames): the last keyframe at or before it, or
    /// the first before the first keyframe.
    func document(at frame: Double) -> LottieTextDocument? {
        guard var current = documents.first?.document else { return nil }
        for entry in documents.dropFirst() where entry.frame <= frame { current = entry.document }
        return current
    }
}

/// Any JSON value, decoded only to be counted.
private struct LottieIgnored: Decodable {
    init(from decoder: any Decoder) throws {}
}

/// One text document (`t.d.k[].s`): the text and how it is set.
struct LottieTextDocument: Decodable, Sendable {
    /// The text; lines break at `\r` (and `\n` or ETX, which some exporters write).
    var text: String
    /// The font's name (`f`), looked up in `fonts.list` by `fName`.
    var fontName: String
    /// The font size in composition units.
    var size: Double
    var fillColor: [Double]?
    var strokeColor: [Double]?
    var strokeWidth: Double
    /// Whether the stroke is drawn over the fill (`of`).
    var strokeOverFill: Bool
    /// 0 left, 1 right, 2 center, 3…6 justified with the last line left, right, center or justified.
    var justification: Int
    /// Letter spacing in thousandths of an em (`tr`).
    var tracking: Double
    /// The distance between baselines (`lh`); `nil` uses 1.2 × size.
    var lineHeight: Double?
    /// How far the baseline rises (`ls`).
    var baselineShift: Double
    /// Box text: the top-left corner (`ps`) and size (`sz`) of the box the text wraps in.
    var boxPosition: CGPoint?
    var boxSize: CGSize?
    /// 0 as written, 1 all capitals, 2 small capitals.
    var caps: Int

    enum CodingKeys: String, CodingKey { case t, f, s, fc, sc, sw, of, j, tr, lh, ls, ps, sz, ca }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = (try? c.decodeIfPresent(String.self, forKey: .t)) ?? ""
        fontName = (try? c.decodeIfPresent(String.self, forKey: .f)) ?? ""
        size = Self.finite(try? c.decodeIfPresent(Double.self, forKey: .s)) ?? 0
        fillColor = (try? c.decodeIfPresent(LottieVector.self, forKey: .fc))?.values
        strokeColor = (try? c.decodeIfPresent(LottieVector.self, forKey: .sc))?.values
        strokeWidth = Self.finite(try? c.decodeIfPresent(Double.self, forKey: .sw)) ?? 0
        strokeOverFill = (try? c.decodeIfPresent(LottieFlag.self, forKey: .of))?.value ?? false
        justification = LottieFlag.integer((try? c.decodeIfPresent(Double.self, forKey: .j)) ?? 0)
        tracking = Self.finite(try? c.decodeIfPresent(Double.self, forKey: .tr)) ?? 0
        lineHeight = Self.finite(try? c.decodeIfPresent(Double.self, forKey: .lh))
        baselineShift = Self.finite(try? c.decodeIfPresent(Double.self, forKey: .ls)) ?? 0
        if let position = try? c.decodeIfPresent(LottieVector.self, forKey: .ps), position.values.count >= 2,
            let size = try? c.decodeIfPresent(LottieVector.self, forKey: .sz), size.values.count >= 2,
            position.values.allSatisfy(\.isFinite), size.values.allSatisfy(\.isFinite)
        {
            boxPosition = position.point
            boxSize = CGSize(width: max(size[0], 0), height: max(size[1], 0))
        }
        caps = LottieFlag.integer((try? c.decodeIfPresent(Double.self, forKey: .ca)) ?? 0)
    }

    private static func finite(_ value: Double??) -> Double? {
        guard let value = value ?? nil, value.isFinite else { return nil }
        return value
    }

    /// The text as drawn, split into paragraphs at line breaks: in capitals for all caps (`ca` 1);
    /// small capitals (`ca` 2) keep their case here, for the painter to set lowercase letters smaller.
    var paragraphs: [String] {
        let shown = caps == 1 ? text.uppercased() : text
        return shown.split(omittingEmptySubsequences: false) { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" }
            .map(String.init)
    }
}

/// The fonts of an animation (`fonts.list`) and the glyph outlines it embeds (`chars`).
struct LottieFonts: Decodable, Sendable {
    struct Entry: Decodable, Sendable {
        var name: String
        var family: String
        var style: String
        var weight: String
        /// The ascent in hundredths of the size, when the exporter wrote it.
        var ascent: Double?

        enum CodingKeys: String, CodingKey { case fName, fFamily, fStyle, fWeight, ascent }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = (try? c.decodeIfPresent(String.self, forKey: .fName)) ?? ""
            family = (try? c.decodeIfPresent(String.self, forKey: .fFamily)) ?? name
            style = (try? c.decodeIfPresent(String.self, forKey: .fStyle)) ?? ""
            if let text = try? c.decodeIfPresent(String.self, forKey: .fWeight) {
                weight = text
            } else if let number = try? c.decodeIfPresent(Double.self, forKey: .fWeight) {
                weight = String(Int(LottieFlag.integer(number)))
            } else {
                weight = ""
            }
            let ascent = (try? c.decodeIfPresent(Double.self, forKey: .ascent)) ?? nil
            self.ascent = ascent.flatMap { $0.isFinite ? $0 : nil }
        }
    }

    /// One embedded glyph: its advance (`w`, in hundredths of the size) and outline shapes.
    struct Glyph: Sendable {
        var advance: Double
        var shapes: [LottieShape]
    }

    var list: [Entry] = []
    /// Glyphs by family, style and character.
    var glyphs: [String: Glyph] = [:]
    /// The families and styles (`family\0style`) that have embedded glyphs.
    var glyphFaces: Set<String> = []

    init() {}

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: LottieKey.self)
        list = (try? c.decodeIfPresent([Entry].self, forKey: LottieKey("list"))) ?? []
    }

    static func glyphKey(_ character: String, family: String, style: String) -> String {
        "\(family)\u{0}\(style)\u{0}\(character)"
    }

    /// Reads the animation's `chars` into ``glyphs``.
    mutating func addGlyphs(_ characters: [LottieCharacter]) {
        for character in characters {
            let key = Self.glyphKey(character.character, family: character.family, style: character.style)
            glyphs[key] = Glyph(advance: character.advance, shapes: character.shapes)
            glyphFaces.insert("\(character.family)\u{0}\(character.style)")
        }
    }

    /// The font entry a document names.
    func entry(named name: String) -> Entry? { list.first { $0.name == name } }
}

/// One `chars` entry: a character's outline in a font, at size 100.
struct LottieCharacter: Decodable, Sendable {
    var character: String
    var family: String
    var style: String
    var advance: Double
    var shapes: [LottieShape]

    enum CodingKeys: String, CodingKey { case ch, fFamily, style, w, data }
    enum DataKeys: String, CodingKey { case shapes }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        character = (try? c.decodeIfPresent(String.self, forKey: .ch)) ?? ""
        family = (try? c.decodeIfPresent(String.self, forKey: .fFamily)) ?? ""
        style = (try? c.decodeIfPresent(String.self, forKey: .style)) ?? ""
        let width = (try? c.decodeIfPresent(Double.self, forKey: .w)) ?? nil
        advance = width.flatMap { $0.isFinite ? $0 : nil } ?? 0
        if let data = try? c.nestedContainer(keyedBy: DataKeys.self, forKey: .data) {
            shapes = try data.decodeIfPresent([LottieShape].self, forKey: .shapes) ?? []
        } else {
            shapes = []
        }
    }
}
