import Foundation

extension Color {
    /// The names ``init(parsing:)`` reads, each with its colour: the named constants of `Color`, and
    /// `transparent` for ``clear``.
    public static let names: [(name: String, color: Color)] = [
        ("black", .black), ("white", .white), ("clear", .clear), ("transparent", .clear), ("gray", .gray),
        ("lightGray", .lightGray), ("darkGray", .darkGray), ("red", .red), ("green", .green), ("blue", .blue),
        ("yellow", .yellow), ("cyan", .cyan), ("magenta", .magenta), ("orange", .orange), ("purple", .purple),
        ("brown", .brown)
    ]

    /// Reads a colour as scene files and `moviemake` options write it: `#RRGGBB`, `#RRGGBBAA`, or one of
    /// ``names`` such as `white` or `darkGray`.
    /// - Parameter text: The colour's text; surrounding spaces are ignored.
    /// - Throws: `FrameDrawError.invalidColor` when `text` is neither.
    public init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("#") {
            try self.init(hex: trimmed)
        } else if let named = Self.names.first(where: { $0.name == trimmed }) {
            self = named.color
        } else {
            throw FrameDrawError.invalidColor(text)
        }
    }
}
