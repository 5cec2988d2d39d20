import Foundation
import MovieKitCore

/// An editly spec's `defaults`: the clip duration, the transition, and layer settings that
/// every layer (`layer`) or every layer of a type (`layerType`) inherits.
struct EditlyDefaults {
    static let keys = ["duration", "transition", "layer", "layerType"]

    /// Seconds each clip lasts unless it says otherwise. editly's default is 4.
    var duration: Double = 4
    /// The transition at the end of each clip unless it says otherwise: editly's default is a
    /// 0.5 s `random` one.
    var transition = EditlyTransitionSpec.editlyDefault
    /// `defaults.layer`: settings for every layer that has the key, where they were written.
    var layer: [String: NodeReader] = [:]
    /// `defaults.layerType`: settings per layer type, where they were written.
    var layerType: [String: [String: NodeReader]] = [:]

    init(_ reader: NodeReader?) throws {
        guard let reader else { return }
        let map = try reader.mapping(keys: Self.keys, expected: "defaults: {duration, transition, layer, layerType}")
        if let duration = map.optional("duration") {
            self.duration = try duration.double(
                0.001...86_400, expected: "a duration in seconds, more than 0 and at most 86400")
        }
        if map.contains("transition") {
            transition = try EditlyTransitionSpec(map.optional("transition")).merged(over: .editlyDefault)
        }
        if let layer = map.optional("layer") {
            let settings = try layer.mapping(
                keys: EditlyLayer.allSettingKeys, expected: "layer settings every layer inherits")
            for entry in settings.entries { self.layer[entry.key] = layer.child(entry.key, entry.value) }
        }
        if let layerType = map.optional("layerType") {
            let types = try layerType.mapping(
                keys: EditlyLayer.supportedTypes + EditlyLayer.unsupportedTypes.map(\.type),
                expected: "a mapping from layer types to the settings their layers inherit")
            for entry in types.entries {
                let typeReader = layerType.child(entry.key, entry.value)
                try EditlyLayer.refuseUnsupportedType(entry.key, at: typeReader)
                let settings = try typeReader.mapping(
                    keys: EditlyLayer.settingKeys(of: entry.key), expected: "settings for \(entry.key) layers")
                var values: [String: NodeReader] = [:]
                for setting in settings.entries { values[setting.key] = typeReader.child(setting.key, setting.value) }
                self.layerType[entry.key] = values
            }
        }
    }
}

/// An editly transition as written: `null` for none, or `{name, duration}` whose missing keys
/// come from `defaults.transition`.
struct EditlyTransitionSpec {
    static let keys = ["name", "duration", "audioOutCurve", "audioInCurve", "easing", "params"]
    static let editlyDefault = EditlyTransitionSpec(disabled: false, name: "random", duration: 0.5)

    /// Whether the spec says `null`: no transition.
    var disabled: Bool
    var name: String?
    /// Where `name` was written, for messages; `nil` for editly's default.
    var nameReader: NodeReader?
    var duration: Double?
    /// The transition's own mapping, for a missing name.
    var reader: NodeReader?
    /// `easing` and `params` as written (an explicit `easing: null` is linear), with where they were.
    var easing: (value: Easing, reader: NodeReader)?
    var params: EditlyTransitionParams?

    init(disabled: Bool, name: String?, duration: Double?) {
        self.disabled = disabled
        self.name = name
        self.duration = duration
    }

    /// Reads a transition; `nil` (an explicit `null`) disables it.
    init(_ reader: NodeReader?) throws {
        guard let reader else {
            self.init(disabled: true, name: nil, duration: nil)
            return
        }
        let map = try reader.mapping(keys: Self.keys, expected: "a transition: {name, duration}, or null for none")
        // Audio crossfade curves shape the crossfade of the clips' own audio, which is silence
        // here (no video or audio layers), exactly as in editly without clip audio.
        for key in ["audioOutCurve", "audioInCurve"] {
            _ = try map.optional(key)?.string(expected: "an FFmpeg afade curve name such as tri")
        }
        let nameReader = map.optional("name")
        self.init(
            disabled: false, name: try nameReader?.string(expected: "an editly transition name"),
            duration: try map.optional("duration")?.double(0...60, expected: "a duration in seconds from 0 to 60"))
        self.nameReader = nameReader
        self.reader = reader
        if map.contains("easing") { easing = try EditlyTransitionParams.easing(map.optional("easing"), at: reader) }
        params = try map.optional("params").map(EditlyTransitionParams.init)
    }

    /// This transition with the keys it leaves out taken from `base`, as editly merges a clip's
    /// transition over `defaults.transition` (a `null` default contributes nothing).
    func merged(over base: EditlyTransitionSpec) -> EditlyTransitionSpec {
        guard !disabled else { return self }
        var result = self
        if name == nil, !base.disabled {
            result.name = base.name
            result.nameReader = base.nameReader
        }
        if duration == nil, !base.disabled { result.duration = base.duration }
        if easing == nil, !base.disabled { result.easing = base.easing }
        if params == nil, !base.disabled { result.params = base.params }
        return result
    }

    /// The MovieKit transition: `.cut` lasting 0 when disabled or 0 seconds long.
    /// - Parameter fallback: Where to report a problem when the transition was not written out
    ///   (the clip, or the document for the defaults).
    /// - Throws: `SceneError` for a name MovieKit does not draw, or a duration with no name.
    func resolved(at fallback: NodeReader) throws -> Slideshow.Transition {
        let none = Slideshow.Transition(.cut, duration: 0, easing: .linear)
        guard !disabled else { return none }
        let seconds = duration ?? 0
        guard let name else {
            guard seconds == 0 else {
                let at = reader ?? fallback
                throw SceneError.missingKey(
                    at: at.location, key: "name",
                    expected: "`name:` with an editly transition, or `duration: 0` for none")
            }
            return none
        }
        let at = nameReader ?? fallback
        if name.lowercased().hasSuffix(".glsl") {
            let shader = try EditlyTransitionParams.shader(file: name, params: params, at: at)
            return seconds == 0 ? none : .shader(shader, duration: seconds, easing: easing?.value ?? .linear)
        }
        guard let entry = at.context.registry.transitions.editlyEntry(named: name) else {
            throw unknownName(name, at: at)
        }
        var transition = entry.transition
        switch transition {
        case .shader(let shader, _, _):
            transition = .shader(
                try EditlyTransitionParams.checked(shader, params: params, transition: entry.name))
        case .cpu:
            try params?.refuse(for: entry.name)
        }
        transition.duration = seconds
        if !entry.fixesEasing, let written = easing?.value { transition.easing = written }
        return seconds == 0 ? none : transition
    }

    private func unknownName(_ name: String, at reader: NodeReader) -> SceneError {
        let names = reader.context.registry.transitions.names(in: .editly)
        let hint = KeySuggestion.nearest(to: name, in: names).map { " (did you mean `\($0)`?)" } ?? ""
        return reader.invalid(
            "\"\(name)\"\(hint)",
            expected:
                "an editly transition: one of \(SceneError.list(names)), or a `.glsl` file in the gl-transitions form"
        )
    }
}
