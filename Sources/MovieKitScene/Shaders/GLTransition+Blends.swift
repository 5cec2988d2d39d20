extension GLTransition {
    /// Effects that blend or distort both pictures in place.
    var blendGLSL: String {
        switch self {
        case .fadeColor, .fadeGrayscale:
            """
            vec4 mk_gray(vec4 c) { return vec4(vec3(dot(c.rgb, vec3(0.2126, 0.7152, 0.0722))), c.a); }
            vec4 transition(vec2 uv) {
                vec4 a = getFromColor(uv);
                vec4 b = getToColor(uv);
                float phase = \(self == .fadeColor ? "colorPhase" : "intensity");
                float fromShown = 1.0 - smoothstep(0.0, max(1.0 - phase, 0.0001), progress);
                float toShown = smoothstep(min(phase, 0.9999), 1.0, progress);
                \(self == .fadeColor
                ? "vec4 middleA = vec4(color, 1.0); vec4 middleB = middleA;"
                : "vec4 middleA = mk_gray(a); vec4 middleB = mk_gray(b);")
                return mix(mix(middleA, a, fromShown), mix(middleB, b, toShown), progress);
            }
            """
        case .burn:
            """
            vec4 transition(vec2 uv) {
                vec4 a = getFromColor(uv) + vec4(progress * color, 0.0);
                vec4 b = getToColor(uv) + vec4((1.0 - progress) * color, 0.0);
                return mix(a, b, progress);
            }
            """
        case .multiplyBlend:
            """
            vec4 transition(vec2 uv) {
                vec4 a = getFromColor(uv);
                vec4 b = getToColor(uv);
                vec4 product = a * b;
                return progress < 0.5 ? mix(a, product, 2.0 * progress) : mix(product, b, 2.0 * progress - 1.0);
            }
            """
        case .colorPhase:
            "vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), smoothstep(fromStep, toStep, vec4(progress))); }"
        case .colourDistance:
            """
            vec4 transition(vec2 uv) {
                vec4 a = getFromColor(uv);
                vec4 b = getToColor(uv);
                float apart = distance(a.rgb, b.rgb) / 1.7320508;
                return mix(a, b, pow(progress, 1.0 + max(power, 0.0) * apart));
            }
            """
        case .morph:
            """
            vec4 transition(vec2 uv) {
                vec4 a = getFromColor(uv);
                vec4 b = getToColor(uv);
                vec2 fromShift = (b.rg - 0.5) * strength * progress;
                vec2 toShift = (a.rg - 0.5) * strength * (1.0 - progress);
                return mix(getFromColor(uv + fromShift), getToColor(uv + toShift), progress);
            }
            """
        case .displacement:
            """
            vec4 transition(vec2 uv) {
                float shift = mk_noise(uv * 6.0) * strength;
                vec4 a = getFromColor(vec2(uv.x + progress * shift, uv.y));
                vec4 b = getToColor(vec2(uv.x - (1.0 - progress) * shift, uv.y));
                return mix(a, b, progress);
            }
            """
        case .linearBlur:
            """
            vec4 transition(vec2 uv) {
                float spread = intensity * sin(progress * MK_PI);
                vec4 a = vec4(0.0);
                vec4 b = vec4(0.0);
                for (int i = 0; i < 5; i++) {
                    for (int j = 0; j < 5; j++) {
                        vec2 offset = (vec2(float(i), float(j)) / 4.0 - 0.5) * spread;
                        a += getFromColor(uv + offset);
                        b += getToColor(uv + offset);
                    }
                }
                return mix(a, b, progress) / 25.0;
            }
            """
        case .crossZoom:
            """
            vec4 transition(vec2 uv) {
                float spread = strength * sin(progress * MK_PI);
                float crossing = smoothstep(0.3, 0.7, progress);
                vec4 sum = vec4(0.0);
                for (int i = 0; i < 12; i++) {
                    vec2 p = uv + (vec2(0.5) - uv) * spread * float(i) / 11.0;
                    sum += mix(getFromColor(p), getToColor(p), crossing);
                }
                return sum / 12.0;
            }
            """
        case .dreamy:
            """
            vec4 transition(vec2 uv) {
                float wave = sin(uv.x * 10.0 + progress * 6.0) * 0.03;
                return mix(getFromColor(uv + vec2(0.0, wave * progress)), getToColor(uv + vec2(0.0, wave * (1.0 - progress))), progress);
            }
            """
        case .dreamyZoom:
            """
            vec4 transition(vec2 uv) {
                float swing = progress < 0.5 ? progress * 2.0 : 2.0 - progress * 2.0;
                float amount = swing * swing * (3.0 - 2.0 * swing);
                float angle = radians(rotation) * amount;
                float zoom = max(1.0 + (scale - 1.0) * amount, 0.001);
                vec2 p = (uv - 0.5) * vec2(ratio, 1.0);
                p = mat2(cos(angle), sin(angle), -sin(angle), cos(angle)) * p / zoom;
                p = p / vec2(ratio, 1.0) + 0.5;
                return progress < 0.5 ? getFromColor(p) : getToColor(p);
            }
            """
        case .simpleZoom:
            """
            vec4 transition(vec2 uv) {
                float quick = clamp(zoom_quickness, 0.2, 1.0);
                vec2 zoomed = 0.5 + (uv - 0.5) * (1.0 - smoothstep(0.0, quick, progress));
                return mix(getFromColor(zoomed), getToColor(uv), smoothstep(quick - 0.2, 1.0, progress));
            }
            """
        case .pixelize:
            """
            vec4 transition(vec2 uv) {
                float d = min(progress, 1.0 - progress);
                float n = float(steps);
                float level = n > 0.0 ? ceil(d * n) / n : d;
                vec2 cell = 2.0 * level / max(vec2(squaresMin), vec2(1.0));
                vec2 p = level > 0.0 ? (floor(uv / cell) + 0.5) * cell : uv;
                return mix(getFromColor(p), getToColor(p), progress);
            }
            """
        case .hexagonalize:
            """
            vec4 transition(vec2 uv) {
                float d = min(progress, 1.0 - progress);
                float n = float(steps);
                float level = n > 0.0 ? ceil(d * n) / n : d;
                if (level <= 0.0) return mix(getFromColor(uv), getToColor(uv), progress);
                float size = 2.0 * level / max(horizontalHexagons, 1.0);
                vec2 p = vec2(uv.x, uv.y / ratio) / size;
                vec2 r = vec2(1.0, 1.7320508);
                vec2 a = mod(p, r) - r * 0.5;
                vec2 b = mod(p - r * 0.5, r) - r * 0.5;
                vec2 centre = p - (dot(a, a) < dot(b, b) ? a : b);
                vec2 c = centre * size;
                c.y *= ratio;
                return mix(getFromColor(c), getToColor(c), progress);
            }
            """
        case .swirl:
            """
            vec4 transition(vec2 uv) {
                float strength = progress < 0.5 ? progress * 2.0 : 2.0 - progress * 2.0;
                vec2 p = uv - 0.5;
                float d = length(p);
                if (d < 1.0) {
                    float theta = (1.0 - d) * (1.0 - d) * strength * 8.0 * MK_PI;
                    p = vec2(p.x * cos(theta) - p.y * sin(theta), p.x * sin(theta) + p.y * cos(theta));
                }
                p += 0.5;
                return mix(getFromColor(p), getToColor(p), smoothstep(0.4, 0.6, progress));
            }
            """
        case .waterDrop:
            """
            vec4 transition(vec2 uv) {
                vec2 away = uv - 0.5;
                float d = length(away);
                if (d > progress * 0.7072) return getFromColor(uv);
                float ripple = sin(d * amplitude - progress * speed) * (1.0 - progress) * 0.03;
                vec2 p = uv + away / max(d, 0.0001) * ripple;
                return mix(getFromColor(p), getToColor(p), progress);
            }
            """
        case .ripple:
            """
            vec4 transition(vec2 uv) {
                vec2 away = uv - 0.5;
                float d = length(away);
                vec2 offset = away / max(d, 0.0001) * sin(d * amplitude - progress * speed) * 0.02 * sin(progress * MK_PI);
                return mix(getFromColor(uv + offset), getToColor(uv + offset), smoothstep(0.2, 1.0, progress));
            }
            """
        case .kaleidoscope:
            """
            vec4 transition(vec2 uv) {
                vec2 p = uv - 0.5;
                float sector = MK_PI / 3.0;
                float a = abs(mod(atan(p.y, p.x) + angle * speed * progress * MK_PI, 2.0 * sector) - sector);
                vec2 folded = length(p) * vec2(cos(a), sin(a)) + 0.5;
                float strength = pow(max(sin(progress * MK_PI), 0.0), max(power, 0.0001));
                return mix(mk_cross(uv), mk_cross(folded), strength);
            }
            """
        case .flyEye:
            """
            vec4 transition(vec2 uv) {
                float strength = sin(progress * MK_PI);
                vec2 cell = vec2(max(size, 0.001) / ratio, max(size, 0.001));
                vec2 local = fract(uv / cell) - 0.5;
                vec2 lens = -local * cell * strength * 0.9 * zoom / 50.0;
                return vec4(mk_cross(uv + lens * (1.0 + colorSeparation)).r, mk_cross(uv + lens).g,
                            mk_cross(uv + lens * (1.0 - colorSeparation)).b, mk_cross(uv + lens).a);
            }
            """
        case .butterflyWaveScrawler:
            """
            vec4 transition(vec2 uv) {
                vec2 p = uv - 0.5;
                float a = atan(p.y, p.x);
                float strength = amplitude * sin(progress * MK_PI) * 0.02 * abs(sin(2.0 * a));
                vec2 offset = p / max(length(p), 0.0001) * sin(length(p) * waves - progress * 10.0) * strength;
                return vec4(mk_cross(uv + offset * (1.0 + colorSeparation)).r, mk_cross(uv + offset).g,
                            mk_cross(uv + offset * (1.0 - colorSeparation)).b, mk_cross(uv + offset).a);
            }
            """
        case .crazyParametricFun:
            """
            vec4 transition(vec2 uv) {
                float bb = abs(b) < 0.0001 ? 0.0001 : b;
                float t = progress * 2.0 * MK_PI;
                vec2 curve = vec2((a - bb) * cos(t) + bb * cos(t * (a / bb - 1.0)),
                                  (a - bb) * sin(t) - bb * sin(t * (a / bb - 1.0)));
                vec2 offset = curve / max(abs(a) + abs(bb), 0.0001) * 0.1 * sin(progress * MK_PI)
                    * sin(dot(uv, vec2(amplitude)));
                float crossing = clamp((progress - 0.5) / max(smoothness, 0.001) * 0.5 + 0.5, 0.0, 1.0);
                return mix(getFromColor(uv + offset), getToColor(uv + offset), smoothstep(0.0, 1.0, crossing));
            }
            """
        default:  // crossWarp
            """
            vec4 transition(vec2 uv) {
                float local = smoothstep(0.0, 1.0, progress * 2.0 + uv.x - 1.0);
                vec4 a = getFromColor(vec2(0.5 + (uv.x - 0.5) * (1.0 - local), uv.y));
                vec4 b = getToColor(vec2(0.5 + (uv.x - 0.5) * local, uv.y));
                return mix(a, b, local);
            }
            """
        }
    }
}
