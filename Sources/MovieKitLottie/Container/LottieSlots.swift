import Foundation
import FrameDraw
import MovieKitScene

/// lottie-spec 1.0 slots: properties with a slot id (`sid`) take the value the file's `slots` give,
/// which template variables (`--set id=value`, `--props`) replace, so one Lottie renders a batch:
/// colours, numbers, texts (a text document's `sid`) and images (an image asset's `sid`).
enum LottieSlots {
    /// The JSON with every slotted property given its slot's value. Colours are set as `#rrggbb` or
    /// `#rrggbbaa`, numbers as numbers, a text slot's text as any string (`\n` breaks lines) and an
    /// image slot's picture as a path relative to the Lottie file.
    static func apply(to json: Data, values: [String: String], file: String) throws -> Data {
        guard !values.isEmpty || json.range(of: Data("\"sid\"".utf8)) != nil else { return json }
        guard var root = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] else { return json }
        let slots = root["slots"] as? [String: Any] ?? [:]
        var resolved: [String: Any] = [:]
        for (id, slot) in slots {
            if let value = (slot as? [String: Any])?["p"] { resolved[id] = value }
        }
        for (name, text) in values.sorted(by: { $0.key < $1.key }) {
            guard slots[name] != nil else {
                let known = slots.keys.sorted().map { "`\($0)`" }.joined(separator: ", ")
                throw LottieError.invalidValue(
                    file: file, path: "slots",
                    problem:
                        "has no slot `\(name)` to set; \(known.isEmpty ? "the animation has no slots" : "its slots are \(known)")"
                )
            }
            let current = (slots[name] as? [String: Any])?["p"]
            if let document = current as? [String: Any], let replaced = Self.textDocument(document, text: text) {
                resolved[name] = replaced
            } else if let asset = current as? [String: Any], asset["p"] is String {
                // An image slot: the picture at this path, relative to the Lottie file's folder.
                var image = asset
                image["p"] = text
                image["u"] = ""
                image["e"] = 0
                resolved[name] = image
            } else if text.hasPrefix("#") {
                guard let color = try? Color(hex: text) else {
                    throw LottieError.invalidValue(
                        file: file, path: "slots.\(name)",
                        problem: "cannot be set to \(text); write a colour as #rrggbb")
                }
                resolved[name] = ["a": 0, "k": [color.red, color.green, color.blue, color.alpha]]
            } else if let number = Double(text), number.isFinite {
                resolved[name] = ["a": 0, "k": number]
            } else {
                throw LottieError.invalidValue(
                    file: file, path: "slots.\(name)",
                    problem: "cannot be set to \(text); set a colour as #rrggbb or a number")
            }
        }
        guard !resolved.isEmpty else { return json }
        root = substitute(root, resolved) as? [String: Any] ?? root
        return (try? JSONSerialization.data(withJSONObject: root)) ?? json
    }

    /// A text document property (`{"k": [{"s": {"t": …}, "t": 0}]}`) with every keyframe's text
    /// replaced, its style kept; `nil` when `property` is not a text document.
    private static func textDocument(_ property: [String: Any], text: String) -> [String: Any]? {
        guard let keyframes = property["k"] as? [Any], !keyframes.isEmpty,
            keyframes.allSatisfy({ (($0 as? [String: Any])?["s"] as? [String: Any])?["t"] is String })
        else { return nil }
        var result = property
        result["k"] = keyframes.map { keyframe -> Any in
            guard var keyframe = keyframe as? [String: Any], var document = keyframe["s"] as? [String: Any] else {
                return keyframe
            }
            document["t"] = text.replacingOccurrences(of: "\n", with: "\r")
            keyframe["s"] = document
            return keyframe
        }
        return result
    }

    /// Replaces every object with a `sid` that has a value by that value (keeping its `sid`); an
    /// image asset keeps its other keys (its `id` above all).
    private static func substitute(_ node: Any, _ resolved: [String: Any]) -> Any {
        if var object = node as? [String: Any] {
            if let id = object["sid"] as? String, let value = resolved[id] as? [String: Any] {
                var replaced = value
                if object["id"] != nil { replaced = object.merging(value) { _, slot in slot } }
                replaced["sid"] = id
                return replaced
            }
            for (key, child) in object where key != "slots" { object[key] = substitute(child, resolved) }
            return object
        }
        if let list = node as? [Any] { return list.map { substitute($0, resolved) } }
        return node
    }
}
