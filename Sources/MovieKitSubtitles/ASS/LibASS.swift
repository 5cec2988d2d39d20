internal import CAss
import Foundation
import FrameDraw
import MovieKitLog
import Synchronization

/// A font file for libass: where it is, and its bytes.
///
/// The bytes, like ``LibASSPool``'s script, are kept in an array rather than `Data`: a render's
/// subtitles can still be alive when a `moviemake` process exits, and LeakSanitizer does not follow
/// the reference inside a `Data` held by a live object, so it reported the bytes as leaked.
struct ASSFontFile: Sendable, Hashable {
    var url: URL
    var bytes: [UInt8]
    /// Its name, for libass's messages.
    var name: String { url.lastPathComponent }

    /// The extensions of the font files libass reads from a folder.
    static let extensions: Set<String> = ["ttf", "otf", "ttc", "otc", "pfb", "pfa"]

    /// The font files directly in each folder (not in subfolders), by name; a folder that cannot be
    /// listed adds none.
    static func urls(in folders: [URL]) -> [URL] {
        folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
                .filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }
                .map { folder.appendingPathComponent($0) }
        }
    }

    /// The font files of ``urls(in:)`` with their bytes; a file that cannot be read is left out.
    static func files(in folders: [URL]) -> [ASSFontFile] {
        urls(in: folders).compactMap { url in
            (try? Data(contentsOf: url, options: .mappedIfSafe)).map { ASSFontFile(url: url, bytes: [UInt8]($0)) }
        }
    }
}

/// A subtitle frame libass drew: premultiplied ARGB pixels covering `origin` to `origin + size`
/// of a frame of `frameSize` pixels.
struct ASSFrameImage: Sendable {
    var image: Image
    var originX: Int
    var originY: Int
    /// The frame's rows that each of libass's bitmaps covers: the picture is transparent on the rows
    /// between them.
    var rows: [Range<Int>] = []
}

/// One libass library, renderer and track: the C objects this type alone owns and frees. libass
/// objects are not safe to use from two threads at once, so ``LibASSPool`` lends each to one
/// thread at a time.
final class LibASSInstance {
    private let library: OpaquePointer
    private let renderer: OpaquePointer
    private let track: UnsafeMutablePointer<ASS_Track>
    private var frameWidth = 0
    private var frameHeight = 0
    /// The last frame drawn, reused while libass reports no change at the same size.
    private var last: (width: Int, height: Int, frame: ASSFrameImage?)?

    /// Reads `script` into a track, with `fonts` added to the fonts fontconfig finds, or, given a
    /// `fallbackFamily`, alone: a font the script names that is not among them is then drawn in
    /// `fallbackFamily`, which must be one of theirs. (libass 0.17.1 leaks the font it failed to find
    /// when a line changes to a font that is not there and no fallback is found.)
    /// Corresponds to `ass_library_init`, `ass_add_font`, `ass_renderer_init`, `ass_set_fonts` and
    /// `ass_read_memory`.
    /// - Throws: `SubtitleError.libassFailed` when libass cannot start or read the script.
    /// - Parameter script: The script's UTF-8 text, ending in a NUL.
    init(script: [CChar], fonts: [ASSFontFile], fileName: String, fallbackFamily: String? = nil) throws {
        guard let library = ass_library_init() else {
            throw SubtitleError.libassFailed(
                file: fileName,
                reason: "ass_library_init returned nothing, which happens when memory runs out; free some memory")
        }
        mk_ass_set_message_sink(library, libassMessage)
        ass_set_extract_fonts(library, 1)
        for font in fonts {
            font.bytes.withUnsafeBytes { bytes in
                ass_add_font(
                    library, font.name, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count))
            }
        }
        guard let renderer = ass_renderer_init(library) else {
            ass_library_done(library)
            throw SubtitleError.libassFailed(
                file: fileName,
                reason:
                    "ass_renderer_init returned nothing, which happens when memory runs out or FreeType cannot start; free some memory"
            )
        }
        let provider = fallbackFamily == nil ? ASS_FONTPROVIDER_AUTODETECT : ASS_FONTPROVIDER_NONE
        ass_set_fonts(renderer, nil, fallbackFamily ?? "sans-serif", Int32(provider.rawValue), nil, 1)
        // libass may write into the text it reads, so it reads a copy.
        var bytes = script
        guard let track = ass_read_memory(library, &bytes, max(script.count - 1, 0), nil) else {
            ass_renderer_done(renderer)
            ass_library_done(library)
            throw SubtitleError.libassFailed(
                file: fileName,
                reason:
                    "ass_read_memory could not read it as ASS or SSA; check that it is an ASS or SSA file, starting with [Script Info]"
            )
        }
        self.library = library
        self.renderer = renderer
        self.track = track
    }

    deinit {
        ass_free_track(track)
        ass_renderer_done(renderer)
        ass_library_done(library)
    }

    /// The script as libass read it: its size, wrap style, styles and events (``LibASSScript``).
    func readScript() -> LibASSScript {
        let track = track.pointee
        var script = LibASSScript(playResX: Int(track.PlayResX), playResY: Int(track.PlayResY))
        script.wrapStyle = Int(track.WrapStyle)
        if let styles = track.styles {
            for index in 0..<max(0, Int(track.n_styles)) {
                let style = styles[index]
                let values = ASSEventExtent.StyleValues(
                    fontSize: style.FontSize, scaleX: style.ScaleX, scaleY: style.ScaleY, spacing: style.Spacing,
                    angle: style.Angle, outline: style.Outline, blur: style.Blur)
                script.styles.append((style.Name.map { String(cString: $0) } ?? "", values))
            }
        }
        if let events = track.events {
            for index in 0..<max(0, Int(track.n_events)) {
                let event = events[index]
                script.events.append(
                    (event.Text.map { String(cString: $0) } ?? "", Int(event.Style), Int64(event.Start)))
            }
        }
        return script
    }

    /// Draws the frame at `milliseconds` for a video of `width` x `height` pixels, or `nil` when
    /// nothing shows then. Corresponds to `ass_set_frame_size`, `ass_set_storage_size` and
    /// `ass_render_frame`.
    /// - Throws: `FrameDrawError.outOfMemory` when the picture cannot be allocated.
    func frame(atMilliseconds milliseconds: Int64, width: Int, height: Int) throws -> ASSFrameImage? {
        if width != frameWidth || height != frameHeight {
            ass_set_storage_size(renderer, Int32(width), Int32(height))
            ass_set_frame_size(renderer, Int32(width), Int32(height))
            frameWidth = width
            frameHeight = height
            last = nil
        }
        var change: Int32 = 0
        let images = ass_render_frame(renderer, track, milliseconds, &change)
        if change == 0, let last, last.width == width, last.height == height { return last.frame }
        let frame = try ASSCompositor.composite(images, width: width, height: height)
        last = (width, height, frame)
        return frame
    }
}

