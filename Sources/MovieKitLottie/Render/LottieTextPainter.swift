import Foundation
import FrameDraw
import MovieKitScene

/// Draws a text document as After Effects sets it: point text with its first baseline at the
/// layer's origin, aligned on it (left, right or centred), or box text wrapped inside `sz` from
/// `ps`; lines `lh` apart, raised by `ls`, letters spread by `tr`. The glyphs are the embedded
/// outlines (`chars`) when the animation has them for the font, otherwise the font family found
/// through fontconfig (Pango substitutes a similar font when it is not installed).
struct LottieTextPainter {
    let context: DrawingContext
    let fonts: LottieFonts

    /// Sizes beyond this are drawn at it: no frame shows more of a glyph, and Pango's units must
    /// not overflow.
    static let largestSize = 65_536.0
    /// The largest font size, in device pixels, drawn as glyphs: FreeType fails on glyphs larger than
    /// its 16-bit pixel sizes hold (and Cairo then keeps the font face in error), so larger text is
    /// laid out smaller and its outline scaled up and filled.
    static let largestDeviceFontSize = 8192.0
    /// Small capitals (`ca` 2) draw lowercase letters as capitals at this fraction of the font
    /// size, as After Effects synthesizes them.
    static let smallCapsScale = 0.7

    /// How one run of text is measured and drawn: with embedded glyphs or a system font.
    private struct Setter {
        let document: LottieTextDocument
        let size: Double
        /// The font size `style` uses, scaled up by this when drawn (1 unless the text is very large).
        let fontScale: Double
        let style: TextStyle
        let fill: Color?
        let stroke: TextOutline?
        let glyphFace: (family: String, style: String)?
        let fonts: LottieFonts

        /// The spacing added after each character, in composition units: from the document's size,
        /// so that small capitals keep the spacing of the capitals around them.
        var tracking: Double { document.tracking / 1000 * min(document.size, LottieTextPainter.largestSize) }

        /// The setter of small capitals: the same text at ``smallCapsScale`` of the size.
        var smallCaps: Setter {
            var style = self.style
            style.font.size *= LottieTextPainter.smallCapsScale
            return Setter(
                document: document, size: size * LottieTextPainter.smallCapsScale, fontScale: fontScale, style: style,
                fill: fill, stroke: stroke, glyphFace: glyphFace, fonts: fonts)
        }

        /// `run` as drawn: in small capitals (`ca` 2), runs of lowercase letters become capitals
        /// set smaller, and the other characters keep the full size; otherwise one run as it is.
        func pieces(of run: String) -> [(text: String, setter: Setter)] {
            guard document.caps == 2 else { return [(run, self)] }
            var pieces: [(text: String, small: Bool)] = []
            for character in run {
                let small = character.isLowercase
                if let last = pieces.last, last.small == small {
                    pieces[pieces.count - 1].text.append(character)
                } else {
                    pieces.append((String(character), small))
                }
            }
            let smaller = smallCaps
            return pieces.map { $0.small ? ($0.text.uppercased(), smaller) : ($0.text, self) }
        }

        func width(of run: String) -> Double {
            guard document.caps == 2 else { return setWidth(of: run) }
            return pieces(of: run).reduce(0.0) { $0 + $1.setter.setWidth(of: $1.text) }
        }

        /// The width of `run` set at this setter's size, as it is.
        private func setWidth(of run: String) -> Double {
            guard !run.isEmpty else { return 0 }
            guard let face = glyphFace else { return style.measure(run).width * fontScale }
            return run.reduce(0.0) { total, character in
                total + advance(of: character, face: face)
            }
        }

        private func advance(of character: Character, face: (family: String, style: String)) -> Double {
            let key = LottieFonts.glyphKey(String(character), family: face.family, style: face.style)
            if let glyph = fonts.glyphs[key] { return glyph.advance * size / 100 + tracking }
            return style.measure(String(character)).width * fontScale
        }

        func draw(_ run: String, at origin: CGPoint, in context: DrawingContext) {
            guard document.caps == 2 else {
                drawSet(run, at: origin, in: context)
                return
            }
            var x = origin.x
            for piece in pieces(of: run) {
                piece.setter.drawSet(piece.text, at: CGPoint(x: x, y: origin.y), in: context)
                x += piece.setter.setWidth(of: piece.text)
            }
        }

        /// Draws `run` at this setter's size, as it is.
        private func drawSet(_ run: String, at origin: CGPoint, in context: DrawingContext) {
            guard !run.isEmpty else { return }
            guard let face = glyphFace else {
                drawWithFont(run, at: origin, in: context)
                return
            }
            var x = origin.x
            for character in run {
                let key = LottieFonts.glyphKey(String(character), family: face.family, style: face.style)
                if let glyph = fonts.glyphs[key] {
                    drawGlyph(glyph, at: CGPoint(x: x, y: origin.y), in: context)
                } else {
                    drawWithFont(String(character), at: CGPoint(x: x, y: origin.y), in: context)
                }
                x += advance(of: character, face: face)
            }
        }

