import Foundation

/// One layer of an editly clip, checked: its type and its settings, each taken from the layer
/// itself, else `defaults.layerType[type]`, else `defaults.layer`, and remembered with where it
/// was written so that a bad default is reported where it is.
struct EditlyLayer {
    /// The settings of each supported layer type (besides `type`, `start` and `stop`, which
    /// every layer has).
    static let layerSettings: [(type: String, keys: [String])] = [
        // An image layer's `duration` is accepted as editly accepts it: editly draws the layer for
        // the clip (or from `start` to `stop`) whatever it says.
        ("image", ["path", "resizeMode", "zoomDirection", "zoomAmount", "duration"]),
        ("image-overlay", ["path", "position", "width", "height", "zoomDirection", "zoomAmount"]),
        ("title", ["text", "textColor", "fontPath", "fontFamily", "position", "zoomDirection", "zoomAmount"]),
        ("subtitle", ["text", "textColor", "fontPath", "fontFamily", "backgroundColor", "delay", "speed"]),
        ("title-background", ["text", "textColor", "fontPath", "fontFamily", "background"]),
        (
            "news-title",
            ["text", "textColor", "fontPath", "fontFamily", "backgroundColor", "position", "delay", "speed"]
        ),
        (
            "slide-in-text",
            ["text", "textColor", "fontPath", "fontFamily", "fontSize", "charSpacing", "color", "position"]
        ),
        ("fill-color", ["color"]),
        ("pause", ["color"]),
        ("linear-gradient", ["colors"]),
        ("radial-gradient", ["colors"]),
        ("rainbow-colors", []),
        ("gl", ["fragmentPath", "vertexPath", "speed"]),
        ("video", EditlyMedia.videoKeys),
        ("audio", EditlyMedia.audioKeys),
        ("detached-audio", EditlyMedia.audioKeys),
        // editly's banner: a linear gradient in palette colours under the title "Made with EDITLY mifi.no".
        ("editly-banner", ["textColor", "fontPath", "fontFamily", "position", "zoomDirection", "zoomAmount"])
    ]

    /// The layer types MovieKit does not draw, and why.
    static let unsupportedTypes: [(type: String, reason: String)] = [
        (
            "canvas",
            "it runs a JavaScript function, which MovieKit cannot run; draw it in Swift with Layer.custom instead"
        ),
        (
            "fabric",
            "it runs a JavaScript function, which MovieKit cannot run; draw it in Swift with Layer.custom instead"
        )
    ]

    static var supportedTypes: [String] { layerSettings.map(\.type) }

    /// Every setting any supported layer has: what `defaults.layer` may set.
    static var allSettingKeys: [String] {
        var keys = ["start", "stop"]
        for entry in layerSettings { keys += entry.keys.filter { !keys.contains($0) } }
        return keys
    }

    static func settingKeys(of type: String) -> [String] {
        ["start", "stop"] + (layerSettings.first { $0.type == type }?.keys ?? [])
    }

    let type: String
    /// The layer's own mapping.
    let reader: NodeReader
    private let settings: [String: NodeReader]

    /// Checks one layer of a clip.
    /// - Throws: `SceneError` for a missing or unsupported type, or an unknown key.
    init(_ reader: NodeReader, defaults: EditlyDefaults) throws {
        let typeExpected = "`type:` with a layer type: one of \(SceneError.list(Self.supportedTypes))"
        guard case .mapping(let entries) = reader.node.value else {
            throw reader.wrongType("a layer: a mapping with a `type`")
        }
        guard let typeEntry = entries.first(where: { $0.key == "type" }) else {
            throw SceneError.missingKey(
                at: reader.location, key: "type", expected: typeExpected)
        }
        let typeReader = reader.child("type", typeEntry.value)
        let name = try typeReader.string(expected: "a layer type")
        try Self.refuseUnsupportedType(name, at: reader)
        type = try typeReader.choice(Self.supportedTypes.map { ($0, $0) }, what: "a layer type MovieKit draws")
        self.reader = reader
        let keys = Self.settingKeys(of: type)
        let own = try reader.mapping(keys: ["type"] + keys, expected: "a \(type) layer")
        var settings: [String: NodeReader] = [:]
        for key in keys { settings[key] = defaults.layer[key] }
        for (key, value) in defaults.layerType[type] ?? [:] { settings[key] = value }
        var ownSettings: [String: NodeReader] = [:]
        for entry in own.entries where entry.key != "type" {
            ownSettings[entry.key] = reader.child(entry.key, entry.value)
        }
        settings.merge(ownSettings) { _, own in own }
        self.settings = settings
    }

    /// The setting `key`, or `nil` when it is absent or `null`.
    func optional(_ key: String) -> NodeReader? {
        guard let value = settings[key], !value.node.isNull else { return nil }
        return value
    }

    /// Whether `key` is set to `null` (which turns some settings off, such as `zoomDirection`).
    func isNull(_ key: String) -> Bool { settings[key]?.node.isNull ?? false }

    /// The setting `key`.
    /// - Throws: `SceneError.missingKey` at the layer.
    func required(_ key: String, expected: String) throws -> NodeReader {
        guard let value = optional(key) else {
            throw SceneError.missingKey(
                at: reader.location, key: key, expected: expected)
        }
        return value
    }

    /// - Throws: `SceneError.unsupportedFeature` when `type` is a layer type MovieKit does not draw.
    static func refuseUnsupportedType(_ type: String, at reader: NodeReader) throws {
        guard let reason = unsupportedTypes.first(where: { $0.type == type })?.reason else { return }
        throw SceneError.unsupportedFeature(
            at: reader.location, feature: "\("aeiou".contains(type.prefix(1)) ? "an" : "a") `\(type)` layer",
            reason: reason)
    }

}
