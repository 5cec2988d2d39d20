internal import CFFmpeg

/// Owns one libavfilter graph built from a filter description, with named buffer sources
/// (`buffer@NAME`) to push frames into and one buffer sink (`buffersink@out`) to pull them from.
final class FilterGraph {
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private let sink: UnsafeMutablePointer<AVFilterContext>
    private var sources: [String: UnsafeMutablePointer<AVFilterContext>] = [:]

    /// Parses and configures `description`. Corresponds to `avfilter_graph_parse2` and `avfilter_graph_config`.
    /// - Parameters:
    ///   - sourceNames: The instance names of the `buffer` filters in `description`.
    ///   - sinkName: The sink's instance name: `abuffersink@out` for audio.
    ///   - sourceFilter: The source filter's name: `abuffer` for audio.
    /// - Throws: `LibAVError` of kind `.unavailable` or `.internalFailure`.
    init(
        _ description: String, sourceNames: [String], sinkName: String = "buffersink@out",
        sourceFilter: String = "buffer"
    ) throws {
        LogBridge.install()
        guard let graph = avfilter_graph_alloc() else { throw LibAVError.outOfMemory("Allocating a filter graph") }
        self.graph = graph
        var inputs: UnsafeMutablePointer<AVFilterInOut>?
        var outputs: UnsafeMutablePointer<AVFilterInOut>?
        defer {
            avfilter_inout_free(&inputs)
            avfilter_inout_free(&outputs)
        }
        try LibAVError.check(
            avfilter_graph_parse2(graph, description, &inputs, &outputs), .unavailable(component: "libavfilter filter"),
            "Building the filter graph \"\(description)\"")
        try LibAVError.check(
            avfilter_graph_config(graph, nil), .internalFailure, "Configuring the filter graph \"\(description)\"")
        guard let sink = avfilter_graph_get_filter(graph, sinkName) else {
            throw LibAVError(
                .internalFailure, operation: "Building a filter graph", message: "the graph has no \(sinkName)")
        }
        self.sink = sink
        for name in sourceNames {
            guard let source = avfilter_graph_get_filter(graph, "\(sourceFilter)@\(name)") else {
                throw LibAVError(
                    .internalFailure, operation: "Building a filter graph",
                    message: "the graph has no \(sourceFilter)@\(name)")
            }
            sources[name] = source
        }
    }

    deinit {
        avfilter_graph_free(&graph)
    }

    /// Pushes a frame into source `name`, or ends that input when `frame` is nil.
    /// Corresponds to `av_buffersrc_add_frame_flags`.
    func push(_ frame: Frame?, into name: String) throws {
        guard let source = sources[name] else { return }
        try LibAVError.check(
            av_buffersrc_add_frame_flags(source, frame?.pointer, Int32(AV_BUFFERSRC_FLAG_KEEP_REF)), .internalFailure,
            "Sending a frame to the filter graph")
    }

    /// Pulls the next filtered frame, or `nil` when none is ready or the graph has ended.
    /// Corresponds to `av_buffersink_get_frame`.
    func pull() throws -> Frame? {
        let frame = try Frame()
        let status = av_buffersink_get_frame(sink, frame.pointer)
        if status == LibAVError.eagain || status == LibAVError.eof { return nil }
        try LibAVError.check(status, .internalFailure, "Receiving a frame from the filter graph")
        return frame
    }
}
