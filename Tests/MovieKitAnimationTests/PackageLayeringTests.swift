import Foundation
import Testing

/// Timing is pure math: the MovieKitAnimation product, FrameValues under it, links no C library,
/// as read from the package's own description (`swift package describe`).
@Suite("Package layering")
struct PackageLayeringTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Target: Decodable {
        var name: String
        var type: String
        var productMemberships: [String]?
        var targetDependencies: [String]?

        enum CodingKeys: String, CodingKey {
            case name, type
            case productMemberships = "product_memberships"
            case targetDependencies = "target_dependencies"
        }
    }

    struct Description: Decodable {
        var targets: [Target]
    }

    static func describe() throws -> [Target] {
        // A scratch folder of its own: `swift test` holds the package's build folder locked while it runs.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("describe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "package", "--package-path", packageRoot.path, "--scratch-path", scratch.path, "describe",
            "--type", "json"
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "swift package describe failed")
        return try JSONDecoder().decode(Description.self, from: data).targets
    }

    @Test(arguments: ["MovieKitAnimation"])
    func linksNoCLibrary(product: String) throws {
        let targets = try Self.describe()
        let systemLibraries = targets.filter { $0.type == "system-target" }
        try #require(systemLibraries.contains { $0.name == "CCairo" }, "the description lists no C libraries")
        let linked = systemLibraries.filter { $0.productMemberships?.contains(product) ?? false }.map(\.name)
        #expect(linked.isEmpty, "\(product) links \(linked)")
        let animation = try #require(targets.first { $0.name == "MovieKitAnimation" })
        #expect(animation.targetDependencies == ["FrameValues"])
    }
}