        private func drawWithFont(_ run: String, at origin: CGPoint, in context: DrawingContext) {
            if fontScale != 1 {
                // Laid out smaller and scaled as a path: FreeType renders no glyph this large.
                let placement = FrameDraw.AffineTransform(scaleX: fontScale, y: fontScale)
                    .concatenating(FrameDraw.AffineTransform(translationX: origin.x, y: origin.y))
                paint(style.outline(of: run).applying(placement), in: context)
                return
            }
            var style = self.style
            if document.strokeOverFill, let stroke {
                if let fill {
                    style.color = fill
                    context.draw(run, baselineAt: origin, style: style)
                }
                style.color = .clear
                style.outline = stroke
                context.draw(run, baselineAt: origin, style: style)
            } else {
                style.color = fill ?? .clear
                style.outline = stroke
                context.draw(run, baselineAt: origin, style: style)
            }
        }

        /// Fills and strokes an embedded outline, drawn at size 100, scaled to the text's size.
        private func drawGlyph(_ glyph: LottieFonts.Glyph, at origin: CGPoint, in context: DrawingContext) {
            let (geometries, _) = LottieShapeRenderer(context: context, frame: 0).process(
                glyph.shapes, toLayer: .identity)
            guard !geometries.isEmpty else { return }
            let placement = FrameDraw.AffineTransform(scaleX: size / 100, y: size / 100)
                .concatenating(FrameDraw.AffineTransform(translationX: origin.x, y: origin.y))
            var outline = Path()
            for geometry in geometries {
                outline.addPath(geometry.path.applying(geometry.toLayer.concatenating(placement)))
            }
            paint(outline, in: context)
        }

        /// Fills and strokes an outline in the layer's space, the stroke over the fill or beneath it.
        private func paint(_ outline: Path, in context: DrawingContext) {
            guard !outline.isEmpty else { return }
            let paintFill = {
                guard let fill else { return }
                context.addPath(outline)
                context.setFillColor(fill)
                context.fillPath()
            }
            let paintStroke = {
                guard let stroke else { return }
                context.addPath(outline)
                context.setStrokeColor(stroke.color)
                context.setLineWidth(stroke.width)
                context.setLineJoin(.round)
                context.strokePath()
            }
            if document.strokeOverFill {
                paintFill()
                paintStroke()
            } else {
                paintStroke()
                paintFill()
            }
        }
    }

    /// Draws `document` in the layer's space.
    func draw(_ document: LottieTextDocument) {
        let size = min(document.size, Self.largestSize)
        guard size > 0, !document.text.isEmpty else { return }
        let entry = fonts.entry(named: document.fontName)
        let family = entry?.family ?? (document.fontName.isEmpty ? Font.systemFamily : document.fontName)
        let faceStyle = entry?.style ?? ""
        let (weight, italic) = Self.weight(style: faceStyle, weight: entry?.weight ?? "")
        let fill = document.fillColor.map(Self.color)
        let stroke: TextOutline? = document.strokeColor.flatMap { components in
            document.strokeWidth > 0 ? TextOutline(color: Self.color(components), width: document.strokeWidth) : nil
        }
        guard fill != nil || stroke != nil else { return }
        let ctm = context.ctm
        let deviceSize = size * max(hypot(ctm.a, ctm.b), hypot(ctm.c, ctm.d))
        let fontScale = deviceSize > Self.largestDeviceFontSize ? deviceSize / Self.largestDeviceFontSize : 1
        let style = TextStyle(
            font: Font(family: family, size: size / fontScale, weight: weight, italic: italic), color: fill ?? .clear,
            letterSpacing: document.tracking / 1000 * size / fontScale)
        let glyphFace = fonts.glyphFaces.contains("\(family)\u{0}\(faceStyle)") ? (family, faceStyle) : nil
        let setter = Setter(
            document: document, size: size, fontScale: fontScale, style: style, fill: fill, stroke: stroke,
            glyphFace: glyphFace,
            fonts: fonts)
        let lineHeight = document.lineHeight ?? size * 1.2
        if let box = document.boxPosition, let boxSize = document.boxSize {
            let metrics = style.metrics(for: "X")
            let ascent = entry?.ascent.map { $0 * size / 100 } ?? metrics.firstBaseline * fontScale
            // After Effects hides the lines that overflow the box: a line is drawn only when it
            // ends, its descent below the baseline, inside the box, and the lines after it are not.
            // The baseline shift moves the glyphs, not the lines, so it is left out of the test.
            let descent = max(metrics.size.height - metrics.firstBaseline, 0) * fontScale
            let bottom = box.y + boxSize.height
            var baseline = box.y + ascent - document.baselineShift
            paragraphs: for paragraph in document.paragraphs {
                let lines = Self.wrap(paragraph, width: boxSize.width, setter: setter)
                for (index, line) in lines.enumerated() {
                    guard baseline + document.baselineShift + descent <= bottom else { break paragraphs }
                    drawBoxLine(
                        line, isLast: index == lines.count - 1, left: box.x, width: boxSize.width, baseline: baseline,
                        document: document, setter: setter)
                    baseline += lineHeight
                }
            }
        } else {
            var baseline = -document.baselineShift
            for line in document.paragraphs {
                let width = setter.width(of: line)
                let x: Double =
                    switch document.justification {
                    case 1, 4: -width
                    case 2, 5: -width / 2
                    default: 0
                    }
                setter.draw(line, at: CGPoint(x: x, y: baseline), in: context)
                baseline += lineHeight
            }
        }
    }

