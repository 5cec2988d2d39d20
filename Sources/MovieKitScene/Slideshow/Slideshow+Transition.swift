import Foundation
import MovieKitCore

extension Slideshow {
    /// A transition into the next slide: one of MovieKit's CPU effects, or a GLSL shader. Transitions
    /// overlap neighbouring slides.
    ///
    /// ```swift
    /// show.transition = .cpu(.fadeBlack, duration: 0.8)
    /// show.transition = TransitionCatalog.builtIn.transition(named: "crosswarp") ?? .cpu(.crossfade)
    /// ```
    public enum Transition: Sendable, Hashable {
        /// An effect drawn on the CPU with Cairo (no OpenGL ES needed).
        /// - Parameters:
        ///   - kind: The effect.
        ///   - duration: Seconds the two slides overlap.
        ///   - easing: How the transition's progress moves over its duration.
        case cpu(TransitionKind, duration: Double = 0.5, easing: Easing = .easeInOut)
        /// A GLSL shader in the gl-transitions form, drawn with OpenGL ES.
        /// - Parameters:
        ///   - shader: The shader, such as `ShaderTransition(named: "crosswarp")`.
        ///   - duration: Seconds the two slides overlap.
        ///   - easing: How the shader's `progress` moves over the duration.
        case shader(ShaderTransition, duration: Double = 0.5, easing: Easing = .linear)

        /// A transition drawn on the CPU: ``cpu(_:duration:easing:)``.
        /// - Parameters:
        ///   - kind: The effect.
        ///   - duration: Seconds the two slides overlap.
        ///   - easing: How the transition's progress moves over its duration. Default `.easeInOut`.
        public init(_ kind: TransitionKind, duration: Double = 0.5, easing: Easing = .easeInOut) {
            self = .cpu(kind, duration: duration, easing: easing)
        }

        /// A transition drawn by a GLSL shader with OpenGL ES: ``shader(_:duration:easing:)``.
        /// - Parameters:
        ///   - shader: The shader transition, such as `ShaderTransition(named: "crosswarp")`.
        ///   - duration: Seconds the two slides overlap.
        ///   - easing: How the shader's `progress` moves over the duration. Default `.linear`.
        public init(_ shader: ShaderTransition, duration: Double = 0.5, easing: Easing = .linear) {
            self = .shader(shader, duration: duration, easing: easing)
        }

        /// Seconds the two slides overlap.
        public var duration: Double {
            get {
                switch self {
                case .cpu(_, let duration, _), .shader(_, let duration, _): duration
                }
            }
            set {
                switch self {
                case .cpu(let kind, _, let easing): self = .cpu(kind, duration: newValue, easing: easing)
                case .shader(let shader, _, let easing): self = .shader(shader, duration: newValue, easing: easing)
                }
            }
        }

        /// How the transition's progress moves over its duration.
        public var easing: Easing {
            get {
                switch self {
                case .cpu(_, _, let easing), .shader(_, _, let easing): easing
                }
            }
            set {
                switch self {
                case .cpu(let kind, let duration, _): self = .cpu(kind, duration: duration, easing: newValue)
                case .shader(let shader, let duration, _): self = .shader(shader, duration: duration, easing: newValue)
                }
            }
        }

        /// The transition's name: the CPU effect's (`wipeleft`), the shader's (`crosswarp`), or
        /// `glsl` for GLSL of your own.
        public var name: String {
            switch self {
            case .cpu(let kind, _, _): kind.rawValue
            case .shader(let shader, _, _): shader.name ?? "glsl"
            }
        }

        /// The CPU effect, or `.crossfade` for a shader (which draws instead).
        @available(
            *, deprecated,
            message:
                "Switch over the transition instead: `.cpu(kind, …)` or `.shader(shader, …)`; setting a kind makes it `.cpu`."
        )
        public var kind: TransitionKind {
            get {
                if case .cpu(let kind, _, _) = self { return kind }
                return .crossfade
            }
            set { self = .cpu(newValue, duration: duration, easing: easing) }
        }

        /// The shader that draws the transition, or `nil` for a CPU effect.
        @available(
            *, deprecated,
            message:
                "Switch over the transition instead: `.cpu(kind, …)` or `.shader(shader, …)`; setting nil makes it a `.cpu` crossfade."
        )
        public var shader: ShaderTransition? {
            get {
                if case .shader(let shader, _, _) = self { return shader }
                return nil
            }
            set {
                if let newValue {
                    self = .shader(newValue, duration: duration, easing: easing)
                } else if case .shader = self {
                    self = .cpu(.crossfade, duration: duration, easing: easing)
                }
            }
        }
    }
}
