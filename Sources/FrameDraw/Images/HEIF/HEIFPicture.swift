internal import CHeif
import Foundation

/// Owns one decoded `heif_image`: 8-bit interleaved RGB or RGBA pixels with straight alpha (unless the
/// file says its alpha is premultiplied).
final class HEIFPicture {
    private let image: OpaquePointer
    /// The width in pixels.
    let width: Int
    /// The height in pixels.
    let height: Int
    /// 4 (RGBA) or 3 (RGB).
    let bytesPerPixel: Int

    /// Takes ownership of `image`. Corresponds to `heif_image_get_width` and `heif_image_get_height`.
    /// - Throws: `FrameDrawError.unreadableImage` when the decoded picture has no interleaved plane.
    init(_ image: OpaquePointer, hasAlpha: Bool, path: String) throws {
        self.image = image
        width = Int(heif_image_get_width(image, heif_channel_interleaved))
        height = Int(heif_image_get_height(image, heif_channel_interleaved))
        bytesPerPixel = hasAlpha ? 4 : 3
        guard width > 0, height > 0 else {
            throw FrameDrawError.unreadableImage(
                path: path,
                reason: "libheif decoded a picture without pixels; export the file again, or convert it to JPEG or PNG."
            )
        }
    }

    deinit {
        heif_image_release(image)
    }

    /// Lends the pixel rows: `stride` bytes per row, top row first, `bytesPerPixel` bytes per pixel
    /// in R, G, B(, A) order. Corresponds to `heif_image_get_plane_readonly`.
    func withPixels<R>(_ body: (_ bytes: UnsafePointer<UInt8>, _ stride: Int) throws -> R) throws -> R {
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride), stride > 0 else {
            throw FrameDrawError.outOfMemory("the pixels of a decoded \(width) × \(height) HEIF picture")
        }
        return try body(plane, Int(stride))
    }
}
