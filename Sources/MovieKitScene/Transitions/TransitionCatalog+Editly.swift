import Foundation
import MovieKitCore

/// One editly transition name and what MovieKit draws for it.
struct EditlyTransitionEntry: Sendable {
    /// The name as the catalog spells it (editly's spelling, or the shader's file name).
    var name: String
    var transition: Slideshow.Transition
    /// Whether editly fixes the easing and parameters whatever the spec says (its
    /// `directional-*` aliases use easeOutExpo).
    var fixesEasing: Bool
}

extension TransitionCatalog {
    /// The editly names drawn on the CPU, where the CPU effect draws exactly what editly does (and
    /// the effect has no parameters). gl-transitions run linearly unless editly eases them.
    static let editlyCPUEffects: [(name: String, kind: TransitionKind, easing: Easing)] = [
        ("fade", .crossfade, .linear),
        ("wipeLeft", .wipeLeft, .linear),
        ("wipeRight", .wipeRight, .linear),
        ("wipeUp", .wipeUp, .linear),
        ("wipeDown", .wipeDown, .linear),
        ("directional-left", .slideLeft, .easeOutExpo),
        ("directional-right", .slideRight, .easeOutExpo),
        ("directional-up", .slideUp, .easeOutExpo),
        ("directional-down", .slideDown, .easeOutExpo),
        ("random", .random, .linear),
        ("dummy", .cut, .linear)
    ]

    /// The names editly itself adds to gl-transitions': its `directional-*` aliases, `random` and
    /// `dummy`. A collection cannot replace them.
    static let editlyOwnNames: Set<String> = [
        "directional-left", "directional-right", "directional-up", "directional-down", "random", "dummy"
    ]

    /// The editly names drawn on the CPU, as editly spells them.
    var editlyCPUNames: [String] { Self.editlyCPUEffects.map(\.name) }

    /// What editly's `name` stands for, compared ignoring case as editly does: editly's own names,
    /// then the loaded collection's shaders, then the CPU effects that draw a gl-transitions name
    /// exactly (`fade`, the wipes), then MovieKit's shaders.
    func editlyEntry(named name: String) -> EditlyTransitionEntry? {
        let lowered = name.lowercased()
        let cpu = Self.editlyCPUEffects.first { $0.name.lowercased() == lowered }
        if let cpu, Self.editlyOwnNames.contains(cpu.name) || !isFromCollection(name) {
            return EditlyTransitionEntry(
                name: cpu.name, transition: .cpu(cpu.kind, easing: cpu.easing),
                fixesEasing: cpu.easing != .linear)
        }
        guard let shader = shader(named: name) else { return nil }
        return EditlyTransitionEntry(
            name: shader.name ?? name, transition: .shader(shader, easing: .linear), fixesEasing: false)
    }
}
