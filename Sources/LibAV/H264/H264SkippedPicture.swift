/// Writes an H.264 P picture in which every macroblock is skipped: with no neighbours moving,
/// each P_Skip macroblock has a zero motion vector (8.4.1.1), so the picture decodes as an exact
/// copy of its one reference, the picture decoded just before it. A few dozen bytes stand for a
/// picture that x264 would spend milliseconds analysing to reach the same result.
///
/// The picture continues from `anchor`, the last picture x264 coded, and is itself a reference
/// picture, so that each skipped picture after it can copy the one before: `frame_num` counts on
/// by one per picture and the picture order count by two, as x264 counts them.
struct H264SkippedPicture {
    let sequence: H264SequenceParameters
    let picture: H264PictureParameters
    /// The CABAC-coded slice data, the same for every picture of one parameter-set pair.
    private let cabacSliceData: [UInt8]?

    /// - Throws: `H264BitReader.Unsupported` for streams these pictures cannot continue: field
    ///   coding, separate colour planes, picture order count type 1, slice groups or redundant pictures.
    init(sequence: H264SequenceParameters, picture: H264PictureParameters) throws {
        guard sequence.frameMbsOnly, !sequence.separateColourPlane, sequence.pocType != 1,
            picture.sliceGroupCount == 1, !picture.redundantPicCountPresent, sequence.pictureSizeInMbs > 0
        else { throw H264BitReader.Unsupported() }
        self.sequence = sequence
        self.picture = picture
        cabacSliceData =
            picture.entropyCodingIsCABAC
            ? Self.cabacSkips(count: sequence.pictureSizeInMbs, sliceQP: picture.picInitQP) : nil
    }

    /// The NAL unit (header byte and escaped payload) of the picture `distance` pictures after `anchor`.
    func nalUnit(after anchor: H264SliceStart, distance: Int) -> [UInt8] {
        var w = H264BitWriter()
        w.unsigned(0)  // first_mb_in_slice
        w.unsigned(5)  // slice_type: P, as every slice of the picture is
        w.unsigned(picture.id)
        w.bits((anchor.frameNum + distance) % (1 << sequence.log2MaxFrameNum), sequence.log2MaxFrameNum)
        if sequence.pocType == 0 {
            w.bits((anchor.pocLsb + 2 * distance) % (1 << sequence.log2MaxPocLsb), sequence.log2MaxPocLsb)
            if picture.bottomFieldPicOrderPresent { w.signed(0) }  // delta_pic_order_cnt_bottom
        }
        w.flag(true)  // num_ref_idx_active_override_flag
        w.unsigned(0)  // num_ref_idx_l0_active_minus1: one reference, the picture before
        w.flag(false)  // ref_pic_list_modification_flag_l0
        if picture.weightedPrediction {  // pred_weight_table: default weights, a plain copy
            w.unsigned(0)  // luma_log2_weight_denom
            if sequence.chromaArrayType != 0 { w.unsigned(0) }  // chroma_log2_weight_denom
            w.flag(false)  // luma_weight_l0_flag
            if sequence.chromaArrayType != 0 { w.flag(false) }  // chroma_weight_l0_flag
        }
        w.flag(false)  // adaptive_ref_pic_marking_mode_flag: sliding window
        if picture.entropyCodingIsCABAC { w.unsigned(0) }  // cabac_init_idc
        w.signed(0)  // slice_qp_delta
        if picture.deblockingFilterControlPresent { w.unsigned(1) }  // disable_deblocking_filter_idc
        if let cabacSliceData {
            while !w.isByteAligned { w.bit(1) }  // cabac_alignment_one_bit
            w.append(cabacSliceData)
        } else {
            w.unsigned(sequence.pictureSizeInMbs)  // mb_skip_run: the whole picture
            w.trailingBits()
        }
        return [0x41] + H264Bits.escaped(w.bytes)  // nal_ref_idc 2, nal_unit_type 1
    }

    /// `count` macroblocks coded as `mb_skip_flag` 1 and `end_of_slice_flag`, by the CABAC
    /// arithmetic coder (9.3.4), ending with its flush and the RBSP trailing bits.
    static func cabacSkips(count: Int, sliceQP: Int) -> [UInt8] {
        var coder = CABACEncoder()
        // ctxIdx 11 (mb_skip_flag in P slices, cabac_init_idc 0: m = 23, n = 33, Table 9-13). Its
        // increment is 0 throughout, as neighbours that are skipped count as 0 (9.3.3.1.1.1).
        var context = CABACEncoder.Context(m: 23, n: 33, sliceQP: sliceQP)
        for macroblock in 0..<count {
            coder.encodeDecision(1, context: &context)
            coder.encodeTerminate(macroblock == count - 1)
        }
        var w = coder.output
        while !w.isByteAligned { w.bit(0) }  // rbsp_alignment_zero_bit, after the stop bit of the flush
        return w.bytes
    }
}

