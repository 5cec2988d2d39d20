import CCairo
import Foundation
import Testing

@testable import FrameDraw

/// `Image` holds a `SurfaceSnapshot`: pixels that nothing can change once the image exists.
@Suite("Surface snapshots")
struct SurfaceSnapshotTests {
    static let red: UInt32 = 0xFFFF_0000
    static let blue: UInt32 = 0xFF00_00FF

    private static func surface(filledWith argb: UInt32) throws -> CairoSurface {
        let surface = try CairoSurface(width: 4, height: 3)
        surface.fill(argb: argb)
        return surface
    }

    private static func argb(_ snapshot: SurfaceSnapshot, x: Int, y: Int) -> UInt32 {
        snapshot.withPixelBytes { $0.load(fromByteOffset: y * snapshot.stride + x * 4, as: UInt32.self) }
    }

    @Test func aSurfaceNothingElseReferencesIsTakenOverWithoutCopying() throws {
        let surface = try Self.surface(filledWith: Self.red)
        let pointer = surface.pointer
        let snapshot = try SurfaceSnapshot(freezing: consume surface)
        #expect(snapshot.pointer == pointer)
        #expect(Self.argb(snapshot, x: 3, y: 2) == Self.red)
    }

    @Test func aSurfaceStillReferencedInSwiftIsCopied() throws {
        let surface = try Self.surface(filledWith: Self.red)
        let snapshot = try SurfaceSnapshot(freezing: surface)
        #expect(snapshot.pointer != surface.pointer)
        surface.fill(argb: Self.blue)
        #expect(Self.argb(snapshot, x: 0, y: 0) == Self.red)
    }

    @Test func aSurfaceStillReferencedInCairoIsCopied() throws {
        let surface = try Self.surface(filledWith: Self.red)
        let pointer = surface.pointer
        let extra = cairo_surface_reference(pointer)
        defer { cairo_surface_destroy(extra) }
        let snapshot = try SurfaceSnapshot(freezing: consume surface)
        #expect(snapshot.pointer != pointer)
        #expect(Self.argb(snapshot, x: 1, y: 1) == Self.red)
    }

    @Test func drawingInitTakesOverTheCanvas() throws {
        var drawnInto: OpaquePointer?
        let image = try Image(size: CGSize(width: 6, height: 6)) { context in
            drawnInto = context.surface.pointer
            context.setFillColor(.red)
            context.fill(context.bounds)
        }
        #expect(image.snapshot.pointer == drawnInto)
        #expect(image.storedPixel(x: 5, y: 5) == .red)
    }

    @Test func aContextKeptPastTheDrawingInitCannotChangeTheImage() throws {
        var kept: DrawingContext?
        let image = try Image(size: CGSize(width: 6, height: 6)) { context in
            kept = context
            context.setFillColor(.red)
            context.fill(context.bounds)
        }
        let context = try #require(kept)
        context.setFillColor(.blue)
        context.fill(context.bounds)
        #expect(image.storedPixel(x: 2, y: 2) == .red)
        #expect(image.pixel(atX: 2, y: 2) == .red)
    }

    @Test func mutableCopiesAreIndependent() throws {
        let image = try Image(width: 2, height: 1, pixels: [Self.red, Self.blue])
        let copy = try image.surface
        copy.fill(argb: 0)
        #expect(image.storedPixel(x: 0, y: 0) == .red && image.storedPixel(x: 1, y: 0) == .blue)
    }

    @Test func oneImageIsDrawnAndReadFromManyTasksAtOnce() async throws {
        let image = try Image(size: CGSize(width: 32, height: 32)) { context in
            context.setFillColor(.red)
            context.fill(CGRect(x: 0, y: 0, width: 16, height: 32))
            context.setFillColor(.blue)
            context.fill(CGRect(x: 16, y: 0, width: 16, height: 32))
        }
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    guard
                        let copy = try? Image(size: CGSize(width: 32, height: 32), draw: { $0.draw(image, at: .zero) }),
                        let tiled = try? Image(
                            size: CGSize(width: 64, height: 8),
                            draw: {
                                $0.drawTiled(image, in: CGRect(x: 0, y: 0, width: 64, height: 8))
                            })
                    else { return false }
                    return copy.pixel(atX: 3, y: 3) == .red && copy.pixel(atX: 20, y: 30) == .blue
                        && tiled.pixel(atX: 40, y: 4) == .red && image.pixel(atX: 31, y: 0) == .blue
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 16))
    }
}