/// The libass instances of one subtitle file, one per drawing thread at most: a frame takes an
/// idle instance, or waits for one when every one is busy.
final class LibASSPool: Sendable {
    /// An instance, made when first needed, and the lock that lends it.
    private final class Slot: Sendable {
        let instance: Mutex<LibASSInstance?>
        init(_ instance: consuming sending LibASSInstance?) { self.instance = Mutex(instance) }
    }

    private let slots: [Slot]
    /// The script's UTF-8 text, ending in a NUL.
    private let script: [CChar]
    private let fonts: [ASSFontFile]
    private let fileName: String
    private let fallbackFamily: String?
    private let next = Atomic<Int>(0)

    /// Checks that libass reads `script`, keeping that first instance.
    /// - Throws: `SubtitleError.libassFailed`.
    init(text: String, fonts: [ASSFontFile], fileName: String, fallbackFamily: String? = nil) throws {
        let script = Array(text.utf8CString)
        self.script = script
        self.fonts = fonts
        self.fileName = fileName
        self.fallbackFamily = fallbackFamily
        let count = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        var slots = [
            Slot(try LibASSInstance(script: script, fonts: fonts, fileName: fileName, fallbackFamily: fallbackFamily))
        ]
        for _ in 1..<count { slots.append(Slot(nil)) }
        self.slots = slots
    }

    /// The script as libass read it (``LibASSInstance/readScript()``).
    func readScript() -> LibASSScript {
        slots[0].instance.withLock { $0?.readScript() } ?? LibASSScript()
    }

    /// The frame at `milliseconds` (see ``LibASSInstance/frame(atMilliseconds:width:height:)``).
    func frame(atMilliseconds milliseconds: Int64, width: Int, height: Int) throws -> ASSFrameImage? {
        for slot in slots {
            let drawn: Result<ASSFrameImage?, any Error>? = slot.instance.withLockIfAvailable { instance in
                draw(&instance, milliseconds, width, height)
            }
            if let drawn { return try drawn.get() }
        }
        // Every instance is busy: wait for one, taking them in turn.
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue % slots.count
        return try slots[index].instance.withLock { instance in draw(&instance, milliseconds, width, height) }.get()
    }

    private func draw(_ instance: inout LibASSInstance?, _ milliseconds: Int64, _ width: Int, _ height: Int)
        -> Result<ASSFrameImage?, any Error>
    {
        Result {
            if instance == nil {
                instance = try LibASSInstance(
                    script: script, fonts: fonts, fileName: fileName, fallbackFamily: fallbackFamily)
            }
            return try instance?.frame(atMilliseconds: milliseconds, width: width, height: height)
        }
    }
}

