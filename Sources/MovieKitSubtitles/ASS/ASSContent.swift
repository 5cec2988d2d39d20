import Foundation
import FrameDraw
import MovieKitScene

/// An ASS or SSA subtitle file as timed content, drawn by libass (the renderer of mpv, VLC and
/// FFmpeg's `subtitles` filter): styles, override tags, karaoke, transforms, moves, clips,
/// drawings, blur, borders and shadows, scaled from the script's `PlayResX` x `PlayResY` to the
/// layer's size in pixels.
///
/// Fonts come from the file's `[Fonts]` section, the font files beside it and in
/// ``fontDirectories``, then fontconfig (the system's fonts); when the first three hold every font
/// the file names, they alone are used, as libass's own tools use a fonts folder. The frame at time *t* is libass's frame
/// at the millisecond *t* falls in, as FFmpeg's `subtitles` filter asks for it; libass's pictures
/// are blended as libass's own `compare` tool blends them, then drawn over the layer. Colours are
/// taken as RGB: a `YCbCr Matrix` header does not change them (mpv converts them to the video's matrix).
public struct ASSContent: TimedContent, BackdropAwareContent {
    /// The subtitle file.
    public let url: URL
    /// The file's outline: its script size and events.
    public let file: ASSFile
    /// Folders of fonts besides the file's own folder (mpv's `sub-fonts-dir`, FFmpeg's `fontsdir`).
    public let fontDirectories: [URL]
    /// A sentence for each style whose font is not beside the file, in ``fontDirectories`` or
    /// embedded in the file's `[Fonts]` section or installed (libass then draws it in another font),
    /// starting with `file:line:column:`.
    public let fontWarnings: [String]
    private let renderers: LibASSPool

    /// Reads and checks an ASS or SSA file, and starts libass on it with its fonts. An event libass
    /// would need far more memory to draw than a frame is refused before the first frame.
    /// - Parameters:
    ///   - url: The `.ass` or `.ssa` file.
    ///   - fontDirectories: Folders of fonts to use besides those beside the file.
    /// - Throws: ``SubtitleError`` naming the file (and the line, for a file libass would misread).
    public init(contentsOf url: URL, fontDirectories: [URL] = []) throws {
        let text = SubtitleText.decode(try SubtitleFiles.contents(of: url)).text
        self.url = url
        file = try ASSFile(parsing: text, fileName: url.path)
        self.fontDirectories = fontDirectories
        let folders = [url.deletingLastPathComponent()] + fontDirectories
        // libass reads UTF-8 only unless built with iconv; give it the text as MovieKit decoded it.
        let fonts = ASSFontFile.files(in: folders)
        // The names of the given font files, read once (fontconfig parses each file).
        let fontNames = fonts.reduce(into: Set<String>()) { $0.formUnion(Font.names(inFileAt: $1.url)) }
        renderers = try LibASSPool(
            text: text, fonts: fonts, fileName: url.path,
            fallbackFamily: Self.familyWhenFontsCoverTheFile(file, fontNames: fontNames))
        try file.checkEventSizes(renderers.readScript(), text: text, fileName: url.path)
        fontWarnings = Self.missingFonts(in: file, fileName: url.path, fontNames: fontNames)
    }

    /// ASS text that is not in a file (the fuzz target's input), with `fonts` only: fontconfig's
    /// fonts are left out, so that each start is quick, and a font the text names that is not among
    /// them is drawn in `fallbackFamily`, a family of theirs.
    package init(data: Data, fileName: String, fonts: [URL], fallbackFamily: String) throws {
        let text = SubtitleText.decode(data).text
        url = URL(fileURLWithPath: fileName)
        file = try ASSFile(parsing: text, fileName: fileName)
        fontDirectories = []
        fontWarnings = []
        let fontFiles = fonts.compactMap { font in
            (try? Data(contentsOf: font)).map { ASSFontFile(url: font, bytes: [UInt8]($0)) }
        }
        renderers = try LibASSPool(text: text, fonts: fontFiles, fileName: fileName, fallbackFamily: fallbackFamily)
        try file.checkEventSizes(renderers.readScript(), text: text, fileName: fileName)
    }

