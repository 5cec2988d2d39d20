import Foundation
import MovieKitScene

/// One item of a shape layer's `shapes` or a group's `it`, told apart by `ty`.
struct LottieShape: Decodable, Sendable {
    var name: String?
    var hidden: Bool
    var kind: Kind

    indirect enum Kind: Sendable {
        case group([LottieShape])
        case rectangle(position: LottieValue, size: LottieValue, roundness: LottieValue?, reversed: Bool)
        case ellipse(position: LottieValue, size: LottieValue, reversed: Bool)
        case polystar(LottiePolystar)
        case path(LottieAnimated<LottieBezier>, reversed: Bool)
        case fill(LottieFill)
        case stroke(LottieStroke)
        case transform(LottieTransform)
        case trim(start: LottieValue?, end: LottieValue?, offset: LottieValue?, sequential: Bool)
        case roundCorners(LottieValue)
        case puckerBloat(LottieValue)
        case zigZag(ridges: LottieValue?, size: LottieValue?, smooth: Bool)
        case offsetPath(amount: LottieValue?, join: LottieLineJoin, miterLimit: LottieValue?)
        case repeater(copies: LottieValue?, offset: LottieValue?, composite: Int, transform: LottieTransform)
        case merge(mode: Int)
        /// An item that is not drawn: twist, no-style, or a type the format does not list.
        case unsupported(LottieShapeType)
    }

    enum CodingKeys: String, CodingKey {
        case ty, nm, hd, it, p, s, r, d, ks, ir, `is`, or, os, pt, sy, c, o, w, lc, lj, ml, ml2, e, t, h, a, g, m
        case mm
        case rp = "tr"
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(LottieShapeType.self, forKey: .ty)
        name = try? c.decodeIfPresent(String.self, forKey: .nm)
        hidden = (try? c.decodeIfPresent(LottieFlag.self, forKey: .hd))?.value ?? false
        let reversed = (try? c.decodeIfPresent(Double.self, forKey: .d)) == 3
        switch type {
        case .group:
            kind = .group(try c.decodeIfPresent([LottieShape].self, forKey: .it) ?? [])
        case .rectangle:
            kind = .rectangle(
                position: try c.decode(LottieValue.self, forKey: .p), size: try c.decode(LottieValue.self, forKey: .s),
                roundness: try c.decodeIfPresent(LottieValue.self, forKey: .r), reversed: reversed)
        case .ellipse:
            kind = .ellipse(
                position: try c.decode(LottieValue.self, forKey: .p), size: try c.decode(LottieValue.self, forKey: .s),
                reversed: reversed)
        case .polystar:
            kind = .polystar(try LottiePolystar(from: decoder))
        case .path:
            kind = .path(try c.decode(LottieAnimated<LottieBezier>.self, forKey: .ks), reversed: reversed)
        case .fill, .gradientFill:
            kind = .fill(try LottieFill(from: decoder))
        case .stroke, .gradientStroke:
            kind = .stroke(try LottieStroke(from: decoder))
        case .transform:
            kind = .transform(try LottieTransform(from: decoder))
        case .trim:
            kind = .trim(
                start: try c.decodeIfPresent(LottieValue.self, forKey: .s),
                end: try c.decodeIfPresent(LottieValue.self, forKey: .e),
                offset: try c.decodeIfPresent(LottieValue.self, forKey: .o),
                sequential: (try? c.decodeIfPresent(Double.self, forKey: .m)) == 2)
        case .roundCorners:
            kind = .roundCorners(try c.decode(LottieValue.self, forKey: .r))
        case .puckerBloat:
            kind = .puckerBloat(try c.decode(LottieValue.self, forKey: .a))
        case .zigZag:
            kind = .zigZag(
                ridges: try c.decodeIfPresent(LottieValue.self, forKey: .r),
                size: try c.decodeIfPresent(LottieValue.self, forKey: .s),
                smooth: (try? c.decodeIfPresent(LottieValue.self, forKey: .pt))?.constant?[0] == 2)
        case .offsetPath:
            kind = .offsetPath(
                amount: try c.decodeIfPresent(LottieValue.self, forKey: .a),
                join: c.decodeLeniently(LottieLineJoin.self, forKey: .lj, default: .miter),
                miterLimit: try c.decodeIfPresent(LottieValue.self, forKey: .ml))
        case .repeater:
            kind = .repeater(
                copies: try c.decodeIfPresent(LottieValue.self, forKey: .c),
                offset: try c.decodeIfPresent(LottieValue.self, forKey: .o),
                composite: LottieFlag.integer((try? c.decodeIfPresent(Double.self, forKey: .m)) ?? 1),
                transform: try c.decodeIfPresent(LottieTransform.self, forKey: .rp) ?? LottieTransform())
        case .merge:
            kind = .merge(mode: LottieFlag.integer((try? c.decodeIfPresent(Double.self, forKey: .mm)) ?? 1))
        case .twist, .noStyle, .unknown:
            kind = .unsupported(type)
        }
    }
}