    /// One line of box text: aligned in the box, or spread to its width (the justify modes, except
    /// on a paragraph's last line unless the mode justifies that too).
    private func drawBoxLine(
        _ line: String, isLast: Bool, left: Double, width: Double, baseline: Double, document: LottieTextDocument,
        setter: Setter
    ) {
        let justification = document.justification
        let spreads = (3...6).contains(justification) && (!isLast || justification == 6)
        let words = line.split(separator: " ").map(String.init)
        if spreads, words.count > 1 {
            let widths = words.map { setter.width(of: $0) }
            let gap = (width - widths.reduce(0, +)) / Double(words.count - 1)
            var x = left
            for (word, wordWidth) in zip(words, widths) {
                setter.draw(word, at: CGPoint(x: x, y: baseline), in: context)
                x += wordWidth + gap
            }
            return
        }
        let lineWidth = setter.width(of: line)
        let x: Double =
            switch justification {
            case 1, 4: left + width - lineWidth
            case 2, 5: left + (width - lineWidth) / 2
            default: left
            }
        setter.draw(line, at: CGPoint(x: x, y: baseline), in: context)
    }

    /// The lines of `paragraph` wrapped at `width`: at spaces, and inside a word only when the word
    /// alone is wider than the box. Widths are summed word by word, so wrapping stays linear in the
    /// text's length.
    private static func wrap(_ paragraph: String, width: Double, setter: Setter) -> [String] {
        let words = paragraph.split(separator: " ").map(String.init)
        let space = setter.width(of: " ")
        var lines: [String] = []
        var current = ""
        var currentWidth = 0.0
        for word in words {
            let wordWidth = setter.width(of: word)
            if current.isEmpty {
                current = word
                currentWidth = wordWidth
            } else if currentWidth + space + wordWidth <= width {
                current += " " + word
                currentWidth += space + wordWidth
            } else {
                lines.append(current)
                current = word
                currentWidth = wordWidth
            }
            // A word wider than the box breaks between its characters.
            while currentWidth > width, current.count > 1, !current.contains(" ") {
                var head = ""
                var headWidth = 0.0
                for character in current {
                    let characterWidth = setter.width(of: String(character))
                    if !head.isEmpty, headWidth + characterWidth > width { break }
                    head.append(character)
                    headWidth += characterWidth
                }
                guard head.count < current.count else { break }
                lines.append(head)
                current = String(current.dropFirst(head.count))
                currentWidth = setter.width(of: current)
            }
        }
        lines.append(current)
        return lines
    }

    /// A colour from Lottie's 0…1 components (alpha 1 when there are three); some exporters write
    /// 0…255 components.
    static func color(_ components: [Double]) -> Color {
        let scale = components.prefix(3).contains { $0 > 1 } ? 255.0 : 1.0
        func component(_ index: Int, _ fallback: Double) -> Double {
            let value = index < components.count ? components[index] / (index < 3 ? scale : 1) : fallback
            return value.isFinite ? min(max(value, 0), 1) : fallback
        }
        return Color(red: component(0, 0), green: component(1, 0), blue: component(2, 0), alpha: component(3, 1))
    }

    /// The weight and slant a font's style name (`Bold Italic`, `SemiBold`) and weight give.
    static func weight(style: String, weight: String) -> (Font.Weight, Bool) {
        let name = style.lowercased().replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "-", with: "")
        let italic = name.contains("italic") || name.contains("oblique")
        var number = 400
        let names: [(String, Int)] = [
            ("extralight", 200), ("ultralight", 200), ("semibold", 600), ("demibold", 600), ("extrabold", 800),
            ("ultrabold", 800), ("thin", 100), ("light", 300), ("medium", 500), ("bold", 700), ("heavy", 900),
            ("black", 900)
        ]
        if let match = names.first(where: { name.contains($0.0) }) { number = match.1 }
        if let explicit = Int(weight.trimmingCharacters(in: .whitespaces)), (1...1000).contains(explicit) {
            number = explicit
        }
        let nearest = Font.Weight.allCases.min { abs($0.numericValue - number) < abs($1.numericValue - number) }
        return (nearest ?? .regular, italic)
    }
}
