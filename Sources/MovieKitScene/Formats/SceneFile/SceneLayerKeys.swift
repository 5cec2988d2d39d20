import Foundation

/// The keys of one scene-file layer, as a ``SceneLayerType``'s reader sees them: typed values with
/// errors that name the file, line, column and key path, as every scene-file error does.
public struct SceneLayerKeys {
    let map: MappingReader

    /// Whether the layer gives `key`.
    public func contains(_ key: String) -> Bool { map.contains(key) }

    /// The registry the scene file is read through, with the kinds' reading options
    /// (``ContentRegistry/option(_:)``).
    public var registry: ContentRegistry { map.reader.context.registry }

    /// The file `key` names, relative to the scene file (or absolute).
    /// - Parameters:
    ///   - key: The key, such as `source`.
    ///   - kind: What the file is, for the error when the key is missing: "a Lottie file".
    ///   - extensions: The extensions to suggest, such as `[".json", ".lottie"]`.
    /// - Throws: ``SceneError/missingKey(at:key:expected:)`` when the key is
    ///   missing, or an error naming it when it is not a string.
    public func file(_ key: String, kind: String, extensions: [String] = []) throws -> URL {
        let suffix = extensions.isEmpty ? "" : " (\(extensions.joined(separator: ", ")))"
        return try SceneFileDecoder.sourceFile(of: map, key: key, kind: kind, extensions: suffix).1
    }

    /// The folder `key` names, relative to the scene file (or absolute), or `nil` when the layer
    /// does not give it.
    /// - Throws: An error naming the key when its value is not a string, or names no folder.
    public func folder(_ key: String, kind: String) throws -> URL? {
        guard let reader = map.optional(key) else { return nil }
        let relative = try reader.string(expected: "the path of \(kind)")
        let url =
            relative.hasPrefix("/")
            ? URL(fileURLWithPath: relative)
            : reader.context.baseURL.appendingPathComponent(relative).standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw reader.invalid(
                "\"\(relative)\", which is not a folder (\(url.path))", expected: "the path of \(kind)")
        }
        return url
    }

    /// The string at `key`, or `nil` when the layer does not give it.
    /// - Throws: An error naming the key when its value is not a string.
    public func string(_ key: String, expected: String = "a string") throws -> String? {
        try map.optional(key)?.string(expected: expected)
    }

    /// The number at `key`, or `nil` when the layer does not give it.
    /// - Throws: An error naming the key when its value is not a number in `range`.
    public func double(_ key: String, in range: ClosedRange<Double>? = nil, expected: String = "a number") throws
        -> Double?
    {
        try map.optional(key)?.double(range, expected: expected)
    }

    /// The boolean at `key`, or `nil` when the layer does not give it.
    /// - Throws: An error naming the key when its value is not `true` or `false`.
    public func bool(_ key: String) throws -> Bool? {
        try map.optional(key)?.bool()
    }

    /// The error for the value at `key` (or at the layer, when it does not give the key): `value`
    /// describes what was found, `expected` what is needed.
    public func invalid(_ key: String, _ value: String, expected: String) -> SceneError {
        (map.optional(key) ?? map.reader).invalid(value, expected: expected)
    }
}
