/// A number as a person would write it: `1` rather than `1.0`, `0.25`, `-0.55`, `nan`.
func formatNumber(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
        return String(Int(value))
    }
    return "\(value)"
}
