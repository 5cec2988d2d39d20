import Foundation
import FrameValues

/// The affine transform of FrameDraw's API: FrameValues' type, which FrameDraw re-exports.
///
/// Declared here so that a bare `AffineTransform` in FrameDraw's own files, which import Foundation,
/// means this type rather than Foundation's. A file of another module that imports Foundation and
/// FrameDraw still has to write `FrameDraw.AffineTransform` or `CGAffineTransform`.
public typealias AffineTransform = FrameValues.AffineTransform
