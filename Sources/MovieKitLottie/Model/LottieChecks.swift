import Foundation
import MovieKitScene

/// Finds what the renderer does not draw as After Effects would, for warnings (or errors with `--strict`).
enum LottieChecks {
    static func warnings(_ animation: LottieAnimation) -> [String] {
        var warnings: [String] = []
        var seen = Set<String>()
        func add(_ text: String) {
            if seen.insert(text).inserted { warnings.append(text) }
        }
        func check(_ layers: [LottieLayer], in place: String) {
            for (position, layer) in layers.enumerated() {
                let name = "layer \(layer.displayName) (\(place)layers[\(position)])"
                for property in layer.transform.expressionProperties {
                    add(
                        "\(name) has an expression on its \(property), which is not evaluated; its static value is used."
                    )
                }
                for feature in layer.transform.unsupported {
                    add("\(name) uses \(feature), which is not drawn.")
                }
                if layer.hasEffects { add("\(name) has effects (`ef`), which are not drawn.") }
                if let text = layer.text { checkText(text, layer: name) }
                if case .unknown(let number) = layer.type {
                    add("\(name) has the layer type \(number), which is not drawn.")
                }
                if case .unknown(let number) = layer.blendMode {
                    add("\(name) has the blend mode \(number) (`bm`), which is unknown; it is drawn as normal.")
                }
                if case .unknown(let number) = layer.matteMode {
                    let drawn = number > 0 ? "as an alpha matte" : "without a matte"
                    add("\(name) has the track matte mode \(number) (`tt`), which is unknown; it is drawn \(drawn).")
                }
                for mask in layer.masks {
                    if case .unknown(let code) = mask.mode {
                        add("\(name) has a mask with the mode `\(code)`, which is unknown; it is drawn as add (`a`).")
                    }
                }
                checkShapes(layer.shapes, layer: name)
            }
        }
        func checkShapes(_ shapes: [LottieShape], layer: String) {
            for shape in shapes {
                switch shape.kind {
                case .group(let items): checkShapes(items, layer: layer)
                case .unsupported(let type): add("\(layer) uses \(type.featureName), which is not drawn.")
                case .path(let property, _) where property.expression != nil:
                    add("\(layer) has an expression on a path, which is not evaluated; its static value is used.")
                case .fill(let fill): checkBlendMode(fill.blendMode, of: "a fill", layer: layer)
                case .stroke(let stroke):
                    checkBlendMode(stroke.blendMode, of: "a stroke", layer: layer)
                    if case .unknown(let number) = stroke.cap {
                        add(
                            "\(layer) has a stroke with the line cap \(number) (`lc`), which is unknown; it is drawn round."
                        )
                    }
                    checkJoin(stroke.join, of: "a stroke", layer: layer)
                case .offsetPath(_, let join, _): checkJoin(join, of: "an offset path", layer: layer)
                default: break
                }
            }
        }
        func checkBlendMode(_ mode: LottieBlendMode, of item: String, layer: String) {
            if case .unknown(let number) = mode {
                add(
                    "\(layer) has \(item) with the blend mode \(number) (`bm`), which is unknown; it is drawn as normal."
                )
            }
        }
        func checkJoin(_ join: LottieLineJoin, of item: String, layer: String) {
            if case .unknown(let number) = join {
                add("\(layer) has \(item) with the line join \(number) (`lj`), which is unknown; it is drawn round.")
            }
        }
        func checkText(_ text: LottieTextData, layer: String) {
            if text.animatorCount > 0 {
                add(
                    "\(layer) has \(text.animatorCount) text animator(s) (`t.a`), which are not evaluated; its static text is drawn."
                )
            }
            if text.hasMoreOptions {
                add("\(layer) sets text more options (`t.m`), which are not evaluated; its static text is drawn.")
            }
            if text.followsPath {
                add("\(layer) puts its text on a path (`t.p`), which is not evaluated; its text is drawn on lines.")
            }
            if text.hasExpression {
                add(
                    "\(layer) has an expression on its source text (`t.d`), which is not evaluated; its static text is drawn."
                )
            }
        }
        check(animation.layers, in: "")
        for (index, asset) in animation.assets.enumerated() {
            if let layers = asset.layers { check(layers, in: "assets[\(index)].") }
        }
        return warnings
    }
}
