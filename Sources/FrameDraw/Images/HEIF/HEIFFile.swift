internal import CHeif
import Foundation

/// Owns one `heif_context`: a HEIF (HEIC) or AVIF file whose boxes have been read and checked, with
/// no picture decoded yet.
///
/// The `Images/HEIF/` folder is the one place in FrameDraw, besides `Cairo/`, that calls C. libheif
/// is not part of FFmpeg, and only still-image loading uses it, so it lives beside the image loader
/// rather than in the LibAV layer (whose charter is the libav libraries that MovieKitCore shares):
/// LibAV keeps a single C dependency, and only FrameDraw links libheif. The three owners here
/// (`HEIFFile`, `HEIFImageHandle`, `HEIFPicture`) each free their one C object in `deinit`, and
/// hand out only Swift values: sizes, flags, and pixel rows lent inside a closure.
final class HEIFFile {
    private let context: OpaquePointer
    /// The file, named in every error.
    let path: String
    /// The format recognised from the file's brand, named in messages.
    let format: ImageFileFormat
    /// A copy of the bytes that libheif reads from memory, which must outlive the context.
    private let bytes: UnsafeMutableRawBufferPointer?

    /// Initialises libheif once per process (reference-counted by libheif; never released, since the
    /// built-in decoder plugins stay in use for the life of the process). Corresponds to `heif_init`.
    private static let libraryReady: Bool = heif_init(nil).code == heif_error_Ok

    /// Reads the file's boxes: its items, their sizes and properties. No picture is decoded.
    /// Corresponds to `heif_context_alloc` and `heif_context_read_from_file`.
    /// - Throws: `FrameDrawError.unreadableImage` naming the file with libheif's reason, or `.outOfMemory`.
    init(path: String, format: ImageFileFormat) throws {
        self.path = path
        self.format = format
        _ = Self.libraryReady
        guard let context = heif_context_alloc() else {
            throw FrameDrawError.outOfMemory("memory to read the \(format.displayName) image at \(path)")
        }
        let status = heif_context_read_from_file(context, path, nil)
        guard status.code == heif_error_Ok else {
            // The message lives in the context: read it before freeing the context.
            let error = FrameDrawError(heifStatus: status, path: path, format: format)
            heif_context_free(context)
            throw error
        }
        self.context = context
        bytes = nil
    }

    /// Reads the boxes of a HEIF or AVIF file in memory, from a copy that lives as long as this file.
    /// Corresponds to `heif_context_alloc` and `heif_context_read_from_memory_without_copy`.
    /// - Parameter name: What the bytes are, named in errors in place of a path.
    /// - Throws: `FrameDrawError.unreadableImage` naming `name` with libheif's reason, or `.outOfMemory`.
    init(data: Data, name: String, format: ImageFileFormat) throws {
        path = name
        self.format = format
        _ = Self.libraryReady
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        data.copyBytes(to: bytes)
        guard let context = heif_context_alloc() else {
            bytes.deallocate()
            throw FrameDrawError.outOfMemory("memory to read the \(format.displayName) image \(name)")
        }
        let status = heif_context_read_from_memory_without_copy(context, bytes.baseAddress, data.count, nil)
        guard status.code == heif_error_Ok else {
            let error = FrameDrawError(heifStatus: status, path: name, format: format)
            heif_context_free(context)
            bytes.deallocate()
            throw error
        }
        self.context = context
        self.bytes = bytes
    }

    deinit {
        heif_context_free(context)
        bytes?.deallocate()
    }

    /// The primary picture: the one a viewer shows. Corresponds to `heif_context_get_primary_image_handle`.
    /// - Throws: `FrameDrawError.unreadableImage` when the file names no primary picture.
    func primaryImage() throws -> HEIFImageHandle {
        var handle: OpaquePointer?
        let status = heif_context_get_primary_image_handle(context, &handle)
        guard status.code == heif_error_Ok, let handle else {
            throw FrameDrawError(heifStatus: status, path: path, format: format)
        }
        return HEIFImageHandle(handle, file: self)
    }
}
