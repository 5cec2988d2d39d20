internal import CHeif
import Foundation

/// Owns one `heif_image_handle`: a picture item of a `HEIFFile`, whose size and properties are known
/// without decoding it.
final class HEIFImageHandle {
    private let handle: OpaquePointer
    /// Keeps the context alive: a handle refers into it.
    private let file: HEIFFile

    init(_ handle: OpaquePointer, file: HEIFFile) {
        self.handle = handle
        self.file = file
    }

    deinit {
        heif_image_handle_release(handle)
    }

    /// The width after the file's own rotation, mirroring and cropping (`irot`, `imir`, `clap`), read
    /// from the item's properties. Corresponds to `heif_image_handle_get_width`.
    var width: Int { Int(heif_image_handle_get_width(handle)) }

    /// The height after the file's own transformations. Corresponds to `heif_image_handle_get_height`.
    var height: Int { Int(heif_image_handle_get_height(handle)) }

    /// Whether the picture has an alpha plane. Corresponds to `heif_image_handle_has_alpha_channel`.
    var hasAlpha: Bool { heif_image_handle_has_alpha_channel(handle) != 0 }

    /// Whether the colours are stored already multiplied by alpha.
    /// Corresponds to `heif_image_handle_is_premultiplied_alpha`.
    var isPremultipliedAlpha: Bool { heif_image_handle_is_premultiplied_alpha(handle) != 0 }

    /// Decodes the picture as 8-bit interleaved RGB (RGBA when it has alpha), with the file's rotation,
    /// mirroring and cropping applied by libheif (`ignore_transformations` is left at its default,
    /// false), and higher bit depths reduced to 8 bits.
    /// Corresponds to `heif_decoding_options_alloc` and `heif_decode_image`.
    /// - Throws: `FrameDrawError.unreadableImage` with libheif's reason, or `.outOfMemory`.
    func decode() throws -> HEIFPicture {
        guard let options = heif_decoding_options_alloc() else {
            throw FrameDrawError.outOfMemory("memory to decode the \(file.format.displayName) image at \(file.path)")
        }
        defer { heif_decoding_options_free(options) }
        options.pointee.ignore_transformations = 0
        options.pointee.convert_hdr_to_8bit = 1
        var image: OpaquePointer?
        let chroma = hasAlpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB
        let status = heif_decode_image(handle, &image, heif_colorspace_RGB, chroma, options)
        guard status.code == heif_error_Ok, let image else {
            throw FrameDrawError(heifStatus: status, path: file.path, format: file.format)
        }
        return try HEIFPicture(image, hasAlpha: hasAlpha, path: file.path)
    }
}
