import Testing

@testable import LibAV

/// The bit-level pieces `SkipFrameSplicer` writes skipped pictures with.
@Suite("H.264 bits")
struct H264BitsTests {
    @Test func expGolombCodesReadBackAsWritten() throws {
        let unsigned = [0, 1, 2, 3, 7, 8, 254, 255, 3600, 8160, 65_535]
        let signed = [0, 1, -1, 2, -2, 25, -26, 1000]
        var writer = H264BitWriter()
        for value in unsigned { writer.unsigned(value) }
        for value in signed { writer.signed(value) }
        writer.bits(0b1011, 4)
        writer.trailingBits()
        #expect(writer.isByteAligned)
        var reader = H264BitReader(writer.bytes)
        #expect(try unsigned.map { _ in try reader.unsigned() } == unsigned)
        #expect(try signed.map { _ in try reader.signed() } == signed)
        #expect(try reader.bits(4) == 0b1011)
        #expect(try reader.bit() == 1)  // rbsp_stop_one_bit
        // The spec's own examples (Table 9-2): 0 is "1", 3 is "00100".
        var small = H264BitWriter()
        small.unsigned(0)
        small.unsigned(3)
        small.trailingBits()
        #expect(small.bytes == [0b1001_0010])
    }

    @Test func emulationPreventionRoundTripsAndLeavesNoStartCode() {
        let payloads: [[UInt8]] = [
            [0, 0, 0], [0, 0, 1, 0, 0, 2], [0, 0, 3, 0, 0], [5, 0, 0, 0, 0, 0, 9], [0, 0, 4], [1, 2, 3]
        ]
        for payload in payloads {
            let escaped = H264Bits.escaped(payload)
            #expect(H264Bits.rbsp(escaped[...]) == payload)
            let patterns = escaped.indices.dropLast(2).filter {
                escaped[$0] == 0 && escaped[$0 + 1] == 0 && escaped[$0 + 2] <= 2
            }
            #expect(patterns.isEmpty, "\(escaped)")
        }
        #expect(H264Bits.escaped([0, 0, 1]) == [0, 0, 3, 1])
        #expect(H264Bits.escaped([0, 0, 4]) == [0, 0, 4])
    }

    @Test func annexBStreamsSplitAtThreeAndFourByteStartCodes() {
        let stream: [UInt8] = [0, 0, 0, 1, 0x67, 1, 2, 0, 0, 1, 0x68, 3, 0, 0, 0, 1, 0x65, 4, 5, 0]
        let units = H264Bits.nalUnits(stream).map(Array.init)
        #expect(units == [[0x67, 1, 2], [0x68, 3], [0x65, 4, 5]])
        #expect(H264Bits.nalUnits([0, 0, 1]).isEmpty)
        #expect(H264Bits.nalUnits([7, 7, 0, 0, 1, 0x41]).map(Array.init) == [[0x41]])
    }

    @Test func aSkippedPictureOfOneMacroblockRowIsCodedAsOneSkipRun() throws {
        // A 64x16 CAVLC stream (4 macroblocks): the slice data is mb_skip_run 4 and the trailing bits.
        var sps = H264BitWriter()
        sps.bits(66, 8)
        sps.bits(0, 8)
        sps.bits(30, 8)  // Baseline, level 3
        sps.unsigned(0)
        sps.unsigned(0)
        sps.unsigned(2)  // id, log2_max_frame_num - 4, poc type 2
        sps.unsigned(1)
        sps.flag(false)
        sps.unsigned(3)
        sps.unsigned(0)  // refs, gaps, 4x1 macroblocks
        sps.flag(true)
        sps.flag(true)
        sps.flag(false)
        sps.flag(false)  // frame_mbs_only, direct_8x8, crop, vui
        sps.trailingBits()
        var pps = H264BitWriter()
        pps.unsigned(0)
        pps.unsigned(0)
        pps.flag(false)
        pps.flag(false)
        pps.unsigned(0)
        pps.unsigned(0)
        pps.unsigned(0)
        pps.flag(false)
        pps.bits(0, 2)
        pps.signed(0)
        pps.signed(0)
        pps.signed(0)
        pps.flag(true)
        pps.flag(false)
        pps.flag(false)
        pps.trailingBits()
        let picture = try H264SkippedPicture(
            sequence: H264SequenceParameters(rbsp: sps.bytes), picture: H264PictureParameters(rbsp: pps.bytes))
        #expect(picture.sequence.pictureSizeInMbs == 4)
        var idr = H264BitWriter()
        idr.unsigned(0)
        idr.unsigned(7)
        idr.unsigned(0)
        idr.bits(15, 4)
        idr.unsigned(0)  // I slice, frame_num 15, idr_pic_id
        idr.trailingBits()
        let anchor = try H264SliceStart(
            nal: ([0x65] + idr.bytes)[...], sequences: [0: picture.sequence], pictures: [0: picture.picture])
        #expect(anchor.isIDR && anchor.isReference && anchor.frameNum == 15)
        let nal = picture.nalUnit(after: anchor, distance: 1)
        var reader = H264BitReader(H264Bits.rbsp(nal.dropFirst()))
        #expect(nal.first == 0x41)
        #expect(try reader.unsigned() == 0)  // first_mb_in_slice
        #expect(try reader.unsigned() == 5)  // P
        #expect(try reader.unsigned() == 0)  // pps
        #expect(try reader.bits(4) == 0)  // frame_num 16 wraps to 0
        #expect(try reader.flag() && reader.unsigned() == 0)  // one reference
        #expect(try !reader.flag() && !reader.flag())  // no list modification, sliding window
        #expect(try reader.signed() == 0)  // slice_qp_delta
        #expect(try reader.unsigned() == 1)  // deblocking off
        #expect(try reader.unsigned() == 4)  // mb_skip_run
        #expect(try reader.bit() == 1)
    }
}
