internal import CFFmpeg

/// Per-frame requests to the encoder: a forced keyframe, and a quantiser offset for the whole picture.
extension Frame {
    /// The picture types an encoder can be told to use for a frame.
    package enum ForcedPictureType: Sendable {
        /// A keyframe: libx264 makes it an IDR frame when GOPs are closed, as MovieKit's are.
        case intra
        /// A P frame: predicted from earlier frames only, never from a later one.
        case predicted
    }

    /// The type the encoder must code this frame as (`pict_type`), or `nil` to let it choose.
    package var forcedPictureType: ForcedPictureType? {
        get {
            switch pointer.pointee.pict_type {
            case AV_PICTURE_TYPE_I: .intra
            case AV_PICTURE_TYPE_P: .predicted
            default: nil
            }
        }
        set {
            pointer.pointee.pict_type =
                switch newValue {
                case .intra: AV_PICTURE_TYPE_I
                case .predicted: AV_PICTURE_TYPE_P
                case nil: AV_PICTURE_TYPE_NONE
                }
        }
    }

    /// Asks the encoder to shift the quantiser of the whole picture by `offset`, from -1 (finest)
    /// to 1 (coarsest), as one region of interest covering the frame
    /// (`AV_FRAME_DATA_REGIONS_OF_INTEREST`); `nil` removes the request. libx264 honours it when
    /// adaptive quantisation is on (its default), scaling it to its QP range. Use it with libx264
    /// only: FFmpeg 5.1's libx265 wrapper crashes inside x265 on it, and other encoders ignore it.
    /// - Throws: `LibAVError` of kind `.outOfMemory`.
    package func setQuantizerOffset(_ offset: Double?) throws {
        av_frame_remove_side_data(pointer, AV_FRAME_DATA_REGIONS_OF_INTEREST)
        guard let offset else { return }
        let size = MemoryLayout<AVRegionOfInterest>.size
        guard let sideData = av_frame_new_side_data(pointer, AV_FRAME_DATA_REGIONS_OF_INTEREST, size) else {
            throw LibAVError.outOfMemory("Attaching a quantiser offset to a frame")
        }
        let clamped = min(1, max(-1, offset))
        let region = AVRegionOfInterest(
            self_size: UInt32(size), top: 0, bottom: pointer.pointee.height, left: 0, right: pointer.pointee.width,
            qoffset: AVRational(num: Int32((clamped * 1000).rounded()), den: 1000))
        UnsafeMutableRawPointer(sideData.pointee.data).storeBytes(of: region, as: AVRegionOfInterest.self)
    }
}
