import Foundation
import Testing

@testable import MovieKitScene

/// Parameters read from the text of gl-transitions GLSL, in every form the collection writes them.
@Suite("Transition parameters")
struct TransitionParameterTests {
    static func parameters(_ glsl: String) -> [TransitionParameter] {
        ShaderTransition(glsl: glsl).declaredParameters
    }

    @Test func readsTheDefaultAfterTheDeclaration() {
        #expect(
            Self.parameters(
                """
                uniform float smoothness; // = 0.3
                uniform vec2 direction; // = vec2(-1.0, 1.0)
                uniform vec4 shadow_colour; // = vec4(0.,0.,0.,.6)
                uniform ivec2 size; // = ivec2(4)
                uniform int steps; // = 50
                uniform vec3 color;// = vec3(0.0)
                uniform float colorPhase; // = 0.4 ; // the middle's length
                uniform highp float sharp; // = 2e1
                """)
                == [
                    TransitionParameter("smoothness", .float, [0.3]), TransitionParameter("direction", .vec2, [-1, 1]),
                    TransitionParameter("shadow_colour", .vec4, [0, 0, 0, 0.6]),
                    TransitionParameter("size", .ivec2, [4, 4]), TransitionParameter("steps", .int, [50]),
                    TransitionParameter("color", .vec3, [0, 0, 0]), TransitionParameter("colorPhase", .float, [0.4]),
                    TransitionParameter("sharp", .float, [20])
                ])
    }

    @Test func readsBlockCommentDefaultsAndSeveralNames() {
        #expect(
            Self.parameters(
                """
                uniform vec3 color /* = vec3(0.9, 0.4, 0.2) */;
                uniform float colorPhase/* = 0.4 */; // if 0.0, there is no black phase
                uniform vec2 from2 /* = vec2(1.0) */, to2 /* = vec2(2.0, 3.0) */;
                uniform float a, b; // = 1.5
                """)
                == [
                    TransitionParameter("color", .vec3, [0.9, 0.4, 0.2]),
                    TransitionParameter("colorPhase", .float, [0.4]), TransitionParameter("from2", .vec2, [1, 1]),
                    TransitionParameter("to2", .vec2, [2, 3]), TransitionParameter("a", .float, [1.5]),
                    TransitionParameter("b", .float, [1.5])
                ])
    }

    @Test func readsBooleansAsTheCollectionDoes() {
        // gl-transitions takes only `true` as true: luminance_melt's `// = 1` is false there.
        #expect(
            Self.parameters(
                "uniform bool opening; // = true\nuniform bool direction; // = 1 \nuniform bool x; // = false")
                == [
                    TransitionParameter("opening", .bool, [1]), TransitionParameter("direction", .bool, [0]),
                    TransitionParameter("x", .bool, [0])
                ])
    }

    @Test func skipsCommentsReservedNamesAndTextures() {
        let glsl = """
            /* A licence that mentions a uniform float nothing; // = 3 */
            // uniform float commented; // = 1.0
            uniform sampler2D luma;
            uniform float progress;
            uniform float ratio;
            uniform float plain;
            uniform mat2 turn;
            uniform float kept; // = 7 // uniform float inComment; // = 2
            """
        let shader = ShaderTransition(glsl: glsl)
        #expect(
            shader.declaredParameters == [
                TransitionParameter("plain", .float, [0]), TransitionParameter("kept", .float, [7])
            ])
        #expect(shader.textures == ["luma"])
    }

    @Test func resolvedParametersFillVectorsFromOneNumber() {
        var shader = ShaderTransition(glsl: "uniform vec2 centre; // = vec2(0.5)\nuniform float s; // = 1.0")
        shader.parameters = ["centre": [0.25], "s": [2], "undeclared": [1, 2]]
        #expect(shader.resolvedParameters == ["centre": [0.25, 0.25], "s": [2], "undeclared": [1, 2]])
    }

    @Test func everyBuiltInShaderDeclaresItsParametersWithDefaults() throws {
        // The parameters editly's `params` may set, as the collection names them.
        let cube = try #require(TransitionCatalog.builtIn.shader(named: "cube"))
        #expect(cube.declaredParameters.map(\.name) == ["persp", "unzoom", "reflection", "floating"])
        let warp = try #require(TransitionCatalog.builtIn.shader(named: "directionalwarp"))
        #expect(
            warp.declaredParameters == [
                TransitionParameter("smoothness", .float, [0.1]), TransitionParameter("direction", .vec2, [-1, 1])
            ])
        for name in TransitionCatalog.builtIn.shaderNames {
            let shader = try #require(TransitionCatalog.builtIn.shader(named: name))
            #expect(shader.textures.isEmpty, "\(name) samples no picture but the two it joins")
            #expect(
                shader.glsl.hasPrefix("// Name: \(name)\n// Author: MovieKit contributors\n// License: Apache-2.0\n"))
            for parameter in shader.declaredParameters {
                let line = shader.glsl.split(separator: "\n").first { $0.contains(" \(parameter.name);") }
                #expect(line?.contains("// = ") == true, "\(name): \(parameter.name) states its default")
            }
        }
    }
}
