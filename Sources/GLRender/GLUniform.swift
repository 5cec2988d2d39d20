internal import CEGL

/// A uniform a linked program declares: where it is and what it holds.
package struct GLUniform: Sendable, Hashable {
    /// The GLSL types a uniform can have here.
    package enum Kind: Sendable, Hashable {
        case float(components: Int)
        case int(components: Int)
        case bool(components: Int)
        case sampler
        /// Matrices and other types, which MovieKit never sets.
        case other
    }

    package let name: String
    package let kind: Kind
    let location: Int32

    /// How many numbers a value for this uniform has: 1 for `float`, `int`, `bool`; 2 to 4 for vectors.
    package var componentCount: Int? {
        switch kind {
        case .float(let count), .int(let count), .bool(let count): count
        case .sampler, .other: nil
        }
    }

    /// The GLSL type name, for messages.
    package var typeName: String {
        switch kind {
        case .float(let count): count == 1 ? "float" : "vec\(count)"
        case .int(let count): count == 1 ? "int" : "ivec\(count)"
        case .bool(let count): count == 1 ? "bool" : "bvec\(count)"
        case .sampler: "sampler2D"
        case .other: "matrix"
        }
    }

    init(name: String, type: GLenum, location: Int32) {
        self.name = name
        self.location = location
        kind =
            switch Int32(type) {
            case GL_FLOAT: .float(components: 1)
            case GL_FLOAT_VEC2: .float(components: 2)
            case GL_FLOAT_VEC3: .float(components: 3)
            case GL_FLOAT_VEC4: .float(components: 4)
            case GL_INT: .int(components: 1)
            case GL_INT_VEC2: .int(components: 2)
            case GL_INT_VEC3: .int(components: 3)
            case GL_INT_VEC4: .int(components: 4)
            case GL_BOOL: .bool(components: 1)
            case GL_BOOL_VEC2: .bool(components: 2)
            case GL_BOOL_VEC3: .bool(components: 3)
            case GL_BOOL_VEC4: .bool(components: 4)
            case GL_SAMPLER_2D: .sampler
            default: .other
            }
    }

    /// Sets the uniform of the program in use. Corresponds to `glUniform{1,2,3,4}{f,i}`.
    func set(_ values: [Double]) {
        switch kind {
        case .float(let count):
            let v = (0..<4).map { Float($0 < values.count ? values[$0] : 0) }
            switch count {
            case 1: glUniform1f(location, v[0])
            case 2: glUniform2f(location, v[0], v[1])
            case 3: glUniform3f(location, v[0], v[1], v[2])
            default: glUniform4f(location, v[0], v[1], v[2], v[3])
            }
        case .int(let count), .bool(let count):
            let v = (0..<4).map { Self.int32($0 < values.count ? values[$0] : 0) }
            switch count {
            case 1: glUniform1i(location, v[0])
            case 2: glUniform2i(location, v[0], v[1])
            case 3: glUniform3i(location, v[0], v[1], v[2])
            default: glUniform4i(location, v[0], v[1], v[2], v[3])
            }
        case .sampler:
            glUniform1i(location, Self.int32(values.first ?? 0))
        case .other:
            break
        }
    }

    /// `value` rounded into `Int32`'s range; NaN becomes 0.
    static func int32(_ value: Double) -> Int32 {
        guard !value.isNaN else { return 0 }
        return Int32(min(max(value.rounded(), -2_147_483_648), 2_147_483_647))
    }
}
