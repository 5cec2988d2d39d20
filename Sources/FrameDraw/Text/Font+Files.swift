import Foundation

extension Font {
    /// Makes the font in a file available by its family name, as if it were installed, and returns
    /// that family.
    ///
    /// The file is added to fontconfig's configuration for this process (`FcConfigAppFontAddFile`),
    /// so every `Font` with the returned family draws with it, on any thread. Registering the same
    /// file again returns its family without adding it twice.
    ///
    /// ```swift
    /// let family = try Font.registerFile(at: URL(fileURLWithPath: "PatuaOne-Regular.ttf"))
    /// let title = Font(family: family, size: 64)  // "Patua One"
    /// ```
    /// - Parameter url: A TrueType, OpenType or WOFF font file.
    /// - Returns: The family name the file declares, such as "Patua One".
    /// - Throws: `FrameDrawError.unreadableFont` when the file is missing or is not a font.
    @discardableResult
    public static func registerFile(at url: URL) throws -> String {
        try FontFiles.register(path: url.standardizedFileURL.path(percentEncoded: false))
    }
}
