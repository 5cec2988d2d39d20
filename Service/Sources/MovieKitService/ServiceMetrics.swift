import Foundation
import Prometheus

/// The service's Prometheus metrics, as `GET /metrics` serves them: the queue's length and the jobs
/// in each status (read from the queue at each scrape, so every server of a shared queue reports
/// the same), and this process's render times and frame rates.
final class ServiceMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    private let queueLength: Gauge
    private let byStatus: [RenderJob.Status: Gauge]
    private let finished: [RenderJob.Status: Counter]
    private let renderSeconds: DurationHistogram
    private let framesPerSecond: ValueHistogram

    init() {
        let registry = PrometheusCollectorRegistry()
        func name(_ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
            MetricNameDescriptor(namespace: "moviekit", metricName: metric, unitName: unit, helpText: help)
        }
        queueLength = registry.makeGauge(descriptor: name("queue", "length", "Jobs waiting to render."))
        var byStatus: [RenderJob.Status: Gauge] = [:]
        for status in RenderJob.Status.allCases {
            byStatus[status] = registry.makeGauge(
                descriptor: name("jobs", "count", "Jobs in the queue, by status."),
                labels: [("status", status.rawValue)])
        }
        var finished: [RenderJob.Status: Counter] = [:]
        for status in [RenderJob.Status.succeeded, .failed, .cancelled] {
            finished[status] = registry.makeCounter(
                descriptor: name("renders_finished", "total", "Renders this process ended, by how they ended."),
                labels: [("status", status.rawValue)])
        }
        renderSeconds = registry.makeDurationHistogram(
            descriptor: name("render", "seconds", "Seconds a render took, from claim to result."),
            buckets: [.seconds(1), .seconds(5), .seconds(15), .seconds(60), .seconds(300), .seconds(1800)])
        framesPerSecond = registry.makeValueHistogram(
            descriptor: name("render_frames", "per_second", "Frames a second a render encoded."),
            buckets: [1, 5, 15, 30, 60, 120, 240, 480])
        self.byStatus = byStatus
        self.finished = finished
        self.registry = registry
    }

    /// Records a render this process ended.
    func recordRender(status: RenderJob.Status, seconds: Double, frames: Int) {
        finished[status]?.increment()
        renderSeconds.record(.milliseconds(Int64(seconds * 1000)))
        if status == .succeeded, seconds > 0 { framesPerSecond.record(Double(frames) / seconds) }
    }

    /// The metrics in Prometheus' text format, with the queue's counts as they are now.
    func text(counts: StatusCounts) -> String {
        queueLength.set(Double(counts[.queued] ?? 0))
        for (status, gauge) in byStatus { gauge.set(Double(counts[status] ?? 0)) }
        return registry.emitToString()
    }
}
