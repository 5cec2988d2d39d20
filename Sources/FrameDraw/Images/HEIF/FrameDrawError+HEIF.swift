internal import CHeif
import Foundation

extension FrameDrawError {
    /// The error for a failed libheif call on the file at `path`: `.outOfMemory` for an allocation
    /// failure, otherwise `.unreadableImage` with libheif's own message and what to do.
    init(heifStatus status: heif_error, path: String, format: ImageFileFormat) {
        let message = status.message.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let said = message.isEmpty ? "error \(status.code.rawValue).\(status.subcode.rawValue)" : message
        let name = format.displayName
        switch (status.code, status.subcode) {
        case (heif_error_Memory_allocation_error, _):
            self = .outOfMemory("memory to decode the \(name) image at \(path)")
        case (_, heif_suberror_Security_limit_exceeded):
            self = .unreadableImage(
                path: path,
                reason:
                    "libheif refused the \(name) file as too large (\(said)); scale the picture down before loading it."
            )
        case (heif_error_Unsupported_feature, _), (heif_error_Unsupported_filetype, _),
            (heif_error_Plugin_loading_error, _):
            self = .unreadableImage(
                path: path,
                reason:
                    "This libheif cannot decode the \(name) file (\(said)); install libheif with HEVC (libde265) and "
                    + "AV1 (dav1d or libaom) decoding, or convert the image to JPEG or PNG.")
        case (heif_error_Input_does_not_exist, _):
            self = .unreadableImage(
                path: path,
                reason: "libheif could not open the file (\(said)); check that it still exists and is readable.")
        default:
            self = .unreadableImage(
                path: path,
                reason:
                    "The \(name) data is damaged or incomplete (libheif: \(said)); export or download the file again, or convert it to JPEG or PNG."
            )
        }
    }
}
