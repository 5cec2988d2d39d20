/// Collects layers written one per line in a block, with `if`, `if`/`else` and `for` allowed.
///
/// ```swift
/// Layer.group {
///     Layer.rect().fill(.red)
///     if showTitle { Layer.text("Title") }
///     for index in 0..<3 { Layer.ellipse().position(x: Double(index) * 40, y: 20) }
/// }
/// ```
@resultBuilder
public enum LayerBuilder {
    public static func buildExpression(_ layer: Layer) -> [Layer] { [layer] }
    public static func buildExpression(_ layers: [Layer]) -> [Layer] { layers }
    public static func buildBlock(_ parts: [Layer]...) -> [Layer] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Layer]?) -> [Layer] { part ?? [] }
    public static func buildEither(first part: [Layer]) -> [Layer] { part }
    public static func buildEither(second part: [Layer]) -> [Layer] { part }
    public static func buildArray(_ parts: [[Layer]]) -> [Layer] { parts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ part: [Layer]) -> [Layer] { part }
}
