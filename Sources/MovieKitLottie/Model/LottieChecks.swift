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
                if ![0, 1, 2, 3, 4, 5].contains(layer.type) {
                    add("\(name) has the layer type \(layer.type), which is not drawn.")
                }
                checkShapes(layer.shapes, layer: name)
            }
        }
        func checkShapes(_ shapes: [LottieShape], layer: String) {
            for shape in shapes {
                switch shape.kind {
                case .group(let items): checkShapes(items, layer: layer)
                case .unsupported(let feature): add("\(layer) uses \(feature), which is not drawn.")
                case .path(let property, _) where property.expression != nil:
                    add("\(layer) has an expression on a path, which is not evaluated; its static value is used.")
                default: break
                }
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
