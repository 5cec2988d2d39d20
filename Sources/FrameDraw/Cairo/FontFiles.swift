internal import CCairo
import Foundation
import Synchronization

/// Font files added to fontconfig's current configuration by path, so that Pango finds their
/// families by name like installed fonts.
///
/// Pango keeps one font map per thread (`pango_cairo_font_map_get_default`), and a font map lists
/// the configuration's fonts once. Each registration therefore bumps `generation`, and every font
/// map records the generation it has seen (`g_object_set_data` on the map): a map that is behind
/// reloads the configuration (`pango_fc_font_map_config_changed`) before it lays out text. So a
/// font registered on one thread is found by text drawn on any thread, including threads whose font
/// map already existed.
enum FontFiles {
    /// How many registrations have happened; 0 until the first.
    private static let generation = Atomic<Int>(0)
    /// The family of each file registered so far, by path, so that a file is added once.
    private static let families = Mutex<[String: String]>([:])
    /// The key under which a font map keeps the generation it has loaded.
    private static let generationKey = "moviekit-font-generation"

    /// Adds the font file at `path` to fontconfig's configuration and returns its family name.
    /// A file registered before returns its family again without being added twice.
    /// Corresponds to `FcFreeTypeQuery`, `FcPatternGetString` and `FcConfigAppFontAddFile`.
    /// - Throws: `FrameDrawError.unreadableFont` when the file is missing or is not a font
    ///   FreeType reads, or when fontconfig refuses it.
    static func register(path: String) throws -> String {
        try families.withLock { families in
            if let family = families[path] { return family }
            guard FileManager.default.fileExists(atPath: path) else {
                throw FrameDrawError.unreadableFont(
                    path: path, reason: "no file exists at this path; check the spelling and the working directory.")
            }
            // Devices and pipes could block FreeType's reads; a font is a regular file.
            let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
            guard type == .typeRegular else {
                throw FrameDrawError.unreadableFont(path: path, reason: "it is not a regular file; name a font file.")
            }
            let bytes = Array(path.utf8) + [0]
            let family: String? = bytes.withUnsafeBufferPointer { file in
                var count: Int32 = 0
                guard let pattern = FcFreeTypeQuery(file.baseAddress, 0, nil, &count) else { return nil }
                defer { FcPatternDestroy(pattern) }
                var name: UnsafeMutablePointer<FcChar8>?
                guard FcPatternGetString(pattern, "family", 0, &name) == FcResultMatch, let name else { return nil }
                return String(cString: name)
            }
            guard let family, !family.isEmpty else {
                throw FrameDrawError.unreadableFont(
                    path: path,
                    reason:
                        "FreeType does not read it as a font that names its family; use a TrueType (.ttf), OpenType (.otf) or WOFF font file."
                )
            }
            let added = bytes.withUnsafeBufferPointer { FcConfigAppFontAddFile(nil, $0.baseAddress) }
            guard added != 0 else {
                throw FrameDrawError.unreadableFont(
                    path: path, reason: "fontconfig refused to add it; check that the file is readable.")
            }
            families[path] = family
            generation.add(1, ordering: .sequentiallyConsistent)
            return family
        }
    }

    /// Brings `fontMap` (a `PangoFcFontMap`, as Pango's Cairo font maps are on Linux) up to date
    /// with the registered files. Cheap when nothing was registered since its last call.
    /// Corresponds to `g_object_get_data`, `pango_fc_font_map_config_changed` and `g_object_set_data`.
    static func refresh(_ fontMap: UnsafeMutableRawPointer) {
        let current = generation.load(ordering: .sequentiallyConsistent)
        guard current > 0 else { return }
        let object = fontMap.assumingMemoryBound(to: GObject.self)
        let seen = Int(bitPattern: g_object_get_data(object, generationKey))
        guard seen != current else { return }
        pango_fc_font_map_config_changed(OpaquePointer(fontMap))
        g_object_set_data(object, generationKey, UnsafeMutableRawPointer(bitPattern: current))
    }
}
