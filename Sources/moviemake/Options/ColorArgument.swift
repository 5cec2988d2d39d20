import ArgumentParser
import FrameDraw

/// Colour options (`--background`): the text `Color(parsing:)` reads, checked as the command line
/// is parsed, so a wrong colour is a usage error before anything is read or drawn.
enum ColorArgument {
    static func parse(_ text: String) throws -> Color {
        do { return try Color(parsing: text) } catch {
            let names = Color.names.map(\.name).joined(separator: ", ")
            throw ValidationError(
                "\"\(text)\" is not a colour; use #RRGGBB or #RRGGBBAA, for example #FF8800, or a name: \(names).")
        }
    }
}
