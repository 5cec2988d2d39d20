internal import CCairo
import Foundation

extension Font {
    /// The names a font file answers to, lowercased: its families (in every language it gives them),
    /// full names and PostScript names, as subtitle renderers match a style's font. Empty when the
    /// file cannot be read as a font. Corresponds to `FcFreeTypeQuery`.
    public static func names(inFileAt url: URL) -> Set<String> {
        var result = Set<String>()
        let bytes = Array(url.path.utf8) + [0]
        bytes.withUnsafeBufferPointer { file in
            var count: Int32 = 0
            var index: UInt32 = 0
            // A collection (.ttc) holds several faces: each is asked for by its index.
            repeat {
                guard let pattern = FcFreeTypeQuery(file.baseAddress, index, nil, &count) else { return }
                result.formUnion(names(of: pattern))
                FcPatternDestroy(pattern)
                index += 1
            } while Int(index) < min(Int(count), 64)
        }
        return result
    }

    /// The names, lowercased, of every font fontconfig finds (families, full names and PostScript
    /// names), including the files registered with FrameDraw. Corresponds to `FcConfigGetFonts`.
    public static var installedNames: Set<String> {
        var result = Set<String>()
        guard let config = FcConfigGetCurrent() else { return result }
        for set in [FcSetSystem, FcSetApplication] {
            guard let fonts = FcConfigGetFonts(config, set) else { continue }
            for index in 0..<Int(fonts.pointee.nfont) {
                if let pattern = fonts.pointee.fonts[index] { result.formUnion(names(of: pattern)) }
            }
        }
        return result
    }

    private static func names(of pattern: OpaquePointer) -> Set<String> {
        var result = Set<String>()
        for key in ["family", "fullname", "postscriptname"] {
            var index: Int32 = 0
            var value: UnsafeMutablePointer<FcChar8>?
            while FcPatternGetString(pattern, key, index, &value) == FcResultMatch, let value {
                result.insert(String(cString: value).lowercased())
                index += 1
            }
        }
        return result
    }
}
