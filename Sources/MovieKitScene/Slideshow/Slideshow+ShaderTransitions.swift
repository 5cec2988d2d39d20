import Foundation
import FrameDraw
import MovieKitCore

/// A shader transition of a slideshow and when it runs.
struct ShaderTransitionWindow {
    /// The slide it leaves.
    let index: Int
    let window: TransitionWindow
    let shader: ShaderTransition
}

extension Slideshow {
    /// The layers that draw shader transitions: for each, one full-canvas shader layer during its
    /// window whose inputs `from` and `to` are the two slides it joins. The slides themselves are
    /// hidden during the window, since the shader draws them.
    /// - Parameters:
    ///   - transitions: The shader transitions.
    ///   - slideLayers: Each slide's top-level layers, cut out of the windows here.
    ///   - canvas: The canvas size.
    static func drawing(
        _ transitions: [ShaderTransitionWindow], over slideLayers: inout [[Layer]], canvas: CGSize
    ) -> [Layer] {
        var overlays: [Layer] = []
        for transition in transitions {
            let window = transition.window
            let end = window.start + window.duration
            let from = slideLayers[transition.index]
            let to = slideLayers[transition.index + 1]
            let parameters = transition.shader.resolvedParameters
            let ratio = canvas.height > 0 ? canvas.width / canvas.height : 1
            let content = ShaderContent(
                fragmentShader: transition.shader.fragmentShader,
                inputs: [ShaderInput(name: "from", layers: from), ShaderInput(name: "to", layers: to)],
                writesPremultipliedColor: true
            ) { time in
                var uniforms = parameters
                uniforms["progress"] = [window.progress(time)]
                uniforms["ratio"] = [ratio]
                return uniforms
            }
            var layer = Layer(.shader(content))
            layer.size = .constant(canvas)
            layer.inPoint = window.start
            layer.outPoint = end
            overlays.append(layer)
            for index in slideLayers[transition.index].indices {
                slideLayers[transition.index][index].outPoint = min(
                    slideLayers[transition.index][index].outPoint ?? .infinity, window.start)
            }
            for index in slideLayers[transition.index + 1].indices {
                slideLayers[transition.index + 1][index].inPoint = max(
                    slideLayers[transition.index + 1][index].inPoint, end)
            }
        }
        return overlays
    }
}