/// Blends libass's images (an alpha bitmap and one colour each, in order) into one premultiplied
/// picture, with the arithmetic of libass's own `compare` tool, so that pixels match its reference
/// renderings.
enum ASSCompositor {
    static func composite(_ first: UnsafeMutablePointer<ASS_Image>?, width: Int, height: Int) throws
        -> ASSFrameImage?
    {
        var minX = width
        var minY = height
        var maxX = 0
        var maxY = 0
        var rows: [Range<Int>] = []
        var node = first
        while let image = node {
            let x0 = max(0, Int(image.pointee.dst_x))
            let y0 = max(0, Int(image.pointee.dst_y))
            let x1 = min(width, Int(image.pointee.dst_x) + Int(image.pointee.w))
            let y1 = min(height, Int(image.pointee.dst_y) + Int(image.pointee.h))
            if x1 > x0, y1 > y0 {
                rows.append(y0..<y1)
                minX = min(minX, x0)
                minY = min(minY, y0)
                maxX = max(maxX, x1)
                maxY = max(maxY, y1)
            }
            node = image.pointee.next
        }
        guard maxX > minX, maxY > minY else { return nil }
        let boxWidth = maxX - minX
        let boxHeight = maxY - minY
        // Per pixel: premultiplied red, green, blue, and what shows through (255 = all), as `compare` keeps them.
        var planes = [UInt8](repeating: 0, count: boxWidth * boxHeight * 4)
        planes.withUnsafeMutableBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                buffer[index + 3] = 255
                index += 4
            }
            var node = first
            while let image = node {
                blend(image.pointee, into: buffer, originX: minX, originY: minY, width: boxWidth, height: boxHeight)
                node = image.pointee.next
            }
        }
        // Written straight into the image's premultiplied ARGB32 pixels, every one of them.
        let image = try Image.filling(width: boxWidth, height: boxHeight) { bytes, stride in
            for y in 0..<boxHeight {
                let row = (bytes + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<boxWidth {
                    let at = (y * boxWidth + x) * 4
                    let alpha = UInt32(255 - planes[at + 3])
                    let red = min(UInt32(planes[at]), alpha)
                    let green = min(UInt32(planes[at + 1]), alpha)
                    let blue = min(UInt32(planes[at + 2]), alpha)
                    row[x] = alpha << 24 | red << 16 | green << 8 | blue
                }
            }
        }
        return ASSFrameImage(image: image, originX: minX, originY: minY, rows: rows)
    }

    /// Blends one image: each pixel moves towards the image's colour by its coverage times the
    /// colour's opacity, in 23-bit fixed point.
    private static func blend(
        _ image: ASS_Image, into buffer: UnsafeMutableBufferPointer<UInt8>, originX: Int, originY: Int, width: Int,
        height: Int
    ) {
        guard let bitmap = image.bitmap else { return }
        let x0 = max(originX, Int(image.dst_x))
        let y0 = max(originY, Int(image.dst_y))
        let x1 = min(originX + width, Int(image.dst_x) + Int(image.w))
        let y1 = min(originY + height, Int(image.dst_y) + Int(image.h))
        guard x1 > x0, y1 > y0 else { return }
        let color = image.color
        let red = Int32(color >> 24)
        let green = Int32((color >> 16) & 0xFF)
        let blue = Int32((color >> 8) & 0xFF)
        let multiplier = 129 * (255 - Int32(color & 0xFF))
        let offset: Int32 = 1 << 22
        for y in y0..<y1 {
            let sourceRow = bitmap + (y - Int(image.dst_y)) * Int(image.stride) - Int(image.dst_x)
            let rowStart = ((y - originY) * width - originX) * 4
            for x in x0..<x1 {
                let coverage = Int32(sourceRow[x])
                guard coverage > 0 else { continue }
                let k = coverage * multiplier
                let at = rowStart + x * 4
                buffer[at] = UInt8(
                    truncatingIfNeeded: Int32(buffer[at]) - ((Int32(buffer[at]) - red) * k + offset) >> 23)
                buffer[at + 1] = UInt8(
                    truncatingIfNeeded: Int32(buffer[at + 1]) - ((Int32(buffer[at + 1]) - green) * k + offset) >> 23)
                buffer[at + 2] = UInt8(
                    truncatingIfNeeded: Int32(buffer[at + 2]) - ((Int32(buffer[at + 2]) - blue) * k + offset) >> 23)
                buffer[at + 3] = UInt8(
                    truncatingIfNeeded: Int32(buffer[at + 3]) - (Int32(buffer[at + 3]) * k + offset) >> 23)
            }
        }
    }
}

/// libass's messages: errors and warnings (levels 0 to 2) go to MovieKit's log; the rest are dropped.
private let libassMessage: mk_ass_message_sink = { level, text in
    guard level <= 2, let text else { return }
    Log.emit(level <= 1 ? .error : .warning, subsystem: .movieKit, "libass: \(String(cString: text))")
}
