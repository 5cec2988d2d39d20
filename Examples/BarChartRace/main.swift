// A bar chart race from Examples/BarChartRace/data.csv (year,name,value), read with SwiftCSV:
// each bar's length and rank are keyframes, one per year, eased between years.
// Run: swift run BarChartRace [output.mp4] [data.csv]
import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import SwiftCSV

let arguments = Array(CommandLine.arguments.dropFirst())
let output = arguments.first ?? "bar-chart-race.mp4"
let dataURL =
    arguments.dropFirst().first.map { URL(fileURLWithPath: $0) }
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("data.csv")

// Read the table: one row per name and year.
let csv = try NamedCSV(url: dataURL)
var table: [String: [Int: Double]] = [:]
for row in csv.rows {
    guard let name = row["name"], let year = row["year"].flatMap({ Int($0) }),
        let value = row["value"].flatMap({ Double($0) })
    else {
        throw ValidationFailure(
            message: "\(dataURL.path): each row needs a year, a name and a number value; found \(row).")
    }
    table[name, default: [:]][year] = value
}
let years = Set(table.values.flatMap(\.keys)).sorted()
let names = table.keys.sorted()
guard let firstYear = years.first, years.count >= 2 else {
    throw ValidationFailure(message: "\(dataURL.path) needs at least two years of data.")
}

/// Thrown when the data file cannot be used.
struct ValidationFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

// Layout and timing.
let secondsPerYear = 1.5
let hold = 1.0
let width = 640.0
let barHeight = 36.0
let top = 70.0
let left = 110.0
let maxBarWidth = width - left - 80
let maxValue = table.values.flatMap(\.values).max() ?? 1
let palette = ["#F94144", "#F8961E", "#F9C74F", "#90BE6D", "#43AA8B", "#577590", "#9B5DE5", "#00BBF9"]
func time(of year: Int) -> Double { Double(year - firstYear) * secondsPerYear }

// Each year's ranking.
let ranks: [Int: [String: Int]] = Dictionary(
    uniqueKeysWithValues: years.map { year in
        let order = names.sorted { (table[$0]?[year] ?? 0) > (table[$1]?[year] ?? 0) }
        return (year, Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) }))
    })

let scene = Scene(
    width: Int(width), height: 352, fps: 30, duration: time(of: years.last ?? firstYear) + hold,
    background: try Color(hex: "#14141F")
) {
    Layer.text("Stars (thousands)", style: TextStyle(font: .system(size: 20, weight: .bold)))
        .anchor(x: 0, y: 0)
        .position(x: 20, y: 18)
    for (index, name) in names.enumerated() {
        let values = table[name] ?? [:]
        let color = (try? Color(hex: palette[index % palette.count])) ?? .white
        // The bar's row follows its rank, easing to the new row over each year.
        let row = Animated<CGPoint>.keyframes(
            years.map { year in
                let rank = Double(ranks[year]?[name] ?? 0)
                return Keyframe(
                    time: time(of: year), value: CGPoint(x: left, y: top + rank * (barHeight + 8)), easing: .easeInOut)
            })
        let length = Animated<CGSize>.keyframes(
            years.map { year in
                Keyframe(
                    time: time(of: year),
                    value: CGSize(width: max(2, (values[year] ?? 0) / maxValue * maxBarWidth), height: barHeight),
                    easing: .easeInOut)
            })
        let amount = Animated<Double>.keyframes(
            years.map { Keyframe(time: time(of: $0), value: values[$0] ?? 0, easing: .easeInOut) })
        Layer.group {
            Layer.rect().anchor(x: 0, y: 0).position(x: 0, y: 0).size(length).fill(color).cornerRadius(4)
            Layer.text(.constant(name), style: TextStyle(font: .system(size: 16, weight: .semibold)))
                .anchor(x: 1, y: 0.5).position(x: -10, y: barHeight / 2)
            Layer.text(
                Animated(kind: .keyframes) { time in String(Int(amount.value(at: time).rounded())) },
                style: TextStyle(font: .system(size: 14))
            )
            .anchor(x: 0, y: 0.5)
            .position(length.map { CGPoint(x: $0.width + 8, y: barHeight / 2) })
        }
        .anchor(x: 0, y: 0)
        .size(width: maxBarWidth, height: barHeight)
        .position(row)
    }
    Layer.text(
        .steps(years.map { (time: time(of: $0) - secondsPerYear / 2, value: String($0)) }),
        style: TextStyle(font: .system(size: 56, weight: .heavy), color: Color(white: 1, alpha: 0.35))
    )
    .anchor(x: 1, y: 1)
    .position(x: width - 20, y: 340)
}

try SceneRenderer(scene: scene).render(to: URL(fileURLWithPath: output), overwrite: true)
print("Wrote \(output): \(names.count) bars over \(years.count) years")
