import Foundation
import MovieKitCore

/// editly's transition names and the MovieKit transitions that draw the same effect.
///
/// editly takes any gl-transitions name (compared ignoring case) plus `directional-left`,
/// `-right`, `-up`, `-down`, `random` and `dummy`. The names below are drawn on the CPU; every
/// other gl-transitions name by MovieKit's own shader for it (`GLTransition`), with `params`.
enum EditlyTransitions {
    /// An editly name, as editly spells it, and what MovieKit draws for it.
    struct Mapping: Sendable {
        var name: String
        var kind: TransitionKind
        var easing: Easing
    }

    /// The editly names drawn on the CPU, where the CPU transition draws exactly the effect (and
    /// the effect has no parameters). gl-transitions run linearly unless editly eases them (its
    /// `directional-*` aliases use easeOutExpo, and keep it whatever the spec says).
    static let supported: [Mapping] = [
        Mapping(name: "fade", kind: .crossfade, easing: .linear),
        Mapping(name: "wipeLeft", kind: .wipeLeft, easing: .linear),
        Mapping(name: "wipeRight", kind: .wipeRight, easing: .linear),
        Mapping(name: "wipeUp", kind: .wipeUp, easing: .linear),
        Mapping(name: "wipeDown", kind: .wipeDown, easing: .linear),
        Mapping(name: "directional-left", kind: .slideLeft, easing: .easeOutExpo),
        Mapping(name: "directional-right", kind: .slideRight, easing: .easeOutExpo),
        Mapping(name: "directional-up", kind: .slideUp, easing: .easeOutExpo),
        Mapping(name: "directional-down", kind: .slideDown, easing: .easeOutExpo),
        Mapping(name: "random", kind: .random, easing: .linear),
        Mapping(name: "dummy", kind: .cut, easing: .linear)
    ]

    /// Every name editly accepts, for messages.
    static var names: [String] {
        let own = Set(supported.map { $0.name.lowercased() })
        return supported.map(\.name) + GLTransition.allCases.map(\.rawValue).filter { !own.contains($0.lowercased()) }
    }

    /// Looks a name up the way editly does, ignoring case.
    static func mapping(named name: String) -> Mapping? {
        supported.first { $0.name.lowercased() == name.lowercased() }
    }

    /// The names whose easing and parameters editly fixes, whatever the spec says.
    static let aliases = ["directional-left", "directional-right", "directional-up", "directional-down"]
}
