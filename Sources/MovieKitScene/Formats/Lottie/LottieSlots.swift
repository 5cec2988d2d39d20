import Foundation
import FrameDraw

/// lottie-spec 1.0 slots: properties with a slot id (`sid`) take the value the file's `slots` give,
/// which template variables (`--set id=value`, `--props`) replace, so one Lottie renders a batch.
enum LottieSlots {
    /// The JSON with every slotted property given its slot's value. Colours are set as `#rrggbb` or
    /// `#rrggbbaa`, numbers as numbers.
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
            if text.hasPrefix("#") {
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

    /// Replaces every object with a `sid` that has a value by that value (keeping its `sid`).
    private static func substitute(_ node: Any, _ resolved: [String: Any]) -> Any {
        if var object = node as? [String: Any] {
            if let id = object["sid"] as? String, let value = resolved[id] as? [String: Any] {
                var replaced = value
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