/// A star or polygon (`sr`).
struct LottiePolystar: Decodable, Sendable {
    var position: LottieValue
    var points: LottieValue
    var rotation: LottieValue?
    var outerRadius: LottieValue
    var outerRoundness: LottieValue?
    var innerRadius: LottieValue?
    var innerRoundness: LottieValue?
    var isStar: Bool
    var reversed: Bool

    enum CodingKeys: String, CodingKey { case p, pt, r, or, os, ir, `is`, sy, d }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        position = try c.decode(LottieValue.self, forKey: .p)
        points = try c.decode(LottieValue.self, forKey: .pt)
        rotation = try c.decodeIfPresent(LottieValue.self, forKey: .r)
        outerRadius = try c.decode(LottieValue.self, forKey: .or)
        outerRoundness = try c.decodeIfPresent(LottieValue.self, forKey: .os)
        innerRadius = try c.decodeIfPresent(LottieValue.self, forKey: .ir)
        innerRoundness = try c.decodeIfPresent(LottieValue.self, forKey: .is)
        isStar = ((try? c.decodeIfPresent(Double.self, forKey: .sy)) ?? 1) != 2
        reversed = (try? c.decodeIfPresent(Double.self, forKey: .d)) == 3
    }
}

/// A gradient's colours: `p` colour stops of (offset, r, g, b), then optional (offset, alpha) pairs.
struct LottieGradient: Decodable, Sendable {
    var count: Int
    var stops: LottieValue

    enum CodingKeys: String, CodingKey { case p, k }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        count = LottieFlag.integer(try c.decode(Double.self, forKey: .p))
        stops = try c.decode(LottieValue.self, forKey: .k)
    }
}

/// What a fill or stroke paints with: a colour, or a linear or radial gradient.
struct LottiePaint: Sendable {
    var color: LottieValue?
    var gradient: LottieGradient?
    var radial: Bool
    var start: LottieValue?
    var end: LottieValue?
    var highlightLength: LottieValue?
    var highlightAngle: LottieValue?
    var opacity: LottieValue?

    enum CodingKeys: String, CodingKey { case c, g, t, s, e, h, a, o }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        color = try c.decodeIfPresent(LottieValue.self, forKey: .c)
        gradient = try c.decodeIfPresent(LottieGradient.self, forKey: .g)
        radial = (try? c.decodeIfPresent(Double.self, forKey: .t)) == 2
        start = try c.decodeIfPresent(LottieValue.self, forKey: .s)
        end = try c.decodeIfPresent(LottieValue.self, forKey: .e)
        highlightLength = try c.decodeIfPresent(LottieValue.self, forKey: .h)
        highlightAngle = try c.decodeIfPresent(LottieValue.self, forKey: .a)
        opacity = try c.decodeIfPresent(LottieValue.self, forKey: .o)
    }
}

/// A fill (`fl`, `gf`).
struct LottieFill: Decodable, Sendable {
    var paint: LottiePaint
    var evenOdd: Bool
    var blendMode: LottieBlendMode

    enum CodingKeys: String, CodingKey { case r, bm }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        paint = try LottiePaint(from: decoder)
        evenOdd = (try? c.decodeIfPresent(Double.self, forKey: .r)) == 2
        blendMode = c.decodeLeniently(LottieBlendMode.self, forKey: .bm, default: .normal)
    }
}

/// A stroke (`st`, `gs`).
struct LottieStroke: Decodable, Sendable {
    var paint: LottiePaint
    var width: LottieValue?
    var cap: LottieLineCap
    var join: LottieLineJoin
    var miterLimit: Double
    var dashes: [(kind: String, value: LottieValue)]
    var blendMode: LottieBlendMode

    enum CodingKeys: String, CodingKey { case w, lc, lj, ml, d, bm }

    struct Dash: Decodable {
        var n: String
        var v: LottieValue
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        paint = try LottiePaint(from: decoder)
        width = try c.decodeIfPresent(LottieValue.self, forKey: .w)
        cap = c.decodeLeniently(LottieLineCap.self, forKey: .lc, default: .round)
        join = c.decodeLeniently(LottieLineJoin.self, forKey: .lj, default: .round)
        miterLimit = (try? c.decodeIfPresent(Double.self, forKey: .ml)) ?? 4
        dashes = (try c.decodeIfPresent([Dash].self, forKey: .d) ?? []).map { ($0.n, $0.v) }
        blendMode = c.decodeLeniently(LottieBlendMode.self, forKey: .bm, default: .normal)
    }
}
