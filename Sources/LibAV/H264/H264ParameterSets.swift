/// The fields of H.264 sequence and picture parameter sets (7.3.2.1 and 7.3.2.2), and of slice
/// headers up to the picture order count (7.3.3), that a skipped picture must agree with.
struct H264SequenceParameters: Equatable {
    var id = 0
    var chromaArrayType = 1
    var log2MaxFrameNum = 4
    var pocType = 0
    var log2MaxPocLsb = 4
    var maxNumRefFrames = 1
    var widthInMbs = 0
    var heightInMbs = 0
    var frameMbsOnly = true
    var separateColourPlane = false

    var pictureSizeInMbs: Int { widthInMbs * heightInMbs }

    /// Parses a sequence parameter set's RBSP (after the NAL header byte).
    init(rbsp: [UInt8]) throws {
        var r = H264BitReader(rbsp)
        let profile = try r.bits(8)
        try r.skip(16)  // constraint_set flags, reserved bits, level_idc
        id = try r.unsigned()
        if [100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135].contains(profile) {
            let chromaFormat = try r.unsigned()
            if chromaFormat == 3 { separateColourPlane = try r.flag() }
            chromaArrayType = separateColourPlane ? 0 : chromaFormat
            _ = try r.unsigned()  // bit_depth_luma_minus8
            _ = try r.unsigned()  // bit_depth_chroma_minus8
            try r.skip(1)  // qpprime_y_zero_transform_bypass_flag
            if try r.flag() {  // seq_scaling_matrix_present_flag
                for list in 0..<(chromaFormat == 3 ? 12 : 8) {
                    if try r.flag() { try Self.skipScalingList(&r, size: list < 6 ? 16 : 64) }
                }
            }
        }
        log2MaxFrameNum = try r.unsigned() + 4
        pocType = try r.unsigned()
        if pocType == 0 {
            log2MaxPocLsb = try r.unsigned() + 4
        } else if pocType == 1 {
            try r.skip(1)  // delta_pic_order_always_zero_flag
            _ = try r.signed()
            _ = try r.signed()
            for _ in 0..<(try r.unsigned()) { _ = try r.signed() }
        }
        maxNumRefFrames = try r.unsigned()
        try r.skip(1)  // gaps_in_frame_num_value_allowed_flag
        widthInMbs = try r.unsigned() + 1
        let heightInMapUnits = try r.unsigned() + 1
        frameMbsOnly = try r.flag()
        heightInMbs = heightInMapUnits * (frameMbsOnly ? 1 : 2)
    }

    private static func skipScalingList(_ r: inout H264BitReader, size: Int) throws {
        var last = 8
        var next = 8
        for _ in 0..<size {
            if next != 0 { next = (last + (try r.signed()) + 256) % 256 }
            last = next == 0 ? last : next
        }
    }
}

struct H264PictureParameters: Equatable {
    var id = 0
    var sequenceID = 0
    var entropyCodingIsCABAC = false
    var bottomFieldPicOrderPresent = false
    var sliceGroupCount = 1
    var weightedPrediction = false
    var picInitQP = 26
    var deblockingFilterControlPresent = false
    var redundantPicCountPresent = false

    /// Parses a picture parameter set's RBSP (after the NAL header byte).
    init(rbsp: [UInt8]) throws {
        var r = H264BitReader(rbsp)
        id = try r.unsigned()
        sequenceID = try r.unsigned()
        entropyCodingIsCABAC = try r.flag()
        bottomFieldPicOrderPresent = try r.flag()
        sliceGroupCount = try r.unsigned() + 1
        guard sliceGroupCount == 1 else { return }  // Slice groups (Baseline FMO): not spliced.
        _ = try r.unsigned()  // num_ref_idx_l0_default_active_minus1
        _ = try r.unsigned()  // num_ref_idx_l1_default_active_minus1
        weightedPrediction = try r.flag()
        try r.skip(2)  // weighted_bipred_idc
        picInitQP = 26 + (try r.signed())
        _ = try r.signed()  // pic_init_qs_minus26
        _ = try r.signed()  // chroma_qp_index_offset
        deblockingFilterControlPresent = try r.flag()
        try r.skip(1)  // constrained_intra_pred_flag
        redundantPicCountPresent = try r.flag()
    }
}

/// The start of a coded slice's header: what a picture that copies it must continue from.
struct H264SliceStart: Equatable {
    var isReference = false
    var isIDR = false
    var pictureParameterSetID = 0
    var frameNum = 0
    var pocLsb = 0

    /// Parses the header of a slice NAL unit (type 1 or 5), given its whole NAL unit.
    init(nal: ArraySlice<UInt8>, sequences: [Int: H264SequenceParameters], pictures: [Int: H264PictureParameters])
        throws
    {
        guard let header = nal.first else { throw H264BitReader.Truncated() }
        isReference = header >> 5 & 3 != 0
        isIDR = header & 0x1F == 5
        var r = H264BitReader(H264Bits.rbsp(nal.dropFirst().prefix(64)))
        _ = try r.unsigned()  // first_mb_in_slice
        _ = try r.unsigned()  // slice_type
        pictureParameterSetID = try r.unsigned()
        guard let pps = pictures[pictureParameterSetID], let sps = sequences[pps.sequenceID] else {
            throw H264BitReader.Truncated()
        }
        if sps.separateColourPlane { try r.skip(2) }
        frameNum = try r.bits(sps.log2MaxFrameNum)
        if !sps.frameMbsOnly, try r.flag() { throw H264BitReader.Unsupported() }  // A field picture: not spliced.
        if isIDR { _ = try r.unsigned() }  // idr_pic_id
        if sps.pocType == 0 { pocLsb = try r.bits(sps.log2MaxPocLsb) }
    }
}