    /// The first style's family, when every font the file names (its styles' and its `\\fn` tags') is
    /// among `fontNames` (the names of the font files beside it or in a fonts folder, `Font.names(inFileAt:)`)
    /// or embedded in it; `nil` otherwise, or when no font file is given.
    ///
    /// libass draws such a file with those fonts alone, as its own tools do given a fonts folder:
    /// installed faces of the same family must not win over them (an installed DejaVu Sans Bold over
    /// the folder's DejaVu Sans made bold by libass, which is wider and moves an opaque box's edges),
    /// and a font missing from them falls back to the given family. A file that names a font they do not
    /// hold is drawn with fontconfig's fonts too.
    static func familyWhenFontsCoverTheFile(_ file: ASSFile, fontNames: Set<String>) -> String? {
        guard !fontNames.isEmpty, let first = file.styles.first?.font, !first.isEmpty else { return nil }
        let given = fontNames.union(file.embeddedFontNames)
        var named = Set(file.styles.map(\.font))
        for event in file.events {
            var rest = event.text[...]
            while let tag = rest.range(of: "\\fn") {
                let name = rest[tag.upperBound...].prefix { $0 != "\\" && $0 != "}" }
                if !name.trimmingCharacters(in: .whitespaces).isEmpty { named.insert(String(name)) }
                rest = rest[tag.upperBound...]
            }
        }
        // libass reads `@Family` as Family set vertically.
        let families = named.map { name in
            let trimmed = name.trimmingCharacters(in: .whitespaces).lowercased()
            return trimmed.hasPrefix("@") ? String(trimmed.dropFirst()) : trimmed
        }
        guard families.allSatisfy(given.contains) else { return nil }
        return first.hasPrefix("@") ? String(first.dropFirst()) : first
    }

    /// The warnings of ``fontWarnings`` for `file`, whose own font files are `fontFiles`.
    static func missingFonts(in file: ASSFile, fileName: String, fontFiles: [URL]) -> [String] {
        missingFonts(
            in: file, fileName: fileName,
            fontNames: fontFiles.reduce(into: Set<String>()) { $0.formUnion(Font.names(inFileAt: $1)) })
    }

    /// The warnings of ``fontWarnings`` for `file`, whose own font files have the names `fontNames`.
    static func missingFonts(in file: ASSFile, fileName: String, fontNames: Set<String>) -> [String] {
        guard !file.styles.isEmpty else { return [] }
        let known = Font.installedNames.union(file.embeddedFontNames).union(fontNames)
        var warned = Set<String>()
        return file.styles.compactMap { style in
            let name = style.font.lowercased()
            guard !name.isEmpty, !known.contains(name), warned.insert(name).inserted else { return nil }
            return
                "\(fileName):\(style.line):\(style.column): The style `\(style.name)` names the font `\(style.font)`, which is not beside the file, in a fonts folder, embedded in it or installed, so libass draws its text in another font; put the font file beside the subtitles or in --fonts-dir, or install it."
        }
    }

    public var typeName: String { "subtitles" }
    public var files: [URL] { [url] }
    public var activeDuration: Double? { file.events.map(\.endTime).max() }

    public func draw(_ drawing: ContentDrawing) {
        let bounds = drawing.bounds
        let width = Int(bounds.width.rounded())
        let height = Int(bounds.height.rounded())
        guard width >= 1, height >= 1, width <= 16384, height <= 16384, drawing.layerTime.isFinite else { return }
        // The millisecond the frame's time falls in (as FFmpeg's `subtitles` filter truncates it): an
        // event starting at a whole millisecond shows from the first frame at or after it. The
        // microsecond of slack absorbs binary fractions (0.29 s × 1000 is 289.99999999999997).
        let milliseconds = Int64((drawing.layerTime * 1000 + 0.001).rounded(.down))
        // libass answers quickly when no event shows, and keeps the last picture while nothing changes.
        guard let frame = try? renderers.frame(atMilliseconds: milliseconds, width: width, height: height) else {
            return
        }
        let scaleX = bounds.width / Double(width)
        let scaleY = bounds.height / Double(height)
        let context = drawing.context
        context.saveGState()
        defer { context.restoreGState() }
        context.setAlpha(drawing.opacity)
        let rect = CGRect(
            x: bounds.minX + Double(frame.originX) * scaleX, y: bounds.minY + Double(frame.originY) * scaleY,
            width: Double(frame.image.width) * scaleX, height: Double(frame.image.height) * scaleY)
        // Events far apart (a line at the top, another at the bottom) leave the rows between them alone.
        for rows in frame.rows {
            drawing.noteDrawn(
                CGRect(
                    x: rect.minX, y: bounds.minY + Double(rows.lowerBound) * scaleY, width: rect.width,
                    height: Double(rows.count) * scaleY))
        }
        context.draw(frame.image, in: rect)
    }
}
