internal import CCairo
import Foundation
import Synchronization

/// Reports, once per family, when a requested font family is not installed and Pango
/// substitutes another: `Font family "X" is not installed; using "Y" instead.`
enum FontFallbackReporter {
    /// Families already checked, normalised by `key(_:)`.
    private static let checkedFamilies = Mutex<Set<String>>([])

    /// Generic names fontconfig resolves to a configured family; they are never reported.
    private static let genericFamilies: Set<String> = [
        "sans", "sans-serif", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy", "emoji", "math"
    ]

    /// fontconfig compares family names ignoring case and spaces.
    private static func key(_ family: String) -> String {
        family.lowercased().filter { !$0.isWhitespace }
    }

    /// Checks `font.family` the first time it is used while a handler wants warnings.
    /// - Parameters:
    ///   - font: The requested font.
    ///   - description: Its `PangoFontDescription`.
    ///   - context: The `PangoContext` that will load it.
    static func check(_ font: Font, description: OpaquePointer, context: OpaquePointer) {
        // Do nothing (and remember nothing) while no handler would hear the warning.
        guard let level = Log.activeLevel, Log.Level.warning <= level else { return }
        let requested = font.family.split(separator: ",").map { key(String($0)) }.filter { !$0.isEmpty }
        guard !requested.isEmpty, !requested.contains(where: genericFamilies.contains) else { return }
        let isFirstUse = checkedFamilies.withLock { $0.insert(key(font.family)).inserted }
        guard isFirstUse else { return }
        guard let used = loadedFamily(description: description, context: context) else { return }
        if !requested.contains(key(used)) {
            Log.emit(
                .warning, subsystem: .pango,
                "Font family \"\(font.family)\" is not installed; using \"\(used)\" instead.")
        }
    }

    /// The family of the font Pango actually loads for `description`.
    /// Corresponds to `pango_context_load_font` and `pango_font_describe`.
    private static func loadedFamily(description: OpaquePointer, context: OpaquePointer) -> String? {
        guard let loaded = pango_context_load_font(context, description) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
        guard let described = pango_font_describe(loaded) else { return nil }
        defer { pango_font_description_free(described) }
        return pango_font_description_get_family(described).map { String(cString: $0) }
    }
}
