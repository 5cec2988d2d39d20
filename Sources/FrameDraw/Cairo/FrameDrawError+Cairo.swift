internal import CCairo
import Foundation

extension FrameDrawError {
    /// The error for a Cairo status other than `CAIRO_STATUS_SUCCESS`.
    ///
    /// `CAIRO_STATUS_NO_MEMORY` becomes `.outOfMemory(what)`; every other status becomes `.drawingFailed`
    /// with Cairo's own description. Corresponds to `cairo_status_to_string`.
    /// - Parameters:
    ///   - status: The status Cairo reported.
    ///   - what: What was being allocated or drawn, completing "ran out of memory while allocating …".
    init(cairoStatus status: cairo_status_t, allocating what: @autoclosure () -> String) {
        if status == CAIRO_STATUS_NO_MEMORY {
            self = .outOfMemory(what())
        } else {
            self = .drawingFailed(String(cString: cairo_status_to_string(status)))
        }
    }

    /// How many bytes an ARGB32 surface of `width` × `height` pixels takes, for messages: "1.6 GB", "480.0 MB".
    static func surfaceByteCount(width: Int, height: Int) -> String {
        let bytes = Double(width) * Double(height) * 4
        return bytes >= 1e9 ? String(format: "%.1f GB", bytes / 1e9) : String(format: "%.1f MB", bytes / 1e6)
    }
}
