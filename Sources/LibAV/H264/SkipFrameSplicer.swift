internal import CFFmpeg

/// Codes the repeats of a held still without the encoder: each becomes a skipped picture
/// (`H264SkippedPicture`), a copy of the picture before it, spliced into the encoder's H.264
/// packets right after the last picture the encoder coded (the anchor).
///
/// x264 spends about as long on a repeated picture as on a new one, even when told to code it as
/// a copy (7 ms a frame at 720p `medium`), so a slideshow's stills cost most of its encoding time.
/// A spliced picture costs microseconds and decodes to the same pixels.
///
/// The splice is exact only under three conditions, which the caller (the writer's encode stage)
/// guarantees by forcing picture types, and which this type checks where it can:
/// - The anchor is the last picture in decoding order when the skipped pictures follow it: it is
///   an IDR picture, or a P picture coded right after another P or I picture, so that no B picture
///   comes after it in decoding order.
/// - The picture the encoder codes after a run of skipped pictures is an IDR picture, so that no
///   picture the encoder coded refers across the run, whose frame numbers and picture order counts
///   x264 does not know about.
/// - GOPs are closed (`open-gop=0`).
///
/// Decoding timestamps are renumbered, one per packet in decoding order (see `stamp`).
package final class SkipFrameSplicer {
    private struct Run {
        let anchor: Int64
        var frames: [Int64]
        var closed = false
    }

    private var sequences: [Int: H264SequenceParameters] = [:]
    private var pictures: [Int: H264PictureParameters] = [:]
    private var writers: [Int: H264SkippedPicture] = [:]
    private var runs: [Run] = []
    private var lastFed: Int64?
    private var lastEmitted: (pts: Int64, slice: H264SliceStart?)?
    private var firstDts: Int64?
    private var emitted: Int64 = 0
    /// How many frames a picture can be decoded before it is shown (`has_b_frames`: 0, 1 or 2 for x264).
    private let reorderDelay: Int64

    /// A splicer for `encoder`'s packets, or `nil` when it does not code H.264 or its parameter
    /// sets describe a stream that skipped pictures cannot continue.
    package init?(encoder: VideoEncoder) {
        let context = encoder.context.pointer.pointee
        guard context.codec_id == AV_CODEC_ID_H264, let data = context.extradata, context.extradata_size > 0 else {
            return nil
        }
        reorderDelay = Int64(max(0, context.has_b_frames))
        // libx264 writes its parameter sets as an Annex B stream, and its packets too.
        let extradata = Array(UnsafeBufferPointer(start: data, count: Int(context.extradata_size)))
        guard extradata.starts(with: [0, 0, 1]) || extradata.starts(with: [0, 0, 0, 1]) else { return nil }
        let units = H264Bits.nalUnits(extradata)
        for unit in units { learn(unit) }
        guard !writers.isEmpty else { return nil }
    }

    /// Records that frame `index` is not sent to the encoder: it is a copy of the frame before it.
    package func skip(frame index: Int) {
        if let last = runs.last, !last.closed {
            runs[runs.count - 1].frames.append(Int64(index))
        } else {
            runs.append(Run(anchor: lastFed ?? -1, frames: [Int64(index)]))
        }
    }

    /// Records that frame `index` is about to be sent to the encoder, which ends the run of
    /// skipped frames before it, and writes that run if its anchor has been written.
    package func willEncode(frame index: Int, emit: (Packet) throws -> Void) throws {
        try closeRun(emit: emit)
        lastFed = Int64(index)
    }

    /// Ends the current run of skipped frames (before the encoder is drained, say).
    package func closeRun(emit: (Packet) throws -> Void) throws {
        if let last = runs.last, !last.closed { runs[runs.count - 1].closed = true }
        try emitReadyRuns(emit)
    }

    /// Passes one of the encoder's packets on, renumbering its decoding timestamp, followed by
    /// the skipped pictures that continue from it once their run has ended.
    package func pass(_ packet: Packet, emit: (Packet) throws -> Void) throws {
        let pts = packet.pointer.pointee.pts
        let slice = firstSlice(of: packet)
        stamp(packet)
        try emit(packet)
        lastEmitted = (pts, slice)
        try emitReadyRuns(emit)
    }

    /// The start of the packet's first slice, taking in any parameter sets before it. Only the
    /// NAL units up to that slice are read, so a large picture costs no more than a small one.
    private func firstSlice(of packet: Packet) -> H264SliceStart? {
        guard let data = packet.pointer.pointee.data else { return nil }
        let bytes = UnsafeBufferPointer(start: data, count: Int(packet.pointer.pointee.size))
        var position = 0
        while let start = H264Bits.nextUnit(in: bytes, from: position) {
            switch bytes[start] & 0x1F {
            case 1, 5:
                let header = Array(bytes[start..<min(bytes.count, start + 64)])
                return try? H264SliceStart(nal: header[...], sequences: sequences, pictures: pictures)
            case let type:
                let end = H264Bits.unitEnd(in: bytes, from: start)
                if type == 7 || type == 8 { learn(Array(bytes[start..<end])[...]) }
                position = end
            }
        }
        return nil
    }

    /// Throws when a run of skipped frames is still waiting for its anchor after the encoder was drained.
    package func finish(emit: (Packet) throws -> Void) throws {
        try closeRun(emit: emit)
        if let run = runs.first {
            throw LibAVError(
                .internalFailure, operation: "Splicing the copies of a held still",
                message:
                    "frame \(run.anchor), which frames \(run.frames.first ?? 0) to \(run.frames.last ?? 0) copy, never came out of the encoder"
            )
        }
    }

    private func emitReadyRuns(_ emit: (Packet) throws -> Void) throws {
        while let run = runs.first, run.closed, let last = lastEmitted, last.pts == run.anchor {
            guard let anchor = last.slice, anchor.isReference, let writer = writers[anchor.pictureParameterSetID] else {
                throw LibAVError(
                    .internalFailure, operation: "Splicing the copies of a held still",
                    message:
                        "the encoder did not code frame \(run.anchor) as a reference picture that copies can follow")
            }
            for (distance, pts) in run.frames.enumerated() {
                let nal = writer.nalUnit(after: anchor, distance: distance + 1)
                let packet = try Packet(bytes: [0, 0, 0, 1] + nal, pts: pts)
                stamp(packet)
                try emit(packet)
            }
            lastEmitted = nil
            runs.removeFirst()
        }
    }

    /// Gives the packet the next decoding timestamp: the first picture's presentation time less the
    /// reorder delay, then one more per packet. (x264's own first timestamp is no guide: it derives
    /// the delay from the times of the first frames it is given, which splicing spreads apart.)
    /// It is never after the picture's presentation time: at most `reorderDelay` of the pictures
    /// decoded before a picture are shown after it (what `has_b_frames` means), and a spliced run
    /// is decoded after every picture shown before it, so it adds none.
    private func stamp(_ packet: Packet) {
        let first = firstDts ?? packet.pointer.pointee.pts - reorderDelay
        firstDts = first
        packet.pointer.pointee.dts = first + emitted
        packet.pointer.pointee.duration = 1
        emitted += 1
    }

    /// Takes in a parameter set, and rebuilds the skipped-picture writers that depend on it.
    private func learn(_ unit: ArraySlice<UInt8>) {
        guard let header = unit.first else { return }
        let rbsp = H264Bits.rbsp(unit.dropFirst())
        if header & 0x1F == 7, let sps = try? H264SequenceParameters(rbsp: rbsp) {
            sequences[sps.id] = sps
        } else if header & 0x1F == 8, let pps = try? H264PictureParameters(rbsp: rbsp) {
            pictures[pps.id] = pps
        }
        writers = [:]
        for (id, pps) in pictures {
            guard let sps = sequences[pps.sequenceID] else { continue }
            writers[id] = try? H264SkippedPicture(sequence: sps, picture: pps)
        }
    }
}
