import CCairo
import Foundation
import LibAV
import Testing

@testable import FrameDraw

/// Surfaces of 1 MB or more live in an anonymous mapping of their own (`mk_image_surface_create`), so that
/// freeing a photo-sized surface returns it to the system and does not raise glibc's mmap threshold.
@Suite("Mapped surfaces")
struct MappedSurfaceTests {
    /// The pixels of a mapped surface start 64 bytes into a page-aligned mapping (after its header).
    private static func pixelOffsetInPage(_ surface: CairoSurface) -> Int {
        surface.withPixelBytes { bytes in
            Int(bitPattern: bytes.baseAddress) % Int(sysconf(Int32(_SC_PAGESIZE)))
        }
    }

    @Test func aSurfaceOfOneMegabyteOrMoreIsMappedAndStartsTransparent() throws {
        let surface = try CairoSurface(width: 1024, height: 256)
        #expect(surface.stride * surface.height >= MappedMemory.minimumByteCount)
        #expect(Self.pixelOffsetInPage(surface) == 64)
        let allZero = surface.withPixelBytes { bytes in bytes.allSatisfy { $0 == 0 } }
        #expect(allZero)
    }

    /// Released mappings are kept for the next surface of the same size, which still starts
    /// transparent: a recycled mapping is cleared (unless its caller writes every pixel itself).
    @Test func aRecycledMappingStartsTransparentAgain() throws {
        // An odd size no other test uses, so that the kept mapping is this test's own.
        let width = 1031
        let height = 263
        for _ in 0..<3 {
            let surface = try CairoSurface(width: width, height: height)
            let clear = surface.withPixelBytes { bytes in bytes.allSatisfy { $0 == 0 } }
            #expect(clear)
            surface.withMutablePixelBytes { bytes in
                for index in bytes.indices { bytes[index] = 0xFF }
            }
        }
    }

    @Test func aMappedSurfaceIsDrawnIntoLikeAnyOther() throws {
        let surface = try CairoSurface(width: 1024, height: 512)
        let context = try DrawingContext(surface: surface)
        context.setFillColor(Color(red: 0, green: 0, blue: 1))
        context.fill(CGRect(x: 512, y: 256, width: 512, height: 256))
        let (inside, outside) = surface.withPixelBytes { bytes in
            (
                bytes.load(fromByteOffset: 511 * surface.stride + 1023 * 4, as: UInt32.self),
                bytes.load(fromByteOffset: 0, as: UInt32.self)
            )
        }
        #expect(inside == 0xFF00_00FF)
        #expect(outside == 0)
    }

    /// An image made from a mapped surface outlives the `CairoSurface` it was frozen from: the mapping
    /// is released by Cairo's last reference, not by Swift's.
    @Test func anImageFromAMappedSurfaceStaysReadableAfterTheSurfaceIsGone() throws {
        let image = try Image(size: CGSize(width: 1280, height: 720)) { context in
            context.setFillColor(Color(red: 1, green: 0, blue: 0))
            context.fill(context.bounds)
        }
        let canvas = try CairoSurface(width: 1280, height: 720)
        let context = try DrawingContext(surface: canvas)
        context.draw(image, at: .zero)
        let corner = canvas.withPixelBytes { bytes in
            bytes.load(fromByteOffset: 719 * canvas.stride + 1279 * 4, as: UInt32.self)
        }
        #expect(corner == 0xFFFF_0000)
        #expect(image.storedPixel(x: 640, y: 360) == Pixel(red: 255, green: 0, blue: 0, alpha: 255))
    }
}
