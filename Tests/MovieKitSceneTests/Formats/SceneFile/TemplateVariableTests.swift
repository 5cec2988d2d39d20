import Foundation
import FrameDraw
import MovieKitScene
import Testing

@Suite("Template variables")
struct TemplateVariableTests {
    static let yaml = """
        canvas:
          width: ${width}
          height: 100
          duration: 1
        variables: {colour: "#00FF00"}
        layers:
          - type: rect
            fill: "${colour}"
            opacity: ${alpha}
            name: "Hello ${who}! $${literal}"
        """

    @Test func variablesFillStringsAndNumbers() throws {
        let scene = try SceneFile.decode(
            Self.yaml, format: .yaml, fileName: "t.yaml", baseURL: URL(fileURLWithPath: "/"),
            variables: ["width": "64", "alpha": "0.5", "who": "World"])
        #expect(scene.canvas.width == 64)
        #expect(scene.layers[0].opacity.value(at: 0) == 0.5)
        #expect(scene.layers[0].name == "Hello World! ${literal}")
        guard case .color(let fill) = scene.layers[0].fill else {
            Issue.record("the fill is not a colour")
            return
        }
        #expect(fill.value(at: 0) == Color(red: 0, green: 1, blue: 0))
    }

    @Test func givenVariablesOverrideTheFileDefaults() throws {
        let scene = try SceneFile.decode(
            Self.yaml, format: .yaml, fileName: "t.yaml", baseURL: URL(fileURLWithPath: "/"),
            variables: ["width": "64", "alpha": "1", "who": "x", "colour": "#0000FF"])
        guard case .color(let fill) = scene.layers[0].fill else {
            Issue.record("the fill is not a colour")
            return
        }
        #expect(fill.value(at: 0) == Color(red: 0, green: 0, blue: 1))
    }

    @Test func anUnsetVariableIsNamed() {
        #expect {
            _ = try SceneFile.decode(
                Self.yaml, format: .yaml, fileName: "t.yaml", baseURL: URL(fileURLWithPath: "/"), variables: [:])
        } throws: { error in
            "\(error)"
                == "t.yaml:2:10: `canvas.width` uses the variable ${width}, which is not set; give it a value when reading the file, or a default under the file's `variables:`."
        }
    }

    @Test func aVariableThatIsNotANumberWhereOneIsNeededSaysSo() {
        #expect {
            _ = try SceneFile.decode(
                Self.yaml, format: .yaml, fileName: "t.yaml", baseURL: URL(fileURLWithPath: "/"),
                variables: ["width": "wide", "alpha": "1", "who": "x"])
        } throws: { error in
            "\(error)"
                == "t.yaml:2:10: `canvas.width` is \"wide\" after filling in its variables but must be a width in pixels from 1 to 16384."
        }
    }

    /// `filled` fills what it can and leaves the rest as written; `$${` is a literal `${` as when a
    /// document is read, and a value is not filled in again.
    @Test(arguments: [
        ("photos/${name}.jpg", "photos/a.jpg"),
        ("${name} and ${unset}", "a and ${unset}"),
        ("$${name} costs ${price}", "${name} costs ${price}"),
        ("${self}", "${name}"),
        ("no variables", "no variables"),
        ("${bad name}", "${bad name}")
    ])
    func filledLeavesUnsetNamesAsWritten(text: String, expected: String) {
        #expect(TemplateVariables.filled(text, variables: ["name": "a", "self": "${name}"]) == expected)
    }

    @Test func aPropertiesFileGivesStringsNumbersAndBooleans() throws {
        let folder = try TemporaryFolder()
        let props = folder.file("props.json")
        try Data(#"{"title": "Hi", "seconds": 4.5, "loop": true}"#.utf8).write(to: props)
        #expect(
            try TemplateVariables.properties(contentsOf: props) == ["title": "Hi", "seconds": "4.5", "loop": "true"])
        try Data(#"[1, 2]"#.utf8).write(to: props)
        #expect {
            _ = try TemplateVariables.properties(contentsOf: props)
        } throws: { error in
            "\(error)"
                == "The properties file \(props.path) cannot be used: it must be a JSON object such as {\"title\": \"Hello\", \"seconds\": 4}."
        }
        try Data(#"{"title": "Hi", "size": {"width": 4}}"#.utf8).write(to: props)
        #expect {
            _ = try TemplateVariables.properties(contentsOf: props)
        } throws: { error in
            "\(error)"
                == "The properties file \(props.path) cannot be used: the value of \"size\" must be a string, number or boolean."
        }
        try Data(#"{"title": "Hi" "loop": true}"#.utf8).write(to: props)
        #expect {
            _ = try TemplateVariables.properties(contentsOf: props)
        } throws: { error in
            "\(error)"
                == "The properties file \(props.path) cannot be used: it is not valid JSON (\(props.path):1:16: The JSON is malformed: Foundation reports \"Invalid value around character 15\". Check the brackets, commas, quotes and escapes at or just before that line and column.)."
        }
    }
}
