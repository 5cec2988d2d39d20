import Foundation
import MovieKitCore
import Testing

@testable import MovieKitScene

/// The names of 0.1 and 0.2 that code may still use: they compile, with a deprecation warning, and
/// mean what they meant. The tests are deprecated themselves, so that using the names here warns
/// nobody.
@Suite("Deprecated transition names")
struct DeprecatedTransitionNameTests {
    @available(*, deprecated)
    @Test func theXfadeCaseNamesOfBefore020StillMeanTheirEffect() {
        let pairs: [(old: TransitionKind, new: TransitionKind)] = [
            (.none, .cut), (.fadeblack, .fadeBlack), (.fadewhite, .fadeWhite), (.wipeleft, .wipeLeft),
            (.wiperight, .wipeRight), (.wipeup, .wipeUp), (.wipedown, .wipeDown), (.slideleft, .slideLeft),
            (.slideright, .slideRight), (.slideup, .slideUp), (.slidedown, .slideDown), (.circleopen, .circleOpen),
            (.circleclose, .circleClose), (.zoomin, .zoomIn), (.diagtl, .diagonalTopLeft),
            (.diagtr, .diagonalTopRight), (.diagbl, .diagonalBottomLeft), (.diagbr, .diagonalBottomRight),
            (.hblur, .horizontalBlur)
        ]
        for pair in pairs { #expect(pair.old == pair.new) }
        #expect(Slideshow.Transition(TransitionKind.fadeblack, duration: 1) == .cpu(.fadeBlack, duration: 1))
    }

    @available(*, deprecated)
    @Test func theOldTransitionPropertiesReadAndWriteTheEnum() throws {
        var transition = Slideshow.Transition(.wipeLeft, duration: 2, easing: .linear)
        #expect(transition.kind == .wipeLeft && transition.shader == nil)
        let warp = try #require(ShaderTransition(named: "crosswarp"))
        transition.shader = warp
        #expect(transition == .shader(warp, duration: 2, easing: .linear))
        #expect(transition.kind == .crossfade, "a shader transition's kind read .crossfade before too")
        transition.kind = .radial
        #expect(transition == .cpu(.radial, duration: 2, easing: .linear))
        transition.shader = warp
        transition.shader = nil
        #expect(transition == .cpu(.crossfade, duration: 2, easing: .linear))
    }

    @available(*, deprecated)
    @Test func theGLTransitionNamesAreTheCatalogsShaders() throws {
        #expect(Set(GLTransition.allCases.map(\.rawValue)) == Set(TransitionCatalog.builtIn.shaderNames))
        let cube = ShaderTransition(.cube, parameters: ["persp": [0.5]])
        #expect(cube == ShaderTransition(named: "cube", parameters: ["persp": [0.5]]))
        #expect(cube.source == .named(.cube))
        #expect(ShaderTransition(glsl: cube.glsl).source == .glsl(cube.glsl))
        #expect(GLTransition.directionalWarp.parameters.map(\.name) == ["smoothness", "direction"])
        #expect(GLTransition(name: "CROSSWARP") == .crossWarp)
        let parameter: GLTransitionParameter = TransitionParameter("x", .float, [1])
        #expect(parameter.defaultValue == [1])
    }
}