/// H.264's context-adaptive binary arithmetic encoder (9.3.4), for the decisions of a skipped picture.
struct CABACEncoder {
    struct Context {
        var state: Int
        var mostProbable: Int

        /// 9.3.1.1.
        init(m: Int, n: Int, sliceQP: Int) {
            let pre = min(126, max(1, ((m * min(51, max(0, sliceQP))) >> 4) + n))
            (state, mostProbable) = pre <= 63 ? (63 - pre, 0) : (pre - 64, 1)
        }
    }

    private(set) var output = H264BitWriter()
    private var low = 0
    private var range = 510
    private var firstBit = true
    private var outstanding = 0

    /// 9.3.4.2.
    mutating func encodeDecision(_ bin: Int, context: inout Context) {
        let lps = Self.rangeTabLPS[context.state][(range >> 6) & 3]
        range -= lps
        if bin == context.mostProbable {
            context.state = min(context.state + 1, 62)
        } else {
            low += range
            range = lps
            if context.state == 0 { context.mostProbable = 1 - context.mostProbable }
            context.state = Self.transIdxLPS[context.state]
        }
        renormalize()
    }

    /// 9.3.4.5, flushing after a 1 (which ends the slice).
    mutating func encodeTerminate(_ bin: Bool) {
        range -= 2
        guard bin else { return renormalize() }
        low += range
        range = 2
        renormalize()
        putBit((low >> 9) & 1)
        output.bits(((low >> 7) & 3) | 1, 2)  // The last of these is rbsp_stop_one_bit.
    }

    private mutating func renormalize() {
        while range < 256 {
            if low < 256 {
                putBit(0)
            } else if low >= 512 {
                low -= 512
                putBit(1)
            } else {
                low -= 256
                outstanding += 1
            }
            range <<= 1
            low <<= 1
        }
    }

    private mutating func putBit(_ bit: Int) {
        if firstBit { firstBit = false } else { output.bit(bit) }
        while outstanding > 0 {
            output.bit(1 - bit)
            outstanding -= 1
        }
    }

    /// Table 9-44.
    private static let rangeTabLPS: [[Int]] = [
        [128, 176, 208, 240], [128, 167, 197, 227], [128, 158, 187, 216], [123, 150, 178, 205], [116, 142, 169, 195],
        [111, 135, 160, 185], [105, 128, 152, 175], [100, 122, 144, 166], [95, 116, 137, 158], [90, 110, 130, 150],
        [85, 104, 123, 142], [81, 99, 117, 135], [77, 94, 111, 128], [73, 89, 105, 122], [69, 85, 100, 116],
        [66, 80, 95, 110], [62, 76, 90, 104], [59, 72, 86, 99], [56, 69, 81, 94], [53, 65, 77, 89], [51, 62, 73, 85],
        [48, 59, 69, 80], [46, 56, 66, 76], [43, 53, 63, 72], [41, 50, 59, 69], [39, 48, 56, 65], [37, 45, 54, 62],
        [35, 43, 51, 59], [33, 41, 48, 56], [32, 39, 46, 53], [30, 37, 43, 50], [29, 35, 41, 48], [27, 33, 39, 45],
        [26, 31, 37, 43], [24, 30, 35, 41], [23, 28, 33, 39], [22, 27, 32, 37], [21, 26, 30, 35], [20, 24, 29, 33],
        [19, 23, 27, 31], [18, 22, 26, 30], [17, 21, 25, 28], [16, 20, 23, 27], [15, 19, 22, 25], [14, 18, 21, 24],
        [14, 17, 20, 23], [13, 16, 19, 22], [12, 15, 18, 21], [12, 14, 17, 20], [11, 14, 16, 19], [11, 13, 15, 18],
        [10, 12, 15, 17], [10, 12, 14, 16], [9, 11, 13, 15], [9, 11, 12, 14], [8, 10, 12, 14], [8, 9, 11, 13],
        [7, 9, 11, 12], [7, 9, 10, 12], [7, 8, 10, 11], [6, 8, 9, 11], [6, 7, 9, 10], [6, 7, 8, 9], [2, 2, 2, 2]
    ]

    /// Table 9-45, for a least probable symbol.
    private static let transIdxLPS: [Int] = [
        0, 0, 1, 2, 2, 4, 4, 5, 6, 7, 8, 9, 9, 11, 11, 12, 13, 13, 15, 15, 16, 16, 18, 18, 19, 19, 21, 21, 22, 22, 23,
        24,
        24, 25, 26, 26, 27, 27, 28, 29, 29, 30, 30, 30, 31, 32, 32, 33, 33, 33, 34, 34, 35, 35, 35, 36, 36, 36, 37, 37,
        37,
        38, 38, 63
    ]
}
