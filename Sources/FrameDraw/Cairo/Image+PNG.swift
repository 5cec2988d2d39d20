internal import CCairo
import Foundation

extension Image {
    /// Encodes the image as an 8-bit RGBA PNG (colours un-premultiplied).
    /// Corresponds to `cairo_surface_write_to_png_stream`.
    /// - Throws: `FrameDrawError.imageWriteFailed` with Cairo's reason when encoding fails.
    public func pngData() throws -> Data {
        try encodePNG(pathForErrors: "(in-memory PNG data)")
    }

    /// Writes the image as a PNG file, atomically: the data goes to a temporary file that then
    /// replaces `url`, so readers never see half a file.
    /// - Parameter url: A file URL whose name ends in `.png` (any letter case).
    /// - Throws: `FrameDrawError.imageWriteFailed` naming the file when the URL is not a `.png` file URL,
    ///   encoding fails, or the file cannot be written (missing folder, no permission, disk full).
    public func write(to url: URL) throws {
        let path = url.isFileURL ? url.path(percentEncoded: false) : url.absoluteString
        guard url.isFileURL else {
            throw FrameDrawError.imageWriteFailed(path: path, reason: "Only file URLs can be written; pass a file URL.")
        }
        guard url.pathExtension.lowercased() == "png" else {
            throw FrameDrawError.imageWriteFailed(
                path: path, reason: "Images are written as PNG only; give the file name a .png extension."
            )
        }
        let data = try encodePNG(pathForErrors: path)
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw FrameDrawError.imageWriteFailed(
                path: path,
                reason:
                    "The file could not be written (\(error.localizedDescription)); check that the folder exists and is writable."
            )
        }
    }

    private func encodePNG(pathForErrors path: String) throws -> Data {
        let sink = PNGSink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(snapshot.pointer, pngSinkWrite, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw FrameDrawError.imageWriteFailed(
                path: path,
                reason: "Cairo could not encode the PNG (\(String(cString: cairo_status_to_string(status))))."
            )
        }
        return sink.data
    }
}

/// Collects the bytes Cairo's PNG writer hands to `pngSinkWrite`.
private final class PNGSink {
    var data = Data()
}

private func pngSinkWrite(
    _ closure: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<UInt8>?, _ length: UInt32
) -> cairo_status_t {
    guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
    Unmanaged<PNGSink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
    return CAIRO_STATUS_SUCCESS
}
