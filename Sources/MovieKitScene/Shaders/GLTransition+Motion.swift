extension GLTransition {
    /// Effects where the pictures move: cards, doors, cubes, falling and flipping pieces.
    var motionGLSL: String {
        switch self {
        case .bounce:
            """
            vec4 transition(vec2 uv) {
                float lift = abs(cos(progress * MK_PI * (bounces + 0.5))) * (1.0 - progress) * (1.0 - progress);
                vec2 p = vec2(uv.x, uv.y - lift);
                if (p.y >= 0.0) return getToColor(p);
                float shade = uv.y > lift - shadow_height ? 1.0 - (lift - uv.y) / max(shadow_height, 0.0001) : 0.0;
                return mix(getFromColor(uv), vec4(shadow_colour.rgb, 1.0), shadow_colour.a * shade * min(progress * 10.0, 1.0));
            }
            """
        case .gridFlip:
            """
            vec4 transition(vec2 uv) {
                vec2 n = max(vec2(size), vec2(1.0));
                vec2 cell = floor(uv * n);
                vec2 local = fract(uv * n);
                float delay = mk_hash(cell) * randomness;
                float span = max(1.0 - randomness - 2.0 * pause, 0.0001);
                float turn = clamp((progress - delay - pause) / span, 0.0, 1.0);
                float width = abs(cos(turn * MK_PI));
                float x = (local.x - 0.5) / max(width, 0.0001) + 0.5;
                vec2 p = (cell + vec2(x, local.y)) / n;
                vec4 c = x < 0.0 || x > 1.0 ? bgcolor : (turn < 0.5 ? getFromColor(p) : getToColor(p));
                float edge = min(min(local.x, 1.0 - local.x), min(local.y, 1.0 - local.y));
                return mix(c, bgcolor, step(edge, dividerWidth * 0.5 * sin(progress * MK_PI)));
            }
            """
        case .invertedPageCurl:
            """
            vec4 transition(vec2 uv) {
                vec2 towards = vec2(-0.70710678, 0.70710678);
                float along = dot(uv - vec2(1.0, 0.0), towards);
                float fold = progress * 1.4143;
                if (along < fold) return getToColor(uv);
                if (along < 2.0 * fold) {
                    vec2 back = uv - 2.0 * (along - fold) * towards;
                    vec4 c = getFromColor(back);
                    float shade = 0.75 + 0.25 * (along - fold) / max(fold, 0.0001);
                    return vec4(mix(c.rgb, vec3(c.a), 0.5) * shade, c.a);
                }
                return getFromColor(uv) * (1.0 - 0.3 * max(0.0, 1.0 - (along - 2.0 * fold) / 0.05) * step(0.0001, progress));
            }
            """
        case .cube:
            """
            vec4 mk_face(vec2 face, float height, bool isFrom) {
                vec2 p = vec2(face.x, (face.y - 0.5) / max(height, 0.0001) + 0.5);
                if (p.y >= 0.0 && p.y <= 1.0) return isFrom ? getFromColor(p) : getToColor(p);
                vec2 mirrored = vec2(p.x, -p.y - floating * 0.01);
                if (mirrored.y >= 0.0 && mirrored.y <= 1.0) {
                    vec4 c = isFrom ? getFromColor(mirrored) : getToColor(mirrored);
                    return vec4(c.rgb * reflection * (1.0 - mirrored.y), 1.0);
                }
                return vec4(0.0, 0.0, 0.0, 1.0);
            }
            vec4 transition(vec2 uv) {
                float out_ = unzoom * 2.0 * (0.5 - abs(0.5 - progress));
                vec2 p = -out_ * 0.5 + (1.0 + out_) * uv;
                if (p.x < 0.0 || p.x > 1.0) return vec4(0.0, 0.0, 0.0, 1.0);
                float split = 1.0 - progress;
                if (p.x < split) {
                    float x = p.x / split;
                    return mk_face(vec2(x, p.y), 1.0 - persp * progress * (1.0 - x), true);
                }
                float x = (p.x - split) / max(progress, 0.0001);
                return mk_face(vec2(x, p.y), 1.0 - persp * (1.0 - progress) * x, false);
            }
            """
        case .doorway:
            """
            vec4 transition(vec2 uv) {
                float doorWidth = 0.5 * (1.0 - progress);
                bool left = uv.x < doorWidth;
                bool right = uv.x > 1.0 - doorWidth;
                if (left || right) {
                    float x = left ? uv.x / doorWidth * 0.5 : 1.0 - (1.0 - uv.x) / doorWidth * 0.5;
                    float swing = (left ? x * 2.0 : (1.0 - x) * 2.0) * progress;
                    float y = (uv.y - 0.5) / (1.0 + perspective * swing) + 0.5;
                    if (y >= 0.0 && y <= 1.0) return getFromColor(vec2(x, y));
                }
                float scale = 1.0 / max(depth - (depth - 1.0) * progress, 0.0001);
                vec2 q = (uv - 0.5) / scale + 0.5;
                if (mk_inside(q)) return getToColor(q);
                vec2 mirrored = vec2(q.x, -q.y);
                if (mk_inside(mirrored)) return vec4(getToColor(mirrored).rgb * reflection * (1.0 - mirrored.y), 1.0);
                return vec4(0.0, 0.0, 0.0, 1.0);
            }
            """
        case .swap:
            """
            vec4 mk_card(vec2 uv, float depthScale, float centreX, bool isFrom) {
                float scale = 1.0 / max(depthScale, 0.0001);
                vec2 q = vec2((uv.x - centreX) / scale + 0.5, (uv.y - 0.5) / scale + 0.5);
                q.y = (q.y - 0.5) / (1.0 - perspective * abs(centreX - 0.5)) + 0.5;
                if (mk_inside(q)) return isFrom ? getFromColor(q) : getToColor(q);
                vec2 mirrored = vec2(q.x, -q.y);
                if (mk_inside(mirrored)) {
                    vec4 c = isFrom ? getFromColor(mirrored) : getToColor(mirrored);
                    return vec4(c.rgb * reflection * (1.0 - mirrored.y), 0.999);
                }
                return vec4(0.0);
            }
            vec4 transition(vec2 uv) {
                float shift = 0.5 * sin(progress * MK_PI);
                vec4 a = mk_card(uv, 1.0 + (depth - 1.0) * progress, 0.5 - shift, true);
                vec4 b = mk_card(uv, 1.0 + (depth - 1.0) * (1.0 - progress), 0.5 + shift, false);
                vec4 near = progress < 0.5 ? a : b;
                vec4 far = progress < 0.5 ? b : a;
                if (near.a >= 1.0) return near;
                if (far.a >= 1.0) return far;
                return vec4(max(near.rgb, far.rgb), 1.0);
            }
            """
        case .stereoViewer:
            """
            float mk_box(vec2 p, vec2 halfSize, float r) {
                vec2 q = abs(p) - halfSize + r;
                return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
            }
            vec4 mk_viewerCard(vec2 uv, float centreX, float scale, float radius, bool isFrom) {
                vec2 q = (uv - vec2(centreX, 0.5)) / scale + 0.5;
                if (!mk_inside(q)) return vec4(0.0, 0.0, 0.0, 1.0);
                if (mk_box((q - 0.5) * vec2(ratio, 1.0), vec2(ratio, 1.0) * 0.5, radius) > 0.0) return vec4(0.0, 0.0, 0.0, 1.0);
                return isFrom ? getFromColor(q) : getToColor(q);
            }
            vec4 transition(vec2 uv) {
                float shrink = sin(progress * MK_PI);
                float scale = 1.0 - (1.0 - zoom) * shrink;
                float slide = smoothstep(0.25, 0.75, progress);
                float radius = corner_radius * shrink * 0.5;
                if (abs(uv.x - (0.5 - slide)) < abs(uv.x - (1.5 - slide))) return mk_viewerCard(uv, 0.5 - slide, scale, radius, true);
                return mk_viewerCard(uv, 1.5 - slide, scale, radius, false);
            }
            """
        case .doomScreenTransition:
            """
            vec4 transition(vec2 uv) {
                float n = max(float(bars), 1.0);
                float bar = floor(uv.x * n);
                float delay = clamp(dripScale * (0.5 + 0.5 * sin(bar * frequency)) * 0.5 + noise * mk_hash(vec2(bar, 3.7)), 0.0, 0.9);
                float fall = max(progress - delay, 0.0) / (1.0 - delay) * max(amplitude, 1.0);
                vec2 p = vec2(uv.x, uv.y + fall);
                return p.y > 1.0 ? getToColor(uv) : getFromColor(p);
            }
            """
        case .glitchDisplace:
            """
            vec4 transition(vec2 uv) {
                float strength = sin(progress * MK_PI);
                float row = floor(uv.y * 24.0);
                float jitter = (mk_hash(vec2(row, floor(progress * 12.0))) - 0.5) * 0.2 * strength;
                float block = step(0.6, mk_hash(vec2(floor(uv.x * 8.0), row)));
                vec2 p = uv + vec2(jitter * block, 0.0);
                return mix(getFromColor(p), getToColor(p), smoothstep(0.4, 0.6, progress));
            }
            """
        case .glitchMemories:
            """
            vec4 transition(vec2 uv) {
                vec2 block = floor(uv * vec2(16.0, 12.0));
                vec2 shift = (vec2(mk_hash(block), mk_hash(block + 7.0)) - 0.5) * 0.08 * sin(progress * MK_PI);
                vec4 centre = mk_cross(uv);
                return vec4(mk_cross(uv + shift).r, centre.g, mk_cross(uv - shift).b, centre.a);
            }
            """
        case .mosaic:
            """
            vec4 transition(vec2 uv) {
                float eased = progress * progress * (3.0 - 2.0 * progress);
                float zoom = 1.0 + 2.0 * sin(progress * MK_PI);
                vec2 p = fract((uv - 0.5) * zoom + 0.5 + vec2(float(endx), float(endy)) * eased);
                return mix(getFromColor(p), getToColor(p), eased);
            }
            """
        case .luminanceMelt:
            """
            vec4 transition(vec2 uv) {
                float level = dot(getFromColor(uv).rgb, vec3(0.2126, 0.7152, 0.0722));
                bool first = above ? level > l_threshold : level < l_threshold;
                float delay = (first ? 0.0 : 0.3) + 0.2 * mk_hash(vec2(floor(uv.x * 200.0), 1.0));
                float own = clamp((progress - delay) / (1.0 - delay), 0.0, 1.0);
                vec2 p = vec2(uv.x, uv.y + (direction ? 1.01 : -1.01) * own * own);
                return mk_inside(p) ? getFromColor(p) : getToColor(uv);
            }
            """
        case .rotateScaleFade:
            """
            vec4 transition(vec2 uv) {
                vec2 p = (uv - center) * vec2(ratio, 1.0);
                float angle = 2.0 * MK_PI * rotations * progress;
                float zoom = 1.0 + (scale - 1.0) * sin(progress * MK_PI);
                vec2 q = mat2(cos(angle), sin(angle), -sin(angle), cos(angle)) * p * zoom;
                q = q / vec2(ratio, 1.0) + center;
                return mk_inside(q) ? mk_cross(q) : backColor;
            }
            """
        case .squeeze:
            """
            vec4 transition(vec2 uv) {
                if (uv.y < progress) return getToColor(uv);
                float y = (uv.y - progress) / (1.0 - progress);
                float spread = colorSeparation * progress;
                vec4 c = getFromColor(vec2(uv.x, y));
                return vec4(getFromColor(vec2(uv.x, y + spread)).r, c.g, getFromColor(vec2(uv.x, y - spread)).b, c.a);
            }
            """
        case .undulatingBurnOut:
            """
            vec4 transition(vec2 uv) {
                vec2 p = (uv - center) * vec2(ratio, 1.0);
                float a = atan(p.y, p.x);
                float wave = (0.03 * sin(a * 7.0 + progress * 10.0) + 0.02 * sin(a * 13.0 - progress * 6.0)) * min(progress * 10.0, 1.0);
                float soft = max(smoothness, 0.0001);
                float d = length(p) + wave - progress * (length(vec2(ratio, 1.0)) + 0.1 + soft);
                vec4 c = mix(getFromColor(uv), getToColor(uv), 1.0 - smoothstep(-soft, 0.0, d));
                float front = 1.0 - smoothstep(0.0, 2.0 * soft, abs(d + soft));
                return mix(c, vec4(color, 1.0), front * step(0.0001, progress) * step(progress, 0.9999));
            }
            """
        case .windowBlinds:
            """
            vec4 transition(vec2 uv) {
                float slats = 10.0;
                float local = fract(uv.y * slats) - 0.5;
                float open = abs(cos(progress * MK_PI));
                if (abs(local) > open * 0.5) return vec4(0.0, 0.0, 0.0, 1.0);
                vec2 p = vec2(uv.x, (floor(uv.y * slats) + 0.5 + local / max(open, 0.0001)) / slats);
                return progress < 0.5 ? getFromColor(p) : getToColor(p);
            }
            """
        default:  // crosshatch
            """
            vec4 transition(vec2 uv) {
                float d = distance(uv, center) / max(threshold, 0.0001);
                float jitter = 0.5 * (mk_hash(vec2(uv.y, 0.0)) + mk_hash(vec2(0.0, uv.x)));
                float hatched = step(d, progress * 2.0 - jitter);
                float shown = max(hatched, smoothstep(1.0 - fadeEdge, 1.0, progress)) * smoothstep(0.0, max(fadeEdge, 0.0001), progress);
                return mix(getFromColor(uv), getToColor(uv), clamp(shown, 0.0, 1.0));
            }
            """
        }
    }
}
