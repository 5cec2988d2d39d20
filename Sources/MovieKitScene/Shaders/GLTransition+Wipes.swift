extension GLTransition {
    /// Functions every named shader may use: a hash, value noise, and whether a point is on the picture.
    static let helpers = """
        const float MK_PI = 3.14159265358979;
        float mk_hash(vec2 p) { return fract(sin(dot(p, vec2(12.9898, 78.233))) * 43758.5453); }
        float mk_noise(vec2 p) {
            vec2 i = floor(p);
            vec2 f = fract(p);
            vec2 u = f * f * (3.0 - 2.0 * f);
            return mix(mix(mk_hash(i), mk_hash(i + vec2(1.0, 0.0)), u.x),
                       mix(mk_hash(i + vec2(0.0, 1.0)), mk_hash(i + vec2(1.0, 1.0)), u.x), u.y);
        }
        bool mk_inside(vec2 p) { return p.x >= 0.0 && p.x <= 1.0 && p.y >= 0.0 && p.y <= 1.0; }
        vec4 mk_cross(vec2 p) { return mix(getFromColor(p), getToColor(p), progress); }
        """

    /// The GLSL of the effect: a `vec4 transition(vec2 uv)` over the parameters' uniforms and ``helpers``.
    var glsl: String {
        switch self {
        case .fade, .wipeLeft, .wipeRight, .wipeUp, .wipeDown, .directional, .directionalWipe, .directionalWarp,
            .circleOpen, .radial, .angular, .randomSquares, .perlin, .luma, .bowTieHorizontal, .bowTieVertical,
            .heart, .cannabisLeaf, .polarFunction, .pinwheel, .polkaDotsCurtain, .zoomInCircles, .windowSlice,
            .squaresWire, .wind, .circle, .circleCrop:
            wipeGLSL
        case .fadeColor, .fadeGrayscale, .burn, .multiplyBlend, .colorPhase, .colourDistance, .morph, .displacement,
            .linearBlur, .crossZoom, .dreamy, .dreamyZoom, .simpleZoom, .pixelize, .hexagonalize, .swirl, .waterDrop,
            .ripple, .kaleidoscope, .flyEye, .butterflyWaveScrawler, .crazyParametricFun, .crossWarp:
            blendGLSL
        default:
            motionGLSL
        }
    }

    /// Effects where the next picture appears through a moving mask.
    private var wipeGLSL: String {
        switch self {
        case .fade:
            "vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), progress); }"
        case .wipeLeft:
            "vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), step(1.0 - progress, uv.x)); }"
        case .wipeRight:
            "vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), step(uv.x, progress)); }"
        case .wipeUp:
            "vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), step(uv.y, progress)); }"
        case .wipeDown:
            "vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), step(1.0 - progress, uv.y)); }"
        case .directional:
            """
            vec4 transition(vec2 uv) {
                vec2 shifted = uv + progress * sign(direction);
                vec2 wrapped = fract(shifted);
                return mk_inside(shifted) ? getFromColor(wrapped) : getToColor(wrapped);
            }
            """
        case .directionalWipe, .directionalWarp:
            """
            vec4 transition(vec2 uv) {
                vec2 towards = length(direction) > 0.0 ? normalize(direction) : vec2(1.0, 0.0);
                float along = dot(uv - 0.5, towards) / (abs(towards.x) + abs(towards.y)) + 0.5;
                float soft = \(self == .directionalWipe ? "max(smoothness, 0.0001)" : "0.5");
                float shown = 1.0 - smoothstep(-soft, 0.0, along - progress * (1.0 + soft));
                \(self == .directionalWipe
                ? "return mix(getFromColor(uv), getToColor(uv), shown);"
                : "return mix(getFromColor((uv - 0.5) * (1.0 - shown) + 0.5), getToColor((uv - 0.5) * shown + 0.5), shown);")
            }
            """
        case .circleOpen:
            """
            vec4 transition(vec2 uv) {
                float r = distance(uv, vec2(0.5)) * 1.41421356;
                float soft = max(smoothness, 0.0001);
                float reach = (opening ? progress : 1.0 - progress) * (1.0 + soft);
                float inner = 1.0 - smoothstep(reach - soft, reach, r);
                return opening ? mix(getFromColor(uv), getToColor(uv), inner) : mix(getToColor(uv), getFromColor(uv), inner);
            }
            """
        case .radial:
            """
            vec4 transition(vec2 uv) {
                vec2 p = uv - 0.5;
                float turn = fract(atan(p.x, p.y) / (2.0 * MK_PI));
                float soft = 0.1 * max(smoothness, 0.0);
                float reach = progress * (1.0 + soft);
                float shown = 1.0 - smoothstep(reach - soft, reach + 0.00001, turn);
                return mix(getFromColor(uv), getToColor(uv), shown);
            }
            """
        case .angular:
            """
            vec4 transition(vec2 uv) {
                vec2 p = uv - 0.5;
                float turn = fract((atan(p.y, p.x) - radians(startingAngle)) / (2.0 * MK_PI));
                return mix(getFromColor(uv), getToColor(uv), step(turn, progress));
            }
            """
        case .randomSquares:
            """
            vec4 transition(vec2 uv) {
                float order = mk_hash(floor(vec2(size) * uv));
                float soft = max(smoothness, 0.0001);
                float shown = 1.0 - smoothstep(-soft, 0.0, order - progress * (1.0 + soft));
                return mix(getFromColor(uv), getToColor(uv), shown);
            }
            """
        case .perlin:
            """
            float mk_seeded(vec2 p) { return fract(sin(dot(p, vec2(seed, 78.233))) * 43758.5453); }
            float mk_smoothNoise(vec2 p) {
                vec2 i = floor(p);
                vec2 f = fract(p);
                vec2 u = f * f * (3.0 - 2.0 * f);
                return mix(mix(mk_seeded(i), mk_seeded(i + vec2(1.0, 0.0)), u.x),
                           mix(mk_seeded(i + vec2(0.0, 1.0)), mk_seeded(i + vec2(1.0, 1.0)), u.x), u.y);
            }
            vec4 transition(vec2 uv) {
                float level = mk_smoothNoise(uv * scale);
                float soft = max(smoothness, 0.0001);
                float shown = 1.0 - smoothstep(-soft, 0.0, level - progress * (1.0 + soft));
                return mix(getFromColor(uv), getToColor(uv), shown);
            }
            """
        case .luma:
            """
            vec4 transition(vec2 uv) {
                float level = clamp(distance(uv, vec2(0.5)) * 1.41421356, 0.0, 1.0);
                return mix(getToColor(uv), getFromColor(uv), step(progress, level));
            }
            """
        case .bowTieHorizontal, .bowTieVertical:
            """
            vec4 transition(vec2 uv) {
                vec2 p = \(self == .bowTieHorizontal ? "uv" : "uv.yx");
                float edge = progress * (2.0 * abs(p.x - 0.5) + progress);
                return abs(p.y - 0.5) < edge ? getToColor(uv) : getFromColor(uv);
            }
            """
        case .heart:
            """
            vec4 transition(vec2 uv) {
                if (progress <= 0.0) return getFromColor(uv);
                vec2 p = (uv - vec2(0.5, 0.4)) * vec2(ratio, 1.0) / (progress * 1.6);
                float a = dot(p, p) - 1.0;
                return a * a * a - p.x * p.x * p.y * p.y * p.y <= 0.0 ? getToColor(uv) : getFromColor(uv);
            }
            """
        case .cannabisLeaf:
            """
            vec4 transition(vec2 uv) {
                if (progress <= 0.0) return getFromColor(uv);
                vec2 q = (uv - vec2(0.5, 0.35)) * vec2(ratio, 1.0) / (progress * 0.5);
                float o = atan(q.y, q.x);
                float r = (1.0 + sin(o)) * (1.0 + 0.9 * cos(8.0 * o)) * (1.0 + 0.1 * cos(24.0 * o)) * (0.9 + 0.05 * cos(200.0 * o));
                float shown = max(step(length(q), r), smoothstep(0.9, 1.0, progress));
                return mix(getFromColor(uv), getToColor(uv), shown);
            }
            """
        case .polarFunction:
            """
            vec4 transition(vec2 uv) {
                vec2 p = uv - 0.5;
                float petals = 0.75 + 0.25 * cos(float(segments) * atan(p.y, p.x));
                return length(p) < petals * progress * 1.5 ? getToColor(uv) : getFromColor(uv);
            }
            """
        case .pinwheel:
            """
            vec4 transition(vec2 uv) {
                vec2 p = uv - 0.5;
                float blade = mod(atan(p.y, p.x) + progress * speed, MK_PI / 2.0) / (MK_PI / 2.0);
                return blade < progress ? getToColor(uv) : getFromColor(uv);
            }
            """
        case .polkaDotsCurtain:
            """
            vec4 transition(vec2 uv) {
                float reach = progress * (0.75 + 1.5 * max(0.0, 1.0 - distance(uv, center) / 1.5));
                return distance(fract(uv * dots), vec2(0.5)) < reach ? getToColor(uv) : getFromColor(uv);
            }
            """
        case .zoomInCircles:
            """
            vec4 transition(vec2 uv) {
                vec2 local = fract(uv * vec2(4.0 * ratio, 4.0)) - 0.5;
                vec2 zoomed = 0.5 + (uv - 0.5) / (1.0 + 0.5 * progress);
                return length(local) < progress * 0.75 ? getToColor(uv) : getFromColor(zoomed);
            }
            """
        case .windowSlice:
            """
            vec4 transition(vec2 uv) {
                float own = clamp(progress * (1.0 + smoothness) - uv.x * smoothness, 0.0, 1.0);
                return mix(getFromColor(uv), getToColor(uv), step(1.0 - own, fract(count * uv.x)));
            }
            """
        case .squaresWire:
            """
            vec4 transition(vec2 uv) {
                vec2 towards = length(direction) > 0.0 ? normalize(direction) : vec2(1.0, 0.0);
                float along = dot(uv - 0.5, towards) / (abs(towards.x) + abs(towards.y)) + 0.5;
                float soft = max(smoothness, 0.0001);
                float own = clamp((progress * (1.0 + soft) - along) / soft, 0.0, 1.0);
                vec2 cell = fract(uv * vec2(squares)) - 0.5;
                bool shown = own > 0.0 && max(abs(cell.x), abs(cell.y)) <= own * 0.5;
                return shown ? getToColor(uv) : getFromColor(uv);
            }
            """
        case .wind:
            """
            vec4 transition(vec2 uv) {
                float lag = uv.x * (1.0 - size) + size * mk_hash(vec2(0.0, uv.y));
                float shown = 1.0 - smoothstep(-size, 0.0, lag - progress * (1.0 + size));
                vec4 blown = getFromColor(uv - vec2(size * progress * (1.0 - shown), 0.0));
                return mix(blown, getToColor(uv), shown);
            }
            """
        case .circle:
            """
            vec4 transition(vec2 uv) {
                vec2 scale = vec2(ratio, 1.0);
                float far = max(max(length(center * scale), length((vec2(1.0, 0.0) - center) * scale)),
                                max(length((vec2(0.0, 1.0) - center) * scale), length((vec2(1.0) - center) * scale)));
                float radius = abs(1.0 - 2.0 * progress) * far * 1.001;
                vec4 picture = progress < 0.5 ? getFromColor(uv) : getToColor(uv);
                return length((uv - center) * scale) < radius ? picture : vec4(backColor, 1.0);
            }
            """
        default:  // circleCrop
            """
            vec4 transition(vec2 uv) {
                float radius = abs(1.0 - 2.0 * progress) * length(vec2(ratio, 1.0)) * 0.5 * 1.001;
                vec4 picture = progress < 0.5 ? getFromColor(uv) : getToColor(uv);
                return length((uv - 0.5) * vec2(ratio, 1.0)) < radius ? picture : bgcolor;
            }
            """
        }
    }
}
