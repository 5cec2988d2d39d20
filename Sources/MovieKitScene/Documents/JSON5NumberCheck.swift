/// Checks every number in a JSON5 document against JSON5's grammar before Foundation reads it.
///
/// Foundation's JSON5 scanner (FoundationEssentials in Swift 6.3.1) takes some malformed numbers,
/// such as `0x0x`, as number tokens, and then stops the process with a precondition failure
/// (`validateNumber`) when it is asked for one as an `Int`; fuzzing `EditlySpec` found it. A bad
/// number is refused here instead, with its line and column, which Foundation's JSON5 errors do
/// not give.
///
/// A number is a run of name characters, `.`, `+` and `-` that starts with a digit, `.`, `+` or
/// `-` outside strings and comments: in a well-formed document, exactly its numbers. JSON5's
/// grammar (json5.org): an optional sign, then `Infinity`, `NaN`, `0x` with hexadecimal digits,
/// or a decimal with no leading zero, an optional fraction (`5.` and `.5` are allowed) and an
/// optional exponent.
enum JSON5NumberCheck {
    /// Throws at the first number that JSON5's grammar does not allow.
    /// - Throws: `SceneError.syntax` with the number's line and column (counted in characters).
    static func check(_ text: String, file: String) throws {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var line = 1
        var lineStart = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "\n":
                index += 1
                line += 1
                lineStart = index
            case "\"", "'":
                index = skipString(scalars, from: index, line: &line, lineStart: &lineStart)
            case "/" where index + 1 < scalars.count && (scalars[index + 1] == "/" || scalars[index + 1] == "*"):
                index = skipComment(scalars, from: index, line: &line, lineStart: &lineStart)
            case _ where isNamePart(scalar) || startsNumber(scalar):
                // A name, or a number: names cannot start with what numbers start with.
                let start = index
                while index < scalars.count, isNamePart(scalars[index]) || startsNumber(scalars[index]) { index += 1 }
                let token = scalars[start..<index]
                if startsNumber(scalar), !isNumber(token) {
                    var written = String.UnicodeScalarView()
                    written.append(contentsOf: token)
                    throw SceneError.syntax(
                        at: SceneError.SourceLocation(file: file, line: line, column: start - lineStart + 1),
                        format: "JSON5",
                        problem: "`\(String(written))` is not a number JSON5 allows; "
                            + "numbers are written like 12, -0.5, 1e3, .5, 0x1F, Infinity or NaN")
                }
            default:
                index += 1
            }
        }
    }

    /// Whether `token` is a JSON5 number.
    static func isNumber(_ token: ArraySlice<Unicode.Scalar>) -> Bool {
        var rest = token
        if let sign = rest.first, sign == "+" || sign == "-" { rest = rest.dropFirst() }
        if rest.elementsEqual("Infinity".unicodeScalars) || rest.elementsEqual("NaN".unicodeScalars) { return true }
        if rest.count > 2, rest.first == "0", let x = rest.dropFirst().first, x == "x" || x == "X" {
            return rest.dropFirst(2).allSatisfy(\.properties.isASCIIHexDigit)
        }
        let whole = rest.prefix(while: isDigit)
        rest = rest.dropFirst(whole.count)
        if whole.count > 1, whole.first == "0" { return false }
        var fraction: ArraySlice<Unicode.Scalar> = []
        if rest.first == "." {
            fraction = rest.dropFirst().prefix(while: isDigit)
            rest = rest.dropFirst(1 + fraction.count)
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return false }
        if let e = rest.first, e == "e" || e == "E" {
            rest = rest.dropFirst()
            if let sign = rest.first, sign == "+" || sign == "-" { rest = rest.dropFirst() }
            let exponent = rest.prefix(while: isDigit)
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }

    /// What a name is made of: ASCII letters and digits, `_`, `$`, `\\` (a name's escape) and any
    /// other character that is not JSON5 white space (Unicode spaces and the byte-order mark).
    private static func isNamePart(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return !scalar.properties.isWhitespace && scalar != "\u{FEFF}" }
        return scalar.properties.isAlphabetic || isDigit(scalar) || scalar == "_" || scalar == "$" || scalar == "\\"
    }

    private static func startsNumber(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar) || scalar == "." || scalar == "+" || scalar == "-"
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }

    /// The index after the string that starts at `start`; in JSON5 a backslash escapes the next
    /// character in either kind of quotes, a line break included.
    private static func skipString(_ scalars: [Unicode.Scalar], from start: Int, line: inout Int, lineStart: inout Int)
        -> Int
    {
        let quote = scalars[start]
        var index = start + 1
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\" {
                if index + 1 < scalars.count, scalars[index + 1] == "\n" {
                    line += 1
                    lineStart = index + 2
                }
                index += 2
                continue
            }
            index += 1
            if scalar == "\n" {
                line += 1
                lineStart = index
            }
            if scalar == quote { return index }
        }
        return index
    }

    /// The index after the `//` or `/* */` comment that starts at `start`.
    private static func skipComment(_ scalars: [Unicode.Scalar], from start: Int, line: inout Int, lineStart: inout Int)
        -> Int
    {
        let isBlock = scalars[start + 1] == "*"
        var index = start + 2
        while index < scalars.count {
            if !isBlock, scalars[index] == "\n" { return index }
            if isBlock, scalars[index] == "*", index + 1 < scalars.count, scalars[index + 1] == "/" { return index + 2 }
            if scalars[index] == "\n" {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return index
    }
}
